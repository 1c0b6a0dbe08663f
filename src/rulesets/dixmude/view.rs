//! What the outside world sees: the pending decision, the state view (the strategy hands as counts
//! only: hidden hands, 5), and the invariants checked after every command in tests.

use std::collections::BTreeMap;

use bevy::prelude::*;

use crate::engine::{Pending, StateView, UnitView};

use super::state::{AssaultStep, Phase, Pos};
use super::units::{Kind, Side, Where};

/// The decision awaited, and by whom.
pub fn pending(world: &World) -> Option<Pending> {
    world.get_resource::<State<Phase>>()?;
    let p = Pos::capture(world);
    pending_of(&p).map(|(side, prompt, rule)| Pending { side: side.id().to_string(), prompt, rule: rule.to_string() })
}

pub fn pending_of(p: &Pos) -> Option<(Side, String, &'static str)> {
    if p.r.outcome.is_some() {
        return None;
    }
    Some(match p.r.phase {
        Phase::TurnStart => return None,
        Phase::Strategies => (p.r.buying?, "Buy a second strategy counter (Buy, BuyRandom) or Done".into(), "5"),
        Phase::Operational => match p.r.end_of_d {
            Some(s) => (s, "End of phase D: play In the mud / Waterfront (Play) or Done".into(), "12"),
            None => (Side::German, "Operational movement: Enter or Exit the HQ zone, then Done".into(), "6"),
        },
        Phase::Bombing => match &p.r.bombing.shot {
            Some(shot) => (shot.side.enemy(), format!("Zone {} is bombed: CounterBattery or NoCounterBattery", shot.zone), "7.2"),
            None => (p.r.bombing.to_move?, "Bomb a zone, Play a strategy, or stop bombing (Done)".into(), "7.2"),
        },
        Phase::Activation => {
            let side = p.r.impulse.side?;
            match &p.r.impulse.act {
                Some(act) => match &act.assault {
                    Some(a) if a.step == AssaultStep::Fire => {
                        (side.enemy(), format!("Zone {} is assaulted: DefensiveFire (with a barrage or not)", a.target), "8.2")
                    }
                    Some(a) => (side, format!("Assault on zone {}: Charge or BreakOff", a.target), "8.3"),
                    None => (side, "Activation: Move, Detach, Assault, or end it (Done)".into(), "8.1"),
                },
                None if p.r.impulse.follow_up => (side, "Play Coordinated assault or Excessive attack, or Done".into(), "12"),
                None => (side, "Activate a zone (1 RP), Permute, Shift a support unit, or pass (Done)".into(), "8"),
            }
        }
        Phase::Reorganisation => (p.r.reorganising?, "Reorganise: Raise, Rebuild, Dig, Play a strategy, or Done".into(), "9"),
    })
}

