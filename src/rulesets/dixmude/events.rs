//! Commands (a controller's answers) and events (what the rules report), with their rule numbers.

use serde::{Deserialize, Serialize};

use crate::engine::RuleEvent;

use super::strategy::Strategy;
use super::units::{Level, Side};

/// A controller's answer. Units are named by their scenario id, zones by their number.
///
/// In RON: `Buy(Taube)`, `BuyRandom`, `Enter("de-1-207", 34)`, `Exit("de-3-206")`, `Play(Taube)`,
/// `Bomb("de-fussart-1", 11)`, `CounterBattery("fb-ral155")`, `NoCounterBattery`,
/// `Activate(34, ["de-1-206", "de-2-206"])`, `Permute("fb-1-12rl", "fb-2-11rl")`, `Shift("fb-mg-fm", 3)`,
/// `Move(["de-1-206"], 29)`, `Detach("fb-1-1rfm")`, `Assault(from: 29, target: 11, night: false)`,
/// `DefensiveFire(true)`, `Charge`, `BreakOff`, `Raise(["fb-1-1rfm"])`, `Rebuild("fb-2-1rfm")`,
/// `Dig([4, 5])`, `Done`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Command {
    /// Buy the second strategy counter of one's choice, naming a side of it (5).
    Buy(Strategy),
    /// German: buy a second strategy counter drawn at random (5).
    BuyRandom,
    /// German operational movement: a battalion or field artillery regiment leaves the HQ zone of the
    /// XXII Reserve-Korps for an entry zone (6).
    Enter(String, u32),
    /// German operational movement: a unit goes back to the HQ zone (6).
    Exit(String),
    /// Play a strategy counter from one's hand, in its phase (12).
    Play(Strategy),
    /// Bomb a zone with an unused artillery unit (7.2).
    Bomb(String, u32),
    /// Answer a bombing with counter-battery fire (7.2).
    CounterBattery(String),
    /// Answer a bombing without counter-battery fire (7.2).
    NoCounterBattery,
    /// Put the named units of a zone on the offensive for 1 RP (8.1; support units may go with them, 8.1.3).
    Activate(u32, Vec<String>),
    /// Exchange two battalions of adjacent zones for 1 RP (8.1.1).
    Permute(String, String),
    /// Move a HQ, machine-gun company or artillery unit on its own, free, in place of an activation (8.1.3).
    Shift(String, u32),
    /// Move offensive units of one zone into an adjacent zone (8.1, 8.6).
    Move(Vec<String>, u32),
    /// Detach a company from an activated marine fusiliers battalion in good order (8.1.2).
    Detach(String),
    /// Launch the activation's assault from a zone on an adjacent enemy zone (8.3); `night`: with
    /// the Night Infiltration strategy (12.2.2).
    Assault { from: u32, target: u32, night: bool },
    /// The passive player's defensive fire, with a barrage of his unused field artillery in range or not (8.2).
    DefensiveFire(bool),
    /// After the defensive fire, press the assault (8.3)...
    Charge,
    /// ...or give it up and retreat (8.3.1).
    BreakOff,
    /// Raise up to three battalions one level for 1 RP (9.2).
    Raise(Vec<String>),
    /// Rebuild a battalion out of action for 1 RP (9.3).
    Rebuild(String),
    /// Dig trenches in up to three zones for 1 RP (9.4).
    Dig(Vec<u32>),
    /// Pass, stop, end the activation or the phase.
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
    TurnBegan {
        turn: u32,
    },
    PhaseBegan {
        phase: String,
    },
    ResourcePoints {
        side: Side,
        rp: u32,
    },
    /// A counter drawn: which one is not told (hidden hands, 5).
    Drew {
        side: Side,
    },
    Played {
        side: Side,
        strategy: Strategy,
    },
    Bombing {
        unit: String,
        zone: u32,
        roll: u32,
        modifier: i32,
        hits: u32,
    },
    CounterBattery {
        unit: String,
        roll: u32,
        penalty: i32,
    },
    Hit {
        unit: String,
        level: Option<Level>,
    },
    OutOfAction {
        unit: String,
    },
    Removed {
        unit: String,
    },
    Moved {
        units: Vec<String>,
        from: u32,
        to: u32,
    },
    YserCrossing {
        roll: u32,
        success: bool,
    },
    DefensiveFire {
        zone: u32,
        power: i32,
        roll: u32,
        hits: u32,
    },
    Assault {
        from: u32,
        target: u32,
        amplitude: u32,
        modifier: i32,
        roll: u32,
        success: bool,
        attacker_hits: u32,
        defender_hits: u32,
    },
    Retreated {
        unit: String,
        to: u32,
    },
    Ruins {
        bonus: i32,
    },
    Trenches {
        zone: u32,
        dug: bool,
    },
    Raised {
        unit: String,
        level: Level,
    },
    Arrived {
        unit: String,
        zone: u32,
    },
    GameOver {
        result: String,
        winner: Option<Side>,
    },
    Note,
}
