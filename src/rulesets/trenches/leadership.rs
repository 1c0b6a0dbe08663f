//! Leadership (12): an operation may give a side leadership points for some types of units. One
//! point, spent on an activation or a reaction fire, raises firepower, range, resolve or movement by
//! one for every unit of the force, for that activation or reaction fire only, before any other
//! modification.

use crate::engine::Refusal;

use super::events::{Command, EventKind, Stat};
use super::refuse;
use super::state::{Pos, Rt};
use super::units::Side;

pub const STATS: [Stat; 4] = [Stat::Firepower, Stat::Range, Stat::Resolve, Stat::Movement];

impl Stat {
    pub fn name(self) -> &'static str {
        match self {
            Stat::Firepower => "firepower",
            Stat::Range => "range",
            Stat::Resolve => "resolve",
            Stat::Movement => "movement",
        }
    }
}

/// Leadership points a side has left (12).
pub fn points_left(p: &Pos, side: Side) -> u32 {
    let given = p.sc.spec.leadership.get(side.id()).map(|l| l.points).unwrap_or(0);
    given.saturating_sub(p.r.led[side.index()])
}

/// Whether a unit is of a type the side's leadership points serve (12).
fn led_type(p: &Pos, u: usize) -> bool {
    p.sc.spec.leadership.get(p.side(u).id()).is_some_and(|l| l.subtypes.is_empty() || l.subtypes.contains(&p.spec(u).subtype))
}

/// The leadership bonus a unit has now for a statistic: +1 while its activation or its reaction fire
/// spends a point on it (12).
pub fn bonus(p: &Pos, u: usize, stat: Stat) -> u32 {
    let in_act = p.r.act.as_ref().is_some_and(|a| a.lead == Some(stat) && a.units.contains(&u));
    let reacting = p.r.led_reaction.iter().any(|&(v, s)| v == u && s == stat);
    u32::from(in_act || reacting)
}

/// The units a point would lead now: the activated force before it acts, or the non-phasing side's
/// units that may react (12).
fn led_units(p: &Pos) -> Option<(Side, Vec<usize>)> {
    if p.r.window.is_some() {
        let side = p.r.phasing?.enemy();
        if p.r.reaction_lead.is_some() {
            return None;
        }
        return Some((side, p.on_map().filter(|&u| p.side(u) == side).collect()));
    }
    let act = p.r.act.as_ref()?;
    let untouched = act.moving.is_empty() && act.moved.is_empty() && act.fired.is_empty() && act.busy.is_empty() && act.shots.is_empty();
    if act.lead.is_some() || !untouched {
        return None;
    }
    Some((act.side?, act.units.clone()))
}

pub fn candidates(p: &Pos) -> Vec<Command> {
    match check(p, &Command::Lead(Stat::Firepower)) {
        Ok(()) => STATS.iter().map(|&s| Command::Lead(s)).collect(),
        Err(_) => Vec::new(),
    }
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let Command::Lead(_) = c else { return Err(refuse("not leadership", "12")) };
    let (side, units) =
        led_units(p).ok_or_else(|| refuse("a leadership point is spent as a force is activated or reaction fires, one per force", "12"))?;
    if points_left(p, side) == 0 {
        return Err(refuse(format!("the {} have no leadership point left", side.name()), "12"));
    }
    if p.r.window.is_none() && !units.iter().all(|&u| led_type(p, u)) {
        return Err(refuse("the operation's leadership points serve other types of units", "12"));
    }
    if p.r.window.is_some() && !units.iter().any(|&u| led_type(p, u)) {
        return Err(refuse("the operation's leadership points serve other types of units", "12"));
    }
    Ok(())
}

pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    let Command::Lead(stat) = c else { unreachable!("checked") };
    let (side, units) = led_units(p).expect("checked");
    p.r.led[side.index()] += 1;
    if p.r.window.is_some() {
        p.r.reaction_lead = Some(stat);
    } else {
        let act = p.r.act.as_mut().expect("checked");
        act.lead = Some(stat);
        // 8.1: one more movement point (thirds, 5.3).
        if stat == Stat::Movement {
            for u in units {
                *act.mp.entry(u).or_default() += 3;
            }
        }
    }
    rt.log(
        "12",
        format!("The {} spend a leadership point: +1 {} ({} left).", side.name(), stat.name(), points_left(p, side)),
        EventKind::Led { side, stat },
    );
}

/// The reaction fire just declared takes the point declared for it (12).
pub fn lead_reaction(p: &mut Pos, units: &[usize]) {
    if let Some(stat) = p.r.reaction_lead.take() {
        for &u in units {
            if led_type(p, u) {
                p.r.led_reaction.push((u, stat));
            }
        }
    }
}
