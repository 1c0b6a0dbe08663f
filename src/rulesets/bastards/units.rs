//! Units and markers ("Units" and "Tanks" chapters): battalions with 2–4 medals and a disorganised
//! side; A7V, Mark IV male and female and Whippet tanks with a damaged side; the breakdown, hero and
//! activation markers carried by units.

use std::sync::Arc;

use bevy::prelude::*;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// The two players.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The British, Australian and French player, entering from the West edge.
    Allied,
    /// The German player, entering from the East edge.
    German,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Allied, Side::German];
    pub fn id(self) -> &'static str {
        match self {
            Side::Allied => "allied",
            Side::German => "german",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Allied => "Allied",
            Side::German => "German",
        }
    }
    pub fn enemy(self) -> Side {
        match self {
            Side::Allied => Side::German,
            Side::German => Side::Allied,
        }
    }
    pub fn from_id(s: &str) -> Option<Side> {
        match s {
            "allied" => Some(Side::Allied),
            "german" => Some(Side::German),
            _ => None,
        }
    }
}

/// The types of unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum UnitKind {
    /// An infantry battalion (Units), of either side.
    Battalion,
    /// A German A7V tank (2.3.1).
    A7V,
    /// A British Mark IV male tank, with 6-pounder guns (2.3.2).
    MarkIVMale,
    /// A British Mark IV female tank, with machine guns only (2.3.2).
    MarkIVFemale,
    /// A British Whippet medium tank (2.3.3).
    Whippet,
}

impl UnitKind {
    pub fn is_tank(self) -> bool {
        self != UnitKind::Battalion
    }
    /// The side a tank type belongs to (battalions belong to either).
    pub fn side(self) -> Option<Side> {
        match self {
            UnitKind::Battalion => None,
            UnitKind::A7V => Some(Side::German),
            _ => Some(Side::Allied),
        }
    }
    pub fn id(self) -> &'static str {
        match self {
            UnitKind::Battalion => "battalion",
            UnitKind::A7V => "a7v",
            UnitKind::MarkIVMale => "mark_iv_male",
            UnitKind::MarkIVFemale => "mark_iv_female",
            UnitKind::Whippet => "whippet",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Battalion => "battalion",
            UnitKind::A7V => "A7V",
            UnitKind::MarkIVMale => "Mark IV (male)",
            UnitKind::MarkIVFemale => "Mark IV (female)",
            UnitKind::Whippet => "Whippet",
        }
    }
}

/// A unit's fixed identity: what is printed on the counter.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct Unit {
    /// Stable id from the scenario; commands name units by it.
    pub id: Arc<str>,
    pub name: Arc<str>,
    pub side: Side,
    pub kind: UnitKind,
    /// Medals printed on the counter.
    pub medals: u32,
    /// Machine-gun battalion (optional rule 1).
    pub mg: bool,
    pub formation: Arc<str>,
    /// Order in the scenario: sorts queries so play never depends on ECS iteration order.
    pub order: usize,
}

/// Where a unit is.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    OnMap(Hex),
    /// Not yet arrived (reinforcement or night assault).
    Waiting,
    /// Eliminated, back on the map at the return phase of the end of turn `turn - 1` (chapter 8).
    OnTrack {
        turn: u32,
    },
    /// Out of the game.
    Eliminated,
    /// Not used in this game (Whippets beyond scenario 1's 1d6+1, optional A7Vs not brought in).
    Unused,
}

impl Location {
    pub fn hex(self) -> Option<Hex> {
        match self {
            Location::OnMap(h) => Some(h),
            _ => None,
        }
    }
}

/// Present while a unit shows its reverse side: a reduced battalion is disorganised, a reduced tank
/// damaged.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Reduced;

/// Mechanical breakdown marker (4.1), present on a broken-down tank: it can only be activated for a
/// combat action.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Breakdown;

/// Hero marker (7.2), present on a battalion: +1 medal (to a maximum of 4); removed from the game
/// with the battalion.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Hero;

/// Present on a unit eliminated once (for the Cachy garrison: it came back as a new arrival and is no
/// longer bound to its place).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct GarrisonReleased;

/// This turn's activation state of a unit.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TurnRecord {
    /// The unit has been activated this turn and cannot be again (except by events).
    pub activated: bool,
    /// Medals a tank has spent on movement this turn (at most two, 3.1).
    pub movement_medals: u32,
    /// Entered this turn by the return-to-play phase: may spend one medal to move and no other (8).
    pub returned: bool,
}
