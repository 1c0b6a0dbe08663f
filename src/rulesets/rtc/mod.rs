//! *Royal Tank Corps* (Cambrai, 20 November - 4 December 1917; area impulse, Ted Raicer), the
//! rulebook `001_0ab5155b33908f8e.txt` and its play aid card. Modules follow its chapters: units
//! (2), scenario (2.2, 2.4, 3), sequence (4), initiative (5), reinforcement (6), bombardment (7),
//! barrage (8), action (9), attack and losses (10), admin (11); map holds the area questions every
//! chapter asks.

pub mod action;
pub mod admin;
pub mod attack;
pub mod barrage;
pub mod bombardment;
pub mod events;
pub mod initiative;
pub mod losses;
pub mod map;
pub mod ops;
pub mod preview;
pub mod reinforcement;
pub mod scenario;
pub mod sequence;
pub mod state;
pub mod tables;
pub mod units;
mod view;

use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::ruleset::MapVocabulary;
use crate::engine::session::Embedded;
use crate::engine::source::{Diagnostic, SourceFile};
use crate::engine::{Inbox, Pending, Refusal, Rules, Ruleset, StateView};

pub use events::{BarrageKind, Command, Event, EventKind, Target};
use map::Ctx;
use state::{Bombardment, Clock, Combat, Control, FatigueCheck, Impulse, Losses, Markers, Outcome, Phase, Reinforce, Setup};
use units::{Counter, Place, Side, Unit};

pub const ID: &str = "rtc";

/// The ruleset.
pub struct Rtc;

/// The shipped scenarios and their maps, compiled in (the registry hands them to the fuzz harness).
pub const SHIPPED: Embedded = &[
    ("scenarios/rtc/cambrai.ron", include_str!("../../../scenarios/rtc/cambrai.ron")),
    ("scenarios/rtc/maps/cambrai.ron", include_str!("../../../scenarios/rtc/maps/cambrai.ron")),
];

impl Ruleset for Rtc {
    const ID: &'static str = ID;
    const NAME: &'static str = "Royal Tank Corps";
    type Command = Command;
    type Event = Event;
    type Scenario = scenario::Scenario;

    fn load_scenario(file: &SourceFile, loader: &mut crate::engine::loader::Loader) -> Result<Self::Scenario, Vec<Diagnostic>> {
        scenario::load(file, loader)
    }

    fn check_tables(file: &SourceFile) -> Vec<Diagnostic> {
        tables::parse(file).err().unwrap_or_default()
    }

    fn map_vocabulary() -> MapVocabulary {
        MapVocabulary {
            terrains: ["open", "village", "trench", "wood", "town"].iter().map(|s| s.to_string()).collect(),
            features: ["canal", "schelde", "bridge"].iter().map(|s| s.to_string()).collect(),
            sides: vec!["british".into(), "german".into()],
        }
    }

    fn build(app: &mut App, scenario: &Self::Scenario) {
        app.add_plugins(plugin);
        spawn(app.world_mut(), scenario);
    }

    fn pending(world: &World) -> Option<Pending> {
        view::pending(world)
    }

    fn legal(world: &World) -> Vec<Command> {
        let ctx = Ctx::capture(world);
        candidates(&ctx).into_iter().filter(|c| check_in(&ctx, c).is_ok()).collect()
    }

    fn check(world: &World, command: &Command) -> Result<(), Refusal> {
        if world.get_resource::<State<Phase>>().is_none() {
            return Err(Refusal::new("nothing is to be decided now"));
        }
        check_in(&Ctx::capture(world), command)
    }

    fn view(world: &World) -> StateView {
        view::state_view(world)
    }

    fn invariants(world: &World) -> Vec<String> {
        view::invariants(world)
    }

    fn sides(scenario: &Self::Scenario) -> Vec<String> {
        scenario.spec.info.sides.iter().map(|s| s.id.to_string()).collect()
    }
}

/// Which module decides now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decider {
    Losses,
    Reinforcement,
    Bombardment,
    Barrage,
    Attack,
    Action,
    Fatigue,
    Nothing,
}

fn decider(ctx: &Ctx) -> Decider {
    if ctx.losses.pending.is_some() {
        return Decider::Losses;
    }
    match ctx.phase {
        Some(Phase::Reinforcement) => Decider::Reinforcement,
        Some(Phase::Bombardment) => Decider::Bombardment,
        Some(Phase::Barrage) => Decider::Barrage,
        Some(Phase::Action) if ctx.combat.attack.is_some() || ctx.combat.breakdown.is_some() => Decider::Attack,
        Some(Phase::Action) => Decider::Action,
        Some(Phase::Administration) => Decider::Fatigue,
        _ => Decider::Nothing,
    }
}

