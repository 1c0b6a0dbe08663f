//! Activation of units (2.1 classic, 2.2 random), the arrival of units from the map edge (2.3, 8,
//! 7.2), and the dispatch of the active unit's actions (chapter 3).

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::Refusal;

use super::actions::{Ctx, assault, combat, movement, rally};
use super::events::{Command, EventKind};
use super::map::{Situation, UnitInfo};
use super::ops;
use super::scenario::MarkerKind;
use super::sequence;
use super::state::{Activation, Activations, Agenda, Night, StageKind};
use super::tables::ReinforcementEntry;
use super::units::{Location, Side, TurnRecord};

/// The stage's side and kind, if it is an activation stage.
fn stage(world: &World) -> Option<(Side, StageKind)> {
    let a = world.resource::<Agenda>();
    let s = a.current.as_ref()?;
    Some((s.side?, s.kind.clone()))
}

/// True if a waiting reinforcement may enter on `turn` (2.3): on its group's turn, or on a later one
/// too when the tables say so (`reinforcement_entry: FromItsTurn`; never an optional unit, which
/// enters "during his activation phase" of its turn only).
pub fn reinforcement_due(sit: &Situation, u: &UnitInfo, turn: u32) -> bool {
    let later = sit.scenario.tables.reinforcement_entry == ReinforcementEntry::FromItsTurn;
    sit.scenario
        .spec
        .reinforcements
        .iter()
        .any(|r| r.units.iter().any(|x| **x == *u.unit.id) && (r.turn == turn || (later && !r.optional && r.turn < turn)))
}

/// Why a unit may not be activated in this stage, if it may not.
pub fn can_activate(world: &World, sit: &Situation, u: &UnitInfo) -> Result<(), Refusal> {
    activation_check(world, sit, u).map_err(|why| match why {
        NotNow::NoStage => Refusal::new("no activation is under way"),
        NotNow::OtherSide(side) => Refusal::by_rule("2.1", format!("{} is not one of the {} player's units", u.unit.name, side.name())),
        NotNow::Busy => Refusal::by_rule("2.1", "a unit must finish all its actions before another is activated"),
        NotNow::MarkerSpent => Refusal::by_rule("7.2", "the marker allows no more activations"),
        NotNow::DoneInStage => Refusal::by_rule("2.1", format!("{} has already been activated", u.unit.name)),
        NotNow::NoEntry => Refusal::by_rule("2.3", format!("{} has no free hex to enter by", u.unit.name)),
        NotNow::DoneThisTurn => Refusal::by_rule("2.1", format!("{} has already been activated this turn", u.unit.name)),
        NotNow::NotInStage => Refusal::by_rule("2.1", format!("{} cannot be activated now", u.unit.name)),
    })
}

/// True if the unit may be activated in this stage: [`can_activate`] without writing the reason
/// (`legal` asks it of every unit).
pub fn may_activate(world: &World, sit: &Situation, u: &UnitInfo) -> bool {
    activation_check(world, sit, u).is_ok()
}

/// Why a unit may not be activated now ([`can_activate`] words it).
enum NotNow {
    NoStage,
    OtherSide(Side),
    Busy,
    MarkerSpent,
    DoneInStage,
    NoEntry,
    DoneThisTurn,
    NotInStage,
}

