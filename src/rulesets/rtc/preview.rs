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
pub fn bombardment_odds(
    ctx: &Ctx,
    lead_strength: i32,
    supports: i32,
    target: u32,
    defender: Side,
    at: Target,
    hurricane: bool,
) -> (f64, f64) {
    let t = &ctx.sc.tables.bombardment;
    let dice = if hurricane { t.hurricane_dice } else { t.dice };
    odds(lead_strength + supports * t.support_each, dice, super::bombardment::defence_tem(ctx, target, defender, at), t.dice)
}

// ---- Per-command previews for the window (src/ui/rtc) and anyone else who wants them. ----

/// The exact distribution of a contest's result (10.3, 7.6): `outcomes[0]` is the chance that OT does
/// not exceed DT (no loss points; for an attack, it fails), `outcomes[k]` for k ≥ 1 the chance of
/// exactly k loss points.
pub fn cp_outcomes(base_ot: i32, n_ot: u32, base_dt: i32, n_dt: u32) -> Vec<f64> {
    let (a, d) = (dice_sum(n_ot), dice_sum(n_dt));
    let mut out = vec![0.0];
    for (x, px) in a.iter().enumerate() {
        for (y, py) in d.iter().enumerate() {
            if px * py == 0.0 {
                continue;
            }
            let r = base_ot + x as i32 - base_dt - y as i32;
            if r > 0 {
                if out.len() <= r as usize {
                    out.resize(r as usize + 1, 0.0);
                }
                out[r as usize] += px * py;
            } else {
                out[0] += px * py;
            }
        }
    }
    out
}

/// A contest before its dice: the totals without dice, and the exact odds of each result.
#[derive(Clone, Debug, PartialEq)]
pub struct Contest {
    pub ot: i32,
    pub ot_dice: u32,
    pub dt: i32,
    pub dt_dice: u32,
    /// See [`cp_outcomes`].
    pub outcomes: Vec<f64>,
}

impl Contest {
    pub fn new(ot: i32, ot_dice: u32, dt: i32, dt_dice: u32) -> Contest {
        Contest { ot, ot_dice, dt, dt_dice, outcomes: cp_outcomes(ot, ot_dice, dt, dt_dice) }
    }
    /// The chance of at least one loss point (the attack succeeds).
    pub fn success(&self) -> f64 {
        1.0 - self.outcomes[0]
    }
    /// The expected loss points.
    pub fn expected_cp(&self) -> f64 {
        self.outcomes.iter().enumerate().map(|(k, p)| k as f64 * p).sum()
    }
}

/// The attacker's offensive total (10.2 a-c) with `lead` leading `attackers`, all counted as in the
/// attacked area (a preview of a move into it, or an attack in place).
pub fn offence_if(ctx: &Ctx, attackers: &[usize], lead: usize) -> i32 {
    let t = &ctx.sc.tables.attack;
    let l = ctx.unit(lead);
    let mut ot = l.spec.attack;
    for &i in attackers {
        let u = ctx.unit(i);
        if i != lead && super::attack::supports(ctx, l, u) {
            ot += t.support_each;
        }
    }
    if super::attack::integrity(ctx, attackers, l) {
        ot += t.divisional_integrity;
    }
    ot
}

/// The strongest defence the defender of `area` can choose (10.2 DT): lead, guns and SOS barrage,
/// with the DT; `None` if nobody defends.
pub fn best_defence(ctx: &Ctx, area: u32, defender: Side) -> Option<(i32, super::events::Command)> {
    use super::units::Kind;
    let defenders: Vec<&super::units::U> = ctx.sit.side_in(area, defender).collect();
    let mut best: Option<(i32, super::events::Command)> = None;
    for d in &defenders {
        let gun = if d.kind() == Kind::Infantry {
            defenders.iter().filter(|g| g.is_artillery() && g.fresh() && g.index != d.index).max_by_key(|g| g.spec.strength).copied()
        } else {
            None
        };
        let sos = super::attack::sos_guns(ctx, area, d).next();
        let dt = super::attack::defence(ctx, area, d, gun, sos.is_some());
        if best.as_ref().is_none_or(|(b, _)| dt > *b) {
            best = Some((
                dt,
                super::events::Command::Defend {
                    lead: d.spec.id.clone(),
                    guns: gun.map(|g| g.spec.id.clone()),
                    sos: sos.map(|s| s.spec.id.clone()),
                },
            ));
        }
    }
    best
}

