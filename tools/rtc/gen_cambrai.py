#!/usr/bin/env python3
"""Generates cambrai.ron, the RECONSTRUCTED Royal Tank Corps area map (see docs/rtc-reconstruction.md).

The printed map is not available. Areas the rulebook names (22, 23, 31, 32, 35, 41-44, 51, 54-58, 62,
64, 65, 72, 74, 90, 98) are placed where the rules' text and the real geography put them; the other
areas fill the ground between, numbered roughly in bands from south to north. Coordinates are km east
and north of a point near Villers-Guislain (3.00 E, 50.00 N). Each area's shape is the set of cells of a
hex grid nearest its centre on its own side of the St Quentin canal, so adjacency follows from the
shapes, and every border that crosses the canal is a water border ("canal", "schelde").
Run: python3 tools/rtc/gen_cambrai.py > scenarios/rtc/maps/cambrai.ron
"""
import math

# id, name, x, y, tem, terrain, tags
NAMED = [
    (21, "Honnecourt", 17.0, 3.0, 2, "village", []),
    (22, "Heudicourt", 7.0, 1.8, 1, "open", ["entry:british", "supply:british"]),
    (23, "Gouzeaucourt", 8.6, 5.2, 2, "village", ["victory:british"]),
    (24, "Villers-Guislain", 11.0, 3.6, 2, "village", ["victory:british"]),
    (25, "Gonnelieu", 11.9, 6.3, 2, "village", ["victory:british"]),
    # Banteux and Couillet Wood: German front-line set-up areas in the Hindenburg Line (TEM 3, see
    # HINDENBURG_FILL; reconstructed from 12.31/12.32, was TEM 2).
    (26, "Banteux", 13.7, 5.2, 3, "trench", []),
    (31, "Crevecoeur", 18.3, 10.4, 2, "village", ["br", "victory:german"]),
    (32, "Lesdain plateau", 21.8, 8.0, 1, "open", ["br", "entry:german", "supply:german"]),
    (33, "Bonavis and Lateau Wood", 15.0, 8.2, 3, "wood", ["blocking"]),
    (34, "La Vacquerie", 12.6, 8.8, 3, "trench", []),
    (35, "Beaucamp and Trescault", 7.6, 8.4, 2, "village", []),
    (36, "Villers-Plouich", 10.2, 7.2, 2, "village", ["victory:british"]),
    (38, "Havrincourt Wood", 3.6, 9.8, 3, "wood", ["blocking"]),
    (41, "Masnieres", 16.4, 12.6, 2, "village", ["br", "victory:german"]),
    (42, "Rumilly", 16.6, 14.8, 2, "village", ["br", "victory:german"]),
    (43, "Mon Plaisir", 19.0, 15.6, 1, "open", ["br", "victory:german"]),
    (44, "Seranvillers", 20.8, 12.6, 1, "open", ["br"]),
    (45, "Les Rues-Vertes", 14.9, 10.9, 3, "trench", []),
    (46, "Marcoing", 12.8, 12.0, 2, "village", []),
    (47, "Couillet Wood", 13.6, 10.0, 3, "wood", []),
    (48, "Ribecourt", 9.6, 10.9, 3, "trench", []),
    (49, "Havrincourt", 6.3, 12.0, 3, "trench", []),
    (51, "Flesquieres", 8.5, 13.7, 3, "trench", ["blocking", "victory:german"]),
    (52, "Premy Chapel and Nine Wood", 10.8, 14.0, 2, "wood", []),
    (53, "Noyelles", 12.5, 14.8, 2, "village", []),
    (54, "Anneux", 9.2, 16.6, 2, "village", []),
    (55, "Graincourt", 5.8, 16.0, 2, "village", []),
    (56, "Cambrai", 18.4, 19.6, 4, "town", ["br", "blocking", "entry:german", "supply:german"]),
    (57, "Awoingt and Niergnies", 21.2, 17.6, 1, "open", ["br", "entry:german", "supply:german"]),
    (58, "Hermies", 0.4, 11.4, 2, "village", ["entry:british", "supply:british"]),
    (59, "Demicourt and Boursies", 1.0, 14.8, 2, "village", []),
    (61, "Moeuvres", 3.6, 18.0, 3, "trench", []),
    (62, "Bourlon Wood", 10.0, 19.3, 4, "wood", ["blocking", "victory:german"]),
    (63, "Canal du Nord crossing", 6.8, 18.6, 2, "trench", []),
    (64, "Fontaine-Notre-Dame", 12.8, 18.6, 2, "village", ["victory:german"]),
    (65, "Cantaing", 11.4, 16.6, 2, "village", ["victory:german"]),
    (66, "Proville", 14.0, 17.7, 2, "village", []),
    (72, "Bourlon", 7.8, 20.9, 2, "village", ["victory:german"]),
    (74, "Raillencourt and Sailly", 12.2, 21.4, 2, "village", []),
    (90, "Sains-les-Marquion", 9.2, 23.6, 1, "open", []),
    (98, "Marquion", 5.6, 25.0, 2, "village", ["entry:german", "supply:german"]),
]
# Supply sources and the set-up's British side are extended over the edge areas below.
BRITISH_EDGE_SUPPLY_NAMES = {"Fins", "Equancourt", "Ruyaulcourt", "Lagnicourt", "Metz-en-Couture"}

