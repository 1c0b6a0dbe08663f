//! Positions on an open test table: the rules are plain functions of a position, so a test puts the
//! stands where the rulebook's example puts them, forces the dice and calls the rule (or `exec`, as
//! the game does).

use std::sync::Arc;

use salient::engine::board::Tabletop;
use salient::engine::board::tabletop::{TerrainFeature, Yards};
use salient::engine::journal::Journal;
use salient::engine::{Dice, Refusal};
use salient::rulesets::martians::commanders;
use salient::rulesets::martians::formations::Formation;
use salient::rulesets::martians::scenario::{CommanderSpec, Rank, RegimentSpec, Scenario, Sequence, UnitSpec};
use salient::rulesets::martians::state::{Cards, Phase, Pos, Rest, Rt};
use salient::rulesets::martians::table::Terrain;
use salient::rulesets::martians::{Command, Event, exec, initial_state};

use super::random_play::open;

/// The Syrtis Kopje battle's scenario, for its tables.
pub fn shipped() -> Scenario {
    let g = open(super::random_play::BATTLES[0], 0);
    (*g.world().resource::<salient::rulesets::martians::state::Setup>().0).clone()
}

/// A unit line: id, regiment, `army.unit`, formation, anchor, facing in degrees.
pub type U<'a> = (&'a str, &'a str, &'a str, Formation, (f32, f32), f32);

/// A position on an open 2000 x 2000 yard table with `features` (kind, corners), the regiments
/// (id, side index 0 `british` or 1 `natives`) and the units, turn 1 of the regiments phase with every
/// card in hand.
pub fn pos(sequence: Sequence, features: &[(&str, &[(f32, f32)])], regiments: &[(&str, usize)], units: &[U]) -> Pos {
    let mut sc = shipped();
    sc.spec.sequence = sequence;
    sc.spec.options = Default::default();
    sc.spec.turns = 10;
    sc.spec.info.sides[0].id = "british".into();
    sc.spec.info.sides[1].id = "natives".into();
    sc.spec.victory.breaking_point.clear();
    sc.spec.commanders.clear();
    sc.spec.victory.objectives.clear();
    sc.objectives.clear();
    sc.table = Tabletop {
        name: "test".into(),
        width: 2000.0,
        depth: 2000.0,
        features: features
            .iter()
            .map(|(k, pts)| TerrainFeature {
                kind: k.to_string(),
                name: k.to_string(),
                polygon: pts.iter().map(|(x, y)| Yards::new(*x, *y)).collect(),
            })
            .collect(),
    };
    sc.terrain = features.iter().map(|(k, _)| Terrain::of(k).expect("a terrain kind")).collect();
    sc.spec.regiments = regiments
        .iter()
        .map(|(id, s)| RegimentSpec { id: id.to_string(), side: sc.spec.info.sides[*s].id.clone(), name: id.to_string() })
        .collect();
    sc.side_of_regiment = regiments.iter().map(|r| r.1).collect();
    sc.spec.units = units
        .iter()
        .map(|(id, reg, ty, f, at, facing)| UnitSpec {
            id: id.to_string(),
            regiment: reg.to_string(),
            kind: ty.to_string(),
            formation: *f,
            at: *at,
            facing: *facing,
            castings: None,
            aboard: None,
        })
        .collect();
    sc.index_units();
    sc.regiment_of = units.iter().map(|u| regiments.iter().position(|r| r.0 == u.1).expect("a regiment of the test")).collect();
    let sc = Arc::new(sc);
    let states = (0..units.len()).map(|u| initial_state(&sc, u)).collect();
    let n = regiments.len();
    let r = Rest {
        turn: 1,
        phase: match sequence {
            Sequence::Initiative => Phase::Regiments,
            Sequence::Traditional => Phase::Movement,
        },
        priority: (0..n).collect(),
        totals: vec![0; n],
        active: (sequence == Sequence::Initiative).then_some(0),
        cards: vec![Cards { red: true, black: true, done: false }; n],
        motivation: vec![true, true],
        side: (sequence == Sequence::Traditional).then_some(0),
        ..Rest::default()
    };
    Pos { sc, units: states, r }
}

/// Puts commanders (id, rank, the unit he rides with) on a position, named by their ids (2.11).
pub fn with_commanders(p: &mut Pos, list: &[(&str, Rank, &str)]) {
    let mut sc = (*p.sc).clone();
    sc.spec.commanders = list
        .iter()
        .map(|(id, rank, with)| CommanderSpec { id: id.to_string(), name: id.to_string(), rank: *rank, with: with.to_string() })
        .collect();
    sc.index_commanders();
    p.sc = Arc::new(sc);
    p.r.leaders = commanders::at_start(&p.sc);
}

pub fn u(p: &Pos, id: &str) -> usize {
    p.find(id).unwrap_or_else(|| panic!("no unit {id}"))
}

/// Runs a rule with forced dice; returns what it returns and the events it logged. Every forced die
/// must be used.
pub fn with_dice<T>(p: &mut Pos, dice: &[u32], f: impl FnOnce(&mut Pos, &mut Rt) -> T) -> (T, Vec<Event>) {
    let mut d = Dice::new(0);
    d.force(dice.iter().copied());
    let mut j: Journal<Event> = Journal::default();
    let out = f(p, &mut Rt { dice: &mut d, journal: &mut j });
    assert!(d.forced_remaining().is_empty(), "dice left unused: {:?}", d.forced_remaining());
    (out, j.events().cloned().collect())
}

/// Checks and carries out a command as the game does, with forced dice.
pub fn submit(p: &mut Pos, c: Command, dice: &[u32]) -> Result<Vec<Event>, Refusal> {
    salient::rulesets::martians::check(p, &c)?;
    assert!(salient::rulesets::martians::legal_at(p).contains(&c), "{c:?} passes check but is not listed");
    Ok(with_dice(p, dice, |p, rt| exec(p, rt, c)).1)
}

/// Submits a command that must be accepted.
pub fn ok(p: &mut Pos, c: Command, dice: &[u32]) -> Vec<Event> {
    submit(p, c.clone(), dice).unwrap_or_else(|r| panic!("{c:?} refused: {r}"))
}
