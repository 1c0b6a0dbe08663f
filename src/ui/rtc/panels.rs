//! The panels of the area game (egui): the top bar (turn, phase, initiative, impulse, who is to
//! move; Undo, Fit, Save, Load, Menu), the left column (turn record track, sequence of play,
//! victory and BR areas, the log), the right column (the decision awaited and its orders, the
//! selected area's card with its units drawn as counters and the orders into it with their costs
//! and odds), and the dialogs: the attack (lead unit; lead defender, guns and SOS barrage, each with
//! the exact odds of every CP result), the loss-point (CP) allocation, and the end of the game.

use bevy_egui::egui;

use crate::rulesets::rtc::units::{Kind, Side, Sit};
use crate::rulesets::rtc::{Command, Event, EventKind, Rtc};
use crate::ui::area_game::{self, AreaGame};
use crate::ui::game_over::Verdict;
use crate::ui::settings::Settings;
use crate::ui::sound::Sound;
use crate::ui::widgets::typed_lines;

use super::session::AreaSession;

use super::AreaUi;

mod cards;
mod dialogs;
mod left;
mod right;
mod top_bar;

pub use cards::{counter, order_button, side_egui};

type Action = area_game::Action<Command>;
type Asks = area_game::Asks<Command>;
type Scene<'a> = area_game::Scene<'a, Rtc>;

/// The lines of the game's end, with their turn and rule.
fn ending(session: &AreaSession) -> Vec<String> {
    typed_lines(&session.log, 0, session.game.journal())
        .filter_map(|(line, e)| {
            e.filter(|e| matches!(e.kind, EventKind::GameOver { .. })).map(|e| {
                // The rule once: the text of an end at the last turn already names it.
                let rule = format!("({})", e.rule);
                let text = if e.text.ends_with(&rule) { e.text.clone() } else { format!("{}  {rule}", e.text) };
                format!("Turn {}: {text}", line.turn)
            })
        })
        .collect()
}

impl AreaGame for Rtc {
    /// A bombardment or a barrage (7, 8), an attack (10), tanks moving.
    fn sound_of(session: &AreaSession, ev: &Event) -> Option<Sound> {
        match &ev.kind {
            EventKind::Bombardment { .. } | EventKind::BarrageFired { .. } => Some(Sound::Artillery),
            EventKind::Attack { .. } => Some(Sound::Assault),
            EventKind::Moved { units, .. } => {
                let sit = Sit::capture(session.game.world());
                units.iter().any(|u| sit.find(u).is_some_and(|u| u.spec.kind == Kind::Tank)).then_some(Sound::Engine)
            }
            _ => None,
        }
    }

    fn panels(root: &mut egui::Ui, ctx_e: &egui::Context, scene: &Scene, ui_state: &mut AreaUi, asks: &mut Asks) {
        top_bar::top_bar(root, ctx_e, scene, asks);
        left::left_column(root, ctx_e, scene, ui_state, asks);
        right::right_column(root, ctx_e, scene, ui_state, asks);
        if scene.human {
            if let Some(at) = scene.pos.combat.attack.as_ref().filter(|_| scene.pos.losses.pending.is_none()) {
                dialogs::attack(ctx_e, scene, at, asks);
            }
            if let Some(lp) = &scene.pos.losses.pending {
                dialogs::losses(ctx_e, scene, lp, asks);
            }
        }
    }
    fn tooltip(ctx: &egui::Context, scene: &Scene, ui: &AreaUi, area: u32, at: egui::Pos2) {
        dialogs::map_tooltip(ctx, scene, ui, area, at);
    }
    /// The verdict on a finished game: each side's victory areas (13), and how the game ended.
    fn verdict(session: &AreaSession, _: &Settings) -> Verdict {
        let ctx = session.ctx();
        let standing =
            Side::BOTH.iter().map(|&s| (format!("{}: {} victory areas", s.name(), ctx.victory_areas(s)), side_egui(s))).collect();
        Verdict { standing, plot: None, how: ending(session) }
    }
    fn order_button(ui: &mut egui::Ui, scene: &Scene, command: &Command, acts: &mut Vec<Action>) {
        cards::order_button(ui, &scene.pos, command, scene.session.legal.contains(command), acts);
    }
}
