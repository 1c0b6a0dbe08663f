//! Dice you can see (issue 20), on every board and for every ruleset: each throw of the dice a
//! command makes is shown on a card beside the place it was about — the dice as dice, what they were
//! thrown for with its rule, and the outcome the rules drew from them (the log line that follows them:
//! the number needed, the modifiers, the result) — for a few seconds, or until a click on it. The card
//! stands by the hex, area or stand of the first throw that names one, clear of it and inside the
//! map's part of the window, and follows the camera; with no place known, at the foot of the map.
//! The throws come from the log alone; where each happened, from the presenter's reading of its
//! outcome event ([`throw_spots`]; a presenter that gives none has every card at the map's foot),
//! resolved through the board model, so a hidden unit's place is never used. An outcome the player
//! may not read (`EventShown`: a hidden unit's doing) drops its throw from the card. A setting turns
//! it off.

use std::collections::HashMap;
use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::Evaluators;
use crate::engine::Ruleset;
use crate::engine::journal::JournalLine;

use super::Playing;
use super::board::{BoardModel, Place, PlaceCentres, Spot};
use super::camera::{MapCamera, MapViewport};
use super::computer_turn::player_side;
use super::screens::EventShown;
use super::session::{Change, GameSession};
use super::settings::Settings;
use super::sound::{PlaySounds, Sound, SoundCues};
use super::theme::{self, DIM, PARCHMENT};
use super::widgets::typed_lines;

/// How long a card stays (the window, asleep when nothing moves, may keep it up to three seconds
/// longer: `idle`).
const SHOWN_FOR: Duration = Duration::from_secs(5);
/// The most throws on one card: the latest of the command's.
const MOST: usize = 4;

/// Dice of one purpose: "casualties dice roll on I06" and its faces (sides, value).
#[derive(Clone, Debug, PartialEq)]
pub struct Dice {
    pub purpose: String,
    pub faces: Vec<(u32, u32)>,
}

/// One throw: the dice of one rule rolled together, the log line the rules drew from them, and
/// where it happened.
#[derive(Clone, Debug, PartialEq)]
pub struct Throw {
    pub rule: String,
    pub dice: Vec<Dice>,
    pub outcome: Option<String>,
    /// Where its outcome happened, or else where the event before its dice was (a fire declared on
    /// a hex), as the presenter reads them.
    pub spot: Option<Spot>,
}

/// Where an event happened (the unit a throw struck or tested, the hex or area it landed on), as a
/// presenter reads its events; `None` when it is about no place (an initiative roll).
pub type EventSpot<R> = fn(&GameSession<R>, &<R as Ruleset>::Event) -> Option<Spot>;

/// A presenter's [`EventSpot`], put in the world by [`throw_spots`].
#[derive(Resource)]
struct ThrowSpots<R: Ruleset>(EventSpot<R>);

/// Tells the dice tray where the throws of a presenter's game happen, so that its card stands there
/// (without it, at the foot of the map).
pub fn throw_spots<R: Evaluators>(app: &mut App, spot: EventSpot<R>) {
    app.insert_resource(ThrowSpots::<R>(spot));
}

/// A roll's purpose without its last bracket: the dice of "… (first die)" and "… (second die)" are
/// one throw.
fn stem(purpose: &str) -> &str {
    match purpose.rfind(" (") {
        Some(i) if purpose.ends_with(')') => &purpose[..i],
        _ => purpose,
    }
}

/// The throws in log lines, each line with whether the player may read it and where it happened:
/// consecutive rolls of one rule are one throw, and the first event after them its outcome (and its
/// place, else the place of the event before the dice); a throw whose outcome the player may not read
/// is left out, and an event the player may not read gives no place.
pub fn throws<'a>(lines: impl IntoIterator<Item = (&'a JournalLine, bool, Option<Spot>)>) -> Vec<Throw> {
    let mut out: Vec<Throw> = Vec::new();
    let mut open = false;
    // The place of the last event that was no throw's outcome (a fire declared on a hex).
    let mut before: Option<Spot> = None;
    for (line, readable, spot) in lines {
        match line {
            JournalLine::Roll { sides, value, purpose, rule, .. } => {
                if !open || out.last().is_none_or(|t| t.rule != *rule) {
                    out.push(Throw { rule: rule.clone(), dice: Vec::new(), outcome: None, spot: before.clone() });
                }
                let t = out.last_mut().expect("pushed");
                let purpose = stem(purpose);
                match t.dice.last_mut() {
                    Some(d) if d.purpose == purpose => d.faces.push((*sides, *value)),
                    _ => t.dice.push(Dice { purpose: purpose.to_string(), faces: vec![(*sides, *value)] }),
                }
                open = true;
            }
            JournalLine::Event { text, .. } => {
                if open {
                    if readable {
                        let t = out.last_mut().expect("open");
                        t.outcome = Some(text.clone());
                        if spot.is_some() {
                            t.spot = spot;
                        }
                    } else {
                        out.pop();
                    }
                    before = None;
                } else {
                    before = spot.filter(|_| readable);
                }
                open = false;
            }
        }
    }
    out
}