BRIDGE_PAIRS = [(41, 45), (46, 77), (56, 87), (66, 81)]
X0, X1, Y0, Y1 = -3.0, 24.0, 0.5, 26.0
# The St Quentin canal (and the Schelde beside it), south to north: (x, y).
CANAL = [(14.2, 0.5), (14.3, 4.4), (14.4, 6.5), (16.3, 8.6), (16.2, 10.4), (15.4, 12.0), (13.9, 12.6),
         (12.9, 13.1), (12.6, 14.6), (13.6, 16.2), (15.2, 17.9), (16.4, 19.2), (16.5, 22.0), (16.7, 26.0)]
# The British front line of 20 November 1917, south to north-west: areas south/west of it are British.
FRONT = [(14.6, 0.5), (13.0, 4.6), (12.0, 7.6), (11.0, 8.3), (9.2, 9.4), (7.6, 10.3), (5.4, 11.0),
         (3.6, 12.4), (2.8, 14.0), (1.8, 16.6), (0.4, 18.4), (-3.0, 19.2)]

# Villages and features (x, y) used to name the areas the rules do not name.
PLACES = [("Fins", 2.9, 4.4), ("Equancourt", 0.5, 3.0), ("Heudicourt", 7.0, 1.8), ("Revelon", 5.5, 3.0),
    ("Metz-en-Couture", 4.3, 7.8), ("Neuville-Bourjonval", 1.4, 8.2), ("Ruyaulcourt", -1.0, 9.0), ("Ytres", -1.8, 6.0),
    ("Dessart Wood", 5.5, 5.5), ("Epehy", 6.0, -0.5), ("Vendhuile", 16.5, 0.8), ("Bantouzelle", 15.8, 5.0),
    ("Vaucelles", 16.5, 7.8), ("Lesdain", 20.0, 9.2), ("Les Rues-des-Vignes", 17.4, 7.2), ("Gouy", 20.5, 2.0),
    ("Villers-Outreaux", 22.5, 4.0), ("Aubencheul-aux-Bois", 19.2, 3.4), ("Walincourt", 23.0, 7.5),
    ("Esnes", 22.8, 9.8), ("Wambaix", 22.5, 13.5), ("Cattenieres", 23.5, 12.0), ("Niergnies", 19.3, 16.8),
    ("Awoingt", 21.2, 17.8), ("Cauroir", 22.5, 19.5), ("Escaudoeuvres", 19.5, 21.3), ("Naves", 22.5, 21.0),
    ("Ramillies", 18.4, 23.3), ("Eswars", 19.5, 25.0), ("Thun-l'Eveque", 22.0, 25.0), ("Tilloy", 16.5, 23.3),
    ("Neuville-Saint-Remy", 16.2, 21.2), ("Sailly", 13.0, 22.2), ("Abancourt", 14.5, 25.5),
    ("Haynecourt", 11.8, 24.5), ("Epinoy", 9.5, 25.8), ("Oisy-le-Verger", 7.5, 27.0), ("Sauchy-Cauchy", 4.0, 26.0),
    ("Palluel", 2.0, 26.5), ("Ecourt-Saint-Quentin", 0.0, 25.5), ("Baralle", 2.8, 23.2), ("Buissy", 0.4, 22.3),
    ("Pronville", -0.7, 18.5), ("Queant", -1.8, 20.0), ("Inchy-en-Artois", 3.6, 20.0), ("Lagnicourt", -2.2, 16.0),
    ("Louverval", -0.8, 15.0), ("Morchies", -2.5, 13.5), ("Beaumetz", -2.2, 11.8), ("Velu", -2.6, 9.3),
    ("Lebucquiere", -2.5, 10.0), ("Bertincourt", -2.0, 8.5), ("Doignies", 0.2, 13.5), ("Boursies", 1.5, 16.2),
    ("Lock 7", 4.7, 14.5), ("Kangaroo Trench", 3.3, 13.0), ("Orival Wood", 8.0, 12.5), ("La Justice", 10.6, 12.4),
    ("Welsh Ridge", 12.6, 6.8), ("Gouzeaucourt Wood", 7.5, 6.8), ("Marcoing Copse", 11.9, 10.3),
    ("Nine Wood", 11.2, 13.2), ("La Folie Wood", 13.2, 16.0), ("Anneux Chapel", 8.5, 17.8),
    ("Tadpole Copse", 5.2, 18.8), ("Mont-sur-l'Oeuvre", 7.0, 24.0), ("Sains-les-Marquion", 5.0, 21.9),
    ("Raillencourt", 11.8, 20.8), ("Seranvillers", 20.5, 12.2), ("Forenville", 21.0, 11.0), ("Crevecoeur", 18.3, 10.4),
    ("Hermies", 0.4, 11.4), ("Trescault", 6.4, 10.0), ("Lateau Wood", 15.0, 7.8)]
