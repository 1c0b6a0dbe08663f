//! 4.2 Turn sequence: phases I-VI. Each phase is a state whose `OnEnter` runs its automatic part;
//! the decisions within a phase are handled by its module.

use bevy::prelude::*;

use crate::engine::{GameFlow, goto};

use super::events::EventKind;
use super::map::Ctx;
use super::state::{Bombarded, Phase};
use super::units::{Place, update};
use super::{action, admin, barrage, bombardment, initiative, ops, reinforcement};

/// OnEnter(TurnStart): the turn begins, conditional reinforcements are checked (6.2), and the
/// initiative is determined (5.1).
fn begin_turn(world: &mut World) {
    let ctx = Ctx::capture(world);
    let turn = ctx.turn;
    let date = ctx.sc.turn(turn).map(|t| t.date.clone()).unwrap_or_default();
    ops::log(world, "4.2", format!("Turn {turn} ({date})"), EventKind::TurnBegan { turn });
    for u in &ctx.sit.units {
        if u.c.acted {
            update(world, u.entity, |c| c.acted = false);
        }
    }
    world.resource_mut::<Bombarded>().0.clear();
    for c in ctx.sc.spec.conditional.iter().filter(|c| c.turn == turn) {
        let met = c.requires_control.iter().all(|&a| ctx.controller(a) == c.side);
        if met {
            ops::log(world, "6.2", format!("The condition for the {} division holds: it arrives", c.division), EventKind::Note);
            continue;
        }
        for u in
            ctx.sit.units.iter().filter(|u| {
                u.side() == c.side && u.spec.division == c.division && u.spec.turn == Some(c.turn) && u.c.place == Place::Waiting
            })
        {
            update(world, u.entity, |x| x.place = Place::NotInPlay);
        }
        ops::log(
            world,
            "6.2",
            format!("The {} division does not arrive: areas {:?} are not all {}-controlled", c.division, c.requires_control, c.side.name()),
            EventKind::Note,
        );
    }
    initiative::determine(world);
    goto(world, Phase::Reinforcement);
}

fn start_game(world: &mut World) {
    ops::update_control(world);
    goto(world, Phase::TurnStart);
}

fn phase_log(world: &mut World, name: &str, rule: &str) {
    ops::log(world, rule, name.to_string(), EventKind::PhaseBegan { phase: name.to_string() });
}

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(GameFlow::InGame), start_game)
        .add_systems(OnEnter(Phase::TurnStart), begin_turn)
        .add_systems(OnEnter(Phase::Reinforcement), |w: &mut World| {
            phase_log(w, "Mutual reinforcement phase", "6.1");
            reinforcement::begin(w)
        })
        .add_systems(OnEnter(Phase::Bombardment), |w: &mut World| {
            phase_log(w, "Artillery bombardment phase", "7.2");
            bombardment::begin(w)
        })
        .add_systems(OnEnter(Phase::Barrage), |w: &mut World| {
            phase_log(w, "Rolling barrage / interdiction phase", "8.2");
            barrage::begin(w)
        })
        .add_systems(OnEnter(Phase::Action), |w: &mut World| {
            phase_log(w, "Action phase", "9.2");
            action::begin(w)
        })
        .add_systems(OnEnter(Phase::Administration), |w: &mut World| {
            phase_log(w, "Administrative phase", "11.2");
            admin::begin(w)
        });
}
