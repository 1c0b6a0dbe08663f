//! 10.0 Attacks: the offensive and defensive totals (10.2), SOS barrages (10.2), the result (10.3),
//! loss points (10.31, paid in `losses`), retreats (10.4, 10.41), overruns (10.5) and tank
//! breakdown (10.6, 10.61).

use bevy::prelude::*;

use crate::engine::Refusal;

use super::action;
use super::events::{Command, EventKind};
use super::losses;
use super::map::Ctx;
use super::ops;
use super::state::{Attack, BreakdownChoice, Combat, CombatStep, Impulse, LossCause, LossPayment};
use super::tables::{CavalrySupport, DivisionalIntegrity};
use super::units::{Kind, Side, U, update};

/// Starts an attack by the activated group on the enemy units of its area (9.4, 9.5).
pub fn start(world: &mut World, entered_from: Option<u32>, in_place: bool) {
    let ctx = Ctx::capture(world);
    let (Some(side), Some(g)) = (ctx.impulse.active, ctx.impulse.activation.as_ref().and_then(|a| a.group.clone())) else { return };
    world.resource_mut::<Combat>().attack =
        Some(Attack { side, area: g.at, attackers: g.units.clone(), entered_from, in_place, lead: None, step: CombatStep::Lead });
}

/// Whether `u` adds its +1 as a supporting attacker with this lead (10.2 b).
pub fn supports(ctx: &Ctx, lead: &U, u: &U) -> bool {
    let cav = match ctx.sc.tables.options.cavalry_support {
        CavalrySupport::RulesText => !(lead.kind() == Kind::Cavalry && u.kind() == Kind::Cavalry),
        CavalrySupport::PlayAid => u.kind() != Kind::Cavalry || lead.kind() == Kind::Cavalry,
    };
    let no_tanks = &ctx.sc.tables.attack.no_tank_support_division;
    let tank_51 = (lead.kind() == Kind::Tank && u.spec.division == *no_tanks && u.side() == Side::British)
        || (u.kind() == Kind::Tank && lead.spec.division == *no_tanks && lead.side() == Side::British);
    cav && !tank_51
}

/// The offensive total without the dice (10.2 a-c).
pub fn offence(ctx: &Ctx, a: &Attack, lead: &U) -> i32 {
    let t = &ctx.sc.tables.attack;
    let mut ot = lead.spec.attack;
    for &i in &a.attackers {
        let u = ctx.unit(i);
        if u.index != lead.index && u.area() == Some(a.area) && supports(ctx, lead, u) {
            ot += t.support_each;
        }
    }
    if integrity(ctx, &a.attackers, lead) {
        ot += t.divisional_integrity;
    }
    ot
}

/// 10.2 c: three units of the lead's division take part, the lead among them; on the play aid
/// card's reading (the default, `options.divisional_integrity`) all three must be infantry.
pub fn integrity(ctx: &Ctx, attackers: &[usize], lead: &U) -> bool {
    let infantry_only = ctx.sc.tables.options.divisional_integrity == DivisionalIntegrity::PlayAid;
    let counts = |u: &U| u.spec.division == lead.spec.division && (!infantry_only || u.kind() == Kind::Infantry);
    !lead.spec.division.is_empty()
        && counts(lead)
        && attackers.iter().filter(|&&i| counts(ctx.unit(i))).count() as u32 >= ctx.sc.tables.attack.divisional_integrity_units
}

/// The SOS barrage candidates for a lead defender (10.2): fresh artillery of its division, in an
/// area without enemy units, within range of the attacked area.
pub fn sos_guns<'a>(ctx: &'a Ctx, area: u32, lead: &'a U) -> impl Iterator<Item = &'a U> {
    let side = lead.side();
    ctx.sit.units.iter().filter(move |g| {
        g.side() == side
            && g.is_artillery()
            && g.fresh()
            && !lead.spec.division.is_empty()
            && g.spec.division == lead.spec.division
            && g.area().is_some_and(|ga| !ctx.sit.has(ga, side.enemy()) && ctx.range(ga, area).is_some_and(|d| d <= g.spec.range))
    })
}

