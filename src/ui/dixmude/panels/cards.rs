//! The pieces the panels are made of: a unit drawn as its counter (the coloured band of its
//! nationality, its values, its state, its card as a tooltip), a strategy counter with its two
//! sides, the odds of an order in words, and a button for an order with its cost and odds beneath.

use bevy_egui::egui;

use crate::rulesets::dixmude::state::Pos;
use crate::rulesets::dixmude::strategy::Strategy;
use crate::rulesets::dixmude::units::{Kind, Level, Nation, Side};
use crate::rulesets::dixmude::{Command, preview};
use crate::ui::rules_text::{rule_ids_in, rule_link};
use crate::ui::theme::{self, DIM, PARCHMENT, RED};
use crate::ui::widgets::odds;

use super::super::words::{cost, describe};
use super::Action;

/// Clickable links to the rule numbers written in a text (a refusal, a reason).
pub(super) fn rule_links_in(ui: &mut egui::Ui, text: &str, open: &mut Option<String>) {
    for id in rule_ids_in(text) {
        rule_link(ui, &id, open);
    }
}

pub fn side_egui(side: Side) -> egui::Color32 {
    match side {
        Side::FrancoBelgian => egui::Color32::from_rgb(108, 143, 189),
        Side::German => egui::Color32::from_rgb(128, 140, 128),
    }
}

/// The coloured band of a counter (1.3): blue French, red Belgian, green German.
fn band(n: Nation) -> egui::Color32 {
    match n {
        Nation::French => egui::Color32::from_rgb(40, 80, 170),
        Nation::Belgian => egui::Color32::from_rgb(180, 40, 30),
        Nation::German => egui::Color32::from_rgb(50, 120, 60),
    }
}

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Battalion => "BN",
        Kind::Company => "CIE",
        Kind::FieldArtillery => "ART",
        Kind::HeavyArtillery => "ART L",
        Kind::MachineGuns => "MG",
        Kind::Hq => "HQ",
    }
}

/// The values printed on a counter at its level: fire-assault-defence for infantry (1.3.1, minus 1
/// weakened, minus 2 exhausted), the bombing strength of artillery (0 on its used side, 1.3.2), the
/// bonus of a machine-gun company.
fn values(p: &Pos, u: usize) -> String {
    let spec = p.spec(u);
    match spec.kind {
        Kind::Battalion | Kind::Company => format!("{}-{}-{}", p.fire(u), p.assault_value(u), p.defence_value(u)),
        Kind::FieldArtillery | Kind::HeavyArtillery => {
            if p.units[u].used {
                "0".into()
            } else {
                format!("{}{}", spec.strength, if spec.kind == Kind::HeavyArtillery { " L" } else { "" })
            }
        }
        Kind::MachineGuns => format!("+{}", spec.bonus),
        Kind::Hq => String::new(),
    }
}