fn candidates(ctx: &Ctx) -> Vec<Command> {
    match decider(ctx) {
        Decider::Losses => losses::candidates(ctx),
        Decider::Reinforcement => reinforcement::candidates(ctx),
        Decider::Bombardment => bombardment::candidates(ctx),
        Decider::Barrage => barrage::candidates(ctx),
        Decider::Attack => attack::candidates(ctx),
        Decider::Action => action::candidates(ctx),
        Decider::Fatigue => admin::candidates(ctx),
        Decider::Nothing => Vec::new(),
    }
}

/// Whether a command is legal in a captured position.
pub fn check_in(ctx: &Ctx, command: &Command) -> Result<(), Refusal> {
    let d = decider(ctx);
    if matches!(command, Command::BreakDown(_)) && d != Decider::Attack {
        return Err(Refusal::by_rule(
            "10.6",
            "no tank is to break down now: the attacker chooses only after an unmodified attack roll of 7 or more, when more than one tank may break down",
        ));
    }
    if matches!(command, Command::FriendlyFire(_)) && d != Decider::Bombardment {
        return Err(Refusal::by_rule(
            "7.9",
            "no friendly-fire victim is to be chosen now: only after an unmodified bombardment roll of 8 or more when all the bombarding player's units in the target area are already spent, and more than one is there",
        ));
    }
    match d {
        Decider::Losses => losses::check(ctx, command),
        Decider::Reinforcement => reinforcement::check(ctx, command),
        Decider::Bombardment => bombardment::check(ctx, command),
        Decider::Barrage => barrage::check(ctx, command),
        Decider::Attack => attack::check(ctx, command),
        Decider::Action => action::check(ctx, command),
        Decider::Fatigue => admin::check(ctx, command),
        Decider::Nothing => Err(Refusal::new("nothing is to be decided now")),
    }
}

/// The current phase, if the game is in play.
pub fn phase(world: &World) -> Option<Phase> {
    world.get_resource::<State<Phase>>().map(|s| *s.get())
}

/// The ruleset's plugin: its phase states, resources and systems.
pub fn plugin(app: &mut App) {
    app.add_sub_state::<Phase>()
        .init_resource::<Control>()
        .init_resource::<Markers>()
        .init_resource::<Reinforce>()
        .init_resource::<Bombardment>()
        .init_resource::<Impulse>()
        .init_resource::<Combat>()
        .init_resource::<Losses>()
        .init_resource::<FatigueCheck>()
        .init_resource::<Outcome>()
        .add_systems(Rules, handle_command);
    sequence::plugin(app);
}

/// Takes the command in the inbox and hands it to the module deciding now.
fn handle_command(world: &mut World) {
    let Some(cmd) = world.resource_mut::<Inbox<Command>>().0.take() else { return };
    let ctx = Ctx::capture(world);
    match decider(&ctx) {
        Decider::Losses => losses::apply(world, cmd),
        Decider::Reinforcement => reinforcement::apply(world, cmd),
        Decider::Bombardment => bombardment::apply(world, cmd),
        Decider::Barrage => barrage::apply(world, cmd),
        Decider::Attack => attack::apply(world, cmd),
        Decider::Action => action::apply(world, cmd),
        Decider::Fatigue => admin::apply(world, cmd),
        Decider::Nothing => world.resource_mut::<Inbox<Command>>().0 = Some(cmd),
    }
}

/// Spawns the scenario: units as entities, control at set-up, the clock.
fn spawn(world: &mut World, sc: &scenario::Scenario) {
    world.insert_resource(Setup(Arc::new(sc.clone())));
    world.insert_resource(Clock { turn: 1, initiative: Side::British });
    let control = sc.areas.iter().map(|(id, a)| (*id, if a.british_at_start { Side::British } else { Side::German })).collect();
    world.insert_resource(Control(control));
    let mut roster = Vec::new();
    for (order, u) in sc.spec.units.iter().enumerate() {
        let place = match u.area {
            Some(a) => Place::Area(a),
            None => Place::Waiting,
        };
        let e = world
            .spawn((Unit { spec: Arc::new(u.clone()), order }, Counter { place, spent: false, no_ammo: false, acted: false, entered: 0 }))
            .id();
        roster.push(e);
    }
    world.insert_resource(ops::Roster(roster));
}
