//! The area-map presenter's kit: what every ruleset played on the shell's area view shares, so that
//! a ruleset on an area or zone map costs its words, cards and dialogs, not a window. It holds the
//! player's selection and pointing ([`AreaUi`]), passes the panels' window to the view and the view's
//! pointing back, fills the board model once per change of the game or the selection, feeds the
//! animations from the journal, turns map clicks and keys into legal commands only (several offered
//! as a choice), and wires the computer player and the hand-over. A ruleset implements [`AreaBoard`]
//! and [`AreaGame`] in its own `ui/<id>/` folder; this module names none.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::Evaluators;
use crate::engine::Ruleset;
use crate::ui::Playing;
use crate::ui::ai_worker::{ComputerPlayer, drive_computer, spawn_computer};
use crate::ui::art::features::{self, Extent, HEX};
use crate::ui::art::{self, Canvas};
use crate::ui::board::area::{AreaAnimate, AreaBeats, AreaMapArt, AreaView, Beat};
use crate::ui::board::{BoardInput, BoardModel, Place, Spot};
use crate::ui::camera::{MapCamera, MapViewport};
use crate::ui::game_menu::GameMenu;
use crate::ui::game_over::{Verdict, game_over_systems};
use crate::ui::hot_reload::hot_reload_systems;
use crate::ui::log::LogView;
use crate::ui::replay::session_systems;
use crate::ui::rules_text::{RuleBooks, rule_window};
use crate::ui::saves::{SaveRequests, save_systems};
use crate::ui::screens::{HandOver, HandOverCardSet, SideLooks, hand_over_systems};
use crate::ui::session::GameSession;
use crate::ui::settings::Settings;
use crate::ui::sound::{Sound, sound_systems};
use crate::ui::theme;
use crate::ui::top_bar::BarButton;
use crate::ui::widgets::{events_from, panels_root};

/// A ruleset's board on the area view: its map, the board model, what a click orders and how its
/// events animate (a presenter implements it beside its map art, in `ui/<id>/board.rs`).
pub trait AreaBoard: Evaluators {
    /// The game screen its systems run in.
    const SCREEN: Playing;
    /// The position as the panels read it, captured once a frame.
    type Pos;
    fn capture(session: &GameSession<Self>) -> Self::Pos;
    /// The command Enter gives: the decision's "done" (pass, done placing, end the activation...).
    fn done() -> Self::Command;
    /// What giving [`AreaBoard::done`] now would leave undone, as a question to confirm first (e.g.
    /// "pass the impulse with 3 areas of fresh units not activated"); `None` gives it at once.
    fn done_question(_session: &GameSession<Self>) -> Option<String> {
        None
    }
    /// The area a command names (where it places, moves, fires or assaults), if any.
    fn command_area(command: &Self::Command) -> Option<u32>;
    /// The unit a command orders, if it is a unit's order (which clears the pick once given).
    fn command_unit(command: &Self::Command) -> Option<&str>;
    /// The legal orders a click on `area` gives when no picked unit has one there (a group's move,
    /// an activation, an assault...).
    fn area_orders(legal: &[Self::Command], area: u32) -> Vec<Self::Command>;
    /// The area the selection follows to once the command is played (an activation, a move).
    fn follows(command: &Self::Command) -> Option<u32>;
    /// The unit a command brings onto the map (a placement, an entry): after one, the next unit to
    /// bring is picked for the next click.
    fn arrival(command: &Self::Command) -> Option<&str>;
    /// The map's art, with the key it is drawn for (its scenario's path); `None` for a map without
    /// cells.
    fn map_art(scenario: &Self::Scenario) -> Option<AreaMapArt>;
    /// Fills the board model for the position and the selection.
    fn present(session: &GameSession<Self>, ui: &AreaUi<Self>, model: &mut BoardModel);
    /// The animations of these new events.
    fn beats<'a>(pos: &Self::Pos, events: impl Iterator<Item = &'a Self::Event>) -> Vec<Beat>;
    /// Where a throw whose outcome (or the event before its dice) is `event` happened, for the dice
    /// tray's card (`None`: at the foot of the map).
    fn throw_spot(_session: &GameSession<Self>, _event: &<Self as Ruleset>::Event) -> Option<Spot> {
        None
    }
}