fn activation_check(world: &World, sit: &Situation, u: &UnitInfo) -> Result<(), NotNow> {
    let Some((side, kind)) = stage(world) else {
        return Err(NotNow::NoStage);
    };
    if u.side() != side {
        return Err(NotNow::OtherSide(side));
    }
    let acts = world.resource::<Activations>();
    if acts.current.is_some() {
        return Err(NotNow::Busy);
    }
    if acts.remaining == Some(0) {
        return Err(NotNow::MarkerSpent);
    }
    if acts.done_in_stage.contains(&u.entity) && !matches!(kind, StageKind::NightRound { .. }) {
        return Err(NotNow::DoneInStage);
    }
    let turn = ops::turn(world);
    let on_map = matches!(u.location, Location::OnMap(_));
    let fresh = !u.record.activated;
    let waiting = u.location == Location::Waiting;
    let ok = match kind {
        StageKind::ClassicActivation => (on_map && fresh) || (waiting && reinforcement_due(sit, u, turn)),
        StageKind::Marker(MarkerKind::Battalions(_)) => on_map && fresh && !u.is_tank(),
        StageKind::Marker(MarkerKind::Tanks) => on_map && fresh && u.is_tank(),
        StageKind::Marker(MarkerKind::Reinforcements) => !u.is_tank() && matches!(u.location, Location::OnTrack { .. }),
        StageKind::ReturnToPlay => matches!(u.location, Location::OnTrack { turn: t } if t <= turn + 1),
        StageKind::ReinforcementEntry => waiting && reinforcement_due(sit, u, turn),
        StageKind::NightRound { german: false, .. } => {
            world.resource::<Night>().deployed.contains(&u.entity) && on_map && !acts.done_in_stage.contains(&u.entity)
        }
        StageKind::NightRound { german: true, .. } => {
            let near = &world.resource::<Night>().activated_hexes;
            let reach = sit.scenario.spec.night_assault.as_ref().map(|n| n.german_reach).unwrap_or(2);
            on_map
                && !u.is_tank()
                && !acts.done_in_stage.contains(&u.entity)
                && u.hex().is_some_and(|h| near.iter().any(|n| n.unsigned_distance_to(h) <= reach))
        }
        _ => false,
    };
    if ok && !on_map && !has_entry(sit, u) {
        return Err(NotNow::NoEntry);
    }
    if ok {
        Ok(())
    } else if on_map && !fresh {
        Err(NotNow::DoneThisTurn)
    } else {
        Err(NotNow::NotInStage)
    }
}

/// True if an off-map unit has at least one hex it may enter by (its edge, its rows, free of the
/// enemy and affordable).
fn has_entry(sit: &Situation, u: &UnitInfo) -> bool {
    let entry = sit.unit_entry_hexes(u);
    let allowed = super::actions::allowed_for(sit, u);
    let mp = if u.is_tank() { sit.scenario.tables.actions.mp_per_medal_tank } else { sit.scenario.tables.actions.mp_per_medal_battalion };
    sit.can_enter_by(u, &entry, mp * u.medals(sit.scenario.tables.max_medals), &allowed)
}

/// Starts a unit's activation. `event` activations (hero, mechanic) may reuse an activated unit.
pub fn start(world: &mut World, e: Entity) {
    let sit = Situation::capture(world);
    let Some(u) = sit.get(e).cloned() else { return };
    let max = sit.scenario.tables.max_medals;
    let kind = stage(world).map(|s| s.1);
    let entering = !matches!(u.location, Location::OnMap(_));
    let move_only = matches!(kind, Some(StageKind::ReturnToPlay)).then_some(1);
    world.resource_mut::<Activations>().current = Some(Activation {
        unit: e,
        medals: u.medals(max),
        spent: 0,
        mp_left: 0,
        actions: 0,
        trench_bonus: false,
        combat_medals: 0,
        mg_duty: false,
        entering,
        move_only_medals: move_only,
    });
    world.resource_mut::<Activations>().done_in_stage.push(e);
    ops::log(
        world,
        "2.1",
        format!("{} is activated ({} medals)", u.unit.name, u.medals(max)),
        EventKind::Activated { unit: u.unit.id.to_string() },
    );
    if sit.scenario.spec.options.mg_battalions && u.unit.mg && !entering && !u.reduced {
        mg_duty(world);
    }
}

/// Optional rule 1: an MG battalion "must use at least two medals per activation to perform a combat
/// action. If such an action is impossible, the medals are lost for that activation": with a target
/// it fires two medals first; with none, those two medals are lost and it uses the others freely.
fn mg_duty(world: &mut World) {
    let Ok(ctx) = Ctx::capture(world) else { return };
    let target = !combat::options(&ctx).is_empty();
    let lost = ctx.tables().actions.mg_combat_medals.min(ctx.act.medals_left());
    if let Some(a) = world.resource_mut::<Activations>().current.as_mut() {
        if target {
            a.mg_duty = true;
        } else {
            a.spent += lost;
        }
    }
    if !target {
        ops::log(world, "O1", format!("{} has no target for its machine guns: {lost} medals lost", ctx.me.unit.name), EventKind::Note);
        after_action(world);
    }
}