FILL_NAMES = {}
# RECONSTRUCTED: fill areas where German regiments set up in the Hindenburg Line of 20 November 1917
# (Lock 7 on the Canal du Nord, Pronville, Queant and Baralle, all next to British-held areas on this
# map) are trench systems, TEM 3, like the named front
# areas. The rules: German infantry "are usually in fortified positions (which is why they are harder
# to hit in the game)" (12.31); the front regiments should end turn 1 "cut off, but still alive in
# your front trenches" (12.32). The numbered fill would otherwise give them open ground (TEM 1).
HINDENBURG_FILL = {82, 88, 97, 99}

# RECONSTRUCTED roads and railway, drawn by the window only (the rules read none): the main roads
# and the Cambrai - Marcoing - Gouzeaucourt railway of 1917, through the places they joined (x, y km).
LINES = [
    ("road", "Cambrai - Bapaume road", [(18.4, 19.6), (15.6, 19.1), (12.8, 18.6), (8.5, 17.8), (4.8, 17.0), (1.5, 16.2), (-0.8, 15.0), (-2.2, 11.8), (-2.8, 10.0)]),
    ("road", "Cambrai - Masnieres - Bonavis road", [(18.4, 19.6), (17.4, 16.2), (16.4, 12.6), (14.9, 10.9), (15.0, 8.2), (15.5, 4.5), (16.5, 0.8)]),
    ("road", "Cambrai - Marcoing - Gouzeaucourt road", [(18.4, 19.6), (14.0, 17.7), (13.0, 15.0), (12.8, 12.0), (10.2, 7.2), (8.6, 5.2), (7.0, 1.8)]),
    ("road", "Metz - Trescault - Ribecourt - Marcoing road", [(0.5, 3.0), (2.9, 4.4), (4.3, 7.8), (6.4, 10.0), (9.6, 10.9), (12.8, 12.0)]),
    ("road", "Cambrai - Arras road", [(18.4, 19.6), (15.0, 20.6), (12.2, 21.4), (9.2, 23.6), (5.6, 25.0), (2.0, 25.8)]),
    ("road", "Havrincourt - Flesquieres - Fontaine road", [(4.3, 7.8), (6.3, 12.0), (8.5, 13.7), (11.4, 16.6), (12.8, 18.6)]),
    ("road", "Hermies - Graincourt - Bourlon road", [(0.4, 11.4), (3.0, 13.6), (5.8, 16.0), (7.8, 20.9), (9.2, 23.6)]),
    ("railway", "Cambrai - Marcoing - Gouzeaucourt railway", [(18.0, 18.8), (15.6, 15.8), (13.4, 13.0), (12.4, 11.2), (10.6, 7.8), (9.0, 5.0), (7.4, 2.2), (6.6, 0.5)]),
]

