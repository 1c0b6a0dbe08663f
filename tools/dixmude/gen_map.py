#!/usr/bin/env python3
"""Generates diksmuide.ron, the RECONSTRUCTED zone map of Tempete sur Dixmude 1914 (docs/dixmude-reconstruction.md,
section "Map").

The printed map (Vae Victis #133) is not available. The rulebook says it is drawn on the 1911 Belgian general staff
map, "a rectangle of approximately 5 km x 3.5 km" (1.1), and names: zones 1-39 and the off-map HQ zone of the XXII
Reserve-Korps (1.1.1, 6); the Yser, crossable only at the Diksmuide bridges between zones 5 and 11 (1.1.1, 8.6);
the zones facing each other across it (8.6: left 2, 3, 8; right 19, 9, 10, 12, 13); the left bank 2-8 and zone 1
(11); Diksmuide, zone 11, bonus +4 (7.3.5); 15 and 16 touching by a corner only (1.1.1); the German entry zones
along the map's edge east of the Yser, 14, 19, 20, 25, 26, 30, 32-39 (6); zone 1 and Tervaete (6, 12); the
northern edge (12.2.2, General offensive); Eessen 37 and the castle of Woumen 14 (11.2); every zone of the set-up
(10). Everything else -- where each zone lies, its shape, its name, which zones carry a printed +1/+2 bonus -- is
RECONSTRUCTED from the real geography around Diksmuide in 1914 and marked so in the output.

Geometry: km east (x) and north (y) of Diksmuide's Grote Markt. The Yser runs S-N west of the town; the
Handzamevaart comes from the east and joins it at the town's north quays; the railway to Roeselare leaves the
station east of the town east-south-east through Eessen. Each zone is the union of the cells (a pointy-top hex grid
of CELL km) nearest one of its seed points (its centre, and for the zones along the Yser a chain of seeds along the
bank over the stretch of river it faces), on its own bank of the Yser, with a little hashed noise so borders wander
as field boundaries do. Adjacency follows from the shapes, then the rules: zones touching across the Yser are not
adjacent (except 5-11, the bridges), 15/16 touch by a corner only.

Run: python3 tools/dixmude/gen_map.py > scenarios/dixmude/maps/diksmuide.ron
Check: python3 tools/dixmude/check_map.py scenarios/dixmude/maps/diksmuide.ron
"""
import math
import sys

# The play area (km from Diksmuide's market square), RECONSTRUCTED: 5.2 km west-east from beyond Kaaskerke's road to
# just past Eessen, 4.1 km south-north from Woumen castle to the fields towards Beerst (the rules: "approximately
# 5 km x 3.5 km").
X0, X1, Y0, Y1 = -2.4, 2.8, -2.1, 2.0
CELL = 0.1
# The HQ box of the XXII Reserve-Korps (area 40): its own cells east of the map, not touching it.
HQ_BOX = (3.15, 3.95, -0.55, 0.55)

# The Yser, north to south (x, y): from the Tervaete side at the north edge, past the town's west side, to the south
# edge towards Knokke (Drie Grachten).
YSER = [(-1.15, 2.2), (-0.9, 1.3), (-0.7, 0.75), (-0.5, 0.3), (-0.45, -0.1), (-0.5, -0.6), (-0.65, -1.2), (-0.95, -2.3)]
# Drawn on the preview only ("the other waterways have no influence on the game", 1.1.1).
HANDZAMEVAART = [(-0.5, 0.42), (0.1, 0.5), (0.7, 0.42), (1.3, 0.5), (1.9, 0.35), (2.4, 0.28), (2.8, 0.2)]
RAILWAY = [(0.55, 0.15), (0.9, 0.0), (1.5, -0.25), (2.0, -0.45), (2.4, -0.55), (2.8, -0.75)]

