//! The assault (8.3) and the defensive fire before it (8.2), the fire on units exposed (8.2.2,
//! 8.4.1), the retreat (8.3.3) and the special cases of the HQ, machine guns and artillery (8.7).

use crate::engine::Refusal;

use super::events::{Command, EventKind};
use super::state::{Act, AssaultState, AssaultStep, Pos, Rt};
use super::strategy::Strategy;
use super::units::{Kind, Side, Where};
use super::{activation, stratagems};

/// The offensive units that engage from `from`: infantry in good order or weakened (8.3.1).
pub fn attackers(p: &Pos, act: &Act, from: u32) -> Vec<usize> {
    act.units.iter().copied().filter(|&u| p.zone_of(u) == Some(from) && p.is_infantry(u) && p.fit(u)).collect()
}

fn night_strategy(side: Side) -> Option<Strategy> {
    (side == Side::German).then_some(Strategy::NightInfiltration)
}

pub fn check_declare(p: &Pos, act: &Act, side: Side, c: &Command) -> Result<(), Refusal> {
    let Command::Assault { from, target, night } = c else { return Err(Refusal::new("not an assault")) };
    if act.assaults_left == 0 {
        return Err(Refusal::by_rule("8.1", "only one assault per activation"));
    }
    let att = attackers(p, act, *from);
    if att.is_empty() {
        return Err(Refusal::by_rule("8.3.1", format!("no offensive unit in good order or weakened in zone {from}")));
    }
    if !p.adjacent_for(*from, *target, side) || p.occupant(*target) != Some(side.enemy()) {
        return Err(Refusal::by_rule("8.3.1", format!("zone {target} is not an enemy zone adjacent to zone {from}")));
    }
    let battalions = att.iter().filter(|&&u| p.is_battalion(u)).count();
    if act.night == 2 && att.len() != 1 {
        return Err(Refusal::by_rule(
            "12.2.2",
            "the final assault of a Night Infiltration is led by one battalion: move the others away first",
        ));
    }
    if *night {
        let Some(s) = night_strategy(side) else { return Err(Refusal::by_rule("12.2.2", "Night Infiltration is a German strategy")) };
        if act.night != 0 {
            return Err(Refusal::by_rule("12.2.2", "the Night Infiltration is already under way"));
        }
        stratagems::check_play(p, side, s, super::strategy::Timing::WithAssault)?;
        if battalions < 2 {
            return Err(Refusal::by_rule("12.2.2", "a Night Infiltration is led by at least two battalions"));
        }
    }
    Ok(())
}

/// Declares the assault; the passive player's fire comes next (8.2), or none (12.2.2).
pub fn declare(p: &mut Pos, rt: &mut Rt, side: Side, from: u32, target: u32, night: bool) {
    if night && let Some(s) = night_strategy(side) {
        stratagems::play(p, rt, side, s);
    }
    let act = p.r.impulse.act.as_mut().expect("checked");
    act.assaults_left -= 1;
    if night {
        act.night = 3;
    }
    // 12.2.2: no defensive fire in the first two assaults of a Night Infiltration.
    let no_fire = matches!(act.night, 1 | 3);
    act.assault = Some(AssaultState { from, target, step: if no_fire { AssaultStep::Charge } else { AssaultStep::Fire }, no_fire });
    rt.log("8.3", format!("{} assault zone {target} from zone {from}", side.name()), EventKind::Note);
    if !no_fire && barrage_guns(p, side.enemy(), from).is_empty() {
        defensive_fire(p, rt, false);
    }
}

/// Unused field artillery of the passive camp in range of the offensive units (8.2.1).
pub fn barrage_guns(p: &Pos, side: Side, from: u32) -> Vec<usize> {
    super::sequence::fresh_guns(p, side).into_iter().filter(|&g| p.kind(g) == Kind::FieldArtillery && p.in_range(g, from)).collect()
}