def canal_x(y):
    for (xa, ya), (xb, yb) in zip(CANAL, CANAL[1:]):
        if ya <= y <= yb:
            t = (y - ya) / (yb - ya) if yb != ya else 0
            return xa + t * (xb - xa)
    return CANAL[0][0] if y < CANAL[0][1] else CANAL[-1][0]

def east_of_canal(x, y):
    return x > canal_x(y)

# The map's south-east edge (RECONSTRUCTED, docs/rtc-reconstruction.md): east of the canal the map
# begins at Crevecoeur and the Lesdain plateau, on a line from the canal at Vaucelles (y 8.7 km) to
# the east edge. The rulebook's only way east for the British is across the canal (12.31: a
# bridgehead at Masnieres, 41, opens the cavalry's route to 32/57, and "if you have not crossed it by
# turn 3 you should not expect ever to do so"; 12.32: the German left depends on that bridgehead), so
# no ground south of Crevecoeur lets the cavalry ride round the canal. Areas numbered before the cut
# keep their numbers (the fill is generated and numbered first, then the cut areas are dropped).
def on_map(x, y):
    return not (east_of_canal(x, y) and y < 8.7 - 0.5 * (x - 17.0))

def british_side(x, y):
    # Left of the front polyline walked south to north-west (cross product sign against the nearest segment).
    best = None
    for (xa, ya), (xb, yb) in zip(FRONT, FRONT[1:]):
        dx, dy = xb - xa, yb - ya
        t = max(0, min(1, ((x - xa) * dx + (y - ya) * dy) / (dx * dx + dy * dy)))
        px, py = xa + t * dx, ya + t * dy
        d = math.hypot(x - px, y - py)
        cross = dx * (y - ya) - dy * (x - xa)
        if best is None or d < best[0]:
            best = (d, cross)
    return best[1] > 0

