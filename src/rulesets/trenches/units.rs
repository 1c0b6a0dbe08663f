//! Units (2.4, 11): the two alliances, the unit kinds the rules treat alike (AFV, horse, infantry,
//! machine guns, ordnance, transport) and commitment levels (4).

use serde::{Deserialize, Serialize};

/// The two alliances (7.87, 13.42: Allied Powers and Central Powers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The Allied Powers (the U.S. Marines of the Belleau Wood operations).
    Allied,
    /// The Central Powers (the Germans).
    Central,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Allied, Side::Central];
    pub fn id(self) -> &'static str {
        match self {
            Side::Allied => "allied",
            Side::Central => "central",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Allied => "Allied Powers",
            Side::Central => "Central Powers",
        }
    }
    pub fn enemy(self) -> Side {
        match self {
            Side::Allied => Side::Central,
            Side::Central => Side::Allied,
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn from_id(id: &str) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| s.id() == id)
    }
}

/// What a unit is, as the rules group them (2.4, 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Kind {
    /// Rifle platoons, Marines, sappers, flamethrowers (11.3).
    Infantry,
    /// Machine-gun platoons: ordnance that may fire on after reaction fire (7.6, 11.4).
    MachineGun,
    /// Guns, mortars and howitzers (11.4).
    Ordnance,
    /// Horse (11.2).
    Cavalry,
    /// Tanks and armoured cars (11.1).
    Afv,
    /// Trucks and caissons (11.5).
    Transport,
}

impl Kind {
    /// Ordnance in the rules' sense includes machine guns (7.8).
    pub fn is_ordnance(self) -> bool {
        matches!(self, Kind::MachineGun | Kind::Ordnance)
    }
    /// Only infantry and ordnance enter fortifications (10.5).
    pub fn enters_fortifications(self) -> bool {
        matches!(self, Kind::Infantry | Kind::MachineGun | Kind::Ordnance)
    }
    /// Infantry and ordnance observe for indirect fire (7.81).
    pub fn observes(self) -> bool {
        self.enters_fortifications()
    }
}

/// Commitment levels (4): free 0, engaged 1, spent 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    #[default]
    Free,
    Engaged,
    Spent,
}

impl Level {
    pub fn id(self) -> &'static str {
        match self {
            Level::Free => "free",
            Level::Engaged => "engaged",
            Level::Spent => "spent",
        }
    }
    /// One or two levels up, never past spent (4).
    pub fn escalated(self, by: u32) -> Level {
        match (self as u32 + by).min(2) {
            0 => Level::Free,
            1 => Level::Engaged,
            _ => Level::Spent,
        }
    }
}

/// Time frames (2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Era {
    /// August 1914 to March 1915.
    Early,
    /// April 1915 to March 1917.
    Middle,
    /// April 1917 to November 1918.
    Late,
}

impl Era {
    /// The years the time frame touches (2.1: August 1914 to March 1915, April 1915 to March 1917,
    /// April 1917 to November 1918).
    pub fn years(self) -> (u32, u32) {
        match self {
            Era::Early => (1914, 1915),
            Era::Middle => (1915, 1917),
            Era::Late => (1917, 1918),
        }
    }
}

/// Visibility for the accuracy die roll (7.84).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema)]
pub enum Visibility {
    /// Good visibility (7.84): the accuracy of `indirect.good` (by the rules a miss strays one hex); the
    /// default.
    #[default]
    Good,
    /// Bad visibility, when the operation says so (7.84): the accuracy of `indirect.bad` (by the rules a
    /// miss strays two hexes).
    Bad,
}

/// Full-strength firepower of a gun unit by calibre (11.4): one point per 15 mm of the first 120 mm
/// (and one for a leftover fraction), then one per full 30 mm; times the barrels of one gun; halved
/// for guns made before 1897 (fractions dropped at the end, 2.3).
pub fn ordnance_firepower(mm: u32, barrels: u32, pre_1897: bool) -> u32 {
    let first = mm.min(120);
    let mut fp = first / 15 + u32::from(!first.is_multiple_of(15));
    if mm > 120 {
        fp += (mm - 120) / 30;
    }
    fp *= barrels.max(1);
    if pre_1897 { fp / 2 } else { fp }
}