/// The card up now, and the last change looked at.
#[derive(Resource, Default)]
pub struct DiceTray {
    revision: u64,
    throws: Vec<Throw>,
    /// Throws of the command left off the card (shown in the log).
    more: usize,
    until: Duration,
    /// Where the card stands: by the place of its first throw that names one.
    place: Option<Place>,
    /// Where each piece of the board model last stood (a unit eliminated by a throw has left the
    /// map when the card goes up), and the model's revision looked at.
    seen: HashMap<String, Place>,
    seen_revision: u64,
}

/// Notes where each piece of the board model stands, keeping the last place of those that left the
/// map.
fn track(model: Res<BoardModel>, mut tray: ResMut<DiceTray>) {
    if tray.seen_revision == model.revision {
        return;
    }
    tray.seen_revision = model.revision;
    for p in &model.pieces {
        if let Some(place) = p.place {
            tray.seen.insert(p.id.clone(), place);
        }
    }
}

/// The place a spot names: the place itself, or where the unit's piece stands in the model (or
/// last stood, if it has left the map). A unit the model does not hold (hidden from the player)
/// has no place.
fn place_of(spot: &Spot, model: &BoardModel, seen: &HashMap<String, Place>) -> Option<Place> {
    match spot {
        Spot::Place(p) => Some(*p),
        Spot::Piece(unit) => model.piece_of(unit).and_then(|p| p.place.or_else(|| seen.get(&p.id).copied())),
    }
}

/// Puts the throws of the last command on the card (not when the computer's turn is skipped), by
/// the place of the first that names one; a command without dice leaves the card as it is, an undo
/// or a load clears it.
#[allow(clippy::too_many_arguments)]
fn watch<R: Evaluators>(
    shown: EventShown<R>,
    session: Option<Res<GameSession<R>>>,
    spots: Option<Res<ThrowSpots<R>>>,
    model: Res<BoardModel>,
    settings: Res<Settings>,
    time: Res<Time<Real>>,
    mut tray: ResMut<DiceTray>,
    mut sounds: ResMut<SoundCues>,
) {
    let Some(session) = session else { return };
    if tray.revision == session.revision {
        if time.elapsed() > tray.until {
            tray.throws.clear();
        }
        return;
    }
    tray.revision = session.revision;
    if session.last_change == Change::Reset {
        // Another game, or the same one taken back: where pieces stood is read again.
        tray.seen.clear();
        tray.seen_revision = u64::MAX;
    }
    if session.last_change != Change::Played || session.playback.skipping() {
        tray.throws.clear();
        return;
    }
    // The player against the computer reads as their side; at a hot-seat screen, as the side seated.
    let reader = player_side(&session).or_else(|| session.side_to_move());
    let readable = reader.as_ref().map(|side| shown(&session, side));
    let spot = spots.map(|s| s.0);
    let lines = typed_lines(&session.log, session.new_from, session.game.journal()).map(|(e, ev)| {
        let read = ev.is_none_or(|ev| readable.as_ref().is_none_or(|f| f(ev)));
        (&e.line, read, ev.zip(spot).and_then(|(ev, spot)| spot(&session, ev)))
    });
    let mut all = throws(lines);
    if !all.is_empty() {
        sounds.push(Sound::Dice);
    }
    if !settings.dice_tray {
        tray.throws.clear();
        return;
    }
    if all.is_empty() {
        // A command without dice leaves the last throw up for its time.
        return;
    }
    let more = all.len().saturating_sub(MOST);
    tray.throws = all.split_off(more);
    tray.more = more;
    tray.until = time.elapsed() + SHOWN_FOR;
    let tray = &mut *tray;
    tray.place = tray.throws.iter().filter_map(|t| t.spot.as_ref()).find_map(|s| place_of(s, &model, &tray.seen));
}

