//! Set-up (13.2): each side places its units in their set-up areas, three to a hex at most (2.8),
//! the operation's first side first; units in a hex with cover start hidden (7.24).

use crate::engine::Refusal;

use super::events::{Command, EventKind};
use super::refuse;
use super::sequence::{next_placer, put, unplaced};
use super::state::{Pos, Rt, Where};

/// Placements for the side to place: every unplaced unit in every hex of its area with room.
pub fn candidates(p: &Pos) -> Vec<Command> {
    let Some(side) = p.r.placing else { return Vec::new() };
    let mut out = Vec::new();
    for u in unplaced(p, side) {
        let mut hexes: Vec<_> = p.sc.setup[u].iter().filter(|&h| p.side_in(h, side).count() < 3).collect();
        hexes.sort_by_key(|h| p.sc.board.index(*h));
        for h in hexes {
            out.push(Command::Place(p.id(u).to_string(), p.hex_label(h)));
        }
    }
    out
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let Command::Place(id, hex) = c else { return Err(refuse("place your units first", "13.2")) };
    let side = p.r.placing.ok_or_else(|| refuse("set-up is over", "13.2"))?;
    let u = p.find(id).ok_or_else(|| refuse(format!("there is no unit `{id}`"), "13.2"))?;
    if p.side(u) != side {
        return Err(refuse(format!("the {} place their units now", side.name()), "13.2"));
    }
    if p.units[u].at != Where::Unplaced {
        return Err(refuse(format!("{id} is already placed"), "13.2"));
    }
    let h = p.parse_hex(hex).ok_or_else(|| refuse(format!("`{hex}` is not a hex of the map"), "13.2"))?;
    if !p.sc.setup[u].contains(&h) {
        return Err(refuse(format!("{hex} is not in {id}'s set-up area `{}`", p.spec(u).setup), "13.2"));
    }
    if p.side_in(h, side).count() >= 3 {
        return Err(refuse(format!("{hex} already holds three units of a side"), "2.8"));
    }
    Ok(())
}

pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    let Command::Place(id, hex) = c else { unreachable!("checked") };
    let u = p.find(&id).expect("checked");
    let h = p.parse_hex(&hex).expect("checked");
    put(p, u, h);
    rt.log("13.2", format!("{} is placed in {hex}.", p.name(u)), EventKind::Placed { unit: id, hex });
    next_placer(p, rt);
}
