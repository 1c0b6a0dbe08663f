//! The player's settings: UI scale, colour-blind-safe palette, animation speed, hex labels. Kept as
//! RON in the user's folder (`<user dir>/settings.ron`, see `engine::paths::user_dir`); a missing or
//! damaged file gives the defaults.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::EguiContexts;
use serde::{Deserialize, Serialize};

use crate::engine::paths;

/// How fast moves are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum AnimationSpeed {
    /// Counters jump to their new hex.
    Off,
    Fast,
    #[default]
    Normal,
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
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Scale of the panels and text (1 = 100 %).
    pub ui_scale: f32,
    pub colour_blind: bool,
    pub animation: AnimationSpeed,
    pub hex_labels: bool,
    /// Ask for confirmation before assaults and other irreversible dice rolls.
    pub confirm_dice: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { ui_scale: 1.0, colour_blind: false, animation: AnimationSpeed::Normal, hex_labels: true, confirm_dice: true }
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
        self
    }

    pub fn save(&self) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).map_err(|e| e.to_string())?;
        crate::engine::save::write_atomically(&Self::path(), text.as_bytes())
    }
}

/// The settings form (main menu and in-game); true when something changed.
pub fn settings_ui(ui: &mut bevy_egui::egui::Ui, s: &mut Settings) -> bool {
    use bevy_egui::egui;
    let before = s.clone();
    egui::Grid::new("settings-grid").num_columns(2).spacing([18.0, 10.0]).show(ui, |ui| {
        ui.label("UI scale");
        ui.add(egui::Slider::new(&mut s.ui_scale, 0.75..=2.0).step_by(0.05).custom_formatter(|v, _| format!("{:.0}%", v * 100.0)));
        ui.end_row();
        ui.label("Colour-blind-safe palette");
        ui.checkbox(&mut s.colour_blind, "orange and blue sides, no red/green cues");
        ui.end_row();
        ui.label("Animation speed");
        ui.horizontal(|ui| {
            for a in AnimationSpeed::ALL {
                ui.selectable_value(&mut s.animation, a, a.name());
            }
        });
        ui.end_row();
        ui.label("Hex labels");
        ui.checkbox(&mut s.hex_labels, "show K05-style labels at close zoom (H)");
        ui.end_row();
        ui.label("Confirm dice");
        ui.checkbox(&mut s.confirm_dice, "ask before fire, assault and barrages");
        ui.end_row();
    });
    ui.add_space(6.0);
    ui.label(egui::RichText::new(format!("Saved in {}", Settings::path().display())).small().weak());
    *s != before
}

/// Applies the UI scale to egui whenever it changes.
fn apply_ui_scale(mut contexts: EguiContexts, settings: Res<Settings>, mut applied: Local<Option<f32>>) {
    if *applied == Some(settings.ui_scale) {
        return;
    }
    if let Ok(ctx) = contexts.ctx_mut() {
        ctx.set_zoom_factor(settings.ui_scale);
        *applied = Some(settings.ui_scale);
    }
}

pub fn plugin(app: &mut App) {
    app.insert_resource(Settings::load()).add_systems(bevy_egui::EguiPrimaryContextPass, apply_ui_scale);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_bad_values_are_clamped() {
        let s = Settings { ui_scale: 1.5, colour_blind: true, animation: AnimationSpeed::Slow, hex_labels: false, confirm_dice: true };
        let text = ron::to_string(&s).unwrap();
        assert_eq!(ron::from_str::<Settings>(&text).unwrap(), s);
        let odd: Settings = ron::from_str("(ui_scale: 40.0)").unwrap();
        assert_eq!(odd.sanitised().ui_scale, 2.0);
        assert!(ron::from_str::<Settings>("(").is_err());
    }
}