/// Where the card of `size` stands beside a `target` (what the place covers on screen) inside the
/// `view` (the map's part of the window): right of it, else left of it, below it (the results
/// floating up from it stay in sight) or above it — the first that, moved inside the view, leaves the
/// target clear; else the one that covers least of it.
pub fn card_rect(target: egui::Rect, size: egui::Vec2, view: egui::Rect) -> egui::Rect {
    const GAP: f32 = 8.0;
    let inner = view.shrink(GAP);
    let c = target.center();
    let beside = [
        egui::pos2(target.max.x + GAP, c.y - size.y / 2.0),
        egui::pos2(target.min.x - GAP - size.x, c.y - size.y / 2.0),
        egui::pos2(c.x - size.x / 2.0, target.max.y + GAP),
        egui::pos2(c.x - size.x / 2.0, target.min.y - GAP - size.y),
    ];
    let inside = |p: egui::Pos2| {
        let x = p.x.min(inner.max.x - size.x).max(inner.min.x);
        let y = p.y.min(inner.max.y - size.y).max(inner.min.y);
        egui::Rect::from_min_size(egui::pos2(x, y), size)
    };
    let covered = |r: egui::Rect| {
        let o = r.intersect(target);
        o.width().max(0.0) * o.height().max(0.0)
    };
    let mut best = inside(beside[0]);
    for r in beside.map(inside) {
        if covered(r) == 0.0 {
            return r;
        }
        if covered(r) < covered(best) {
            best = r;
        }
    }
    best
}

/// A die drawn as a die: a d6 with its pips, any other with its number.
fn die(ui: &mut egui::Ui, sides: u32, value: u32) {
    let size = 26.0;
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let p = ui.painter();
    p.rect_filled(rect, 5.0, egui::Color32::from_rgb(240, 234, 218));
    p.rect_stroke(rect, 5.0, egui::Stroke::new(1.0, egui::Color32::from_rgb(90, 80, 60)), egui::StrokeKind::Inside);
    let ink = egui::Color32::from_rgb(30, 26, 20);
    if sides == 6 && (1..=6).contains(&value) {
        let (c, d) = (rect.center(), size * 0.27);
        let at = |x: f32, y: f32| c + egui::vec2(x * d, y * d);
        let pips: &[(f32, f32)] = match value {
            1 => &[(0.0, 0.0)],
            2 => &[(-1.0, -1.0), (1.0, 1.0)],
            3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
            4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
            5 => &[(-1.0, -1.0), (1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
            _ => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 0.0), (1.0, 0.0), (-1.0, 1.0), (1.0, 1.0)],
        };
        for &(x, y) in pips {
            p.circle_filled(at(x, y), 2.6, ink);
        }
    } else {
        p.text(rect.center(), egui::Align2::CENTER_CENTER, value.to_string(), egui::FontId::proportional(15.0), ink);
    }
}

/// The card, beside the place of its throws (following the camera), else at the foot of the map;
/// a click on it puts it away.
fn draw(
    mut contexts: EguiContexts,
    mut tray: ResMut<DiceTray>,
    viewport: Res<MapViewport>,
    centres: PlaceCentres,
    cameras: Query<(&Camera, &GlobalTransform), With<MapCamera>>,
) -> Result {
    if tray.throws.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    // The viewport is in window pixels, egui in points.
    let zoom = ctx.zoom_factor();
    let points = |v: Vec2| egui::pos2(v.x / zoom, v.y / zoom);
    let view = viewport.free.map(|r| egui::Rect::from_min_max(points(r.min), points(r.max))).unwrap_or(ctx.content_rect());
    // What the place covers on screen: its footprint's corners through the map camera.
    let target = tray.place.and_then(|place| {
        let world = centres.footprint(place)?;
        let (camera, at) = cameras.single().ok()?;
        let a = camera.world_to_viewport(at, world.min.extend(0.0)).ok()?;
        let b = camera.world_to_viewport(at, world.max.extend(0.0)).ok()?;
        Some(egui::Rect::from_two_pos(points(a), points(b)))
    });
    let id = egui::Id::new("dice-tray");
    // The card's size as last laid out (a guess the first time: egui lays a new area out unseen).
    let laid_out = ctx.memory(|m| m.area_rect(id)).map(|r| r.size());
    let area = egui::Area::new(id).order(egui::Order::Foreground).sense(egui::Sense::click());
    let area = match target {
        Some(target) => {
            let at = card_rect(target, laid_out.unwrap_or(egui::vec2(340.0, 110.0)), view);
            area.pivot(egui::Align2::LEFT_TOP).fixed_pos(at.min)
        }
        None => area.pivot(egui::Align2::CENTER_BOTTOM).fixed_pos(egui::pos2(view.center().x, view.max.y - 14.0)),
    };
    let shown = area.show(&ctx, |ui| {
        egui::Frame::popup(ui.style()).inner_margin(10.0).show(ui, |ui| {
            ui.set_max_width(520.0);
            if tray.more > 0 {
                ui.label(egui::RichText::new(format!("{} earlier throws in the log", tray.more)).small().color(DIM));
            }
            for (i, t) in tray.throws.iter().enumerate() {
                if i > 0 {
                    ui.separator();
                }
                for d in &t.dice {
                    ui.horizontal(|ui| {
                        for &(sides, value) in &d.faces {
                            die(ui, sides, value);
                        }
                        // No sum: a pool of d10s hits die by die; the outcome line gives any total.
                        ui.label(egui::RichText::new(&d.purpose).color(PARCHMENT));
                        ui.label(egui::RichText::new(format!("§{}", t.rule)).small().color(theme::BRASS));
                    });
                }
                if let Some(o) = &t.outcome {
                    ui.label(egui::RichText::new(o).strong().color(PARCHMENT));
                }
            }
        });
    });
    if shown.response.clicked() {
        tray.throws.clear();
    }
    // New throws laid out at another size: place the card again for it in the next frame.
    if target.is_some() && laid_out != Some(shown.response.rect.size()) {
        ctx.request_repaint();
    }
    Ok(())
}

