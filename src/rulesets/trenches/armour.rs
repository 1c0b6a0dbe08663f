//! Armoured fighting vehicles (11.1): two shots per attack, one with the gun and one with the
//! machine guns; point fire at AFV with its to-hit and penetration rolls (7.62); immobilization by
//! fire and by trenches (8.3, 8.4).

use crate::engine::Refusal;

use super::activation::{live, resolve_ids};
use super::events::{Command, EventKind};
use super::fire::{can_fire, escalate, lose_step, reveal};
use super::refuse;
use super::state::{Pos, Rt, Weapon};
use super::units::{Kind, Level};

/// An AFV's firepower with a weapon (11.1: machine guns are its printed firepower, the gun its `gun`).
pub fn weapon_firepower(p: &Pos, u: usize, w: Weapon) -> u32 {
    match w {
        Weapon::Gun => p.ty(u).gun,
        Weapon::MachineGun => p.ty(u).firepower.0,
    }
}

/// The weapons of an AFV that have fired in the attack under way (11.1).
fn fired_weapons(p: &Pos, u: usize) -> &[Weapon] {
    p.r.act.as_ref().and_then(|a| a.shots.get(&u)).map(|v| v.as_slice()).unwrap_or(&[])
}

/// The weapon an AFV fires next: for area fire its machine guns first, for point fire its gun
/// first, each once per attack (11.1); `None` when it has no weapon left for that fire.
pub fn next_weapon(p: &Pos, u: usize, point: bool) -> Option<Weapon> {
    let done = fired_weapons(p, u);
    let order = if point { [Weapon::Gun, Weapon::MachineGun] } else { [Weapon::MachineGun, Weapon::Gun] };
    order.into_iter().find(|w| !done.contains(w) && weapon_firepower(p, u, *w) > 0)
}

/// The weapon of the shot an AFV is firing now (the last declared), or its first for area fire.
pub fn current_weapon(p: &Pos, u: usize) -> Weapon {
    fired_weapons(p, u).last().copied().or_else(|| next_weapon(p, u, false)).unwrap_or(Weapon::MachineGun)
}

/// Whether an AFV has fired one shot of its attack and may still fire the other (11.1).
pub fn second_shot_pending(p: &Pos, u: usize) -> bool {
    p.kind(u) == Kind::Afv && fired_weapons(p, u).len() == 1 && next_weapon(p, u, false).is_some()
}

/// Declares an AFV's shot with `w`: returns whether its attack is complete (both shots, or the
/// only weapon it has), after which it counts as having fired (11.1).
pub fn declare_shot(p: &mut Pos, u: usize, w: Weapon) -> bool {
    let act = p.r.act.as_mut().expect("an activation");
    act.shots.entry(u).or_default().push(w);
    !second_shot_pending(p, u)
}

/// At the end of an activation, an AFV that fired one shot forfeits the other and escalates for its
/// attack (11.1).
pub fn forfeit_second_shots(p: &mut Pos, rt: &mut Rt) {
    let Some(act) = &p.r.act else { return };
    let pending: Vec<usize> = act.shots.keys().copied().filter(|&u| second_shot_pending(p, u) && p.hex(u).is_some()).collect();
    for u in pending {
        escalate(p, rt, u, 1, "11.1");
    }
}

/// Immobilizes an AFV (8.4): it is at least engaged from now on.
pub fn immobilize(p: &mut Pos, rt: &mut Rt, u: usize, rule: &str) {
    if !p.units[u].immobile {
        p.units[u].immobile = true;
        rt.log(rule, format!("{} is immobilized.", p.name(u)), EventKind::Immobilized { unit: p.id(u).to_string() });
    }
    if p.units[u].level == Level::Free {
        escalate(p, rt, u, 1, "8.4");
    }
}

/// An AFV entering a trench hex rolls two dice: 10 or more immobilizes it there (8.3). Returns
/// whether it was immobilized.
pub fn enter_trench(p: &mut Pos, rt: &mut Rt, u: usize) -> bool {
    let (roll, _) = rt.dice2(&format!("{} crossing the trench", p.id(u)), "8.3");
    let bogged = roll >= p.sc.tables.point_fire.trench_bogged_at;
    rt.log(
        "8.3",
        format!("{} crosses the trench: roll {roll}{}.", p.name(u), if bogged { ", immobilized" } else { ", no effect" }),
        EventKind::TrenchCrossed { unit: p.id(u).to_string(), roll, bogged },
    );
    if bogged {
        immobilize(p, rt, u, "8.3");
    }
    bogged
}

/// Units of the active force that may point fire now: AFV with a weapon left, ordnance (machine guns
/// included) with a normal range (7.62); infantry and cavalry never.
fn point_shooters(p: &Pos) -> Vec<usize> {
    let Some(act) = &p.r.act else { return Vec::new() };
    live(p, act)
        .into_iter()
        .filter(|&u| p.units[u].level != Level::Spent && !act.moving.contains(&u) && !act.moved.contains(&u))
        .filter(|&u| match p.kind(u) {
            Kind::Afv => next_weapon(p, u, true).is_some(),
            k => k.is_ordnance(),
        })
        .collect()
}

