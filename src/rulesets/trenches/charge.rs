//! The cavalry charge (8.5): declared at the start of a move with its target hexes (at least three
//! hexes away, open ground or concealment, no enemy AFV, not up a height advantage); charging
//! cavalry move as usual and, after the reaction fire of each target hex they enter, make a
//! casualties dice roll there whose only modifier is +1 per cavalry unit of the charging stack. A
//! unit charges on only if it cleared the hex it charged.

use hexx::Hex;

use crate::engine::Refusal;

use super::activation::{ids, live, resolve_ids};
use super::events::{Command, EventKind};
use super::fire::{Shot, apply, casualties};
use super::refuse;
use super::state::{Pos, Rt};
use super::units::{Kind, Level};

/// Whether a hex may be a charge's target from `start` (8.5).
fn target_ok(p: &Pos, start: Hex, h: Hex, side: super::units::Side) -> Result<(), String> {
    let label = p.hex_label(h);
    if start.unsigned_distance_to(h) < p.sc.tables.cavalry.charge_distance {
        return Err(format!("{label} is less than {} hexes from where the move starts", p.sc.tables.cavalry.charge_distance));
    }
    if !p.side_in(h, side.enemy()).any(|e| !p.units[e].hidden) {
        return Err(format!("no spotted enemy unit in {label}"));
    }
    if p.side_in(h, side.enemy()).any(|e| p.kind(e) == Kind::Afv) {
        return Err(format!("{label} holds an enemy AFV"));
    }
    let cover = p.natural_cover(h).max(p.other_cover(h));
    let uphill = p.crest(h) && p.level(h) > p.level(start);
    if cover > 0 || p.fortification(h).is_some() || uphill {
        return Err(format!("{label} is not open ground or concealment"));
    }
    Ok(())
}

/// Cavalry of the force that may declare a charge: free, not yet moved, not already charging, and
/// free to move: not held in a hex with enemy units (8.2).
fn chargers(p: &Pos) -> Vec<usize> {
    let Some(act) = &p.r.act else { return Vec::new() };
    live(p, act)
        .into_iter()
        .filter(|&u| {
            p.kind(u) == Kind::Cavalry
                && p.units[u].level == Level::Free
                && p.hex(u).is_some_and(|h| !p.enemy_in(h, p.side(u)))
                && !act.moving.contains(&u)
                && !act.moved.contains(&u)
                && !act.charge.contains_key(&u)
        })
        .collect()
}

/// A charge at each single target hex in reach, by each charger or a formation's stack of them.
pub fn candidates(p: &Pos) -> Vec<Command> {
    let Some(act) = &p.r.act else { return Vec::new() };
    let side = act.side.expect("a side");
    let cav = chargers(p);
    let mut groups: Vec<Vec<usize>> = cav.iter().map(|&u| vec![u]).collect();
    if act.formation {
        for h in cav.iter().filter_map(|&u| p.hex(u)) {
            let here: Vec<usize> = cav.iter().copied().filter(|&u| p.hex(u) == Some(h)).collect();
            if here.len() > 1 && !groups.contains(&here) {
                groups.push(here);
            }
        }
    }
    let mut out = Vec::new();
    for g in groups {
        let start = p.hex(g[0]).expect("on the map");
        let reach = super::activation::allowance(p, g[0]);
        for h in start.range(reach).filter(|&h| p.sc.board.contains(h)) {
            if target_ok(p, start, h, side).is_ok() {
                out.push(Command::Charge(ids(p, &g), vec![p.hex_label(h)]));
            }
        }
    }
    out
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let Command::Charge(names, targets) = c else { return Err(refuse("not a charge", "8.5")) };
    let act = p.r.act.as_ref().ok_or_else(|| refuse("no force is activated", "3.3"))?;
    let units = resolve_ids(p, names)?;
    if units.len() > 1 && !act.formation {
        return Err(refuse("only a formation charges as a stack", "8, 8.5"));
    }
    let able = chargers(p);
    for &u in &units {
        if !able.contains(&u) {
            return Err(refuse(format!("{} cannot declare a charge: free cavalry, before it moves", p.id(u)), "8.5"));
        }
    }
    let start = p.hex(units[0]).expect("checked");
    if units.iter().any(|&u| p.hex(u) != Some(start)) {
        return Err(refuse("a charging stack starts in one hex", "8.5"));
    }
    if targets.is_empty() {
        return Err(refuse("name the charge's target hexes", "8.5"));
    }
    for t in targets {
        let h = p.parse_hex(t).ok_or_else(|| refuse(format!("`{t}` is not a hex of the map"), "8.5"))?;
        target_ok(p, start, h, act.side.expect("a side")).map_err(|e| refuse(e, "8.5"))?;
    }
    Ok(())
}

pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    let Command::Charge(names, targets) = c else { unreachable!("checked") };
    let units = resolve_ids(p, &names).expect("checked");
    let hexes: Vec<Hex> = targets.iter().map(|t| p.parse_hex(t).expect("checked")).collect();
    let act = p.r.act.as_mut().expect("checked");
    for &u in &units {
        act.charge.insert(u, hexes.clone());
    }
    rt.log(
        "8.5",
        format!("{} declare a charge at {}.", units.iter().map(|&u| p.name(u)).collect::<Vec<_>>().join(", "), targets.join(", ")),
        EventKind::ChargeDeclared { units: names, targets },
    );
}

/// Charging cavalry that entered one of their target hexes and survived its reaction fire charge
/// there (8.5); those that did not clear it charge no further.
pub fn resolve(p: &mut Pos, rt: &mut Rt, movers: &[usize], h: Hex) {
    let Some(act) = &p.r.act else { return };
    let charging: Vec<usize> =
        movers.iter().copied().filter(|&u| p.hex(u) == Some(h) && act.charge.get(&u).is_some_and(|t| t.contains(&h))).collect();
    if charging.is_empty() {
        return;
    }
    let side = p.side(charging[0]);
    let bonus = p.sc.tables.cavalry.charge_per_unit * charging.len() as i32;
    let shot = Shot { cover_times: 0, bonus, ..Shot::new(0.0, vec![h], false, true) };
    let friends: Vec<usize> = p.side_in(h, side).collect();
    let (hits, _) = casualties(p, rt, h, &shot, &[], &friends, &[], "8.5");
    apply(p, rt, &hits, false, "8.5");
    let cleared = !p.enemy_in(h, side);
    let act = p.r.act.as_mut().expect("checked");
    for u in charging {
        if cleared {
            if let Some(t) = act.charge.get_mut(&u) {
                t.retain(|x| *x != h);
            }
        } else {
            act.charge.remove(&u);
        }
    }
}
