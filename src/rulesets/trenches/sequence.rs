//! Sequence of play (3, 13): set-up (13.2), the preliminary bombardment (7.86), turns of initiative
//! rounds (3.1, 3.11) with their orders (3.2), recovery (3.12) and victory (13.4).

use hexx::Hex;

use super::events::EventKind;
use super::state::{Fort, Phase, Pos, Rt, Where};
use super::units::{Level, Side};

/// The game begins: fixed units stand where the operation puts them, then the first side places (13.2).
pub fn start(p: &mut Pos, rt: &mut Rt) {
    for u in 0..p.units.len() {
        p.units[u].steps = if p.spec(u).reduced { 1 } else { p.ty(u).steps };
        if p.spec(u).off_map {
            p.units[u].at = Where::OffMap;
        } else if let Some(h) = p.spec(u).at.as_deref().and_then(|l| p.parse_hex(l)) {
            put(p, u, h);
        }
    }
    if let Some(s) = &p.sc.spec.shock
        && s.from == super::scenario::ShockFrom::Start
    {
        p.r.shock_on = true;
        let (side, sub) = (s.side, s.subtype.clone());
        for u in 0..p.units.len() {
            if p.side(u) == side && p.spec(u).subtype == sub {
                p.units[u].shock = true;
            }
        }
    }
    p.r.phase = Phase::SetUp;
    p.r.placing = Some(p.sc.spec.first_placement);
    // 13.1: "Before set up, players must record any hexes that are pre-registered for indirect fire."
    p.r.registering = super::register::next_registrar(p, None);
    if p.r.registering.is_none() {
        next_placer(p, rt);
    }
}

/// A unit set up in a hex: IN its fortification by default (10.51), hidden if the hex gives cover
/// from any source (7.24).
pub fn put(p: &mut Pos, u: usize, h: Hex) {
    let fort = if p.kind(u).enters_fortifications() && p.fortification(h).is_some() { Fort::In } else { Fort::Out };
    let covered = gives_cover(p, h);
    p.r.searched[p.side(u).index()].insert(h);
    let st = &mut p.units[u];
    st.at = Where::Hex(h);
    st.fort = fort;
    st.hidden = covered;
}

/// Whether a hex gives cover from any source, so that a unit set up in it is hidden (7.24).
pub fn gives_cover(p: &Pos, h: Hex) -> bool {
    p.fortification(h).is_some() || p.natural_cover(h) > 0 || p.other_cover(h) > 0 || p.crest(h)
}

/// Units a side has still to place (13.2).
pub fn unplaced(p: &Pos, side: Side) -> impl Iterator<Item = usize> + '_ {
    (0..p.units.len())
        .filter(move |&u| p.side(u) == side && p.units[u].at == Where::Unplaced && p.spec(u).enters.is_none() && !p.spec(u).off_map)
}

/// Moves set-up on when a side has placed everything: to the other side, then the bombardment and turn 1.
pub fn next_placer(p: &mut Pos, rt: &mut Rt) {
    while let Some(side) = p.r.placing {
        if unplaced(p, side).next().is_some() {
            return;
        }
        rt.log("13.2", format!("The {} have set up.", side.name()), EventKind::SetUpDone { side });
        let first = p.sc.spec.first_placement;
        p.r.placing = if side == first { Some(first.enemy()) } else { None };
    }
    if !super::bombardment::begin(p, rt) {
        begin_turn(p, rt);
    }
}

/// A new turn (3.1): its first round.
pub fn begin_turn(p: &mut Pos, rt: &mut Rt) {
    p.r.turn += 1;
    p.r.phase = Phase::Rounds;
    p.r.round = 0;
    rt.log("3.1", format!("Turn {} of {} begins.", p.r.turn, p.sc.spec.turns), EventKind::TurnBegan { turn: p.r.turn });
    super::edges::join_pool(p, rt);
    check_victory(p, rt, false);
    if p.r.outcome.is_none() {
        begin_round(p, rt);
    }
}

