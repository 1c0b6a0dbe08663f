//! What the outside world sees: the decision awaited, the state view, and the invariants checked
//! after every command in tests (no overlapping stands, every stand on the table, casting counts).

use std::collections::BTreeMap;

use bevy::prelude::*;

use crate::engine::{Pending, StateView, UnitView};

use super::scenario::Rank;
use super::state::{Action, Fate, Gone, Leader, Phase, Pos, Window};

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// A side's aviation operations (phase II).
    Aviation(usize),
    /// A regiment chooses its next action or ends (2.6).
    Regiment(usize),
    /// A regiment's companies move or fire (2.6).
    Act(usize, Action),
    /// A side may fire at a unit that just moved (2.6, opportunity fire).
    Opportunity(usize),
    /// A unit just fired at may fire back (2.6).
    Return(usize),
    /// A side's part of a traditional phase.
    Segment(usize, Phase),
    /// A side's skirmishers or gun crew just charged may evade (8.2a).
    Evade(usize),
    /// A side's melee winner may advance (8.3).
    Advance(usize),
    /// The side with the most aviation, or vehicle and skimmer, stands chooses to move first or last.
    Order(usize),
}

pub fn stage(p: &Pos) -> Option<Stage> {
    if p.r.outcome.is_some() {
        return None;
    }
    if let Some(w) = &p.r.window {
        return Some(match w {
            Window::Opportunity { mover, .. } => Stage::Opportunity(1 - p.side(*mover).min(1)),
            Window::Return { target, .. } => Stage::Return(p.side(*target)),
            Window::Evade { target, .. } => Stage::Evade(p.side(*target)),
            Window::Advance { unit, .. } => Stage::Advance(p.side(*unit)),
            Window::Order { side } => Stage::Order(*side),
        });
    }
    match p.r.phase {
        Phase::Start => None,
        Phase::Aviation => p.r.side.map(Stage::Aviation),
        Phase::Regiments => {
            let reg = p.r.active?;
            Some(match p.r.under.kind {
                Some(a) => Stage::Act(reg, a),
                None => Stage::Regiment(reg),
            })
        }
        phase => p.r.side.map(|s| Stage::Segment(s, phase)),
    }
}

/// The side deciding at a stage.
pub fn decider(p: &Pos, s: Stage) -> usize {
    match s {
        Stage::Aviation(side)
        | Stage::Opportunity(side)
        | Stage::Return(side)
        | Stage::Segment(side, _)
        | Stage::Evade(side)
        | Stage::Advance(side)
        | Stage::Order(side) => side,
        Stage::Regiment(r) | Stage::Act(r, _) => p.regiment_side(r),
    }
}

/// The decision awaited, and by whom.
pub fn pending(world: &World) -> Option<Pending> {
    world.get_resource::<State<Phase>>()?;
    let p = Pos::capture(world);
    pending_of(&p).map(|(side, prompt, rule)| Pending { side: p.side_id(side).to_string(), prompt, rule: rule.to_string() })
}

pub fn pending_of(p: &Pos) -> Option<(usize, String, &'static str)> {
    let s = stage(p)?;
    let side = decider(p, s);
    let reg = |r: usize| p.sc.spec.regiments[r].id.clone();
    Some(match s {
        Stage::Aviation(_) => (side, "Aviation: Move a flight, attack with Fire, Unload a transport, or Done".into(), "1.3"),
        Stage::Regiment(r) => (side, format!("Regiment {}: Begin an action (Move or Fire), Motivate, or EndRegiment", reg(r)), "2.6"),
        Stage::Act(r, Action::Move) => (side, format!("Regiment {} moves: Move, Face, Form or Charge its units, then Done", reg(r)), "4"),
        Stage::Act(r, Action::Fire) => (side, format!("Regiment {} fires: Fire its units, then Done", reg(r)), "7.3"),
        Stage::Opportunity(_) => (side, "Opportunity fire at the unit that moved (Fire), or Done".into(), "2.6"),
        Stage::Return(_) => (side, "Return fire at the shooter (Fire), or Done".into(), "2.6"),
        Stage::Segment(_, Phase::Vehicles) => (
            side,
            "Vehicle rapid response: move your vehicles and skimmers, then Fire, Charge into contact or Unload, then Done".into(),
            "Vehicles",
        ),
        Stage::Segment(_, ph) => (side, format!("{}: act with your units, then Done", ph.name()), "1.3"),
        Stage::Evade(_) => (side, "Charged: Evade (the skirmishers or the gun crew flee), or Done to stand and melee".into(), "8.2a"),
        Stage::Advance(_) => (side, "Melee won: Advance into the ground the enemy held, or Done to hold".into(), "8.3"),
        Stage::Order(_) if p.r.phase == Phase::Aviation => {
            (side, "Most aviation stands: choose to move first (Order(true)) or last (Order(false))".into(), "Aviation")
        }
        Stage::Order(_) => {
            (side, "Most vehicle and skimmer stands: choose to move first (Order(true)) or last (Order(false))".into(), "Vehicles")
        }
    })
}