/// Enemy AFV a unit may point fire at: spotted, in range and in sight (7.2, 7.3, 7.62).
fn point_targets(p: &Pos, u: usize) -> Vec<usize> {
    let side = p.side(u);
    p.on_map()
        .filter(|&t| p.side(t) == side.enemy() && p.kind(t) == Kind::Afv && !p.units[t].hidden)
        .filter(|&t| can_fire(p, u, p.hex(t).expect("on the map")).is_ok())
        .collect()
}

pub fn candidates(p: &Pos) -> Vec<Command> {
    let mut out = Vec::new();
    for u in point_shooters(p) {
        for t in point_targets(p, u) {
            out.push(Command::PointFire(p.id(u).to_string(), p.id(t).to_string()));
        }
    }
    out
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let Command::PointFire(shooter, target) = c else { return Err(refuse("not point fire", "7.62")) };
    p.r.act.as_ref().ok_or_else(|| refuse("no force is activated", "3.3"))?;
    let u = resolve_ids(p, std::slice::from_ref(shooter))?[0];
    let t = resolve_ids(p, std::slice::from_ref(target))?[0];
    if matches!(p.kind(u), Kind::Infantry | Kind::Cavalry | Kind::Transport) {
        return Err(refuse("only AFV and ordnance conduct point fire", "7.62"));
    }
    if !point_shooters(p).contains(&u) {
        return Err(refuse(format!("{shooter} cannot fire now"), "3.3, 4, 11.1"));
    }
    if p.kind(t) != Kind::Afv || p.side(t) == p.side(u) || p.hex(t).is_none() {
        return Err(refuse(format!("{target} is not an enemy AFV on the map: point fire aims at one AFV"), "7.6"));
    }
    if p.units[t].hidden {
        return Err(refuse(format!("{target} is hidden"), "7.24"));
    }
    can_fire(p, u, p.hex(t).expect("on the map"))?;
    Ok(())
}

/// The to-hit and penetration rolls of one point fire shot (7.62).
pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    let Command::PointFire(shooter, target) = c else { unreachable!("checked") };
    super::movement::finish_moving(p, rt);
    let u = p.find(&shooter).expect("checked");
    let t = p.find(&target).expect("checked");
    reveal(p, rt, u);
    let pf = p.sc.tables.point_fire.clone();
    let weapon = if p.kind(u) == Kind::Afv { next_weapon(p, u, true) } else { None };
    let (roll, _) = rt.dice2(&format!("{shooter} to hit {target}"), "7.62");
    let modifier = if p.full(u) { 0 } else { pf.reduced };
    let hit = roll as i32 + modifier >= pf.hit_at;
    // 7.62: the full-strength firepower of the firing gun; machine guns add nothing.
    let add = match (p.kind(u), weapon) {
        (Kind::Afv, Some(Weapon::Gun)) => p.ty(u).gun,
        (Kind::Ordnance, _) => p.ty(u).firepower.0,
        _ => 0,
    };
    let mut result = "misses".to_string();
    let mut penetration = None;
    if hit {
        let (pen, doubles) = rt.dice2(&format!("armour penetration of {target}"), "7.62");
        let total = pen as i32 + add as i32;
        penetration = Some((pen, total, doubles));
        result = if total < pf.penetrate_at {
            "hits but does not penetrate".into()
        } else if doubles {
            "penetrates on doubles: immobilized".into()
        } else {
            "penetrates: destroyed".into()
        };
    }
    rt.log(
        "7.62",
        format!(
            "{} fires at {}: to hit {roll}{modifier:+} = {} (6 or more){}; {result}.",
            p.name(u),
            p.name(t),
            roll as i32 + modifier,
            penetration.map(|(r, total, _)| format!(", penetration {r} + {add} = {total} (10 or more)")).unwrap_or_default()
        ),
        EventKind::PointFire {
            shooter: shooter.clone(),
            target: target.clone(),
            roll,
            modified: roll as i32 + modifier,
            penetration: penetration.map(|(_, total, _)| total),
            result: result.clone(),
        },
    );
    if let Some((_, total, doubles)) = penetration
        && total >= pf.penetrate_at
    {
        if doubles {
            immobilize(p, rt, t, "7.62");
        } else {
            p.units[t].level = Level::Spent;
            lose_step(p, rt, t, "7.62");
        }
    }
    // 7.62, 11.1: each point fire attack escalates the shooter; an AFV after both its shots.
    let done = match weapon {
        Some(w) => declare_shot(p, u, w),
        None => true,
    };
    if done {
        p.r.act.as_mut().expect("checked").fired.insert(u);
        escalate(p, rt, u, 1, "7.62");
    }
    super::sequence::check_victory(p, rt, false);
    super::activation::end_if_idle(p, rt);
}
