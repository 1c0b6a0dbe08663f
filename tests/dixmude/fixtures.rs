//! Positions built on the shipped scenario, with only the units a test needs: the rules are plain
//! functions of a position, so a test sets the units where the rule wants them, forces the dice and
//! calls the rule.

use salient::engine::journal::Journal;
use salient::engine::{Dice, Refusal};
use salient::rulesets::dixmude::state::{Act, Phase, Pos, Rt};
use salient::rulesets::dixmude::units::{Level, Side, Where};
use salient::rulesets::dixmude::{Command, Event, Strategy, activation, bombing, operational, reorganisation, stratagems};

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

/// What `Ruleset::check` answers in the position's phase, read from the phase's own check.
pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    match p.r.phase {
        Phase::Strategies => operational::buy_check(p, c),
        Phase::Operational => operational::check(p, c),
        Phase::Bombing => bombing::check(p, c),
        Phase::Activation => activation::check(p, c),
        Phase::Reorganisation => reorganisation::check(p, c),
        Phase::TurnStart => Err(Refusal::new("the game has not begun")),
    }
}

/// What `Ruleset::legal` lists in the position's phase: its candidates that pass its check.
pub use salient::rulesets::dixmude::legal_at as legal;

/// Gives a camp exactly these strategies in hand: the counters it held go back to its container,
/// and the first counter of the camp bearing each strategy comes to hand. Returns the counters.
pub fn hand(p: &mut Pos, side: Side, strategies: &[Strategy]) -> Vec<usize> {
    let s = side.index();
    let held = std::mem::take(&mut p.r.hands[s]);
    p.r.container[s].extend(held);
    p.r.container[s].sort();
    let mut counters = Vec::new();
    for &strategy in strategies {
        let c =
            p.sc.spec
                .strategies
                .iter()
                .position(|c| c.side == side && (c.reusable == strategy || c.one_time == strategy))
                .unwrap_or_else(|| panic!("no {} counter with {strategy:?}", side.name()));
        p.r.container[s].retain(|&x| x != c);
        p.r.hands[s].push(c);
        counters.push(c);
    }
    counters
}

/// Plays a strategy as the `Play` command of its phase does: checked, then applied (12).
pub fn play(p: &mut Pos, side: Side, s: Strategy) -> Vec<Event> {
    if let Err(r) = check(p, &Command::Play(s)) {
        panic!("Play({s:?}) refused: {r}");
    }
    let (_, events) = with_dice(p, &[], |p, rt| stratagems::play(p, rt, side, s));
    if p.r.phase == Phase::Activation {
        p.r.impulse.follow_up = false;
    }
    events
}

/// The end of phase D, `side` deciding on its strategies (12.1.1, 12.2.1).
pub fn end_of_d(p: &mut Pos, side: Side) {
    p.r.phase = Phase::Operational;
    p.r.end_of_d = Some(side);
}

/// Phase E, `side` to bomb or play (7.2).
pub fn bombing_by(p: &mut Pos, side: Side) {
    p.r.phase = Phase::Bombing;
    p.r.bombing.shot = None;
    p.r.bombing.to_move = Some(side);
}

/// Phase G, `side` reorganising (9).
pub fn reorganising(p: &mut Pos, side: Side) {
    p.r.phase = Phase::Reorganisation;
    p.r.reorganising = Some(side);
}

/// Phase F, no activation under way: the activation of the zone of `ids` is checked as `Activate`
/// would be, paid (1 RP) and resolved without moving, as `Activate` then `Done`.
pub fn resolve_activation(p: &mut Pos, ids: &[&str]) {
    let units: Vec<usize> = ids.iter().map(|id| u(p, id)).collect();
    let zone = p.zone_of(units[0]).unwrap_or_else(|| panic!("{} is not on the map", ids[0]));
    let side = p.r.impulse.side.expect("someone activates");
    let c = Command::Activate(zone, ids.iter().map(|id| id.to_string()).collect());
    if let Err(r) = check(p, &c) {
        panic!("{c:?} refused: {r}");
    }
    p.r.rp[side.index()] -= p.sc.tables.resource_points.activation;
    p.r.impulse.act = Some(Act { units, assaults_left: 1, ..Default::default() });
    with_dice(p, &[], activation::end_activation);
}