/// An attack preview: the attacker's best lead against the defender's best defence.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackPreview {
    pub lead: String,
    pub defence: super::events::Command,
    pub contest: Contest,
    /// The chance that a tank breaks down (10.6), if tanks attack.
    pub breakdown: Option<f64>,
}

/// The attack `attackers` (of `side`) would make on `area`: the best lead (highest OT) against the
/// defender's best choice (highest DT).
pub fn attack_preview(ctx: &Ctx, side: Side, attackers: &[usize], area: u32) -> Option<AttackPreview> {
    let t = &ctx.sc.tables.attack;
    let lead = attackers
        .iter()
        .copied()
        .filter(|&i| !ctx.unit(i).is_artillery())
        .max_by_key(|&i| (offence_if(ctx, attackers, i), std::cmp::Reverse(i)))?;
    let (dt, defence) = best_defence(ctx, area, side.enemy())?;
    let contest = Contest::new(offence_if(ctx, attackers, lead), t.dice, dt, t.dice);
    let tanks = attackers.iter().any(|&i| ctx.unit(i).kind() == super::units::Kind::Tank);
    Some(AttackPreview {
        lead: ctx.unit(lead).spec.id.clone(),
        defence,
        contest,
        breakdown: tanks.then(|| at_least(t.dice, t.breakdown_at)),
    })
}

/// The contest a command would start or decide now, for the commands that roll dice or lead to an
/// attack: `MoveTo` into an enemy area and `AttackHere` (best lead vs best defence), `Lead` (this
/// lead vs best defence), `Defend` (the chosen lead's OT vs this defence), `Bombard` (no support
/// yet) and `Fire` (the announced bombardment).
pub fn contest_for(ctx: &Ctx, command: &super::events::Command) -> Option<Contest> {
    use super::events::Command as C;
    let t = &ctx.sc.tables;
    match command {
        C::MoveTo(to) => {
            let side = ctx.impulse.active?;
            let g = ctx.impulse.activation.as_ref()?.group.as_ref()?;
            ctx.sit.has(*to, side.enemy()).then_some(())?;
            attack_preview(ctx, side, &g.units, *to).map(|p| p.contest)
        }
        C::AttackHere => {
            let side = ctx.impulse.active?;
            let g = ctx.impulse.activation.as_ref()?.group.as_ref()?;
            attack_preview(ctx, side, &g.units, g.at).map(|p| p.contest)
        }
        C::Lead(id) => {
            let a = ctx.combat.attack.as_ref()?;
            let lead = ctx.find(id)?.index;
            let (dt, _) = best_defence(ctx, a.area, a.side.enemy())?;
            let here: Vec<usize> = a.attackers.iter().copied().filter(|&i| ctx.unit(i).area() == Some(a.area)).collect();
            Some(Contest::new(offence_if(ctx, &here, lead), t.attack.dice, dt, t.attack.dice))
        }
        C::Defend { lead, guns, sos } => {
            let a = ctx.combat.attack.as_ref()?;
            let l = ctx.unit(a.lead?);
            let ot = super::attack::offence(ctx, a, l);
            let d = ctx.find(lead)?;
            let dt = super::attack::defence(ctx, a.area, d, guns.as_deref().and_then(|g| ctx.find(g)), sos.is_some());
            Some(Contest::new(ot, t.attack.dice, dt, t.attack.dice))
        }
        C::Bombard { lead, target, at, hurricane } => {
            let u = ctx.find(lead)?;
            let o = super::state::Order {
                side: u.side(),
                lead: u.index,
                supports: Vec::new(),
                from: u.area()?,
                target: *target,
                at: *at,
                hurricane: *hurricane,
            };
            Some(bombard_contest(ctx, &o))
        }
        C::Fire => ctx.bombard.order.as_ref().map(|o| bombard_contest(ctx, o)),
        _ => None,
    }
}

