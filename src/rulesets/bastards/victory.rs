//! Chapter 11, Victory Conditions: scenario 1's running and end-of-game victory points, scenario 2's
//! decisive victory and seven result levels with the first-tank-battle shift. Holding a place counts
//! only with battalions that trace a line of communication to their own edge.

use bevy::prelude::*;

use super::events::EventKind;
use super::map::{Situation, UnitInfo};
use super::ops;
use super::scenario::{Award, LevelsVictory, PlaceAward, VictorySpec};
use super::state::{Setup, Tracks};
use super::units::{Side, UnitKind};

/// Scenario 1: a tank eliminated in a combat initiated by a tank — 4 VP the first time (2 if the
/// victim is a Whippet), 1 VP after that.
pub fn tank_killed_by_tank(world: &mut World, by: Side, victim: UnitKind) {
    let setup = world.resource::<Setup>().0.clone();
    let VictorySpec::Points(v) = &setup.spec.victory else { return };
    let first = !world.resource::<Tracks>().first_tank_kill_done;
    world.resource_mut::<Tracks>().first_tank_kill_done = true;
    let points = match (first, victim) {
        (true, UnitKind::Whippet) => v.first_tank_kill_whippet,
        (true, _) => v.first_tank_kill,
        (false, _) => v.later_tank_kill,
    };
    let why = if first { "first tank eliminated by a tank" } else { "tank eliminated by a tank" };
    ops::score(world, by, points, why, "S1");
}

/// Scenario 1: 2 VP to the German player for each Allied tank eliminated following an assault.
pub fn tank_captured(world: &mut World, tank: &UnitInfo) {
    if tank.side() != Side::Allied {
        return;
    }
    let setup = world.resource::<Setup>().0.clone();
    if let VictorySpec::Points(v) = &setup.spec.victory {
        ops::score(world, Side::German, v.captured_tank, &format!("{} captured", tank.unit.name), "S1");
    }
}

/// Who holds a place: battalions of each side in its hexes that trace a line of communication.
pub struct Holding {
    pub hexes: [u32; 2],
}

impl Holding {
    pub fn of(&self, side: Side) -> u32 {
        self.hexes[if side == Side::Allied { 0 } else { 1 }]
    }
    pub fn any(&self, side: Side) -> bool {
        self.of(side) > 0
    }
    pub fn sole(&self, side: Side) -> bool {
        self.any(side) && !self.any(side.enemy())
    }
}

/// Counts the hexes of a place (or of a side's trench hexes: `german trenches`) held by battalions
/// that trace a line of communication.
pub fn holding(sit: &Situation, place: &str, comms: &[Vec<bool>; 2]) -> Holding {
    let hexes: Vec<hexx::Hex> = match place {
        "german trenches" => sit.board().hexes().filter(|h| sit.trench(*h) == Some(Side::German)).collect(),
        "allied trenches" => sit.board().hexes().filter(|h| sit.trench(*h) == Some(Side::Allied)).collect(),
        name => sit.place(name).to_vec(),
    };
    let mut held = [0u32; 2];
    for h in hexes {
        for (i, side) in [Side::Allied, Side::German].into_iter().enumerate() {
            if sit.at(h).any(|u| u.side() == side && !u.is_tank()) && sit.has_communication(h, side, &comms[i]) {
                held[i] += 1;
            }
        }
    }
    Holding { hexes: held }
}

fn award_points(a: &PlaceAward, h: &Holding) -> i32 {
    let mine = h.of(a.side) as i32;
    match a.award {
        Award::Sole(p) => {
            if h.sole(a.side) {
                p
            } else {
                0
            }
        }
        Award::Any(p) => {
            if mine > 0 {
                p
            } else {
                0
            }
        }
        Award::PerHex(p) => p * mine,
        Award::SoleOrPerHex(sole, per) => {
            if h.sole(a.side) {
                sole
            } else {
                per * mine
            }
        }
    }
}

fn both_comms(sit: &Situation) -> [Vec<bool>; 2] {
    [sit.communications(Side::Allied), sit.communications(Side::German)]
}

/// The seven result levels of scenario 2, German best first.
pub const LEVELS: [&str; 7] = [
    "German strategic victory",
    "German operational victory",
    "German tactical victory",
    "Draw",
    "Allied tactical victory",
    "Allied operational victory",
    "Allied strategic victory",
];

/// Scenario 2's result at the end of the game, before the first-tank-battle shift (an index into
/// [`LEVELS`]).
pub fn level(sit: &Situation, v: &LevelsVictory) -> usize {
    let comms = both_comms(sit);
    let town = holding(sit, &v.town, &comms);
    let village = holding(sit, &v.village, &comms);
    let south = holding(sit, &v.south_village, &comms);
    let trenches = holding(sit, "german trenches", &comms);
    let g = Side::German;
    let a = Side::Allied;
    if (south.any(g) || village.any(g)) && town.sole(g) {
        0
    } else if town.sole(g) {
        1
    } else if south.any(g) && town.any(g) && !trenches.any(a) {
        2
    } else if town.sole(a) && trenches.any(a) {
        6
    } else if town.sole(a) {
        5
    } else if south.any(a) && trenches.any(a) {
        4
    } else {
        3
    }
}

