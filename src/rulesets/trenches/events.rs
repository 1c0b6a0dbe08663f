//! Commands (a controller's answers) and events (what the rules report), with their rule numbers.

use serde::{Deserialize, Serialize};

use crate::engine::RuleEvent;

pub use super::state::Stat;
use super::units::Side;

/// A controller's answer. Units are named by their scenario id, hexes by their label.
///
/// In RON: `Place("us-a1", "D03")`, `Letter("us-a1", 'B')`, `Activate(["us-a1", "us-a2"])`, `Pass`, `Move(["us-a1"], "E03")`,
/// `EnterFortification(["de-r1"])`, `LeaveDugout(["de-r1"])`, `Dig("us-a1")`, `Fire(["us-a1"], "G04")`,
/// `Range(["de-mtr"], "E03")`, `FireForEffect(["de-mtr"], Drum)`,
/// `CloseCombat("G04")`, `EndActivation`, `React(["de-mg"], "E03")`, `NoReaction`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Command {
    /// Place a unit in its set-up area (13.2).
    Place(String, String),
    /// Give a unit still to place another formation ID letter (13.2): one its identical units carry
    /// with room for it (four infantry to a letter, three of anything else), or the next free one.
    Letter(String, char),
    /// Before set-up, pre-register a hex for a battery with its ammunition and pattern, within the
    /// operation's allowance (7.88, 13.1): `Register("de-how", "D04", Shrapnel, Drum)`.
    Register(String, String, Ammo, Pattern),
    /// The pre-game note is written (7.88, 13.1).
    DoneRegistering,
    /// Spend orders to activate one unit or a formation (3.2, 3.3, 5.1).
    Activate(Vec<String>),
    /// Pass on the rest of one's orders this round (3.2).
    Pass,
    /// Move one unit, or a stack of the activated formation from one hex, into an adjacent hex (8);
    /// off the map where the operation allows it (13.41).
    Move(Vec<String>, String),
    /// Pay one movement point to go IN the hex's fortification, or beneath its wire (10.5, 10.53).
    EnterFortification(Vec<String>),
    /// Pay one movement point to come out of a dugout or fort into the hex (10.52).
    LeaveDugout(Vec<String>),
    /// Dig a scrape (6).
    Dig(String),
    /// Direct area fire at a hex (7.6, 7.61).
    Fire(Vec<String>, String),
    /// Ranging fire at a hex (7.82): the real cross hair there; the game places the two dummies at
    /// random on other hexes the force could range on (the nearest ones, within three hexes where it can).
    Range(Vec<String>, String),
    /// Fire for effect at the force's real cross hair (7.82-7.85).
    FireForEffect(Vec<String>, Pattern),
    /// Close combat in a hex where the force began its activation with enemy units (9).
    CloseCombat(String),
    /// End the activation (3.3).
    EndActivation,
    /// Reaction fire by a non-phasing unit or formation at a hex (7.7).
    React(Vec<String>, String),
    /// Let the moment pass without (more) reaction fire (7.7).
    NoReaction,
    /// Point fire by one AFV or ordnance unit of the activated force at one enemy AFV (7.62).
    PointFire(String, String),
    /// Spend a leadership point on the activation under way, or on the reaction fire about to be
    /// declared: +1 to the statistic for its units (12).
    Lead(Stat),
    /// Fire for effect with a declared ammunition (7.5): shrapnel, gas or smoke.
    FireForEffectWith(Vec<String>, Pattern, Ammo),
    /// Fire a battery at one of its pre-registered hexes (7.88): no observer, no ranging.
    FireRegistered(Vec<String>, String),
    /// Direct fire with shrapnel at a hex (7.5).
    FireShrapnel(Vec<String>, String),
    /// Declare a cavalry charge at the start of a move: its target hexes (8.5).
    Charge(Vec<String>, Vec<String>),
    /// Pay one more movement point to leave the map from an exit hex (13.41).
    Exit(Vec<String>),
    /// Take one step of one's close combat losses from this unit (9.2).
    TakeLoss(String),
}

/// Ammunition (7.5): high explosive unless declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default, schemars::JsonSchema)]
pub enum Ammo {
    /// High explosive, the default the base rules are written for (7.5).
    #[default]
    HighExplosive,
    /// Shrapnel (7.5): guns of 57 mm or more; +3 firepower, cover modifiers in the target hex doubled.
    Shrapnel,
    /// Gas (7.5): 75 mm or more, mid and late war, indirect fire in formation; no firepower, a
    /// hurricane pattern, one casualties roll per hex; gives concealment.
    Gas,
    /// Smoke (7.5): 75 mm or more, mid and late war, indirect fire in formation; no firepower;
    /// gives concealment (7.21).
    Smoke,
}

