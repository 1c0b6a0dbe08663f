#!/usr/bin/env python3
"""Checks the Dixmude zone map against what the rulebook says, independently of the generator (it reads the RON and
recomputes contacts from the cells; the rules' facts are written out again here from the rulebook, not imported).

Run: python3 tools/dixmude/check_map.py scenarios/dixmude/maps/diksmuide.ron
Exit status 1 and one line per problem if anything is wrong.
"""
import os
import sys
from collections import deque

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ronmap import read_map  # noqa: E402

HQ = 40
# 1.1.1, 8.6: the only zones adjacent across the Yser.
BRIDGE = (5, 11)
# 8.6: "a zone of the opposite bank (2, 3, 8 and 19, 9, 10, 12, 13)".
YSER_LEFT = {2, 3, 8}
YSER_RIGHT = {19, 9, 10, 12, 13}
# 11.1 / 11.2: the left bank; zone 1 is on it (11.2 "the entire left bank of the Yser except zone 1").
LEFT_BANK = set(range(1, 9))
# 6: the German entry zones.
ENTRY = {14, 19, 20, 25, 26, 30, 32, 33, 34, 35, 36, 37, 38, 39}
# 10: the set-up, zone -> (side, trenches).
SETUP = {4: ("fb", False), 2: ("fb", False), 3: ("fb", False), 5: ("fb", False), 8: ("fb", False), 6: ("fb", False),
         12: ("fb", True), 16: ("fb", True), 17: ("fb", True), 10: ("fb", True), 11: ("fb", False),
         14: ("de", True), 27: ("de", False), 38: ("de", False), 37: ("de", False), 28: ("de", False), 30: ("de", False),
         35: ("de", False), 32: ("de", False), 33: ("de", False), 34: ("de", False)}

NEIGHBOURS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]