/// A ruleset's panels around the area view (a presenter implements it beside its panels, in
/// `ui/<id>/panels`): with [`AreaBoard`], all the kit needs.
pub trait AreaGame: AreaBoard {
    /// Its top bar words, columns and dialogs (the kit draws the choice among orders and the rule
    /// text).
    fn panels(root: &mut egui::Ui, ctx: &egui::Context, scene: &Scene<Self>, ui: &mut AreaUi<Self>, asks: &mut Asks<Self::Command>);
    /// The tooltip over `area` at the pointer.
    fn tooltip(ctx: &egui::Context, scene: &Scene<Self>, ui: &AreaUi<Self>, area: u32, at: egui::Pos2);
    /// The verdict on a finished game, for the shell's game-over screen.
    fn verdict(session: &GameSession<Self>, settings: &Settings) -> Verdict;
    /// One order's button, with its cost and odds (for the choice among orders).
    fn order_button(ui: &mut egui::Ui, scene: &Scene<Self>, command: &Self::Command, acts: &mut Vec<Action<Self::Command>>);
    /// What an event sounds like (the shell's `sound`).
    fn sound_of(session: &GameSession<Self>, event: &<Self as Ruleset>::Event) -> Option<Sound>;
}

/// What the player is looking at and pointing to.
#[derive(Resource)]
pub struct AreaUi<R: AreaBoard> {
    pub selected: Option<u32>,
    /// A unit picked in the panel (a bombardment's lead, a gun, a unit to place), for its targets on
    /// the map.
    pub picked: Option<String>,
    pub hovered: Option<u32>,
    /// A click on the map this frame: `Some(None)` is a click outside every area.
    pub clicked: Option<Option<u32>>,
    /// The part of the window the panels leave to the map.
    pub free: Option<Rect>,
    pub pointer_over_ui: bool,
    pub keyboard_over_ui: bool,
    pub fit_requested: bool,
    /// A problem to show (a map that cannot be drawn).
    pub problem: Option<String>,
    /// Dice hidden, the whole log open.
    pub log: LogView,
    /// A right click on the map this frame (cancels the selection).
    pub cancelled: bool,
    /// Orders a click offered, for the player to choose among (where the pointer was, in points).
    pub choice: Option<(egui::Pos2, Vec<R::Command>)>,
    /// The rule whose text is shown.
    pub rule: Option<String>,
    /// The question asked before the decision's "done" ([`AreaBoard::done_question`]).
    pub asking: Option<String>,
}

impl<R: AreaBoard> Default for AreaUi<R> {
    fn default() -> Self {
        Self {
            selected: None,
            picked: None,
            hovered: None,
            clicked: None,
            free: None,
            pointer_over_ui: false,
            keyboard_over_ui: false,
            fit_requested: false,
            problem: None,
            log: LogView::default(),
            cancelled: false,
            choice: None,
            rule: None,
            asking: None,
        }
    }
}

/// What a panel asks for; done once every panel is drawn (only a legal command is sent).
pub enum Action<C> {
    Submit(C),
    /// The decision's "done", its question answered yes.
    ConfirmDone,
    Undo,
    Save,
    Load,
    Menu,
    Fit,
    Select(Option<u32>),
    Pick(Option<String>),
    /// Offer these orders (a click that could mean several) at this point of the window.
    Choose(egui::Pos2, Vec<C>),
}

impl<C> Action<C> {
    /// The top bar's button as an action.
    pub fn of_button(b: BarButton) -> Self {
        match b {
            BarButton::Menu => Action::Menu,
            BarButton::Load => Action::Load,
            BarButton::Save => Action::Save,
            BarButton::Fit => Action::Fit,
            BarButton::Undo => Action::Undo,
        }
    }
}

