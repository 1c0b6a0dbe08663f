//! The table (1), stands and formations (1.2, 3), movement (4) and the battle files' checks.

use salient::engine::source::SourceFile;
use salient::rulesets::martians::Command::*;
use salient::rulesets::martians::formations::Formation::{self, *};
use salient::rulesets::martians::scenario::Sequence;
use salient::rulesets::martians::state::Action;
use salient::rulesets::martians::{check, movement};

use super::fixtures::{ok, pos};

fn id(s: &str) -> String {
    s.to_string()
}

#[test]
fn a_stand_is_thirty_by_twenty_yards_and_holds_its_castings_by_formation_mice_1_2() {
    let p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("n", 1)],
        &[
            ("line", "a", "british.line", Line, (500.0, 200.0), 90.0),
            ("skirm", "a", "british.rifles", Skirmish, (900.0, 200.0), 90.0),
            ("mass", "n", "indunas.warriors", Mass, (500.0, 900.0), 270.0),
            ("horse", "a", "british.lancers", Skirmish, (1300.0, 200.0), 90.0),
        ],
    );
    assert_eq!(p.castings_by_stand(0), vec![6, 6, 6, 6]);
    assert_eq!(p.castings_by_stand(1), vec![3; 6], "skirmishers: three castings a stand (3.2)");
    assert_eq!(p.castings_by_stand(2), vec![9; 4]);
    assert_eq!(p.castings_by_stand(3), vec![1; 9], "cavalry in skirmish order: one casting a stand (3.3)");
    let s = p.stands(0);
    assert_eq!((s[0].frontage, s[0].depth), (30.0, 20.0));
    // Side by side along the front edge, y = 200.
    assert!((s[0].front_centre().y - 200.0).abs() < 1e-3 && (s[3].centre.x - s[0].centre.x - 90.0).abs() < 1e-3);
}

#[test]
fn squares_mass_and_double_columns_lay_out_without_interpenetrating_mice_3_2_and_3_24() {
    let p = pos(Sequence::Initiative, &[], &[("a", 0)], &[("x", "a", "british.line", Square, (500.0, 500.0), 90.0)]);
    for (f, n) in [(Square, 2), (Square, 3), (Square, 4), (Square, 7), (Mass, 5), (DoubleColumn, 5), (Column, 4), (Line, 4)] {
        let st = salient::rulesets::martians::formations::place(
            &salient::rulesets::martians::formations::slots(f, n, 30.0, 20.0),
            (500.0, 500.0),
            1.0,
            30.0,
            20.0,
        );
        assert_eq!(st.len(), n);
        for i in 0..n {
            for j in i + 1..n {
                assert!(!st[i].overlaps(&st[j], 0.5), "{f:?} of {n}: stands {i} and {j} overlap");
            }
        }
    }
    // Two stands back to back (3.2).
    let two = salient::rulesets::martians::formations::slots(Square, 2, 30.0, 20.0);
    assert!((two[1].turn - std::f32::consts::PI).abs() < 1e-6);
    // Four in a box, each facing out.
    let s = p.stands(0);
    let facings: Vec<i32> = s.iter().map(|x| x.facing.to_degrees().round() as i32).collect();
    assert_eq!(facings, vec![90, 270, 180, 0]);
}

#[test]
fn only_european_units_form_square_and_only_natives_mass_mice_3_24() {
    let p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("n", 1)],
        &[("b", "a", "british.line", Line, (500.0, 200.0), 90.0), ("w", "n", "indunas.warriors", Mass, (500.0, 900.0), 270.0)],
    );
    let mut p = p;
    ok(&mut p, Begin(id("a"), Action::Move), &[]);
    assert!(check(&p, &Form(id("b"), Formation::Mass)).is_err());
    assert!(check(&p, &Form(id("b"), Formation::Square)).is_ok());
    assert!(check(&p, &Form(id("b"), Formation::Skirmish)).is_err(), "line companies do not skirmish in the lists");
}