pub fn check(p: &Pos, act: &Act, side: Side, c: &Command) -> Result<(), Refusal> {
    let a = act.assault.as_ref().expect("an assault");
    match (a.step, c) {
        (AssaultStep::Fire, Command::DefensiveFire(false)) => Ok(()),
        (AssaultStep::Fire, Command::DefensiveFire(true)) if !barrage_guns(p, side.enemy(), a.from).is_empty() => Ok(()),
        (AssaultStep::Fire, Command::DefensiveFire(true)) => {
            Err(Refusal::by_rule("8.2.1", "no unused field artillery in range for a barrage"))
        }
        (AssaultStep::Fire, _) => Err(Refusal::by_rule("8.2", "the passive player's defensive fire: DefensiveFire(barrage or not)")),
        (AssaultStep::Charge, Command::Charge | Command::BreakOff) => Ok(()),
        (AssaultStep::Charge, _) => Err(Refusal::by_rule("8.3.1", "after the defensive fire: Charge or BreakOff")),
    }
}

/// The fire power of the passive camp against the assault (8.2.1).
pub fn fire_power(p: &Pos, act: &Act, a: &AssaultState, barrage: bool) -> i32 {
    let side = p.side(act.units[0]).enemy();
    let t = &p.sc.tables.defensive_fire;
    let here = p.in_zone(a.target);
    let infantry: Vec<usize> = here.iter().copied().filter(|&u| p.is_infantry(u)).collect();
    let mut power: i32 = infantry.iter().map(|&u| p.fire(u)).sum();
    if !infantry.is_empty() {
        power += here.iter().filter(|&&u| p.kind(u) == Kind::MachineGuns).map(|&u| p.spec(u).bonus).sum::<i32>();
    }
    power += t.per_adjacent_zone * p.infantry_zones(a.from, side).into_iter().filter(|&z| z != a.target).count() as i32;
    power += t.per_star * attackers(p, act, a.from).into_iter().filter(|&u| p.is_battalion(u) && p.spec(u).star).count() as i32;
    if barrage {
        power += barrage_guns(p, side, a.from).into_iter().map(|g| super::sequence::strength(p, g)).sum::<i32>();
    }
    power
}

/// The passive player's fire (8.2.1): hits on the offensive units, no bonus; the assault waits for
/// the attacker's decision.
pub fn defensive_fire(p: &mut Pos, rt: &mut Rt, barrage: bool) {
    let act = p.r.impulse.act.clone().expect("an activation");
    let a = act.assault.clone().expect("an assault");
    let power = fire_power(p, &act, &a, barrage);
    if barrage {
        for g in barrage_guns(p, p.side(act.units[0]).enemy(), a.from) {
            p.units[g].used = true;
        }
    }
    let (roll, hits) = if power > 0 {
        let roll = rt.d6(format!("defensive fire on zone {}", a.from), "8.2.1");
        (roll, p.sc.tables.fire_hits(power, roll))
    } else {
        (0, 0)
    };
    rt.log(
        "8.2.1",
        format!("Defensive fire from zone {}: power {power}, roll {roll}, {hits} hit(s)", a.target),
        EventKind::DefensiveFire { zone: a.from, power, roll, hits },
    );
    let att = attackers(p, &act, a.from);
    p.spread(rt, &att, hits, false, "8.2.1");
    if let Some(s) = p.r.impulse.act.as_mut().and_then(|x| x.assault.as_mut()) {
        s.step = AssaultStep::Charge;
    }
}

/// Fire on column 1-3 on units exposed (8.2.2, 8.4.1), without any bonus.
pub fn exposed_fire(p: &mut Pos, rt: &mut Rt, units: &[usize], rule: &str) {
    let roll = rt.d6("fire on exposed units", rule);
    let hits = p.sc.tables.fire_hits(p.sc.tables.defensive_fire.exposed_column, roll);
    let zone = units.first().and_then(|&u| p.zone_of(u)).unwrap_or_default();
    rt.log(
        rule,
        format!("Fire on the exposed units of zone {zone} (column 1-3): {roll}, {hits} hit(s)"),
        EventKind::DefensiveFire { zone, power: 0, roll, hits },
    );
    p.spread(rt, units, hits, false, rule);
}

