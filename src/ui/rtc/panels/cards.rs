//! The pieces the panels are made of: a unit drawn as its counter (factors, markers, its card as a
//! tooltip), odds in words and as a bar chart of every CP result, and a button for an order with its
//! cost or odds beneath.

use bevy_egui::egui;

use crate::rulesets::rtc::Command;
use crate::rulesets::rtc::map::Ctx;
use crate::rulesets::rtc::preview::{self, Contest};
use crate::rulesets::rtc::units::{Kind, Side, U};
use crate::ui::rules_text::{rule_ids_in, rule_link};
use crate::ui::theme::{self, DIM, GREEN, PARCHMENT, RED};
use crate::ui::widgets::odds;

use super::Action;
use crate::ui::rtc::words::describe;

/// Clickable links to the rule numbers written in a text (a refusal, a reason).
pub(super) fn rule_links_in(ui: &mut egui::Ui, text: &str, open: &mut Option<String>) {
    for id in rule_ids_in(text) {
        rule_link(ui, &id, open);
    }
}

pub fn side_egui(side: Side) -> egui::Color32 {
    match side {
        Side::British => egui::Color32::from_rgb(158, 133, 82),
        Side::German => egui::Color32::from_rgb(120, 133, 135),
    }
}

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Infantry => "INF",
        Kind::Cavalry => "CAV",
        Kind::Tank => "TANK",
        Kind::Artillery => "ART",
        Kind::HorseArtillery => "H.ART",
        Kind::Stosstruppen => "STOSS",
    }
}

/// The counter's factors as printed: attack-defence-movement; artillery strength-defence-movement
/// and its range.
fn factors(u: &U) -> String {
    if u.is_artillery() {
        format!("{}-{}-{} ({})", u.spec.strength, u.defence(), u.spec.movement, u.spec.range)
    } else {
        format!("{}-{}-{}", u.spec.attack, u.defence(), u.spec.movement)
    }
}

/// A counter drawn as a labelled rectangle in its side's colours, with its markers.
pub fn counter(ui: &mut egui::Ui, u: &U) -> egui::Response {
    let size = egui::vec2(74.0, 58.0);
    let (rect, resp) = ui.allocate_exact_size(size, egui::Sense::click());
    let p = ui.painter_at(rect.expand(2.0));
    let mut fill = side_egui(u.side());
    if u.c.spent {
        fill = fill.gamma_multiply(0.55);
        fill = egui::Color32::from_rgb(fill.r().saturating_add(25), fill.g().saturating_add(20), fill.b().saturating_add(20));
    }
    p.rect_filled(rect, 4.0, fill);
    p.rect_stroke(rect, 4.0, egui::Stroke::new(1.5, egui::Color32::from_rgb(30, 26, 20)), egui::StrokeKind::Inside);
    let ink = egui::Color32::from_rgb(24, 20, 14);
    let small = egui::FontId::new(10.0, theme::bold());
    p.text(rect.center_top() + egui::vec2(0.0, 8.0), egui::Align2::CENTER_CENTER, kind_name(u.kind()), small.clone(), ink);
    let name: String = u.spec.name.chars().take(12).collect();
    p.text(rect.center() + egui::vec2(0.0, -1.0), egui::Align2::CENTER_CENTER, name, egui::FontId::proportional(10.5), ink);
    p.text(
        rect.center_bottom() + egui::vec2(0.0, -9.0),
        egui::Align2::CENTER_CENTER,
        factors(u),
        egui::FontId::new(12.0, theme::bold()),
        ink,
    );
    if u.c.spent {
        let band = egui::Rect::from_min_size(rect.right_top() + egui::vec2(-26.0, 2.0), egui::vec2(24.0, 11.0));
        p.rect_filled(band, 2.0, egui::Color32::from_rgb(150, 30, 20));
        p.text(band.center(), egui::Align2::CENTER_CENTER, "SP", egui::FontId::new(9.0, theme::bold()), egui::Color32::WHITE);
    }
    if u.c.no_ammo {
        let band = egui::Rect::from_min_size(rect.left_top() + egui::vec2(2.0, 2.0), egui::vec2(24.0, 11.0));
        p.rect_filled(band, 2.0, egui::Color32::from_rgb(200, 120, 20));
        p.text(band.center(), egui::Align2::CENTER_CENTER, "NA", egui::FontId::new(9.0, theme::bold()), egui::Color32::BLACK);
    }
    if u.c.acted && !u.c.spent {
        p.rect_stroke(rect, 4.0, egui::Stroke::new(2.0, egui::Color32::from_rgb(90, 90, 200)), egui::StrokeKind::Inside);
    }
    let mut tip = format!(
        "{} ({})\n{} {}{}\n{}",
        u.spec.name,
        u.spec.id,
        u.side().name(),
        u.kind().id().replace('_', " "),
        if u.spec.division.is_empty() { String::new() } else { format!(", division {}", u.spec.division) },
        factors(u)
    );
    if u.is_artillery() {
        tip.push_str("  (strength-defence-movement (range))");
    } else {
        tip.push_str("  (attack-defence-movement)");
    }
    tip.push_str(&format!("\nfresh defence {}, spent defence {}", u.spec.defence, u.spec.spent_defence));
    if u.c.spent {
        tip.push_str("\nSPENT");
    }
    if u.c.no_ammo {
        tip.push_str("\nOUT OF AMMUNITION (7.8)");
    }
    if u.c.acted {
        tip.push_str("\nactivated this turn (9.2)");
    }
    if !u.spec.note.is_empty() {
        tip.push_str(&format!("\n{}", u.spec.note));
    }
    resp.on_hover_text(tip)
}