/// Ends the active unit's activation; then the stage may be over (a marker's count used up).
pub fn end(world: &mut World) {
    let Some(act) = world.resource_mut::<Activations>().current.take() else { return };
    let returning = matches!(stage(world), Some((_, StageKind::ReturnToPlay)));
    if let Some(mut rec) = world.get_mut::<TurnRecord>(act.unit) {
        rec.activated = true;
        rec.returned |= returning;
    }
    // Night assault: the German battalions near the Allied units just activated may answer (10).
    if matches!(stage_kind(world), Some(StageKind::NightRound { german: false, .. }))
        && let Some(h) = ops::location(world, act.unit).hex()
    {
        world.resource_mut::<Night>().activated_hexes.push(h);
    }
    let u = ops::unit(world, act.unit);
    ops::log(
        world,
        "2.1",
        format!("{} ends its activation ({} medal{} used)", u.name, act.spent, if act.spent == 1 { "" } else { "s" }),
        EventKind::ActivationEnded { unit: u.id.to_string(), medals_spent: act.spent },
    );
    let finished = {
        let mut acts = world.resource_mut::<Activations>();
        if let Some(r) = acts.remaining.as_mut() {
            *r = r.saturating_sub(1);
        }
        acts.remaining == Some(0)
    };
    // An event activation (hero, mechanic) or a marker used up ends the stage; otherwise the side
    // goes on choosing, unless nothing is left to activate.
    let kind = stage_kind(world);
    if finished || matches!(kind, Some(StageKind::Marker(MarkerKind::Hero | MarkerKind::Mechanic))) || !anything_to_activate(world) {
        sequence::advance(world);
    }
}

fn stage_kind(world: &World) -> Option<StageKind> {
    world.resource::<Agenda>().current.as_ref().map(|s| s.kind.clone())
}

/// True if some unit can still be activated in this stage.
pub fn anything_to_activate(world: &World) -> bool {
    let sit = Situation::capture(world);
    sit.units.iter().any(|u| may_activate(world, &sit, u))
}

/// After an action: the activation ends by itself once nothing is left to spend (the trench's extra
/// medal counts while it can still fire, Terrain Table).
fn after_action(world: &mut World) {
    let done = match world.resource::<Activations>().current.as_ref() {
        None => return,
        Some(a) => {
            let gone = !matches!(ops::location(world, a.unit), Location::OnMap(_));
            gone || (a.medals_left() == 0 && a.mp_left == 0 && Ctx::capture(world).is_ok_and(|ctx| combat::options(&ctx).is_empty()))
        }
    };
    if done {
        end(world);
    }
}

/// Checks a command in an activation stage.
pub fn check(world: &World, cmd: &Command) -> Result<(), Refusal> {
    let active = world.resource::<Activations>().current.is_some();
    let night = ops::is_night(world);
    match cmd {
        Command::Activate(id) => {
            let sit = Situation::capture(world);
            let u = sit.by_id(id).ok_or_else(|| Refusal::new(format!("there is no unit `{id}`")))?;
            can_activate(world, &sit, u)
        }
        Command::Done => {
            if active {
                Err(Refusal::by_rule("2.1", "finish the active unit's activation first (EndActivation)"))
            } else {
                Ok(())
            }
        }
        Command::EndActivation => {
            let ctx = Ctx::capture(world)?;
            let can_leave = || {
                !movement::options(&ctx).is_empty()
                    || !rally::step_options(&ctx, true).is_empty()
                    || !rally::step_options(&ctx, false).is_empty()
                    || !assault::options(&ctx, night).is_empty()
            };
            check_end(&ctx, can_leave)
        }
        Command::Move(label) => movement::check(&Ctx::capture(world)?, label).map(|_| ()),
        Command::Fire(t) => combat::check(&Ctx::capture(world)?, t),
        Command::Assault(t) => assault::check(&Ctx::capture(world)?, t, night),
        Command::Rally => rally::check_rally(&Ctx::capture(world)?),
        Command::Infiltrate(l) => rally::check_infiltrate(&Ctx::capture(world)?, l).map(|_| ()),
        Command::Withdraw(l) => rally::check_withdraw(&Ctx::capture(world)?, l).map(|_| ()),
        _ => Err(Refusal::new(if active {
            "the active unit may move, fire, assault, rally, infiltrate, withdraw or end its activation"
        } else {
            "choose a unit to activate, or end the phase (Done)"
        })),
    }
}

