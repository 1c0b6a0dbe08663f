//! Orders and activation (3.2, 3.3), commitment (4) and formations (5): who may be activated
//! together, what it costs, and what each unit of an activated force may still do.

use std::collections::BTreeSet;

use crate::engine::Refusal;

use super::events::{Command, EventKind};
use super::refuse;
use super::state::{Act, Pos, Rt};
use super::units::{Kind, Level, Side};

/// Half orders to activate one unit (3.2: half an order for a shock unit, doubled at night).
pub fn unit_cost(p: &Pos, u: usize) -> u32 {
    let o = &p.sc.tables.orders;
    let c = if p.units[u].shock { o.shock_halves } else { o.unit_halves };
    if p.is_night() { c * o.night_multiplier } else { c }
}

/// Half orders to activate a force.
pub fn force_cost(p: &Pos, units: &[usize]) -> u32 {
    if units.len() == 1 {
        unit_cost(p, units[0])
    } else {
        let o = &p.sc.tables.orders;
        if p.is_night() { o.formation_halves * o.night_multiplier } else { o.formation_halves }
    }
}

/// Movement allowance of a unit (8.1; shock troops, 3.2).
pub fn allowance(p: &Pos, u: usize) -> u32 {
    let printed = if p.units[u].shock { p.sc.tables.shock.movement } else { p.ty(u).movement };
    printed + super::leadership::bonus(p, u, super::events::Stat::Movement)
}

/// Whether units may combine into a formation (5.1): two to four (three but infantry) of one
/// sub-type and letter in a contiguous mass, or a shock unit with one other non-shock unit in the
/// same or an adjacent hex.
pub fn formation_ok(p: &Pos, units: &[usize]) -> Result<(), String> {
    if units.len() < 2 {
        return Err("a formation has at least two units (5.1)".into());
    }
    let pool = super::edges::all_in_pool(p, units);
    let hexes: Vec<_> = units.iter().map(|&u| p.hex(u)).collect();
    if !pool && hexes.iter().any(|h| h.is_none()) {
        return Err("every unit of a formation is on the map, or all of them in the off-map pool (13.3)".into());
    }
    // 13.3: units in the pool may assume they are in one hex.
    let hexes: Vec<_> = hexes.into_iter().map(|h| h.unwrap_or_default()).collect();
    if units.len() == 2 {
        let (a, b) = (units[0], units[1]);
        if p.units[a].shock != p.units[b].shock && hexes[0].unsigned_distance_to(hexes[1]) <= 1 {
            return Ok(());
        }
        if !pool && carrier(p, units).is_some() {
            return Ok(());
        }
    }
    let first = units[0];
    let (sub, letter) = (&p.spec(first).subtype, p.letter(first));
    if units.iter().any(|&u| &p.spec(u).subtype != sub || p.letter(u) != letter) {
        return Err("the units of a formation share their sub-type and letter ID (5.1)".into());
    }
    let max = if p.kind(first) == Kind::Infantry { p.sc.tables.formations.infantry_max } else { p.sc.tables.formations.other_max };
    if units.len() as u32 > max {
        return Err(format!("a formation of {sub} has {max} units at most (5.1)"));
    }
    // Contiguous mass: connected by same-hex or adjacent links.
    let mut reached = vec![false; units.len()];
    reached[0] = true;
    let mut stack = vec![0];
    while let Some(i) = stack.pop() {
        for j in 0..units.len() {
            if !reached[j] && hexes[i].unsigned_distance_to(hexes[j]) <= 1 {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    if reached.iter().all(|r| *r) { Ok(()) } else { Err("the units of a formation form one contiguous mass (5.1)".into()) }
}

/// A transport and its passenger (5.1, 11.5): one transport with one infantry or ordnance unit of
/// 155 mm or less in its hex, step for step; the transport's index.
pub fn carrier(p: &Pos, units: &[usize]) -> Option<usize> {
    let [a, b] = units else { return None };
    let (t, pass) = if p.kind(*a) == Kind::Transport { (*a, *b) } else { (*b, *a) };
    let fits = matches!(p.kind(pass), Kind::Infantry | Kind::MachineGun | Kind::Ordnance) && p.ty(pass).calibre <= 155;
    (p.kind(t) == Kind::Transport && fits && p.hex(t).is_some() && p.hex(t) == p.hex(pass) && p.units[t].steps >= p.units[pass].steps)
        .then_some(t)
}

/// The forces a side could activate or react with: every unit and every formation (5.1), among
/// `eligible` units.
pub fn forces(p: &Pos, eligible: &[usize]) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = eligible.iter().map(|&u| vec![u]).collect();
    // Formations of one sub-type and letter: every contiguous subset of two or more.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &u in eligible {
        match groups.iter_mut().find(|g| p.spec(g[0]).subtype == p.spec(u).subtype && p.letter(g[0]) == p.letter(u)) {
            Some(g) => g.push(u),
            None => groups.push(vec![u]),
        }
    }
    for g in groups.iter().filter(|g| g.len() >= 2) {
        let n = g.len().min(6);
        for mask in 1u32..(1 << n) {
            if mask.count_ones() < 2 {
                continue;
            }
            let set: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).map(|i| g[i]).collect();
            if formation_ok(p, &set).is_ok() {
                out.push(set);
            }
        }
    }
    // A transport with a passenger (5.1, 11.5).
    for &a in eligible.iter().filter(|&&u| p.kind(u) == Kind::Transport) {
        for &b in eligible.iter().filter(|&&u| u != a) {
            let pair = if a < b { vec![a, b] } else { vec![b, a] };
            if !out.contains(&pair) && carrier(p, &pair).is_some() {
                out.push(pair);
            }
        }
    }
    // A shock unit with one other non-shock unit (5.1).
    for &a in eligible.iter().filter(|&&u| p.units[u].shock) {
        for &b in eligible.iter().filter(|&&u| !p.units[u].shock) {
            let pair = if a < b { vec![a, b] } else { vec![b, a] };
            if !out.contains(&pair) && formation_ok(p, &pair).is_ok() {
                out.push(pair);
            }
        }
    }
    out
}