impl Ammo {
    pub fn name(self) -> &'static str {
        match self {
            Ammo::HighExplosive => "high explosive",
            Ammo::Shrapnel => "shrapnel",
            Ammo::Gas => "gas",
            Ammo::Smoke => "smoke",
        }
    }
}

/// Fire patterns (7.83). A barrage runs along the hex grain through the target: east-west,
/// north-east to south-west, or north-west to south-east.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Pattern {
    /// Drum (7.83): only the target hex, each unit at full firepower.
    Drum,
    /// Hurricane barrage (7.83): the target hex and its six neighbours, each unit at firepower -3.
    Hurricane,
    /// Barrage (7.83): seven hexes in a row along the grain, the target in the middle, each unit at
    /// firepower -3.
    Barrage(Grain),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Grain {
    /// Along the row, east to west.
    EastWest,
    /// From north-east to south-west.
    NorthEastSouthWest,
    /// From north-west to south-east.
    NorthWestSouthEast,
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

/// Typed facts of an event, for the window's animations and for tests.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event")]
pub enum EventKind {
    Placed {
        unit: String,
        hex: String,
    },
    Lettered {
        unit: String,
        letter: char,
    },
    /// A hex pre-registered by its player (7.88): hidden from the other side until the battery fires at it.
    Registered {
        unit: String,
        hex: String,
    },
    /// A side's pre-game note is written (13.1).
    NoteWritten {
        side: Side,
    },
    SetUpDone {
        side: Side,
    },
    Bombarded {
        hex: String,
        roll: u32,
    },
    Cratered {
        hex: String,
    },
    TurnBegan {
        turn: u32,
    },
    Initiative {
        round: u32,
        allied: u32,
        central: u32,
        winner: Option<Side>,
        orders: u32,
    },
    RoundsEnded {
        reason: String,
    },
    Activated {
        side: Side,
        units: Vec<String>,
        formation: bool,
        cost: u32,
    },
    Passed {
        side: Side,
    },
    Moved {
        unit: String,
        from: String,
        to: String,
        mp_left: f32,
    },
    Exited {
        unit: String,
    },
    Fortification {
        unit: String,
        into: String,
    },
    Dug {
        unit: String,
    },
    Revealed {
        unit: String,
    },
    FireDeclared {
        side: Side,
        shooters: Vec<String>,
        target: String,
        reaction: bool,
    },
    /// One casualties dice roll against one unit (7.4).
    Casualties {
        unit: String,
        roll: u32,
        modified: i32,
        resolve: u32,
        result: String,
    },
    Escalated {
        unit: String,
        level: String,
    },
    StepLost {
        unit: String,
        eliminated: bool,
    },
    Retreated {
        unit: String,
        to: Option<String>,
    },
    PointFire {
        shooter: String,
        target: String,
        roll: u32,
        modified: i32,
        penetration: Option<i32>,
        result: String,
    },
    Immobilized {
        unit: String,
    },
    /// The defender's secret roll shown: rounds falling short hit the nth unit moved (7.862).
    ShortRounds {
        unit: String,
        roll: u32,
    },
    WireRemoved {
        hex: String,
    },
    TrenchCrossed {
        unit: String,
        roll: u32,
        bogged: bool,
    },
    Led {
        side: Side,
        stat: Stat,
    },
    ChargeDeclared {
        units: Vec<String>,
        targets: Vec<String>,
    },
    /// Gas or smoke markers placed (7.5).
    Markers {
        ammo: Ammo,
        hexes: Vec<String>,
    },
    /// An off-map battery is out of play (7.87).
    Withdrawn {
        unit: String,
    },
    /// Units joined their side's off-map pool (13.3).
    Pooled {
        side: Side,
        units: Vec<String>,
    },
    Ranged {
        side: Side,
        units: Vec<String>,
    },
    Impact {
        side: Side,
        hexes: Vec<String>,
        volume: i32,
    },
    CloseCombat {
        hex: String,
        attacker: u32,
        defender: u32,
        roll: u32,
        modifier: i32,
        attacker_losses: u32,
        defender_losses: u32,
    },
    ShockTroops {
        side: Side,
    },
    Recombined {
        unit: String,
        with: String,
    },
    Recovery {
        turn: u32,
    },
    GameOver {
        winner: Option<Side>,
        reason: String,
    },
}