def neighbours(c, r):
    q = c - (r - (r & 1)) // 2
    out = []
    for dq, dr in NEIGHBOURS:
        rr = r + dr
        out.append((q + dq + (rr - (rr & 1)) // 2, rr))
    return out


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "scenarios/dixmude/maps/diksmuide.ron"
    m = read_map(path)
    A = m["areas"]
    bad = []
    err = bad.append
    if m["ruleset"] != "dixmude":
        err(f"ruleset is {m['ruleset']!r}, not \"dixmude\"")
    if m["area_count_in_text"] != len(A):
        err(f"{m['area_count_in_text']} areas in the text but {len(A)} read: the reader missed some")
    if set(A) != set(range(1, 41)):
        err(f"zones are {sorted(A)}, not 1-39 and the HQ zone 40")
    cols, rows = m["grid"][2], m["grid"][3]
    owner = {}
    for a in A.values():
        for cr in a["cells"]:
            if not (0 <= cr[0] < cols and 0 <= cr[1] < rows):
                err(f"zone {a['id']}: cell {cr} off the grid")
            if cr in owner:
                err(f"cell {cr} in zones {owner[cr]} and {a['id']}")
            owner[cr] = a["id"]
        if not a["cells"]:
            err(f"zone {a['id']} has no cells")
    tags = {i: set(a["tags"]) for i, a in A.items()}
    val = lambda i, key: [t.split(":", 1)[1] for t in tags[i] if t.startswith(key + ":")]
    adj = {i: set(a["adjacent"]) for i, a in A.items()}
    # Symmetry, no self.
    for i in A:
        for j in adj[i]:
            if j not in A or i not in adj.get(j, ()):
                err(f"adjacency {i}-{j} is not symmetric or names a missing zone")
    # Contacts recomputed from the cells.
    shared = {}
    for cr, a in owner.items():
        for n in neighbours(*cr):
            b = owner.get(n)
            if b is not None and b != a:
                k = (min(a, b), max(a, b))
                shared[k] = shared.get(k, 0) + 1
    shared = {k: v // 2 for k, v in shared.items()}
    na = {(min(a, b), max(a, b)) for a, b in m["not_adjacent"]}
    for (a, b), n in shared.items():
        declared = b in adj[a]
        if not declared and (a, b) not in na:
            err(f"zones {a} and {b} touch ({n} cell edges) but are neither adjacent nor listed not_adjacent")
    for a in A:
        for b in adj[a]:
            if a < b and (a, b) not in shared:
                err(f"zones {a} and {b} are adjacent but do not touch")
    # Each zone in one piece.
    for a in A.values():
        cells = set(a["cells"])
        if not cells:
            continue
        start = next(iter(cells))
        seen, todo = {start}, deque([start])
        while todo:
            for n in neighbours(*todo.popleft()):
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if seen != cells:
            err(f"zone {a['id']} is in {1 + len(cells - seen) and 2}+ pieces")
    # Banks and the Yser (1.1.1, 8.6).
    bank = {}
    for i in range(1, 40):
        b = {t for t in tags[i] if t.startswith("bank:")}
        want = "bank:left" if i in LEFT_BANK else "bank:right"
        if b != {want}:
            err(f"zone {i}: bank tags {sorted(b)}, want [{want}]")
        bank[i] = want
    for (a, b), n in shared.items():
        if HQ in (a, b):
            err(f"the HQ zone touches zone {a if b == HQ else b}")
            continue
        if bank[a] != bank[b]:
            if (a, b) == BRIDGE:
                if b not in adj[a]:
                    err("5 and 11 (the bridges) are not adjacent")
                if "bridge" not in m["borders"].get((a, b), []) or "river" not in m["borders"].get((a, b), []):
                    err("the 5-11 border is not kinds [river, bridge]")
            elif b in adj[a]:
                err(f"zones {a} and {b} are adjacent across the Yser (only 5-11 are, 1.1.1)")
    across = {i: {int(x) for x in val(i, "across_yser")} for i in range(1, 40)}
    for i in range(1, 40):
        for j in across[i]:
            if i not in across.get(j, set()):
                err(f"across_yser {i}->{j} has no {j}->{i}")
            if bank[i] == bank.get(j):
                err(f"across_yser {i}->{j}: same bank")
            if (min(i, j), max(i, j)) not in shared:
                err(f"across_yser {i}->{j}: the zones do not touch")
    facing_left = {i for i in range(1, 40) if across[i] and bank[i] == "bank:left"} - {1, 5}
    facing_right = {i for i in range(1, 40) if across[i] and bank[i] == "bank:right"} - {11}
    if facing_left != YSER_LEFT:
        err(f"left-bank zones facing the Yser (bar 1 and 5) are {sorted(facing_left)}, 8.6 says {sorted(YSER_LEFT)}")
    if facing_right != YSER_RIGHT:
        err(f"right-bank zones facing the Yser (bar 11) are {sorted(facing_right)}, 8.6 says {sorted(YSER_RIGHT)}")
    if across[5] != {11} or across[11] != {5}:
        err(f"5 and 11 must face only each other across the Yser: 5 faces {sorted(across[5])}, 11 faces {sorted(across[11])}")
    if across[1] - {19}:
        err(f"zone 1 faces {sorted(across[1])} across the Yser")
    # 15/16 touch by a corner only (1.1.1).
    if (15, 16) not in shared:
        err("15 and 16 do not touch (1.1.1: they touch by a corner)")
    elif 16 in adj[15] or (15, 16) not in na:
        err("15 and 16 must be listed not_adjacent")
    elif shared[(15, 16)] > 3:
        err(f"15 and 16 share {shared[(15, 16)]} cell edges: more than a corner")
    # Short contacts elsewhere would read as corners on the printed map.
    for (a, b), n in shared.items():
        if n <= 2 and bank.get(a) == bank.get(b) and (a, b) != (15, 16) and HQ not in (a, b):
            err(f"zones {a} and {b} share only {n} cell edge(s): a corner contact declared adjacent")
    # Bonuses (1.1.1, 7.3.5).
    for i in range(1, 40):
        b = val(i, "bonus")
        if len(b) > 1 or (b and b[0] not in ("1", "2", "4")):
            err(f"zone {i}: bonus tags {b}")
    if val(11, "bonus") != ["4"] or "diksmuide" not in tags[11]:
        err("zone 11 must be Diksmuide with bonus:4 (7.3.5)")
    # Named zones.
    for tag, want in (("tervaete", {1}), ("diksmuide", {11}), ("woumen", {14}), ("eessen", {37}), ("hq:german", {HQ}),
                      ("victory:left_bank", {2, 3, 5, 8}), ("hold:left_bank", LEFT_BANK - {1}),
                      ("entry:german", ENTRY)):
        got = {i for i in A if tag in tags[i]}
        if got != want:
            err(f"tag {tag} on {sorted(got)}, want {sorted(want)}")
    # The terrains the ruleset knows (its map vocabulary).
    for i, a in A.items():
        if a["terrain"] not in ("open", "town", "village", "wood", "marsh", "polder", "hq"):
            err(f"zone {i}: terrain {a['terrain']!r} is not one the ruleset knows")
    if adj[HQ]:
        err(f"the HQ zone has adjacent zones {sorted(adj[HQ])}")
    # Edges: every entry zone touches the map's edge; the north edge holds zone 1 and at least two right-bank zones
    # (12.2.2 General offensive: two different zones adjacent to the northern side, except zone 1).
    edges = {i: {t.split(":")[1] for t in tags[i] if t.startswith("edge:")} for i in range(1, 40)}
    for i in ENTRY:
        if not edges[i] or bank[i] != "bank:right":
            err(f"entry zone {i} is not on the map's edge east of the Yser")
    north = {i for i in range(1, 40) if "north" in edges[i]}
    if 1 not in north or len(north - {1} - LEFT_BANK) < 2 or (north & LEFT_BANK) - {1}:
        err(f"northern edge zones {sorted(north)}: want zone 1 and at least two right-bank zones, no other left-bank zone")
    if "east" not in edges[37]:
        err("Eessen (37) is not on the east edge")
    # Everything reachable (the HQ aside) by the rules' adjacency.
    seen, todo = {11}, deque([11])
    while todo:
        for n in adj[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if seen != set(range(1, 40)):
        err(f"zones not connected to Diksmuide: {sorted(set(range(1, 40)) - seen)}")
    # The set-up of 10 is legal: opposing camps adjacent only if every zone concerned has a bonus (1.1.1).
    for a, (sa, ta) in SETUP.items():
        for b, (sb, tb) in SETUP.items():
            if a < b and sa != sb and b in adj[a]:
                if not ((ta or val(a, "bonus")) and (tb or val(b, "bonus"))):
                    err(f"set-up: opposing zones {a} and {b} are adjacent without a bonus on both (1.1.1)")
    # German set-up zones adjacent to the Franco-Belgian (the front): report, for the record.
    front = sorted((a, b) for a in SETUP for b in SETUP if a < b and SETUP[a][0] != SETUP[b][0] and b in adj[a])
    for line in bad:
        print("PROBLEM:", line)
    print(f"{path}: {len(A)} zones, {len(owner)} cells, {sum(len(v) for v in adj.values()) // 2} adjacencies, "
          f"{len(na)} not-adjacent contacts, set-up front {front}: {'ok' if not bad else f'{len(bad)} problem(s)'}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
