//! Pieces both board windows share: the typed events behind the log's lines (animations and the log
//! read the rules' own `EventKind`, never the log's JSON) and odds in words.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::engine::Journal;

use super::art::Rgba;
use super::session::LogEntry;

/// The log's lines from `from` on, each event line with its typed event: the journal holds the
/// events in the log's order (rolls have none).
pub fn typed_lines<'a, E: Clone>(
    log: &'a [LogEntry],
    from: usize,
    journal: &'a Journal<E>,
) -> impl Iterator<Item = (&'a LogEntry, Option<&'a E>)> {
    let from = from.min(log.len());
    let mut events = journal.events().skip(log[..from].iter().filter(|l| !l.is_roll()).count());
    log[from..].iter().map(move |l| (l, if l.is_roll() { None } else { events.next() }))
}

/// The typed events of the log's lines from `from` on (those of the last change, from `new_from`).
pub fn events_from<'a, E: Clone>(log: &'a [LogEntry], from: usize, journal: &'a Journal<E>) -> impl Iterator<Item = &'a E> {
    typed_lines(log, from, journal).filter_map(|(_, e)| e)
}

/// A probability as a whole percentage (the hex map's odds).
pub fn pct(p: f32) -> String {
    format!("{:.0}%", p * 100.0)
}

/// A probability as a percentage that never rounds a possibility away: "<1%" and ">99%" at the ends
/// (the area board's odds).
pub fn odds(p: f64) -> String {
    if p > 0.0 && p < 0.005 {
        "<1%".into()
    } else if p < 1.0 && p > 0.995 {
        ">99%".into()
    } else {
        format!("{:.0}%", p * 100.0)
    }
}

/// The face of a six-sided die showing `v` (a die for any other value).
pub fn die_face(v: u32) -> &'static str {
    match v {
        1 => "⚀",
        2 => "⚁",
        3 => "⚂",
        4 => "⚃",
        5 => "⚄",
        6 => "⚅",
        _ => "🎲",
    }
}

/// An 8-bit RGBA colour of the art as a Bevy colour.
pub fn colour(c: Rgba) -> Color {
    Color::srgba_u8(c[0], c[1], c[2], c[3])
}

/// A text rising over the map is read for the first 60 % of its life (animations wait for it), then
/// fades out: its opacity at `age`.
pub fn rising_alpha(age: f32, life: f32) -> f32 {
    (1.0 - (age - life * 0.6) / (life * 0.4)).clamp(0.0, 1.0)
}

/// Whether a rising text is still being read (see [`rising_alpha`]).
pub fn rising_read(age: f32, life: f32) -> bool {
    age < life * 0.6
}

/// The panels' root: the whole window on egui's background layer; the side panels take their room
/// from it and what they leave is the map's.
pub fn panels_root(ctx: &egui::Context, id: &'static str) -> egui::Ui {
    egui::Ui::new(ctx.clone(), id.into(), egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()))
}

/// One box of a turn track: its turn, what it shows (the number, or a symbol), and what hovering it
/// tells.
pub struct TurnBox {
    pub turn: u32,
    pub label: String,
    pub hover: Option<String>,
}

/// A turn track: each turn a box, the current one in brass, past turns dark; the boxes shrink to fit
/// the panel's width on one line.
pub fn turn_track(ui: &mut egui::Ui, current: u32, boxes: &[TurnBox]) {
    let gap = 3.0;
    let n = boxes.len().max(1) as f32;
    let w = ((ui.available_width() - gap * n) / n).floor().clamp(14.0, 26.0);
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing = egui::vec2(gap, gap);
        for b in boxes {
            let now = b.turn == current;
            let (rect, resp) = ui.allocate_exact_size(egui::vec2(w, 22.0), egui::Sense::hover());
            let fill = if now {
                super::theme::BRASS
            } else if b.turn < current {
                egui::Color32::from_rgb(60, 56, 48)
            } else {
                egui::Color32::from_rgb(88, 82, 70)
            };
            ui.painter().rect_filled(rect, 3.0, fill);
            let ink = if now { egui::Color32::BLACK } else { super::theme::PARCHMENT };
            ui.painter().text(rect.center(), egui::Align2::CENTER_CENTER, &b.label, egui::FontId::new(12.0, super::theme::bold()), ink);
            if let Some(h) = &b.hover {
                resp.on_hover_text(h);
            }
        }
    });
}

/// The width a tooltip over the map takes at most, in points.
pub const MAP_TIP_WIDTH: f32 = 340.0;

/// A tooltip's area over the map: beside the pointer on the side where the map leaves it room, so it
/// stays over the map (not over the unit card or the log) and does not wrap against the window's
/// edge; `map` is the part of the window the panels leave to the map, in points.
pub fn map_tip_area(id: &'static str, pointer: egui::Pos2, map: egui::Rect) -> egui::Area {
    let right = pointer.x + 18.0 + MAP_TIP_WIDTH <= map.right() || pointer.x - 18.0 - MAP_TIP_WIDTH < map.left();
    let below = pointer.y <= map.center().y;
    let pivot = match (right, below) {
        (true, true) => egui::Align2::LEFT_TOP,
        (false, true) => egui::Align2::RIGHT_TOP,
        (true, false) => egui::Align2::LEFT_BOTTOM,
        (false, false) => egui::Align2::RIGHT_BOTTOM,
    };
    let offset = egui::vec2(if right { 18.0 } else { -18.0 }, if below { 18.0 } else { -18.0 });
    egui::Area::new(id.into()).order(egui::Order::Tooltip).interactable(false).pivot(pivot).fixed_pos(pointer + offset)
}

/// The map's part of the window in points, from the pixels a board view keeps (`free`); the whole
/// window when unknown.
pub fn map_rect_points(ctx: &egui::Context, free: Option<Rect>) -> egui::Rect {
    let zoom = ctx.zoom_factor();
    free.map(|f| egui::Rect::from_min_max(egui::pos2(f.min.x / zoom, f.min.y / zoom), egui::pos2(f.max.x / zoom, f.max.y / zoom)))
        .unwrap_or_else(|| ctx.viewport_rect())
}

/// A tooltip of plain lines over the map ([`map_tip_area`]); `free` is the map's part of the window
/// in pixels, as a board view keeps it.
pub fn map_tip_lines(ctx: &egui::Context, id: &'static str, pointer: egui::Pos2, free: Option<Rect>, lines: &[String]) {
    map_tip_area(id, pointer, map_rect_points(ctx, free)).show(ctx, |ui| {
        egui::Frame::popup(ui.style()).show(ui, |ui| {
            ui.set_max_width(MAP_TIP_WIDTH);
            for l in lines {
                ui.label(l);
            }
        });
    });
}