/// The contest of a bombardment order as it stands (7.5).
pub fn bombard_contest(ctx: &Ctx, o: &super::state::Order) -> Contest {
    let t = &ctx.sc.tables.bombardment;
    let ot = super::bombardment::lead_strength(ctx, o) + o.supports.len() as i32 * t.support_each;
    let dt = super::bombardment::defence_tem(ctx, o.target, o.side.enemy(), o.at);
    Contest::new(ot, if o.hurricane { t.hurricane_dice } else { t.dice }, dt, t.dice)
}

/// The chance that a bombardment's guns run out of ammunition (7.8, unmodified OT roll).
pub fn out_of_ammo_chance(ctx: &Ctx, hurricane: bool) -> f64 {
    let t = &ctx.sc.tables.bombardment;
    at_least(if hurricane { t.hurricane_dice } else { t.dice }, t.out_of_ammo_at)
}

/// The loss points a payment command pays (7.63, 10.31), if it is one.
pub fn cp_paid(ctx: &Ctx, command: &super::events::Command) -> Option<u32> {
    use super::events::Command as C;
    let p = ctx.losses.pending.as_ref()?;
    match command {
        C::Flip(_) => Some(p.costs.flip),
        C::Eliminate(id) => Some(if ctx.find(id)?.c.spent { p.costs.eliminate_spent } else { p.costs.eliminate_fresh }),
        C::Retreat(..) => p.costs.retreat_spent,
        _ => None,
    }
}

/// What entering `to` would cost the activated group now, or why it may not (9.3-9.6).
pub fn move_cost(ctx: &Ctx, to: u32) -> Option<Result<u32, String>> {
    let side = ctx.impulse.active?;
    let g = ctx.impulse.activation.as_ref()?.group.as_ref()?;
    Some(ctx.group_move(side, g, to))
}

/// A command's preview as data (`salient script --legal`): what the window's order buttons show —
/// the movement or loss-point cost, the contest (totals, dice, the chance of each result), the
/// chance of running out of ammunition (7.8) and of a tank breakdown (10.6).
pub fn json(world: &bevy::prelude::World, command: &super::events::Command) -> Option<serde_json::Value> {
    use super::events::Command as C;
    use serde_json::json;
    let ctx = Ctx::capture(world);
    let mut out = serde_json::Map::new();
    if let C::MoveTo(to) = command
        && let Some(cost) = move_cost(&ctx, *to)
    {
        match cost {
            Ok(mp) => out.insert("mp".into(), mp.into()),
            Err(why) => out.insert("refused".into(), why.into()),
        };
    }
    if let Some(cp) = cp_paid(&ctx, command) {
        out.insert("cp_paid".into(), cp.into());
    }
    if let Some(k) = contest_for(&ctx, command) {
        // As the window's bars: ("fails", p), then ("k CP", p) for each number of loss points.
        let outcomes: Vec<serde_json::Value> = k
            .outcomes
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(|(cp, p)| json!([if cp == 0 { "fails".to_string() } else { format!("{cp} CP") }, p]))
            .collect();
        out.insert(
            "contest".into(),
            json!({ "ot": k.ot, "ot_dice": k.ot_dice, "dt": k.dt, "dt_dice": k.dt_dice, "success": k.success(), "expected_cp": k.expected_cp(), "outcomes": outcomes }),
        );
    }
    let hurricane = match command {
        C::Bombard { hurricane, .. } => Some(*hurricane),
        C::Fire => ctx.bombard.order.as_ref().map(|o| o.hurricane),
        _ => None,
    };
    if let Some(h) = hurricane {
        out.insert("out_of_ammunition".into(), out_of_ammo_chance(&ctx, h).into());
    }
    let attack = match command {
        C::MoveTo(to) if ctx.impulse.active.is_some_and(|s| ctx.sit.has(*to, s.enemy())) => Some(*to),
        C::AttackHere => ctx.impulse.activation.as_ref().and_then(|a| a.group.as_ref()).map(|g| g.at),
        _ => None,
    };
    if let Some(area) = attack
        && let (Some(side), Some(g)) = (ctx.impulse.active, ctx.impulse.activation.as_ref().and_then(|a| a.group.as_ref()))
        && let Some(p) = attack_preview(&ctx, side, &g.units, area)
        && let Some(b) = p.breakdown
    {
        out.insert("tank_breakdown".into(), b.into());
    }
    (!out.is_empty()).then_some(serde_json::Value::Object(out))
}