/// Every non-empty subset of a few units, in order (formations combine any of their units, 5.2).
pub fn subsets(units: &[usize]) -> Vec<Vec<usize>> {
    let n = units.len().min(8);
    (1u32..(1 << n)).map(|mask| (0..n).filter(|i| mask & (1 << i) != 0).map(|i| units[i]).collect()).collect()
}

/// Units named by id, each once.
pub fn resolve_ids(p: &Pos, ids: &[String]) -> Result<Vec<usize>, Refusal> {
    let mut out = Vec::new();
    for id in ids {
        let u = p.find(id).ok_or_else(|| refuse(format!("there is no unit `{id}`"), "2.4"))?;
        if out.contains(&u) {
            return Err(refuse(format!("{id} is named twice"), "3.3"));
        }
        out.push(u);
    }
    if out.is_empty() {
        return Err(refuse("name at least one unit", "3.3"));
    }
    Ok(out)
}

pub fn ids(p: &Pos, units: &[usize]) -> Vec<String> {
    units.iter().map(|&u| p.id(u).to_string()).collect()
}

/// Units of the phasing side that may be activated: on the map and not spent (4).
fn activatable(p: &Pos, side: Side) -> Vec<usize> {
    (0..p.units.len()).filter(|&u| p.in_play(u) && p.side(u) == side && p.units[u].level != Level::Spent).collect()
}

/// Activations and the pass, when the phasing side has no force active (3.2).
pub fn candidates(p: &Pos) -> Vec<Command> {
    let Some(side) = p.r.phasing else { return Vec::new() };
    if p.r.infiltrating.is_some() {
        let mut out: Vec<Command> = super::bombardment::infiltrators(p, side)
            .into_iter()
            .filter(|&u| can_implement(p, &[u]))
            .map(|u| Command::Activate(ids(p, &[u])))
            .collect();
        out.push(Command::Pass);
        return out;
    }
    let mut out: Vec<Command> = forces(p, &activatable(p, side))
        .into_iter()
        .filter(|f| force_cost(p, f) <= p.r.orders)
        .map(|f| Command::Activate(ids(p, &f)))
        .collect();
    out.push(Command::Pass);
    out
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let side = p.r.phasing.ok_or_else(|| refuse("no side is issuing orders", "3.11"))?;
    match c {
        Command::Pass => Ok(()),
        Command::Activate(names) if p.r.infiltrating.is_some() => {
            let units = resolve_ids(p, names)?;
            if units.len() > 1 {
                return Err(refuse("shock units move one at a time during the bombardment, never as a formation", "7.862"));
            }
            if !super::bombardment::infiltrators(p, side).contains(&units[0]) {
                return Err(refuse(format!("{} is not a shock unit that has yet to move", p.id(units[0])), "7.862"));
            }
            if !can_implement(p, &units) {
                return Err(refuse(format!("{} has nowhere to move", p.id(units[0])), "7.862"));
            }
            Ok(())
        }
        Command::Activate(names) => {
            let units = resolve_ids(p, names)?;
            for &u in &units {
                if p.side(u) != side {
                    return Err(refuse(format!("{} is not a {} unit", p.id(u), side.name()), "3.2"));
                }
                if !p.in_play(u) {
                    return Err(refuse(format!("{} is not on the map", p.id(u)), "3.3, 13.3"));
                }
                if p.units[u].level == Level::Spent {
                    return Err(refuse(format!("{} is spent: it can do nothing this turn", p.id(u)), "4"));
                }
            }
            if units.len() > 1 {
                formation_ok(p, &units).map_err(|e| refuse(e, "5.1"))?;
            }
            let cost = force_cost(p, &units);
            if cost > p.r.orders {
                return Err(refuse(format!("this activation costs {} orders; {} are left", halves(cost), halves(p.r.orders)), "3.2"));
            }
            if !can_implement(p, &units) {
                return Err(refuse(
                    "an activated force must implement its order at once, and this one can neither dig, move, fire nor fight",
                    "3.3",
                ));
            }
            Ok(())
        }
        _ => Err(refuse("activate a unit or formation, or pass", "3.2")),
    }
}

