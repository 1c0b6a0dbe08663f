//! The player's settings in the window: the form and the UI scale. The settings file itself is
//! `engine::settings`.

pub use crate::engine::settings::{AnimationSpeed, Settings};
use bevy::prelude::*;
use bevy_egui::EguiContexts;

/// The settings form (main menu and in-game); true when something changed.
pub fn settings_ui(ui: &mut bevy_egui::egui::Ui, s: &mut Settings) -> bool {
    use bevy_egui::egui;
    let before = s.clone();
    egui::Grid::new("settings-grid").num_columns(2).spacing([18.0, 10.0]).show(ui, |ui| {
        ui.label("UI scale");
        ui.horizontal(|ui| {
            ui_scale_slider(ui, &mut s.ui_scale);
            if ui.add_enabled(s.ui_scale != 1.0, egui::Button::new("Reset").small()).on_hover_text("back to 100%").clicked() {
                s.ui_scale = 1.0;
            }
        });
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
        ui.label("Dice");
        ui.vertical(|ui| {
            ui.checkbox(&mut s.confirm_dice, "ask before fire, assault and barrages");
            ui.checkbox(&mut s.dice_tray, "show each throw on a card beside the place it was about");
        });
        ui.end_row();
        ui.label("Computer opponent");
        ui.horizontal(|ui| {
            for d in crate::engine::Difficulty::ALL {
                ui.selectable_value(&mut s.difficulty, d, d.name()).on_hover_text(difficulty_help(d));
            }
        });
        ui.end_row();
        ui.label("Computer's turn");
        ui.vertical(|ui| {
            ui.checkbox(&mut s.follow_computer, "the camera follows its moves");
            ui.checkbox(&mut s.turn_card, "sum it up on a card when it ends");
        });
        ui.end_row();
        ui.label("Sound");
        ui.vertical(|ui| {
            let percent = |v: f64, _| format!("{:.0}%", v * 100.0);
            ui.add(egui::Slider::new(&mut s.effects_volume, 0.0..=1.0).step_by(0.05).custom_formatter(percent).text("effects"));
            ui.add(egui::Slider::new(&mut s.ambient_volume, 0.0..=1.0).step_by(0.05).custom_formatter(percent).text("ambient"));
            ui.checkbox(&mut s.muted, "mute (F8)");
        });
        ui.end_row();
    });
    ui.add_space(6.0);
    ui.label(egui::RichText::new(format!("Saved in {}", Settings::path().display())).small().weak());
    *s != before
}

/// What a difficulty does, for its tooltip (docs/ai.md, "Difficulty").
pub fn difficulty_help(d: crate::engine::Difficulty) -> &'static str {
    match d {
        crate::engine::Difficulty::Easy => "plays one of its three best commands, now and then not the best",
        crate::engine::Difficulty::Normal => "plays its best command by the odds and values it sees now",
        crate::engine::Difficulty::Hard => {
            "plays its best candidates ahead on copies of the battle, with sampled dice and your best replies; \
             where a game's opponent has no look-ahead yet, as Normal"
        }
    }
}

/// The UI-scale slider. Rescaling while the slider is dragged would move the slider under the
/// pointer, so a drag edits a pending value that applies on release; a click or the arrow keys
/// (the slider focused) apply at once.
fn ui_scale_slider(ui: &mut bevy_egui::egui::Ui, scale: &mut f32) {
    use bevy_egui::egui;
    let pending_id = egui::Id::new("ui-scale-pending");
    let mut value = ui.data(|d| d.get_temp::<f32>(pending_id)).unwrap_or(*scale);
    let slider = egui::Slider::new(&mut value, 0.75..=2.0).step_by(0.05).custom_formatter(|v, _| format!("{:.0}%", v * 100.0));
    let response = ui.add(slider).on_hover_text("Drag and release, or focus and use the arrow keys");
    if response.dragged() {
        ui.data_mut(|d| d.insert_temp(pending_id, value));
    } else {
        ui.data_mut(|d| d.remove::<f32>(pending_id));
        if response.drag_stopped() || response.changed() {
            *scale = value;
        }
    }
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
        let s = Settings {
            ui_scale: 1.5,
            colour_blind: true,
            animation: AnimationSpeed::Slow,
            hex_labels: false,
            confirm_dice: true,
            follow_computer: false,
            turn_card: true,
            dice_tray: false,
            effects_volume: 0.4,
            ambient_volume: 0.0,
            muted: true,
            difficulty: crate::engine::Difficulty::Hard,
        };
        let text = ron::to_string(&s).unwrap();
        assert_eq!(ron::from_str::<Settings>(&text).unwrap(), s);
        let odd: Settings = ron::from_str("(ui_scale: 40.0)").unwrap();
        assert_eq!(odd.sanitised().ui_scale, 2.0);
        let loud: Settings = ron::from_str("(effects_volume: 3.0, ambient_volume: -1.0)").unwrap();
        assert_eq!((loud.clone().sanitised().effects_volume, loud.sanitised().ambient_volume), (1.0, 0.0));
        assert!(ron::from_str::<Settings>("(").is_err());
    }
}
