//! *In the Trenches: Devil Dogs* (Belleau Wood, June 1918; John Gorkowski's ITT system), the rulebook
//! `002_7f4afe814e63d43b.txt`. Modules follow its chapters: units (2, 11), scenario (13), the map's
//! questions (10), set-up (13.2), sequence of play (3, 13.4), activation, commitment and formations
//! (3.2-5), movement and digging (6, 8), fire and reaction fire (7.1-7.7), indirect fire (7.8),
//! preliminary bombardments (7.86), close combat (9); state holds the position the rules read and
//! change.

pub mod activation;
pub mod armour;
pub mod bombardment;
pub mod charge;
pub mod close_combat;
pub mod edges;
pub mod events;
pub mod fire;
pub mod indirect;
pub mod leadership;
pub mod map;
pub mod movement;
pub mod register;
pub mod scenario;
pub mod sequence;
pub mod setup;
pub mod state;
pub mod tables;
pub mod units;
pub mod view;

use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::phase::{self as decide, Steps};
use crate::engine::ruleset::MapVocabulary;
use crate::engine::source::{Diagnostic, SourceFile};
use crate::engine::{GameFlow, Pending, Refusal, Ruleset, StateView};

pub use events::{Command, Event, EventKind};
use state::{Phase, Piece, Pos, Roster, Setup, Track, UnitState, run};
pub use units::Side;
use view::Stage;

pub const ID: &str = "trenches";

/// A refusal citing its rule.
pub fn refuse(reason: impl Into<String>, rule: &str) -> Refusal {
    Refusal::by_rule(rule, reason)
}

/// The ruleset.
pub struct Trenches;

/// The names the maps may use (10): terrains, hex features (elevation levels, crests, trenches,
/// strongpoints, fortresses, wire, streams) and the road along hexsides (10.8).
pub fn vocabulary() -> MapVocabulary {
    MapVocabulary {
        terrains: ["open", "woods", "shattered_woods", "village", "crater", "wheat", "orchard"].iter().map(|s| s.to_string()).collect(),
        features: ["level1", "level2", "level3", "crest", "trench", "strongpoint", "fortress", "wire", "stream", "road", "ravine"]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        sides: Side::BOTH.iter().map(|s| s.id().to_string()).collect(),
    }
}

impl Ruleset for Trenches {
    const ID: &'static str = ID;
    const NAME: &'static str = "In the Trenches: Devil Dogs";
    type Command = Command;
    type Event = Event;
    type Scenario = scenario::Scenario;
    type ScenarioFile = scenario::ScenarioSpec;
    type TablesFile = tables::Tables;

    fn load_scenario(file: &SourceFile, loader: &mut crate::engine::loader::Loader) -> Result<Self::Scenario, Vec<Diagnostic>> {
        scenario::load(file, loader)
    }

    fn check_tables(file: &SourceFile) -> Vec<Diagnostic> {
        tables::parse(file).err().unwrap_or_default()
    }

    fn map_vocabulary() -> MapVocabulary {
        vocabulary()
    }

    fn build(app: &mut App, scenario: &Self::Scenario) {
        app.add_plugins(plugin);
        spawn(app.world_mut(), scenario);
    }

    fn pending(world: &World) -> Option<Pending> {
        view::pending(world)
    }

    fn legal(world: &World) -> Vec<Command> {
        decide::legal::<Phase, Pos, Command>(world)
    }

