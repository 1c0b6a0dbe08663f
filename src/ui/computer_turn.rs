//! The computer's turn, made to follow (issue 20), on every board and for every ruleset:
//! - pause, faster and skip on the top bar (Space, period and End while the computer plays);
//! - the camera brings each piece the computer moves into view (a setting);
//! - the moves it made stay on the map as arrows, and its hits as red rings (a cross where a unit
//!   was eliminated), until your next order;
//! - when its turn ends, a card says what happened: the losses on both sides, the moves, the score.
//!
//! The card is the difference between the state views before and after the computer's commands,
//! and the arrows follow the board model's pieces, so a presenter adds nothing. Nothing hidden
//! leaks: the other side's units marked `hidden` are left out of the card, and the board model
//! holds only the pieces the player sees.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::Evaluators;
use crate::engine::StateView;
use crate::engine::journal::JournalLine;
use crate::engine::view::UnitView;

use super::Playing;
use super::board::{BoardModel, PlaceCentres};
use super::camera::{MapCamera, MapViewport};
use super::screens::{EventShown, SideLooks};
use super::session::{GameSession, Seat};
use super::settings::Settings;
use super::theme::{self, DIM, PARCHMENT};
use super::widgets::typed_lines;

/// Pause, faster and skip for the computer's commands: set from the top bar and the keys, read by
/// `drive_computer`. Atomics, so the top bar sets them through the session it only reads.
#[derive(Default)]
pub struct Playback {
    paused: AtomicBool,
    fast: AtomicBool,
    skip: AtomicBool,
}

impl Playback {
    pub fn paused(&self) -> bool {
        self.paused.load(Ordering::Relaxed)
    }
    pub fn fast(&self) -> bool {
        self.fast.load(Ordering::Relaxed)
    }
    /// The computer plays on without pauses or animations until a person is to decide.
    pub fn skipping(&self) -> bool {
        self.skip.load(Ordering::Relaxed)
    }
    pub fn toggle_pause(&self) {
        self.paused.fetch_xor(true, Ordering::Relaxed);
    }
    pub fn toggle_fast(&self) {
        self.fast.fetch_xor(true, Ordering::Relaxed);
    }
    /// Skips to the player's next decision (and resumes a paused computer).
    pub fn skip(&self) {
        self.skip.store(true, Ordering::Relaxed);
        self.paused.store(false, Ordering::Relaxed);
    }
    fn skipped(&self) {
        self.skip.store(false, Ordering::Relaxed);
    }
    /// The pause after a computer command: `normal` (the animation speed's), none when faster or
    /// skipping.
    pub fn pace(&self, normal: Duration) -> Duration {
        if self.fast() || self.skipping() { Duration::ZERO } else { normal }
    }
}

/// The playback buttons of the top bar, when a person plays against the computer: Pause (Resume),
/// Faster and Skip. Drawn right to left, after Undo.
pub fn playback_buttons<R: crate::engine::Ruleset>(ui: &mut egui::Ui, session: &GameSession<R>) {
    if !against_computer(session) || session.game.is_over() {
        return;
    }
    let p = &session.playback;
    let playing = session.computer_to_move();
    if ui
        .add_enabled(playing, egui::Button::new("Skip ⏭"))
        .on_hover_text("End: let the computer finish at once, up to your next decision")
        .on_disabled_hover_text("the computer is not playing")
        .clicked()
    {
        p.skip();
    }
    if ui
        .add(egui::Button::new("Faster").selected(p.fast()))
        .on_hover_text(". (period): no pauses between the computer's commands")
        .clicked()
    {
        p.toggle_fast();
    }
    let pause = if p.paused() { "Resume ▶" } else { "Pause" };
    if ui.add(egui::Button::new(pause).selected(p.paused())).on_hover_text("Space: stop the computer after its current command").clicked() {
        p.toggle_pause();
    }
}

/// Whether one side is a person's and another the computer's.
fn against_computer<R: crate::engine::Ruleset>(session: &GameSession<R>) -> bool {
    session.seats.values().any(|s| *s == Seat::Human) && session.seats.values().any(|s| *s == Seat::Computer)
}

