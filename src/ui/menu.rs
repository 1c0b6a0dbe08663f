//! The main menu (egui): Continue, New game (ruleset → scenario with its date, introduction, sides,
//! length and map → who plays each side → seed → Start), Load game, Settings, Quit. The rulesets are
//! the registry's, the scenarios the one catalogue's, and each game opens through its ruleset's
//! presenter. Also opens the game the command line names (`salient play SCENARIO` or `--load SAVE`)
//! straight away.

use std::collections::HashMap;
use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::campaign::{CampaignChoice, CampaignEntry, CampaignInWindow, campaign_page, campaigns_page};
use super::catalog::{self, Origin, ScenarioEntry};
use super::presenter::{Opening, ScenarioCard, Seats, default_seats, seats_from};
use super::registry::presenter;
use super::replay::open_replay;
use super::saves::{SaveEntry, list_saves, list_saves_in, load_any, save_list_ui};
use super::session::Seat;
use super::settings::{Settings, settings_ui};
use super::theme::{self, BRASS, DIM, PARCHMENT, RED};
use super::{Launch, MenuMessage, Screen, show_game};
use crate::engine::Difficulty;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Page {
    #[default]
    Main,
    Rulesets,
    /// The scenarios of one ruleset.
    Scenarios(&'static str),
    Load,
    /// Saves and kept games to watch in the replay viewer.
    Replays,
    Settings,
    /// Every campaign file, and the campaigns saved.
    Campaigns,
    /// The campaign in play: between battles, or over.
    Campaign,
}

#[derive(Resource)]
struct MenuState {
    page: Page,
    catalog: Option<Vec<ScenarioEntry>>,
    selected: usize,
    /// Who plays each side of the selected scenario.
    seats: Seats,
    seed: String,
    thumbnails: HashMap<PathBuf, egui::TextureHandle>,
    saves: Option<Vec<SaveEntry>>,
    /// The folder (or save) the Replays page lists, and its saves.
    replay_folder: String,
    replays: Option<Vec<SaveEntry>>,
    campaigns: Option<Vec<CampaignEntry>>,
    /// The scenario whose map is the backdrop ([`backdrop_entry`]), chosen once the catalogue is read.
    backdrop: Option<PathBuf>,
    frames: u32,
}

impl Default for MenuState {
    fn default() -> Self {
        MenuState {
            page: Page::Main,
            catalog: None,
            selected: 0,
            seats: Seats::new(),
            seed: random_seed().to_string(),
            thumbnails: HashMap::new(),
            saves: None,
            replay_folder: crate::engine::paths::saves_dir().display().to_string(),
            replays: None,
            campaigns: None,
            backdrop: None,
            frames: 0,
        }
    }
}

fn random_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64 % 1_000_000).unwrap_or(1)
}

/// The game the command line names (a save, or a scenario), opened: its ruleset and its session.
fn command_line_game(args: &super::LaunchArgs) -> Option<Result<(&'static str, Opening), String>> {
    let given = args.side.is_some() || !args.ai.is_empty();
    if let Some(path) = &args.replay {
        let opened = open_replay(path).map(|(p, o)| (p.id(), o));
        return Some(opened.map_err(|e| format!("The replay could not be opened: {e}")));
    }
    if let Some(save) = &args.load {
        let opened = super::saves::save_presenter(save).and_then(|p| {
            let choose = |sides: &[String]| seats_from(sides, p.name(), args.side.as_deref(), &args.ai);
            p.load(save, given.then_some(&choose as _)).map(|o| (p.id(), o))
        });
        return Some(opened.map_err(|e| format!("The save could not be loaded: {e}")));
    }
    let path = args.scenario.as_ref()?;
    let opened = catalog::presenter_of(path).and_then(|p| {
        let choose = |sides: &[String]| seats_from(sides, p.name(), args.side.as_deref(), &args.ai);
        p.open(path, args.seed.unwrap_or(1), &choose).map(|o| (p.id(), o))
    });
    Some(opened.map_err(|e| format!("The scenario could not be opened:\n{e}")))
}

/// Opens the game the command line names (a save or a scenario), straight away.
fn start_from_command_line(mut commands: Commands, launch: Res<Launch>, mut message: ResMut<MenuMessage>) {
    match command_line_game(&launch.args) {
        None => {}
        Some(Ok((ruleset, opening))) => commands.queue(move |world: &mut World| show_game(world, ruleset, opening)),
        Some(Err(e)) => {
            bevy::log::error!("{e}");
            message.0 = Some(e);
        }
    }
}