/// The defensive total without the dice (10.2 DT a-e).
pub fn defence(ctx: &Ctx, area: u32, lead: &U, guns: Option<&U>, sos: bool) -> i32 {
    let t = &ctx.sc.tables.attack;
    let mut dt = if lead.is_artillery() { t.artillery_lead_defence } else { lead.defence() };
    if let Some(g) = guns {
        dt += g.spec.strength;
    }
    let others =
        ctx.sit.side_in(area, lead.side()).filter(|u| u.fresh() && u.index != lead.index && Some(u.index) != guns.map(|g| g.index)).count()
            as i32;
    dt += others;
    if sos {
        dt += t.sos;
    }
    dt + ctx.sc.area(area).tem
}

fn check_defend(ctx: &Ctx, a: &Attack, lead: &str, guns: &Option<String>, sos: &Option<String>) -> Result<(), Refusal> {
    let defender = a.side.enemy();
    let d = ctx
        .sit
        .side_in(a.area, defender)
        .find(|u| u.spec.id == lead)
        .ok_or_else(|| Refusal::by_rule("10.2", format!("`{lead}` is not a defending unit in area {}", a.area)))?;
    if let Some(gid) = guns {
        let g = ctx
            .sit
            .side_in(a.area, defender)
            .find(|u| u.spec.id == *gid)
            .ok_or_else(|| Refusal::by_rule("10.2", format!("`{gid}` is not defending in area {}", a.area)))?;
        if d.kind() != Kind::Infantry {
            return Err(Refusal::by_rule("10.2", "artillery adds its bombardment factor only when the lead defender is infantry"));
        }
        if !g.is_artillery() || !g.fresh() || g.index == d.index {
            return Err(Refusal::by_rule("10.2", format!("{} is not fresh artillery under attack", g.spec.name)));
        }
    }
    if let Some(sid) = sos
        && !sos_guns(ctx, a.area, d).any(|g| g.spec.id == *sid)
    {
        return Err(Refusal::by_rule(
            "10.2",
            format!(
                "`{sid}` cannot fire an SOS barrage for {} (fresh artillery of its division, in range, in an area without enemy units)",
                d.spec.name
            ),
        ));
    }
    Ok(())
}

pub fn candidates(ctx: &Ctx) -> Vec<Command> {
    if let Some(b) = &ctx.combat.breakdown {
        return breakdown_commands(b, ctx);
    }
    let Some(a) = &ctx.combat.attack else { return Vec::new() };
    let mut out = Vec::new();
    match a.step {
        CombatStep::Lead => {
            for &i in &a.attackers {
                out.push(Command::Lead(ctx.unit(i).spec.id.clone()));
            }
        }
        CombatStep::Defence => {
            let defenders: Vec<&U> = ctx.sit.side_in(a.area, a.side.enemy()).collect();
            for d in &defenders {
                let mut guns: Vec<Option<String>> = vec![None];
                guns.extend(
                    defenders.iter().filter(|g| g.is_artillery() && g.fresh() && g.index != d.index).map(|g| Some(g.spec.id.clone())),
                );
                let mut sos: Vec<Option<String>> = vec![None];
                sos.extend(sos_guns(ctx, a.area, d).map(|g| Some(g.spec.id.clone())));
                for g in &guns {
                    for s in &sos {
                        out.push(Command::Defend { lead: d.spec.id.clone(), guns: g.clone(), sos: s.clone() });
                    }
                }
            }
        }
    }
    out
}

