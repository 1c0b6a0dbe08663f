//! Commands (a controller's answers) and events (what the rules report), with their rule numbers
//! (the rulebook's sections: `5.1`, `7.63`, `10.5`...).

use serde::{Deserialize, Serialize};

use crate::engine::RuleEvent;

use super::units::Side;

/// Which of the two kinds of target a bombardment fires at (7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Target {
    /// The artillery units in the area (7.3).
    Artillery,
    /// Infantry, tanks, cavalry and Stosstruppen.
    Other,
}

/// The two barrages of the rolling barrage / interdiction phase (8.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum BarrageKind {
    /// A rolling barrage (8.3): next to friendly units or to another rolling barrage; lowers the
    /// cost of entering and attacking the area by 2 MP.
    Rolling,
    /// An interdiction barrage (8.3): in an area with no friendly unit; enemy units pay 1 MP more to
    /// enter or leave it.
    Interdiction,
}

/// A controller's answer. Units are named by their scenario id, areas by their number.
///
/// In RON: `Place("gb-152", 58)`, `Bombard(lead: "gb-51-ra", target: 51, at: Other, hurricane: true)`,
/// `Activate(35)`, `Add("gb-tank-d")`, `MoveTo(51)`, `Lead("gb-tank-d")`,
/// `Defend(lead: "de-84", guns: None, sos: Some("de-108-fa"))`, `Flip("de-84")`, `BreakDown("gb-tank-d")`,
/// `FriendlyFire("gb-16")`, `Done`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Command {
    /// Place an arriving unit in an entry area (6.1-6.3).
    Place(String, u32),
    /// Bring a broken-down tank back, spent (6.2, 10.61).
    ReturnTank(String, u32),
    /// Announce a bombardment: lead unit, target area and type, hurricane or not (7.3-7.7).
    Bombard { lead: String, target: u32, at: Target, hurricane: bool },
    /// Add a supporting artillery unit to the bombardment announced (7.4).
    Support(String),
    /// Fire the bombardment announced (7.5).
    Fire,
    /// Fire a rolling or interdiction barrage with a fresh artillery unit (8.2-8.3).
    Barrage(String, u32, BarrageKind),
    /// Activate an area (9.2).
    Activate(u32),
    /// Add a unit of the activated area to the group that moves or attacks together (9.21).
    Add(String),
    /// The group enters an adjacent area (9.3); an area with enemy units is attacked (9.5).
    MoveTo(u32),
    /// The group attacks the enemy units in its own area (9.4).
    AttackHere,
    /// The group stops moving; its units are spent.
    Halt,
    /// Ends the activation of the area (9.2).
    EndActivation,
    /// The attacker's lead unit (10.2 a).
    Lead(String),
    /// The defender's lead unit, the fresh artillery adding its bombardment factor and the artillery
    /// firing an SOS barrage (10.2).
    Defend { lead: String, guns: Option<String>, sos: Option<String> },
    /// Pay loss points: flip a fresh unit (7.63, 10.31 a).
    Flip(String),
    /// Pay loss points: eliminate a unit (7.63, 10.31 b, c).
    Eliminate(String),
    /// Pay loss points: retreat a spent unit to an area (10.31 d, 10.41).
    Retreat(String, u32),
    /// Fatigue the units in an enemy area (11.2).
    Fatigue(u32),
    /// The tank of the attacking force that breaks down, when the attacker has a choice (10.6).
    BreakDown(String),
    /// The bombarding player's spent unit that friendly fire eliminates, when he has a choice (7.9).
    FriendlyFire(String),
    /// End the segment or phase; pass (7.2, 9.2 a); stop choosing.
    Done,
}

/// What happened, in words, with its rule and its data.
pub type Event = RuleEvent<EventKind>;

impl crate::engine::journal::EventKind for EventKind {
    fn turn_began(&self) -> Option<u32> {
        match self {
            EventKind::TurnBegan { turn } => Some(*turn),
            _ => None,
        }
    }
}

/// The typed part of an event, for tests and animations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum EventKind {
    TurnBegan { turn: u32 },
    PhaseBegan { phase: String },
    Initiative { side: Side, british: Option<(u32, i32)>, german: Option<(u32, i32)> },
    Placed { unit: String, area: u32, spent: bool },
    NotArrived { units: Vec<String> },
    Bombardment { lead: String, target: u32, at: Target, ot: i32, dt: i32, roll: u32, loss_points: i32 },
    OutOfAmmo { unit: String },
    Resupplied { unit: String },
    FriendlyFire { unit: String, eliminated: bool },
    BarrageFired { unit: String, area: u32, kind: BarrageKind },
    Activated { area: u32 },
    Moved { units: Vec<String>, from: u32, to: u32, cost: u32 },
    Attack { area: u32, lead: String, defender: String, ot: i32, dt: i32, roll: u32, success: bool },
    Flipped { unit: String },
    Eliminated { unit: String },
    Retreated { unit: String, to: u32 },
    BrokeDown { unit: String },
    Overrun { units: Vec<String> },
    ActionPassed { to: Side },
    StaysSpent { unit: String },
    Fatigued { unit: String },
    Control { area: u32, side: Side },
    GameOver { result: String, winner: Side },
    Note,
}