/// The cheapest activation a side could pay for, in half orders, if it has a unit to activate (3.2).
pub fn cheapest(p: &Pos, side: Side) -> Option<u32> {
    (0..p.units.len())
        .filter(|&u| p.in_play(u) && p.side(u) == side && p.units[u].level != Level::Spent && super::activation::can_implement(p, &[u]))
        .map(|u| super::activation::unit_cost(p, u))
        .min()
}

fn all_spent(p: &Pos) -> bool {
    p.on_map().all(|u| p.units[u].level == Level::Spent)
}

/// A round (3.11): both roll, the higher issues orders equal to the spread, then the other as many.
pub fn begin_round(p: &mut Pos, rt: &mut Rt) {
    p.r.round += 1;
    if all_spent(p) {
        return end_rounds(p, rt, "every unit on the map is spent");
    }
    loop {
        let (a, _) = rt.dice2("Allied initiative", "3.11");
        let (c, _) = rt.dice2("Central Powers initiative", "3.11");
        p.r.rolls = [a, c];
        let spread = a.abs_diff(c);
        if spread == 0 {
            rt.log(
                "3.11",
                format!("Initiative: both roll {a}."),
                EventKind::Initiative { round: p.r.round, allied: a, central: c, winner: None, orders: 0 },
            );
            if p.r.round == 1 {
                continue;
            }
            return end_rounds(p, rt, "both initiative rolls tie");
        }
        let winner = if a > c { Side::Allied } else { Side::Central };
        let halves = spread * 2;
        // 3.11: at night a spread that lets neither side activate is rolled again.
        if p.is_night() && Side::BOTH.iter().all(|&s| cheapest(p, s).is_none_or(|c| c > halves)) {
            continue;
        }
        p.r.winner = Some(winner);
        p.r.spread = halves;
        p.r.activations = 0;
        rt.log(
            "3.11",
            format!("Round {}: Allied {a}, Central Powers {c}: the {} issue {spread} orders first.", p.r.round, winner.name()),
            EventKind::Initiative { round: p.r.round, allied: a, central: c, winner: Some(winner), orders: spread },
        );
        return begin_half(p, rt, winner, false);
    }
}

fn begin_half(p: &mut Pos, rt: &mut Rt, side: Side, second: bool) {
    p.r.phasing = Some(side);
    p.r.second = second;
    p.r.orders = p.r.spread;
    skip_if_idle(p, rt);
}

/// A side that cannot pay for any activation passes (3.2: orders not spent are passed).
pub fn skip_if_idle(p: &mut Pos, rt: &mut Rt) {
    if p.r.act.is_none() && p.r.window.is_none() && p.r.outcome.is_none() {
        let side = p.r.phasing.expect("a phasing side");
        if cheapest(p, side).is_none_or(|c| c > p.r.orders) {
            rt.log(
                "3.2",
                format!("The {} have no unit they can activate: their orders pass.", side.name()),
                super::events::EventKind::Passed { side },
            );
            end_half(p, rt);
        }
    }
}

/// The phasing side has issued or passed its orders (3.11).
pub fn end_half(p: &mut Pos, rt: &mut Rt) {
    let side = p.r.phasing.expect("a phasing side");
    p.r.orders = 0;
    if !p.r.second {
        return begin_half(p, rt, side.enemy(), true);
    }
    if p.r.activations == 0 {
        return end_rounds(p, rt, "both sides passed all their orders");
    }
    if all_spent(p) {
        return end_rounds(p, rt, "every unit on the map is spent");
    }
    begin_round(p, rt);
}

/// The cycle of rounds ends; recovery (3.12), then the next turn or the end.
fn end_rounds(p: &mut Pos, rt: &mut Rt, reason: &str) {
    rt.log("3.11", format!("The rounds of turn {} end: {reason}.", p.r.turn), EventKind::RoundsEnded { reason: reason.into() });
    p.r.phasing = None;
    p.r.winner = None;
    recovery(p, rt);
    if p.r.turn >= p.sc.spec.turns {
        check_victory(p, rt, true);
    } else {
        begin_turn(p, rt);
    }
}

