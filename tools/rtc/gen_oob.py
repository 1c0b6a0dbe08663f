#!/usr/bin/env python3
"""Writes cambrai.ron (the Royal Tank Corps campaign scenario) from the order of battle below.
RECONSTRUCTED: factors, set-up areas and arrival turns (see docs/rtc-reconstruction.md)."""

DATES = ["20 November", "21 November", "22 November", "23 November", "24 November", "25 November",
         "26 November", "27 November", "28 November", "29 November", "30 November", "1 December",
         "2 December", "3 December", "4 December"]
# Balanced (issue 14, docs/ai-findings.md 8): 12.31's "some of them will fail their resupply rolls" and
# "after turn 6 ammunition becomes a real problem" read as 1-3 on turns 1-6, 1-2 after (was 1-5, 1-4, 1-3, 1-2).
def ammo_gb(t): return (1, 3) if t <= 6 else (1, 2)
def ammo_de(t): return (1, 2) if t <= 3 else (1, 3) if t <= 6 else (1, 4) if t <= 10 else (1, 5)

units = []
def u(id, name, side, kind, div, a, d, sd, m, area=None, turn=None, size="", strength=0, rng=0, note=""):
    units.append(dict(id=id, name=name, side=side, kind=kind, div=div, a=a, d=d, sd=sd, m=m, area=area, turn=turn, size=size, s=strength, r=rng, note=note))

# British infantry brigades 3-4-4 (spent 2), Guards 4-5-4 (3); divisional artillery 4 str, range 3.
def bdiv(div, bdes, area=None, turn=None, guards=False, art=True):
    a, d, sd = (4, 5, 3) if guards else (3, 4, 2)
    for b in bdes:
        u(f"gb-{b}", f"{b} Bde", "british", "Infantry", div, a, d, sd, 4, area, turn, "brigade")
    if art:
        u(f"gb-{div}-ra", f"{div} Div RFA", "british", "Artillery", div, 0, 2, 1, 3, area, turn, "artillery", 4, 3)
bdiv("12", ["35", "36", "37"], area=25)
bdiv("20", ["59", "60", "61"], area=36)
bdiv("6", ["16", "18", "71"], area=35)
bdiv("29", ["86", "87", "88"], area=23)
bdiv("51", ["152", "153", "154"], area=38)
bdiv("62", ["185", "186", "187"], area=78)
bdiv("36", ["107", "108", "109"], area=59)
bdiv("56", ["167", "168", "169"], area=84)
bdiv("40", ["119", "120", "121"], turn=3)
bdiv("Gds", ["1-gds", "2-gds", "3-gds"], turn=7, guards=True)
bdiv("59", ["176", "177", "178"], turn=9)
bdiv("2", ["5", "6", "99"], turn=11)
bdiv("47", ["140", "141", "142"], turn=12)
# Corps heavy artillery.
u("gb-iii-ha", "III Corps HA", "british", "Artillery", "", 0, 2, 1, 2, 24, None, "artillery", 6, 5)
u("gb-iv-ha", "IV Corps HA", "british", "Artillery", "", 0, 2, 1, 2, 68, None, "artillery", 6, 5)
u("gb-iv-rha", "IV Corps RHA", "british", "Artillery", "", 0, 2, 1, 2, 69, None, "artillery", 5, 5)
# The Royal Tank Corps: nine battalions A-I (2.7), with the divisions they supported on 20 November.
for letter, area in [("C", 25), ("F", 25), ("A", 36), ("I", 36), ("B", 35), ("H", 35), ("D", 38), ("E", 38), ("G", 78)]:
    u(f"gb-tank-{letter.lower()}", f"{letter} Bn RTC", "british", "Tank", "", 6, 3, 2, 6, area, None, "battalion")
# Cavalry Corps: brigades 2-2-8 (spent 1), RHA brigades 2 str range 2.
def cav(div, bdes, area=None, turn=None):
    for b in bdes:
        u(f"gb-cav-{b.lower()}", f"{b} Cav Bde", "british", "Cavalry", f"{div} Cav", 2, 2, 1, 8, area, turn, "brigade")
    u(f"gb-{div}-rha", f"{div} Cav Div RHA", "british", "HorseArtillery", f"{div} Cav", 0, 1, 1, 8, area, turn, "artillery", 2, 2)