/// What the panels asked for in this frame.
pub struct Asks<C> {
    pub acts: Vec<Action<C>>,
    pub open_rule: Option<String>,
}

impl<C> Default for Asks<C> {
    fn default() -> Self {
        Self { acts: Vec::new(), open_rule: None }
    }
}

/// What every panel reads in this frame.
pub struct Scene<'a, R: AreaBoard> {
    pub session: &'a GameSession<R>,
    pub pos: R::Pos,
    pub ai: Option<&'a ComputerPlayer<R>>,
    /// A person must decide now.
    pub human: bool,
    pub thinking: bool,
}

impl<R: AreaBoard> Scene<'_, R> {
    pub fn scenario(&self) -> &R::Scenario {
        self.session.game.scenario()
    }
}

/// Everything the panels read or change.
#[derive(SystemParam)]
struct PanelParams<'w, R: AreaGame> {
    session: Option<ResMut<'w, GameSession<R>>>,
    ui_state: ResMut<'w, AreaUi<R>>,
    ai: Option<Res<'w, ComputerPlayer<R>>>,
    keys: Res<'w, ButtonInput<KeyCode>>,
    menu: ResMut<'w, GameMenu>,
    saves: ResMut<'w, SaveRequests>,
    books: Res<'w, RuleBooks>,
    hand: Res<'w, HandOver>,
}

/// The panels' frame: the presenter's panels, then the map's part of the window, the keys, the
/// tooltip, the choice among orders and the rule text; then what they asked for is done.
fn panels<R: AreaGame>(mut contexts: EguiContexts, mut p: PanelParams<R>) -> Result {
    let Some(mut session) = p.session.take() else { return Ok(()) };
    let ctx_e = contexts.ctx_mut()?.clone();
    let ui_state = &mut *p.ui_state;
    // The hand-over screen covers everything: nothing under it may be touched.
    if p.hand.showing {
        ui_state.pointer_over_ui = true;
        ui_state.keyboard_over_ui = true;
        ui_state.clicked = None;
        ui_state.cancelled = false;
        return Ok(());
    }
    let zoom = ctx_e.zoom_factor();
    let mut root = panels_root(&ctx_e, "area-hud");
    let mut asks = Asks::default();
    {
        let scene = Scene::<R> {
            session: &session,
            pos: R::capture(&session),
            ai: p.ai.as_deref(),
            human: session.human_to_move(),
            thinking: p.ai.as_ref().is_some_and(|a| a.thinking()),
        };
        map_click(&ctx_e, &scene, ui_state, &mut asks.acts);
        R::panels(&mut root, &ctx_e, &scene, ui_state, &mut asks);

        // The map's part of the window.
        let free = root.available_rect_before_wrap();
        ui_state.free = Some(Rect::new(free.min.x * zoom, free.min.y * zoom, free.max.x * zoom, free.max.y * zoom));
        let pointer = ctx_e.pointer_hover_pos();
        ui_state.pointer_over_ui = p.menu.modal() || ctx_e.is_pointer_over_egui() || pointer.is_some_and(|pp| !free.contains(pp));
        ui_state.keyboard_over_ui = ctx_e.text_edit_focused();
        if !ui_state.keyboard_over_ui {
            ctx_e.memory_mut(|m| m.stop_text_input());
            keys(&p.keys, &scene, ui_state, &mut asks.acts);
        }
        if let (Some(h), Some(pos)) = (ui_state.hovered, pointer)
            && !ui_state.pointer_over_ui
            && ui_state.choice.is_none()
        {
            R::tooltip(&ctx_e, &scene, ui_state, h, pos);
        }
        choice(&ctx_e, &scene, ui_state, &mut asks);
        ask_before_done(&ctx_e, ui_state, &mut asks.acts);
    }
    if let Some(r) = asks.open_rule.or_else(|| p.menu.rule.take()) {
        ui_state.rule = Some(r);
    }
    let centre = ctx_e.viewport_rect().center();
    rule_window(&ctx_e, p.books.of(R::ID), R::ID, &mut ui_state.rule, centre);
    apply(asks.acts, &mut session, ui_state, &mut p.menu, &mut p.saves);
    Ok(())
}