pub fn check(ctx: &Ctx, cmd: &Command) -> Result<(), Refusal> {
    if let Some(b) = &ctx.combat.breakdown {
        return check_breakdown(ctx, b, cmd);
    }
    if let Command::BreakDown(_) = cmd {
        return Err(Refusal::by_rule(
            "10.6",
            "no tank is to break down now: the attacker chooses only after an unmodified attack roll of 7 or more, when more than one tank may break down",
        ));
    }
    let Some(a) = &ctx.combat.attack else { return Err(Refusal::new("no attack is under way")) };
    match (a.step, cmd) {
        (CombatStep::Lead, Command::Lead(id)) => {
            let u = a
                .attackers
                .iter()
                .map(|&i| ctx.unit(i))
                .find(|u| u.spec.id == *id)
                .ok_or_else(|| Refusal::by_rule("10.2", format!("`{id}` is not one of the attacking units")))?;
            if u.is_artillery() {
                return Err(Refusal::by_rule("10.2", "the lead unit may never be artillery"));
            }
            Ok(())
        }
        (CombatStep::Defence, Command::Defend { lead, guns, sos }) => check_defend(ctx, a, lead, guns, sos),
        (CombatStep::Lead, _) => Err(Refusal::by_rule("10.2", "the attacker chooses the lead unit: Lead")),
        (CombatStep::Defence, _) => Err(Refusal::by_rule("10.2", "the defender chooses the lead defender: Defend")),
    }
}

pub fn apply(world: &mut World, cmd: Command) {
    if let Command::BreakDown(id) = &cmd {
        apply_breakdown(world, id);
        return;
    }
    let ctx = Ctx::capture(world);
    match cmd {
        Command::Lead(id) => {
            let Some(u) = ctx.find(&id) else { return };
            if let Some(a) = world.resource_mut::<Combat>().attack.as_mut() {
                a.lead = Some(u.index);
                a.step = CombatStep::Defence;
            }
        }
        Command::Defend { lead, guns, sos } => resolve(world, &lead, guns.as_deref(), sos.as_deref()),
        _ => {}
    }
}

/// 10.2-10.6: rolls the dice and applies the result.
fn resolve(world: &mut World, lead_def: &str, guns: Option<&str>, sos: Option<&str>) {
    let ctx = Ctx::capture(world);
    let Some(a) = ctx.combat.attack.clone() else { return };
    let Some(li) = a.lead else { return };
    let lead = ctx.unit(li).clone();
    let (Some(d), guns_u) = (ctx.find(lead_def).cloned(), guns.and_then(|g| ctx.find(g)).cloned()) else { return };
    let sos_u = sos.and_then(|s| ctx.find(s)).cloned();
    let t = ctx.sc.tables.attack.clone();
    let ot0 = offence(&ctx, &a, &lead);
    let dt0 = defence(&ctx, a.area, &d, guns_u.as_ref(), sos_u.is_some());
    if let Some(s) = &sos_u {
        update(world, s.entity, |c| c.spent = true);
        ops::log(world, "10.2", format!("{} fires an SOS barrage", s.spec.name), EventKind::Note);
    }
    let roll = ops::roll(world, t.dice, &format!("attack on area {} (OT)", a.area), "10.2");
    let droll = ops::roll(world, t.dice, &format!("defence of area {} (DT)", a.area), "10.2");
    let (ot, dt) = (ot0 + roll as i32, dt0 + droll as i32);
    let success = ot > dt;
    ops::log(
        world,
        "10.3",
        format!(
            "{} attacks area {} led by {}: OT {ot0} + {roll} = {ot}, DT {dt0} + {droll} = {dt} ({}): {}",
            a.side.name(),
            a.area,
            lead.spec.name,
            d.spec.name,
            if success { format!("{} loss points", ot - dt) } else { "the attack fails".into() }
        ),
        EventKind::Attack { area: a.area, lead: lead.spec.id.clone(), defender: d.spec.id.clone(), ot, dt, roll, success },
    );
    // 10.6: tank breakdown on an unmodified roll of 7 or more; the attacker chooses the tank when
    // more than one may break down.
    let margin = ot - dt;
    let candidates = if roll >= t.breakdown_at { breakdown_candidates(&ctx, &a, li, success) } else { Vec::new() };
    if candidates.len() > 1 {
        let names: Vec<String> = candidates.iter().map(|&i| ctx.unit(i).spec.name.clone()).collect();
        ops::log(
            world,
            "10.6",
            format!("Unmodified attack roll {roll}: a tank breaks down; the {} choose which ({})", a.side.name(), names.join(", ")),
            EventKind::Note,
        );
        let mut c = world.resource_mut::<Combat>();
        c.attack = None;
        c.breakdown = Some(BreakdownChoice { attack: a, margin, candidates });
        return;
    }
    conclude(world, &a, candidates.first().copied(), margin);
}