cav("1", ["1", "2", "9"], area=37)
cav("2", ["3", "4", "5"], area=30)
cav("5", ["Ambala", "Secunderabad", "Canadian"], area=22)
cav("4", ["Sialkot", "Mhow", "Lucknow"], area=14)
cav("3", ["6", "7", "8"], turn=5)

# German regiments: line and reserve 3-4-5 (spent 2, the 30th Division counter of 2.4); Landwehr
# 2-3-4 (1); Guards 4-5-5 (3). Field artillery 3 str range 3; foot artillery 5 str range 5.
# RECONSTRUCTED (issue 14, docs/rtc-reconstruction.md "The German set-up in depth"): a German regiment of
# 1917 had one battalion in the line, one in support and one at rest in the villages behind; the rest
# battalions of the front divisions and the first battalions of the 107th Division (detraining at Cambrai
# on 19-20 November) held the villages behind the Hindenburg Support Line, so every German victory area
# is held at set-up, and the canal bridges at Marcoing (46) and Masnieres (45) are guarded. Battalions
# 1-2-5 (spent 1), a third of a regiment's 3-4-5 rounded up (balanced, docs/ai-findings.md section 8).
REST = (1, 2, 1, 5)
def gdiv(div, regts, areas=None, turn=None, kind="line", fa=None, fa_area=None, rest=()):
    a, d, sd, m = {"line": (3, 4, 2, 5), "lw": (2, 3, 1, 4), "gd": (4, 5, 3, 5)}[kind]
    for i, r in enumerate(regts):
        area = areas[i] if areas else None
        # Reconstructed (issue 14): the divisions arriving from turn 5 on are 12.32's "Stosstruppen divisions".
        k = "Stosstruppen" if turn is not None and turn >= 5 else "Infantry"
        # Balanced (issue 14): their regiments attack at 4, one above a line regiment.
        att = a + 1 if k == "Stosstruppen" else a
        u(f"de-{div.lower()}-{r.lower().replace(' ', '')}", r, "german", k, div, att, d, sd, m, area, turn, "regiment")
    if fa:
        u(f"de-{div.lower()}-fa", fa, "german", "Artillery", div, 0, 2, 1, 3, fa_area, turn, "artillery", 3, 3)
    for rid, name, area in rest:
        u(f"de-{div.lower()}-{rid}", name, "german", "Infantry", div, *REST, area, turn, "battalion")
gdiv("20LW", ["384 LIR", "386 LIR", "387 LIR"], areas=[49, 82, 61], kind="lw", fa="20 LW FAR", fa_area=55,
     rest=[("rest", "20 LW rest Btls", 72)])
gdiv("54", ["84 IR", "27 RIR", "90 RIR"], areas=[51, 48, 34], fa="FAR 108", fa_area=52,
     rest=[("rest", "54 rest Btls", 65), ("rest2", "54 rest Btls (Marcoing)", 46)])
gdiv("9R", ["19 RIR", "6 RIR", "395 IR"], areas=[33, 26, 47], fa="RFAR 9", fa_area=45,
     rest=[("rest", "9 R rest Btls", 42), ("rest2", "9 R rest Btls (Les Rues-Vertes)", 45)])
# The 107th, detraining at Cambrai on 20 November, was sent to the canal line: Masnieres (41),
# Noyelles (53) and Crevecoeur (31), which the Germans held throughout (12.31, 12.32: the canal is the
# British right's obstacle).
# Its first battalions, off the trains on 20 November, went to Fontaine (64) and Mon Plaisir (43), on the
# roads into Cambrai (reconstructed, issue 14).
gdiv("107", ["227 IR", "232 RIR", "52 RIR"], areas=[41, 53, 31], fa="FAR 213", fa_area=56,
     rest=[("rest", "107 Btls (Fontaine)", 64), ("rest2", "107 Btls (Mon Plaisir)", 43)])