#[test]
fn field_rate_and_tactical_moves_after_a_change_of_facing_mice_4_5() {
    let mut p = pos(
        Sequence::Initiative,
        &[],
        &[("a", 0), ("n", 1)],
        &[
            ("b", "a", "british.line", Line, (500.0, 200.0), 90.0),
            ("c", "a", "british.line", Column, (900.0, 200.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 1900.0), 270.0),
        ],
    );
    p.units[1].road_ok = true;
    ok(&mut p, Begin(id("a"), Action::Move), &[]);
    assert!(check(&p, &Move(id("b"), 0, 60)).is_ok(), "infantry field rate 60");
    assert!(check(&p, &Move(id("b"), 0, 70)).is_err());
    assert!(check(&p, &Move(id("c"), 0, 120)).is_ok(), "a column beyond 300 yards of the enemy marches at the road rate");
    ok(&mut p, Face(id("b"), 45), &[]);
    assert_eq!(movement::allowance(&p, 0), 30.0, "after a wheel only the tactical move");
    assert!(check(&p, &Move(id("b"), 0, 40)).is_err());
    ok(&mut p, Move(id("b"), 0, 30), &[]);
}

#[test]
fn european_units_shift_twenty_yards_natives_cannot_mice_4_5() {
    let mut p = pos(
        Sequence::Traditional,
        &[],
        &[("a", 0), ("n", 1)],
        &[("b", "a", "british.askaris", Line, (500.0, 200.0), 90.0), ("w", "n", "indunas.warriors", Mass, (500.0, 900.0), 270.0)],
    );
    assert!(check(&p, &Move(id("b"), 180, 20)).is_ok(), "a backward shift");
    assert!(check(&p, &Move(id("b"), 90, 30)).is_err(), "twenty yards at most");
    assert!(check(&p, &Move(id("b"), 120, 10)).is_err(), "forward within 45 degrees, or a shift");
    p.r.side = Some(1);
    assert!(check(&p, &Move(id("w"), 90, 20)).is_err(), "native units cannot shift");
}

#[test]
fn limbered_guns_keep_200_yards_from_the_enemy_and_unlimbered_ones_prolong_20_mice_6_11() {
    let mut p = pos(
        Sequence::Traditional,
        &[],
        &[("a", 0), ("n", 1)],
        &[
            ("g", "a", "british.field-battery", Limbered, (500.0, 200.0), 90.0),
            ("u", "a", "british.field-battery", Unlimbered, (900.0, 200.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 480.0), 270.0),
        ],
    );
    assert!(check(&p, &Move(id("g"), 0, 60)).is_ok());
    assert!(check(&p, &Move(id("g"), 0, 90)).is_err(), "within 200 yards of the warriors");
    assert!(check(&p, &Move(id("u"), 0, 20)).is_ok());
    assert!(check(&p, &Move(id("u"), 0, 30)).is_err(), "prolonge 20 yards");
    assert!(check(&p, &Form(id("u"), Limbered)).is_err(), "once unlimbered, always unlimbered (3.5)");
    ok(&mut p, Form(id("g"), Unlimbered), &[]);
}

#[test]
fn stands_may_not_interpenetrate_nor_cross_the_canal_off_the_bridge_mice_3_5() {
    let canal: &[(f32, f32)] = &[(0.0, 400.0), (2000.0, 400.0), (2000.0, 440.0), (0.0, 440.0)];
    let bridge: &[(f32, f32)] = &[(480.0, 390.0), (520.0, 390.0), (520.0, 450.0), (480.0, 450.0)];
    let p = pos(
        Sequence::Traditional,
        &[("canal", canal), ("bridge", bridge)],
        &[("a", 0), ("n", 1)],
        &[
            ("col", "a", "british.line", Column, (500.0, 380.0), 90.0),
            ("line", "a", "british.line", Line, (900.0, 380.0), 90.0),
            ("other", "a", "british.line", Line, (900.0, 320.0), 90.0),
            ("w", "n", "indunas.warriors", Mass, (500.0, 1900.0), 270.0),
        ],
    );
    assert!(check(&p, &Move(id("col"), 0, 60)).is_ok(), "a column crosses by the bridge");
    assert!(check(&p, &Move(id("line"), 0, 60)).is_err(), "a line cannot cross the canal");
    assert!(check(&p, &Move(id("other"), 0, 60)).is_err(), "it would interpenetrate the line ahead");
}