# id: (name, x, y, bonus, terrain, weight). bonus is the printed defence bonus (1.1.1): only Diksmuide's +4 is in the
# rules (7.3.5); the +2 of Woumen castle and the +1 of Eessen and Kaaskerke are RECONSTRUCTED (the places with walls
# and houses in the flat polder: a castle in its wooded park, two villages). weight > 1 grows a zone.
ZONES = {
    # Left bank (west of the Yser): 1-8 (11.2: "the entire left bank of the Yser except zone 1 (zones 2 to 8)").
    1: ("Tervaete road", -1.8, 1.7, 0, "polder", 1.0),
    2: ("Yser dike, Stuivekenskerke side", -1.4, 1.25, 0, "polder", 1.0),
    3: ("Yser dike north of the bridges", -1.1, 0.6, 0, "polder", 1.0),
    4: ("Kaaskerke", -1.95, 0.45, 1, "village", 1.05),
    5: ("Left-bank bridgehead", -0.85, -0.05, 0, "polder", 1.0),
    6: ("Oudekapelle road", -1.85, -0.55, 0, "polder", 1.0),
    7: ("Sint-Jacobskapelle road", -1.85, -1.6, 0, "polder", 1.0),
    8: ("Yser dike south", -1.2, -1.2, 0, "polder", 1.0),
    # Right bank (east of the Yser): 9-39.
    9: ("Yser bank north", -0.5, 1.15, 0, "open", 1.0),
    10: ("North quays, Handzamevaart mouth", -0.25, 0.6, 0, "open", 1.0),
    11: ("Diksmuide", 0.02, 0.0, 4, "town", 0.95),
    12: ("South quays, Woumen road", -0.2, -0.75, 0, "open", 1.0),
    13: ("Yser bank towards Knokke", -0.5, -1.6, 0, "open", 1.0),
    14: ("Woumen castle", 0.3, -1.7, 2, "wood", 1.05),
    15: ("Beerst road", 0.28, 1.0, 0, "open", 1.0),
    16: ("Station and Eessen road", 0.75, -0.03, 0, "open", 1.0),
    17: ("Woumen road, east side", 0.52, -0.78, 0, "open", 1.0),
    18: ("Vladslo road", 1.0, 0.8, 0, "open", 1.0),
    19: ("Yser bank towards Tervaete", -0.75, 1.75, 0, "open", 1.0),
    20: ("Fields towards Keiem", -0.15, 1.7, 0, "open", 1.0),
    21: ("Fields between the Beerst and Vladslo roads", 1.45, 1.15, 0, "open", 1.0),
    22: ("Handzamevaart meadows", 1.45, 0.45, 0, "open", 1.0),
    23: ("Railway embankment", 1.45, -0.25, 0, "open", 1.0),
    24: ("Woumen-Eessen road", 1.15, -0.95, 0, "open", 1.0),
    25: ("Beerst road, north", 0.4, 1.7, 0, "open", 1.0),
    26: ("Fields towards Beerst", 0.95, 1.7, 0, "open", 1.0),
    27: ("Fields west of Eessen", 1.8, -1.2, 0, "open", 1.0),
    28: ("Eessen west", 1.9, -0.5, 0, "open", 1.0),
    29: ("Handzamevaart, Eessen side", 2.0, 0.3, 0, "open", 1.0),
    30: ("Towards Vladslo, east", 2.5, 1.2, 0, "open", 1.0),
    31: ("Vladslo road, Eessen side", 1.95, 0.95, 0, "open", 1.0),
    32: ("Towards Vladslo", 2.5, 1.75, 0, "open", 1.0),
    33: ("Beerst-Vladslo road", 1.5, 1.75, 0, "open", 1.0),
    34: ("Fields south of Vladslo", 2.0, 1.75, 0, "open", 1.0),
    35: ("Handzamevaart, towards Handzame", 2.5, 0.6, 0, "open", 1.0),
    36: ("Eessen north", 2.5, 0.0, 0, "open", 1.0),
    37: ("Eessen", 2.45, -0.65, 1, "village", 1.0),
    38: ("Fields towards Woumen", 1.2, -1.8, 0, "open", 1.0),
    39: ("Towards Zarren", 2.4, -1.65, 0, "open", 1.0),
}
HQ = 40
# How far (km) borders wander from the straight line between two seeds: field boundaries, not a Voronoi diagram.
WANDER = 0.09
HQ_NAME = "HQ XXII Reserve-Korps"

