//! The shell's in-game menu (Esc or the top bar's Menu) and settings window, and the short messages
//! over the map, the same for every ruleset: resume, save, load (the shell's dialogs, `ui::saves`),
//! settings, the sequence of play, the main menu and quit (both autosave).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::input::{Toasts, age_toasts};
use super::saves::SaveRequests;
use super::settings::{Settings, settings_ui};
use super::{Frame, Screen, theme};

/// What of the in-game menu is open.
#[derive(Resource, Default)]
pub struct GameMenu {
    /// The menu itself.
    pub open: bool,
    /// The settings window.
    pub settings: bool,
    /// A rule the menu asked to show (the sequence of play); the presenter's rule popup takes it.
    pub rule: Option<String>,
}

impl GameMenu {
    /// Whether a modal window of the menu is up: the map neither answers nor explains meanwhile.
    pub fn modal(&self) -> bool {
        self.open || self.settings
    }

    pub fn toggle(&mut self) {
        self.open = !self.open;
    }
}

fn menu_window(ctx: &egui::Context, menu: &mut GameMenu, saves: &mut SaveRequests) {
    let mut open = true;
    egui::Window::new(theme::title("Menu", 20.0))
        .id("game-menu".into())
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.set_width(240.0);
            let w = egui::vec2(230.0, 30.0);
            if ui.add_sized(w, egui::Button::new("Resume")).clicked() {
                menu.open = false;
            }
            if ui.add_sized(w, egui::Button::new("Save game…")).clicked() {
                saves.open_save = true;
                menu.open = false;
            }
            if ui.add_sized(w, egui::Button::new("Load game…")).clicked() {
                saves.open_load = true;
                menu.open = false;
            }
            if ui.add_sized(w, egui::Button::new("Settings…")).clicked() {
                menu.settings = true;
                menu.open = false;
            }
            if ui.add_sized(w, egui::Button::new("Rules: sequence of play")).clicked() {
                menu.rule = Some("SoP".into());
            }
            ui.separator();
            if ui.add_sized(w, egui::Button::new("Main menu (autosaves)")).clicked() {
                saves.autosave_now = true;
                saves.menu_after = true;
                menu.open = false;
            }
            if ui.add_sized(w, egui::Button::new("Quit (autosaves)")).clicked() {
                saves.autosave_now = true;
                saves.quit_after = true;
            }
        });
    if !open {
        menu.open = false;
    }
}

fn settings_window(ctx: &egui::Context, menu: &mut GameMenu, settings: &mut Settings) {
    let mut open = true;
    egui::Window::new(theme::title("Settings", 20.0))
        .id("settings".into())
        .open(&mut open)
        .collapsible(false)
        .frame(egui::Frame::window(&ctx.global_style()).inner_margin(egui::Margin::same(16)))
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            if settings_ui(ui, settings) {
                let _ = settings.save();
            }
        });
    if !open {
        menu.settings = false;
    }
}

/// The messages, at the top of the map under the bar, fading out.
fn toasts_ui(ctx: &egui::Context, toasts: &Toasts) {
    if toasts.0.is_empty() {
        return;
    }
    egui::Area::new("toasts".into())
        .order(egui::Order::Foreground)
        .interactable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 96.0))
        .show(ctx, |ui| {
            for (t, age) in &toasts.0 {
                let a = (1.0 - (age - 4.5).max(0.0) / 1.5).clamp(0.0, 1.0);
                egui::Frame::popup(ui.style()).fill(egui::Color32::from_rgba_unmultiplied(60, 30, 24, (235.0 * a) as u8)).show(ui, |ui| {
                    ui.set_width(520.0);
                    ui.label(egui::RichText::new(t).color(egui::Color32::from_rgba_unmultiplied(250, 235, 220, (255.0 * a) as u8)));
                });
            }
        });
}

fn overlays(
    mut contexts: EguiContexts,
    mut menu: ResMut<GameMenu>,
    mut saves: ResMut<SaveRequests>,
    mut settings: ResMut<Settings>,
    toasts: Res<Toasts>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    toasts_ui(&ctx, &toasts);
    if menu.open {
        menu_window(&ctx, &mut menu, &mut saves);
    }
    if menu.settings {
        settings_window(&ctx, &mut menu, &mut settings);
    }
    Ok(())
}

pub fn plugin(app: &mut App) {
    app.init_resource::<GameMenu>()
        .init_resource::<Toasts>()
        .add_systems(Update, age_toasts.in_set(Frame::Apply).run_if(in_state(Screen::Game)))
        .add_systems(EguiPrimaryContextPass, overlays.run_if(in_state(Screen::Game)).run_if(theme::theme_ready))
        .add_systems(OnExit(Screen::Game), |mut menu: ResMut<GameMenu>, mut toasts: ResMut<Toasts>| {
            *menu = GameMenu::default();
            toasts.0.clear();
        });
}