    fn check(world: &World, command: &Command) -> Result<(), Refusal> {
        decide::check::<Phase, Pos, Command>(world, command)
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

/// The candidate commands of the decision awaited (13.2, 3.2, 3.3, 7.7).
pub fn candidates(p: &Pos) -> Vec<Command> {
    match view::stage(p) {
        None => Vec::new(),
        Some(Stage::Place(_)) => setup::candidates(p),
        Some(Stage::Orders(_)) => activation::candidates(p),
        Some(Stage::Force(_)) => {
            let mut out = activation::force_candidates(p);
            out.extend(leadership::candidates(p));
            out.push(Command::EndActivation);
            out
        }
        Some(Stage::Reaction(_)) => {
            let mut out = fire::reaction_candidates(p);
            out.extend(leadership::candidates(p));
            out
        }
        Some(Stage::Losses(_)) => close_combat::loss_candidates(p),
    }
}

/// Whether a command answers the decision awaited, by the rules.
pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let stage = view::stage(p).ok_or_else(|| refuse("the game is over", "13.4"))?;
    match (stage, c) {
        (Stage::Place(_), _) => setup::check(p, c),
        (Stage::Orders(_), Command::Activate(_) | Command::Pass) => activation::check(p, c),
        (Stage::Force(_), Command::EndActivation) => Ok(()),
        (Stage::Force(_), Command::Move(..) | Command::EnterFortification(_) | Command::LeaveDugout(_) | Command::Dig(_)) => {
            movement::check(p, c)
        }
        (Stage::Force(_), Command::Fire(..) | Command::FireShrapnel(..)) => fire::check(p, c),
        (
            Stage::Force(_),
            Command::Range(..) | Command::FireForEffect(..) | Command::FireForEffectWith(..) | Command::FireRegistered(..),
        ) => indirect::check(p, c),
        (Stage::Force(_), Command::CloseCombat(_)) => close_combat::check(p, c),
        (Stage::Force(_), Command::PointFire(..)) => armour::check(p, c),
        (Stage::Force(_), Command::Exit(_)) => edges::check(p, c),
        (Stage::Force(_), Command::Charge(..)) => charge::check(p, c),
        (Stage::Reaction(_), Command::React(..) | Command::NoReaction) => fire::reaction_check(p, c),
        (Stage::Force(_) | Stage::Reaction(_), Command::Lead(_)) => leadership::check(p, c),
        (Stage::Losses(_), Command::TakeLoss(_)) => close_combat::loss_check(p, c),
        (Stage::Losses(_), _) => Err(refuse("allocate your close combat losses (TakeLoss)", "9.2")),
        (Stage::Orders(_), _) => Err(refuse("issue orders: Activate a unit or formation, or Pass", "3.2")),
        (Stage::Force(_), _) => Err(refuse("the activated force acts, or EndActivation", "3.3")),
        (Stage::Reaction(_), _) => Err(refuse("reaction fire (React) or NoReaction", "7.7")),
    }
}

/// The commands the rules allow now, on a position (the computer's look-ahead plays copies with it).
pub fn legal_at(p: &Pos) -> Vec<Command> {
    candidates(p).into_iter().filter(|c| check(p, c).is_ok()).collect()
}

/// Carries out a checked command on a position: what submitting it does to the world.
pub fn exec(p: &mut Pos, rt: &mut state::Rt, c: Command) {
    match view::stage(p) {
        None => {}
        Some(Stage::Place(_)) => setup::exec(p, rt, c),
        Some(Stage::Orders(_)) => activation::exec(p, rt, c),
        Some(Stage::Losses(_)) => close_combat::loss_exec(p, rt, c),
        Some(Stage::Reaction(_)) if matches!(c, Command::Lead(_)) => leadership::exec(p, rt, c),
        Some(Stage::Reaction(_)) => fire::reaction_exec(p, rt, c),
        Some(Stage::Force(_)) => match c {
            Command::EndActivation => activation::end_activation(p, rt),
            Command::Move(..) | Command::EnterFortification(_) | Command::LeaveDugout(_) | Command::Dig(_) => movement::exec(p, rt, c),
            Command::Fire(..) | Command::FireShrapnel(..) => fire::exec(p, rt, c),
            Command::Range(..) | Command::FireForEffect(..) | Command::FireForEffectWith(..) | Command::FireRegistered(..) => {
                indirect::exec(p, rt, c)
            }
            Command::CloseCombat(_) => close_combat::exec(p, rt, c),
            Command::PointFire(..) => armour::exec(p, rt, c),
            Command::Lead(_) => leadership::exec(p, rt, c),
            Command::Exit(_) => edges::exec(p, rt, c),
            Command::Charge(..) => charge::exec(p, rt, c),
            _ => {}
        },
    }
    close_combat::clear_melee(p);
    sequence::check_victory(p, rt, false);
}

/// The phase state, if the game is in play.
pub fn phase(world: &World) -> Option<Phase> {
    world.get_resource::<State<Phase>>().map(|s| *s.get())
}

/// Who decides when: one step per stage of the operation; each reads a [`Pos`] captured once and
/// carries out the command by [`exec`].
fn decisions() -> Steps<Phase, Pos, Command> {
    [Phase::SetUp, Phase::Rounds].iter().fold(Steps::new(), |steps, &phase| {
        steps.step(phase, candidates, check, |world: &mut World, c: Command| run(world, |p, rt| exec(p, rt, c)))
    })
}

/// The ruleset's plugin: its phase states, resources and systems.
pub fn plugin(app: &mut App) {
    app.add_sub_state::<Phase>().init_resource::<Track>();
    decisions().install(app);
    app.add_systems(OnEnter(GameFlow::InGame), |w: &mut World| run(w, sequence::start));
}

/// The shipped operations and their maps, compiled in (the registry hands them to the fuzz harness).
pub const SHIPPED: crate::engine::session::Embedded = &[
    ("scenarios/trenches/hill-142.ron", include_str!("../../../scenarios/trenches/hill-142.ron")),
    ("scenarios/trenches/maps/hill-142.ron", include_str!("../../../scenarios/trenches/maps/hill-142.ron")),
    ("scenarios/trenches/lucys-corner.ron", include_str!("../../../scenarios/trenches/lucys-corner.ron")),
    ("scenarios/trenches/maps/lucys-corner.ron", include_str!("../../../scenarios/trenches/maps/lucys-corner.ron")),
    ("scenarios/trenches/wasteland.ron", include_str!("../../../scenarios/trenches/wasteland.ron")),
    ("scenarios/trenches/maps/hells-corner.ron", include_str!("../../../scenarios/trenches/maps/hells-corner.ron")),
];

/// Spawns the operation: units as entities, the map's wire counters.
fn spawn(world: &mut World, sc: &scenario::Scenario) {
    world.insert_resource(Setup(Arc::new(sc.clone())));
    let mut roster = Vec::new();
    for (order, u) in sc.spec.units.iter().enumerate() {
        let st = UnitState::new(sc.unit_type(order).steps, u.letter);
        roster.push(world.spawn(Piece { order, spec: Arc::new(u.clone()), st }).id());
    }
    world.insert_resource(Roster(roster));
    let mut track = Track::default();
    track.0.wire = sc.board.hexes().filter(|&h| sc.board.hex_features(h).iter().any(|f| f.kind == "wire")).collect();
    world.insert_resource(track);
    sc.board.spawn_cells(world);
}
