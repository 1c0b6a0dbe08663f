//! Commands (a controller's answers) and events (what the rules report), with their rule numbers.
//!
//! Rule references follow the rulebook's chapters: the glossary entries by name (`ZoC`, `LoS`, `LoC`,
//! `Stacking`), `SoP` for the sequence of play, the numbered sections (2.1 ... 7.2), and the
//! unnumbered chapters in the rulebook's order: 5 Artillery, 6 Battle Intensity, 8 Test for
//! Eliminated Battalions and Return to Play, 9 Nightfall, 10 Australian Night Assault, 11 Victory
//! (scenario special rules `S1`/`S2`), `O1`-`O3` the optional rules.

use serde::{Deserialize, Serialize};

use crate::engine::RuleEvent;

use super::units::Side;

/// A controller's answer. Units are named by their scenario id, hexes by their label (`K05`).
///
/// In RON: `Activate("gb-2-devons")`, `Move("K05")`, `Fire("de-4gd-5gg-1")`, `EndActivation`, `Done`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Command {
    /// Activate a unit (2.1), or bring in a waiting unit (2.3, 8, 7.2).
    Activate(String),
    /// Movement action of the active unit to a hex, by the cheapest path (3.1).
    Move(String),
    /// Combat action: one die against an enemy unit (3.2).
    Fire(String),
    /// Assault action against an adjacent enemy unit (3.3).
    Assault(String),
    /// Rallying action (3.4).
    Rally,
    /// Infiltration from enemy zone of control to enemy zone of control (3.5).
    Infiltrate(String),
    /// Withdrawal out of an enemy zone of control (3.6).
    Withdraw(String),
    /// The active unit has finished (2.1).
    EndActivation,
    /// Place an artillery marker on a hex (5).
    PlaceBarrage(String),
    /// Use one artillery marker for counter-battery fire (5, German only).
    CounterBattery,
    /// Fire the markers placed; markers not placed are lost (5).
    FireBarrages,
    /// Put the hero on a battalion (7.2).
    PlaceHero(String),
    /// Reorganise a unit during a pause in the fighting (7.2).
    Reorganise(String),
    /// Repair a tank with the mechanic (7.2).
    Repair(String),
    /// Deploy a night-assault unit on a hex (10).
    Deploy(String, String),
    /// Attempt to maintain cohesion (optional rule 3).
    AttemptCohesion,
    /// End the current phase, marker or choice; decline an option.
    Done,
}

/// What happened, in words, with its rule and its data.
pub type Event = RuleEvent<EventKind>;

impl crate::engine::journal::EventKind for EventKind {
    fn turn_began(&self) -> Option<u32> {
        match self {
            EventKind::TurnBegan { turn, .. } => Some(*turn),
            _ => None,
        }
    }
}

/// The typed part of an event, for tests, the AI and animations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum EventKind {
    TurnBegan { turn: u32, random: bool },
    PhaseBegan { phase: String, side: Option<Side> },
    MarkerDrawn { marker: String, side: Option<Side> },
    Activated { unit: String },
    ActivationEnded { unit: String, medals_spent: u32 },
    Moved { unit: String, path: Vec<String>, cost: u32, medals: u32 },
    Fired { unit: String, target: String, roll: u32, modifier: i32, hit: bool },
    Assaulted { unit: String, target: String, dice: Vec<u32>, modifier: i32, needed: i32, losses: u32 },
    AssaultResult { unit: String, target: String, success: bool },
    Loss { unit: String, status: String },
    Eliminated { unit: String, permanently: bool },
    Rallied { unit: String, medals: u32 },
    Infiltrated { unit: String, to: String },
    Withdrew { unit: String, to: String },
    BrokeDown { unit: String },
    Repaired { unit: String },
    BarragePlaced { hex: String },
    BarrageLanded { target: String, hex: String, scattered: bool },
    CounterBattery { markers: u32 },
    Intensity { value: i32 },
    SequenceChange { random: bool },
    Cohesion { roll: u32, total: i32, success: bool },
    ReturnTest { unit: String, roll: u32, result: i32, returns_on: Option<u32> },
    HeroPlaced { unit: String },
    Reorganised { unit: String },
    PulledBack { unit: String, to: Option<String> },
    Deployed { unit: String, hex: String },
    Arrivals { units: Vec<String> },
    TracksReset { intensity: i32, confusion: i32 },
    VictoryPoints { side: Side, points: i32 },
    GameOver { result: String },
    Note,
}