def main():
    centres = {a[0]: a for a in NAMED}
    # Fill: a jittered grid, keeping points away from the named centres.
    fill = []
    step = 2.3
    j = 0
    y = Y0 + 1.2
    row = 0
    while y < Y1 - 0.6:
        x = X0 + 1.0 + (step / 2 if row % 2 else 0)
        while x < X1 - 0.5:
            jx = ((j * 37) % 11 - 5) * 0.06
            jy = ((j * 53) % 7 - 3) * 0.08
            px, py = x + jx, y + jy
            j += 1
            ok = all(math.hypot(px - c[2], py - c[3]) > 1.9 for c in NAMED) and all(math.hypot(px - f[0], py - f[1]) > 1.9 for f in fill)
            if ok:
                fill.append((px, py))
            x += step
        y += step * 0.866
        row += 1
    used = set(centres)
    free = [i for i in range(10, 100) if i not in used]
    # Number the fill by bands of latitude (south to north), then east to west within a band
    # (the convention the named ids suggest: 31/32 east, 35 west; 51..58 from the canal to Hermies).
    def band(p):
        return min(9, max(1, int((p[1] - Y0) / ((Y1 - Y0) / 9)) + 1))
    fill.sort(key=lambda p: (band(p), -p[0]))
    for p in fill:
        b = band(p)
        cands = [i for i in free if i // 10 == b] or [i for i in free if abs(i // 10 - b) == 1] or free
        if not cands:
            break
        i = cands[0]
        free.remove(i)
        side = "east of the canal" if east_of_canal(*p) else ""
        near = min(PLACES, key=lambda q: math.hypot(q[1] - p[0], q[2] - p[1]))
        d = math.hypot(near[1] - p[0], near[2] - p[1])
        name = near[0] if d < 1.2 and near[0] not in [c[1] for c in centres.values()] else f"Ground near {near[0]}"
        tem = 1 if (i * 7) % 5 else 2
        terrain = "open" if tem == 1 else "village"
        if i in HINDENBURG_FILL:
            tem, terrain = 3, "trench"
        centres[i] = (i, name, p[0], p[1], tem, terrain, [])
    centres = {i: a for i, a in centres.items() if on_map(a[2], a[3])}
    # The cell grid.
    s = 0.5
    h = s * math.sqrt(3) / 2
    cols = int((X1 - X0) / s)
    rows = int((Y1 - Y0) / h)
    owner = {}
    for r in range(rows):
        for c in range(cols):
            x = X0 + (c + 0.5 * (r & 1) + 0.5) * s
            y = Y1 - (r + 0.5) * h
            if not on_map(x, y):
                continue
            e = east_of_canal(x, y)
            best = None
            for a in centres.values():
                if east_of_canal(a[2], a[3]) != e:
                    continue
                d = math.hypot(x - a[2], y - a[3])
                if best is None or d < best[0]:
                    best = (d, a[0])
            owner[(c, r)] = best[1]
    def axial(c, r):
        return (c - (r - (r & 1)) // 2, r)
    def offset(q, r):
        return (q + (r - (r & 1)) // 2, r)
    adj = {i: set() for i in centres}
    for (c, r), a in owner.items():
        q, rr = axial(c, r)
        for dq, dr in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]:
            n = offset(q + dq, rr + dr)
            b = owner.get(n)
            if b is not None and b != a:
                adj[a].add(b)
    def label(c, r):
        letter = chr(ord('A') + r % 26) * (r // 26 + 1)
        return f"{letter}{c + 1:02}"
    cells = {i: [] for i in centres}
    for (c, r), a in sorted(owner.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        cells[a].append(label(c, r))
    water = set()
    for a in adj:
        for b in adj[a]:
            if a < b and east_of_canal(centres[a][2], centres[a][3]) != east_of_canal(centres[b][2], centres[b][3]):
                water.add((a, b))
    BRIDGES = BRIDGE_PAIRS
    not_adjacent = []
    if 62 in adj[55]:
        not_adjacent.append((55, 62))
        adj[55].discard(62)
        adj[62].discard(55)
    out = []
    out.append("// RECONSTRUCTED map of Royal Tank Corps (Cambrai, 1917). Generated by tools/rtc/gen_cambrai.py; see docs/rtc-reconstruction.md.")
    out.append("// Tags: tem:N (terrain effects modifier), br (red BR box, 5.1), blocking (blocked-area symbol, 7.32),")
    out.append("// victory:british / victory:german (red / black triangle, 3.22), supply:<side> (supply source, 11.2),")
    out.append("// entry:<side> (reinforcement entry area, 6.2/6.3), control:british (British-controlled at set-up; others German).")
    out.append("AreaMap(")
    out.append("    format: 1,")
    out.append('    ruleset: "rtc",')
    out.append('    name: "Cambrai, 20 November - 4 December 1917 (reconstructed)",')
    out.append('    source: "Reconstructed from the Royal Tank Corps rulebook (areas named in 5.1, 6.2, 6.3, 9.3, 12.31, 12.32) and the 1917 geography; area numbers not named by the rules are invented.",')
    out.append(f"    grid: Some((orientation: PointyTop, shifted: Even, columns: {cols}, rows: {rows})),")
    out.append("    areas: [")
    for i in sorted(centres):
        a = centres[i]
        if not cells[i]:
            raise SystemExit(f"area {i} has no cells")
        tags = [f"tem:{a[4]}"] + list(a[6])
        brit = british_side(a[2], a[3])
        if brit:
            tags.append("control:british")
        if brit and (a[2] < 1.0 or a[3] < 2.5) and not any(t.startswith("supply:") for t in tags):
            tags.append("supply:british")
        if not brit and (a[2] > 22.5 or a[3] > 24.8) and not any(t.startswith("supply:") for t in tags):
            tags.append("supply:german")
        tag_s = ", ".join(f'"{t}"' for t in tags)
        adj_s = ", ".join(str(b) for b in sorted(adj[i]))
        cell_s = ", ".join(f'"{c}"' for c in cells[i])
        out.append(f'        (id: {i}, name: "{a[1]}", terrain: "{a[5]}", tags: [{tag_s}],')
        out.append(f'         // centre ({a[2]:.1f} km E, {a[3]:.1f} km N)')
        out.append(f'         adjacent: [{adj_s}],')
        out.append(f'         cells: [{cell_s}]),')
    out.append("    ],")
    out.append("    borders: [")
    for (a, b) in sorted(water):
        kinds = ['"canal"', '"schelde"']
        if (a, b) in BRIDGES or (b, a) in BRIDGES:
            kinds.append('"bridge"')
        out.append(f"        (between: ({a}, {b}), kinds: [{', '.join(kinds)}]),")
    out.append("    ],")
    na = ", ".join(f"({a}, {b})" for a, b in not_adjacent)
    out.append(f"    not_adjacent: [{na}],")
    def cell_at(x, y):
        r = round((Y1 - y) / h - 0.5)
        c = round((x - X0) / s - 0.5 - 0.5 * (r & 1))
        return (c, r)
    out.append("    // RECONSTRUCTED roads and railway (drawn by the window; the rules read none).")
    out.append("    lines: [")
    for kind, name, pts in LINES:
        runs, run = [], []
        for (xa, ya), (xb, yb) in zip(pts, pts[1:]):
            n = max(1, int(math.hypot(xb - xa, yb - ya) / 0.25))
            for k in range(n + 1):
                cell = cell_at(xa + (xb - xa) * k / n, ya + (yb - ya) * k / n)
                if cell not in owner:
                    if len(run) > 1:
                        runs.append(run)
                    run = []
                elif not run or run[-1] != cell:
                    run.append(cell)
        if len(run) > 1:
            runs.append(run)
        for run in runs:
            cell_s = ", ".join(f'"{label(c, r)}"' for c, r in run)
            out.append(f'        (kind: "{kind}", name: "{name}", cells: [{cell_s}]),')
    out.append("    ],")
    out.append(")")
    print("\n".join(out))
    import sys
    missing = [br for br in BRIDGES if (min(br), max(br)) not in water]
    print(f"areas={len(centres)} water={len(water)} missing bridges={missing} 54-62={62 in adj[54]} 54-55={55 in adj[54]} 55-62 touch={bool(not_adjacent)}", file=sys.stderr)
    for i in sorted(centres):
        a = centres[i]
        print(i, a[1], f"{a[2]:.1f},{a[3]:.1f}", "E" if east_of_canal(a[2], a[3]) else "W", "B" if british_side(a[2], a[3]) else "G", sorted(adj[i]), file=sys.stderr)

main()
