//! What a command would cost and its exact odds, before it is given: the numbers the window shows
//! the player and the computer opponent scores with (DESIGN.md: the AI reuses the UI's calculators).

use bevy::prelude::*;
use serde::Serialize;

use super::actions::{Ctx, assault, combat, movement, rally};
use super::events::Command;
use super::map::{Situation, UnitInfo};
use super::ops;
use super::units::Side;

/// The cost and odds of one command.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Preview {
    /// Medals the command spends.
    pub medals: u32,
    /// Movement points it uses, for a movement.
    pub mp: u32,
    /// Named probabilities, e.g. ("hit", 0.5), ("target eliminated", 0.5), ("breakdown", 0.33).
    pub odds: Vec<(String, f32)>,
    /// One line for the action bar or the tooltip.
    pub text: String,
}

impl Preview {
    pub fn chance(&self, name: &str) -> f32 {
        self.odds.iter().find(|(n, _)| n == name).map(|(_, p)| *p).unwrap_or(0.0)
    }
}

fn pct(p: f32) -> String {
    format!("{:.0}%", p * 100.0)
}

/// Breakdown probability for one test of a unit (4.1).
pub fn breakdown_chance(sit: &Situation, u: &UnitInfo, turn: u32, after_assault: bool) -> f32 {
    let t = &sit.scenario.tables.breakdown;
    let limit = match (after_assault, u.side(), turn) {
        (true, _, _) => t.after_assault,
        (false, Side::German, 1) => t.german_terrain_turn_1,
        (false, Side::German, _) => t.german_terrain,
        (false, Side::Allied, _) => t.allied_terrain,
    };
    limit.min(6) as f32 / 6.0
}

/// P(at least `k` successes in `n` dice each succeeding with `p`).
fn at_least(n: u32, k: u32, p: f32) -> f32 {
    let mut total = 0.0;
    for s in k..=n {
        total += binomial(n, s) * p.powi(s as i32) * (1.0 - p).powi((n - s) as i32);
    }
    total
}

fn binomial(n: u32, k: u32) -> f32 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f32 / (i + 1) as f32)
}

/// Exact outcome of a tank's assault with its re-launches (3.3, 4.1): (P(defender eliminated),
/// P(tank lost)). `losses_needed` is what the defender can still take; `relaunches` the medals left.
fn tank_assault(dice: u32, p: f32, losses_needed: u32, relaunches: u32, breakdown: f32) -> (f32, f32) {
    // One assault: the defender takes k losses with probability C(n,k) p^k q^(n-k).
    let mut win = 0.0;
    let mut lost = 0.0;
    for k in 0..=dice {
        let pk = binomial(dice, k) * p.powi(k as i32) * (1.0 - p).powi((dice - k) as i32);
        if k >= losses_needed {
            win += pk;
            continue;
        }
        // The defender survives: a breakdown eliminates the tank, otherwise it re-launches if it can.
        let still = losses_needed - k;
        lost += pk * breakdown;
        if relaunches > 0 {
            let (w, l) = tank_assault(dice, p, still, relaunches - 1, breakdown);
            win += pk * (1.0 - breakdown) * w;
            lost += pk * (1.0 - breakdown) * l;
        } else {
            lost += pk * (1.0 - breakdown);
        }
    }
    (win, lost)
}

/// The preview of a command for the active unit (or a barrage marker), if it has one.
pub fn preview(world: &World, cmd: &Command) -> Option<Preview> {
    let turn = ops::turn(world);
    match cmd {
        Command::PlaceBarrage(label) => {
            // Only where a marker may go: the map in play (scenario 1: north of row P), one per hex (5).
            super::artillery::check(world, cmd).ok()?;
            let sit = Situation::capture(world);
            let h = sit.board().parse(label).ok()?;
            let t = &sit.scenario.tables.artillery;
            let m = if turn == 1 { t.turn_1_modifier } else { 0 };
            let on_target = ((t.on_target - m).clamp(0, 6)) as f32 / 6.0;
            let mut odds = vec![("on target".to_string(), on_target)];
            if let Some(u) = sit.at(h).next() {
                let max = sit.scenario.tables.max_medals;
                let effect = if u.is_tank() {
                    (7 - t.tank_loss_on.min(7)) as f32 / 6.0
                } else {
                    let m = if sit.trench(h).is_some() { t.trench_modifier } else { 0 };
                    (1..=6).filter(|d| d + m > u.medals(max) as i32).count() as f32 / 6.0
                };
                odds.push((if u.is_tank() { "loss" } else { "eliminated" }.to_string(), on_target * effect));
            }
            let text = format!("barrage on {label}: on target {}", pct(on_target));
            return Some(Preview { odds, text, ..Default::default() });
        }
        Command::Rally | Command::Move(_) | Command::Fire(_) | Command::Assault(_) | Command::Infiltrate(_) | Command::Withdraw(_) => {}
        _ => return None,
    }
    let ctx = Ctx::capture(world).ok()?;
    active_preview(world, &ctx, cmd, true)
}

/// [`preview`] of a command of the active unit on a snapshot the caller already holds (`ctx`, of
/// the world's position), with the same costs and odds and no text: the computer opponent scores
/// every command of a decision on one snapshot.
pub fn odds_of(world: &World, ctx: &Ctx, cmd: &Command) -> Option<Preview> {
    active_preview(world, ctx, cmd, false)
}