/// The side a person plays against the computer.
pub(super) fn player_side<R: crate::engine::Ruleset>(session: &GameSession<R>) -> Option<String> {
    against_computer(session).then(|| session.seats.iter().find(|(_, s)| **s == Seat::Human).map(|(id, _)| id.clone())).flatten()
}

/// One part of the card: a heading and its lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub title: String,
    pub lines: Vec<String>,
}

fn gone(u: &UnitView) -> bool {
    u.status == "eliminated" || u.location == "eliminated"
}

/// What changed between two state views, as the player of `you` may read it: each side's losses
/// (eliminated, steps lost, a new status), the moves and the victory points (the rulesets' other
/// tracks are bookkeeping — rounds, orders, initiative rolls — not news of the turn). `side_name` names
/// a side by its id. Units of the other side still marked `hidden` are left out; one hidden before
/// and seen now is told where it was found, not where it came from.
pub fn summarise(before: &StateView, after: &StateView, you: &str, side_name: &dyn Fn(&str) -> String) -> Vec<Section> {
    let seen = |u: &UnitView| u.side == you || !u.markers.iter().any(|m| m == "hidden");
    let mut losses: BTreeMap<bool, Vec<String>> = BTreeMap::new();
    let mut now: BTreeMap<(bool, String), Vec<String>> = BTreeMap::new();
    // The moves by way taken (units that went the same way on one line), then the units found.
    let mut moves: Vec<((String, String), Vec<String>)> = Vec::new();
    let (mut moved, mut found) = (0, Vec::new());
    let mut sides: Vec<String> = Vec::new();
    for a in &after.units {
        let Some(b) = before.units.iter().find(|b| b.id == a.id) else { continue };
        // Still hidden: nothing of it is told. Hidden before and seen now: where it was is not told.
        if !seen(a) || gone(b) {
            continue;
        }
        let revealed = !seen(b);
        if !sides.contains(&a.side) {
            sides.push(a.side.clone());
        }
        let yours = a.side == you;
        if gone(a) {
            // A place is a hex, area or zone's name; a phrase ("with 24-c") is told as it is.
            let place = match () {
                _ if revealed => String::new(),
                _ if b.location.contains(' ') => format!(" ({})", b.location),
                _ => format!(" in {}", b.location),
            };
            losses.entry(yours).or_default().push(format!("{} eliminated{place}", a.name));
            continue;
        }
        if revealed {
            found.push(format!("{}: found in {}", a.name, a.location));
            continue;
        }
        match (b.steps, a.steps) {
            (Some(x), Some(y)) if y < x => {
                let s = if x - y == 1 { "" } else { "s" };
                losses.entry(yours).or_default().push(format!("{} lost {} step{s} ({y} left)", a.name, x - y));
            }
            _ if a.status != b.status => now.entry((yours, a.status.replace('_', " "))).or_default().push(a.name.clone()),
            _ => {}
        }
        if a.location != b.location {
            moved += 1;
            let way = (b.location.clone(), a.location.clone());
            match moves.iter_mut().find(|(w, _)| *w == way) {
                Some((_, names)) => names.push(a.name.clone()),
                None => moves.push((way, vec![a.name.clone()])),
            }
        }
    }
    let enemy = sides.iter().find(|s| *s != you).cloned().unwrap_or_default();
    let mut out = Vec::new();
    for (yours, title) in [(true, "Your units".to_string()), (false, format!("{} units", side_name(&enemy)))] {
        let mut lines = losses.remove(&yours).unwrap_or_default();
        for ((_, status), names) in now.iter().filter(|((y, _), _)| *y == yours) {
            lines.push(format!("now {status}: {}", list(names, 6)));
        }
        if !lines.is_empty() {
            out.push(Section { title, lines });
        }
    }
    let n = moved + found.len();
    let mut lines: Vec<String> =
        moves.into_iter().map(|((from, to), names)| format!("{}: {from} → {to}", list(&names, 6))).chain(found).collect();
    if !lines.is_empty() {
        let more = lines.len().saturating_sub(12);
        lines.truncate(12);
        if more > 0 {
            lines.push(format!("… and {more} more ways"));
        }
        out.push(Section { title: format!("Moves ({n})"), lines });
    }
    let mut score = Vec::new();
    for (side, vp) in &after.vp {
        let was = before.vp.get(side).copied().unwrap_or(0);
        if *vp != was {
            score.push(format!("{} VP: {was} → {vp}", side_name(side)));
        }
    }
    if !score.is_empty() {
        out.push(Section { title: "Score".into(), lines: score });
    }
    out
}

