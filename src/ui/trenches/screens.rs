//! In the Trenches's hand-over card (the shell's screen in its sides' colours and emblems) and its
//! game-over verdict: each side's steps on the map, and how the operation was decided (13.4).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::rulesets::trenches::state::Pos;
use crate::rulesets::trenches::units::{Kind, Side};
use crate::rulesets::trenches::{Event, EventKind, Trenches};
use crate::ui::board::{Place, Spot};
use crate::ui::dice_tray::throw_spots;
use crate::ui::game_over::{Plot, PlotLine, Verdict, game_over_systems};
use crate::ui::screens::{Emblem, SideLook, hand_over_systems_where};
use crate::ui::session::GameSession;
use crate::ui::settings::Settings;
use crate::ui::sound::{Sound, sound_systems};
use crate::ui::widgets::typed_lines;

use super::SCREEN;
use super::faces;
use super::session::TrenchSession;

/// A side's colour on the panels.
pub fn side_colour(side: Side) -> egui::Color32 {
    let c = faces::colours(side).body;
    egui::Color32::from_rgb(c[0], c[1], c[2])
}

/// A side's name as the operation calls it ("U.S. Marines", "German"), else the rules' name.
pub fn side_name(session: &TrenchSession, side: Side) -> String {
    session.scenario().spec.info.sides.iter().find(|s| s.id == side.id()).map(|s| s.name.clone()).unwrap_or_else(|| side.name().into())
}

fn side_look(id: &str, _settings: &Settings) -> Option<SideLook> {
    let side = Side::from_id(id)?;
    let name = if side == Side::Allied { "U.S. Marines" } else { "German" };
    Some(SideLook::lightened(name, side_colour(side), if side == Side::Allied { Emblem::AmericanRoundel } else { Emblem::Cross }))
}

/// The verdict: the steps each side has on the map, turn by turn, and the events that decided it.
fn verdict(session: &TrenchSession, _settings: &Settings) -> Verdict {
    let p = session.pos();
    let steps = |s: Side| -> u32 { p.on_map().filter(|&u| p.side(u) == s).map(|u| p.units[u].steps).sum() };
    let mut v = Verdict {
        standing: Side::BOTH.iter().map(|&s| (format!("{}: {} steps", side_name(session, s), steps(s)), side_colour(s))).collect(),
        ..Default::default()
    };
    // Steps lost, turn by turn, from the log.
    let mut lost: [Vec<(u32, i32)>; 2] = [Vec::new(), Vec::new()];
    let mut count = [0i32; 2];
    let side_of = |id: &str| p.find(id).map(|u| p.side(u));
    for (line, event) in typed_lines(&session.log, 0, session.game.journal()) {
        let Some(event) = event else { continue };
        match &event.kind {
            EventKind::StepLost { unit, eliminated } => {
                if let Some(s) = side_of(unit) {
                    count[s.index()] += 1;
                    for (i, l) in lost.iter_mut().enumerate() {
                        match l.last_mut() {
                            Some(last) if last.0 == line.turn => last.1 = count[i],
                            _ => l.push((line.turn, count[i])),
                        }
                    }
                    if *eliminated {
                        v.how.push(format!("Turn {}: {}  ({})", line.turn, event.text, event.rule));
                    }
                }
            }
            EventKind::CloseCombat { .. } | EventKind::GameOver { .. } | EventKind::ShockTroops { .. } => {
                v.how.push(format!("Turn {}: {}  ({})", line.turn, event.text, event.rule))
            }
            _ => {}
        }
    }
    v.plot = Some(Plot {
        title: "Steps lost, turn by turn".into(),
        lines: Side::BOTH
            .iter()
            .map(|&s| PlotLine { name: side_name(session, s), colour: side_colour(s), points: lost[s.index()].clone() })
            .collect(),
    });
    v
}

/// Which events a side may read: not a hidden unit's doing (the hand-over's rule, 13.2).
fn shown<'a>(session: &'a GameSession<Trenches>, side: &str) -> Box<dyn Fn(&Event) -> bool + 'a> {
    let p = Pos::capture(session.game.world());
    let viewer = crate::rulesets::trenches::Side::from_id(side);
    Box::new(move |ev| super::hud::event_shown(&p, viewer, ev))
}

/// What an event sounds like: fire by the shooters' kind (rifles, machine guns, or guns and mortars,
/// 7), a bombardment or a barrage's impact (7.86), a charge or a close combat (9), a tank moving.
fn sound_of(session: &GameSession<Trenches>, ev: &Event) -> Option<Sound> {
    let pos = std::cell::OnceCell::new();
    let kind = |id: &str| {
        let p = pos.get_or_init(|| Pos::capture(session.game.world()));
        p.find(id).map(|u| p.ty(u).kind)
    };
    match &ev.kind {
        EventKind::FireDeclared { shooters, .. } => {
            let kinds: Vec<Kind> = shooters.iter().filter_map(|s| kind(s)).collect();
            Some(if kinds.contains(&Kind::Ordnance) {
                Sound::Artillery
            } else if kinds.iter().any(|k| matches!(k, Kind::MachineGun | Kind::Afv)) {
                Sound::MachineGun
            } else {
                Sound::Rifle
            })
        }
        EventKind::PointFire { .. } => Some(Sound::Artillery),
        EventKind::Bombarded { .. } | EventKind::Impact { .. } => Some(Sound::Artillery),
        EventKind::ChargeDeclared { .. } | EventKind::CloseCombat { .. } => Some(Sound::Assault),
        EventKind::Moved { unit, .. } if kind(unit) == Some(Kind::Afv) => Some(Sound::Engine),
        _ => None,
    }
}

/// Where a throw happened, for the dice tray: the unit its casualties, point fire, short rounds or
/// trench crossing struck or tested, the hex a fire was declared on, a bombardment or an impact fell
/// on, or a close combat was fought in.
fn throw_spot(session: &GameSession<Trenches>, ev: &Event) -> Option<Spot> {
    let cell = |label: &str| session.scenario().board.parse(label).ok().map(|h| Spot::Place(Place::Cell(h)));
    let unit = |id: &str| (!id.is_empty()).then(|| Spot::Piece(id.to_string()));
    match &ev.kind {
        EventKind::Casualties { unit: id, .. }
        | EventKind::StepLost { unit: id, .. }
        | EventKind::Escalated { unit: id, .. }
        | EventKind::Retreated { unit: id, .. }
        | EventKind::Immobilized { unit: id }
        | EventKind::ShortRounds { unit: id, .. }
        | EventKind::TrenchCrossed { unit: id, .. } => unit(id),
        EventKind::PointFire { target, .. } => unit(target),
        EventKind::FireDeclared { target: hex, .. }
        | EventKind::Bombarded { hex, .. }
        | EventKind::CloseCombat { hex, .. }
        | EventKind::WireRemoved { hex } => cell(hex),
        EventKind::Impact { hexes, .. } => hexes.first().and_then(|h| cell(h)),
        _ => None,
    }
}

pub fn plugin(app: &mut App) {
    hand_over_systems_where::<Trenches>(app, SCREEN, side_look, shown);
    throw_spots::<Trenches>(app, throw_spot);
    sound_systems::<Trenches>(app, SCREEN, shown, sound_of);
    game_over_systems::<Trenches>(app, SCREEN, side_look, verdict);
}