/// How many counters fit side by side in the panel.
pub(super) fn per_row(ui: &egui::Ui) -> usize {
    ((ui.available_width() + 8.0) / (74.0 + ui.spacing().item_spacing.x)).floor().max(1.0) as usize
}

/// One line: OT vs DT and the chance of success.
pub(super) fn contest_line(k: &Contest) -> String {
    format!("OT {}+{}d6 vs DT {}+{}d6: {} success, {:.1} CP expected", k.ot, k.ot_dice, k.dt, k.dt_dice, odds(k.success()), k.expected_cp())
}

/// The exact odds of each CP result, as a small bar chart.
fn outcome_bars(ui: &mut egui::Ui, k: &Contest) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 3.0;
        let top = k.outcomes.iter().copied().fold(0.0f64, f64::max).max(1e-9);
        for (cp, p) in k.outcomes.iter().enumerate() {
            if *p < 0.0005 {
                continue;
            }
            let label = if cp == 0 { "fail".to_string() } else { format!("{cp} CP") };
            let (rect, resp) = ui.allocate_exact_size(egui::vec2(if cp == 0 { 34.0 } else { 30.0 }, 52.0), egui::Sense::hover());
            let h = (p / top) as f32 * 26.0;
            let base = rect.min.y + 38.0;
            let bar = egui::Rect::from_min_max(egui::pos2(rect.min.x + 3.0, base - h.max(1.0)), egui::pos2(rect.max.x - 3.0, base));
            ui.painter().rect_filled(bar, 1.0, if cp == 0 { RED } else { GREEN });
            let text = if *p < 0.005 { "<1".to_string() } else { format!("{:.0}", p * 100.0) };
            ui.painter().text(
                egui::pos2(rect.center().x, base - h.max(1.0) - 6.0),
                egui::Align2::CENTER_CENTER,
                text,
                egui::FontId::proportional(9.5),
                PARCHMENT,
            );
            ui.painter().text(
                egui::pos2(rect.center().x, rect.max.y - 6.0),
                egui::Align2::CENTER_CENTER,
                label,
                egui::FontId::proportional(9.5),
                DIM,
            );
            resp.on_hover_text(if cp == 0 {
                format!("OT not above DT: {}", odds(*p))
            } else {
                format!("exactly {cp} CP (loss points): {}", odds(*p))
            });
        }
    });
}

/// A button for a command, with its cost or odds beneath.
pub fn order_button(ui: &mut egui::Ui, ctx: &Ctx, c: &Command, enabled: bool, acts: &mut Vec<Action>) {
    let text = describe(ctx, c);
    let contest = preview::contest_for(ctx, c);
    let mut extra = String::new();
    if let Command::MoveTo(to) = c
        && let Some(Ok(cost)) = preview::move_cost(ctx, *to)
    {
        extra = format!("{cost} MP");
    }
    if let Some(cp) = preview::cp_paid(ctx, c) {
        extra = format!("pays {cp} CP");
    }
    if *c == Command::Done {
        extra = "Enter".into();
    }
    let resp = ui.add_enabled(enabled, egui::Button::new(if extra.is_empty() { text.clone() } else { format!("{text} — {extra}") }).wrap());
    let resp = match &contest {
        Some(k) => resp.on_hover_text(contest_line(k)),
        None => resp,
    };
    if resp.clicked() {
        acts.push(Action::Submit(c.clone()));
    }
    if let Some(k) = &contest {
        ui.label(egui::RichText::new(contest_line(k)).small().color(DIM));
        let hurricane = match c {
            Command::Bombard { hurricane, .. } => Some(*hurricane),
            Command::Fire => Some(ctx.bombard.order.as_ref().is_some_and(|o| o.hurricane)),
            _ => None,
        };
        if let Some(h) = hurricane {
            ui.label(
                egui::RichText::new(format!(
                    "out of ammunition on an unmodified {}+: {}",
                    ctx.sc.tables.bombardment.out_of_ammo_at,
                    odds(preview::out_of_ammo_chance(ctx, h))
                ))
                .small()
                .color(DIM),
            );
        }
        outcome_bars(ui, k);
    }
}