# The stretch of the Yser (y from, y to) each river-side zone faces (8.6): 5 and 11 face exactly each other (the
# bridges); left 2, 3, 8 and right 19, 9, 10, 12, 13 are the zones the rules list as facing across; zone 1
# (Tervaete) faces 19 at the north edge.
LEFT_FRONT = [(1, 1.62, 2.3), (2, 0.95, 1.62), (3, 0.32, 0.95), (5, -0.38, 0.32), (8, -2.3, -0.38)]
RIGHT_FRONT = [(19, 1.42, 2.3), (9, 0.95, 1.42), (10, 0.32, 0.95), (11, -0.38, 0.32), (12, -1.15, -0.38), (13, -2.3, -1.15)]
BRIDGE = (5, 11)
CORNER_ONLY = [(15, 16)]
# Where 15 and 16 meet by a corner, between Diksmuide (11) and the Vladslo road (18).
JUNCTION = (0.47, 0.47)
JUNCTION_ZONES = [15, 16, 11, 18]  # 1.1.1: "the zones that touch only by an angle are not adjacent (15 and 16 for example)"

# 6: "zones adjacent to the edge of the map to the east of the Yser (14, 19, 20, 25, 26, 30, 32-39)".
ENTRY_GERMAN = [14, 19, 20, 25, 26, 30, 32, 33, 34, 35, 36, 37, 38, 39]
# 11.1: the left-bank zones whose occupation is an automatic German victory.
VICTORY_LEFT_BANK = [2, 3, 5, 8]
# 11.2: the left bank the Franco-Belgian must hold, "except zone 1 (zones 2 to 8)".
HOLD_LEFT_BANK = [2, 3, 4, 5, 6, 7, 8]
SPECIAL = {1: ["tervaete"], 11: ["diksmuide"], 14: ["woumen"], 37: ["eessen"]}


def yser_x(y):
    for (xa, ya), (xb, yb) in zip(YSER, YSER[1:]):
        if yb <= y <= ya:
            t = (y - ya) / (yb - ya)
            return xa + t * (xb - xa)
    return YSER[0][0] if y > YSER[0][1] else YSER[-1][0]


def left_of_yser(x, y):
    return x < yser_x(y)


def hash01(a, b, salt):
    h = (a * 374761393 + b * 668265263 + salt * 2147483647) & 0xFFFFFFFF
    h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
    return ((h ^ (h >> 16)) & 0xFFFF) / 65536.0


def noise(x, y, salt, scale=0.35):
    """Smooth value noise in [-1, 1) on a lattice of `scale` km."""
    gx, gy = x / scale, y / scale
    ix, iy = math.floor(gx), math.floor(gy)
    fx, fy = gx - ix, gy - iy
    sx, sy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
    v = lambda dx, dy: hash01(ix + dx, iy + dy, salt)
    top = v(0, 0) + (v(1, 0) - v(0, 0)) * sx
    bot = v(0, 1) + (v(1, 1) - v(0, 1)) * sx
    return 2 * (top + (bot - top) * sy) - 1


def seeds():
    """(zone, x, y) seed points: every zone's centre, and a chain along the bank over the river-side zones' stretch."""
    out = [(z, v[1], v[2]) for z, v in ZONES.items()]
    for fronts, side in ((LEFT_FRONT, -1), (RIGHT_FRONT, 1)):
        for z, ya, yb in fronts:
            ya, yb = max(ya, Y0), min(yb, Y1)
            n = max(2, int((yb - ya) / 0.12))
            for k in range(n):
                y = ya + (k + 0.5) * (yb - ya) / n
                out.append((z, yser_x(y) + side * 0.12, y))
    return out