fn texture_for(ctx: &egui::Context, state: &mut MenuState, e: &ScenarioEntry) -> Option<egui::TextureHandle> {
    if let Some(t) = state.thumbnails.get(&e.path) {
        return Some(t.clone());
    }
    let (w, h, px) = e.thumbnail()?;
    let img = egui::ColorImage::from_rgba_unmultiplied([*w as usize, *h as usize], px);
    let t = ctx.load_texture(format!("thumb-{}", e.path.display()), img, egui::TextureOptions::LINEAR);
    state.thumbnails.insert(e.path.clone(), t.clone());
    Some(t)
}

/// What the player chose on the menu this frame.
enum Choice {
    /// Load this save.
    Load(PathBuf),
    /// Watch this save (or the first kept game of this folder) in the replay viewer.
    Replay(PathBuf),
    /// Start this scenario with this seed.
    Start(PathBuf, u64),
    /// Play the campaign's next battle.
    CampaignBattle,
}

fn menu(
    mut contexts: EguiContexts,
    mut state: ResMut<MenuState>,
    mut settings: ResMut<Settings>,
    mut message: ResMut<MenuMessage>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
    mut campaign: ResMut<CampaignInWindow>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    state.frames += 1;
    if campaign.show {
        campaign.show = false;
        state.page = Page::Campaign;
    }
    // The list is read after the window is up, so the menu appears at once.
    if state.catalog.is_none() && state.frames > 2 {
        state.catalog = Some(catalog::scan(true));
    }
    let mut root = egui::Ui::new(
        ctx.clone(),
        "menu".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    backdrop(&mut root, &ctx, &mut state);
    let rect = ctx.viewport_rect();
    let mut choice = None;
    egui::CentralPanel::no_frame().show(&mut root, |ui| {
        ui.add_space(rect.height() * 0.06);
        ui.vertical_centered(|ui| {
            ui.label(theme::title("Salient", 64.0));
            ui.label(egui::RichText::new("Historical wargames, played on the computer").color(DIM).size(16.0));
        });
        ui.add_space(18.0);
        message_box(ui, &mut message);
        match state.page {
            Page::Main => choice = main_page(ui, &mut state, &mut exit),
            Page::Rulesets => rulesets_page(ui, &mut state),
            Page::Scenarios(ruleset) => choice = scenario_page(ui, &ctx, &mut state, &mut settings, &mut message, ruleset),
            Page::Load => choice = load_page(ui, &mut state),
            Page::Replays => choice = replays_page(ui, &mut state),
            Page::Settings => settings_page(ui, &mut state, &mut settings, &mut message),
            Page::Campaigns | Page::Campaign => choice = campaign_pages(ui, &mut state, &mut campaign, &mut message),
        }
    });
    let opened = match choice {
        None => return Ok(()),
        Some(Choice::Load(path)) => load_any(&path, None).map_err(|e| format!("The save could not be loaded: {e}")),
        Some(Choice::Replay(path)) => open_replay(&path).map_err(|e| format!("The replay could not be opened: {e}")),
        Some(Choice::Start(path, seed)) => {
            let seats = state.seats.clone();
            catalog::presenter_of(&path)
                .and_then(|p| Ok((p, p.open(&path, seed, &|_: &[String]| Ok(seats.clone()))?)))
                .map_err(|e| format!("The scenario could not be opened:\n{e}"))
        }
        Some(Choice::CampaignBattle) => match &campaign.active {
            Some(active) => super::campaign::open_next(active).map_err(|e| format!("The battle could not be opened:\n{e}")),
            None => Err("no campaign is being played".to_string()),
        },
    };
    match opened {
        Ok((p, opening)) => {
            message.0 = None;
            let ruleset = p.id();
            commands.queue(move |world: &mut World| show_game(world, ruleset, opening));
        }
        Err(e) => message.0 = Some(e),
    }
    Ok(())
}

/// The scenario whose thumbnail is brightest on average: a map mostly in play, so the backdrop does
/// not stop where a small scenario's darkened out-of-play rows begin.
fn backdrop_entry(catalog: &[ScenarioEntry]) -> Option<&ScenarioEntry> {
    let brightness = |(_, _, rgba): &(u32, u32, Vec<u8>)| -> u64 {
        let px = (rgba.len() / 4).max(1) as u64;
        rgba.chunks_exact(4).map(|p| (p[0] as u64 + p[1] as u64 + p[2] as u64) * p[3] as u64 / 255).sum::<u64>() / px
    };
    catalog.iter().filter_map(|e| Some((e, brightness(e.thumbnail()?)))).max_by_key(|(_, b)| *b).map(|(e, _)| e)
}

/// The brightest map of the catalogue ([`backdrop_entry`]), faded, behind the menu.
fn backdrop(root: &mut egui::Ui, ctx: &egui::Context, state: &mut MenuState) {
    let rect = ctx.viewport_rect();
    root.painter().rect_filled(rect, 0.0, theme::PANEL_DARK);
    if state.backdrop.is_none() {
        state.backdrop = state.catalog.as_ref().and_then(|c| backdrop_entry(c)).map(|e| e.path.clone());
    }
    let first = state.catalog.as_ref().and_then(|c| c.iter().find(|e| Some(&e.path) == state.backdrop.as_ref())).cloned();
    if let Some(e) = first
        && let Some(tex) = texture_for(ctx, state, &e)
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
}

/// A scenario or save that failed to open, until dismissed.
fn message_box(ui: &mut egui::Ui, message: &mut MenuMessage) {
    let Some(m) = message.0.clone() else { return };
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

/// Continue, New game, Load game, Settings, Quit.
fn main_page(ui: &mut egui::Ui, state: &mut MenuState, exit: &mut MessageWriter<AppExit>) -> Option<Choice> {
    let mut choice = None;
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
            choice = Some(Choice::Load(s.path));
        }
        if ui.add(egui::Button::new(big("New game")).min_size(w)).clicked() {
            state.page = Page::Rulesets;
        }
        if ui
            .add(egui::Button::new(big("Campaigns")).min_size(w))
            .on_hover_text("Battles chained, with a score and what carries over")
            .clicked()
        {
            state.campaigns = None;
            state.page = Page::Campaigns;
        }
        if ui.add(egui::Button::new(big("Load game")).min_size(w)).clicked() {
            state.saves = Some(list_saves());
            state.page = Page::Load;
        }
        if ui.add(egui::Button::new(big("Replays")).min_size(w)).on_hover_text("Watch a saved or kept game, command by command").clicked() {
            state.replays = None;
            state.page = Page::Replays;
        }
        if ui.add(egui::Button::new(big("Settings")).min_size(w)).clicked() {
            state.page = Page::Settings;
        }
        if ui.add(egui::Button::new(big("Quit")).min_size(w)).clicked() {
            exit.write(AppExit::Success);
        }
        ui.add_space(24.0);
        let shipped = catalog::folders().first().map(|f| f.0.display().to_string()).unwrap_or_default();
        let mods = crate::engine::paths::mods_dir();
        ui.label(egui::RichText::new(format!("Scenarios: {shipped}  ·  your mods: {}", mods.display())).small().color(DIM));
    });
    choice
}

