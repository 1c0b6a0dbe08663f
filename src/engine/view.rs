//! The ruleset-independent picture of a game's state: what `salient script` writes, what the
//! checksum hashes, and what `salient replay` summarises.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::decision::Pending;

/// One unit as the outside world sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitView {
    pub id: String,
    pub name: String,
    pub side: String,
    /// The unit's type (`battalion`, `a7v`, `mark_iv_female`...).
    #[serde(rename = "type")]
    pub kind: String,
    /// A hex label (`K05`), an area id, or where an off-map unit is (`reinforcement`, `eliminated`).
    pub location: String,
    /// Full strength or reduced (`full`, `disorganised`, `damaged`), or `eliminated`.
    pub status: String,
    /// Medals (actions) the unit has, when the ruleset counts them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub medals: Option<u32>,
    /// Steps of strength, when the ruleset counts them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<u32>,
    /// Markers on the unit (`breakdown`, `hero`, `activated`...).
    pub markers: Vec<String>,
}

/// The state of a game at rest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StateView {
    pub ruleset: String,
    pub scenario: String,
    pub turn: u32,
    pub phase: String,
    /// The side that must decide now; `None` once the game is over.
    pub to_move: Option<String>,
    pub pending: Option<Pending>,
    pub units: Vec<UnitView>,
    /// Track positions (`intensity`, `confusion`...), by name.
    pub tracks: BTreeMap<String, i64>,
    /// Victory points by side.
    pub vp: BTreeMap<String, i64>,
    /// Markers on the map that are not on units (barrages...), as `kind@location`.
    pub map_markers: Vec<String>,
    /// The result once the game is over, in words.
    pub result: Option<String>,
    /// The winning side's id, or `draw`, once the game is over.
    pub winner: Option<String>,
}
