//! Preliminary bombardments (7.86): after set-up, before turn 1. The saturation procedure (7.861)
//! with the operations' variant (a failed roll reduces and spends instead of destroying), and the
//! shock procedure (7.862): the attacker's shock units first creep forward, one free move each
//! without reaction fire, one of every twelve hit by rounds falling short; then the shorter, sharper
//! shelling.

use super::events::EventKind;
use super::scenario::{BombardmentKind, Failed};
use super::state::HexSet;
use super::state::{Fort, Pos, Rt};
use super::units::{Level, Side};

/// A unit's cover against the bombardment: its dugout, fortification, or the hex's cover (7.861).
fn cover(p: &Pos, u: usize) -> i32 {
    let h = p.hex(u).expect("on the map");
    match p.units[u].fort {
        Fort::Dugout => p.sc.tables.fortifications.dugout,
        Fort::Fortress => p.sc.tables.fortifications.fortress,
        Fort::OnWire => 0,
        Fort::In => p.fortification(h).map(|f| p.fortification_cover(f)).unwrap_or(0).max(p.natural_cover(h)).max(p.other_cover(h)),
        Fort::Out => p.natural_cover(h).max(p.other_cover(h)),
    }
}

/// After set-up (13.2): a shock bombardment sends the defender into its dugouts and lets the
/// attacker's shock units move (7.862); otherwise the shelling starts now.
/// Returns whether the attacker now moves its shock units.
pub fn begin(p: &mut Pos, rt: &mut Rt) -> bool {
    let Some(b) = p.sc.spec.bombardment.clone() else { return false };
    if b.kind == BombardmentKind::Shock && !infiltrators(p, b.by).is_empty() {
        into_dugouts(p, b.by.enemy());
        p.r.infiltrating = Some(b.by);
        p.r.phasing = Some(b.by);
        return true;
    }
    fire(p, rt);
    false
}

/// All defending units enter the dugouts beneath their hexes (7.861, 7.862: first point).
fn into_dugouts(p: &mut Pos, defender: Side) {
    let sc = p.sc.clone();
    for u in 0..p.units.len() {
        if let Some(h) = p.hex(u)
            && p.side(u) == defender
            && sc.bombarded.contains(&h)
            && p.dugout(h)
            && p.kind(u).enters_fortifications()
        {
            p.units[u].fort = Fort::Dugout;
        }
    }
}

/// The attacker's shock units that may still take their free move (7.862).
pub fn infiltrators(p: &Pos, side: Side) -> Vec<usize> {
    p.on_map()
        .filter(|&u| p.side(u) == side && p.units[u].shock && p.units[u].level == Level::Free && !p.r.infiltrated.contains(&u))
        .collect()
}

/// A shock unit's free move is over (7.862): it counts toward the rounds falling short, the
/// defender's secret roll of two dice naming which unit of each twelve they hit.
pub fn moved(p: &mut Pos, rt: &mut Rt, u: usize) {
    p.r.infiltrated.insert(u);
    let per = p.sc.tables.bombardment.short_rounds_per.max(1);
    let nth = p.r.shock_moves % per + 1;
    p.r.shock_moves += 1;
    if nth == 1 {
        let (roll, _) = rt.dice2("rounds falling short (the defender's secret roll)", "7.862");
        p.r.short_round = Some(roll);
    }
    if p.r.short_round == Some(nth) && p.hex(u).is_some() {
        rt.log(
            "7.862",
            format!("The defender shows the secret roll, {nth}: rounds falling short hit {}.", p.name(u)),
            EventKind::ShortRounds { unit: p.id(u).to_string(), roll: nth },
        );
        super::fire::lose_step(p, rt, u, "7.862");
    }
}

/// The attacker is done moving shock units: the shelling, then turn 1 (7.86).
pub fn end_infiltration(p: &mut Pos, rt: &mut Rt) {
    p.r.infiltrating = None;
    p.r.phasing = None;
    p.r.act = None;
    fire(p, rt);
    super::sequence::begin_turn(p, rt);
}

/// Fires the operation's preliminary bombardment, if any (7.861, 7.862).
pub fn fire(p: &mut Pos, rt: &mut Rt) {
    let Some(b) = p.sc.spec.bombardment.clone() else { return };
    let shock = b.kind == BombardmentKind::Shock;
    let rule = if shock { "7.862" } else { "7.861" };
    let defender = b.by.enemy();
    into_dugouts(p, defender);
    let hexes: HexSet = p.on_map().filter(|&u| p.side(u) == defender).filter_map(|u| p.hex(u)).collect();
    let sc = p.sc.clone();
    for h in hexes.iter().filter(|h| sc.bombarded.contains(h)) {
        let units: Vec<usize> = p.side_in(h, defender).collect();
        let roll = rt.d6(format!("bombardment of {}", p.hex_label(h)), rule) as i32
            + if b.siege { p.sc.tables.bombardment.siege_bonus } else { 0 };
        let greatest = p.greatest_cover(h);
        rt.log(
            rule,
            format!("The bombardment of {} rolls {roll}.", p.hex_label(h)),
            EventKind::Bombarded { hex: p.hex_label(h), roll: roll.max(0) as u32 },
        );
        for &u in &units {
            let c = cover(p, u);
            if shock {
                // 7.862: no cover, eliminated; 4 or more engages; above the cover, a step lost.
                if c == 0 {
                    p.units[u].steps = 1;
                    super::fire::lose_step(p, rt, u, rule);
                    continue;
                }
                if roll >= p.sc.tables.bombardment.shock_engages_at {
                    super::fire::escalate(p, rt, u, 1, rule);
                }
                if roll > c {
                    super::fire::lose_step(p, rt, u, rule);
                }
            } else if c == 0 || roll > c {
                // 7.861: no cover, or a roll above it, fails (docs/trenches.md: the operations' variant
                // reduces and spends a unit without cover too).
                match b.failed {
                    Failed::Destroyed => {
                        p.units[u].steps = 1;
                        super::fire::lose_step(p, rt, u, rule);
                    }
                    Failed::ReducedAndSpent => {
                        super::fire::lose_step(p, rt, u, rule);
                        if p.hex(u).is_some() {
                            p.units[u].level = Level::Spent;
                        }
                    }
                }
            }
        }
        if roll > greatest {
            p.r.craters.insert(h);
            rt.log("10.4", format!("{} is cratered.", p.hex_label(h)), EventKind::Cratered { hex: p.hex_label(h) });
            for u in p.units_in(h).collect::<Vec<_>>() {
                p.units[u].fort = Fort::Out;
            }
        }
    }
    // 7.861: one die of wire counters, the defender removing first; 7.862: two dice, the attacker
    // first (the map's order stands for both players' choices).
    let n = if shock { rt.dice2("wire counters removed", rule).0 } else { rt.d6("wire counters removed", rule) } as usize;
    let removed: Vec<_> = p.r.wire.iter().take(n).collect();
    for h in removed {
        p.r.wire.remove(&h);
    }
}
