//! The players' own pre-game note (7.88, 13.1): "Before set up, he writes down the battery, its
//! pre-registered hex(es) and the ammo and fire pattern to be used against each targeted hex on a
//! pre-game note." Where an operation affords a side pre-registered hexes (`pre_registration`),
//! its player registers them before set-up, the first placer first; the note is hidden from the
//! other side until a battery fires at one of its hexes. The operation's own `registered` hexes are
//! kept as they are.

use crate::engine::Refusal;

use super::events::{Ammo, Command, EventKind, Grain, Pattern};
use super::refuse;
use super::scenario::Registration;
use super::state::{Pos, Rt, Where};
use super::units::Side;

/// The patterns a note may name (7.83).
pub const PATTERNS: [Pattern; 5] = [
    Pattern::Drum,
    Pattern::Hurricane,
    Pattern::Barrage(Grain::EastWest),
    Pattern::Barrage(Grain::NorthEastSouthWest),
    Pattern::Barrage(Grain::NorthWestSouthEast),
];

/// The hexes the operation affords a side (7.88).
pub fn allowance(p: &Pos, side: Side) -> u32 {
    p.sc.spec.pre_registration.get(side.id()).copied().unwrap_or(0)
}

/// The hexes a side has noted so far.
pub fn noted(p: &Pos, side: Side) -> u32 {
    p.r.notes.iter().filter(|(b, _, _)| p.side(*b) == side).count() as u32
}

/// A side's batteries: units with indirect fire, not eliminated (7.8, 7.88).
pub fn batteries(p: &Pos, side: Side) -> Vec<usize> {
    (0..p.units.len()).filter(|&u| p.side(u) == side && p.ty(u).indirect_range.is_some() && p.units[u].at != Where::Eliminated).collect()
}

/// The side to write its note after `after` (the first placer first, 13.2), if any has an
/// allowance and a battery.
pub fn next_registrar(p: &Pos, after: Option<Side>) -> Option<Side> {
    let first = p.sc.spec.first_placement;
    let order = match after {
        None => vec![first, first.enemy()],
        Some(s) if s == first => vec![first.enemy()],
        Some(_) => vec![],
    };
    order.into_iter().find(|&s| allowance(p, s) > 0 && !batteries(p, s).is_empty())
}

/// Every registration still open to the side writing its note, and the end of the note.
pub fn candidates(p: &Pos) -> Vec<Command> {
    let Some(side) = p.r.registering else { return Vec::new() };
    let mut out = Vec::new();
    if noted(p, side) < allowance(p, side) {
        let mut hexes: Vec<_> = p.sc.board.hexes().collect();
        hexes.sort_by_key(|h| p.sc.board.index(*h));
        for u in batteries(p, side) {
            for &h in &hexes {
                for ammo in [Ammo::HighExplosive, Ammo::Shrapnel, Ammo::Gas, Ammo::Smoke] {
                    for pattern in PATTERNS {
                        let c = Command::Register(p.id(u).to_string(), p.hex_label(h), ammo, pattern);
                        if check(p, &c).is_ok() {
                            out.push(c);
                        }
                    }
                }
            }
        }
    }
    out.push(Command::DoneRegistering);
    out
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let side = p.r.registering.ok_or_else(|| refuse("the pre-game note is written", "13.1"))?;
    let Command::Register(id, hex, ammo, pattern) = c else {
        return match c {
            Command::DoneRegistering => Ok(()),
            _ => Err(refuse("write your pre-game note first: Register hexes, or DoneRegistering", "7.88, 13.1")),
        };
    };
    let u = p.find(id).ok_or_else(|| refuse(format!("there is no unit `{id}`"), "7.88"))?;
    if !batteries(p, side).contains(&u) {
        return Err(refuse(format!("{id} is not a battery of the {} with indirect fire", side.name()), "7.88"));
    }
    if noted(p, side) >= allowance(p, side) {
        return Err(refuse(format!("the operation affords the {} {} pre-registered hexes", side.name(), allowance(p, side)), "7.88"));
    }
    let h = p.parse_hex(hex).ok_or_else(|| refuse(format!("`{hex}` is not a hex of the map"), "7.88"))?;
    if super::indirect::registered_hexes(p, u).contains(&h) {
        return Err(refuse(format!("{hex} is already pre-registered for {id}"), "7.88"));
    }
    super::indirect::ammo_allowed(&p.sc.tables, (p.sc.spec.era, p.sc.year()), side, Some(p.ty(u)), *ammo, *pattern)
        .map_err(|e| refuse(e, "7.5"))
}

pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    let side = p.r.registering.expect("checked");
    match c {
        Command::Register(id, hex, ammo, pattern) => {
            let u = p.find(&id).expect("checked");
            let h = p.parse_hex(&hex).expect("checked");
            p.r.notes.push((u, h, Registration { hex: hex.clone(), pattern, ammo }));
            rt.log(
                "7.88",
                format!("{} pre-registers {hex}: {}, {pattern:?}.", p.name(u), ammo.name()),
                EventKind::Registered { unit: id, hex },
            );
        }
        _ => {
            rt.log("13.1", format!("The {} have written their pre-game note.", side.name()), EventKind::NoteWritten { side });
            p.r.registering = next_registrar(p, Some(side));
            if p.r.registering.is_none() {
                super::sequence::next_placer(p, rt);
            }
        }
    }
}
