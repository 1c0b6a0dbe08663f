//! What the outside world sees: the pending decision, the state view, and the invariants checked
//! after every command in tests.

use std::collections::BTreeMap;

use bevy::prelude::*;

use crate::engine::{Pending, StateView, UnitView};

use super::state::{Fort, Phase, Pos, Where};
use super::units::Side;

/// What the game waits for (3, 7.7, 13.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Place(Side),
    Orders(Side),
    Force(Side),
    Reaction(Side),
    /// A side allocates its close combat losses (9.2).
    Losses(Side),
}

pub fn stage(p: &Pos) -> Option<Stage> {
    if p.r.outcome.is_some() {
        return None;
    }
    match p.r.phase {
        Phase::Start => None,
        Phase::SetUp if p.r.registering.is_some() => p.r.registering.map(Stage::Place),
        Phase::SetUp => match (p.r.placing, p.r.infiltrating) {
            (Some(side), _) => Some(Stage::Place(side)),
            // 7.862: the attacker's shock units move during the shock bombardment.
            (None, Some(side)) if p.r.act.is_some() => Some(Stage::Force(side)),
            (None, Some(side)) => Some(Stage::Orders(side)),
            (None, None) => None,
        },
        Phase::Rounds => {
            let side = p.r.phasing?;
            Some(if let Some((loser, _)) = p.r.losses.first() {
                Stage::Losses(*loser)
            } else if p.r.window.is_some() {
                Stage::Reaction(side.enemy())
            } else if p.r.act.is_some() {
                Stage::Force(side)
            } else {
                Stage::Orders(side)
            })
        }
    }
}

/// The decision awaited, and by whom.
pub fn pending(world: &World) -> Option<Pending> {
    world.get_resource::<State<Phase>>()?;
    let p = Pos::capture(world);
    pending_of(&p).map(|(side, prompt, rule)| Pending { side: side.id().to_string(), prompt, rule: rule.to_string() })
}

pub fn pending_of(p: &Pos) -> Option<(Side, String, &'static str)> {
    Some(match stage(p)? {
        Stage::Place(s) => (s, "Place a unit in its set-up area (Place)".into(), "13.2"),
        Stage::Orders(s) if p.r.infiltrating.is_some() => {
            (s, "The shock bombardment: Activate a shock unit for its free move, or Pass to start the shelling".into(), "7.862")
        }
        Stage::Orders(s) => {
            (s, format!("Issue orders ({} left): Activate a unit or formation, or Pass", super::activation::halves(p.r.orders)), "3.2")
        }
        Stage::Force(s) => {
            (s, "Move, EnterFortification, LeaveDugout, Dig, Fire, Range, FireForEffect, CloseCombat or EndActivation".into(), "3.3")
        }
        Stage::Reaction(s) => (s, "Reaction fire (React) or NoReaction".into(), "7.7"),
        Stage::Losses(s) => (
            s,
            format!("Allocate {} close combat step loss(es): TakeLoss a unit in the fight", p.r.losses.first().map(|l| l.1).unwrap_or(0)),
            "9.2",
        ),
    })
}

pub fn state_view(world: &World) -> StateView {
    let p = Pos::capture(world);
    let units = (0..p.units.len())
        .map(|u| {
            let st = &p.units[u];
            let spec = p.spec(u);
            let location = match st.at {
                Where::Hex(h) => p.hex_label(h),
                Where::Unplaced => "unplaced".into(),
                Where::Eliminated => "eliminated".into(),
                Where::Exited => "exited".into(),
                Where::Pool => "off-map pool".into(),
                Where::OffMap => "off map".into(),
                Where::Withdrawn => "out of play".into(),
            };
            let status = if matches!(st.at, Where::Eliminated) { "eliminated".to_string() } else { st.level.id().to_string() };
            let mut markers = Vec::new();
            match st.fort {
                Fort::Out => {}
                Fort::In => markers.push("in_fortification".to_string()),
                Fort::Dugout => markers.push("dugout".to_string()),
                Fort::Fortress => markers.push("fortress".to_string()),
                Fort::OnWire => markers.push("on_wire".to_string()),
            }
            if st.hidden {
                markers.push("hidden".into());
            }
            if st.shock {
                markers.push("shock".into());
            }
            if st.shovel {
                markers.push("shovel".into());
            }
            if p.r.act.as_ref().is_some_and(|a| a.units.contains(&u)) {
                markers.push("activated".into());
            }
            UnitView {
                id: spec.id.clone(),
                name: format!("{} {}", spec.subtype, p.letter(u)),
                side: spec.side.id().to_string(),
                kind: spec.subtype.clone(),
                location,
                status,
                medals: None,
                steps: Some(st.steps),
                markers,
            }
        })
        .collect();
    let mut tracks = BTreeMap::new();
    tracks.insert("round".into(), i64::from(p.r.round));
    tracks.insert("orders_halves".into(), i64::from(p.r.orders));
    tracks.insert("spread_halves".into(), i64::from(p.r.spread));
    for s in Side::BOTH {
        tracks.insert(format!("initiative_{}", s.id()), i64::from(p.r.rolls[s.index()]));
        tracks.insert(
            format!("steps_{}", s.id()),
            (0..p.units.len()).filter(|&u| p.side(u) == s && p.hex(u).is_some()).map(|u| i64::from(p.units[u].steps)).sum(),
        );
    }
    let mut map_markers: Vec<String> = Vec::new();
    map_markers.extend(p.r.scrapes.iter().map(|h| format!("scrape@{}", p.hex_label(h))));
    map_markers.extend(p.r.craters.iter().map(|h| format!("crater@{}", p.hex_label(h))));
    map_markers.extend(p.r.wire.iter().map(|h| format!("wire@{}", p.hex_label(h))));
    map_markers.extend(p.r.melee.iter().map(|h| format!("close_combat@{}", p.hex_label(h))));
    map_markers.extend(p.r.impacts.iter().map(|i| format!("impact_{}@{}", i.side.id(), p.hex_label(i.hex))));
    for c in &p.r.crosshairs {
        for h in c.hexes {
            map_markers.push(format!("crosshair_{}@{}", c.side.id(), p.hex_label(h)));
        }
    }
    map_markers.dedup();
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
    invariants_of(&Pos::capture(world))
}