pub fn exec(p: &mut Pos, rt: &mut Rt, side: Side, c: Command) {
    match c {
        Command::DefensiveFire(barrage) => defensive_fire(p, rt, barrage),
        Command::Charge => resolve(p, rt, side),
        _ => {
            let act = p.r.impulse.act.clone().expect("an activation");
            let a = act.assault.clone().expect("an assault");
            rt.log("8.3.1", format!("{} break off the assault on zone {}", side.name(), a.target), EventKind::Note);
            let losers: Vec<usize> = act.units.iter().copied().filter(|&u| p.zone_of(u) == Some(a.from) && p.is_infantry(u)).collect();
            retreat(p, rt, &losers, "8.3.3");
            finish(p, rt, false);
        }
    }
}

/// The hits on the defender (8.3.3): the first, then trenches take the second and are removed,
/// the bonus removes as many; a bonus of 4 removes even the first (`preview::defender_reaches`).
fn defender_hits(p: &mut Pos, rt: &mut Rt, zone: u32, hits: u32) -> u32 {
    let reach = super::preview::defender_reaches(p, zone, hits);
    if hits >= 2 && p.bonus(zone) < 4 && p.r.trenches.remove(&zone) {
        rt.log(
            "8.3.3",
            format!("the trenches of zone {zone} take the second hit and are removed"),
            EventKind::Trenches { zone, dug: false },
        );
    }
    reach
}

/// 8.3.2-8.3.3.
fn resolve(p: &mut Pos, rt: &mut Rt, side: Side) {
    let act = p.r.impulse.act.clone().expect("an activation");
    let a = act.assault.clone().expect("an assault");
    let att = attackers(p, &act, a.from);
    if att.is_empty() {
        return exec(p, rt, side, Command::BreakOff);
    }
    let defenders = p.in_zone(a.target);
    let def_inf: Vec<usize> = defenders.iter().copied().filter(|&u| p.is_infantry(u)).collect();
    let (amplitude, attack, defence, modifier) = super::preview::contest(p, &act, a.from, a.target);
    let success_at = p.sc.tables.assault.success;
    let roll = rt.d6(format!("assault on zone {}", a.target), "8.3.2");
    let total = roll as i32 + modifier;
    let row = p.sc.tables.assault_row(amplitude, total);
    let mut success = total >= success_at;
    let dh = if def_inf.is_empty() { 0 } else { defender_hits(p, rt, a.target, row.defender) };
    rt.log(
        "8.3.2",
        format!(
            "Assault on zone {}: amplitude {amplitude}, {attack} against {defence} ({modifier:+}), roll {roll}: {}",
            a.target,
            if success { "the attacker wins" } else { "the defender holds" }
        ),
        EventKind::Assault {
            from: a.from,
            target: a.target,
            amplitude,
            modifier,
            roll,
            success,
            attacker_hits: row.attacker,
            defender_hits: dh,
        },
    );
    p.spread(rt, &att, row.attacker, false, "8.3.3");
    p.spread(rt, &def_inf, dh, false, "8.3.3");
    if success && side == Side::German && p.r.flags.barely {
        p.r.flags.barely = false;
        rt.log("12.1.1", "Barely within our means: the defenders take one more hit and the German assault fails", EventKind::Note);
        p.spread(rt, &def_inf, 1, false, "12.1.1");
        success = false;
    }
    if success {
        defender_loses(p, rt, a.target, &defenders);
        let advance: Vec<usize> = att.iter().copied().filter(|&u| p.zone_of(u) == Some(a.from) && p.fit(u)).collect();
        let blocked =
            !p.has_bonus(a.target) && p.neighbours(a.target).into_iter().any(|n| p.has_bonus(n) && p.infantry_of(n, side.enemy()));
        if p.occupant(a.target) != Some(side.enemy()) && !blocked {
            for &u in &advance {
                p.units[u].at = Where::Zone(a.target);
            }
            if !advance.is_empty() {
                let names: Vec<String> = advance.iter().map(|&u| p.id(u).to_string()).collect();
                rt.log(
                    "8.3.3",
                    format!("{} occupy zone {}", names.join(", "), a.target),
                    EventKind::Moved { units: names, from: a.from, to: a.target },
                );
            }
        }
    } else {
        let losers: Vec<usize> = act.units.iter().copied().filter(|&u| p.zone_of(u) == Some(a.from) && p.is_infantry(u)).collect();
        if side == Side::German && p.sc.zone(a.target).tervaete {
            for &u in &losers {
                p.units[u].at = Where::Zone(p.sc.hq);
            }
            rt.log("12", "The failed assault on zone 1 sends the Germans back to the HQ zone", EventKind::Note);
        } else {
            retreat(p, rt, &losers, "8.3.3");
        }
    }
    finish(p, rt, success);
}

