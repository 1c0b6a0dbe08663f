//! Phase C (5: buying the second strategy) and phase D: German operational movement (6) and the
//! strategies played at its end (12.1.1 In the mud, 12.2.1 Waterfront).

use bevy::prelude::*;

use crate::engine::Refusal;

use super::events::{Command, EventKind};
use super::state::{Pos, Rt};
use super::strategy::Timing;
use super::units::{Kind, Side, Where};
use super::{sequence, stratagems};

// ---- Phase C (5) ----

pub fn buy_candidates(p: &Pos) -> Vec<Command> {
    let Some(side) = p.r.buying else { return Vec::new() };
    let mut out = vec![Command::Done];
    if side == Side::German {
        out.push(Command::BuyRandom);
    }
    for &c in &p.r.container[side.index()] {
        let counter = &p.sc.spec.strategies[c];
        for c in [Command::Buy(counter.reusable), Command::Buy(counter.one_time)] {
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// What the second counter costs a camp (5): chosen, or drawn at random.
pub fn buy_cost(p: &Pos, side: Side, chosen: bool) -> u32 {
    let t = &p.sc.tables.strategies;
    match (side, chosen) {
        (Side::FrancoBelgian, _) => t.franco_belgian_choice,
        (Side::German, true) => t.german_choice,
        (Side::German, false) => t.german_random,
    }
}

pub fn buy_check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let Some(side) = p.r.buying else { return Err(Refusal::new("nobody is buying a strategy now")) };
    match c {
        Command::Done => Ok(()),
        Command::BuyRandom if side == Side::FrancoBelgian => {
            Err(Refusal::by_rule("5", "the Franco-Belgian buys the counter of his choice (Buy), not at random"))
        }
        Command::BuyRandom | Command::Buy(_) => {
            let cost = buy_cost(p, side, matches!(c, Command::Buy(_)));
            if p.r.rp[side.index()] < cost {
                return Err(Refusal::by_rule("5", format!("the counter costs {cost} RP; {} RP left", p.r.rp[side.index()])));
            }
            if let Command::Buy(s) = c
                && !p.r.container[side.index()]
                    .iter()
                    .any(|&i| [p.sc.spec.strategies[i].reusable, p.sc.spec.strategies[i].one_time].contains(s))
            {
                return Err(Refusal::by_rule("5", format!("no counter with {} is in the container", s.name())));
            }
            Ok(())
        }
        _ => Err(Refusal::by_rule("5", "phase C: buy a second strategy counter (Buy, BuyRandom) or Done")),
    }
}

/// Carries out a checked command of phase C on a position.
pub fn buy_exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    let side = p.r.buying.expect("a side is buying");
    let s = side.index();
    match c {
        Command::Buy(strategy) => {
            p.r.rp[s] -= buy_cost(p, side, true);
            let i = p.r.container[s]
                .iter()
                .position(|&i| [p.sc.spec.strategies[i].reusable, p.sc.spec.strategies[i].one_time].contains(&strategy))
                .expect("checked");
            let counter = p.r.container[s].remove(i);
            p.r.hands[s].push(counter);
            rt.log("5", format!("{} buys a strategy counter of his choice", side.name()), EventKind::Drew { side });
        }
        Command::BuyRandom => {
            p.r.rp[s] -= buy_cost(p, side, false);
            sequence::draw(p, rt, side, "5");
        }
        _ => {}
    }
    p.r.buying = if side == Side::FrancoBelgian { Some(Side::German) } else { None };
    sequence::next_buyer(p, rt);
}

// ---- Phase D (6) ----

/// Units that may leave the HQ zone (6: battalions and field artillery; the Fußartillerie never).
fn may_move(p: &Pos, u: usize) -> bool {
    p.side(u) == Side::German && matches!(p.kind(u), Kind::Battalion | Kind::FieldArtillery) && !p.r.op_moved.contains(&u)
}

/// The zones units entering from the HQ zone may be placed in (6).
pub fn entry_zones(p: &Pos) -> Vec<u32> {
    p.sc.zone_ids().filter(|&z| (p.sc.zone(z).entry || p.sc.zone(z).tervaete && p.r.flags.tervaete) && !p.flooded(z)).collect()
}

pub fn candidates(p: &Pos) -> Vec<Command> {
    if let Some(side) = p.r.end_of_d {
        let mut out = vec![Command::Done];
        out.extend(stratagems::playable(p, side).into_iter().filter(|s| s.timing() == Timing::EndOfD).map(Command::Play));
        return out;
    }
    let mut out = vec![Command::Done];
    let entries = entry_zones(p);
    // Every unit that may move: a command is carried out exactly when listed, so counters of one kind
    // and division, interchangeable as they are, are each listed.
    for u in p.in_zone(p.sc.hq) {
        if !may_move(p, u) {
            continue;
        }
        for &z in &entries {
            out.push(Command::Enter(p.id(u).to_string(), z));
        }
    }
    for u in sequence::on_map(p, Side::German) {
        if may_move(p, u) && p.zone_of(u) != Some(p.sc.hq) {
            out.push(Command::Exit(p.id(u).to_string()));
        }
    }
    out
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    if let Some(side) = p.r.end_of_d {
        return match c {
            Command::Done => Ok(()),
            Command::Play(s) => stratagems::check_play(p, side, *s, Timing::EndOfD),
            _ => Err(Refusal::by_rule("12", "the end of phase D: play In the mud or Waterfront, or Done")),
        };
    }
    match c {
        Command::Done => Ok(()),
        Command::Enter(id, zone) => {
            let u = p.find(id).ok_or_else(|| Refusal::new(format!("there is no unit `{id}`")))?;
            if !may_move(p, u) {
                return Err(Refusal::by_rule("6", "only German battalions and field artillery move to and from the HQ zone, once a phase"));
            }
            if p.zone_of(u) != Some(p.sc.hq) {
                return Err(Refusal::by_rule("6", format!("{id} is not in the HQ zone of the XXII Reserve-Korps")));
            }
            if !entry_zones(p).contains(zone) {
                return Err(Refusal::by_rule(
                    "6",
                    format!("zone {zone} is not an entry zone on the east edge (nor zone 1 after an Offensive on Tervaete)"),
                ));
            }
            if p.occupant(*zone) == Some(Side::FrancoBelgian) || !p.enemy_zones(*zone, Side::FrancoBelgian).is_empty() {
                return Err(Refusal::by_rule("6", format!("zone {zone} is next to (or held by) Franco-Belgian units")));
            }
            if !p.stacking_ok(*zone, &[u], &[]) {
                return Err(Refusal::by_rule("1.1.2", format!("zone {zone} would be over-stacked")));
            }
            Ok(())
        }
        Command::Exit(id) => {
            let u = p.find(id).ok_or_else(|| Refusal::new(format!("there is no unit `{id}`")))?;
            if !may_move(p, u) || p.zone_of(u).is_none_or(|z| z == p.sc.hq) {
                return Err(Refusal::by_rule(
                    "6",
                    format!("{id} is not a German battalion or field artillery regiment on the map that has not moved this phase"),
                ));
            }
            Ok(())
        }
        _ => Err(Refusal::by_rule("6", "phase D: Enter, Exit or Done")),
    }
}

/// Carries out a checked command of phase D on a position.
pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    if p.r.end_of_d.is_some() {
        if let Command::Play(s) = c {
            let side = p.r.end_of_d.expect("checked");
            stratagems::play(p, rt, side, s);
        }
        sequence::end_of_d(p, rt);
        return;
    }
    match c {
        Command::Enter(id, zone) => {
            let u = p.find(&id).expect("checked");
            p.r.op_moved.insert(u);
            p.units[u].at = Where::Zone(zone);
            rt.log("6", format!("{id} enters zone {zone}"), EventKind::Moved { units: vec![id.clone()], from: p.sc.hq, to: zone });
        }
        Command::Exit(id) => {
            let u = p.find(&id).expect("checked");
            let from = p.zone_of(u).unwrap_or_default();
            p.r.op_moved.insert(u);
            p.units[u].at = Where::Zone(p.sc.hq);
            rt.log("6", format!("{id} goes back to the HQ zone"), EventKind::Moved { units: vec![id.clone()], from, to: p.sc.hq });
        }
        _ => {
            rt.log("6", "the German operational movement ends", EventKind::Note);
            sequence::end_of_d(p, rt);
        }
    }
}
