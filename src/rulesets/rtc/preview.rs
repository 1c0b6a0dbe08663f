//! What a decision would cost and its odds, before it is made: the numbers a window would show and
//! the computer opponent would score with (not wired to either yet; see docs/rtc.md).

use super::events::Target;
use super::map::Ctx;
use super::units::Side;

/// The distribution of the sum of `n` six-sided dice: `p[s]` for s in 0..=6n.
pub fn dice_sum(n: u32) -> Vec<f64> {
    let mut p = vec![1.0];
    for _ in 0..n {
        let mut q = vec![0.0; p.len() + 6];
        for (s, v) in p.iter().enumerate() {
            for f in 1..=6 {
                q[s + f] += v / 6.0;
            }
        }
        p = q;
    }
    p
}

/// The chance that `base_ot + (n_ot dice)` exceeds `base_dt + (n_dt dice)`, and the expected loss
/// points when it does (10.3, 7.6).
pub fn odds(base_ot: i32, n_ot: u32, base_dt: i32, n_dt: u32) -> (f64, f64) {
    let (a, d) = (dice_sum(n_ot), dice_sum(n_dt));
    let (mut win, mut cp) = (0.0, 0.0);
    for (x, px) in a.iter().enumerate() {
        for (y, py) in d.iter().enumerate() {
            let r = base_ot + x as i32 - base_dt - y as i32;
            if r > 0 {
                win += px * py;
                cp += px * py * r as f64;
            }
        }
    }
    (win, cp)
}

/// The chance of an unmodified roll of at least `at` on `n` dice (7.8 ammunition, 10.6 breakdown).
pub fn at_least(n: u32, at: u32) -> f64 {
    dice_sum(n).iter().enumerate().filter(|(s, _)| *s as u32 >= at).map(|(_, p)| p).sum()
}

/// The movement cost of a step, in words, for a tooltip (9.32-9.52, 8.21, 8.3).
pub fn step_text(ctx: &Ctx, side: Side, from: u32, to: u32) -> String {
    format!("area {from} to area {to}: {} MP", ctx.enter_cost(side, from, to))
}

/// A bombardment's odds of doing any damage, before the dice (7.5).
pub fn bombardment_odds(ctx: &Ctx, lead_strength: i32, supports: i32, target: u32, defender: Side, at: Target, hurricane: bool) -> (f64, f64) {
    let t = &ctx.sc.tables.bombardment;
    let dice = if hurricane { t.hurricane_dice } else { t.dice };
    odds(lead_strength + supports * t.support_each, dice, super::bombardment::defence_tem(ctx, target, defender, at), t.dice)
}