/// Who holds what the victory levels look at, in words: the "how" of the game-over line.
pub fn holdings_text(sit: &Situation, v: &LevelsVictory) -> String {
    let comms = both_comms(sit);
    let who = |h: Holding| match (h.any(Side::Allied), h.any(Side::German)) {
        (true, true) => "held by both sides",
        (true, false) => "held by the Allies alone",
        (false, true) => "held by the Germans alone",
        (false, false) => "held by neither side",
    };
    [&v.town, &v.village, &v.south_village]
        .into_iter()
        .map(|p| format!("{p} {}", who(holding(sit, p, &comms))))
        .chain(std::iter::once(format!(
            "the German trenches {}",
            if holding(sit, "german trenches", &comms).any(Side::Allied) { "entered by the Allies" } else { "not entered by the Allies" }
        )))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Scenario 2's decisive victory: alone in the town plus the wood, alone in the village, or the far
/// village.
pub fn decisive(sit: &Situation, v: &LevelsVictory) -> bool {
    let comms = both_comms(sit);
    let g = Side::German;
    holding(sit, &v.town, &comms).sole(g)
        && (holding(sit, &v.wood, &comms).any(g) || holding(sit, &v.village, &comms).sole(g) || holding(sit, &v.far_village, &comms).any(g))
}

/// End of turn: each-turn VPs and victory checks. Returns true when the game is over.
pub fn end_of_turn(world: &mut World) -> bool {
    let setup = world.resource::<Setup>().0.clone();
    let turn = ops::turn(world);
    let last = turn >= setup.last_turn();
    let sit = Situation::capture(world);
    let comms = both_comms(&sit);
    let result = match &setup.spec.victory {
        VictorySpec::Points(v) => {
            for a in &v.each_turn {
                let p = award_points(a, &holding(&sit, &a.place, &comms));
                ops::score(world, a.side, p, &format!("holds {} at the end of turn {turn}", a.place), "S1");
            }
            if last {
                for a in &v.end_of_game {
                    let p = award_points(a, &holding(&sit, &a.place, &comms));
                    ops::score(world, a.side, p, &format!("{} at the end of the game", a.place), "S1");
                }
                let vp = world.resource::<Tracks>().vp.clone();
                let (al, ge) = (vp.get(&Side::Allied).copied().unwrap_or(0), vp.get(&Side::German).copied().unwrap_or(0));
                Some(match al.cmp(&ge) {
                    std::cmp::Ordering::Greater => (Some(Side::Allied), format!("Allied victory, {al} VP to {ge}")),
                    std::cmp::Ordering::Less => (Some(Side::German), format!("German victory, {ge} VP to {al}")),
                    std::cmp::Ordering::Equal => (None, format!("Draw, {al} VP each")),
                })
            } else {
                None
            }
        }
        VictorySpec::Levels(v) => {
            if turn >= v.decisive_from_turn && decisive(&sit, v) {
                ops::log(
                    world,
                    "S2",
                    format!("Decisive victory (from turn {}): {}", v.decisive_from_turn, holdings_text(&sit, v)),
                    EventKind::Note,
                );
                Some((Some(Side::German), "German decisive victory".to_string()))
            } else if last {
                let base = level(&sit, v);
                let shifted = match world.resource::<Tracks>().first_tank_battle {
                    Some(Side::German) => base.saturating_sub(1),
                    Some(Side::Allied) => (base + 1).min(LEVELS.len() - 1),
                    None => base,
                };
                let shift = if shifted != base {
                    format!(" (shifted from {} by the first tank battle)", LEVELS[base].to_lowercase())
                } else {
                    String::new()
                };
                let winner = match shifted {
                    0..=2 => Some(Side::German),
                    3 => None,
                    _ => Some(Side::Allied),
                };
                ops::log(world, "S2", format!("At the end of the game: {}", holdings_text(&sit, v)), EventKind::Note);
                Some((winner, format!("{}{shift}", LEVELS[shifted])))
            } else {
                None
            }
        }
    };
    let vp = world.resource::<Tracks>().vp.clone();
    world.resource_mut::<Tracks>().vp_by_turn.push((
        turn,
        vp.get(&Side::Allied).copied().unwrap_or(0),
        vp.get(&Side::German).copied().unwrap_or(0),
    ));
    if let Some((winner, r)) = result {
        world.resource_mut::<Tracks>().result = Some(r.clone());
        world.resource_mut::<Tracks>().winner = winner;
        ops::log(world, "11", format!("Game over: {r}"), EventKind::GameOver { result: r });
        return true;
    }
    false
}
