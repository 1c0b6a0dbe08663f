//! The main menu (egui): Continue, New game (ruleset → scenario with its date, introduction, sides,
//! length and map → who plays each side → seed → Start), Load game, Settings, Quit. Also opens the
//! game the command line names (`salient play SCENARIO` or `--load SAVE`) straight away.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rulesets::bastards::units::Side;

use super::catalog::{self, Origin, ScenarioEntry};
use super::saves::{SaveEntry, list_saves, load_game, load_seats, save_list_ui};
use super::session::{PlaySession, Seat, seats_from};
use super::settings::{Settings, settings_ui};
use super::theme::{self, BRASS, DIM, PARCHMENT, RED};
use super::{Launch, MenuMessage, Screen};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Page {
    #[default]
    Main,
    Rulesets,
    Scenarios,
    Load,
    Settings,
    /// Royal Tank Corps' scenarios (`area::menu`).
    AreaScenarios,
}

#[derive(Resource)]
struct MenuState {
    page: Page,
    catalog: Option<Vec<ScenarioEntry>>,
    selected: usize,
    seats: BTreeMap<Side, Seat>,
    seed: String,
    thumbnails: HashMap<PathBuf, egui::TextureHandle>,
    saves: Option<Vec<SaveEntry>>,
    frames: u32,
}

impl Default for MenuState {
    fn default() -> Self {
        MenuState {
            page: Page::Main,
            catalog: None,
            selected: 0,
            seats: BTreeMap::from([(Side::Allied, Seat::Human), (Side::German, Seat::Computer)]),
            seed: random_seed().to_string(),
            thumbnails: HashMap::new(),
            saves: None,
            frames: 0,
        }
    }
}

fn random_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64 % 1_000_000).unwrap_or(1)
}

/// Opens the game the command line names (a save or a scenario), straight away.
fn start_from_command_line(
    mut commands: Commands,
    launch: Res<Launch>,
    mut next: ResMut<NextState<Screen>>,
    mut message: ResMut<MenuMessage>,
) {
    let args = &launch.args;
    // Royal Tank Corps (an area map) opens on the area board.
    if let Some(path) = args.load.as_ref().or(args.scenario.as_ref())
        && super::area::session::is_rtc(path)
    {
        let opened = if args.load.is_some() {
            super::area::session::load_game(path).and_then(|g| {
                let seats = if args.side.is_some() || !args.ai.is_empty() {
                    super::area::session::seats_from(args.side.as_deref(), &args.ai)?
                } else {
                    super::area::session::load_seats(path)
                };
                let mut s = super::area::AreaSession::new(g, seats);
                s.save_path = Some(path.clone());
                Ok(s)
            })
        } else {
            super::area::session::seats_from(args.side.as_deref(), &args.ai)
                .and_then(|seats| super::area::AreaSession::open(path, args.seed.unwrap_or(1), seats))
        };
        match opened {
            Ok(s) => {
                commands.insert_resource(s);
                next.set(Screen::AreaGame);
            }
            Err(e) => {
                bevy::log::error!("the game could not be opened: {e}");
                message.0 = Some(format!("The game could not be opened:\n{e}"));
            }
        }
        return;
    }
    if let Some(save) = &args.load {
        match load_game(save) {
            Ok(game) => {
                let seats = if args.side.is_some() || !args.ai.is_empty() {
                    seats_from(args.side.as_deref(), &args.ai).unwrap_or_else(|_| load_seats(save))
                } else {
                    load_seats(save)
                };
                let mut s = PlaySession::new(game, seats);
                s.save_path = Some(save.clone());
                commands.insert_resource(s);
                next.set(Screen::Game);
            }
            Err(e) => message.0 = Some(format!("The save could not be loaded: {e}")),
        }
        return;
    }
    let Some(path) = args.scenario.clone() else { return };
    let seats = match seats_from(args.side.as_deref(), &args.ai) {
        Ok(s) => s,
        Err(e) => {
            message.0 = Some(e);
            return;
        }
    };
    match PlaySession::open(&path, args.seed.unwrap_or(1), seats) {
        Ok(s) => {
            commands.insert_resource(s);
            next.set(Screen::Game);
        }
        Err(e) => message.0 = Some(format!("The scenario could not be opened:\n{e}")),
    }
}