/// A commander's stand (1.2f) as a unit of the view, so that a campaign may carry him by id (2.31): his
/// status `commanding`, `wounded` (hit in a campaign, back for the next battle), `eliminated` (killed)
/// or `left` (no unit of his command left on the field).
fn commander_view(p: &Pos, c: usize, l: &Leader) -> UnitView {
    let spec = &p.sc.spec.commanders[c];
    let status = match l.fate {
        None => "commanding",
        Some(Fate::Killed) => "eliminated",
        Some(Fate::Wounded) => "wounded",
        Some(Fate::Left) => "left",
    };
    UnitView {
        id: spec.id.clone(),
        name: spec.name.clone(),
        side: p.side_id(p.sc.commander_side[c]).to_string(),
        kind: format!("{} commander", if spec.rank == Rank::Brigade { "brigade" } else { "regimental" }),
        location: if l.lost { status.to_string() } else { format!("with {}", p.id(l.with)) },
        status: status.to_string(),
        medals: None,
        steps: None,
        markers: vec!["commander".into()],
    }
}

pub fn state_view(world: &World) -> StateView {
    let p = Pos::capture(world);
    let marching = super::marching::in_squares(&p);
    let units = (0..p.units.len())
        .map(|u| {
            let st = &p.units[u];
            let spec = &p.sc.spec.units[u];
            let location = match (st.gone, st.aboard) {
                (Some(g), _) => format!("{g:?}").to_lowercase(),
                (None, Some(t)) => format!("aboard {}", p.id(t)),
                (None, None) => format!("({:.0}, {:.0}) facing {:.0}", st.at.x, st.at.y, st.facing.to_degrees().rem_euclid(360.0)),
            };
            // A unit that fled the table is not lost to a campaign (docs/martians.md, "The campaign").
            let status = match st.gone {
                Some(Gone::Destroyed) => "eliminated".to_string(),
                Some(Gone::Fled) => "fled".to_string(),
                Some(Gone::Surrendered) => "surrendered".to_string(),
                // 11.0: a transport that unloaded left the battle, and is not lost.
                Some(Gone::Withdrawn) => "withdrawn".to_string(),
                None if st.aboard.is_some() => "aboard".to_string(),
                None => st.formation.name().to_string(),
            };
            let mut markers = Vec::new();
            if p.halted(u) {
                markers.push("halted".into());
            }
            if st.disrupted {
                markers.push("disrupted".into());
            }
            if p.engaged(u) {
                markers.push("in_melee".into());
            }
            if st.fired {
                markers.push("fired".into());
            }
            if st.gun_hits > 0 {
                markers.push(format!("gun_hits_{}", st.gun_hits));
            }
            if st.air_hits > 0 {
                markers.push(format!("air_hits_{}", st.air_hits));
            }
            markers.push(format!("grade_{}", st.grade));
            // 2.11, Heroic Characters: the commanders riding with it, and a heroic character.
            markers.extend(p.commanders_with(u).map(|c| format!("commander_{}", p.sc.spec.commanders[c].id)));
            if p.hero(u) {
                markers.push("hero".into());
            }
            if st.broken_down {
                markers.push("broken_down".into());
            }
            if marching[u] {
                markers.push("marching_square".into());
            }
            UnitView {
                id: spec.id.clone(),
                name: p.ty(u).name.clone(),
                side: p.side_id(p.side(u)).to_string(),
                kind: spec.kind.clone(),
                location,
                status,
                medals: None,
                steps: Some(st.castings),
                markers,
            }
        })
        .chain(p.r.leaders.iter().enumerate().map(|(c, l)| commander_view(&p, c, l)))
        .collect();
    let mut tracks = BTreeMap::new();
    let mut vp = BTreeMap::new();
    for s in 0..p.sc.spec.info.sides.len() {
        let (full, now) = p.side_castings(s);
        tracks.insert(format!("castings_{}", p.side_id(s)), i64::from(now));
        vp.insert(p.side_id(s).to_string(), i64::from(full - now));
    }
    for (c, l) in p.r.leaders.iter().enumerate() {
        if l.lost {
            *tracks.entry(format!("commanders_lost_{}", p.side_id(p.sc.commander_side[c]))).or_insert(0) += 1;
        }
    }
    for (r, reg) in p.sc.spec.regiments.iter().enumerate() {
        if let Some(i) = p.r.priority.iter().position(|&x| x == r) {
            tracks.insert(format!("priority_{}", reg.id), i as i64 + 1);
        }
    }
    let map_markers = p.r.contacts.iter().map(|c| format!("melee@{}-{}", p.id(c.attacker), p.id(c.defender))).collect();
    let pending = pending(world);
    let (result, winner) = match &p.r.outcome {
        Some((r, w)) => (Some(r.clone()), Some(w.map(|s| p.side_id(s).to_string()).unwrap_or_else(|| "draw".into()))),
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
        vp,
        map_markers,
        result,
        winner,
    }
}