/// At most `n` names, then how many more.
fn list(names: &[String], n: usize) -> String {
    let mut s = names.iter().take(n).cloned().collect::<Vec<_>>().join(", ");
    if names.len() > n {
        s.push_str(&format!(" and {} more", names.len() - n));
    }
    s
}

/// The card of a finished computer turn.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnCard {
    pub title: String,
    /// When, and how many commands.
    pub subtitle: String,
    pub sections: Vec<Section>,
    /// The log lines of the turn the player may read.
    pub log: Vec<String>,
}

/// A run of the computer's commands under way: the view and the log when it began.
struct Stretch {
    before: StateView,
    log_from: usize,
    commands_from: usize,
}

/// The computer's turn as the window follows it.
#[derive(Resource, Default)]
pub struct ComputerTurn {
    generation: u64,
    stretch: Option<Stretch>,
    /// The commands of the history the tracker has seen.
    commands_seen: usize,
    model_revision: u64,
    /// Each piece's last known world position, and the path it took in the computer's turn.
    at: HashMap<String, Vec2>,
    paths: BTreeMap<String, (String, Vec<Vec2>)>,
    /// Where the computer's turn hit a unit, and whether it was eliminated there.
    hits: Vec<(Vec2, bool)>,
    pub card: Option<TurnCard>,
}

impl ComputerTurn {
    fn clear_marks(&mut self) {
        self.paths.clear();
        self.hits.clear();
    }
}

/// Follows the computer's turn: opens a stretch when the computer is to decide, records the moves
/// it makes on the board, closes with the card when a person is to decide again; the player's own
/// order clears the arrows and the card.
#[allow(clippy::too_many_arguments)]
fn follow<R: Evaluators>(
    look: SideLooks,
    shown: EventShown<R>,
    session: Option<Res<GameSession<R>>>,
    model: Res<BoardModel>,
    centres: PlaceCentres,
    settings: Res<Settings>,
    mut turn: ResMut<ComputerTurn>,
    mut cameras: Query<&mut MapCamera>,
) {
    let Some(session) = session else { return };
    let Some(you) = player_side(&session) else {
        *turn = ComputerTurn::default();
        return;
    };
    if turn.generation != session.generation {
        *turn = ComputerTurn { generation: session.generation, commands_seen: session.game.history().len(), ..default() };
    }
    // The player's own order clears the last turn's marks and card.
    let history = session.game.history().len();
    if history > turn.commands_seen {
        let by_you = session.deciders[turn.commands_seen.min(session.deciders.len())..].iter().any(|d| d.as_deref() == Some(you.as_str()));
        if by_you && turn.stretch.is_none() {
            turn.clear_marks();
            turn.card = None;
        }
        turn.commands_seen = history;
    }
    let computer = session.computer_to_move();
    if computer && turn.stretch.is_none() && !session.game.is_over() {
        turn.clear_marks();
        turn.card = None;
        turn.stretch = Some(Stretch { before: session.view.clone(), log_from: session.log.len(), commands_from: history });
        turn.model_revision = 0;
    }
    if turn.model_revision != model.revision {
        turn.model_revision = model.revision;
        track_pieces(&mut turn, &model, &centres, settings.follow_computer && !session.playback.skipping(), &mut cameras);
    }
    if !computer && let Some(stretch) = turn.stretch.take() {
        session.playback.skipped();
        let commands = history.saturating_sub(stretch.commands_from);
        let name = |id: &str| look(id, &settings).map(|l| l.name).unwrap_or_else(|| id.to_string());
        let sections = summarise(&stretch.before, &session.view, &you, &name);
        mark_hits(&mut turn, &stretch.before, &session.view, &you);
        let eliminated = turn.hits.iter().any(|(_, e)| *e);
        let scored = sections.iter().any(|s| s.title == "Score");
        if settings.turn_card && !session.game.is_over() && (commands >= 3 || eliminated || scored) {
            let enemy = session.seats.iter().find(|(_, s)| **s == Seat::Computer).map(|(id, _)| name(id)).unwrap_or_default();
            let turns = if stretch.before.turn == session.view.turn {
                format!("turn {}", session.view.turn)
            } else {
                format!("turns {}–{}", stretch.before.turn, session.view.turn)
            };
            let shown = shown(&session, &you);
            let log = typed_lines(&session.log, stretch.log_from, session.game.journal())
                .filter(|(_, ev)| ev.is_none_or(&shown))
                .filter_map(|(e, _)| match &e.line {
                    JournalLine::Event { text, .. } => Some(text.clone()),
                    _ => None,
                })
                .collect();
            turn.card =
                Some(TurnCard { title: format!("The {enemy} turn"), subtitle: format!("{turns}: {commands} orders"), sections, log });
        }
    }
}

