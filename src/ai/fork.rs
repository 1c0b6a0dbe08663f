//! Copies of a world-kept position for the look-ahead (docs/ai.md, "The look-ahead"): the rulesets
//! whose state lives in ECS components and resources copy it out of the game's world ([`Fork::copy`])
//! and write it back into a scratch world of the same scenario ([`Fork::restore`]), one per thread,
//! where the rules themselves play the simulated commands. A [`Forked`] position is the
//! [`Simulate::Pos`](super::search::Simulate::Pos) of such a ruleset.
//!
//! A position is copied out only when the look-ahead keeps it (the root it starts every simulation
//! from, a clone): a simulation then plays on in the scratch world without copying, and its last
//! position is read there. So a played-on position must be used before another is played: the
//! look-ahead plays one simulation to its end before the next ([`search::look_ahead`](super::search::look_ahead)).

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::sync::Arc;

use bevy::prelude::{State, World};

use crate::engine::game::{Game, Origin, carry_out};
use crate::engine::{Dice, GameFlow, Journal, Ruleset};

/// A ruleset whose state at rest can be copied out of a world and written back into another world of
/// the same scenario.
pub trait Fork: Ruleset {
    /// Everything the rules (and the Normal opponent) read and change, at rest between two commands.
    type State: Clone + 'static;
    /// The scenario a world plays (the scratch world is built from it).
    fn scenario(world: &World) -> Arc<Self::Scenario>;
    /// The state of a world at rest.
    fn copy(world: &World) -> Self::State;
    /// Writes a state into a world of the same scenario, in play: afterwards the world reads as the
    /// one it was copied from (tested command by command against the game).
    fn restore(world: &mut World, state: &Self::State);
}

/// A position copied out of a world, with the journal the opponent reads.
struct Saved<R: Fork> {
    state: R::State,
    journal: Journal<R::Event>,
    over: bool,
}

impl<R: Fork> Saved<R> {
    fn of(world: &World) -> Self {
        Saved { state: R::copy(world), journal: world.resource::<Journal<R::Event>>().clone(), over: over(world) }
    }
}

/// A position of a world-kept ruleset, for the look-ahead.
pub struct Forked<R: Fork> {
    scenario: Arc<R::Scenario>,
    /// The position, once copied out.
    saved: RefCell<Option<Arc<Saved<R>>>>,
    /// The scratch world holds this position while its loaded id is this one.
    id: u64,
}

impl<R: Fork> Forked<R> {
    /// The position of a game's world.
    pub fn capture(world: &World) -> Self {
        let saved = Saved::of(world);
        Forked { scenario: R::scenario(world), saved: RefCell::new(Some(Arc::new(saved))), id: next_id() }
    }

    /// Reads the position's world (loaded into this thread's scratch world first if need be).
    pub fn read<T>(&self, f: impl FnOnce(&World) -> T) -> T {
        with_scratch(self, None, |w| f(w))
    }

    /// Carries out a legal command with these dice, as submitting it to the game would.
    pub fn exec(&mut self, dice: &mut Dice, command: R::Command) {
        let id = next_id();
        with_scratch(self, Some(id), |w| {
            std::mem::swap(&mut *w.resource_mut::<Dice>(), dice);
            if let Err(e) = carry_out::<R>(w, command) {
                bevy::log::error!("the look-ahead's copy refused a legal command: {e}");
            }
            std::mem::swap(&mut *w.resource_mut::<Dice>(), dice);
        });
        *self.saved.borrow_mut() = None;
        self.id = id;
    }

    /// Copies the position out of the scratch world if it lives only there.
    fn save(&self) {
        if self.saved.borrow().is_some() {
            return;
        }
        let saved = with_scratch(self, None, |w| Saved::of(w));
        *self.saved.borrow_mut() = Some(Arc::new(saved));
    }
}

impl<R: Fork> Clone for Forked<R> {
    fn clone(&self) -> Self {
        self.save();
        Forked { scenario: self.scenario.clone(), saved: RefCell::new(self.saved.borrow().clone()), id: self.id }
    }
}