fn texture_for(ctx: &egui::Context, state: &mut MenuState, e: &ScenarioEntry) -> Option<egui::TextureHandle> {
    if let Some(t) = state.thumbnails.get(&e.path) {
        return Some(t.clone());
    }
    let (w, h, px) = e.thumbnail.as_ref()?;
    let img = egui::ColorImage::from_rgba_unmultiplied([*w as usize, *h as usize], px);
    let t = ctx.load_texture(format!("thumb-{}", e.path.display()), img, egui::TextureOptions::LINEAR);
    state.thumbnails.insert(e.path.clone(), t.clone());
    Some(t)
}

#[allow(clippy::too_many_arguments)]
fn menu(
    mut contexts: EguiContexts,
    mut state: ResMut<MenuState>,
    mut settings: ResMut<Settings>,
    mut message: ResMut<MenuMessage>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    mut area_menu: ResMut<super::area::menu::AreaMenu>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    state.frames += 1;
    // The list is read after the window is up, so the menu appears at once.
    if state.catalog.is_none() && state.frames > 2 {
        state.catalog = Some(catalog::scan(true));
    }
    let mut root = egui::Ui::new(
        ctx.clone(),
        "menu".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    let rect = ctx.viewport_rect();
    root.painter().rect_filled(rect, 0.0, theme::PANEL_DARK);
    // The first map, faded, as a backdrop.
    let backdrop = state.catalog.as_ref().and_then(|c| c.iter().find(|e| e.thumbnail.is_some()).cloned());
    if let Some(e) = backdrop
        && let Some(tex) = texture_for(&ctx, &mut state, &e)
    {
        let size = tex.size_vec2();
        let scale = (rect.width() / size.x).max(rect.height() / size.y);
        let img_rect = egui::Rect::from_center_size(rect.center(), size * scale);
        root.painter().image(
            tex.id(),
            img_rect,
            egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
            egui::Color32::from_rgba_unmultiplied(120, 110, 95, 70),
        );
    }
    let mut start: Option<(PathBuf, u64)> = None;
    let mut load: Option<PathBuf> = None;

    egui::CentralPanel::no_frame().show(&mut root, |ui| {
        ui.add_space(rect.height() * 0.06);
        ui.vertical_centered(|ui| {
            ui.label(theme::title("Salient", 64.0));
            ui.label(egui::RichText::new("Historical wargames, played on the computer").color(DIM).size(16.0));
        });
        ui.add_space(18.0);
        if let Some(m) = message.0.clone() {
            ui.vertical_centered(|ui| {
                egui::Frame::group(ui.style()).fill(egui::Color32::from_rgb(70, 30, 24)).show(ui, |ui| {
                    ui.set_max_width(760.0);
                    ui.label(egui::RichText::new(m).color(egui::Color32::from_rgb(250, 220, 200)));
                    if ui.small_button("dismiss").clicked() {
                        message.0 = None;
                    }
                });
            });
            ui.add_space(10.0);
        }
        match state.page {
            Page::Main => {
                ui.vertical_centered(|ui| {
                    let w = egui::vec2(300.0, 42.0);
                    let big = |t: &str| egui::RichText::new(t).size(19.0);
                    let newest = list_saves().into_iter().find(|s| s.problem.is_none());
                    let cont = ui.add_enabled(newest.is_some(), egui::Button::new(big("Continue")).min_size(w));
                    let cont = match &newest {
                        Some(s) => cont.on_hover_text(format!("{}: {}", s.name, s.summary)),
                        None => cont.on_disabled_hover_text("no saved game yet"),
                    };
                    if cont.clicked()
                        && let Some(s) = newest
                    {
                        load = Some(s.path);
                    }
                    if ui.add(egui::Button::new(big("New game")).min_size(w)).clicked() {
                        state.page = Page::Rulesets;
                    }
                    if ui.add(egui::Button::new(big("Load game")).min_size(w)).clicked() {
                        state.saves = Some(list_saves());
                        state.page = Page::Load;
                    }
                    if ui.add(egui::Button::new(big("Settings")).min_size(w)).clicked() {
                        state.page = Page::Settings;
                    }
                    if ui.add(egui::Button::new(big("Quit")).min_size(w)).clicked() {
                        exit.write(AppExit::Success);
                    }
                    ui.add_space(24.0);
                    ui.label(egui::RichText::new(format!("Scenarios: {}  ·  your mods: {}", catalog::folders().first().map(|f| f.0.display().to_string()).unwrap_or_default(), crate::engine::paths::mods_dir().display())).small().color(DIM));
                });
            }
            Page::Rulesets => {
                ui.vertical_centered(|ui| {
                    ui.label(theme::title("Choose a game", 30.0));
                    ui.add_space(10.0);
                    for entry in crate::rulesets::registry() {
                        let area = entry.id == crate::rulesets::rtc::ID;
                        let playable = entry.id == crate::rulesets::bastards::ID || area;
                        let text = egui::RichText::new(entry.name).size(20.0);
                        let resp = ui.add_enabled(playable, egui::Button::new(text).min_size(egui::vec2(420.0, 48.0)));
                        let resp = resp.on_disabled_hover_text("not yet playable in the window");
                        if resp.clicked() {
                            state.page = if area { Page::AreaScenarios } else { Page::Scenarios };
                        }
                        if area {
                            ui.label(egui::RichText::new("Cambrai, 20 November – 4 December 1917: the Tank Corps' great attack, on an area map with impulses.").color(DIM));
                        }
                        if playable && !area {
                            ui.label(egui::RichText::new("Villers-Bretonneux, 24–25 April 1918: the first tank battle. Battalions and single tanks on a 200 m hex map.").color(DIM));
                        }
                        ui.add_space(6.0);
                    }
                    ui.add_space(10.0);
                    if ui.button("◀ Back").clicked() {
                        state.page = Page::Main;
                    }
                });
            }
            Page::Scenarios => scenario_page(ui, &ctx, &mut state, &mut start),
            Page::AreaScenarios => match super::area::menu::page(ui, &mut area_menu) {
                Some(super::area::menu::PageAction::Back) => state.page = Page::Rulesets,
                Some(super::area::menu::PageAction::Start(s)) => {
                    commands.insert_resource(*s);
                    message.0 = None;
                    next.set(Screen::AreaGame);
                }
                Some(super::area::menu::PageAction::Failed(e)) => message.0 = Some(e),
                None => {}
            },
            Page::Load => {
                ui.vertical_centered(|ui| {
                    ui.label(theme::title("Load game", 30.0));
                    ui.set_max_width(640.0);
                    let saves = state.saves.get_or_insert_with(list_saves).clone();
                    egui::Frame::group(ui.style()).fill(theme::PANEL).show(ui, |ui| {
                        ui.set_width(620.0);
                        load = save_list_ui(ui, &saves);
                    });
                    if ui.button("◀ Back").clicked() {
                        state.page = Page::Main;
                    }
                });
            }
            Page::Settings => {
                ui.vertical_centered(|ui| {
                    ui.label(theme::title("Settings", 30.0));
                    egui::Frame::group(ui.style()).fill(theme::PANEL).show(ui, |ui| {
                        ui.set_max_width(560.0);
                        if settings_ui(ui, &mut settings)
                            && let Err(e) = settings.save()
                        {
                            message.0 = Some(format!("The settings were not saved: {e}"));
                        }
                    });
                    if ui.button("◀ Back").clicked() {
                        state.page = Page::Main;
                    }
                });
            }
        }
    });

    if let Some(path) = load.as_ref().filter(|p| super::area::session::is_rtc(p)).cloned() {
        // A Royal Tank Corps save opens on the area board.
        match super::area::session::load_game(&path) {
            Ok(game) => {
                let mut s = super::area::AreaSession::new(game, super::area::session::load_seats(&path));
                s.save_path = Some(path);
                commands.insert_resource(s);
                message.0 = None;
                next.set(Screen::AreaGame);
            }
            Err(e) => message.0 = Some(format!("The save could not be loaded: {e}")),
        }
    } else if let Some(path) = load {
        match load_game(&path) {
            Ok(game) => {
                let mut s = PlaySession::new(game, load_seats(&path));
                s.save_path = Some(path);
                commands.insert_resource(s);
                message.0 = None;
                next.set(Screen::Game);
            }
            Err(e) => message.0 = Some(format!("The save could not be loaded: {e}")),
        }
    }
    if let Some((path, seed)) = start {
        match PlaySession::open(&path, seed, state.seats.clone()) {
            Ok(s) => {
                commands.insert_resource(s);
                message.0 = None;
                next.set(Screen::Game);
            }
            Err(e) => message.0 = Some(format!("The scenario could not be opened:\n{e}")),
        }
    }
    Ok(())
}

/// The scenario list, the chosen scenario's details, the seats and the seed.
fn scenario_page(ui: &mut egui::Ui, ctx: &egui::Context, state: &mut MenuState, start: &mut Option<(PathBuf, u64)>) {
    let Some(list) = state.catalog.clone() else {
        ui.vertical_centered(|ui| ui.label("Reading the scenarios…"));
        return;
    };
    ui.vertical_centered(|ui| ui.label(theme::title("Into the Bastards! — choose a scenario", 28.0)));
    ui.add_space(8.0);
    if list.is_empty() {
        ui.vertical_centered(|ui| {
            ui.label(
                egui::RichText::new(format!(
                    "No scenario found in {}",
                    catalog::folders().iter().map(|f| f.0.display().to_string()).collect::<Vec<_>>().join(" or ")
                ))
                .color(RED),
            );
        });
        if ui.button("◀ Back").clicked() {
            state.page = Page::Rulesets;
        }
        return;
    }
    state.selected = state.selected.min(list.len() - 1);
    let width = ui.available_width().min(1400.0);
    let margin = (ui.available_width() - width) / 2.0;
    let height = (ui.available_height() - 12.0).max(420.0);
    ui.horizontal_top(|ui| {
        ui.add_space(margin);
        // The list.
        ui.allocate_ui_with_layout(egui::vec2(310.0, height), egui::Layout::top_down(egui::Align::Min), |ui| {
            egui::Frame::group(ui.style()).fill(theme::PANEL).show(ui, |ui| {
                ui.set_width(290.0);
                ui.set_min_height(height - 16.0);
                for (i, e) in list.iter().enumerate() {
                    let (name, sub) = match &e.scenario {
                        Ok(s) => (
                            s.spec.info.name.clone(),
                            format!("{}{}", s.spec.info.date, if e.origin == Origin::Mod { " · mod" } else { "" }),
                        ),
                        Err(_) => (e.title(), "does not load".to_string()),
                    };
                    let resp = ui.add(
                        egui::Button::selectable(state.selected == i, egui::RichText::new(format!("{name}\n{sub}")).size(15.0))
                            .min_size(egui::vec2(290.0, 46.0)),
                    );
                    if resp.clicked() {
                        state.selected = i;
                    }
                }
                ui.add_space(10.0);
                if ui.button("◀ Back").clicked() {
                    state.page = Page::Rulesets;
                }
            });
        });
        // The details.
        let e = &list[state.selected];
        let details = width - 330.0;
        ui.allocate_ui_with_layout(egui::vec2(details, height), egui::Layout::top_down(egui::Align::Min), |ui| {
            egui::Frame::group(ui.style()).fill(theme::PANEL).show(ui, |ui| {
                ui.set_width(details - 16.0);
                ui.set_min_height(height - 16.0);
                let s = match &e.scenario {
                    Ok(s) => s.clone(),
                    Err(msg) => {
                        ui.label(theme::title(e.title(), 24.0));
                        ui.label(egui::RichText::new(format!("This scenario does not load:\n{msg}")).color(RED));
                        ui.label(
                            egui::RichText::new(format!("Run `salient validate {}` to see every problem.", e.path.display())).color(DIM),
                        );
                        return;
                    }
                };
                ui.horizontal_top(|ui| {
                    ui.vertical(|ui| {
                        ui.set_width((details - 16.0) * 0.52);
                        ui.label(theme::title(&s.spec.info.name, 26.0));
                        ui.label(egui::RichText::new(&s.spec.info.date).color(BRASS).size(16.0));
                        let first = s.spec.turns.first().map(|t| t.label.clone()).unwrap_or_default();
                        let last = s.spec.turns.last().map(|t| t.label.clone()).unwrap_or_default();
                        ui.label(egui::RichText::new(format!("{} turns, from {first} to {last}", s.spec.turns.len())).color(PARCHMENT));
                        if let Some((a, b)) = &s.spec.rows_in_play {
                            ui.label(egui::RichText::new(format!("Map rows {a} to {b}")).small().color(DIM));
                        }
                        ui.add_space(6.0);
                        egui::ScrollArea::vertical().id_salt("intro").max_height(250.0).show(ui, |ui| {
                            ui.label(egui::RichText::new(&s.spec.info.introduction).color(PARCHMENT));
                        });
                        ui.add_space(8.0);
                        ui.label(theme::title("Sides", 18.0));
                        for side in &s.spec.info.sides {
                            let Some(sd) = Side::from_id(&side.id) else { continue };
                            ui.horizontal(|ui| {
                                ui.label(theme::strong(&side.name));
                                let seat = state.seats.entry(sd).or_insert(Seat::Human);
                                ui.selectable_value(seat, Seat::Human, "Human");
                                ui.selectable_value(seat, Seat::Computer, "Computer");
                            });
                            ui.label(egui::RichText::new(&side.description).small().color(DIM));
                        }
                        if state.seats.values().all(|s| *s == Seat::Human) {
                            ui.label(
                                egui::RichText::new("Hot-seat: a hand-over screen hides the map between the two players' turns.")
                                    .small()
                                    .color(BRASS),
                            );
                        }
                        ui.add_space(8.0);
                        ui.horizontal(|ui| {
                            ui.label("Seed");
                            ui.add(egui::TextEdit::singleline(&mut state.seed).desired_width(110.0));
                            if ui.button("🎲").on_hover_text("a random seed").clicked() {
                                state.seed = random_seed().to_string();
                            }
                            ui.label(egui::RichText::new("the same seed and the same orders give the same game").small().color(DIM));
                        });
                        ui.add_space(10.0);
                        let seed = state.seed.trim().parse::<u64>();
                        let resp = ui.add_enabled(
                            seed.is_ok(),
                            egui::Button::new(egui::RichText::new("Start ▶").size(22.0).strong()).min_size(egui::vec2(220.0, 46.0)),
                        );
                        let resp = resp.on_disabled_hover_text("the seed must be a whole number");
                        if resp.clicked()
                            && let Ok(seed) = seed
                        {
                            *start = Some((e.path.clone(), seed));
                        }
                    });
                    ui.vertical(|ui| {
                        if let Some(tex) = texture_for(ctx, state, e) {
                            let avail = ui.available_width();
                            let size = tex.size_vec2();
                            let scale = (avail / size.x).min(440.0 / size.y);
                            ui.add(egui::Image::new((tex.id(), size * scale)));
                        }
                        ui.label(egui::RichText::new(e.path.display().to_string()).small().color(DIM));
                        if !s.spec.info.source.is_empty() {
                            egui::CollapsingHeader::new(egui::RichText::new("Sources and reconstruction").small()).show(ui, |ui| {
                                egui::ScrollArea::vertical().id_salt("source").max_height(140.0).show(ui, |ui| {
                                    ui.label(egui::RichText::new(&s.spec.info.source).small().color(DIM));
                                });
                            });
                        }
                    });
                });
            });
        });
    });
}

fn reset_menu(mut state: ResMut<MenuState>) {
    state.page = Page::Main;
    state.saves = None;
}

pub fn plugin(app: &mut App) {
    app.init_resource::<MenuState>()
        .add_systems(Startup, start_from_command_line)
        .add_systems(EguiPrimaryContextPass, menu.run_if(in_state(Screen::Menu)).run_if(theme::theme_ready))
        .add_systems(OnEnter(Screen::Menu), reset_menu)
        .add_systems(OnExit(Screen::Game), |mut commands: Commands| commands.remove_resource::<PlaySession>());
}