/// Broken invariants, in words.
pub fn invariants(world: &World) -> Vec<String> {
    invariants_of(&Pos::capture(world))
}

pub fn invariants_of(p: &Pos) -> Vec<String> {
    let mut out = Vec::new();
    let ground: Vec<usize> = p.ground().collect();
    let stands: Vec<_> = ground.iter().map(|&u| p.footprint(u)).collect();
    for (i, &u) in ground.iter().enumerate() {
        if !stands[i].iter().all(|s| super::table::on_table(&p.sc.table, s)) {
            out.push(format!("{} is partly off the table", p.id(u)));
        }
        for (j, &o) in ground.iter().enumerate().skip(i + 1) {
            if stands[i].iter().any(|a| stands[j].iter().any(|b| a.overlaps(b, 1.0))) {
                out.push(format!("{} and {} overlap (3.5)", p.id(u), p.id(o)));
            }
        }
    }
    for u in 0..p.units.len() {
        let st = &p.units[u];
        let full = p.sc.full_castings(u);
        if st.castings > full {
            out.push(format!("{} has {} castings of {full}", p.id(u), st.castings));
        }
        if st.on_table() {
            let floor = if p.kind(u).single_stands() || p.hero(u) { 1 } else { 2 };
            if st.castings < floor {
                out.push(format!("{} is on the table with {} castings (3.5)", p.id(u), st.castings));
            }
            if p.castings_by_stand(u).iter().sum::<u32>() != st.castings {
                out.push(format!("{}'s stands do not hold its castings", p.id(u)));
            }
        }
        let per = super::fire::hits_per_stand(p, u);
        if st.air_hits >= per {
            out.push(format!("{} has {} hits on a stand", p.id(u), st.air_hits));
        }
    }
    for (c, l) in p.r.leaders.iter().enumerate() {
        if !l.lost && (!p.units[l.with].on_table() || !p.in_command(c, l.with)) {
            out.push(format!(
                "commander {} rides with {}, not a unit of his command on the table",
                p.sc.spec.commanders[c].id,
                p.id(l.with)
            ));
        }
    }
    for u in 0..p.units.len() {
        if let Some(t) = p.units[u].aboard
            && p.units[u].gone.is_none()
            && (!p.units[t].on_table()
                || (0..p.units.len()).filter(|&o| p.units[o].aboard == Some(t) && p.units[o].gone.is_none()).count() > 1)
        {
            out.push(format!("{} is aboard {}, which is not on the table with it alone (11.0)", p.id(u), p.id(t)));
        }
    }
    for c in &p.r.contacts {
        if !p.units[c.attacker].on_table() || !p.units[c.defender].on_table() || p.side(c.attacker) == p.side(c.defender) {
            out.push(format!("a melee contact between {} and {} that cannot be", p.id(c.attacker), p.id(c.defender)));
        }
    }
    if p.r.turn > p.sc.spec.turns {
        out.push(format!("turn {} of a battle of {}", p.r.turn, p.sc.spec.turns));
    }
    out
}