/// Records where each piece on the board is now: a piece that moved during the computer's turn
/// extends its path (and the camera follows it when asked to).
fn track_pieces(turn: &mut ComputerTurn, model: &BoardModel, centres: &PlaceCentres, follow: bool, cameras: &mut Query<&mut MapCamera>) {
    let recording = turn.stretch.is_some();
    for piece in &model.pieces {
        let Some(pos) = piece.place.and_then(|p| centres.of(p)) else { continue };
        let last = turn.at.insert(piece.id.clone(), pos);
        if !recording {
            continue;
        }
        let Some(from) = last.filter(|l| l.distance(pos) > 1.0) else { continue };
        let (_, path) = turn.paths.entry(piece.id.clone()).or_insert_with(|| (piece.side.clone(), vec![from]));
        path.push(pos);
        if follow {
            for mut cam in cameras.iter_mut() {
                cam.reveal_point = Some(pos);
            }
        }
    }
}

/// The places where the computer's turn cost a visible unit steps or its life.
fn mark_hits(turn: &mut ComputerTurn, before: &StateView, after: &StateView, you: &str) {
    let seen = |u: &UnitView| u.side == you || !u.markers.iter().any(|m| m == "hidden");
    for a in after.units.iter().filter(|a| seen(a)) {
        let Some(b) = before.units.iter().find(|b| b.id == a.id && seen(b)) else { continue };
        let hit = gone(a) || matches!((b.steps, a.steps), (Some(x), Some(y)) if y < x);
        if hit
            && !gone(b)
            && let Some(pos) = turn.at.get(&a.id)
        {
            turn.hits.push((*pos, gone(a)));
        }
    }
}

/// The computer's moves as arrows in each side's colour, its hits as rings, until the player's next
/// order.
fn draw_marks(
    look: SideLooks,
    mut gizmos: Gizmos,
    turn: Res<ComputerTurn>,
    settings: Res<Settings>,
    frame: Option<Res<super::board::BoardFrame>>,
) {
    let Some(frame) = frame else { return };
    let size = frame.play.width().max(frame.play.height()) / 90.0;
    for (side, path) in turn.paths.values() {
        let c = look(side, &settings).map(|l| l.colour).unwrap_or(egui::Color32::WHITE);
        let colour = Color::srgba_u8(c.r(), c.g(), c.b(), 235);
        let n = path.len();
        if n < 2 {
            continue;
        }
        gizmos.linestrip_2d(path[..n - 1].iter().copied(), colour);
        gizmos.arrow_2d(path[n - 2], path[n - 1], colour).with_tip_length(size * 1.2);
        gizmos.circle_2d(Isometry2d::from_translation(path[0]), size * 0.35, colour);
    }
    let red = Color::srgba(0.95, 0.2, 0.15, 0.95);
    for (pos, eliminated) in &turn.hits {
        gizmos.circle_2d(Isometry2d::from_translation(*pos), size * 1.1, red);
        if *eliminated {
            let d = size * 0.8;
            gizmos.line_2d(*pos - Vec2::splat(d), *pos + Vec2::splat(d), red);
            gizmos.line_2d(*pos + Vec2::new(-d, d), *pos + Vec2::new(d, -d), red);
        }
    }
}

