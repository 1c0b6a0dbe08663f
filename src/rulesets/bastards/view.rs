//! What the outside world sees: the pending decision, the state view, and the invariants checked
//! after every command in tests.

use std::collections::{BTreeMap, HashMap};

use bevy::prelude::*;

use crate::engine::{Pending, StateView, UnitView};

use super::map::Situation;
use super::markers;
use super::phase;
use super::scenario::MarkerKind;
use super::state::{Activations, Agenda, Clock, Phase, Sequence, Setup, StageKind, Tracks, barrage_markers_left, barrages_placed};
use super::units::{Location, Side};

fn stage_text(kind: &StageKind, side: Option<Side>) -> String {
    let who = side.map(|s| s.name()).unwrap_or("Both");
    match kind {
        StageKind::ClassicActivation => format!("{who} activation phase"),
        StageKind::ReturnToPlay => format!("{who} return to play"),
        StageKind::ReinforcementEntry => "Reinforcements arrive".into(),
        StageKind::Marker(m) => markers::marker_name(*m, side),
        StageKind::Barrage { classic: true, .. } => format!("{who} barrage phase"),
        StageKind::Barrage { .. } => format!("{who} artillery"),
        StageKind::NightRound { round, german } => format!("Night assault round {round} ({})", if *german { "German" } else { "Allied" }),
        StageKind::NightfallTanks | StageKind::NightfallBattalions => "Nightfall".into(),
        StageKind::Plain => String::new(),
    }
}

/// The decision awaited.
pub fn pending(world: &World) -> Option<Pending> {
    let ph = phase(world)?;
    let stage = world.resource::<Agenda>().current.clone();
    let side = stage.as_ref().and_then(|s| s.side);
    let (side, prompt, rule) = match ph {
        Phase::Activation => match &world.resource::<Activations>().current {
            Some(a) => {
                // Only the active unit is needed: no snapshot of the whole map.
                let u = world.get::<super::units::Unit>(a.unit)?;
                let mp = if a.mp_left > 0 { format!(" and {} MP", a.mp_left) } else { String::new() };
                (
                    u.side,
                    format!(
                        "{}: {} medal{} left{mp}{}",
                        u.name,
                        a.medals_left(),
                        if a.medals_left() == 1 { "" } else { "s" },
                        if a.entering { ": choose where it enters" } else { "" }
                    ),
                    "2.1",
                )
            }
            None => {
                let text = stage.as_ref().map(|s| stage_text(&s.kind, side)).unwrap_or_default();
                let remaining = world.resource::<Activations>().remaining.map(|r| format!(" ({r} left)")).unwrap_or_default();
                (side?, format!("{text}: activate a unit{remaining} or end (Done)"), "2.1")
            }
        },
        Phase::Barrage => {
            let left = barrage_markers_left(world);
            (side?, format!("{} artillery: place {left} barrage marker{} (then fire)", side?.name(), if left == 1 { "" } else { "s" }), "5")
        }
        Phase::Choose => {
            let what = match stage.as_ref().map(|s| &s.kind) {
                Some(StageKind::Marker(MarkerKind::Hero)) => "place the hero on a battalion",
                _ => "choose a tank for the mechanic",
            };
            (side?, format!("{}: {what}, or decline (Done)", side?.name()), "7.2")
        }
        Phase::Pause => (side?, format!("{}: pause in the fighting — reorganise up to 3 units, then Done", side?.name()), "7.2"),
        Phase::NightDeploy => (Side::Allied, "Deploy every night-assault unit on one of its start hexes, then Done".to_string(), "10"),
        Phase::IntensityTest if markers::cohesion_pending(world) => {
            (Side::German, "Attempt to maintain cohesion (AttemptCohesion) or accept the random sequence (Done)".to_string(), "O3")
        }
        _ => return None,
    };
    Some(Pending { side: side.id().to_string(), prompt, rule: rule.to_string() })
}

fn phase_text(world: &World) -> String {
    let Some(ph) = phase(world) else {
        return "game over".into();
    };
    let stage = world.resource::<Agenda>().current.clone();
    match stage {
        Some(s) if !matches!(s.kind, StageKind::Plain) => stage_text(&s.kind, s.side),
        _ => phase_name(ph).into(),
    }
}

/// A phase in the players' words (the top bar, the hand-over screen).
fn phase_name(ph: Phase) -> &'static str {
    match ph {
        Phase::TurnStart => "Start of turn",
        Phase::Barrage => "Barrage",
        Phase::Activation => "Activation",
        Phase::Repair => "Tank repair",
        Phase::IntensityTest => "Battle intensity test",
        Phase::Draw => "Drawing a marker",
        Phase::Pause => "Pause in the fighting",
        Phase::Choose => "Choosing",
        Phase::NightDeploy => "Australian night assault: deployment",
        Phase::Nightfall => "Nightfall",
        Phase::TurnEnd => "End of turn",
    }
}

fn location_text(sit: &Situation, l: Location) -> String {
    match l {
        Location::OnMap(h) => sit.board().label(h),
        Location::Waiting => "reinforcement".into(),
        Location::OnTrack { turn } => format!("turn track {turn}"),
        Location::Eliminated => "eliminated".into(),
        Location::Unused => "not in play".into(),
    }
}

