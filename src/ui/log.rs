//! The log panel every board shows: each event with its rule link and each die roll with its face,
//! by turn; the lines the last change added in full colour, the events the presenter picks in bold;
//! dice hidden on request; and the whole log in its own window.

use bevy_egui::egui;

use crate::engine::Ruleset;
use crate::engine::journal::JournalLine;

use super::rules_text::rule_link;
use super::session::{GameSession, LogEntry};
use super::theme::{self, BRASS, DIM, PARCHMENT};
use super::widgets::{die_face, typed_lines};

/// How many of the last lines the panel lays out (the whole log has its own window).
const SHOWN: usize = 200;

/// What the player chose to see of the log.
#[derive(Clone, Debug, Default)]
pub struct LogView {
    pub hide_rolls: bool,
    /// The whole log's window is open.
    pub full: bool,
}

/// The log's heading: its title, "hide dice" and "whole log…".
pub fn log_heading(ui: &mut egui::Ui, view: &mut LogView) {
    ui.horizontal(|ui| {
        ui.label(theme::title("Log", 17.0));
        ui.checkbox(&mut view.hide_rolls, egui::RichText::new("hide dice").small());
        if ui.small_button("whole log…").clicked() {
            view.full = true;
        }
    });
}

/// A die roll in words, with its face.
fn roll_text(line: &JournalLine) -> String {
    match line {
        JournalLine::Roll { value, purpose, sides: 6, .. } => format!("{} {value}  {purpose}", die_face(*value)),
        JournalLine::Roll { value, purpose, sides, .. } => format!("[{value}/{sides}]  {purpose}"),
        other => other.text(),
    }
}

/// The last lines of the log, by turn, scrolled to the end; `strong` picks the events in bold.
pub fn log_panel<R: Ruleset>(
    ui: &mut egui::Ui,
    session: &GameSession<R>,
    view: &LogView,
    open_rule: &mut Option<String>,
    strong: impl Fn(&R::Event) -> bool,
) {
    log_panel_where(ui, session, view, open_rule, strong, |_| true);
}

/// The log panel with only the events `shown` lets through: a presenter whose events name what the
/// player may not see (a hidden unit's placement or move) leaves them out.
pub fn log_panel_where<R: Ruleset>(
    ui: &mut egui::Ui,
    session: &GameSession<R>,
    view: &LogView,
    open_rule: &mut Option<String>,
    strong: impl Fn(&R::Event) -> bool,
    shown: impl Fn(&R::Event) -> bool,
) {
    egui::ScrollArea::vertical().id_salt("log").stick_to_bottom(true).auto_shrink([false, false]).show(ui, |ui| {
        let mut turn = 0;
        let start = session.log.len().saturating_sub(SHOWN);
        for (i, (e, event)) in typed_lines(&session.log, start, session.game.journal()).enumerate() {
            if (e.is_roll() && view.hide_rolls) || event.is_some_and(|ev| !shown(ev)) {
                continue;
            }
            if e.turn != turn {
                turn = e.turn;
                ui.add_space(3.0);
                ui.label(theme::title(format!("Turn {turn}"), 15.0));
            }
            let new = start + i >= session.new_from;
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing.x = 4.0;
                if e.is_roll() {
                    ui.label(egui::RichText::new(roll_text(&e.line)).small().color(if new { BRASS } else { DIM }));
                } else {
                    let t = egui::RichText::new(e.line.text()).color(if new { PARCHMENT } else { egui::Color32::from_rgb(205, 198, 180) });
                    ui.label(if event.is_some_and(&strong) { t.strong() } else { t });
                }
                rule_link(ui, e.line.rule(), open_rule);
            });
        }
    });
}

/// The whole log in a window of its own, while `view.full`.
pub fn full_log_window(ctx: &egui::Context, log: &[LogEntry], view: &mut LogView, open_rule: &mut Option<String>) {
    if !view.full {
        return;
    }
    let lines: Vec<&LogEntry> = log.iter().filter(|e| !(view.hide_rolls && e.is_roll())).collect();
    egui::Window::new(theme::title("Log", 20.0)).id("full-log".into()).open(&mut view.full).default_size(egui::vec2(720.0, 560.0)).show(
        ctx,
        |ui| {
            let row = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
            egui::ScrollArea::vertical().auto_shrink([false, false]).stick_to_bottom(true).show_rows(ui, row, lines.len(), |ui, range| {
                for e in &lines[range] {
                    let text = roll_text(&e.line);
                    ui.horizontal(|ui| {
                        ui.label(egui::RichText::new(format!("T{}", e.turn)).small().color(DIM));
                        ui.add(egui::Label::new(egui::RichText::new(&text).color(PARCHMENT)).truncate()); // egui shows the whole line on hover
                        rule_link(ui, e.line.rule(), open_rule);
                    });
                }
            });
        },
    );
}
