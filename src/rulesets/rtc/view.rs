//! What the outside world sees: the pending decision, the state view, and the invariants checked
//! after every command in tests.

use std::collections::BTreeMap;

use bevy::prelude::*;

use crate::engine::{Pending, StateView, UnitView};

use super::map::Ctx;
use super::state::{CombatStep, Outcome, Phase};
use super::units::{Place, Side};

/// The decision awaited, and by whom.
pub fn pending(world: &World) -> Option<Pending> {
    world.get_resource::<State<Phase>>()?;
    let ctx = Ctx::capture(world);
    let (side, prompt, rule): (Side, String, &str) = if let Some(p) = &ctx.losses.pending {
        (
            p.side,
            format!("{} loss points to pay in area {}: Flip, Eliminate or Retreat a unit", p.left, p.area),
            if p.costs.retreat_spent.is_some() { "10.31" } else { "7.63" },
        )
    } else if let Some(b) = &ctx.combat.breakdown {
        (
            b.attack.side,
            format!("Tank breakdown after the attack on area {}: choose the tank that breaks down (BreakDown)", b.attack.area),
            "10.6",
        )
    } else if let Some(f) = &ctx.bombard.friendly_fire {
        (f.side, format!("Friendly fire in area {}: choose the unit it eliminates (FriendlyFire)", f.area), "7.9")
    } else {
        match ctx.phase? {
            Phase::Reinforcement => {
                (ctx.reinforce.side?, "Place your arriving units in your entry areas (Place, ReturnTank), then Done".into(), "6.1")
            }
            Phase::Bombardment => match &ctx.bombard.order {
                Some(o) => (o.side, format!("Bombardment of area {}: add supporting artillery (Support) or Fire", o.target), "7.4"),
                None => (ctx.bombard.to_move?, "Bombard an area, or pass (Done)".into(), "7.2"),
            },
            Phase::Barrage => {
                (ctx.initiative, "Fire rolling or interdiction barrages with fresh artillery (Barrage), then Done".into(), "8.2")
            }
            Phase::Action => match &ctx.combat.attack {
                Some(a) if a.step == CombatStep::Lead => (a.side, format!("Attack on area {}: choose the lead unit", a.area), "10.2"),
                Some(a) => {
                    (a.side.enemy(), format!("Area {} is attacked: choose the lead defender, artillery and SOS barrage", a.area), "10.2")
                }
                None => match &ctx.impulse.activation {
                    Some(act) => (
                        ctx.impulse.active?,
                        format!(
                            "Area {} activated: form a group (Add), move (MoveTo), attack (AttackHere), Halt or EndActivation",
                            act.area
                        ),
                        "9.2",
                    ),
                    None => (ctx.impulse.active?, "Activate an area, or pass the action phase (Done)".into(), "9.2"),
                },
            },
            Phase::Administration => {
                let target = ctx.fatigue.target?;
                (target.enemy(), format!("Fatigue up to {} {} area(s) (Fatigue), or Done", ctx.fatigue.left, target.name()), "11.2")
            }
            Phase::TurnStart => return None,
        }
    };
    Some(Pending { side: side.id().to_string(), prompt, rule: rule.to_string() })
}

pub fn state_view(world: &World) -> StateView {
    let ctx = Ctx::capture(world);
    let outcome = world.resource::<Outcome>();
    let units = ctx
        .sit
        .units
        .iter()
        .map(|u| {
            let mut markers = Vec::new();
            if u.c.no_ammo {
                markers.push("out_of_ammo".to_string());
            }
            if u.c.acted {
                markers.push("activated".to_string());
            }
            let location = match u.c.place {
                Place::Area(a) => a.to_string(),
                Place::Waiting => "reinforcement".into(),
                Place::Eliminated => "eliminated".into(),
                Place::BrokenDown => "broken_down".into(),
                Place::NotInPlay => "not_in_play".into(),
            };
            let status = match u.c.place {
                Place::Eliminated => "eliminated",
                Place::BrokenDown => "broken_down",
                _ if u.c.spent => "spent",
                _ => "fresh",
            };
            UnitView {
                id: u.spec.id.clone(),
                name: u.spec.name.clone(),
                side: u.side().id().to_string(),
                kind: u.kind().id().to_string(),
                location,
                status: status.to_string(),
                medals: None,
                steps: None,
                markers,
            }
        })
        .collect();
    let mut tracks = BTreeMap::new();
    tracks.insert("initiative_british".to_string(), i64::from(ctx.initiative == Side::British));
    tracks.insert("british_br_areas".to_string(), ctx.br_areas(Side::British) as i64);
    let mut vp = BTreeMap::new();
    for s in Side::BOTH {
        vp.insert(s.id().to_string(), ctx.victory_areas(s) as i64);
    }
    let mut map_markers: Vec<String> = ctx.markers.rolling.iter().map(|a| format!("rolling_barrage@{a}")).collect();
    map_markers.extend(ctx.markers.interdiction.iter().map(|a| format!("interdiction@{a}")));
    let phase = match ctx.phase {
        Some(p) => format!("{p:?}"),
        None if outcome.result.is_some() => "game over".into(),
        None => "set up".into(),
    };
    StateView {
        ruleset: super::ID.to_string(),
        scenario: ctx.sc.spec.info.name.clone(),
        turn: ctx.turn,
        phase,
        to_move: pending(world).map(|p| p.side),
        pending: pending(world),
        units,
        tracks,
        vp,
        map_markers,
        result: outcome.result.clone(),
        winner: outcome.winner.map(|s| s.id().to_string()),
    }
}

/// Broken invariants, in words.
pub fn invariants(world: &World) -> Vec<String> {
    let ctx = Ctx::capture(world);
    let mut out = Vec::new();
    let mut stacks: BTreeMap<(u32, Side), u32> = BTreeMap::new();
    for u in &ctx.sit.units {
        if let Place::Area(a) = u.c.place {
            if !ctx.exists(a) {
                out.push(format!("{} is in area {a}, which is not on the map", u.spec.id));
            }
            *stacks.entry((a, u.side())).or_insert(0) += 1;
        }
        if u.c.no_ammo && (!u.is_artillery() || !u.c.spent) {
            out.push(format!("{} is out of ammunition but is not spent artillery", u.spec.id));
        }
        if u.c.place == Place::BrokenDown && u.kind() != super::units::Kind::Tank {
            out.push(format!("{} is broken down but is not a tank", u.spec.id));
        }
    }
    for ((a, s), n) in &stacks {
        if *n > ctx.stacking() {
            out.push(format!("{n} {} units in area {a} (limit {}, 9.35)", s.name(), ctx.stacking()));
        }
        let other = stacks.contains_key(&(*a, s.enemy()));
        if !other && ctx.controller(*a) != *s {
            out.push(format!("area {a} holds only {} units but is not {}-controlled (3.21)", s.name(), s.name()));
        }
    }
    if ctx.turn == 0 || ctx.turn > ctx.sc.last_turn() {
        out.push(format!("turn {} is off the turn record track", ctx.turn));
    }
    if let Some(g) = ctx.impulse.activation.as_ref().and_then(|a| a.group.as_ref())
        && ctx.combat.attack.is_none()
        && ctx.combat.breakdown.is_none()
        && ctx.losses.pending.is_none()
    {
        for &i in &g.units {
            if ctx.unit(i).area() != Some(g.at) {
                out.push(format!("{} is in the moving group but not in its area {}", ctx.unit(i).spec.id, g.at));
            }
        }
    }
    out
}
