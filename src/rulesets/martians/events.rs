//! Commands (a controller's answers) and events (what the rules report), with their rule numbers.

use serde::{Deserialize, Serialize};

use crate::engine::RuleEvent;

use super::formations::Formation;
use super::state::Action;

/// A controller's answer. Units and regiments are named by their scenario ids; turns are whole
/// degrees counter-clockwise from the unit's facing, distances whole yards.
///
/// In RON: `Begin("24th", Move)`, `Motivate("24th", Move)`, `EndRegiment`, `Move("24-a", 0, 60)`,
/// `Face("24-a", 90)`, `Form("24-a", Square)`, `Charge("impi-1", "24-a")`, `Fire("24-a", "impi-1")`,
/// `Split("gatling", [("impi-1", 5), ("impi-2", 3)])`, `Evade("rifles")`, `Advance("24-a")`,
/// `Attach("colonel", "24-b")`, `Unload("skimmers")`, `Done`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Command {
    /// The regiment whose turn it is begins an action: move (black card) or fire (red card) (2.5, 2.6).
    Begin(String, Action),
    /// The player's motivation card: the regiment moves or fires again (2.5; 2.6, H, I, G, F).
    Motivate(String, Action),
    /// The regiment ends its activity; a red card still held is opportunity fire (2.6, P).
    EndRegiment,
    /// A straight-line move (4): the bearing from the unit's facing (forward within 45 degrees; European
    /// units also shift 20 yards to the side or back, 4.5) and the distance.
    Move(String, i32, u32),
    /// A wheel or change of facing (4.4): the unit may then move only at tactical rates (4.5). For an
    /// unlimbered gun, a change of its direction of fire instead of firing (4.34).
    Face(String, i32),
    /// A change of formation (3), limbering or unlimbering (6.4f); tactical moves only after it (4.5).
    Form(String, Formation),
    /// A charge into contact with an enemy unit (4.1b, 8.1): the charger wheels and shifts to match the
    /// defender's edge it reaches.
    Charge(String, String),
    /// Fire at an enemy unit: musketry (7), artillery (6), an aviation attack, opportunity or return fire.
    Fire(String, String),
    /// 6.7b: a Gatling or machine gun splits its dice among two or three targets, each named once with
    /// its dice, in the battle's order of units: `Split("gatling", [("w-1", 5), ("w-2", 3)])`.
    Split(String, Vec<(String, u32)>),
    /// 8.2a: skirmishers or a gun's crew just charged flee instead of meleeing (`Done`: they stand).
    Evade(String),
    /// 8.3: the winner of a melee whose beaten enemy fled advances into the ground it held (`Done`:
    /// it holds).
    Advance(String),
    /// 2.11, 2.31: a commander rides to another unit of his command in a move: `Attach("colonel", "24-b")`.
    Attach(String, String),
    /// 11.0, ATR: a skimmer (in the vehicle phase) or an air transport raider (in the aviation phase)
    /// deploys the unit it carries where it stands, no closer than 200 yards to the enemy, and leaves.
    Unload(String),
    /// The side with the most aviation stands (in the aviation phase) or vehicle and skimmer stands (in
    /// the vehicle phase) moves first (`Order(true)`) or last (`Order(false)`) in it (Aviation; Steam
    /// Power Vehicle Rules); the other sides follow from most stands to least.
    Order(bool),
    /// Ends the action, the phase's decisions, or lets an opportunity pass.
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

/// Typed facts of an event, for the window's animations and for tests.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event")]
pub enum EventKind {
    TurnBegan { turn: u32 },
    VariableMorale { unit: String, roll: u32, grade: u32 },
    Initiative { order: Vec<String>, totals: Vec<u32> },
    RegimentUp { regiment: String },
    ActionBegun { regiment: String, action: Action, motivation: bool },
    RegimentDone { regiment: String, holding_fire: bool },
    Moved { unit: String, from: (f32, f32), to: (f32, f32), yards: f32 },
    Faced { unit: String, facing: f32 },
    Formed { unit: String, formation: Formation },
    Charged { unit: String, target: String, flank: bool },
    ChargeRefused { unit: String, roll: u32 },
    Evaded { unit: String, charger: String },
    Advanced { unit: String, yards: u32 },
    Deviated { unit: String, roll: u32, way: Option<u32>, struck: Option<String> },
    Fired { unit: String, target: String, dice: u32, hits: u32, rolls: Vec<u32> },
    Casualties { unit: String, castings: u32, left: u32 },
    GunHit { unit: String, what: String },
    Morale { unit: String, total: i32, roll: Option<u32>, passed: bool },
    MoraleLoss { unit: String, roll: u32, modified: i32, result: String },
    Fled { unit: String, to: Option<(f32, f32)> },
    Removed { unit: String, why: String },
    Melee { attacker: String, defender: String, attacker_value: i32, defender_value: i32, attacker_hits: u32, defender_hits: u32 },
    MeleeResult { unit: String, inflicted: u32, received: u32, result: String },
    AntiAircraft { unit: String, target: String, hits: u32 },
    PhaseBegan { phase: String, side: Option<String> },
    PhaseOrder { phase: String, order: Vec<String> },
    GameOver { winner: Option<String>, reason: String },
    CommanderHit { commander: String, unit: String, killed: bool },
    CommanderMoved { commander: String, unit: String },
    CommanderLeft { commander: String },
    BrokeDown { unit: String },
    Overrun { unit: String, vehicle: String, dice: u32, hits: u32, rolls: Vec<u32> },
    Unloaded { transport: String, unit: String, at: (f32, f32) },
}
