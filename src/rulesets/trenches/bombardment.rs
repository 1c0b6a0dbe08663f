//! Preliminary bombardments (7.86): after set-up, before turn 1. The saturation procedure (7.861)
//! with the operations' variant (a failed roll reduces and spends instead of destroying).

use super::events::EventKind;
use super::scenario::{BombardmentKind, Failed};
use super::state::HexSet;
use super::state::{Fort, Pos, Rt};
use super::units::Level;

/// A unit's cover against the bombardment: its dugout, fortification, or the hex's cover (7.861).
fn cover(p: &Pos, u: usize) -> i32 {
    let h = p.hex(u).expect("on the map");
    match p.units[u].fort {
        Fort::Dugout => p.sc.tables.fortifications.dugout,
        Fort::OnWire => 0,
        Fort::In => p.fortification(h).map(|f| p.fortification_cover(f)).unwrap_or(0).max(p.natural_cover(h)).max(p.other_cover(h)),
        Fort::Out => p.natural_cover(h).max(p.other_cover(h)),
    }
}

/// Fires the operation's preliminary bombardment, if any (7.86).
pub fn fire(p: &mut Pos, rt: &mut Rt) {
    let Some(b) = p.sc.spec.bombardment.clone() else { return };
    if b.kind != BombardmentKind::Saturation {
        return;
    }
    let defender = b.by.enemy();
    let hexes: HexSet = p.on_map().filter(|&u| p.side(u) == defender).filter_map(|u| p.hex(u)).collect();
    let sc = p.sc.clone();
    for h in hexes.iter().filter(|h| sc.bombarded.contains(h)) {
        let units: Vec<usize> = p.side_in(h, defender).collect();
        // 1: into the dugouts beneath the hex.
        if p.dugout(h) {
            for &u in &units {
                if p.kind(u).enters_fortifications() {
                    p.units[u].fort = Fort::Dugout;
                }
            }
        }
        let roll = rt.d6(format!("saturation bombardment of {}", p.hex_label(h)), "7.861") as i32
            + if b.siege { p.sc.tables.bombardment.siege_bonus } else { 0 };
        let greatest = p.greatest_cover(h);
        rt.log(
            "7.861",
            format!("The bombardment of {} rolls {roll}.", p.hex_label(h)),
            EventKind::Bombarded { hex: p.hex_label(h), roll: roll.max(0) as u32 },
        );
        for &u in &units {
            // 2: no cover fails outright; 3: a roll above the unit's cover fails.
            let c = cover(p, u);
            if c == 0 || roll > c {
                match b.failed {
                    Failed::Destroyed => {
                        p.units[u].steps = 1;
                        super::fire::lose_step(p, rt, u, "7.861");
                    }
                    Failed::ReducedAndSpent => {
                        super::fire::lose_step(p, rt, u, "7.861");
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
    // 4: wire removed, the defender first, then the attacker, one counter at a time (the map's
    // order stands for both players' choices).
    let n = rt.d6("wire counters removed", "7.861") as usize;
    let removed: Vec<_> = p.r.wire.iter().take(n).collect();
    for h in removed {
        p.r.wire.remove(&h);
    }
}