/// The Campaigns page and the page of the campaign in play.
fn campaign_pages(ui: &mut egui::Ui, state: &mut MenuState, campaign: &mut CampaignInWindow, message: &mut MenuMessage) -> Option<Choice> {
    let picked = match (state.page, &campaign.active) {
        (Page::Campaign, Some(active)) => campaign_page(ui, active),
        _ => campaigns_page(ui, state.campaigns.get_or_insert_with(super::campaign::scan)),
    };
    let opened = match picked? {
        CampaignChoice::Back => {
            state.page = if state.page == Page::Campaign { Page::Campaigns } else { Page::Main };
            state.campaigns = None;
            return None;
        }
        CampaignChoice::PlayNext => return Some(Choice::CampaignBattle),
        CampaignChoice::Begin(path) => super::campaign::begin(&path, state.seed.trim().parse().unwrap_or(1)),
        CampaignChoice::Resume(path) => super::campaign::resume(&path),
    };
    match opened {
        Ok(active) => {
            campaign.active = Some(active);
            state.page = Page::Campaign;
        }
        Err(e) => message.0 = Some(format!("The campaign could not be opened: {e}")),
    }
    None
}

/// The registry's rulesets; those with a window open their scenarios.
fn rulesets_page(ui: &mut egui::Ui, state: &mut MenuState) {
    ui.vertical_centered(|ui| {
        ui.label(theme::title("Choose a game", 30.0));
        ui.add_space(10.0);
        for entry in crate::rulesets::registry() {
            let window = presenter(entry.id);
            let text = egui::RichText::new(entry.name).size(20.0);
            let resp = ui.add_enabled(window.is_some(), egui::Button::new(text).min_size(egui::vec2(420.0, 48.0)));
            if resp.on_disabled_hover_text("not yet playable in the window").clicked()
                && let Some(p) = window
            {
                state.page = Page::Scenarios(p.id());
                state.selected = 0;
            }
            if let Some(p) = window {
                ui.label(egui::RichText::new(p.blurb()).color(DIM));
            }
            ui.add_space(6.0);
        }
        ui.add_space(10.0);
        if ui.button("◀ Back").clicked() {
            state.page = Page::Main;
        }
    });
}

