//! The main menu's page for Royal Tank Corps: its scenarios (found like the others, under the data
//! root's `scenarios/` and the mods folder), who plays each side, the seed, Start.

use std::collections::BTreeMap;
use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::rulesets::rtc::units::Side;
use crate::ui::session::Seat;
use crate::ui::theme::{self, BRASS, DIM, PARCHMENT, RED};

use super::session::{AreaSession, is_rtc};

/// The page's state.
#[derive(Resource)]
pub struct AreaMenu {
    pub scenarios: Option<Vec<(PathBuf, Result<String, String>)>>,
    pub selected: usize,
    pub seats: BTreeMap<Side, Seat>,
    pub seed: String,
}

impl Default for AreaMenu {
    fn default() -> Self {
        AreaMenu {
            scenarios: None,
            selected: 0,
            seats: BTreeMap::from([(Side::British, Seat::Human), (Side::German, Seat::Computer)]),
            seed: "1".into(),
        }
    }
}

fn ron_files(dir: &std::path::Path, out: &mut Vec<PathBuf>, depth: u32) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() && depth < 4 {
            ron_files(&p, out, depth + 1);
        } else if p.extension().is_some_and(|x| x == "ron") {
            out.push(p);
        }
    }
}

/// Every Royal Tank Corps scenario file, with its name or why it does not load.
pub fn scan() -> Vec<(PathBuf, Result<String, String>)> {
    let mut files = Vec::new();
    for (dir, _) in crate::ui::catalog::folders() {
        ron_files(&dir, &mut files, 0);
    }
    files
        .into_iter()
        .filter(|p| matches!(super::session::ruleset_of(p), Some((crate::engine::scenario::FileKind::Scenario, r)) if r == crate::rulesets::rtc::ID))
        .map(|p| {
            let name = crate::engine::Game::<crate::rulesets::rtc::Rtc>::open(&p, 1, Vec::new())
                .map(|g| format!("{} ({})", g.scenario().spec.info.name, g.scenario().spec.info.date))
                .map_err(|ds| ds.first().map(|d| d.to_string()).unwrap_or_default());
            (p, name)
        })
        .collect()
}

/// What the page asks of the menu.
pub enum PageAction {
    Back,
    Start(Box<AreaSession>),
    Failed(String),
}

/// The page; `None` while nothing was chosen.
pub fn page(ui: &mut egui::Ui, state: &mut AreaMenu) -> Option<PageAction> {
    let mut out = None;
    ui.vertical_centered(|ui| {
        ui.label(theme::title("Royal Tank Corps — choose a scenario", 28.0));
        ui.label(egui::RichText::new("Cambrai, 20 November – 4 December 1917: the first massed tank attack, on an area map. Area impulse: activate an area, move and attack with its units, until one side passes.").color(DIM));
        ui.add_space(8.0);
        let list = state.scenarios.get_or_insert_with(scan).clone();
        egui::Frame::group(ui.style()).fill(theme::PANEL).show(ui, |ui| {
            ui.set_max_width(760.0);
            if list.is_empty() {
                ui.label(egui::RichText::new("No Royal Tank Corps scenario found.").color(RED));
            }
            for (i, (p, name)) in list.iter().enumerate() {
                let text = match name {
                    Ok(n) => n.clone(),
                    Err(e) => format!("{} — does not load: {e}", p.display()),
                };
                if ui.add(egui::Button::selectable(state.selected == i, egui::RichText::new(text).size(16.0))).clicked() {
                    state.selected = i;
                }
            }
            ui.add_space(8.0);
            for side in Side::BOTH {
                ui.horizontal(|ui| {
                    ui.label(theme::strong(side.name()));
                    let seat = state.seats.entry(side).or_insert(Seat::Human);
                    ui.selectable_value(seat, Seat::Human, "Human");
                    ui.selectable_value(seat, Seat::Computer, "Computer");
                });
            }
            if state.seats.values().all(|s| *s == Seat::Human) {
                ui.label(egui::RichText::new("Hot-seat: two people at one screen (nothing is hidden in this game).").small().color(BRASS));
            }
            ui.horizontal(|ui| {
                ui.label("Seed");
                ui.add(egui::TextEdit::singleline(&mut state.seed).desired_width(110.0));
                ui.label(egui::RichText::new("the same seed and the same orders give the same game").small().color(PARCHMENT));
            });
            let seed = state.seed.trim().parse::<u64>();
            let chosen = list.get(state.selected).filter(|(p, n)| n.is_ok() && is_rtc(p)).map(|(p, _)| p.clone());
            ui.horizontal(|ui| {
                if ui.button("◀ Back").clicked() {
                    out = Some(PageAction::Back);
                }
                let go = ui.add_enabled(seed.is_ok() && chosen.is_some(), egui::Button::new(egui::RichText::new("Start ▶").size(20.0).strong()).min_size(egui::vec2(200.0, 40.0)));
                if go.clicked()
                    && let (Ok(seed), Some(path)) = (seed, chosen)
                {
                    out = Some(match AreaSession::open(&path, seed, state.seats.clone()) {
                        Ok(s) => PageAction::Start(Box::new(s)),
                        Err(e) => PageAction::Failed(format!("The scenario could not be opened:\n{e}")),
                    });
                }
            });
        });
    });
    out
}

pub fn plugin(app: &mut App) {
    app.init_resource::<AreaMenu>();
}
