//! Positions built on the shipped scenario, with only the units a test needs: the rules are plain
//! functions of a position, so a test sets the units where the rule wants them, forces the dice and
//! calls the rule.

use salient::engine::Dice;
use salient::engine::journal::Journal;
use salient::rulesets::dixmude::Event;
use salient::rulesets::dixmude::state::{Act, Phase, Pos, Rt};
use salient::rulesets::dixmude::units::{Level, Side, Where};

use super::random_play::open;

/// The position at the first decision of the campaign (turn 1, phase C).
pub fn start() -> Pos {
    Pos::capture(open(0).world())
}

/// The same with every unit off the map and no trenches.
pub fn empty() -> Pos {
    let mut p = start();
    for u in &mut p.units {
        u.at = Where::Waiting;
    }
    p.r.trenches.clear();
    p
}

pub fn u(p: &Pos, id: &str) -> usize {
    p.find(id).unwrap_or_else(|| panic!("no unit {id}"))
}

/// Puts a unit in a zone at a level.
pub fn put(p: &mut Pos, id: &str, zone: u32, level: Level) -> usize {
    let i = u(p, id);
    p.units[i].at = Where::Zone(zone);
    p.units[i].level = level;
    i
}

pub fn at(p: &Pos, id: &str) -> Where {
    p.units[u(p, id)].at
}

pub fn level(p: &Pos, id: &str) -> Level {
    p.units[u(p, id)].level
}

/// Runs a rule with forced dice; returns what it returns and the events it logged.
pub fn with_dice<T>(p: &mut Pos, dice: &[u32], f: impl FnOnce(&mut Pos, &mut Rt) -> T) -> (T, Vec<Event>) {
    let mut d = Dice::new(0);
    d.force(dice.iter().copied());
    let mut j: Journal<Event> = Journal::default();
    let out = f(p, &mut Rt { dice: &mut d, journal: &mut j });
    assert!(d.forced_remaining().is_empty(), "dice left unused: {:?}", d.forced_remaining());
    (out, j.events().cloned().collect())
}

/// Phase F with `side` active and an activation of `units` under way.
pub fn activation(p: &mut Pos, side: Side, units: &[&str]) {
    p.r.phase = Phase::Activation;
    p.r.impulse.side = Some(side);
    let units = units.iter().map(|id| u(p, id)).collect();
    p.r.impulse.act = Some(Act { units, assaults_left: 1, ..Default::default() });
}