def cell_centre(c, r):
    return (X0 + (c + 0.5 * (r & 1) + 0.5) * CELL, Y1 - (r + 0.5) * CELL * math.sqrt(3) / 2)


def axial(c, r):
    return (c - (r - (r & 1)) // 2, r)


def offset(q, r):
    return (q + (r - (r & 1)) // 2, r)


NEIGHBOURS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]


def neighbours(c, r):
    q, rr = axial(c, r)
    return [offset(q + dq, rr + dr) for dq, dr in NEIGHBOURS]


def label(c, r):
    return f"{chr(ord('A') + r % 26) * (r // 26 + 1)}{c + 1:02}"


def build():
    h = CELL * math.sqrt(3) / 2
    cols = int((HQ_BOX[1] - X0) / CELL) + 2
    rows = int((Y1 - Y0) / h)
    pts = seeds()
    owner = {}
    for r in range(rows):
        for c in range(cols):
            x, y = cell_centre(c, r)
            if X0 <= x <= X1 and Y0 <= y <= Y1:
                left = left_of_yser(x, y)
                best = None
                for z, sx, sy in pts:
                    if (z <= 8) != left:
                        continue
                    d = math.hypot(x - sx, y - sy) / ZONES[z][5] + WANDER * (noise(x, y, z, 0.45) + 0.5 * noise(x, y, z + 100, 0.18))
                    if best is None or d < best[0]:
                        best = (d, z)
                owner[(c, r)] = best[1]
            elif HQ_BOX[0] <= x <= HQ_BOX[1] and HQ_BOX[2] <= y <= HQ_BOX[3]:
                owner[(c, r)] = HQ
    corner_junction(owner)
    for _ in range(2):
        majority(owner)
    whole(owner)
    for _ in range(4):
        if not no_corners(owner):
            break
        whole(owner)
    return cols, rows, owner


def no_corners(owner):
    """A contact of one or two cell edges between zones of a bank reads as a corner on a printed map, and the rules do
    not count corners (1.1.1): where four zones nearly meet, the hex grid leaves such a contact between two of them.
    It is made a real border (but 15/16's, which is meant as a corner): the cells of other zones touching both sides
    of it join one side. Returns whether anything changed."""
    shared, _ = analyse(owner)
    changed = False
    for (a, b), n in sorted(shared.items()):
        if n > 2 or (a <= 8) != (b <= 8) or (a, b) in CORNER_ONLY:
            continue
        for k, z in list(owner.items()):
            if z in (a, b, HQ) or (z <= 8) != (a <= 8) or near_junction(*cell_centre(*k)):
                continue
            around = [owner.get(n) for n in neighbours(*k)]
            if a in around and b in around:
                owner[k] = a if around.count(a) >= around.count(b) else b
                changed = True
    return changed


def near_junction(x, y):
    return math.hypot(x - JUNCTION[0], y - JUNCTION[1]) < 0.3


def corner_junction(owner):
    """15 and 16 touch by a corner (1.1.1): around JUNCTION the four zones meeting there (15 and 16 on one diagonal, the
    two others on the other) take the cells nearest a point on their side, 15 and 16's points a little nearer, so
    15 and 16 meet on a cell edge or two and the other two do not meet at all."""
    pulls = {z: math.atan2(ZONES[z][2] - JUNCTION[1], ZONES[z][1] - JUNCTION[0]) for z in JUNCTION_ZONES}
    for (c, r) in list(owner):
        x, y = cell_centre(c, r)
        if owner[(c, r)] != HQ and near_junction(x, y):
            def d(z):
                reach = 0.14 if z in CORNER_ONLY[0] else 0.17
                return math.hypot(x - JUNCTION[0] - reach * math.cos(pulls[z]), y - JUNCTION[1] - reach * math.sin(pulls[z]))
            owner[(c, r)] = min(JUNCTION_ZONES, key=d)


def majority(owner):
    """One pass of a majority filter on each bank (not near the 15/16 junction): a cell most of whose neighbours are in
    one other zone joins it, which rounds off one-cell spurs and corner contacts."""
    change = {}
    for (c, r), z in owner.items():
        x, y = cell_centre(c, r)
        if z == HQ or near_junction(x, y):
            continue
        count = {}
        for n in neighbours(c, r):
            b = owner.get(n)
            if b is not None and b != HQ and (b <= 8) == (z <= 8):
                count[b] = count.get(b, 0) + 1
        best = max(count.items(), key=lambda kv: (kv[1], kv[0] == z)) if count else (z, 0)
        if best[0] != z and best[1] >= 4:
            change[(c, r)] = best[0]
    owner.update(change)


def whole(owner):
    """Every zone in one piece: a stray piece (the smaller ones) joins the zone it shares most edges with."""
    for z in sorted(set(owner.values())):
        cells = {k for k, v in owner.items() if v == z}
        pieces = []
        while cells:
            start = cells.pop()
            piece, todo = {start}, [start]
            while todo:
                for n in neighbours(*todo.pop()):
                    if n in cells:
                        cells.discard(n)
                        piece.add(n)
                        todo.append(n)
            pieces.append(piece)
        pieces.sort(key=len, reverse=True)
        for piece in pieces[1:]:
            count = {}
            for k in piece:
                for n in neighbours(*k):
                    b = owner.get(n)
                    if b is not None and b != z:
                        count[b] = count.get(b, 0) + 1
            for k in piece:
                owner[k] = max(count, key=count.get)


def analyse(owner):
    """Shared cell edges between zones, and the map edges each zone touches."""
    shared = {}
    edges = {}
    for (c, r), a in owner.items():
        if a == HQ:
            continue
        for n in neighbours(c, r):
            b = owner.get(n)
            if b is None:
                x, y = cell_centre(*n)
                side = max((y - Y1, "north"), (Y0 - y, "south"), (X0 - x, "west"), (x - X1, "east"))[1]
                edges.setdefault(a, set()).add(side)
            elif b != a and b != HQ:
                key = (min(a, b), max(a, b))
                shared[key] = shared.get(key, 0) + 1
    return {k: v // 2 for k, v in shared.items()}, edges


def main():
    cols, rows, owner = build()
    shared, edges = analyse(owner)
    bank = lambda z: "left" if z <= 8 else "right"
    adjacent = {z: set() for z in list(ZONES) + [HQ]}
    not_adjacent = []
    across = {z: set() for z in ZONES}
    for (a, b), n in sorted(shared.items()):
        if bank(a) != bank(b):
            if (a, b) == BRIDGE:
                adjacent[a].add(b)
                adjacent[b].add(a)
            else:
                not_adjacent.append((a, b))
            if n >= 3:  # a real stretch of bank, not a diagonal contact at a boundary
                across[a].add(b)
                across[b].add(a)
        elif (a, b) in CORNER_ONLY:
            not_adjacent.append((a, b))
        else:
            adjacent[a].add(b)
            adjacent[b].add(a)
    cells = {z: [] for z in adjacent}
    for (c, r), z in sorted(owner.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        cells[z].append(label(c, r))
    out = []
    out.append("// RECONSTRUCTED zone map of Tempete sur Dixmude 1914 (Vae Victis #133). Generated by tools/dixmude/gen_map.py,")
    out.append("// checked by tools/dixmude/check_map.py; see docs/dixmude-reconstruction.md, \"Map\". Do not edit by hand: edit the")
    out.append("// generator. From the rules: the zone numbers, Diksmuide 11 (+4), the bridges 5-11, the Yser-side zones of 8.6, the")
    out.append("// left bank 1-8, the entry zones of 6, the northern edge, Woumen castle 14, Eessen 37, 15/16 by a corner, the HQ")
    out.append("// zone. RECONSTRUCTED: where each zone lies, its shape and name, the other bonuses (14 +2, 37 +1, 4 +1).")
    out.append("// Tags: bonus:N (printed defence bonus, 1.1.1), bank:left / bank:right (of the Yser), across_yser:N (a zone facing")
    out.append("// this one across the Yser, 8.6; one tag per zone), entry:german (6), edge:north|east|south|west (map edges the zone")
    out.append("// touches), victory:left_bank (11.1), hold:left_bank (11.2), tervaete (1), diksmuide (11), woumen (14), eessen (37), hq:german (40).")
    out.append("AreaMap(")
    out.append("    format: 1,")
    out.append('    ruleset: "dixmude",')
    out.append('    name: "Diksmuide, October-November 1914 (reconstructed)",')
    out.append('    source: "Reconstructed from the Tempete sur Dixmude 1914 rulebook (1.1, 6, 8.6, 10, 11, 12) and the geography of the 1911 Belgian staff map; zone shapes, names and the bonuses other than Diksmuide\'s are invented.",')
    out.append(f"    grid: Some((orientation: PointyTop, shifted: Even, columns: {cols}, rows: {rows})),")
    out.append("    areas: [")
    for z in sorted(adjacent):
        if not cells[z]:
            raise SystemExit(f"zone {z} has no cells")
        if z == HQ:
            name, terrain, tags, where = HQ_NAME, "hq", ["hq:german"], "off the map: the box east of the map"
        else:
            name, x, y, bonus, terrain, _ = ZONES[z]
            tags = []
            if bonus:
                tags.append(f"bonus:{bonus}")
            tags.append(f"bank:{bank(z)}")
            tags += SPECIAL.get(z, [])
            tags += [f"across_yser:{o}" for o in sorted(across[z])]
            if z in ENTRY_GERMAN:
                tags.append("entry:german")
            tags += [f"edge:{e}" for e in ("north", "east", "south", "west") if e in edges.get(z, set())]
            if z in VICTORY_LEFT_BANK:
                tags.append("victory:left_bank")
            if z in HOLD_LEFT_BANK:
                tags.append("hold:left_bank")
            where = f"centre {x:.2f} km E, {y:.2f} km N of the market square"
            if z != 11:
                where += "; RECONSTRUCTED name, place and shape" + ("" if not bonus else f", bonus +{bonus}")
        tag_s = ", ".join(f'"{t}"' for t in tags)
        adj_s = ", ".join(str(b) for b in sorted(adjacent[z]))
        cell_s = ", ".join(f'"{c}"' for c in cells[z])
        out.append(f'        (id: {z}, name: "{name}", terrain: "{terrain}", tags: [{tag_s}],')
        out.append(f"         // {where}")
        out.append(f"         adjacent: [{adj_s}],")
        out.append(f"         cells: [{cell_s}]),")
    out.append("    ],")
    out.append("    borders: [")
    out.append(f'        (between: {BRIDGE}, kinds: ["river", "bridge"]),  // the Diksmuide bridges over the Yser (1.1.1, 8.6)')
    out.append("    ],")
    out.append("    // Zones whose shapes touch but are not adjacent: across the Yser (1.1.1, 8.6), and 15/16 by a corner (1.1.1).")
    out.append("    not_adjacent: [" + ", ".join(f"({a}, {b})" for a, b in not_adjacent) + "],")
    out.append(")")
    print("\n".join(out))
    print("across the Yser:", sorted((k, v) for k, v in shared.items() if bank(k[0]) != bank(k[1])), file=sys.stderr)
    small = [(k, v) for k, v in shared.items() if v <= 2 and bank(k[0]) == bank(k[1])]
    print(f"cells={len(owner)} cols={cols} rows={rows} 15/16 shared={shared.get((15, 16))} short contacts={small}", file=sys.stderr)
    for z in sorted(ZONES):
        print(z, ZONES[z][0], len(cells[z]), sorted(adjacent[z]), "across", sorted(across[z]), "edges", sorted(edges.get(z, [])), file=sys.stderr)


if __name__ == "__main__":
    main()