/// The tanks that may break down after an unmodified attack roll of 7 or more (10.6): the lead
/// tank if a tank led a won attack; any tank of the attacking force if another unit led it; on a
/// lost attack, any tank other than the lead (which is eliminated anyway).
pub fn breakdown_candidates(ctx: &Ctx, a: &Attack, lead: usize, success: bool) -> Vec<usize> {
    let tanks = a.attackers.iter().copied().filter(|&i| ctx.unit(i).kind() == Kind::Tank && ctx.unit(i).area() == Some(a.area));
    if success && ctx.unit(lead).kind() == Kind::Tank {
        return vec![lead];
    }
    tanks.filter(|&i| success || i != lead).collect()
}

/// The attack's result once the broken-down tank, if any, is known: the defender's loss points
/// (10.31) or the failed attack (10.3, 10.4) and the action phase passing (9.2 c).
fn conclude(world: &mut World, a: &Attack, breakdown: Option<usize>, margin: i32) {
    let ctx = Ctx::capture(world);
    let Some(li) = a.lead else { return };
    let t = ctx.sc.tables.attack.clone();
    if margin > 0 {
        if let Some(b) = breakdown {
            ops::eliminate(world, b, true, "10.6");
        }
        let ctx = Ctx::capture(world);
        let units: Vec<usize> = ctx.sit.side_in(a.area, a.side.enemy()).map(|u| u.index).collect();
        losses::start(
            world,
            LossPayment {
                side: a.side.enemy(),
                area: a.area,
                units,
                left: margin,
                costs: t.losses,
                cause: LossCause::Attack,
                retreated: false,
                any_retreat: false,
            },
        );
        return;
    }
    // 10.3: the attack fails.
    ops::eliminate(world, li, false, "10.3");
    if let Some(b) = breakdown {
        ops::eliminate(world, b, true, "10.6");
    }
    let from_enemy = ctx.impulse.activation.as_ref().and_then(|x| x.group.as_ref()).is_some_and(|g| g.from_enemy_area);
    for &i in &a.attackers {
        let u = ctx.unit(i);
        if i == li || Some(i) == breakdown || u.area() != Some(a.area) {
            continue;
        }
        update(world, u.entity, |c| {
            c.spent = true;
            c.acted = true;
        });
        if let Some(back) = a.entered_from {
            if from_enemy && u.kind() == Kind::Stosstruppen {
                ops::log(
                    world,
                    "10.4",
                    format!("{} advanced from an area with enemy units and cannot retreat", u.spec.name),
                    EventKind::Note,
                );
                ops::eliminate(world, i, false, "10.4");
            } else {
                ops::put(world, i, back);
                ops::log(
                    world,
                    "10.4",
                    format!("{} returns to area {back}", u.spec.name),
                    EventKind::Retreated { unit: u.spec.id.clone(), to: back },
                );
            }
        }
    }
    world.resource_mut::<Combat>().attack = None;
    if let Some(act) = world.resource_mut::<Impulse>().activation.as_mut() {
        act.group = None;
        act.acted += 1;
    }
    ops::update_control(world);
    // 9.2 c: an attack with OT not above DT passes the action phase.
    world.resource_mut::<Impulse>().activation = None;
    action::pass(world);
}

