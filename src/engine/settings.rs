//! The player's settings as a file: UI scale, colour-blind-safe palette, animation speed, hex labels,
//! confirming dice. Kept as RON in the user's folder (`<user dir>/settings.ron`, see
//! [`paths::user_dir`]); a missing or damaged file gives the defaults. The window's form is
//! `ui::settings`; the file format is here so the reference (`salient schema settings`) is the same in
//! every build.

use std::path::PathBuf;

use bevy::prelude::Resource;
use serde::{Deserialize, Serialize};

use super::difficulty::Difficulty;
use super::paths;

/// How fast moves are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema)]
pub enum AnimationSpeed {
    /// Counters jump to their new hex.
    Off,
    /// Counters slide quickly; short pauses between the computer's commands.
    Fast,
    /// Counters slide at a moderate pace (the default).
    #[default]
    Normal,
    /// Counters slide slowly; long pauses between the computer's commands.
    Slow,
}

impl AnimationSpeed {
    pub const ALL: [AnimationSpeed; 4] = [AnimationSpeed::Off, AnimationSpeed::Fast, AnimationSpeed::Normal, AnimationSpeed::Slow];
    pub fn name(self) -> &'static str {
        match self {
            AnimationSpeed::Off => "Off",
            AnimationSpeed::Fast => "Fast",
            AnimationSpeed::Normal => "Normal",
            AnimationSpeed::Slow => "Slow",
        }
    }
    /// World units per second a moving counter travels (0: no animation).
    pub fn counter_speed(self) -> f32 {
        match self {
            AnimationSpeed::Off => 0.0,
            AnimationSpeed::Fast => 1600.0,
            AnimationSpeed::Normal => 700.0,
            AnimationSpeed::Slow => 320.0,
        }
    }
    /// Pause between two computer commands, in milliseconds.
    pub fn pause_ms(self) -> u64 {
        match self {
            AnimationSpeed::Off => 0,
            AnimationSpeed::Fast => 120,
            AnimationSpeed::Normal => 450,
            AnimationSpeed::Slow => 1000,
        }
    }
}

/// The settings, as saved.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct Settings {
    /// Scale of the panels and text (1 = 100 %).
    #[schemars(range(min = 0.75, max = 2.0))]
    pub ui_scale: f32,
    /// Use the colour-blind palette for sides, highlights and targets.
    pub colour_blind: bool,
    /// How fast moves are shown, and how long the computer pauses between its commands.
    pub animation: AnimationSpeed,
    /// Show hex labels (`K05`) on the map when the camera is close.
    pub hex_labels: bool,
    /// Ask for confirmation before assaults and other irreversible dice rolls.
    pub confirm_dice: bool,
    /// The camera brings each piece the computer moves into view.
    pub follow_computer: bool,
    /// A card of what happened (losses, moves, score) after the computer's turn.
    pub turn_card: bool,
    /// Each throw of the dice on a card beside the place it was about: the dice, their purpose, the outcome.
    pub dice_tray: bool,
    /// Volume of the effects (fire, artillery, engines, assaults, dice), 0 to 1.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub effects_volume: f32,
    /// Volume of the ambient loop under the game, 0 to 1.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub ambient_volume: f32,
    /// No sound at all (F8 in the window).
    pub muted: bool,
    /// How hard the computer opponent plays (docs/ai.md, "Difficulty"); a ruleset whose opponent does
    /// not look ahead plays Hard as Normal and the window says so.
    pub difficulty: Difficulty,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            ui_scale: 1.0,
            colour_blind: false,
            animation: AnimationSpeed::Normal,
            hex_labels: true,
            confirm_dice: true,
            follow_computer: true,
            turn_card: true,
            dice_tray: true,
            effects_volume: 0.7,
            ambient_volume: 0.25,
            muted: false,
            difficulty: Difficulty::Normal,
        }
    }
}

impl Settings {
    pub fn path() -> PathBuf {
        paths::user_dir().join("settings.ron")
    }

    /// Reads the settings; defaults when the file is missing or unreadable.
    pub fn load() -> Settings {
        std::fs::read_to_string(Self::path())
            .ok()
            .and_then(|t| ron::from_str::<Settings>(&t).ok())
            .map(|s| s.sanitised())
            .unwrap_or_default()
    }

    /// Keeps values in range, whatever the file said.
    pub fn sanitised(mut self) -> Settings {
        if !self.ui_scale.is_finite() {
            self.ui_scale = 1.0;
        }
        self.ui_scale = self.ui_scale.clamp(0.75, 2.0);
        for v in [&mut self.effects_volume, &mut self.ambient_volume] {
            *v = if v.is_finite() { v.clamp(0.0, 1.0) } else { 0.5 };
        }
        self
    }

    pub fn save(&self) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
        crate::engine::save::write_atomically(&Self::path(), text.as_bytes())
    }
}
