//! Dice you can see (issue 20), on every board and for every ruleset: each throw of the dice a
//! command makes is shown on a card at the foot of the map — the dice as dice, what they were thrown
//! for with its rule, and the outcome the rules drew from them (the log line that follows them: the
//! number needed, the modifiers, the result) — for a few seconds, or until a click on it. It reads
//! only the log, so a presenter adds nothing; an outcome the player may not read (`EventShown`: a
//! hidden unit's doing) drops its throw from the card. A setting turns it off.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::Evaluators;
use crate::engine::journal::JournalLine;

use super::Playing;
use super::camera::MapViewport;
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

/// One throw: the dice of one rule rolled together, and the log line the rules drew from them.
#[derive(Clone, Debug, PartialEq)]
pub struct Throw {
    pub rule: String,
    pub dice: Vec<Dice>,
    pub outcome: Option<String>,
}

/// A roll's purpose without its last bracket: the dice of "… (first die)" and "… (second die)" are
/// one throw.
fn stem(purpose: &str) -> &str {
    match purpose.rfind(" (") {
        Some(i) if purpose.ends_with(')') => &purpose[..i],
        _ => purpose,
    }
}

/// The throws in log lines, each line with whether the player may read it: consecutive rolls of one
/// rule are one throw, and the first event after them its outcome; a throw whose outcome the player
/// may not read is left out.
pub fn throws<'a>(lines: impl IntoIterator<Item = (&'a JournalLine, bool)>) -> Vec<Throw> {
    let mut out: Vec<Throw> = Vec::new();
    let mut open = false;
    for (line, readable) in lines {
        match line {
            JournalLine::Roll { sides, value, purpose, rule, .. } => {
                if !open || out.last().is_none_or(|t| t.rule != *rule) {
                    out.push(Throw { rule: rule.clone(), dice: Vec::new(), outcome: None });
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
                        out.last_mut().expect("open").outcome = Some(text.clone());
                    } else {
                        out.pop();
                    }
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
}

/// Puts the throws of the last command on the card (not when the computer's turn is skipped); a
/// command without dice leaves the card as it is, an undo or a load clears it.
fn watch<R: Evaluators>(
    shown: EventShown<R>,
    session: Option<Res<GameSession<R>>>,
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
    if session.last_change != Change::Played || session.playback.skipping() {
        tray.throws.clear();
        return;
    }
    // The player against the computer reads as their side; at a hot-seat screen, as the side seated.
    let reader = player_side(&session).or_else(|| session.side_to_move());
    let readable = reader.as_ref().map(|side| shown(&session, side));
    let lines = typed_lines(&session.log, session.new_from, session.game.journal())
        .map(|(e, ev)| (&e.line, ev.is_none_or(|ev| readable.as_ref().is_none_or(|f| f(ev)))));
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

/// The card, at the foot of the map; a click on it puts it away.
fn draw(mut contexts: EguiContexts, mut tray: ResMut<DiceTray>, viewport: Res<MapViewport>) -> Result {
    if tray.throws.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let foot = viewport
        .free
        .map(|r| egui::pos2(r.center().x, r.max.y - 14.0))
        .unwrap_or(egui::pos2(ctx.content_rect().center().x, ctx.content_rect().max.y - 40.0));
    let area = egui::Area::new(egui::Id::new("dice-tray"))
        .pivot(egui::Align2::CENTER_BOTTOM)
        .fixed_pos(foot)
        .order(egui::Order::Foreground)
        .sense(egui::Sense::click());
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
    Ok(())
}

/// The systems of the dice tray for a presenter whose game is `GameSession<R>`; `shown` is the
/// presenter's rule of what a side may read.
pub fn dice_tray_systems<R: Evaluators>(app: &mut App, screen: Playing, shown: EventShown<R>) {
    app.add_systems(
        Update,
        (move |s: Option<Res<GameSession<R>>>, st: Res<Settings>, t: Res<Time<Real>>, tray: ResMut<DiceTray>, cues: ResMut<SoundCues>| {
            watch::<R>(shown, s, st, t, tray, cues)
        })
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
        let t = throws(lines.iter().enumerate().map(|(i, l)| (l, readable(i))));
        assert_eq!(t.len(), 2, "{t:?}");
        assert_eq!(t[0].dice, vec![Dice { purpose: "casualties dice roll on I06".into(), faces: vec![(6, 5), (6, 6)] }]);
        assert!(t[0].outcome.as_deref().is_some_and(|o| o.starts_with("Casualties dice roll 11 +0 = 11")));
        assert_eq!(t[1].rule, "3.11");
        assert_eq!(t[1].dice.iter().map(|d| d.purpose.as_str()).collect::<Vec<_>>(), ["Allied initiative", "Central Powers initiative"]);
        assert!(t[1].outcome.as_deref().is_some_and(|o| o.starts_with("Round 2")));
    }
}