/// The preview of a command of the active unit; the text only if `words`.
fn active_preview(world: &World, ctx: &Ctx, cmd: &Command, words: bool) -> Option<Preview> {
    let night = ops::is_night(world);
    let turn = ops::turn(world);
    let sit = &ctx.sit;
    match cmd {
        Command::Move(label) => {
            let to = sit.board().parse(label).ok()?;
            let dest = movement::destinations(ctx);
            let r = dest.get(&to)?;
            let medals = movement::medals_for(ctx, r.cost);
            let mut odds = Vec::new();
            let mut text = if words {
                format!("move to {label}: {} MP, {medals} medal{}", r.cost, if medals == 1 { "" } else { "s" })
            } else {
                String::new()
            };
            if ctx.me.is_tank() && r.risky > 0 {
                let p = breakdown_chance(sit, &ctx.me, turn, false);
                let risk = 1.0 - (1.0 - p).powi(r.risky as i32);
                odds.push(("breakdown".into(), risk));
                if words {
                    text.push_str(&format!(", breakdown risk {}", pct(risk)));
                }
            }
            if words && sit.enemy_zoc(to, ctx.me.side()) {
                text.push_str(", stops in an enemy zone of control");
            }
            Some(Preview { medals, mp: r.cost, odds, text })
        }
        Command::Fire(id) => {
            let target = sit.by_id(id)?;
            let (m, why) = combat::modifier(sit, &ctx.me, target).ok()?;
            let p = combat::hit_chance(sit, m);
            let kill = if target.reduced { p } else { 0.0 };
            Some(Preview {
                medals: 1,
                odds: vec![("hit".into(), p), ("target eliminated".into(), kill)],
                text: if words {
                    format!("fire at {}: hit {} ({why}){}", target.unit.name, pct(p), if kill > 0.0 { ", eliminates it" } else { "" })
                } else {
                    String::new()
                },
                ..Default::default()
            })
        }
        Command::Assault(id) => {
            let target = sit.by_id(id)?;
            let medals = assault::cost(sit, &ctx.me, target, night);
            let (need, m) = assault::odds(sit, &ctx.me, target, night);
            let p = ((7 - (need - m).clamp(1, 7)) as f32 / 6.0).clamp(0.0, 1.0);
            let dice = ctx.me.medals(sit.scenario.tables.max_medals);
            let needed = if target.reduced { 1 } else { 2 };
            let (win, lose) = if ctx.me.is_tank() {
                let from = ctx.hex()?;
                let to = target.hex()?;
                let step = sit.step_cost(ctx.me.side(), ctx.me.kind(), dice, Some(from), to);
                let before = if step.terrain > 1 { breakdown_chance(sit, &ctx.me, turn, false) } else { 0.0 };
                let after = breakdown_chance(sit, &ctx.me, turn, true);
                let relaunches = ctx.act.medals_left().saturating_sub(medals) / sit.scenario.tables.actions.assault_tank.max(1);
                let (w, l) = tank_assault(dice, p, needed, relaunches, after);
                ((1.0 - before) * w, before + (1.0 - before) * l)
            } else {
                let w = at_least(dice, needed, p);
                (w, 1.0 - w)
            };
            Some(Preview {
                medals,
                odds: vec![("success".into(), win), ("attacker eliminated".into(), lose)],
                text: if words {
                    format!(
                        "assault {}: {medals} medal{}, {dice} dice hitting on {}+{}: success {}",
                        target.unit.name,
                        if medals == 1 { "" } else { "s" },
                        need,
                        if m != 0 { format!(" {m:+}") } else { String::new() },
                        pct(win)
                    )
                } else {
                    String::new()
                },
                ..Default::default()
            })
        }
        Command::Rally => {
            let medals = rally::rally_cost(ctx);
            let text = if words { format!("rally: {medals} medal{}", if medals == 1 { "" } else { "s" }) } else { String::new() };
            Some(Preview { medals, text, ..Default::default() })
        }
        Command::Infiltrate(label) | Command::Withdraw(label) => {
            let infiltrate = matches!(cmd, Command::Infiltrate(_));
            let medals = if infiltrate { rally::infiltration_cost(ctx) } else { rally::withdrawal_cost(ctx) };
            let to = sit.board().parse(label).ok()?;
            let mut odds = Vec::new();
            if ctx.me.is_tank() && sit.step_cost(ctx.me.side(), ctx.me.kind(), 0, ctx.hex(), to).terrain > 1 {
                odds.push(("breakdown".into(), breakdown_chance(sit, &ctx.me, turn, false)));
            }
            Some(Preview {
                medals,
                odds,
                text: if words {
                    format!(
                        "{} to {label}: {medals} medal{}",
                        if infiltrate { "infiltrate" } else { "withdraw" },
                        if medals == 1 { "" } else { "s" }
                    )
                } else {
                    String::new()
                },
                ..Default::default()
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tank_assault_odds_add_up() {
        let (w, l) = tank_assault(3, 0.5, 2, 2, 1.0 / 3.0);
        assert!(w > 0.0 && l > 0.0 && (w + l - 1.0).abs() < 1e-4, "{w} + {l}");
        assert!((at_least(3, 2, 0.5) - 0.5).abs() < 1e-6);
    }
}