pub fn state_view(world: &World) -> StateView {
    let p = Pos::capture(world);
    let units = (0..p.units.len())
        .map(|u| {
            let st = &p.units[u];
            let spec = p.spec(u);
            let location = match st.at {
                Where::Zone(z) => z.to_string(),
                Where::Waiting => "reinforcement".into(),
                Where::OutOfAction => "out_of_action".into(),
                Where::Away => "away".into(),
                Where::Removed => "eliminated".into(),
            };
            let status = match st.at {
                Where::Removed => "eliminated".to_string(),
                Where::OutOfAction => "out_of_action".to_string(),
                _ if spec.kind.is_artillery() => (if st.used { "used" } else { "ready" }).to_string(),
                _ => st.level.id().to_string(),
            };
            let mut markers = Vec::new();
            if p.r.impulse.act.as_ref().is_some_and(|a| a.units.contains(&u)) {
                markers.push("offensive".to_string());
            }
            if let Some(parent) = st.parent {
                markers.push(format!("detached_from:{}", p.id(parent)));
            }
            UnitView {
                id: spec.id.clone(),
                name: spec.name.clone(),
                side: spec.side().id().to_string(),
                kind: spec.kind.id().to_string(),
                location,
                status,
                medals: None,
                steps: None,
                markers,
            }
        })
        .collect();
    let mut tracks = BTreeMap::new();
    for s in Side::BOTH {
        tracks.insert(format!("rp_{}", s.id()), i64::from(p.r.rp[s.index()]));
        tracks.insert(format!("hand_{}", s.id()), p.r.hands[s.index()].len() as i64);
    }
    let diksmuide = p.sc.zone_ids().find(|&z| p.sc.zone(z).diksmuide).unwrap_or_default();
    tracks.insert("diksmuide_bonus".into(), i64::from(p.bonus(diksmuide)));
    let mut map_markers: Vec<String> = p.r.trenches.iter().map(|z| format!("trenches@{z}")).collect();
    if p.r.ruins.is_some() {
        map_markers.push(format!("ruins{:+}@{diksmuide}", p.bonus(diksmuide)));
    }
    map_markers.extend(p.sc.zone_ids().filter(|&z| p.flooded(z)).map(|z| format!("flooded@{z}")));
    let pending = pending(world);
    let (result, winner) = match &p.r.outcome {
        Some((r, w)) => (Some(r.clone()), Some(w.map(|s| s.id().to_string()).unwrap_or_else(|| "draw".into()))),
        None => (None, None),
    };
    StateView {
        ruleset: super::ID.to_string(),
        scenario: p.sc.spec.info.id.clone(),
        turn: p.r.turn,
        phase: p.r.phase.name().to_string(),
        to_move: pending.as_ref().map(|x| x.side.clone()),
        pending,
        units,
        tracks,
        vp: BTreeMap::new(),
        map_markers,
        result,
        winner,
    }
}

/// Broken invariants, in words.
pub fn invariants(world: &World) -> Vec<String> {
    let p = Pos::capture(world);
    let mut out = Vec::new();
    let cap = p.sc.tables.resource_points.cap;
    for s in Side::BOTH {
        if p.r.rp[s.index()] > cap {
            out.push(format!("{} has {} RP, more than {cap} (4.1)", s.name(), p.r.rp[s.index()]));
        }
        if p.r.hands[s.index()].len() as u32 > p.sc.tables.strategies.hand {
            out.push(format!("{} holds {} strategies (5)", s.name(), p.r.hands[s.index()].len()));
        }
        for c in p.r.hands[s.index()].iter().chain(&p.r.container[s.index()]) {
            if p.sc.spec.strategies[*c].side != s {
                out.push(format!("counter {c} is with the wrong camp"));
            }
        }
    }
    let mut counters: Vec<usize> = p.r.hands.iter().chain(&p.r.container).flatten().copied().collect();
    counters.sort();
    if counters.windows(2).any(|w| w[0] == w[1]) {
        out.push("a strategy counter is in two places (5)".into());
    }
    for z in p.sc.zone_ids() {
        let here = p.in_zone(z);
        if here.iter().any(|&u| p.side(u) != p.side(here[0])) {
            out.push(format!("zone {z} holds units of both camps (1.1.1)"));
        }
        if p.is_hq_zone(z) && here.iter().any(|&u| p.side(u) != Side::German) {
            out.push(format!("Franco-Belgian units in the HQ zone {z}"));
        }
        if !p.stacking_ok(z, &[], &[]) {
            out.push(format!("zone {z} is over-stacked (1.1.2)"));
        }
    }
    for u in 0..p.units.len() {
        if let Where::Zone(z) = p.units[u].at
            && !p.sc.zones.contains_key(&z)
        {
            out.push(format!("{} is in zone {z}, not on the map", p.id(u)));
        }
        if p.kind(u) == Kind::Company && p.units[u].level != super::units::Level::Good {
            out.push(format!("company {} is not in good order (1.3.1)", p.id(u)));
        }
    }
    if p.r.turn > p.sc.tables.turns {
        out.push(format!("turn {} is past the last turn", p.r.turn));
    }
    out
}