/// The saves, each with its Load button.
fn load_page(ui: &mut egui::Ui, state: &mut MenuState) -> Option<Choice> {
    let mut choice = None;
    ui.vertical_centered(|ui| {
        ui.label(theme::title("Load game", 30.0));
        ui.set_max_width(640.0);
        let saves = state.saves.get_or_insert_with(list_saves).clone();
        egui::Frame::group(ui.style()).fill(theme::PANEL).show(ui, |ui| {
            ui.set_width(620.0);
            choice = save_list_ui(ui, &saves, &crate::engine::paths::saves_dir(), "Load").map(Choice::Load);
        });
        if ui.button("◀ Back").clicked() {
            state.page = Page::Main;
        }
    });
    choice
}

/// The saves of a folder (the saves folder, or one `salient sim --keep` wrote) to watch; a save's
/// own path opens it at once.
fn replays_page(ui: &mut egui::Ui, state: &mut MenuState) -> Option<Choice> {
    let mut choice = None;
    ui.vertical_centered(|ui| {
        ui.label(theme::title("Replays", 30.0));
        ui.set_max_width(640.0);
        // Centred like the rest of the page (a plain row started at the window's left edge).
        ui.allocate_ui_with_layout(egui::vec2(560.0, 28.0), egui::Layout::left_to_right(egui::Align::Center), |ui| {
            ui.label("Folder or save:");
            let field = ui.add(egui::TextEdit::singleline(&mut state.replay_folder).desired_width(380.0));
            let go = ui.button("Open").clicked() || (field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)));
            let path = PathBuf::from(state.replay_folder.trim());
            if go && path.is_file() {
                choice = Some(Choice::Replay(path));
            } else if go {
                state.replays = None;
            }
        });
        let folder = PathBuf::from(state.replay_folder.trim());
        let saves = state.replays.get_or_insert_with(|| list_saves_in(&folder)).clone();
        egui::Frame::group(ui.style()).fill(theme::PANEL).show(ui, |ui| {
            ui.set_width(620.0);
            if let Some(path) = save_list_ui(ui, &saves, &folder, "Watch") {
                choice = Some(Choice::Replay(path));
            }
        });
        if ui.button("◀ Back").clicked() {
            state.page = Page::Main;
        }
    });
    choice
}

