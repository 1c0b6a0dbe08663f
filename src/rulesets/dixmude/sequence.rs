//! The sequence of play (2): the turn begins with the initiative (3) and the resource points (4),
//! then the phases C to G; the end of the turn keeps RP and one strategy (4.1, 5.2) and looks at
//! victory (11).

use super::events::EventKind;
use super::state::{Act, Bombing, Impulse, Phase, Pos, Rt};
use super::strategy::Timing;
use super::units::{Kind, Side, Where};

/// The game begins with turn 1.
pub fn start(p: &mut Pos, rt: &mut Rt) {
    p.r.turn = 1;
    begin_turn(p, rt);
}

fn phase(p: &mut Pos, rt: &mut Rt, phase: Phase, rule: &str) {
    p.r.phase = phase;
    rt.log(rule, format!("Turn {}, phase {}", p.r.turn, phase.name()), EventKind::PhaseBegan { phase: phase.name().to_string() });
}

/// A and B: initiative (3) and resource points (4.1); then C.
fn begin_turn(p: &mut Pos, rt: &mut Rt) {
    let turn = p.r.turn;
    rt.log("2", format!("Turn {turn} begins"), EventKind::TurnBegan { turn });
    let grossetti = p.r.flags.grossetti.is_some_and(|t| t + 1 == turn);
    p.r.initiative = Some(if grossetti { Side::FrancoBelgian } else { Side::German });
    rt.log("3", format!("{} initiative", p.r.initiative.map(|s| s.name()).unwrap_or_default()), EventKind::Note);
    for u in 0..p.units.len() {
        p.units[u].used = false;
        p.units[u].raised = false;
    }
    p.r.flags.taube = false;
    p.r.flags.barely = false;
    let t = p.sc.tables.resource_points.clone();
    for side in Side::BOTH {
        let gain = if side == Side::German { t.german } else { t.franco_belgian };
        let rp = (p.r.rp[side.index()] + gain).min(t.cap);
        p.r.rp[side.index()] = rp;
        rt.log("4.1", format!("{}: {rp} resource points", side.name()), EventKind::ResourcePoints { side, rp });
    }
    phase(p, rt, Phase::Strategies, "5");
    for side in Side::BOTH {
        draw(p, rt, side, "5");
    }
    p.r.buying = Some(Side::FrancoBelgian);
    next_buyer(p, rt);
}

/// Draws a counter at random from a camp's container into its hand (5).
pub fn draw(p: &mut Pos, rt: &mut Rt, side: Side, rule: &str) {
    let s = side.index();
    if p.r.container[s].is_empty() || p.r.hands[s].len() as u32 >= p.sc.tables.strategies.hand {
        return;
    }
    let i = rt.dice.draw(p.r.container[s].len(), format!("{} strategy draw", side.name()), rule);
    let c = p.r.container[s].remove(i);
    p.r.hands[s].push(c);
    rt.log(rule, format!("{} draws a strategy counter", side.name()), EventKind::Drew { side });
}

/// Whether a camp may still buy its second counter (5, 5.2).
pub fn may_buy(p: &Pos, side: Side) -> bool {
    let s = side.index();
    let cost = match side {
        Side::FrancoBelgian => p.sc.tables.strategies.franco_belgian_choice,
        Side::German => p.sc.tables.strategies.german_random.min(p.sc.tables.strategies.german_choice),
    };
    !p.r.kept[s] && (p.r.hands[s].len() as u32) < p.sc.tables.strategies.hand && !p.r.container[s].is_empty() && p.r.rp[s] >= cost
}

/// Moves phase C on to the next camp that may buy, then to phase D.
pub fn next_buyer(p: &mut Pos, rt: &mut Rt) {
    while let Some(side) = p.r.buying {
        if may_buy(p, side) {
            return;
        }
        p.r.buying = if side == Side::FrancoBelgian { Some(Side::German) } else { None };
    }
    p.r.kept = [false, false];
    phase(p, rt, Phase::Operational, "6");
    p.r.end_of_d = None;
    p.r.op_moved.clear();
}

/// The German has finished his operational movement: the strategies of the end of phase D (12).
pub fn end_of_d(p: &mut Pos, rt: &mut Rt) {
    let mut next = match p.r.end_of_d {
        None => Some(Side::FrancoBelgian),
        Some(Side::FrancoBelgian) => Some(Side::German),
        Some(Side::German) => None,
    };
    while let Some(side) = next {
        if holds(p, side, Timing::EndOfD) {
            p.r.end_of_d = Some(side);
            return;
        }
        next = if side == Side::FrancoBelgian { Some(Side::German) } else { None };
    }
    p.r.end_of_d = None;
    phase(p, rt, Phase::Bombing, "7");
    p.r.bombing = Bombing { to_move: Some(Side::German), ..Default::default() };
    super::bombing::next(p, rt);
}

/// Whether a camp holds a strategy playable at this moment.
pub fn holds(p: &Pos, side: Side, timing: Timing) -> bool {
    super::stratagems::playable(p, side).iter().any(|s| s.timing() == timing)
}

/// Phase F begins (8): the initiative camp activates first; Grossetti and the General offensive give
/// three activations in a row (12).
pub fn begin_activation(p: &mut Pos, rt: &mut Rt) {
    phase(p, rt, Phase::Activation, "8");
    let side = p.r.initiative.unwrap_or(Side::German);
    let turn = p.r.turn;
    let owed = |played: Option<u32>| if played.is_some_and(|t| t + 1 == turn) { 2 } else { 0 };
    let mut owed = [owed(p.r.flags.grossetti), owed(p.r.flags.general)];
    // Whichever camp has the initiative: each takes its row when its turn first comes.
    let chain = std::mem::take(&mut owed[side.index()]);
    p.r.impulse = Impulse { side: Some(side), chain, owed, ..Default::default() };
}

