//! The hand-over screen of a hot-seat Tempête sur Dixmude game: when both sides are people and the
//! side that must decide changes — the activations alternating (8.5), the defensive fire answering an
//! assault (8.2), a counter-battery answering a bombing (7.2) — the board is covered until the next
//! player takes the controls, so neither sees the other's strategy counters (5). The screen and its
//! bookkeeping are the shell's (`ui::screens::HandOver`); never for a computer side.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::rulesets::dixmude::units::Side;
use crate::ui::screens::{Emblem, HandOver, HandOverCard, events_since, hand_over_card};

use super::panels::side_egui;
use super::session::DixSession;
use super::{DixUi, SCREEN};

fn watch(session: Option<Res<DixSession>>, mut hand: ResMut<HandOver>, mut ui: ResMut<DixUi>, launch: Res<crate::ui::Launch>) {
    let Some(session) = session else { return };
    if launch.bench_frames.is_some() {
        hand.showing = false;
        return;
    }
    let was = hand.showing;
    hand.watch(session.to_move().map(|s| s.id()), session.hot_seat() && !session.game.is_over());
    if hand.showing && !was {
        // The next player starts with a clean selection.
        ui.selected = None;
        ui.picked = None;
        ui.choice = None;
    }
}

pub(super) fn screen(mut contexts: EguiContexts, mut hand: ResMut<HandOver>, session: Option<Res<DixSession>>) -> Result {
    if !hand.showing {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let Some(session) = session else { return Ok(()) };
    let Some(side) = hand.to.as_deref().and_then(Side::from_id) else { return Ok(()) };
    let c = side_egui(side);
    let lighter = |x: u8| x.saturating_add(((255 - x as u32) * 35 / 100) as u8);
    let card = HandOverCard {
        side_name: side.name().to_string(),
        colour: bevy_egui::egui::Color32::from_rgb(lighter(c.r()), lighter(c.g()), lighter(c.b())),
        emblem: if side == Side::FrancoBelgian { Emblem::Cockade } else { Emblem::Cross },
        when: format!("Turn {} — {}", session.view.turn, session.view.phase),
        prompt: session.game.pending().map(|p| format!("{} ({})", p.prompt, p.rule)),
        since: if hand.passed_to.is_some() { events_since(&session.log, hand.mark(side.id(), session.log.len())) } else { Vec::new() },
    };
    if hand_over_card(&ctx, &card) {
        hand.taken(&[Side::FrancoBelgian.id(), Side::German.id()], session.log.len());
    }
    Ok(())
}

pub fn plugin(app: &mut App) {
    app.add_systems(Update, watch.run_if(in_state(SCREEN)))
        .add_systems(EguiPrimaryContextPass, screen.run_if(in_state(SCREEN)).run_if(crate::ui::theme::theme_ready));
}