/// The card of what happened, under the top bar until dismissed or the player's next order, under
/// the decision's dialogs.
fn draw_card(mut contexts: EguiContexts, mut turn: ResMut<ComputerTurn>, viewport: Res<MapViewport>) -> Result {
    let Some(card) = turn.card.clone() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?.clone();
    let free = viewport.free.map(|r| egui::pos2(r.center().x, r.min.y + 12.0)).unwrap_or(egui::pos2(ctx.content_rect().center().x, 60.0));
    let mut open = true;
    let mut ok = false;
    // Under every other window: a decision's dialog (the losses to pay after the computer's
    // bombardment) is never hidden by the news of the turn.
    egui::Window::new(theme::title(&card.title, 17.0))
        .id(egui::Id::new("computer-turn-card"))
        .order(egui::Order::Background)
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(free)
        .resizable(false)
        .collapsible(true)
        .open(&mut open)
        .max_width(460.0)
        .show(&ctx, |ui| {
            egui::ScrollArea::vertical().max_height(ctx.content_rect().height() * 0.45).show(ui, |ui| {
                ui.label(egui::RichText::new(&card.subtitle).color(DIM));
                if card.sections.is_empty() {
                    ui.label(egui::RichText::new("No losses and no moves.").color(DIM));
                }
                for s in &card.sections {
                    ui.label(egui::RichText::new(&s.title).strong().color(theme::BRASS));
                    for l in &s.lines {
                        ui.label(egui::RichText::new(format!("• {l}")).color(PARCHMENT));
                    }
                    ui.add_space(4.0);
                }
                egui::CollapsingHeader::new(format!("The log of the turn ({} lines)", card.log.len())).id_salt("computer-turn-log").show(
                    ui,
                    |ui| {
                        for l in &card.log {
                            ui.label(egui::RichText::new(l).small().color(PARCHMENT));
                        }
                    },
                );
            });
            ui.add_space(4.0);
            ok = ui.button("OK").on_hover_text("the arrows stay on the map until your next order").clicked();
        });
    if !open || ok {
        turn.card = None;
    }
    Ok(())
}

/// Space pauses and resumes the computer, period makes it faster, End skips to your decision.
fn keys<R: Evaluators>(keys: Res<ButtonInput<KeyCode>>, session: Option<Res<GameSession<R>>>, viewport: Res<MapViewport>) {
    let Some(session) = session else { return };
    if viewport.keyboard_over_ui || !against_computer(&session) || !session.computer_to_move() {
        return;
    }
    let p = &session.playback;
    if keys.just_pressed(KeyCode::Space) {
        p.toggle_pause();
    }
    if keys.just_pressed(KeyCode::Period) {
        p.toggle_fast();
    }
    if keys.just_pressed(KeyCode::End) {
        p.skip();
    }
}

/// The systems of the computer's turn for a presenter whose game is `GameSession<R>`.
pub fn computer_turn_systems<R: Evaluators>(app: &mut App, screen: Playing, look: SideLooks, shown: EventShown<R>) {
    app.add_systems(
        Update,
        (
            keys::<R>,
            (move |s: Option<Res<GameSession<R>>>,
                   m: Res<BoardModel>,
                   c: PlaceCentres,
                   st: Res<Settings>,
                   t: ResMut<ComputerTurn>,
                   q: Query<&mut MapCamera>| follow::<R>(look, shown, s, m, c, st, t, q)),
            move |g: Gizmos, t: Res<ComputerTurn>, st: Res<Settings>, f: Option<Res<super::board::BoardFrame>>| {
                draw_marks(look, g, t, st, f)
            },
        )
            .chain()
            .after(super::Frame::Visuals)
            .run_if(in_state(screen)),
    )
    .add_systems(EguiPrimaryContextPass, draw_card.run_if(in_state(screen)).run_if(theme::theme_ready));
    super::threats::threat_systems::<R>(app, screen);
}

