//! The units (1.3): infantry battalions with their four states (1.3.1), the detached companies of
//! the marine fusiliers, artillery field and heavy with its used side (1.3.2), machine-gun companies
//! and HQs; the two camps and the nationalities of the coloured band.

use serde::{Deserialize, Serialize};

/// The two camps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The French and Belgian player (marine fusiliers, Belgian army).
    FrancoBelgian,
    /// The German player (XXII Reserve-Korps).
    German,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::FrancoBelgian, Side::German];
    pub fn id(self) -> &'static str {
        match self {
            Side::FrancoBelgian => "franco_belgian",
            Side::German => "german",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::FrancoBelgian => "Franco-Belgian",
            Side::German => "German",
        }
    }
    pub fn enemy(self) -> Side {
        match self {
            Side::FrancoBelgian => Side::German,
            Side::German => Side::FrancoBelgian,
        }
    }
    pub fn index(self) -> usize {
        match self {
            Side::FrancoBelgian => 0,
            Side::German => 1,
        }
    }
    pub fn from_id(id: &str) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| s.id() == id)
    }
}

/// The coloured band of the counter (1.3): blue French, red Belgian, green German.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Nation {
    /// A French unit: Franco-Belgian side.
    French,
    /// A Belgian unit: Franco-Belgian side (King Albert, 12.1.2).
    Belgian,
    /// A German unit: German side.
    German,
}

impl Nation {
    pub fn side(self) -> Side {
        match self {
            Nation::German => Side::German,
            _ => Side::FrancoBelgian,
        }
    }
}

/// What a counter is (1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Kind {
    /// An infantry battalion: good order, weakened, exhausted, out of action (1.3.1).
    Battalion,
    /// A detached company of the marine fusiliers: one side, one step (1.3.1, 8.1.2).
    Company,
    /// Field artillery: fires up to 4 zones, defensive fire (1.3.2).
    FieldArtillery,
    /// Heavy artillery: fires over the whole map (1.3.2).
    HeavyArtillery,
    /// A machine-gun company: its bonus adds to fire and defence when stacked with infantry (8.2.1).
    MachineGuns,
    /// A headquarters (the BrFM HQ).
    Hq,
}

impl Kind {
    pub fn is_infantry(self) -> bool {
        matches!(self, Kind::Battalion | Kind::Company)
    }
    pub fn is_artillery(self) -> bool {
        matches!(self, Kind::FieldArtillery | Kind::HeavyArtillery)
    }
    pub fn id(self) -> &'static str {
        match self {
            Kind::Battalion => "battalion",
            Kind::Company => "company",
            Kind::FieldArtillery => "field_artillery",
            Kind::HeavyArtillery => "heavy_artillery",
            Kind::MachineGuns => "machine_guns",
            Kind::Hq => "hq",
        }
    }
}

/// A battalion's state (1.3.1). Out of action is a place ([`Where::OutOfAction`]), not a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Good,
    Weakened,
    Exhausted,
}

impl Level {
    /// Values lost to this level: weakened -1, exhausted -2 (1.3.1).
    pub fn malus(self) -> i32 {
        match self {
            Level::Good => 0,
            Level::Weakened => 1,
            Level::Exhausted => 2,
        }
    }
    pub fn id(self) -> &'static str {
        match self {
            Level::Good => "good_order",
            Level::Weakened => "weakened",
            Level::Exhausted => "exhausted",
        }
    }
    pub fn down(self) -> Option<Level> {
        match self {
            Level::Good => Some(Level::Weakened),
            Level::Weakened => Some(Level::Exhausted),
            Level::Exhausted => None,
        }
    }
    pub fn up(self) -> Level {
        match self {
            Level::Exhausted => Level::Weakened,
            _ => Level::Good,
        }
    }
}

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Where {
    /// A zone of the map, or the off-map HQ zone of the XXII Reserve-Korps (its area number).
    Zone(u32),
    /// Not yet in play: a reinforcement (9.5, 12), or a detached company not detached.
    Waiting,
    /// Out of action (1.3.1): may be rebuilt for 1 RP (9.3), Belgians excepted.
    OutOfAction,
    /// Temporarily removed by a strategy (12.1.2, 12.2.2); comes back at a later phase G.
    Away,
    /// Definitively removed from the game.
    Removed,
}

impl Where {
    pub fn zone(self) -> Option<u32> {
        match self {
            Where::Zone(z) => Some(z),
            _ => None,
        }
    }
}
