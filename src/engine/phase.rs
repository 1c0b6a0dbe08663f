//! The phase-dispatch kit (docs/architecture.md, "Deciding by phase"). A ruleset lists its decision
//! steps once, at build time: the phase state each belongs to (and a guard when a phase holds more
//! than one step), the commands it offers, the check of one command and the system that applies it.
//! `Ruleset::legal` and `Ruleset::check` are then [`legal`] and [`check`], and each step's command
//! handling is a system in [`Rules`] that runs only in its phase state and only while it decides.

use bevy::prelude::*;
use bevy::state::state::FreelyMutableState;

use super::decision::{Inbox, Refusal};
use super::ruleset::Rules;

/// What a ruleset's steps read to decide: the world itself, or a snapshot the ruleset captures once
/// per question (so offering and checking many commands reads the world once).
pub trait Context: 'static {
    /// Calls `f` with the context of `world`.
    fn with<T>(world: &World, f: impl FnOnce(&Self) -> T) -> T;
}

impl Context for World {
    fn with<T>(world: &World, f: impl FnOnce(&World) -> T) -> T {
        f(world)
    }
}

/// One decision step.
pub struct Step<S, X, C> {
    /// The phase state it belongs to; `None` for a step that may interrupt any phase.
    phase: Option<S>,
    /// Whether it decides now, within its phase (steps are tried in the order registered).
    guard: fn(&World) -> bool,
    candidates: fn(&X) -> Vec<C>,
    check: fn(&X, &C) -> Result<(), Refusal>,
    /// Whether every candidate is legal already, so [`legal`] need not check each again.
    exact: bool,
    /// Carries a command out (a system in [`Rules`]).
    apply: fn(&mut World, C),
}

/// A ruleset's decision steps, registered at build time (a resource of its game world).
#[derive(Resource)]
pub struct Decisions<S, X, C> {
    steps: Vec<Step<S, X, C>>,
}

/// Adds the steps one by one, then [`Steps::install`] puts them in the app.
pub struct Steps<S, X, C> {
    steps: Vec<Step<S, X, C>>,
}

fn always(_: &World) -> bool {
    true
}

impl<S: FreelyMutableState + Copy, X: Context, C: Send + Sync + 'static> Steps<S, X, C> {
    pub fn new() -> Self {
        Steps { steps: Vec::new() }
    }

    /// A step whose candidates are every command worth trying; [`legal`] keeps those `check` passes.
    pub fn step(self, phase: S, candidates: fn(&X) -> Vec<C>, check: fn(&X, &C) -> Result<(), Refusal>, apply: fn(&mut World, C)) -> Self {
        self.add(Step { phase: Some(phase), guard: always, candidates, check, exact: false, apply })
    }

    /// A step whose candidates are exactly the legal commands (the property tests hold it to that).
    pub fn exact(self, phase: S, legal: fn(&X) -> Vec<C>, check: fn(&X, &C) -> Result<(), Refusal>, apply: fn(&mut World, C)) -> Self {
        self.add(Step { phase: Some(phase), guard: always, candidates: legal, check, exact: true, apply })
    }

    /// A step that interrupts any phase while `guard` holds (register it first so it takes precedence).
    pub fn interrupt(
        self,
        guard: fn(&World) -> bool,
        candidates: fn(&X) -> Vec<C>,
        check: fn(&X, &C) -> Result<(), Refusal>,
        apply: fn(&mut World, C),
    ) -> Self {
        self.add(Step { phase: None, guard, candidates, check, exact: false, apply })
    }

    /// Narrows the step added last to the moments `guard` holds (a phase with two steps).
    pub fn only_if(mut self, guard: fn(&World) -> bool) -> Self {
        if let Some(step) = self.steps.last_mut() {
            step.guard = guard;
        }
        self
    }

    fn add(mut self, step: Step<S, X, C>) -> Self {
        self.steps.push(step);
        self
    }

    /// Inserts the [`Decisions`] and adds each step's command handling to [`Rules`]: a system that
    /// runs only while its step decides (so in its phase state) and takes the command from the
    /// [`Inbox`]. One step decides at a time and the inbox holds one command, so one system takes it;
    /// a command no step takes stays in the inbox and the engine reports it.
    pub fn install(self, app: &mut App) {
        for (index, step) in self.steps.iter().enumerate() {
            let apply = step.apply;
            let deciding = move |world: &World| world.resource::<Decisions<S, X, C>>().deciding(world) == Some(index);
            let handle = move |world: &mut World| {
                if let Some(cmd) = world.resource_mut::<Inbox<C>>().0.take() {
                    apply(world, cmd);
                }
            };
            match step.phase {
                Some(phase) => app.add_systems(Rules, handle.run_if(in_state(phase).and_then(deciding))),
                None => app.add_systems(Rules, handle.run_if(deciding)),
            };
        }
        app.insert_resource(Decisions { steps: self.steps });
    }
}

impl<S: FreelyMutableState + Copy, X: Context, C: Send + Sync + 'static> Default for Steps<S, X, C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<S: FreelyMutableState + Copy, X: Context, C: Send + Sync + 'static> Decisions<S, X, C> {
    /// The step deciding now: the first registered whose phase is current and whose guard holds.
    fn deciding(&self, world: &World) -> Option<usize> {
        let phase = world.get_resource::<State<S>>()?.get();
        self.steps.iter().position(|s| s.phase.as_ref().is_none_or(|p| p == phase) && (s.guard)(world))
    }
}

/// Every command legal now (each passes [`check`]); none when nothing is to be decided.
pub fn legal<S: FreelyMutableState + Copy, X: Context, C: Send + Sync + 'static>(world: &World) -> Vec<C> {
    let decisions = world.resource::<Decisions<S, X, C>>();
    let Some(step) = decisions.deciding(world).map(|i| &decisions.steps[i]) else { return Vec::new() };
    X::with(world, |x| {
        let candidates = (step.candidates)(x);
        if step.exact { candidates } else { candidates.into_iter().filter(|c| (step.check)(x, c).is_ok()).collect() }
    })
}

/// Whether `command` is legal now, and if not, why not.
pub fn check<S: FreelyMutableState + Copy, X: Context, C: Send + Sync + 'static>(world: &World, command: &C) -> Result<(), Refusal> {
    let decisions = world.resource::<Decisions<S, X, C>>();
    let Some(step) = decisions.deciding(world).map(|i| &decisions.steps[i]) else {
        return Err(Refusal::new("nothing is to be decided now"));
    };
    X::with(world, |x| (step.check)(x, command))
}
