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
    p.side_in(h, side.enemy()).any(|u| matches!(p.units[u].fort, Fort::In | Fort::Dugout | Fort::Fortress))
}

/// Whether enemy units in the hex are IN its fortress (9: "Only sappers and flamethrowers can
/// engage in close combat against enemy units IN a fortress").
fn fortress_held(p: &Pos, h: Hex, side: Side) -> bool {
    p.side_in(h, side.enemy()).any(|u| p.units[u].fort == Fort::Fortress)
}

/// A sapper (an operation's designation) or a flamethrower (a row of the tables): the units that
/// storm fortifications (9, 10.53).
pub fn breacher(p: &Pos, u: usize) -> bool {
    p.spec(u).sapper || p.ty(u).flamethrower
}

/// Whether a unit reaches enemy units IN a fortification of its hex (9, 10.5, 10.52): it is IN
/// one itself, or it is a sapper or flamethrower ("With the exception of Flamethrower and Sappers,
/// Units on OUT and/or wire counters CANNOT initiate close combat against Units in a
/// fortification").
fn reaches(p: &Pos, u: usize, (fort, fortress): (bool, bool)) -> bool {
    if fortress {
        return breacher(p, u);
    }
    !fort || matches!(p.units[u].fort, Fort::In | Fort::Dugout) || breacher(p, u)
}

/// The phasing units that fight in a hex (9): free or engaged, and not OUT or on wire against a
/// fortification unless sappers or flamethrowers.
pub fn attackers(p: &Pos, h: Hex, side: Side) -> Vec<usize> {
    let fort = (defended(p, h, side), fortress_held(p, h, side));
    p.side_in(h, side).filter(|&u| p.units[u].level != Level::Spent).filter(|&u| reaches(p, u, fort)).collect()
}

/// Units of the active force that may declare close combat in their hex (9).
fn initiators(p: &Pos, h: Hex) -> Vec<usize> {
    let Some(act) = &p.r.act else { return Vec::new() };
    let side = act.side.expect("a side");
    let fort = (defended(p, h, side), fortress_held(p, h, side));
    live(p, act)
        .into_iter()
        .filter(|&u| {
            p.hex(u) == Some(h)
                && act.start.get(&u) == Some(&h)
                && p.units[u].level != Level::Spent
                && !act.moved.contains(&u)
                && !act.moving.contains(&u)
                && reaches(p, u, fort)
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
                "no unit of the force began its activation in {l} free or engaged, and able to reach the enemy (OUT and wire units other than sappers and flamethrowers cannot attack a fortification; only they attack a fortress)"
            ),
            "9, 10.5",
        ));
    }
    Ok(())
}

/// The units of a side that may take its close combat losses: its participants still in the fight.
fn loss_takers(p: &Pos, side: Side) -> Vec<usize> {
    let Some((_, att, def)) = &p.r.melee_after else { return Vec::new() };
    att.iter().chain(def).copied().filter(|&u| p.side(u) == side && p.hex(u).is_some()).collect()
}

/// Moves the allocation on (9.2): a side with nothing left to choose (its losses take every step it
/// has, or it has one unit left) loses them at once; when both are done the combat ends.
fn next_losses(p: &mut Pos, rt: &mut Rt) {
    while let Some(&(side, n)) = p.r.losses.first() {
        let takers = loss_takers(p, side);
        let steps: u32 = takers.iter().map(|&u| p.units[u].steps).sum();
        if n > 0 && n < steps && takers.len() > 1 {
            return;
        }
        for u in takers {
            for _ in 0..p.units[u].steps.min(n) {
                if p.hex(u).is_some() {
                    lose_step(p, rt, u, "9.2");
                }
            }
        }
        p.r.losses.remove(0);
    }
    if let Some((h, att, def)) = p.r.melee_after.take() {
        end_combat(p, rt, h, &att, &def);
    }
}

pub fn loss_candidates(p: &Pos) -> Vec<Command> {
    let Some(&(side, _)) = p.r.losses.first() else { return Vec::new() };
    loss_takers(p, side).into_iter().map(|u| Command::TakeLoss(p.id(u).to_string())).collect()
}

pub fn loss_check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let Command::TakeLoss(id) = c else { return Err(refuse("allocate your losses", "9.2")) };
    let &(side, _) = p.r.losses.first().ok_or_else(|| refuse("no close combat losses to allocate", "9.2"))?;
    let u = p.find(id).ok_or_else(|| refuse(format!("there is no unit `{id}`"), "9.2"))?;
    if !loss_takers(p, side).contains(&u) {
        return Err(refuse(format!("{id} is not a {} unit in the close combat", side.name()), "9.2"));
    }
    Ok(())
}

/// One step of a side's losses from the unit its player picks (9.2).
pub fn loss_exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    let Command::TakeLoss(id) = c else { unreachable!("checked") };
    let u = p.find(&id).expect("checked");
    lose_step(p, rt, u, "9.2");
    if let Some(first) = p.r.losses.first_mut() {
        first.1 -= 1;
        if first.1 == 0 {
            p.r.losses.remove(0);
        }
    }
    next_losses(p, rt);
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
    // 9.2: each player allocates his own losses, the defender first.
    p.r.losses = [(side.enemy(), dl), (side, al)].into_iter().filter(|l| l.1 > 0).collect();
    p.r.melee_after = Some((h, att, def));
    next_losses(p, rt);
}

/// After the losses (9): commitment, the attackers' activation spent on the fight, captured transport.
fn end_combat(p: &mut Pos, rt: &mut Rt, h: Hex, att: &[usize], def: &[usize]) {
    for &u in att.iter().chain(def) {
        if p.hex(u).is_some() {
            escalate(p, rt, u, 1, "9");
        }
    }
    if let Some(act) = p.r.act.as_mut() {
        for &u in att {
            if act.units.contains(&u) {
                act.busy.insert(u);
            }
        }
    }
    capture_transport(p, rt, h);
    clear_melee(p);
    super::sequence::check_victory(p, rt, false);
    super::activation::end_if_idle(p, rt);
}

/// Transport alone with enemy units in a hex at the end of close combat is captured (11.5).
fn capture_transport(p: &mut Pos, rt: &mut Rt, h: Hex) {
    for side in [Side::Allied, Side::Central] {
        let alone = p.side_in(h, side).all(|u| p.kind(u) == super::units::Kind::Transport);
        if alone && p.enemy_in(h, side) {
            for u in p.side_in(h, side).collect::<Vec<_>>() {
                p.units[u].at = super::state::Where::Eliminated;
                rt.log("11.5", format!("{} is captured.", p.name(u)), EventKind::StepLost { unit: p.id(u).to_string(), eliminated: true });
            }
        }
    }
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