/// The activation under way, if any.
pub fn act(p: &Pos) -> Option<&Act> {
    p.r.impulse.act.as_ref()
}

/// Phase G begins (9).
pub fn begin_reorganisation(p: &mut Pos, rt: &mut Rt) {
    p.r.impulse = Impulse::default();
    phase(p, rt, Phase::Reorganisation, "9");
    super::reorganisation::begin(p, rt);
}

/// The end of the turn: victory (11), RP kept (4.1), strategies kept or returned (5.2), the next turn.
pub fn end_turn(p: &mut Pos, rt: &mut Rt) {
    if let Some((result, winner)) = victory(p) {
        let text = format!("{result} at the end of turn {}", p.r.turn);
        rt.log(if p.r.turn >= p.sc.tables.turns { "11.2" } else { "11.1" }, text, EventKind::GameOver { result: result.clone(), winner });
        p.r.outcome = Some((result, winner));
        return;
    }
    let t = p.sc.tables.resource_points.clone();
    for side in Side::BOTH {
        let s = side.index();
        let stock = p.r.rp[s].saturating_sub(p.r.unstockable[s]).min(t.stock);
        p.r.rp[s] = stock;
        p.r.unstockable[s] = 0;
        // 5.2: one unused counter may be kept; the others go back to the container.
        let mut hand = std::mem::take(&mut p.r.hands[s]);
        p.r.kept[s] = !hand.is_empty();
        if !hand.is_empty() {
            let keep = hand.remove(0);
            p.r.hands[s].push(keep);
        }
        p.r.container[s].extend(hand);
        p.r.container[s].sort();
    }
    p.r.turn += 1;
    begin_turn(p, rt);
}

/// The camp holding a zone: units of that camp in it.
fn holder(p: &Pos, zone: u32) -> Option<Side> {
    p.in_zone(zone).into_iter().find(|&u| p.is_infantry(u)).map(|u| p.side(u))
}

/// 11.1 (turns before the last) and 11.2 (the last turn): the result, if the game ends now.
pub fn victory(p: &Pos) -> Option<(String, Option<Side>)> {
    let zones: Vec<u32> = p.sc.zone_ids().collect();
    let german_left_bank = zones.iter().any(|&z| p.sc.zone(z).victory_left_bank && holder(p, z) == Some(Side::German));
    let diksmuide = zones.iter().copied().find(|&z| p.sc.zone(z).diksmuide);
    let diksmuide_holder = diksmuide.and_then(|z| holder(p, z));
    if p.r.turn < p.sc.tables.turns {
        return german_left_bank
            .then(|| ("Major German victory: the Germans hold the left bank of the Yser".to_string(), Some(Side::German)));
    }
    if german_left_bank {
        return Some(if diksmuide_holder == Some(Side::German) {
            ("Major German victory: Diksmuide and the left bank".to_string(), Some(Side::German))
        } else {
            ("Minor German victory: a foothold on the left bank".to_string(), Some(Side::German))
        });
    }
    if diksmuide_holder == Some(Side::German) {
        return Some(("Tie (the historical result): the Germans hold Diksmuide".to_string(), None));
    }
    let left_bank_held = zones.iter().filter(|&&z| p.sc.zone(z).hold_left_bank).all(|&z| p.occupant(z) != Some(Side::German));
    if diksmuide_holder == Some(Side::FrancoBelgian) && left_bank_held {
        let beyond = zones.iter().any(|&z| (p.sc.zone(z).eessen || p.sc.zone(z).woumen) && holder(p, z) == Some(Side::FrancoBelgian));
        return Some(if beyond {
            ("Major Franco-Belgian victory: Diksmuide, the left bank and Eessen or Woumen".to_string(), Some(Side::FrancoBelgian))
        } else {
            ("Minor Franco-Belgian victory: Diksmuide and the left bank held".to_string(), Some(Side::FrancoBelgian))
        });
    }
    Some(("Tie: neither camp meets a victory condition".to_string(), None))
}

/// Units of a camp on the map, in scenario order.
pub fn on_map(p: &Pos, side: Side) -> Vec<usize> {
    (0..p.units.len()).filter(|&u| p.side(u) == side && matches!(p.units[u].at, Where::Zone(_))).collect()
}

/// Artillery of a camp that may still fire.
pub fn fresh_guns(p: &Pos, side: Side) -> Vec<usize> {
    on_map(p, side).into_iter().filter(|&u| p.kind(u).is_artillery() && !p.units[u].used && !silenced(p, u)).collect()
}

/// No more shells for the 75 (12.2.2): the Gr Pontus may not fire this turn.
pub fn silenced(p: &Pos, u: usize) -> bool {
    p.r.flags.no_shells == Some(p.r.turn) && p.spec(u).formation == "Pontus"
}

/// Artillery bombing strength (1.3.2), with the 75 mm cannon worn out (12.2.2).
pub fn strength(p: &Pos, u: usize) -> i32 {
    if p.r.flags.cannon_worn && p.spec(u).formation == "Pontus" {
        return p.spec(u).strength.min(2);
    }
    p.spec(u).strength
}

pub fn is_hq(p: &Pos, u: usize) -> bool {
    p.kind(u) == Kind::Hq
}
