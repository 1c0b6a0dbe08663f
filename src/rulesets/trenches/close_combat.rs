//! Close combat (9): declared by an activated force in a hex where it began its activation with
//! enemy units; every free or engaged phasing unit and every non-phasing unit there fights; odds of
//! close combat values by steps (9.1), the table (9.2), losses each side allocates, commitment.

use hexx::Hex;

use crate::engine::Refusal;

use super::activation::live;
use super::events::{Command, EventKind};
use super::fire::{escalate, lose_step, reveal};
use super::refuse;
use super::state::{Fort, Pos, Rt};
use super::units::{Level, Side};

/// A unit's close combat value per step (9.1; shock troops, 3.2).
pub fn value(p: &Pos, u: usize) -> u32 {
    if p.units[u].shock { p.sc.tables.shock.close_combat } else { p.ty(u).close_combat }
}

/// Whether enemy units in the hex are IN a fortification (10.5, 10.52: OUT and wire units may not
/// start close combat against them).
fn defended(p: &Pos, h: Hex, side: Side) -> bool {
    p.side_in(h, side.enemy()).any(|u| matches!(p.units[u].fort, Fort::In | Fort::Dugout))
}

/// The phasing units that fight in a hex (9): free or engaged, and not OUT or on wire against a
/// fortification.
pub fn attackers(p: &Pos, h: Hex, side: Side) -> Vec<usize> {
    let fort = defended(p, h, side);
    p.side_in(h, side)
        .filter(|&u| p.units[u].level != Level::Spent)
        .filter(|&u| !fort || p.units[u].fort == Fort::In || p.units[u].fort == Fort::Dugout)
        .collect()
}

/// Units of the active force that may declare close combat in their hex (9).
fn initiators(p: &Pos, h: Hex) -> Vec<usize> {
    let Some(act) = &p.r.act else { return Vec::new() };
    let side = act.side.expect("a side");
    let fort = defended(p, h, side);
    live(p, act)
        .into_iter()
        .filter(|&u| {
            p.hex(u) == Some(h)
                && act.start.get(&u) == Some(&h)
                && p.units[u].level != Level::Spent
                && !act.moved.contains(&u)
                && !act.moving.contains(&u)
                && (!fort || matches!(p.units[u].fort, Fort::In | Fort::Dugout))
        })
        .collect()
}

pub fn candidates(p: &Pos) -> Vec<Command> {
    let Some(act) = &p.r.act else { return Vec::new() };
    let side = act.side.expect("a side");
    let mut hexes: Vec<Hex> = act.start.values().copied().filter(|&h| p.enemy_in(h, side) && !initiators(p, h).is_empty()).collect();
    hexes.sort_by_key(|h| p.sc.board.index(*h));
    hexes.dedup();
    hexes.into_iter().map(|h| Command::CloseCombat(p.hex_label(h))).collect()
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let Command::CloseCombat(l) = c else { return Err(refuse("not close combat", "9")) };
    let act = p.r.act.as_ref().ok_or_else(|| refuse("no force is activated", "3.3"))?;
    let h = p.parse_hex(l).ok_or_else(|| refuse(format!("`{l}` is not a hex of the map"), "9"))?;
    if !p.enemy_in(h, act.side.expect("a side")) {
        return Err(refuse(format!("no enemy unit in {l}"), "9"));
    }
    if initiators(p, h).is_empty() {
        return Err(refuse(
            format!(
                "no unit of the force began its activation in {l} free or engaged, and able to reach the enemy (OUT and wire units cannot attack a fortification)"
            ),
            "9, 10.5",
        ));
    }
    Ok(())
}

/// Losses a side allocates (9.2): the computer and the rules spread them, flipping full units before
/// eliminating reduced ones, so that most units stay in the fight.
fn take_losses(p: &mut Pos, rt: &mut Rt, units: &[usize], mut n: u32) {
    while n > 0 {
        let alive: Vec<usize> = units.iter().copied().filter(|&u| p.hex(u).is_some()).collect();
        let Some(&u) = alive.iter().max_by_key(|&&u| (p.units[u].steps, std::cmp::Reverse(u))) else { return };
        lose_step(p, rt, u, "9.2");
        n -= 1;
    }
}

pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    let Command::CloseCombat(l) = c else { unreachable!("checked") };
    super::movement::finish_moving(p, rt);
    let h = p.parse_hex(&l).expect("checked");
    let side = p.r.act.as_ref().and_then(|a| a.side).expect("checked");
    let att = attackers(p, h, side);
    let def: Vec<usize> = p.side_in(h, side.enemy()).collect();
    for &u in att.iter().chain(&def) {
        reveal(p, rt, u);
    }
    let sum = |p: &Pos, us: &[usize]| us.iter().map(|&u| p.units[u].steps * value(p, u)).sum::<u32>();
    let (a, d) = (sum(p, &att), sum(p, &def));
    let (oa, od, modifier) = p.sc.tables.odds_modifier(a, d).unwrap_or((1, 1, 0));
    let (roll, _) = rt.dice2(&format!("close combat in {l}"), "9.2");
    let (al, dl) = p.sc.tables.close_combat_losses(roll as i32 + modifier);
    rt.log(
        "9.2",
        format!("Close combat in {l}: {a} against {d}, odds {oa}:{od} ({modifier:+}); roll {roll}{modifier:+} = {}: the attacker loses {al}, the defender {dl}.", roll as i32 + modifier),
        EventKind::CloseCombat { hex: l.clone(), attacker: a, defender: d, roll, modifier, attacker_losses: al, defender_losses: dl },
    );
    p.r.melee.insert(h);
    take_losses(p, rt, &def, dl);
    take_losses(p, rt, &att, al);
    for &u in att.iter().chain(&def) {
        if p.hex(u).is_some() {
            escalate(p, rt, u, 1, "9");
        }
    }
    if let Some(act) = p.r.act.as_mut() {
        for &u in &att {
            if act.units.contains(&u) {
                act.busy.insert(u);
            }
        }
    }
    clear_melee(p);
    super::sequence::check_victory(p, rt, false);
    super::activation::end_if_idle(p, rt);
}

/// A close combat marker stays until one side alone is in the hex (9).
pub fn clear_melee(p: &mut Pos) {
    let hexes: Vec<Hex> = p.r.melee.iter().collect();
    for h in hexes {
        if !(p.side_in(h, Side::Allied).next().is_some() && p.side_in(h, Side::Central).next().is_some()) {
            p.r.melee.remove(&h);
        }
    }
}