/// A click on the map: the order it gives (only a legal command), a choice among several, else the
/// area is selected; a right click cancels the selection.
fn map_click<R: AreaGame>(ctx_e: &egui::Context, scene: &Scene<R>, ui_state: &mut AreaUi<R>, acts: &mut Vec<Action<R::Command>>) {
    match ui_state.clicked.take() {
        Some(Some(a)) => {
            let orders = if scene.human { click_orders::<R>(&scene.session.legal, ui_state.picked.as_deref(), a) } else { Vec::new() };
            match orders.len() {
                0 => acts.push(Action::Select(Some(a))),
                1 => acts.extend(orders.into_iter().map(Action::Submit)),
                _ => acts.push(Action::Choose(ctx_e.pointer_hover_pos().unwrap_or(egui::pos2(400.0, 300.0)), orders)),
            }
        }
        Some(None) => acts.push(Action::Select(None)),
        None => {}
    }
    if std::mem::take(&mut ui_state.cancelled) {
        acts.push(Action::Select(None));
    }
}

/// The orders a click on `area` gives, from the legal commands only: with a unit picked in the panel
/// (a unit to place, a gun, a bombardment's lead), its orders into that area; otherwise the area's
/// own orders ([`AreaBoard::area_orders`]). Several: the player chooses; none: the click selects.
pub fn click_orders<R: AreaBoard>(legal: &[R::Command], picked: Option<&str>, area: u32) -> Vec<R::Command> {
    if let Some(u) = picked {
        let mine: Vec<R::Command> =
            legal.iter().filter(|c| R::command_unit(c) == Some(u) && R::command_area(c) == Some(area)).cloned().collect();
        if !mine.is_empty() {
            return mine;
        }
    }
    R::area_orders(legal, area)
}

/// The keys (F5 and F9 are the shell's): Ctrl+Z or U undo, Enter the decision's "done", Esc closes
/// the rule text, else clears the selection, else opens the in-game menu.
fn keys<R: AreaGame>(keys: &ButtonInput<KeyCode>, scene: &Scene<R>, ui_state: &mut AreaUi<R>, acts: &mut Vec<Action<R::Command>>) {
    let ctrl = keys.pressed(KeyCode::ControlLeft) || keys.pressed(KeyCode::ControlRight);
    if (ctrl && keys.just_pressed(KeyCode::KeyZ)) || keys.just_pressed(KeyCode::KeyU) {
        acts.push(Action::Undo);
    }
    let done = R::done();
    let enter = keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter);
    if enter && ui_state.asking.is_some() {
        acts.push(Action::ConfirmDone);
    } else if enter && scene.human && ui_state.choice.is_none() && scene.session.legal.contains(&done) {
        acts.push(Action::Submit(done));
    }
    if keys.just_pressed(KeyCode::Escape) {
        if ui_state.asking.is_some() {
            ui_state.asking = None;
        } else if ui_state.rule.is_some() {
            ui_state.rule = None;
        } else if ui_state.selected.is_some() || ui_state.picked.is_some() || ui_state.choice.is_some() {
            acts.push(Action::Select(None));
        } else {
            acts.push(Action::Menu);
        }
    }
}

/// The orders a click offered, to choose among (Cancel closes it).
fn choice<R: AreaGame>(ctx_e: &egui::Context, scene: &Scene<R>, ui_state: &mut AreaUi<R>, asks: &mut Asks<R::Command>) {
    let Some((pos, orders)) = ui_state.choice.clone() else { return };
    let mut close = false;
    egui::Area::new("area-choice".into()).order(egui::Order::Foreground).fixed_pos(pos + egui::vec2(8.0, 8.0)).show(ctx_e, |ui| {
        egui::Frame::popup(ui.style()).show(ui, |ui| {
            ui.set_max_width(420.0);
            ui.label(theme::strong("Which order?"));
            for c in &orders {
                R::order_button(ui, scene, c, &mut asks.acts);
            }
            if ui.button("Cancel (Esc, right click)").clicked() {
                close = true;
            }
        });
    });
    if close {
        ui_state.choice = None;
    }
}