pub fn invariants_of(p: &Pos) -> Vec<String> {
    let mut out = Vec::new();
    let mut count: BTreeMap<((i32, i32), Side), u32> = BTreeMap::new();
    for u in 0..p.units.len() {
        let st = &p.units[u];
        if let Where::Hex(h) = st.at {
            if !p.sc.board.contains(h) {
                out.push(format!("{} is off the map", p.id(u)));
            }
            *count.entry(((h.y, h.x), p.side(u))).or_default() += 1;
            if st.steps == 0 || st.steps > p.ty(u).steps {
                out.push(format!("{} has {} steps", p.id(u), st.steps));
            }
            match st.fort {
                Fort::In if p.fortification(h).is_none() => {
                    out.push(format!("{} is IN a fortification {} does not have", p.id(u), p.hex_label(h)))
                }
                Fort::Dugout if !p.dugout(h) => out.push(format!("{} is in a dugout {} does not have", p.id(u), p.hex_label(h))),
                Fort::Fortress if !p.fortress(h) => out.push(format!("{} is in a fort {} does not have", p.id(u), p.hex_label(h))),
                Fort::In | Fort::Dugout | Fort::Fortress if !p.kind(u).enters_fortifications() => {
                    out.push(format!("{} cannot enter fortifications", p.id(u)))
                }
                _ => {}
            }
        }
        let due = p.spec(u).enters.is_none_or(|t| t <= p.r.turn);
        match st.at {
            Where::Unplaced if p.r.phase == Phase::Rounds && due => out.push(format!("{} was never placed", p.id(u))),
            Where::Pool if !due => out.push(format!("{} is in the pool before its turn (13.3)", p.id(u))),
            Where::OffMap | Where::Withdrawn if !p.spec(u).off_map => out.push(format!("{} is not an off-map battery", p.id(u))),
            Where::Hex(_) | Where::Pool | Where::Unplaced if p.spec(u).off_map => {
                out.push(format!("{} is an off-map battery (7.87)", p.id(u)))
            }
            _ => {}
        }
    }
    // 7.24, 8.2: units of both sides in one hex are in contact, and none of them hidden.
    for u in p.on_map().filter(|&u| p.units[u].hidden) {
        let h = p.hex(u).expect("on the map");
        if p.enemy_in(h, p.side(u)) {
            out.push(format!("{} is hidden in {} with enemy units (7.24, 8.2)", p.id(u), p.hex_label(h)));
        }
    }
    for (((y, x), s), n) in count {
        let h = hexx::Hex::new(x, y);
        if n > 3 {
            out.push(format!("{n} {} units in {} (2.8: three at most)", s.name(), p.hex_label(h)));
        }
    }
    if p.r.orders > p.r.spread {
        out.push(format!("{} half orders left of a spread of {}", p.r.orders, p.r.spread));
    }
    if let Some(act) = &p.r.act {
        if act.side != p.r.phasing {
            out.push("the activated force is not the phasing side's".into());
        }
        if act.units.iter().any(|&u| Some(p.side(u)) != act.side) {
            out.push("a unit of the other side is in the activated force".into());
        }
    }
    if p.r.outcome.is_none() && p.r.phase == Phase::Rounds && p.r.phasing.is_none() {
        out.push("rounds under way without a phasing side".into());
    }
    if p.r.turn > p.sc.spec.turns {
        out.push(format!("turn {} of an operation of {}", p.r.turn, p.sc.spec.turns));
    }
    out
}