/// The systems of the dice tray for a presenter whose game is `GameSession<R>`; `shown` is the
/// presenter's rule of what a side may read.
pub fn dice_tray_systems<R: Evaluators>(app: &mut App, screen: Playing, shown: EventShown<R>) {
    app.add_systems(
        Update,
        (
            track,
            move |s: Option<Res<GameSession<R>>>,
                  at: Option<Res<ThrowSpots<R>>>,
                  m: Res<BoardModel>,
                  st: Res<Settings>,
                  t: Res<Time<Real>>,
                  tray: ResMut<DiceTray>,
                  cues: ResMut<SoundCues>| watch::<R>(shown, s, at, m, st, t, tray, cues),
        )
            .chain()
            .before(PlaySounds)
            .run_if(in_state(screen)),
    )
    .add_systems(EguiPrimaryContextPass, draw.run_if(in_state(screen)).run_if(theme::theme_ready));
}

pub fn plugin(app: &mut App) {
    app.init_resource::<DiceTray>().add_systems(OnExit(super::Screen::Game), |mut t: ResMut<DiceTray>| *t = DiceTray::default());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roll(value: u32, purpose: &str, rule: &str) -> JournalLine {
        JournalLine::Roll { index: 0, sides: 6, value, purpose: purpose.into(), rule: rule.into(), forced: false }
    }
    fn event(text: &str, rule: &str) -> JournalLine {
        JournalLine::Event { rule: rule.into(), text: text.into(), data: serde_json::Value::Null }
    }

    /// The trenches log of a fire and of an initiative round: each throw keeps its dice by purpose and
    /// takes the line after it as its outcome; an outcome the player may not read drops its throw.
    #[test]
    fn throws_group_dice_by_rule_and_purpose_with_their_outcome() {
        let lines = [
            event("us-75-2 (MAR F) fire at I06.", "7.61"),
            roll(5, "casualties dice roll on I06 (first die)", "7.61"),
            roll(6, "casualties dice roll on I06 (second die)", "7.61"),
            event("Casualties dice roll 11 +0 = 11 against de-rfl-2 (RFL A) (resolve 7): spent and a step lost.", "7.61"),
            event("de-rfl-2 (RFL A) loses a step.", "7.61"),
            roll(5, "Allied initiative (first die)", "3.11"),
            roll(5, "Allied initiative (second die)", "3.11"),
            roll(2, "Central Powers initiative (first die)", "3.11"),
            roll(4, "Central Powers initiative (second die)", "3.11"),
            event("Round 2: Allied 10, Central Powers 6: the Allied Powers issue 4 orders first.", "3.11"),
            roll(3, "a hidden unit's fire (first die)", "7.61"),
            event("secret", "7.61"),
        ];
        let readable = |i: usize| i != 11;
        let t = throws(lines.iter().enumerate().map(|(i, l)| (l, readable(i), None)));
        assert_eq!(t.len(), 2, "{t:?}");
        assert_eq!(t[0].dice, vec![Dice { purpose: "casualties dice roll on I06".into(), faces: vec![(6, 5), (6, 6)] }]);
        assert!(t[0].outcome.as_deref().is_some_and(|o| o.starts_with("Casualties dice roll 11 +0 = 11")));
        assert_eq!(t[1].rule, "3.11");
        assert_eq!(t[1].dice.iter().map(|d| d.purpose.as_str()).collect::<Vec<_>>(), ["Allied initiative", "Central Powers initiative"]);
        assert!(t[1].outcome.as_deref().is_some_and(|o| o.starts_with("Round 2")));
    }

    /// A throw stands where its outcome happened, else where the event before its dice was (a fire
    /// declared on a hex); an outcome that names no place, or an event the player may not read, gives
    /// none.
    #[test]
    fn a_throw_takes_the_place_of_its_outcome_or_of_the_event_before_it() {
        let hex = Spot::Place(Place::Cell(hexx::Hex::new(3, 4)));
        let unit = Spot::Piece("de-rfl-2".into());
        let lines = [
            (event("fire at I06.", "7.61"), true, Some(hex.clone())),
            (roll(5, "casualties dice roll on I06 (first die)", "7.61"), true, None),
            (event("Casualties dice roll 5 against de-rfl-2: spent.", "7.61"), true, Some(unit.clone())),
            (event("fire at J07.", "7.61"), true, Some(hex.clone())),
            (roll(2, "casualties dice roll on J07 (first die)", "7.61"), true, None),
            (event("Casualties dice roll 2: no effect.", "7.61"), true, None),
            (event("a hidden unit moves to K08.", "6.1"), false, Some(hex.clone())),
            (roll(4, "Allied initiative (first die)", "3.11"), true, None),
            (event("Round 2.", "3.11"), true, None),
        ];
        let t = throws(lines.iter().map(|(l, r, s)| (l, *r, s.clone())));
        assert_eq!(t.iter().map(|t| t.spot.clone()).collect::<Vec<_>>(), [Some(unit), Some(hex), None]);
    }

    fn rect(x: f32, y: f32, w: f32, h: f32) -> egui::Rect {
        egui::Rect::from_min_size(egui::pos2(x, y), egui::vec2(w, h))
    }

    /// The card stands beside its target, never over it and always inside the map's part of the
    /// window: to its right, on its left near the right edge, above or below where the sides lack
    /// room; a target off screen has the card at the nearest edge.
    #[test]
    fn the_card_stands_beside_its_target_inside_the_view() {
        let view = rect(200.0, 40.0, 1000.0, 800.0);
        let size = egui::vec2(300.0, 150.0);
        let covers = |card: egui::Rect, target: egui::Rect| {
            let o = card.intersect(target);
            o.width() > 0.0 && o.height() > 0.0
        };
        // Every target in the view, at every place: inside, and clear of the target.
        for i in 0..=20 {
            for j in 0..=16 {
                let target = rect(200.0 + 47.0 * i as f32, 40.0 + 47.0 * j as f32, 60.0, 60.0);
                let card = card_rect(target, size, view);
                assert!(view.contains_rect(card), "{card:?} outside {view:?} for {target:?}");
                assert!(!covers(card, target), "{card:?} covers {target:?}");
                assert_eq!(card.size(), size);
            }
        }
        // Right of it where there is room, vertically centred on it.
        let target = rect(500.0, 400.0, 60.0, 60.0);
        let card = card_rect(target, size, view);
        assert!(card.min.x >= target.max.x && card.center().y == target.center().y, "{card:?}");
        // Near the right edge: on its left.
        let target = rect(1100.0, 400.0, 60.0, 60.0);
        assert!(card_rect(target, size, view).max.x <= target.min.x);
        // A view as narrow as the card: below the target, or above it near the foot of the view.
        let narrow = rect(200.0, 40.0, 320.0, 800.0);
        let target = rect(330.0, 400.0, 60.0, 60.0);
        let card = card_rect(target, size, narrow);
        assert!(narrow.contains_rect(card) && !covers(card, target) && card.min.y >= target.max.y, "{card:?}");
        let target = rect(330.0, 700.0, 60.0, 60.0);
        let card = card_rect(target, size, narrow);
        assert!(narrow.contains_rect(card) && !covers(card, target) && card.max.y <= target.min.y, "{card:?}");
        // A target off the view, left of it: the card at the view's left edge, inside it.
        let card = card_rect(rect(-400.0, 300.0, 60.0, 60.0), size, view);
        assert!(view.contains_rect(card) && card.min.x - view.min.x < 10.0, "{card:?}");
    }
}