/// The defender loses (8.3.3, 8.7): infantry retreat, the machine guns with them, artillery lost,
/// trenches destroyed; the HQ retreats.
fn defender_loses(p: &mut Pos, rt: &mut Rt, zone: u32, defenders: &[usize]) {
    if p.r.trenches.remove(&zone) {
        rt.log("8.3.3", format!("the trenches of zone {zone} are destroyed"), EventKind::Trenches { zone, dug: false });
    }
    let infantry: Vec<usize> = defenders.iter().copied().filter(|&u| p.zone_of(u) == Some(zone) && p.is_infantry(u)).collect();
    let here: Vec<usize> = defenders.iter().copied().filter(|&u| p.zone_of(u) == Some(zone)).collect();
    for u in here {
        match p.kind(u) {
            Kind::FieldArtillery | Kind::HeavyArtillery => p.remove(rt, u, "8.7"),
            Kind::MachineGuns if infantry.is_empty() => p.remove(rt, u, "8.7"),
            _ => {}
        }
    }
    let mut movers = infantry.clone();
    movers.extend(defenders.iter().copied().filter(|&u| p.zone_of(u) == Some(zone) && matches!(p.kind(u), Kind::Hq | Kind::MachineGuns)));
    retreat(p, rt, &movers, "8.3.3");
}

/// Retreats units one by one (8.3.3): to the nearest zone out of contact with room for them; off
/// the map (out of action) or out of the game when there is none; German units of zone 1 to the HQ
/// zone (8.3.3).
pub fn retreat(p: &mut Pos, rt: &mut Rt, units: &[usize], rule: &str) {
    let mut placed: Vec<(usize, u32)> = Vec::new();
    for &u in units {
        let Some(from) = p.zone_of(u) else { continue };
        let id = p.id(u).to_string();
        if p.side(u) == Side::German && p.sc.zone(from).tervaete {
            p.units[u].at = Where::Zone(p.sc.hq);
            rt.log(rule, format!("{id} retreats to the HQ zone"), EventKind::Retreated { unit: id, to: p.sc.hq });
            continue;
        }
        match p.retreat_zone(u, from, &placed) {
            Ok(to) => {
                placed.push((u, to));
                p.units[u].at = Where::Zone(to);
                rt.log(rule, format!("{id} retreats to zone {to}"), EventKind::Retreated { unit: id, to });
            }
            Err(true) if p.is_infantry(u) => p.out_of_action(rt, u, rule),
            _ => p.remove(rt, u, rule),
        }
    }
}

/// After the assault: passive units left without a bonus next to the enemy retreat too (8.3.3);
/// Night Infiltration goes on (12.2.2).
fn finish(p: &mut Pos, rt: &mut Rt, success: bool) {
    let side = activation::side(p).expect("an activation");
    let passive = side.enemy();
    let mut zones: Vec<u32> = p.sc.zone_ids().filter(|&z| p.occupant(z) == Some(passive) && !p.is_hq_zone(z)).collect();
    zones.retain(|&z| !p.may_stand(z, passive));
    for z in zones {
        let units = p.in_zone(z);
        retreat(p, rt, &units, "8.3.3");
    }
    if let Some(act) = p.r.impulse.act.as_mut() {
        act.assault = None;
        act.assaulted = true;
        act.night = match (act.night, success) {
            (3, true) => {
                act.assaults_left = 1;
                1
            }
            (1, true) => {
                act.assaults_left = 1;
                2
            }
            _ => 0,
        };
    }
}