pub fn plugin(app: &mut App) {
    app.init_resource::<ComputerTurn>()
        .add_systems(OnExit(super::Screen::Game), |mut t: ResMut<ComputerTurn>| *t = ComputerTurn::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(id: &str, side: &str, location: &str, status: &str, steps: u32, markers: &[&str]) -> UnitView {
        UnitView {
            id: id.into(),
            name: id.to_uppercase(),
            side: side.into(),
            kind: "x".into(),
            location: location.into(),
            status: status.into(),
            medals: None,
            steps: Some(steps),
            markers: markers.iter().map(|m| m.to_string()).collect(),
        }
    }

    fn view(units: Vec<UnitView>, vp: &[(&str, i64)]) -> StateView {
        StateView {
            ruleset: "r".into(),
            scenario: "s".into(),
            turn: 2,
            phase: "p".into(),
            to_move: None,
            pending: None,
            units,
            tracks: BTreeMap::new(),
            vp: vp.iter().map(|(s, v)| (s.to_string(), *v)).collect(),
            map_markers: vec![],
            result: None,
            winner: None,
        }
    }

    /// The card names the losses of each side, the moves and the score, and never a hidden unit of
    /// the other side (7.24 of In the Trenches; the hand-over's rule for every ruleset).
    #[test]
    fn the_card_sums_up_losses_moves_and_score_without_hidden_units() {
        let before = view(
            vec![
                unit("a1", "allies", "K05", "free", 2, &[]),
                unit("a2", "allies", "K06", "free", 2, &[]),
                unit("g1", "germans", "L05", "free", 2, &[]),
                unit("g2", "germans", "M05", "free", 2, &["hidden"]),
                unit("g3", "germans", "N05", "free", 2, &["hidden"]),
                unit("g4", "germans", "reinforcement", "free", 2, &[]),
                unit("g5", "germans", "reinforcement", "free", 2, &[]),
                unit("c1", "allies", "with a1", "free", 1, &[]),
            ],
            &[("germans", 1)],
        );
        let after = view(
            vec![
                unit("a1", "allies", "K05", "spent", 1, &[]),
                unit("a2", "allies", "eliminated", "eliminated", 2, &[]),
                unit("g1", "germans", "K04", "engaged", 2, &[]),
                unit("g2", "germans", "M04", "free", 2, &["hidden"]),
                unit("g3", "germans", "N04", "engaged", 2, &[]),
                unit("g4", "germans", "32", "free", 2, &[]),
                unit("g5", "germans", "32", "free", 2, &[]),
                unit("c1", "allies", "eliminated", "eliminated", 1, &[]),
            ],
            &[("germans", 3)],
        );
        let name = |s: &str| if s == "germans" { "German".to_string() } else { "Allied".to_string() };
        let s = summarise(&before, &after, "allies", &name);
        let text = format!("{s:?}");
        assert_eq!(s[0].title, "Your units");
        assert!(s[0].lines.contains(&"A1 lost 1 step (1 left)".to_string()), "{text}");
        assert!(s[0].lines.contains(&"A2 eliminated in K06".to_string()), "{text}");
        assert_eq!(s[1].title, "German units");
        assert_eq!(s[1].lines, vec!["now engaged: G1".to_string()]);
        assert!(s[0].lines.contains(&"C1 eliminated (with a1)".to_string()), "a phrase is told as it is: {text}");
        // Units that went the same way share one line.
        assert_eq!(s[2].title, "Moves (4)");
        assert_eq!(s[2].lines, vec!["G1: L05 → K04".to_string(), "G4, G5: reinforcement → 32".to_string(), "G3: found in N04".to_string()]);
        assert_eq!(s[3].lines, vec!["German VP: 1 → 3".to_string()]);
        assert!(!text.contains("G2") && !text.contains("M04"), "a hidden German is never named: {text}");
        assert!(!text.contains("N05"), "where a found German came from is not told: {text}");
    }

    #[test]
    fn playback_skip_resumes_and_drops_the_pause() {
        let p = Playback::default();
        p.toggle_pause();
        assert!(p.paused());
        p.skip();
        assert!(!p.paused() && p.skipping());
        assert_eq!(p.pace(Duration::from_millis(450)), Duration::ZERO);
        p.skipped();
        assert_eq!(p.pace(Duration::from_millis(450)), Duration::from_millis(450));
        p.toggle_fast();
        assert_eq!(p.pace(Duration::from_millis(450)), Duration::ZERO);
    }
}