/// Ending an activation (2.1): a unit stacked with another must first leave the hex if it can
/// (Stacking); `can_leave` says whether any leaving action is open to it.
fn check_end(ctx: &Ctx, can_leave: impl FnOnce() -> bool) -> Result<(), Refusal> {
    if !ctx.act.entering && ctx.stacked() && can_leave() {
        return Err(Refusal::by_rule(
            "Stacking",
            "a unit cannot end its activation stacked with another unit: it must leave the hex (move, withdraw, infiltrate or assault)",
        ));
    }
    Ok(())
}

/// Every legal command in an activation stage.
pub fn legal(world: &World) -> Vec<Command> {
    let mut out = Vec::new();
    let night = ops::is_night(world);
    match Ctx::capture(world) {
        Err(_) => {
            let sit = Situation::capture(world);
            for u in &sit.units {
                if may_activate(world, &sit, u) {
                    out.push(Command::Activate(u.unit.id.to_string()));
                }
            }
            out.push(Command::Done);
        }
        Ok(ctx) => {
            let label = |h: Hex| ctx.sit.label(h);
            for h in movement::options(&ctx) {
                out.push(Command::Move(label(h)));
            }
            let mut leaving = !out.is_empty();
            if !ctx.act.entering {
                for t in combat::options(&ctx) {
                    out.push(Command::Fire(t));
                }
                for t in assault::options(&ctx, night) {
                    leaving = true;
                    out.push(Command::Assault(t));
                }
                if rally::check_rally(&ctx).is_ok() {
                    out.push(Command::Rally);
                }
                for h in rally::step_options(&ctx, true) {
                    leaving = true;
                    out.push(Command::Infiltrate(label(h)));
                }
                for h in rally::step_options(&ctx, false) {
                    leaving = true;
                    out.push(Command::Withdraw(label(h)));
                }
            }
            if check_end(&ctx, || leaving).is_ok() {
                out.push(Command::EndActivation);
            }
        }
    }
    out
}

/// Applies a checked command in an activation stage.
pub fn apply(world: &mut World, cmd: Command) {
    let night = ops::is_night(world);
    match cmd {
        Command::Activate(id) => {
            if let Some(e) = ops::find(world, &id) {
                start(world, e);
            }
        }
        Command::Done => sequence::advance(world),
        Command::EndActivation => {
            let entering = world.resource::<Activations>().current.as_ref().is_some_and(|a| a.entering);
            if entering {
                // A unit that does not enter after all stays off the map, and is not activated
                // again in this stage.
                if let Some(act) = world.resource_mut::<Activations>().current.take() {
                    let name = ops::unit(world, act.unit).name.to_string();
                    ops::log(world, "2.3", format!("{name} does not enter: it stays off the map"), EventKind::Note);
                }
                if !anything_to_activate(world) {
                    sequence::advance(world);
                }
            } else {
                end(world);
            }
        }
        cmd => {
            let Ok(ctx) = Ctx::capture(world) else { return };
            match cmd {
                Command::Move(l) => {
                    if let Ok(reach) = movement::check(&ctx, &l) {
                        movement::apply(world, &ctx, reach);
                    }
                }
                Command::Fire(t) => combat::apply(world, &ctx, &t),
                Command::Assault(t) => assault::apply(world, &ctx, &t, night),
                Command::Rally => rally::apply_rally(world, &ctx),
                Command::Infiltrate(l) => {
                    if let Ok(h) = rally::check_infiltrate(&ctx, &l) {
                        rally::apply_step(world, &ctx, h, true);
                    }
                }
                Command::Withdraw(l) => {
                    if let Ok(h) = rally::check_withdraw(&ctx, &l) {
                        rally::apply_step(world, &ctx, h, false);
                    }
                }
                _ => {}
            }
            after_action(world);
        }
    }
}