/// The attacker's choice of the tank that breaks down (10.6): `BreakDown`.
pub fn breakdown_commands(b: &BreakdownChoice, ctx: &Ctx) -> Vec<Command> {
    b.candidates.iter().map(|&i| Command::BreakDown(ctx.unit(i).spec.id.clone())).collect()
}

fn check_breakdown(ctx: &Ctx, b: &BreakdownChoice, cmd: &Command) -> Result<(), Refusal> {
    let Command::BreakDown(id) = cmd else {
        return Err(Refusal::by_rule(
            "10.6",
            format!("a tank of the attacking force must break down first: the {} choose which (BreakDown)", b.attack.side.name()),
        ));
    };
    if b.candidates.iter().any(|&i| ctx.unit(i).spec.id == *id) {
        return Ok(());
    }
    let why = match ctx.find(id) {
        None => format!("there is no unit `{id}`"),
        Some(u) if u.kind() != Kind::Tank => format!("{} is not a tank: only a tank of the attacking force breaks down", u.spec.name),
        Some(u) if b.attack.lead == Some(u.index) => {
            format!("{} led the failed attack and is eliminated; another tank of the attacking force breaks down in addition", u.spec.name)
        }
        Some(u) => format!("{} is not a tank of the attacking force in area {}", u.spec.name, b.attack.area),
    };
    Err(Refusal::by_rule("10.6", why))
}

fn apply_breakdown(world: &mut World, id: &str) {
    let Some(b) = world.resource_mut::<Combat>().breakdown.take() else { return };
    let ctx = Ctx::capture(world);
    let Some(u) = ctx.find(id) else { return };
    world.resource_mut::<Combat>().attack = Some(b.attack.clone());
    conclude(world, &b.attack, Some(u.index), b.margin);
}

/// After the defender has paid (10.31): an overrun (10.5) or the end of the group's action.
pub fn after_losses(world: &mut World, any_retreat: bool) {
    let ctx = Ctx::capture(world);
    let Some(a) = ctx.combat.attack.clone() else { return };
    world.resource_mut::<Combat>().attack = None;
    ops::update_control(world);
    let lead_kind = a.lead.map(|l| ctx.unit(l).kind());
    let cleared = !ctx.sit.has(a.area, a.side.enemy());
    let overrun = matches!(lead_kind, Some(Kind::Tank) | Some(Kind::Stosstruppen)) && !a.in_place && cleared && !any_retreat;
    let survivors: Vec<usize> = a.attackers.iter().copied().filter(|&i| ctx.unit(i).area() == Some(a.area)).collect();
    if overrun && !survivors.is_empty() {
        let ids: Vec<String> = survivors.iter().map(|&i| ctx.unit(i).spec.id.clone()).collect();
        ops::log(
            world,
            "10.5",
            format!("Overrun: the attackers may use their remaining movement points in area {}", a.area),
            EventKind::Overrun { units: ids },
        );
        let mut g = ctx.impulse.activation.as_ref().and_then(|x| x.group.clone());
        if let Some(g) = g.as_mut() {
            let keep: Vec<(usize, u32)> =
                g.units.iter().copied().zip(g.mp.iter().copied()).filter(|(i, _)| survivors.contains(i)).collect();
            g.units = keep.iter().map(|k| k.0).collect();
            g.mp = keep.iter().map(|k| k.1).collect();
            // Stosstruppen that came from an enemy area end their movement there (9.34).
            g.must_stop = g.from_enemy_area;
            g.moved = true;
        }
        if let Some(act) = world.resource_mut::<Impulse>().activation.as_mut() {
            act.group = g.clone();
        }
        let ctx = Ctx::capture(world);
        let side = a.side;
        if g.is_some_and(|g| ctx.group_can_act(side, &g)) {
            return;
        }
    }
    action::finish_group(world);
}