gdiv("183", ["184 IR", "418 IR", "440 RIR"], areas=[88, 97, 99], fa="FAR 183", fa_area=96)
u("de-fussa-1", "Fussart Gruppe Caudry", "german", "Artillery", "", 0, 2, 1, 2, 62, None, "artillery", 5, 5)
u("de-fussa-2", "Fussart Gruppe Arras", "german", "Artillery", "", 0, 2, 1, 2, 74, None, "artillery", 5, 5)
gdiv("214", ["50 IR", "358 IR", "363 IR"], turn=2, fa="FAR 214")
gdiv("30", ["99 IR", "105 IR", "143 IR"], turn=3, fa="FAR 51")
gdiv("21R", ["80 RIR", "87 RIR", "88 RIR"], turn=3, fa="RFAR 21")
gdiv("3G", ["Gd Fus", "Lehr", "9 Gren"], turn=4, kind="gd", fa="FAR 3G")
gdiv("119", ["46 IR", "46 RIR", "58 IR"], turn=4, fa="FAR 119")
gdiv("28", ["40 IR", "109 IR", "110 IR"], turn=5, fa="FAR 28")
gdiv("220", ["55 RIR", "99 RIR", "190 IR"], turn=7, fa="FAR 220")
gdiv("34", ["30 IR", "67 IR", "145 IR"], turn=7, fa="FAR 34")
gdiv("208", ["25 IR", "185 IR", "65 RIR"], turn=8, fa="FAR 208")
gdiv("49R", ["225 RIR", "226 RIR", "228 RIR"], turn=10, fa="RFAR 49")
for i, (t, name) in enumerate([(9, "Sturm-Btl 2"), (9, "Sturm-Btl 3 (J)"), (10, "Sturm-Btl 4"), (10, "Sturm-Btl 5")]):
    u(f"de-sturm-{i + 2}", name, "german", "Stosstruppen", "", 5, 3, 1, 6, None, t, "battalion")
u("de-akg-1", "AKG Bayern", "german", "Artillery", "", 0, 2, 1, 2, None, 9, "artillery", 6, 5)
u("de-qkg-1", "QKG St Quentin", "german", "Artillery", "", 0, 2, 1, 2, None, 10, "artillery", 6, 5)

def opt(v):
    return "None" if v is None else f"Some({v})"
out = []
out.append("// Royal Tank Corps: the Cambrai campaign, 20 November - 4 December 1917 (15 turns).")
out.append("// RECONSTRUCTED: the printed counters, set-up and turn record track are not available. Generated by")
out.append("// tools/rtc/gen_oob.py; see docs/rtc-reconstruction.md for what comes from where. Edit the values here freely.")
out.append("Scenario(")
out.append("    format: 1,")
out.append('    ruleset: "rtc",')
out.append("    info: (")
out.append('        id: "cambrai",')
out.append('        name: "Cambrai 1917",')
out.append('        date: "20 November - 4 December 1917",')
out.append('        introduction: "Third Army attacks the Hindenburg Line at Cambrai with nine battalions of the Royal Tank Corps and no preliminary bombardment. Haig hopes for a breakthrough to the green fields beyond; Fuller planned a raid. The Germans must hold until their reserves arrive, then strike back with their Stosstruppen.",')
out.append('        sides: [(id: "british", name: "British", description: "Third Army (III and IV Corps, the Cavalry Corps, the Royal Tank Corps)"), (id: "german", name: "German", description: "2. Armee (Gruppe Caudry and its reserves)")],')
out.append('        source: "Royal Tank Corps rulebook (sections 2.4, 3, 5.1, 6.2, 6.3, 11.2, 12.3); order of battle from the British and German official histories of Cambrai 1917. Factors, set-up areas, arrival turns, ammunition ranges and fatigue eligibility are reconstructed.",')
out.append("    ),")
out.append('    map: "maps/cambrai.ron",')
out.append("    // The turn record track (reconstructed): British ammunition worsens, German improves (12.2);")
out.append("    // fatigue from turn 4 for units that came into play three turns earlier (11.2's example).")
out.append("    turns: [")
for t in range(1, 16):
    f = "None" if t < 4 else "Some(0)" if t == 4 else f"Some({t - 3})"
    out.append(f'        (turn: {t}, date: "{DATES[t - 1]}", british_ammo: {ammo_gb(t)}, german_ammo: {ammo_de(t)}, fatigue_entered_by: {f}),')