/// Recovery (3.12): markers off, shovels to scrapes, half-strength units recombined.
pub fn recovery(p: &mut Pos, rt: &mut Rt) {
    rt.log("3.12", format!("Recovery of turn {}.", p.r.turn), EventKind::Recovery { turn: p.r.turn });
    p.r.impacts.clear();
    p.r.reacted.clear();
    p.r.gas = Default::default();
    p.r.smoke = Default::default();
    for u in 0..p.units.len() {
        // 8.4: an immobilized AFV recovers to engaged, never to free.
        p.units[u].level = if p.units[u].immobile { Level::Engaged } else { Level::Free };
        if p.units[u].shovel {
            p.units[u].shovel = false;
            if let Some(h) = p.hex(u) {
                p.r.scrapes.insert(h);
                if p.units[u].fort == Fort::Out && p.fortification(h) == Some(super::map::Fortification::Scrape) {
                    p.units[u].fort = Fort::In;
                }
            }
        }
    }
    // Two half-strength units of one sub-type in a hex make one full unit (3.12).
    let mut u = 0;
    while u < p.units.len() {
        if let Some(h) = p.hex(u)
            && p.ty(u).steps == 2
            && p.units[u].steps == 1
            && let Some(v) = (u + 1..p.units.len())
                .find(|&v| p.hex(v) == Some(h) && p.side(v) == p.side(u) && p.spec(v).subtype == p.spec(u).subtype && p.units[v].steps == 1)
        {
            p.units[u].steps = 2;
            p.units[v].at = Where::Eliminated;
            rt.log(
                "3.12",
                format!("{} and {} recombine into one full unit.", p.name(u), p.name(v)),
                EventKind::Recombined { unit: p.id(u).to_string(), with: p.id(v).to_string() },
            );
        }
        u += 1;
    }
}

/// Whether a side solely occupies a hex with a non-transport unit (13.42).
pub fn controls(p: &Pos, side: Side, h: Hex) -> bool {
    p.side_in(h, side).any(|u| p.kind(u) != super::units::Kind::Transport) && !p.enemy_in(h, side)
}

/// Victory (13.4): the operation's side wins by its conditions, at once for an annihilation or at
/// the game's end; otherwise the other side wins at the end.
pub fn check_victory(p: &mut Pos, rt: &mut Rt, at_end: bool) {
    if p.r.outcome.is_some() || p.r.phase == Phase::SetUp {
        return;
    }
    let v = &p.sc.spec.victory;
    let side = v.side;
    let enemy_left = (0..p.units.len())
        .any(|u| p.side(u) == side.enemy() && !p.spec(u).off_map && matches!(p.units[u].at, Where::Hex(_) | Where::Unplaced | Where::Pool));
    let outcome = if v.annihilate && !enemy_left {
        Some((format!("No {} unit is left on the map (13.4).", side.enemy().name()), Some(side)))
    } else if at_end {
        let held = p.sc.hold.iter().all(|&h| controls(p, side, h));
        let labels: Vec<String> = p.sc.hold.iter().map(|&h| p.hex_label(h)).collect();
        let out = super::edges::exited(p, side);
        let needed = v.exit.as_ref().map(|e| e.units).unwrap_or(0);
        if !held {
            Some((
                format!("The {} do not hold {} at the end of the operation (13.4).", side.name(), labels.join(" and ")),
                Some(side.enemy()),
            ))
        } else if out < needed {
            Some((format!("Only {out} of the {needed} {} units needed have left the map (13.41).", side.name()), Some(side.enemy())))
        } else if v.annihilate && enemy_left {
            Some((format!("{} units are still on the map at the end of the operation (13.4).", side.enemy().name()), Some(side.enemy())))
        } else if !labels.is_empty() {
            Some((format!("The {} hold {} at the end of the operation (13.42).", side.name(), labels.join(" and ")), Some(side)))
        } else {
            Some((format!("{out} {} units have left the map (13.41).", side.name()), Some(side)))
        }
    } else {
        None
    };
    if let Some((reason, winner)) = outcome {
        rt.log("13.4", reason.clone(), EventKind::GameOver { winner, reason: reason.clone() });
        p.r.outcome = Some((reason, winner));
        p.r.act = None;
        p.r.window = None;
    }
}
