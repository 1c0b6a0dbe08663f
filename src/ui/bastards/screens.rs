//! Into the Bastards!'s hand-over card (the shell's `HandOver` screen in its sides' colours and
//! emblems) and its game-over screen: the result, how it was reached (the victory-point events),
//! and a plot of the victory points turn by turn.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::rulesets::bastards::scenario::VictorySpec;
use crate::rulesets::bastards::state::Tracks;
use crate::rulesets::bastards::units::Side;
use crate::rulesets::bastards::{Bastards, Event, EventKind};
use crate::ui::art::{self, palette::Palette};
use crate::ui::board::{Place, Spot};
use crate::ui::dice_tray::throw_spots;
use crate::ui::game_over::{Plot, PlotLine, Verdict, game_over_systems};
use crate::ui::screens::{Emblem, SideLook, hand_over_systems};
use crate::ui::settings::Settings;
use crate::ui::sound::{Sound, sound_systems};
use crate::ui::widgets::typed_lines;

use super::SCREEN;
use super::session::PlaySession;

/// Into the Bastards!'s sides on the hand-over card: their colours and emblems.
fn side_look(id: &str, settings: &Settings) -> Option<SideLook> {
    let side = Side::from_id(id)?;
    let pal = Palette::new(settings.colour_blind);
    let c = if side == Side::Allied { pal.allied } else { pal.german_side };
    let c = art::mix(c, [255, 255, 255, 255], 0.35);
    Some(SideLook {
        name: side.name().to_string(),
        colour: egui::Color32::from_rgb(c[0], c[1], c[2]),
        emblem: if side == Side::Allied { Emblem::Cockade } else { Emblem::Cross },
    })
}

/// The verdict on a finished game: each side's victory points and their plot turn by turn (none
/// in a scenario decided by the places held, scenario 2's levels), and the events that scored.
fn verdict(session: &PlaySession, settings: &Settings) -> Verdict {
    let pal = Palette::new(settings.colour_blind);
    let colour = |s: Side| {
        let c = if s == Side::Allied { pal.allied } else { pal.german_side };
        egui::Color32::from_rgb(c[0], c[1], c[2])
    };
    let tracks = session.game.world().get_resource::<Tracks>().cloned().unwrap_or_default();
    let points = matches!(session.scenario().spec.victory, VictorySpec::Points(_));
    let mut v = Verdict::default();
    if points {
        v.standing =
            Side::BOTH.iter().map(|&s| (format!("{}: {} VP", s.name(), tracks.vp.get(&s).copied().unwrap_or(0)), colour(s))).collect();
        let line = |s: Side, pick: fn(&(u32, i32, i32)) -> i32| PlotLine {
            name: s.name().to_string(),
            colour: colour(s),
            points: tracks.vp_by_turn.iter().map(|p| (p.0, pick(p))).collect(),
        };
        v.plot = Some(Plot {
            title: "Victory points, turn by turn".into(),
            lines: vec![line(Side::Allied, |p| p.1), line(Side::German, |p| p.2)],
        });
    }
    for (line, event) in typed_lines(&session.log, 0, session.game.journal()) {
        let Some(event) = event else { continue };
        let victory = matches!(event.kind, EventKind::VictoryPoints { .. } | EventKind::GameOver { .. })
            || (event.kind == EventKind::Note && matches!(event.rule.as_str(), "11" | "S2"));
        if victory {
            v.how.push(format!("Turn {}: {}  ({})", line.turn, event.text, event.rule));
        }
    }
    v
}

/// What an event sounds like: a battalion's rifles or a machine-gun battalion's or a tank's guns
/// firing (3.2), an assault (3.3), a barrage landing (5), a tank moving.
fn sound_of(session: &PlaySession, ev: &Event) -> Option<Sound> {
    let unit = |id: &str| session.situation().by_id(id).map(|u| (u.kind().is_tank(), u.unit.mg));
    match &ev.kind {
        EventKind::Fired { unit: id, .. } => Some(match unit(id) {
            Some((true, _)) | Some((_, true)) => Sound::MachineGun,
            _ => Sound::Rifle,
        }),
        EventKind::Assaulted { .. } => Some(Sound::Assault),
        EventKind::BarrageLanded { .. } => Some(Sound::Artillery),
        EventKind::Moved { unit: id, .. } if unit(id).is_some_and(|u| u.0) => Some(Sound::Engine),
        _ => None,
    }
}

/// Where a throw happened, for the dice tray: the unit a fire or an assault was aimed at, the unit
/// that rallied, broke down or tested its return, the hex a barrage landed on.
fn throw_spot(session: &PlaySession, ev: &Event) -> Option<Spot> {
    let unit = |id: &str| Some(Spot::Piece(id.to_string()));
    match &ev.kind {
        EventKind::Fired { target, .. } | EventKind::Assaulted { target, .. } | EventKind::AssaultResult { target, .. } => unit(target),
        EventKind::Loss { unit: id, .. }
        | EventKind::Eliminated { unit: id, .. }
        | EventKind::Rallied { unit: id, .. }
        | EventKind::BrokeDown { unit: id }
        | EventKind::Repaired { unit: id }
        | EventKind::ReturnTest { unit: id, .. } => unit(id),
        EventKind::BarrageLanded { hex, .. } => session.scenario().board.parse(hex).ok().map(|h| Spot::Place(Place::Cell(h))),
        _ => None,
    }
}

pub fn plugin(app: &mut App) {
    hand_over_systems::<Bastards>(app, SCREEN, side_look);
    throw_spots::<Bastards>(app, throw_spot);
    sound_systems::<Bastards>(app, SCREEN, |_, _| Box::new(|_| true), sound_of);
    game_over_systems::<Bastards>(app, SCREEN, side_look, verdict);
}