/// The [`Simulate`](super::search::Simulate) methods every world-kept ruleset plays the same way on a
/// [`Forked`] position: its `Pos`, `capture`, the legal commands (none once the game is over),
/// `exec`, the Normal scores and the side to decide. Written first inside the ruleset's
/// `impl Simulate`: `fork::forked_positions!(Bastards);`.
macro_rules! forked_positions {
    ($r:ty) => {
        type Pos = $crate::ai::fork::Forked<$r>;
        fn capture(world: &::bevy::prelude::World) -> Self::Pos {
            $crate::ai::fork::Forked::capture(world)
        }
        fn legal_at(p: &Self::Pos) -> Vec<<$r as $crate::engine::Ruleset>::Command> {
            p.read(|w| if $crate::ai::fork::over(w) { Vec::new() } else { <$r as $crate::engine::Ruleset>::legal(w) })
        }
        fn exec(p: &mut Self::Pos, dice: &mut $crate::engine::Dice, c: <$r as $crate::engine::Ruleset>::Command) {
            p.exec(dice, c);
        }
        fn scores_at(p: &Self::Pos, legal: &[<$r as $crate::engine::Ruleset>::Command]) -> Vec<f32> {
            p.read(|w| <$r as $crate::ai::Evaluators>::scores(w, legal))
        }
        fn hard_scores_at(p: &Self::Pos, legal: &[<$r as $crate::engine::Ruleset>::Command]) -> Vec<f32> {
            p.read(|w| <$r as $crate::ai::Evaluators>::hard_scores(w, legal))
        }
        fn decider(p: &Self::Pos) -> Option<usize> {
            p.read($crate::ai::fork::decider::<$r>)
        }
    };
}
pub(crate) use forked_positions;

/// A world of the scenario to play positions in, and the position it holds.
struct Scratch<R: Ruleset> {
    game: Game<R>,
    scenario: Arc<R::Scenario>,
    loaded: u64,
}

thread_local! {
    /// One scratch world per ruleset and thread.
    static SCRATCH: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
    static NEXT_ID: Cell<u64> = const { Cell::new(1) };
}

fn next_id() -> u64 {
    NEXT_ID.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    })
}

/// Runs `f` on the scratch world holding position `p` (built for its scenario, and `p` loaded into
/// it, if need be); `then`: the id of the position `f` leaves there.
fn with_scratch<R: Fork, T>(p: &Forked<R>, then: Option<u64>, f: impl FnOnce(&mut World) -> T) -> T {
    SCRATCH.with(|s| {
        let mut all = s.borrow_mut();
        let at = match all.iter().position(|b| b.is::<Scratch<R>>()) {
            Some(i) => i,
            None => {
                all.push(Box::new(Scratch::<R> { game: start(&p.scenario), scenario: p.scenario.clone(), loaded: 0 }));
                all.len() - 1
            }
        };
        let Some(scratch) = all[at].downcast_mut::<Scratch<R>>() else { unreachable!("found by its type") };
        if !Arc::ptr_eq(&scratch.scenario, &p.scenario) {
            *scratch = Scratch { game: start(&p.scenario), scenario: p.scenario.clone(), loaded: 0 };
        }
        if scratch.loaded != p.id {
            let saved = p.saved.borrow().clone().expect("a played-on position is read before another is loaded");
            if scratch.game.is_over() {
                // The rules have left play (their phase states are gone): a new world.
                scratch.game = start(&p.scenario);
            }
            let w = scratch.game.world_mut();
            R::restore(w, &saved.state);
            *w.resource_mut::<Journal<R::Event>>() = saved.journal.clone();
            if saved.over {
                w.insert_resource(State::new(GameFlow::Over));
            }
            scratch.loaded = p.id;
        }
        let out = f(scratch.game.world_mut());
        if let Some(id) = then {
            scratch.loaded = id;
        }
        out
    })
}

/// A game of the scenario, in play.
fn start<R: Ruleset>(scenario: &Arc<R::Scenario>) -> Game<R> {
    let origin =
        Origin { scenario: scenario.clone(), scenario_path: String::new(), files: Default::default(), seed: 0, forced: Vec::new() };
    Game::start(origin)
}

/// The side (its index in the scenario's sides) that decides in a world; `None` once the game is over.
pub fn decider<R: Fork>(world: &World) -> Option<usize> {
    if over(world) {
        return None;
    }
    let pending = R::pending(world)?;
    R::sides(&R::scenario(world)).iter().position(|s| *s == pending.side)
}

/// The id of the side with this index in the scenario's sides.
pub fn side_id<R: Fork>(world: &World, side: usize) -> String {
    R::sides(&R::scenario(world)).get(side).cloned().unwrap_or_default()
}

/// Whether a world's game is over.
pub fn over(world: &World) -> bool {
    *world.resource::<State<GameFlow>>().get() == GameFlow::Over
}