#[test]
fn a_charger_shifts_to_match_the_edge_it_reaches_and_flank_contact_is_marked_mice_8_1() {
    let p = pos(
        Sequence::Traditional,
        &[],
        &[("a", 0), ("n", 1)],
        &[
            ("b", "a", "british.askaris", Line, (500.0, 500.0), 90.0),
            ("front", "n", "indunas.warriors", Mass, (520.0, 580.0), 270.0),
            ("side", "n", "indunas.beast-riders", Line, (700.0, 490.0), 180.0),
        ],
    );
    let (to, facing, flank) = movement::contact_place(&p, 1, 0);
    assert!(!flank);
    assert!((to.x - 500.0).abs() < 1e-3 && (to.y - 500.0).abs() < 1e-3, "centred on the askaris' front edge: {to:?}");
    assert!((facing.to_degrees() - 270.0).abs() < 1e-3);
    let (_, _, flank) = movement::contact_place(&p, 2, 0);
    assert!(flank, "the riders come in on the right flank");
}

#[test]
fn a_square_has_no_flank_to_charge_mice_3_2() {
    let p = pos(
        Sequence::Traditional,
        &[],
        &[("a", 0), ("n", 1)],
        &[
            ("sq", "a", "british.line", Square, (500.0, 500.0), 90.0),
            ("rear", "n", "indunas.warriors", Mass, (500.0, 300.0), 90.0),
            ("side", "n", "indunas.beast-riders", Line, (750.0, 500.0), 180.0),
        ],
    );
    assert!(!movement::contact_place(&p, 1, 0).2, "a charge on a square's rear face is a frontal contact");
    assert!(!movement::contact_place(&p, 2, 0).2, "and so is one on its side face");
}

/// "Multi-unit Marching Order Squares are when several units are combined. Some units may be in line
/// while others are in column. Artillery guns can help form a side. Cavalry units cannot comprise a
/// side. Unit squares cannot be used as part of a Marching Square" (3.2).
#[test]
fn four_companies_facing_out_make_a_marching_square_with_no_flank_mice_3_2() {
    use salient::rulesets::martians::marching::square_of;
    // Four companies of four stands (120 x 20 yards) on the sides of a box around (1000, 1000), facing out;
    // a warrior mass west of the north company, level with it: on its flank, were it alone.
    let box_of = |east: (&'static str, Formation, f32)| {
        pos(
            Sequence::Traditional,
            &[],
            &[("a", 0), ("n", 1)],
            &[
                ("north", "a", "british.line", Line, (1000.0, 1080.0), 90.0),
                ("south", "a", "british.line", Line, (1000.0, 920.0), 270.0),
                ("west", "a", "british.line", Line, (920.0, 1000.0), 180.0),
                ("east", "a", east.0, east.1, (1080.0, 1000.0), east.2),
                ("w", "n", "indunas.warriors", Mass, (760.0, 1070.0), 0.0),
            ],
        )
    };
    let p = box_of(("british.line", Line, 0.0));
    assert_eq!(square_of(&p, 0).map(|r| r.len()), Some(4));
    assert!(!movement::contact_place(&p, 4, 0).2, "the north company's side is a face of the square");
    // Open on one side (the east company faces in), or closed by cavalry or by a unit's own square: no
    // marching square, a flank.
    for east in [("british.line", Line, 180.0), ("british.lancers", Line, 0.0), ("british.line", Square, 0.0)] {
        let q = box_of(east);
        assert_eq!(square_of(&q, 0), None, "{east:?}");
        assert!(movement::contact_place(&q, 4, 0).2, "{east:?}");
    }
}

#[test]
fn skirmishers_charge_skirmishers_and_objective_zones_not_formed_units_mice_8_1() {
    let zone: &[(f32, f32)] = &[(800.0, 400.0), (1000.0, 400.0), (1000.0, 700.0), (800.0, 700.0)];
    let mut p = pos(
        Sequence::Traditional,
        &[("objective", zone)],
        &[("n", 1), ("a", 0)],
        &[
            ("bows", "n", "indunas.bowmen", Skirmish, (500.0, 400.0), 90.0),
            ("bows-2", "n", "indunas.bowmen", Skirmish, (900.0, 400.0), 90.0),
            ("line", "a", "british.line", Line, (500.0, 480.0), 270.0),
            ("held", "a", "british.line", Line, (900.0, 480.0), 270.0),
        ],
    );
    p.r.side = Some(1);
    let refused = check(&p, &Charge(id("bows"), id("line"))).expect_err("a formed line in the open");
    assert!(refused.to_string().contains("not formed units"), "{refused}");
    assert!(check(&p, &Charge(id("bows-2"), id("held"))).is_ok(), "a formed line holding the objective zone");
}

