//! The look of the panels: a dark field-desk theme with parchment text and brass accents, and the
//! DejaVu fonts (sans for text, serif italic for titles).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::art;

/// Brass: titles and highlights.
pub const BRASS: egui::Color32 = egui::Color32::from_rgb(214, 178, 96);
/// Parchment: text.
pub const PARCHMENT: egui::Color32 = egui::Color32::from_rgb(232, 224, 204);
pub const DIM: egui::Color32 = egui::Color32::from_rgb(160, 152, 136);
pub const PANEL: egui::Color32 = egui::Color32::from_rgb(40, 38, 33);
pub const PANEL_DARK: egui::Color32 = egui::Color32::from_rgb(28, 27, 24);
pub const RED: egui::Color32 = egui::Color32::from_rgb(220, 90, 70);
pub const GREEN: egui::Color32 = egui::Color32::from_rgb(120, 200, 110);

/// The serif family for titles.
pub fn serif() -> egui::FontFamily {
    egui::FontFamily::Name("serif".into())
}

/// The bold family.
pub fn bold() -> egui::FontFamily {
    egui::FontFamily::Name("bold".into())
}

/// A title in the serif italic.
pub fn title(text: impl Into<String>, size: f32) -> egui::RichText {
    egui::RichText::new(text.into()).family(serif()).size(size).color(BRASS)
}

/// A bold label.
pub fn strong(text: impl Into<String>) -> egui::RichText {
    egui::RichText::new(text.into()).family(bold()).color(PARCHMENT)
}

/// The fonts and colours are in place (egui takes new fonts at the next pass, so the panels wait
/// one frame after they are installed).
#[derive(Resource, Default)]
pub struct ThemeReady {
    installed_at: Option<u32>,
    frame: u32,
    pub ready: bool,
}

/// Run condition: the theme is ready.
pub fn theme_ready(t: Res<ThemeReady>) -> bool {
    t.ready
}

fn install(mut contexts: EguiContexts, mut state: ResMut<ThemeReady>) {
    state.frame += 1;
    if let Some(at) = state.installed_at {
        if state.frame > at + 1 {
            state.ready = true;
        }
        return;
    }
    let Ok(ctx) = contexts.ctx_mut() else { return };
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert("dejavu".into(), std::sync::Arc::new(egui::FontData::from_static(art::FONT_REGULAR)));
    fonts.font_data.insert("dejavu-bold".into(), std::sync::Arc::new(egui::FontData::from_static(art::FONT_BOLD)));
    fonts.font_data.insert("dejavu-serif".into(), std::sync::Arc::new(egui::FontData::from_static(art::FONT_SERIF_ITALIC)));
    if let Some(list) = fonts.families.get_mut(&egui::FontFamily::Proportional) {
        list.insert(0, "dejavu".into());
    }
    let fallback: Vec<String> = fonts.families.get(&egui::FontFamily::Proportional).cloned().unwrap_or_default();
    let with = |first: &str| {
        let mut v = vec![first.to_string()];
        v.extend(fallback.iter().cloned());
        v
    };
    fonts.families.insert(bold(), with("dejavu-bold"));
    fonts.families.insert(serif(), with("dejavu-serif"));
    ctx.set_fonts(fonts);

    let mut v = egui::Visuals::dark();
    v.panel_fill = PANEL;
    v.window_fill = PANEL;
    v.extreme_bg_color = PANEL_DARK;
    v.faint_bg_color = egui::Color32::from_rgb(48, 46, 40);
    v.override_text_color = Some(PARCHMENT);
    v.hyperlink_color = BRASS;
    v.selection.bg_fill = egui::Color32::from_rgb(120, 96, 44);
    v.selection.stroke = egui::Stroke::new(1.0, BRASS);
    v.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(66, 62, 52);
    v.widgets.inactive.bg_fill = egui::Color32::from_rgb(66, 62, 52);
    v.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(96, 86, 62);
    v.widgets.hovered.bg_fill = egui::Color32::from_rgb(96, 86, 62);
    v.widgets.active.weak_bg_fill = egui::Color32::from_rgb(130, 108, 60);
    v.widgets.noninteractive.bg_stroke = egui::Stroke::new(1.0, egui::Color32::from_rgb(76, 70, 58));
    v.window_stroke = egui::Stroke::new(1.0, egui::Color32::from_rgb(120, 104, 70));
    ctx.set_visuals(v);
    ctx.all_styles_mut(|style| {
        style.spacing.item_spacing = egui::vec2(8.0, 5.0);
        style.spacing.button_padding = egui::vec2(9.0, 5.0);
        style.text_styles.insert(egui::TextStyle::Body, egui::FontId::new(14.5, egui::FontFamily::Proportional));
        style.text_styles.insert(egui::TextStyle::Button, egui::FontId::new(14.5, egui::FontFamily::Proportional));
        style.text_styles.insert(egui::TextStyle::Small, egui::FontId::new(12.0, egui::FontFamily::Proportional));
        style.text_styles.insert(egui::TextStyle::Heading, egui::FontId::new(22.0, serif()));
    });
    state.installed_at = Some(state.frame);
}

pub fn plugin(app: &mut App) {
    app.init_resource::<ThemeReady>().add_systems(EguiPrimaryContextPass, install);
}