out.append("    ],")
out.append("    british_entry: [22, 58],                       // 6.2")
out.append("    german_entry: [32, 56, 57, 98],                // 6.3")
out.append("    // 6.3: Cambrai (56) only while the Germans hold a railway line into it: \"areas 31, 32 and 43 or 57,")
out.append("    // or areas 64, 74, 90 and 98\" (read as 31, 32 and one of 43 / 57).")
out.append("    german_entry_conditions: [(area: 56, any_of: [[31, 32, 43], [31, 32, 57], [64, 74, 90, 98]])],")
out.append("    // 6.2, 10.61: broken-down tanks return on turns 2-4, as many as per_turn says a turn; 12.31 (\"breakdowns")
out.append("    // far outnumber replacements ... no more than one battalion will remain\") read as one a turn.")
out.append("    tank_return: (areas: [23, 35], per_turn: {2: 1, 3: 1, 4: 1}),")
out.append("    immediate_victory: (areas: [32, 57], cavalry: 3),   // 3.2")
out.append('    conditional: [(side: british, division: "3 Cav", turn: 5, requires_control: [56])],   // 6.2')
out.append("    // RECONSTRUCTED (issue 14, docs/rtc-reconstruction.md): the regiments of the divisions arriving")
out.append("    // from turn 5 on (28th, 220th, 34th, 208th, 49th Reserve) are Stosstruppen, the \"Stosstruppen")
out.append("    // divisions\" of 12.32's counteroffensive; they attack at 4, one above a line regiment (balanced,")
out.append("    // docs/ai-findings.md section 8). RECONSTRUCTED (issue 14): the German rest battalions (1-2-5) hold every")
out.append("    // German victory area at set-up (42, 43, 64, 65, 72) and the canal bridges at 45 and 46.")
out.append("    units: [")
for x in units:
    extra = ""
    if x["s"]:
        extra += f', strength: {x["s"]}, range: {x["r"]}'
    place = f'area: Some({x["area"]})' if x["area"] is not None else f'turn: Some({x["turn"]})'
    att = f'attack: {x["a"]}, ' if x["a"] else ""
    out.append(f'        (id: "{x["id"]}", name: "{x["name"]}", side: {x["side"]}, kind: {x["kind"]}, size: "{x["size"]}", division: "{x["div"]}", {att}defence: {x["d"]}, spent_defence: {x["sd"]}, movement: {x["m"]}{extra}, {place}),')
out.append("    ],")
# The computer opponent's tuning (docs/rtc.md, AI): not part of the printed game.
out.append("    // The computer opponent (docs/rtc.md): aggression, caution, and extra weight per area number.")
out.append("    // The British play for Bourlon (62, 72) and the Masnieres bridge (41); the Germans hold Bourlon Wood,")
out.append("    // garrison 32 / 57 against the cavalry within two turns' ride (cavalry_watch_mp; its weight 0.75, balanced")
out.append("    // by issue 14's sweep, docs/ai-findings.md section 8: it was 1.0), keep the")
out.append("    // Stosstruppen for the counter-stroke of 30 November (turn 11) and fire hurricanes only when clearly worth it.")
out.append("    ai: {")
out.append('        "british": (aggression: 1.0, caution: 1.0, objectives: {62: 1.3, 72: 1.2, 41: 1.2}),')
out.append('        "german": (aggression: 1.0, caution: 1.0, objectives: {62: 1.3, 51: 1.1}, cavalry_watch: 0.75, cavalry_watch_mp: 16,')
out.append('                   counter_attack_turn: Some(11), counter_attack: 1.0, hurricane_margin: 0.5),')
out.append("    },")
out.append(")")
open(__import__("os").path.join(__import__("os").path.dirname(__file__), "../../scenarios/rtc/cambrai.ron"), "w").write("\n".join(out) + "\n")
print(len(units), "units")