/// A counter drawn as a labelled rectangle: its band, kind, name, values and state.
pub(super) fn counter(ui: &mut egui::Ui, p: &Pos, u: usize) -> egui::Response {
    let spec = p.spec(u);
    let st = &p.units[u];
    let size = egui::vec2(78.0, 58.0);
    let (rect, resp) = ui.allocate_exact_size(size, egui::Sense::click());
    let painter = ui.painter_at(rect.expand(2.0));
    let mut fill = match st.level {
        Level::Good => egui::Color32::from_rgb(226, 218, 196),
        Level::Weakened => egui::Color32::from_rgb(206, 194, 166),
        Level::Exhausted => egui::Color32::from_rgb(170, 160, 140),
    };
    if st.used {
        fill = egui::Color32::from_rgb(150, 146, 136);
    }
    painter.rect_filled(rect, 4.0, fill);
    painter.rect_filled(egui::Rect::from_min_size(rect.min, egui::vec2(rect.width(), 12.0)), 4.0, band(spec.nation));
    painter.rect_stroke(rect, 4.0, egui::Stroke::new(1.5, egui::Color32::from_rgb(30, 26, 20)), egui::StrokeKind::Inside);
    let ink = egui::Color32::from_rgb(24, 20, 14);
    painter.text(
        rect.center_top() + egui::vec2(0.0, 6.0),
        egui::Align2::CENTER_CENTER,
        kind_name(spec.kind),
        egui::FontId::new(9.5, theme::bold()),
        egui::Color32::WHITE,
    );
    let name: String = spec.name.chars().take(13).collect();
    painter.text(rect.center() + egui::vec2(0.0, -2.0), egui::Align2::CENTER_CENTER, name, egui::FontId::proportional(10.5), ink);
    painter.text(
        rect.center_bottom() + egui::vec2(0.0, -9.0),
        egui::Align2::CENTER_CENTER,
        values(p, u),
        egui::FontId::new(12.0, theme::bold()),
        ink,
    );
    if spec.star {
        painter.text(rect.left_bottom() + egui::vec2(8.0, -9.0), egui::Align2::CENTER_CENTER, "★", egui::FontId::proportional(11.0), ink);
    }
    let badge = match (st.level, spec.kind.is_infantry()) {
        (Level::Weakened, true) => Some(("W", egui::Color32::from_rgb(200, 140, 30))),
        (Level::Exhausted, true) => Some(("EX", egui::Color32::from_rgb(160, 40, 30))),
        _ => None,
    };
    if let Some((text, colour)) = badge {
        let b = egui::Rect::from_min_size(rect.right_bottom() + egui::vec2(-24.0, -14.0), egui::vec2(22.0, 12.0));
        painter.rect_filled(b, 2.0, colour);
        painter.text(b.center(), egui::Align2::CENTER_CENTER, text, egui::FontId::new(9.0, theme::bold()), egui::Color32::WHITE);
    }
    if p.r.impulse.act.as_ref().is_some_and(|a| a.units.contains(&u)) {
        painter.rect_stroke(rect, 4.0, egui::Stroke::new(2.5, egui::Color32::from_rgb(230, 180, 60)), egui::StrokeKind::Inside);
    }
    resp.on_hover_text(card(p, u))
}

/// A unit's card, for the counter's tooltip.
fn card(p: &Pos, u: usize) -> String {
    let spec = p.spec(u);
    let st = &p.units[u];
    let mut tip = format!("{} ({})\n{:?}, {}", spec.name, spec.id, spec.nation, spec.kind.id().replace('_', " "));
    if !spec.division.is_empty() {
        tip.push_str(&format!(", {}", spec.division));
    }
    if !spec.formation.is_empty() {
        tip.push_str(&format!(", {}", spec.formation));
    }
    if spec.kind.is_infantry() {
        tip.push_str(&format!(
            "\nfire {} · assault {} · defence {} ({}; printed {}-{}-{})",
            p.fire(u),
            p.assault_value(u),
            p.defence_value(u),
            st.level.id().replace('_', " "),
            spec.fire,
            spec.assault,
            spec.defence
        ));
    }
    if spec.kind.is_artillery() {
        let range =
            if spec.kind == Kind::HeavyArtillery { "the whole map".to_string() } else { format!("{} zones", p.sc.tables.field_range) };
        tip.push_str(&format!(
            "\nbombing strength {} · range {range} (1.3.2){}",
            spec.strength,
            if st.used { " · USED this turn" } else { "" }
        ));
    }
    if spec.kind == Kind::MachineGuns {
        tip.push_str(&format!("\nadds {} to fire and defence when with infantry (8.2.1)", spec.bonus));
    }
    if spec.star {
        tip.push_str("\n★ foot soldiers / Jäger: −1 to the defensive fire against them (8.2.1)");
    }
    if spec.marine {
        tip.push_str("\nmarine fusiliers: may detach a company (8.1.2)");
    }
    if let Some(parent) = st.parent {
        tip.push_str(&format!("\ndetached from {}", p.spec(parent).name));
    }
    tip
}

/// How many counters fit side by side in the panel.
pub(super) fn per_row(ui: &egui::Ui) -> usize {
    ((ui.available_width() + 8.0) / (78.0 + ui.spacing().item_spacing.x)).floor().max(1.0) as usize
}