/// The activation a force would begin (3.3): its units, their start hexes and movement points.
pub fn new_act(p: &Pos, side: Side, units: &[usize]) -> Act {
    let mut act = Act {
        side: Some(side),
        units: units.to_vec(),
        formation: units.len() > 1,
        bombardment_move: p.r.infiltrating.is_some(),
        ..Act::default()
    };
    for &u in units {
        if let Some(h) = p.hex(u) {
            act.start.insert(u, h);
        }
        act.mp.insert(u, 3 * allowance(p, u) as i32);
    }
    act
}

/// Whether an activated force could do anything at all (3.3: it must implement at once).
pub fn can_implement(p: &Pos, units: &[usize]) -> bool {
    let mut q = p.clone();
    q.r.act = Some(new_act(p, p.side(units[0]), units));
    !force_candidates(&q).is_empty()
}

/// Half orders in words.
pub fn halves(h: u32) -> String {
    if h.is_multiple_of(2) { format!("{}", h / 2) } else { format!("{}½", h / 2) }
}

pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    let side = p.r.phasing.expect("checked");
    if p.r.infiltrating.is_some() {
        match c {
            Command::Pass => super::bombardment::end_infiltration(p, rt),
            Command::Activate(names) => {
                let units = resolve_ids(p, &names).expect("checked");
                rt.log(
                    "7.862",
                    format!("{} takes its free move under the bombardment.", p.name(units[0])),
                    EventKind::Activated { side, units: names, formation: false, cost: 0 },
                );
                p.r.act = Some(new_act(p, side, &units));
            }
            _ => unreachable!("checked"),
        }
        return;
    }
    match c {
        Command::Pass => {
            rt.log("3.2", format!("The {} pass on their remaining orders.", side.name()), EventKind::Passed { side });
            super::sequence::end_half(p, rt);
        }
        Command::Activate(names) => {
            let units = resolve_ids(p, &names).expect("checked");
            let cost = force_cost(p, &units);
            p.r.orders -= cost;
            p.r.activations += 1;
            let formation = units.len() > 1;
            let act = new_act(p, side, &units);
            rt.log(
                "3.3",
                format!(
                    "The {} activate {}{} for {} order(s); {} left.",
                    side.name(),
                    units.iter().map(|&u| p.name(u)).collect::<Vec<_>>().join(", "),
                    if formation { " as a formation" } else { "" },
                    halves(cost),
                    halves(p.r.orders)
                ),
                EventKind::Activated { side, units: names, formation, cost },
            );
            p.r.act = Some(act);
            end_if_idle(p, rt);
        }
        _ => unreachable!("checked"),
    }
}

/// Ends the activation (3.3): movers finish their move (4: commitment after moving).
pub fn end_activation(p: &mut Pos, rt: &mut Rt) {
    super::movement::finish_moving(p, rt);
    super::armour::forfeit_second_shots(p, rt);
    if let Some(act) = p.r.act.take_if(|a| a.bombardment_move) {
        for &u in &act.units {
            super::bombardment::moved(p, rt, u);
        }
        let side = act.side.expect("a side");
        if super::bombardment::infiltrators(p, side).into_iter().all(|u| !can_implement(p, &[u])) {
            super::bombardment::end_infiltration(p, rt);
        }
        return;
    }
    p.r.act = None;
    if p.r.outcome.is_some() {
        return;
    }
    let side = p.r.phasing.expect("a phasing side");
    if super::sequence::cheapest(p, side).is_none_or(|c| c > p.r.orders) {
        super::sequence::end_half(p, rt);
    }
}

/// Ends the activation when none of its units can do anything more.
pub fn end_if_idle(p: &mut Pos, rt: &mut Rt) {
    if p.r.act.is_some() && p.r.window.is_none() && p.r.outcome.is_none() && force_candidates(p).is_empty() {
        end_activation(p, rt);
    }
}

/// Units of the force that have not finished: neither fought, dug, fired nor been eliminated.
pub fn live(p: &Pos, act: &Act) -> BTreeSet<usize> {
    act.units.iter().copied().filter(|&u| p.in_play(u) && !act.busy.contains(&u) && !act.fired.contains(&u)).collect()
}

/// Everything the active force may do now but end its activation (6-9).
pub fn force_candidates(p: &Pos) -> Vec<Command> {
    let mut out = super::movement::candidates(p);
    // 7.862: movement only.
    if p.r.act.as_ref().is_some_and(|a| a.bombardment_move) {
        out.retain(|c| matches!(c, Command::Move(..)));
        return out;
    }
    out.extend(super::fire::candidates(p));
    out.extend(super::indirect::candidates(p));
    out.extend(super::close_combat::candidates(p));
    out.extend(super::armour::candidates(p));
    out.extend(super::charge::candidates(p));
    out
}