pub fn state_view(world: &World) -> StateView {
    let sit = Situation::capture(world);
    let setup = world.resource::<Setup>().0.clone();
    let clock = world.resource::<Clock>();
    let tracks = world.resource::<Tracks>();
    let active = world.resource::<Activations>().current.as_ref().map(|a| a.unit);
    let max = setup.tables.max_medals;
    let units = sit
        .units
        .iter()
        .map(|u| {
            let mut markers = Vec::new();
            if u.breakdown {
                markers.push("breakdown".to_string());
            }
            if u.hero {
                markers.push("hero".to_string());
            }
            if u.record.activated {
                markers.push("activated".to_string());
            }
            if active == Some(u.entity) {
                markers.push("active".to_string());
            }
            let status = match u.location {
                Location::Eliminated => "eliminated",
                Location::Unused => "not in play",
                _ if u.reduced && u.is_tank() => "damaged",
                _ if u.reduced => "disorganised",
                _ => "full",
            };
            UnitView {
                id: u.unit.id.to_string(),
                name: u.unit.name.to_string(),
                side: u.side().id().to_string(),
                kind: u.kind().id().to_string(),
                location: location_text(&sit, u.location),
                status: status.to_string(),
                medals: Some(u.medals(max)),
                steps: None,
                markers,
            }
        })
        .collect();
    let mut t = BTreeMap::new();
    t.insert("intensity".to_string(), tracks.intensity as i64);
    t.insert("confusion".to_string(), tracks.confusion as i64);
    t.insert("random_sequence".to_string(), i64::from(clock.sequence == Sequence::Random));
    t.insert("draws".to_string(), clock.draws as i64);
    t.insert("allied_artillery_lost".to_string(), tracks.allied_artillery_lost as i64);
    let mut vp = BTreeMap::new();
    for s in Side::BOTH {
        vp.insert(s.id().to_string(), tracks.vp.get(&s).copied().unwrap_or(0) as i64);
    }
    let map_markers = barrages_placed(world).iter().map(|h| format!("barrage@{}", sit.board().label(*h))).collect();
    let pending = pending(world);
    StateView {
        ruleset: super::ID.into(),
        scenario: setup.spec.info.id.to_string(),
        turn: clock.turn,
        phase: phase_text(world),
        to_move: pending.as_ref().map(|p| p.side.clone()),
        pending,
        units,
        tracks: t,
        vp,
        map_markers,
        result: tracks.result.clone(),
        winner: tracks.result.as_ref().map(|_| tracks.winner.map(|s| s.id().to_string()).unwrap_or_else(|| "draw".into())),
    }
}

/// Broken invariants, in words (stacking, positions, medals, track bounds, a decision at rest).
pub fn invariants(world: &World) -> Vec<String> {
    let mut out = Vec::new();
    let sit = Situation::capture(world);
    let acts = world.resource::<Activations>();
    let active = acts.current.as_ref().map(|a| a.unit);
    let mut by_hex: HashMap<hexx::Hex, Vec<&super::map::UnitInfo>> = HashMap::new();
    for u in &sit.units {
        if let Some(h) = u.hex() {
            if !sit.in_play(h) {
                out.push(format!("{} is on {}, outside the map in play", u.unit.id, sit.board().label(h)));
            }
            by_hex.entry(h).or_default().push(u);
        }
        if u.unit.medals < 2 || u.unit.medals > 4 {
            out.push(format!("{} has {} medals", u.unit.id, u.unit.medals));
        }
        if !matches!(u.location, Location::OnMap(_)) && (u.reduced || u.breakdown || u.hero) {
            out.push(format!("{} is off the map but still carries a marker or its reverse side", u.unit.id));
        }
    }
    for (h, us) in &by_hex {
        if us.len() < 2 {
            continue;
        }
        let label = sit.board().label(*h);
        if us.iter().any(|u| u.side() != us[0].side()) {
            out.push(format!("enemy units share {label}"));
        }
        let tolerated = us.iter().any(|u| Some(u.entity) == active || u.breakdown || !u.record.activated);
        if !tolerated {
            out.push(format!("{} units are stacked in {label} after their activations", us.len()));
        }
    }
    if let Some(a) = &acts.current
        && (a.spent > a.medals || a.medals > sit.scenario.tables.max_medals + 1)
    {
        out.push(format!("the active unit spent {} of {} medals", a.spent, a.medals));
    }
    let t = world.resource::<Tracks>();
    if !(0..=99).contains(&t.intensity) {
        out.push(format!("intensity {} is off the track", t.intensity));
    }
    if !(1..=40).contains(&t.confusion) {
        out.push(format!("confusion {} is off the track", t.confusion));
    }
    let over = *world.resource::<State<crate::engine::GameFlow>>().get() == crate::engine::GameFlow::Over;
    if !over && pending(world).is_none() {
        out.push(format!("the game is at rest in {:?} with no decision pending", phase(world)));
    }
    out
}
