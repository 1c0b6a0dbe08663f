//! Positions on small test maps: the rules are plain functions of a position, so a test draws the
//! ground the rule needs, puts the units where the rulebook's example puts them, forces the dice and
//! calls the rule (or `exec`, as the game does).

use std::sync::Arc;

use salient::engine::board::{HexBoard, HexMapSpec};
use salient::engine::journal::Journal;
use salient::engine::source::Problems;
use salient::engine::{Dice, Refusal};
use salient::rulesets::trenches::scenario::{Scenario, UnitSpec};
use salient::rulesets::trenches::state::{Act, Fort, HexSet, Phase, Pos, Rest, Rt, UnitState, Where};
use salient::rulesets::trenches::units::{Level, Side};
use salient::rulesets::trenches::{Command, Event, exec};

use super::random_play::open;

/// A map of `rows` (one string per row, one character per hex: `.` open, `w` woods, `v` village,
/// `s` shattered woods, `c` crater, `h` wheat), with hex features and road paths.
pub fn board(rows: &[&str], features: &[(&str, &[&str])], roads: &[&[&str]]) -> HexBoard {
    let cols = rows[0].chars().filter(|c| !c.is_whitespace()).count();
    let q = |v: &[&str]| v.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(", ");
    let text = format!(
        "HexMap(format: 1, ruleset: \"trenches\", name: \"test\", source: \"test\", orientation: PointyTop, shifted: Even, columns: {cols}, rows: {}, hex_metres: 91,
        legend: {{ '.': \"open\", 'w': \"woods\", 'v': \"village\", 's': \"shattered_woods\", 'c': \"crater\", 'h': \"wheat\" }},
        terrain: [{}], places: [], hex_features: [{}], hexside_features: [{}])",
        rows.len(),
        q(rows),
        features.iter().map(|(k, h)| format!("(kind: \"{k}\", hexes: [{}])", q(h))).collect::<Vec<_>>().join(", "),
        roads.iter().map(|p| format!("(kind: \"road\", path: [{}])", q(p))).collect::<Vec<_>>().join(", "),
    );
    let spec: HexMapSpec = ron::from_str(&text).expect("a test map");
    let mut problems = Problems::default();
    let b = HexBoard::from_spec(&spec, None, None, None, &mut problems).expect("a test map");
    assert!(problems.is_empty(), "{problems:?}");
    b
}

/// The Hill 142 operation's scenario, for its tables and rules.
pub fn shipped() -> Scenario {
    let g = open(super::random_play::OPERATIONS[0], 0);
    (*g.world().resource::<salient::rulesets::trenches::state::Setup>().0).clone()
}

/// A position on `board` with `units` (id, side, sub-type, letter, hex) placed, turn 1, the
/// `phasing` side issuing orders with plenty of them.
pub fn pos(board: HexBoard, units: &[(&str, Side, &str, char, &str)], phasing: Side) -> Pos {
    let mut sc = shipped();
    sc.spec.units = units
        .iter()
        .map(|(id, side, sub, letter, hex)| UnitSpec {
            id: id.to_string(),
            side: *side,
            subtype: sub.to_string(),
            letter: *letter,
            setup: hex.to_string(),
            at: Some(hex.to_string()),
            reduced: false,
            enters: None,
            off_map: false,
            firepower: None,
            registered: Vec::new(),
            sapper: false,
        })
        .collect();
    sc.setup = units.iter().map(|_| board.hexes().collect::<HexSet>()).collect();
    sc.spec.bombardment = None;
    sc.spec.shock = None;
    sc.spec.concealment_turns.clear();
    sc.board = board;
    let sc = Arc::new(sc);
    let states = units
        .iter()
        .enumerate()
        .map(|(i, (_, _, _, _, hex))| UnitState {
            at: Where::Hex(sc.board.parse(hex).expect("a hex of the test map")),
            ..UnitState::new(sc.unit_type(i).steps, sc.spec.units[i].letter)
        })
        .collect();
    let r = Rest {
        turn: 1,
        phase: Phase::Rounds,
        round: 1,
        phasing: Some(phasing),
        winner: Some(phasing),
        spread: 20,
        orders: 20,
        activations: 1,
        ..Rest::default()
    };
    let mut p = Pos { sc, units: states, r };
    p.r.wire = p.sc.board.hexes().filter(|&h| p.sc.board.hex_features(h).iter().any(|f| f.kind == "wire")).collect();
    for u in 0..p.units.len() {
        let h = p.hex(u).expect("placed");
        if p.kind(u).enters_fortifications() && p.fortification(h).is_some() {
            p.units[u].fort = Fort::In;
        }
    }
    p
}

pub fn u(p: &Pos, id: &str) -> usize {
    p.find(id).unwrap_or_else(|| panic!("no unit {id}"))
}

pub fn hex(p: &Pos, label: &str) -> hexx::Hex {
    p.parse_hex(label).unwrap_or_else(|| panic!("no hex {label}"))
}

pub fn at(p: &Pos, id: &str) -> Option<String> {
    p.hex(u(p, id)).map(|h| p.hex_label(h))
}

pub fn level(p: &Pos, id: &str) -> Level {
    p.units[u(p, id)].level
}

pub fn steps(p: &Pos, id: &str) -> u32 {
    p.units[u(p, id)].steps
}

/// An activation of `units` (as a formation when more than one) under way.
pub fn activate(p: &mut Pos, units: &[&str]) {
    let us: Vec<usize> = units.iter().map(|id| u(p, id)).collect();
    let mut act = Act { side: p.r.phasing, units: us.clone(), formation: us.len() > 1, ..Act::default() };
    for &x in &us {
        if let Some(h) = p.hex(x) {
            act.start.insert(x, h);
        }
        act.mp.insert(x, 3 * salient::rulesets::trenches::activation::allowance(p, x) as i32);
    }
    p.r.act = Some(act);
}

/// Runs a rule with forced dice; returns what it returns and the events it logged. Every forced
/// die must be used.
pub fn with_dice<T>(p: &mut Pos, dice: &[u32], f: impl FnOnce(&mut Pos, &mut Rt) -> T) -> (T, Vec<Event>) {
    let mut d = Dice::new(0);
    d.force(dice.iter().copied());
    let mut j: Journal<Event> = Journal::default();
    let out = f(p, &mut Rt { dice: &mut d, journal: &mut j });
    assert!(d.forced_remaining().is_empty(), "dice left unused: {:?}", d.forced_remaining());
    (out, j.events().cloned().collect())
}

/// Checks and carries out a command as the game does, with forced dice.
pub fn submit(p: &mut Pos, c: Command, dice: &[u32]) -> Result<Vec<Event>, Refusal> {
    salient::rulesets::trenches::check(p, &c)?;
    Ok(with_dice(p, dice, |p, rt| exec(p, rt, c)).1)
}

pub fn ids(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// A unit's state, to change.
pub fn st<'a>(p: &'a mut Pos, id: &str) -> &'a mut UnitState {
    let i = u(p, id);
    &mut p.units[i]
}

/// The rule a refusal cites.
pub fn refused_by(r: Result<Vec<Event>, Refusal>) -> String {
    r.expect_err("the command is refused").rule.unwrap_or_default()
}
