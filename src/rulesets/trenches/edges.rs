//! The map's edges (13.3, 13.41): units joining their side's off-map pool on their turn of entry and
//! entering from it at their set-up area, and units leaving the map where the operation's victory
//! conditions let them.

use hexx::Hex;

use crate::engine::Refusal;

use super::activation::resolve_ids;
use super::events::{Command, EventKind};
use super::refuse;
use super::state::{Pos, Rt, Where};
use super::units::Side;

/// Units whose turn of entry has come join the pool (13.3).
pub fn join_pool(p: &mut Pos, rt: &mut Rt) {
    for side in Side::BOTH {
        let due: Vec<usize> = (0..p.units.len())
            .filter(|&u| p.side(u) == side && p.units[u].at == Where::Unplaced && p.spec(u).enters.is_some_and(|t| t <= p.r.turn))
            .collect();
        if due.is_empty() {
            continue;
        }
        for &u in &due {
            p.units[u].at = Where::Pool;
        }
        let names: Vec<String> = due.iter().map(|&u| p.id(u).to_string()).collect();
        rt.log(
            "13.3",
            format!("{} join the {} off-map pool.", due.iter().map(|&u| p.name(u)).collect::<Vec<_>>().join(", "), side.name()),
            EventKind::Pooled { side, units: names },
        );
    }
}

/// Whether units may form one force from the pool: all of them in it (13.3: they may assume they
/// are in one hex or adjacent).
pub fn all_in_pool(p: &Pos, units: &[usize]) -> bool {
    units.iter().all(|&u| p.units[u].at == Where::Pool)
}

/// The hexes a unit in the pool may enter at: its set-up area (13.3: the prescribed locations).
pub fn entry_hexes(p: &Pos, u: usize) -> Vec<Hex> {
    let mut v: Vec<Hex> = p.sc.setup[u].iter().collect();
    v.sort_by_key(|h| p.sc.board.index(*h));
    v
}

/// The hexes units of the operation's side may leave the map from (13.41).
pub fn exit_hexes(p: &Pos, side: Side) -> &[Hex] {
    if p.sc.spec.victory.side == side { &p.sc.exits } else { &[] }
}

/// Units that have left the map (13.41).
pub fn exited(p: &Pos, side: Side) -> u32 {
    (0..p.units.len()).filter(|&u| p.side(u) == side && p.units[u].at == Where::Exited).count() as u32
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let Command::Exit(names) = c else { return Err(refuse("not an exit", "13.41")) };
    let units = resolve_ids(p, names)?;
    let side = p.r.act.as_ref().and_then(|a| a.side).ok_or_else(|| refuse("no force is activated", "3.3"))?;
    let from = p.hex(units[0]).ok_or_else(|| refuse("the unit is not on the map", "13.41"))?;
    if !exit_hexes(p, side).contains(&from) {
        return Err(refuse(format!("the operation does not let the {} leave the map from {}", side.name(), p.hex_label(from)), "8, 13.41"));
    }
    super::movement::exit_check(p, &units)
}

/// Units leave the map for one movement point; they cannot come back (13.41).
pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    let Command::Exit(names) = c else { unreachable!("checked") };
    let units = resolve_ids(p, &names).expect("checked");
    super::movement::pay_exit(p, rt, &units);
    for u in units {
        let from = p.hex(u).expect("checked");
        p.units[u].at = Where::Exited;
        rt.log(
            "13.41",
            format!("{} leaves the map from {}.", p.name(u), p.hex_label(from)),
            EventKind::Exited { unit: p.id(u).to_string() },
        );
    }
    super::sequence::check_victory(p, rt, false);
    super::activation::end_if_idle(p, rt);
}