#[test]
fn validate_reports_bad_battles_at_their_line_and_column() {
    let text = std::fs::read_to_string("scenarios/martians/syrtis-kopje.ron")
        .unwrap()
        .replace("type: \"indunas.bowmen\"", "type: \"indunas.bowman\"")
        .replace("formation: Square, at: (520, 330)", "formation: Mass, at: (520, 330)")
        .replace("at: (200, 800)", "at: (200, 1890)");
    let file = SourceFile::new("scenarios/martians/bad.ron", text);
    let mut loader = salient::engine::loader::Loader::from_disk();
    let errors = salient::rulesets::martians::scenario::load(&file, &mut loader).expect_err("three mistakes");
    let words: Vec<String> = errors.iter().map(|e| format!("{}:{}: {}", e.line, e.col, e.message)).collect();
    assert_eq!(errors.len(), 3, "{words:#?}");
    assert!(words.iter().any(|w| w.contains("did you mean `indunas.bowmen`")), "{words:#?}");
    assert!(words.iter().any(|w| w.contains("only native units use the mass")), "{words:#?}");
    assert!(words.iter().any(|w| w.contains("does not fit on the table")), "{words:#?}");
    assert!(errors.iter().all(|e| e.line > 1));
}

#[test]
fn commanders_and_heroic_characters_are_checked_at_load_mice_2_11() {
    let text = std::fs::read_to_string("scenarios/martians/syrtis-kopje.ron")
        .unwrap()
        .replace("rank: Regimental, with: \"askaris\"", "rank: Regimental, with: \"askari\"")
        .replace("(id: \"mnyamana\",", "(id: \"w-2\",")
        .replace("type: \"british.hero\", formation: Line", "type: \"british.hero\", formation: Square");
    let file = SourceFile::new("scenarios/martians/bad.ron", text);
    let mut loader = salient::engine::loader::Loader::from_disk();
    let errors = salient::rulesets::martians::scenario::load(&file, &mut loader).expect_err("three mistakes");
    let words: Vec<String> = errors.iter().map(|e| format!("{}:{}: {}", e.line, e.col, e.message)).collect();
    assert_eq!(errors.len(), 3, "{words:#?}");
    assert!(words.iter().any(|w| w.contains("unknown unit `askari`") && w.contains("did you mean `askaris`")), "{words:#?}");
    assert!(words.iter().any(|w| w.contains("the id `w-2` is used twice")), "{words:#?}");
    assert!(words.iter().any(|w| w.contains("a heroic character is one formed stand")), "{words:#?}");
    // The army lists: a hero of four castings is refused (Heroic Characters: THREE castings).
    let tables = std::fs::read_to_string("assets/rulesets/martians/tables.ron")
        .unwrap()
        .replace("grade: 3, castings: 3, per_stand: 3, hero: true", "grade: 3, castings: 4, per_stand: 3, hero: true");
    let errors = salient::rulesets::martians::tables::parse(&SourceFile::new("tables.ron", tables)).expect_err("a bad hero");
    assert!(errors.iter().any(|e| e.message.contains("three castings")), "{errors:#?}");
}

#[test]
fn vehicles_are_checked_at_load_steam_vehicles() {
    // Tel Kharsa, a traditional battle, fields a land ironclad (its guns fire in phases II or VI,
    // RECONSTRUCTED); an unarmed vehicle is refused.
    let file = SourceFile::new("scenarios/martians/tel-kharsa.ron", std::fs::read_to_string("scenarios/martians/tel-kharsa.ron").unwrap());
    let mut loader = salient::engine::loader::Loader::from_disk();
    let sc = salient::rulesets::martians::scenario::load(&file, &mut loader).expect("a vehicle in a traditional battle");
    assert!(sc.types.iter().any(|t| t.kind.vehicle()));
    let tables = std::fs::read_to_string("assets/rulesets/martians/tables.ron").unwrap().replace("kind: Recon, mgs: 2,", "kind: Recon,");
    let errors = salient::rulesets::martians::tables::parse(&SourceFile::new("tables.ron", tables)).expect_err("an unarmed car");
    assert!(errors.iter().any(|e| e.message.contains("a vehicle is armed")), "{errors:#?}");
}