fn settings_page(ui: &mut egui::Ui, state: &mut MenuState, settings: &mut Settings, message: &mut MenuMessage) {
    ui.vertical_centered(|ui| {
        ui.label(theme::title("Settings", 30.0));
        egui::Frame::group(ui.style()).fill(theme::PANEL).inner_margin(egui::Margin::same(16)).show(ui, |ui| {
            ui.set_max_width(560.0);
            if settings_ui(ui, settings)
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

/// A ruleset's scenarios from the catalogue, the chosen one's details, the seats and the seed.
fn scenario_page(
    ui: &mut egui::Ui,
    ctx: &egui::Context,
    state: &mut MenuState,
    settings: &mut Settings,
    message: &mut MenuMessage,
    ruleset: &'static str,
) -> Option<Choice> {
    let Some(catalog) = state.catalog.clone() else {
        ui.vertical_centered(|ui| ui.label("Reading the scenarios…"));
        return None;
    };
    let list: Vec<ScenarioEntry> = catalog.into_iter().filter(|e| e.ruleset == ruleset).collect();
    let name = presenter(ruleset).map(|p| p.name()).unwrap_or(ruleset);
    ui.vertical_centered(|ui| ui.label(theme::title(format!("{name} — choose a scenario"), 28.0)));
    ui.add_space(8.0);
    if list.is_empty() {
        ui.vertical_centered(|ui| {
            let folders: Vec<String> = catalog::folders().iter().map(|f| f.0.display().to_string()).collect();
            ui.label(egui::RichText::new(format!("No scenario found in {}", folders.join(" or "))).color(RED));
        });
        if ui.button("◀ Back").clicked() {
            state.page = Page::Rulesets;
        }
        return None;
    }
    state.selected = state.selected.min(list.len() - 1);
    let width = ui.available_width().min(1400.0);
    let margin = (ui.available_width() - width) / 2.0;
    let height = (ui.available_height() - 12.0).max(420.0);
    let mut choice = None;
    ui.horizontal_top(|ui| {
        ui.add_space(margin);
        ui.allocate_ui_with_layout(egui::vec2(310.0, height), egui::Layout::top_down(egui::Align::Min), |ui| {
            scenario_list(ui, state, &list, height);
        });
        let e = &list[state.selected];
        let details = width - 330.0;
        ui.allocate_ui_with_layout(egui::vec2(details, height), egui::Layout::top_down(egui::Align::Min), |ui| {
            egui::Frame::group(ui.style()).fill(theme::PANEL).show(ui, |ui| {
                ui.set_width(details - 16.0);
                ui.set_min_height(height - 16.0);
                match &e.card {
                    Ok(card) => {
                        let levels = presenter(ruleset).map_or(&[][..], |p| p.difficulties());
                        choice = scenario_details(ui, ctx, state, (settings, message, levels), e, card, details)
                    }
                    Err(msg) => {
                        ui.label(theme::title(e.title(), 24.0));
                        ui.label(egui::RichText::new(format!("This scenario does not load:\n{msg}")).color(RED));
                        let hint = format!("Run `salient validate {}` to see every problem.", e.path.display());
                        ui.label(egui::RichText::new(hint).color(DIM));
                    }
                }
            });
        });
    });
    choice
}

/// The list of scenarios on the left, and Back.
fn scenario_list(ui: &mut egui::Ui, state: &mut MenuState, list: &[ScenarioEntry], height: f32) {
    egui::Frame::group(ui.style()).fill(theme::PANEL).show(ui, |ui| {
        ui.set_width(290.0);
        ui.set_min_height(height - 16.0);
        for (i, e) in list.iter().enumerate() {
            let (name, sub) = match &e.card {
                Ok(c) => (c.info.name.clone(), format!("{}{}", c.info.date, if e.origin == Origin::Mod { " · mod" } else { "" })),
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
}

/// A scenario's details: its name, date, length, introduction, sides with their seats, the seed and
/// Start on the left; its map, how to win and its sources on the right.
fn scenario_details(
    ui: &mut egui::Ui,
    ctx: &egui::Context,
    state: &mut MenuState,
    (settings, message, levels): (&mut Settings, &mut MenuMessage, &[Difficulty]),
    e: &ScenarioEntry,
    card: &ScenarioCard,
    details: f32,
) -> Option<Choice> {
    let mut choice = None;
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.set_width((details - 16.0) * 0.52);
            ui.label(theme::title(&card.info.name, 26.0));
            ui.label(egui::RichText::new(&card.info.date).color(BRASS).size(16.0));
            ui.label(egui::RichText::new(&card.length).color(PARCHMENT));
            if let Some(note) = &card.note {
                ui.label(egui::RichText::new(note).small().color(DIM));
            }
            ui.add_space(6.0);
            egui::ScrollArea::vertical().id_salt("intro").max_height(250.0).show(ui, |ui| {
                ui.label(egui::RichText::new(&card.info.introduction).color(PARCHMENT));
            });
            ui.add_space(8.0);
            seats_ui(ui, state, card);
            if state.seats.values().any(|s| *s == Seat::Computer) {
                difficulty_ui(ui, settings, message, levels);
            }
            ui.add_space(8.0);
            if let Some(seed) = seed_and_start(ui, state) {
                choice = Some(Choice::Start(e.path.clone(), seed));
            }
        });
        ui.vertical(|ui| {
            if let Some(tex) = texture_for(ctx, state, e) {
                let avail = ui.available_width();
                let size = tex.size_vec2();
                // Room under the map for how to win and the sources.
                let tall = if card.victory.is_empty() { 440.0 } else { (ui.available_height() - 300.0).clamp(220.0, 440.0) };
                let scale = (avail / size.x).min(tall / size.y);
                ui.add(egui::Image::new((tex.id(), size * scale)));
            }
            ui.label(egui::RichText::new(e.path.display().to_string()).small().color(DIM));
            victory_ui(ui, card);
            if !card.info.source.is_empty() {
                egui::CollapsingHeader::new(egui::RichText::new("Sources and reconstruction").small()).show(ui, |ui| {
                    egui::ScrollArea::vertical().id_salt("source").max_height(140.0).show(ui, |ui| {
                        ui.label(egui::RichText::new(&card.info.source).small().color(DIM));
                    });
                });
            }
        });
    });
    choice
}

/// How to win, before Start: the card's victory lines, each with whom it is about.
fn victory_ui(ui: &mut egui::Ui, card: &ScenarioCard) {
    if card.victory.is_empty() {
        return;
    }
    ui.add_space(6.0);
    ui.label(theme::title("How to win", 18.0));
    // What is left of the column, above the sources' header.
    let room = (ui.available_height() - 34.0).max(120.0);
    egui::ScrollArea::vertical().id_salt("victory").max_height(room).show(ui, |ui| {
        for (who, how) in &card.victory {
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(who).color(BRASS).strong());
                ui.label(egui::RichText::new(how).color(PARCHMENT));
            });
            ui.add_space(2.0);
        }
    });
    ui.add_space(4.0);
}

/// The scenario's sides, each with who plays it (the first a person, the others the computer, until
/// the player changes them).
fn seats_ui(ui: &mut egui::Ui, state: &mut MenuState, card: &ScenarioCard) {
    let sides: Vec<String> = card.info.sides.iter().map(|s| s.id.clone()).collect();
    if !state.seats.keys().eq(sides.iter().collect::<std::collections::BTreeSet<_>>()) {
        state.seats = default_seats(&sides);
    }
    ui.label(theme::title("Sides", 18.0));
    for side in &card.info.sides {
        ui.horizontal(|ui| {
            ui.label(theme::strong(&side.name));
            let seat = state.seats.entry(side.id.clone()).or_insert(Seat::Human);
            ui.selectable_value(seat, Seat::Human, "Human");
            ui.selectable_value(seat, Seat::Computer, "Computer");
        });
        ui.label(egui::RichText::new(&side.description).small().color(DIM));
    }
    if state.seats.values().all(|s| *s == Seat::Human) {
        ui.label(egui::RichText::new("Hot-seat: a hand-over screen hides the map between the two players' turns.").small().color(BRASS));
    }
}

/// The computer opponent's difficulty, kept in the settings; the levels this ruleset's opponent does
/// not play are shown greyed, with why.
fn difficulty_ui(ui: &mut egui::Ui, settings: &mut Settings, message: &mut MenuMessage, levels: &[Difficulty]) {
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        ui.label(theme::strong("Computer opponent"));
        let before = settings.difficulty;
        for d in Difficulty::ALL {
            let playable = levels.contains(&d);
            let button = ui.add_enabled(playable, egui::Button::selectable(settings.difficulty == d, d.name()));
            let button = button.on_hover_text(super::settings::difficulty_help(d));
            let button = button.on_disabled_hover_text("this game's computer opponent has no look-ahead yet: it plays as Normal");
            if button.clicked() {
                settings.difficulty = d;
            }
        }
        if settings.difficulty != before
            && let Err(e) = settings.save()
        {
            message.0 = Some(format!("The settings were not saved: {e}"));
        }
    });
    if !levels.contains(&settings.difficulty) {
        ui.label(
            egui::RichText::new("Hard needs a look-ahead this game's opponent does not have yet: it plays as Normal.").small().color(DIM),
        );
    }
}

/// The seed and Start: the seed, once Start is clicked.
fn seed_and_start(ui: &mut egui::Ui, state: &mut MenuState) -> Option<u64> {
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
    let resp = ui
        .add_enabled(seed.is_ok(), egui::Button::new(egui::RichText::new("Start ▶").size(22.0).strong()).min_size(egui::vec2(220.0, 46.0)));
    let clicked = resp.on_disabled_hover_text("the seed must be a whole number").clicked();
    seed.ok().filter(|_| clicked)
}

fn reset_menu(mut state: ResMut<MenuState>) {
    state.page = Page::Main;
    state.saves = None;
}

pub fn plugin(app: &mut App) {
    app.init_resource::<MenuState>()
        .add_systems(Startup, start_from_command_line)
        .add_systems(EguiPrimaryContextPass, menu.run_if(in_state(Screen::Menu)).run_if(theme::theme_ready))
        .add_systems(OnEnter(Screen::Menu), reset_menu);
}
