//! The panels of the Dixmude game (egui): the top bar (turn, phase, initiative, resource points, who
//! is to move; Undo, Fit, Save, Load, Menu), the left column (turn track, sequence of play, the
//! victory conditions as they stand, the log), the right column (the decision awaited and its
//! orders, the player's own strategy hand, the units to pick, the selected zone's card with its
//! units drawn as counters and the orders there with their costs and odds), and the dialogs: the
//! counter-battery answer to a bombing, the assault (defensive fire, then charge or break off, with
//! the odds of each), the end of the game.

use bevy_egui::egui;

use crate::rulesets::dixmude::{Command, Dixmude, Event, EventKind};
use crate::ui::area_game::{self, AreaGame};
use crate::ui::game_over::Verdict;
use crate::ui::settings::Settings;
use crate::ui::sound::Sound;
use crate::ui::widgets::typed_lines;

use super::session::DixSession;

use super::DixUi;

mod cards;
mod dialogs;
mod left;
mod right;

pub use cards::{order_button, side_egui};

type Action = area_game::Action<Command>;
type Asks = area_game::Asks<Command>;
type Scene<'a> = area_game::Scene<'a, Dixmude>;

impl AreaGame for Dixmude {
    /// Bombing and counter-battery fire (5), defensive fire (8), an assault (8).
    fn sound_of(_: &DixSession, ev: &Event) -> Option<Sound> {
        match &ev.kind {
            EventKind::Bombing { .. } | EventKind::CounterBattery { .. } => Some(Sound::Artillery),
            EventKind::DefensiveFire { .. } => Some(Sound::MachineGun),
            EventKind::Assault { .. } => Some(Sound::Assault),
            _ => None,
        }
    }

    fn panels(root: &mut egui::Ui, ctx_e: &egui::Context, scene: &Scene, ui_state: &mut DixUi, asks: &mut Asks) {
        left::top_bar(root, ctx_e, scene, asks);
        left::left_column(root, ctx_e, scene, ui_state, asks);
        right::right_column(root, ctx_e, scene, ui_state, asks);
        if scene.human {
            dialogs::counter_battery(ctx_e, scene, asks);
            dialogs::assault(ctx_e, scene, asks);
        }
    }
    fn tooltip(ctx: &egui::Context, scene: &Scene, ui: &DixUi, area: u32, at: egui::Pos2) {
        dialogs::map_tooltip(ctx, scene, ui, area, at);
    }
    /// The verdict on a finished game: who holds the zones of the victory conditions (11), and how the
    /// game ended.
    fn verdict(session: &DixSession, _: &Settings) -> Verdict {
        let how = typed_lines(&session.log, 0, session.game.journal())
            .filter_map(|(line, e)| {
                e.filter(|e| matches!(e.kind, EventKind::GameOver { .. })).map(|e| format!("Turn {}: {}  ({})", line.turn, e.text, e.rule))
            })
            .collect();
        Verdict { standing: left::victory_lines(&session.pos()), plot: None, how }
    }
    fn order_button(ui: &mut egui::Ui, scene: &Scene, command: &Command, acts: &mut Vec<Action>) {
        cards::order_button(ui, &scene.pos, command, scene.session.legal.contains(command), acts);
    }
}
