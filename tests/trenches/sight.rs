//! Lines of sight (7.21, 7.22), concealment (10.3) and elevation (10.6, 10.7), on maps drawn like the
//! rulebook's diagrams.

use salient::rulesets::trenches::units::Side;

use super::fixtures::*;

/// 7.22, first diagram: the MG's line of sight ends at the building in B09; it may fire into B09.
#[test]
fn building_stops_the_line_of_sight_itt_7_22() {
    let b = board(&["............", "........v...", "............"], &[], &[]);
    let p = pos(b, &[], Side::Allied);
    let s = p.sight(hex(&p, "B12"), hex(&p, "B06"));
    assert_eq!(s.blocked_at.map(|h| p.hex_label(h)).as_deref(), Some("B09"));
    assert!(p.sight(hex(&p, "B12"), hex(&p, "B09")).clear(), "the obstacle in the target hex does not stop the shot");
}

/// 7.22, diagrams 2-4 (10.7): an inland hill hex sees only its own level; a crest hex sees and is
/// seen from below; higher ground between stops the line.
#[test]
fn crests_see_down_and_inland_hexes_do_not_itt_7_22_10_7() {
    let b = board(&["........"; 3].map(|r| r), &[("level1", &["B05", "B06", "B07", "B08"]), ("crest", &["B05"])], &[]);
    let p = pos(b, &[], Side::Allied);
    assert!(!p.sight(hex(&p, "B02"), hex(&p, "B06")).clear(), "inland hill hex: no line from below");
    assert!(!p.sight(hex(&p, "B06"), hex(&p, "B02")).clear(), "nor from it downwards");
    assert!(p.sight(hex(&p, "B02"), hex(&p, "B05")).clear(), "a crest hex is seen from below");
    assert!(p.sight(hex(&p, "B05"), hex(&p, "B02")).clear());
    assert!(p.sight(hex(&p, "B06"), hex(&p, "B08")).clear(), "same level");
    let b = board(&["........"; 3].map(|r| r), &[("level1", &["B04"])], &[]);
    let p = pos(b, &[], Side::Allied);
    assert!(!p.sight(hex(&p, "B02"), hex(&p, "B06")).clear(), "a hill between two low hexes stops the line");
}

/// 7.22, last diagram (10.6, 10.7): the MG on level 1 in J06 cannot see past the building in J07 to
/// the Marine in J08; from level 2 (two levels above the building) the line runs down behind it.
#[test]
fn two_levels_up_sees_down_behind_a_building_itt_7_22_10_7() {
    let rows = [
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "......v...",
        "..........",
    ];
    let b = board(&rows, &[("level1", &["J06"]), ("level2", &["J05"]), ("crest", &["J05", "J06"])], &[]);
    let p = pos(b, &[], Side::Allied);
    assert_eq!(p.sight(hex(&p, "J06"), hex(&p, "J08")).blocked_at.map(|h| p.hex_label(h)).as_deref(), Some("J07"));
    assert!(p.sight(hex(&p, "J05"), hex(&p, "J08")).clear());
}

/// 7.21, 10.3: concealment in one or two hexes between halves firepower; the third stops the line.
#[test]
fn third_concealed_hex_stops_the_line_itt_7_21_10_3() {
    let b = board(&["..sss..."; 3].map(|r| r), &[], &[]);
    let p = pos(b, &[], Side::Allied);
    let s = p.sight(hex(&p, "B02"), hex(&p, "B05"));
    assert!(s.clear());
    assert_eq!(s.concealed, 2);
    let s = p.sight(hex(&p, "B02"), hex(&p, "B06"));
    assert_eq!(s.blocked_at.map(|h| p.hex_label(h)).as_deref(), Some("B05"));
}