/// A strategy counter of the hand: its two sides, the one-time side in red (5.1.1), when each plays.
pub(super) fn strategy_counter(ui: &mut egui::Ui, reusable: Strategy, one_time: Strategy, open: &mut Option<String>) {
    egui::Frame::group(ui.style()).fill(egui::Color32::from_rgb(232, 224, 204)).show(ui, |ui| {
        ui.set_width(ui.available_width());
        for (s, colour) in [(reusable, egui::Color32::from_rgb(20, 18, 14)), (one_time, egui::Color32::from_rgb(170, 30, 20))] {
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(s.name()).color(colour).strong());
                ui.label(egui::RichText::new(timing(s)).small().color(egui::Color32::from_rgb(90, 84, 72)));
                rule_link(ui, s.rule(), open);
            });
        }
    });
}

/// When a strategy plays (12).
pub(super) fn timing(s: Strategy) -> &'static str {
    use crate::rulesets::dixmude::strategy::Timing;
    match s.timing() {
        Timing::EndOfD => "end of phase D",
        Timing::Bombing => "phase E",
        Timing::AfterActivation => "phase F, after an activation",
        Timing::WithAssault => "phase F, with an assault",
        Timing::Reorganisation => "phase G",
    }
}

/// The odds of an order, in a line, if it rolls dice: a bombing's hits (7.3), an assault's chance and
/// losses with the defensive fire first (8.2, 8.3), the Yser crossing (8.6).
pub(super) fn odds_line(p: &Pos, c: &Command) -> Option<String> {
    match c {
        Command::Bomb(..) => preview::bomb(p, c).map(|b| {
            let none = b.hits.first().copied().unwrap_or(1.0);
            format!("{:.1} hits expected; no effect {}", b.expected_hits(), odds(none))
        }),
        Command::Assault { .. } | Command::Charge => preview::assault(p, c).map(|a| {
            format!(
                "win {} (amplitude {}, modifier {:+}); hits expected: yours {:.1}, theirs {:.1}; defensive fire first {:.1}",
                odds(a.success),
                a.amplitude,
                a.modifier,
                a.attacker_hits,
                a.defender_hits,
                a.fire_hits
            )
        }),
        Command::Move(..) => preview::crossing(p, c).map(|x| format!("the Yser crossing succeeds {} (8.6)", odds(x))),
        Command::DefensiveFire(barrage) => preview::defensive_fire(p, *barrage).map(|h| {
            let e: f64 = h.iter().enumerate().map(|(k, q)| k as f64 * q).sum();
            format!("{e:.1} hits expected on the assailants; none {}", odds(h.first().copied().unwrap_or(1.0)))
        }),
        _ => None,
    }
}

/// A button for a command, with its cost beside it and its odds beneath.
pub fn order_button(ui: &mut egui::Ui, p: &Pos, c: &Command, enabled: bool, acts: &mut Vec<Action>) {
    let text = describe(p, c);
    let extra = match (c, cost(p, c)) {
        (Command::Done, _) => "Enter".to_string(),
        (_, Some(rp)) => format!("{rp} RP"),
        _ => String::new(),
    };
    let label = if extra.is_empty() { text } else { format!("{text} — {extra}") };
    let line = odds_line(p, c);
    let resp = ui.add_enabled(enabled, egui::Button::new(label).wrap());
    let resp = match &line {
        Some(l) => resp.on_hover_text(l),
        None => resp,
    };
    if resp.clicked() {
        acts.push(Action::Submit(c.clone()));
    }
    if let Some(l) = line {
        ui.label(egui::RichText::new(l).small().color(DIM));
    }
}

/// A refusal or a message in red, with links to the rules it cites.
pub(super) fn warning(ui: &mut egui::Ui, text: &str, open: &mut Option<String>) {
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(text).color(RED));
        rule_links_in(ui, text, open);
    });
}

/// A prompt in parchment with its rule.
pub(super) fn prompt(ui: &mut egui::Ui, text: &str, rule: &str, open: &mut Option<String>) {
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(text).color(PARCHMENT));
        rule_link(ui, rule, open);
    });
}