/// The question before the decision's "done": Enter or the button gives it, Esc or Cancel does not.
fn ask_before_done<R: AreaBoard>(ctx_e: &egui::Context, ui_state: &mut AreaUi<R>, acts: &mut Vec<Action<R::Command>>) {
    let Some(question) = ui_state.asking.clone() else { return };
    let mut cancel = false;
    egui::Window::new(theme::title("Are you sure?", 18.0))
        .id("area-ask-done".into())
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx_e, |ui| {
            ui.set_max_width(380.0);
            ui.label(format!("{}?", capitalised(&question)));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(theme::strong("✔ Yes (Enter)")).clicked() {
                    acts.push(Action::ConfirmDone);
                }
                cancel = ui.button("Cancel (Esc)").clicked();
            });
        });
    if cancel {
        ui_state.asking = None;
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// Does what the panels asked for: only a legal command is sent (the window holds no rule).
fn apply<R: AreaGame>(
    acts: Vec<Action<R::Command>>,
    session: &mut GameSession<R>,
    ui_state: &mut AreaUi<R>,
    menu: &mut GameMenu,
    saves: &mut SaveRequests,
) {
    for act in acts {
        match act {
            Action::ConfirmDone => {
                ui_state.asking = None;
                let done = R::done();
                if session.legal.contains(&done)
                    && let Err(r) = session.submit(done)
                {
                    session.message = Some(format!("Refused: {r}"));
                }
            }
            Action::Submit(c) => {
                ui_state.choice = None;
                if !session.legal.contains(&c) {
                    continue;
                }
                if c == R::done()
                    && let Some(q) = R::done_question(session)
                {
                    ui_state.asking = Some(q);
                    continue;
                }
                let follow = R::follows(&c);
                let unit_order = R::command_unit(&c).is_some();
                let arrived = R::arrival(&c).is_some();
                match session.submit(c) {
                    Err(r) => session.message = Some(format!("Refused: {r}")),
                    Ok(()) => {
                        if follow.is_some() {
                            ui_state.selected = follow;
                        }
                        if unit_order {
                            // After a unit brought onto the map, the next one to bring is picked.
                            ui_state.picked = if arrived && session.human_to_move() { next_arrival::<R>(&session.legal) } else { None };
                        }
                    }
                }
            }
            Action::Undo => {
                if let Err(r) = session.undo() {
                    session.message = Some(format!("Cannot undo: {r}"));
                }
            }
            Action::Save => saves.open_save = true,
            Action::Load => saves.open_load = true,
            Action::Menu => menu.toggle(),
            Action::Fit => ui_state.fit_requested = true,
            Action::Select(a) => {
                ui_state.selected = a;
                ui_state.picked = None;
                ui_state.choice = None;
            }
            Action::Pick(u) => ui_state.picked = u,
            Action::Choose(pos, orders) => ui_state.choice = Some((pos, orders)),
        }
    }
}

/// The next unit to bring onto the map (the first legal arrival), if any.
fn next_arrival<R: AreaBoard>(legal: &[R::Command]) -> Option<String> {
    legal.iter().find_map(|c| R::arrival(c)).map(str::to_string)
}

/// Hands the view the map of the session's scenario when it is another.
fn present_map<R: AreaGame>(
    mut commands: Commands,
    session: Option<Res<GameSession<R>>>,
    art: Option<Res<AreaMapArt>>,
    mut ui: ResMut<AreaUi<R>>,
    mut seen: Local<Option<u64>>,
) {
    let Some(session) = session else { return };
    // Asked again only for another game (a new one, a load, a reload, an undo), or once the map was
    // forgotten on leaving; drawn again only if it is another map.
    if art.is_some() && *seen == Some(session.generation) {
        return;
    }
    *seen = Some(session.generation);
    match R::map_art(session.game.scenario()) {
        Some(new) if art.is_none_or(|a| a.key != new.key) => commands.insert_resource(new),
        Some(_) => {}
        None => ui.problem = Some("this map has no cell grid: it cannot be drawn".into()),
    }
}

/// What the model was filled for: the game's revision, the selected area and the picked unit; and
/// the model's revision then (a model cleared on leaving the game is filled again).
type Presented = Option<((u64, Option<u32>, Option<String>), u64)>;

/// Fills the board model when the game or the selection changed.
fn present<R: AreaGame>(
    session: Option<Res<GameSession<R>>>,
    ui: Res<AreaUi<R>>,
    mut model: ResMut<BoardModel>,
    mut seen: Local<Presented>,
) {
    let Some(session) = session else { return };
    let key = (session.revision, ui.selected, ui.picked.clone());
    if seen.as_ref().is_some_and(|(k, revision)| *k == key && *revision == model.revision) {
        return;
    }
    R::present(&session, &ui, &mut model);
    *seen = Some((key, model.revision));
}

/// The panels' window, for the view's camera and pointer.
fn window_to_view<R: AreaGame>(mut ui: ResMut<AreaUi<R>>, mut viewport: ResMut<MapViewport>, mut cameras: Query<&mut MapCamera>) {
    viewport.free = ui.free;
    viewport.pointer_over_ui = ui.pointer_over_ui;
    viewport.keyboard_over_ui = ui.keyboard_over_ui;
    if std::mem::take(&mut ui.fit_requested) {
        for mut camera in &mut cameras {
            camera.fit_requested = true;
        }
    }
}

/// The view's pointing, for the panels: the area under the pointer, a click, a right click.
fn view_to_panels<R: AreaGame>(mut ui: ResMut<AreaUi<R>>, mut input: ResMut<BoardInput>) {
    let area = |p: Option<Place>| match p {
        Some(Place::Area(a)) => Some(a),
        _ => None,
    };
    ui.hovered = area(input.hovered);
    if let Some(click) = input.clicked.take() {
        ui.clicked = Some(area(click));
    }
    if std::mem::take(&mut input.cancelled) {
        ui.cancelled = true;
    }
}

/// Hands the view the beats of each change of the game; a game replaced (an undo, a load, a new
/// game) stops what plays.
fn animate<R: AreaGame>(session: Option<Res<GameSession<R>>>, mut beats: ResMut<AreaBeats>, mut seen: Local<(u64, u64)>) {
    let Some(session) = session else { return };
    if *seen == (session.revision, session.generation) {
        return;
    }
    let replaced = seen.1 != session.generation;
    *seen = (session.revision, session.generation);
    if replaced {
        beats.stop = true;
        beats.play.clear();
        return;
    }
    let pos = R::capture(&session);
    beats.play.extend(R::beats(&pos, events_from(&session.log, session.new_from, session.game.journal())));
}

/// The next player starts with a clean selection.
fn clear_selection<R: AreaGame>(hand: Res<HandOver>, mut ui: ResMut<AreaUi<R>>, mut was: Local<bool>) {
    if hand.showing && !*was {
        ui.selected = None;
        ui.picked = None;
        ui.choice = None;
    }
    *was = hand.showing;
}

fn reset<R: AreaGame>(mut ui: ResMut<AreaUi<R>>) {
    *ui = AreaUi::default();
}

/// Adds the area game of `R`: the area view, the board model, the panels' frame, the animations,
/// the computer player, the hand-over with the sides' looks, the game-over screen, the shell's saves, hot reload and the
/// replay viewer.
pub fn plugin<R: AreaGame>(app: &mut App, looks: SideLooks) {
    let screen = R::SCREEN;
    crate::ui::board::area::plugin(app, screen);
    spawn_computer::<R>(app);
    hand_over_systems::<R>(app, screen, looks);
    crate::ui::dice_tray::throw_spots::<R>(app, R::throw_spot);
    sound_systems::<R>(app, screen, |_, _| Box::new(|_| true), R::sound_of);
    game_over_systems::<R>(app, screen, looks, R::verdict);
    save_systems::<GameSession<R>>(app, screen);
    hot_reload_systems::<GameSession<R>>(app, screen);
    session_systems::<GameSession<R>>(app, screen);
    app.insert_resource(AreaUi::<R>::default())
        .add_systems(OnExit(screen), reset::<R>)
        .add_systems(Update, (present_map::<R>, present::<R>, window_to_view::<R>).chain().before(AreaView).run_if(in_state(screen)))
        .add_systems(Update, view_to_panels::<R>.after(AreaView).run_if(in_state(screen)))
        .add_systems(Update, animate::<R>.before(AreaAnimate).run_if(in_state(screen)))
        .add_systems(Update, drive_computer::<GameSession<R>>.after(AreaAnimate).run_if(in_state(screen)))
        .add_systems(Update, clear_selection::<R>.run_if(in_state(screen)))
        // Before the hand-over screen: the Enter that closes it must not also pass the decision.
        .add_systems(EguiPrimaryContextPass, panels::<R>.run_if(in_state(screen)).run_if(theme::theme_ready).before(HandOverCardSet));
}

/// The left column of an area game (the tracks, the sequence of play, the log), on dark paper.
pub fn left_column(root: &mut egui::Ui, ctx: &egui::Context, add: impl FnOnce(&mut egui::Ui)) {
    egui::Panel::left("area-left")
        .resizable(true)
        .default_size(300.0)
        .min_size(240.0)
        .max_size(420.0)
        .frame(egui::Frame::side_top_panel(&ctx.global_style()).fill(theme::PANEL_DARK).inner_margin(egui::Margin::same(10)))
        .show(root, add);
}

/// The right column of an area game (the decision, the cards, the orders).
pub fn right_column(root: &mut egui::Ui, ctx: &egui::Context, add: impl FnOnce(&mut egui::Ui)) {
    egui::Panel::right("area-right")
        .resizable(true)
        .default_size(390.0)
        .min_size(300.0)
        .max_size(470.0)
        .frame(egui::Frame::side_top_panel(&ctx.global_style()).inner_margin(egui::Margin::same(10)))
        .show(root, add);
}

/// The water's blue on a thumbnail.
pub const WATER: [u8; 4] = [70, 110, 190, 255];

/// A small picture of an area map, `width` pixels wide: each area's cells in its terrain's tint,
/// darker along the borders between areas, blue along the water. `None` for an empty map.
pub fn thumbnail(art: &AreaMapArt, width: f32) -> Option<(u32, u32, Vec<u8>)> {
    let area_of: std::collections::HashMap<_, _> = art.areas.iter().flat_map(|a| a.cells.iter().map(move |c| (*c, a.id))).collect();
    if area_of.is_empty() {
        return None;
    }
    let grid = &art.grid;
    let ext = Extent::of(grid);
    let scale = width / ext.width().max(1.0);
    let (w, h) = ((ext.width() * scale).ceil() as u32, (ext.height() * scale).ceil() as u32);
    let mut c = Canvas::new(w, h);
    let r = HEX / 3f32.sqrt() * scale;
    for area in &art.areas {
        let [red, green, blue] = area.tint.map(|x| (x * 255.0) as u8);
        for cell in &area.cells {
            let (x, y) = features::centre_px(grid, *cell);
            let (x, y) = ((x - ext.min_x) * scale, (y - ext.min_y) * scale);
            let across = grid.neighbors(*cell).filter_map(|n| area_of.get(&n)).find(|other| **other != area.id);
            let col = match across {
                None => [red, green, blue, 255],
                Some(other) if art.borders.get(&(area.id.min(*other), area.id.max(*other))).is_some_and(|b| b.water) => WATER,
                Some(_) => art::mix([red, green, blue, 255], [60, 50, 36, 255], 0.45),
            };
            c.fill_poly(&art::hex_corners(x, y, r + 0.6), col);
        }
    }
    Some((w, h, c.to_rgba()))
}
