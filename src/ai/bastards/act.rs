//! Activations (2.1, 2.2, 2.3, 8, 10): which unit to activate next, and what the active unit does.
//!
//! Every command of the active unit is scored as the first step of a plan for the rest of its
//! activation: where the unit ends (the side's goal field: how close it stands to the objectives it
//! should take or hold, less the danger it is in there) plus what it can still do with the medals
//! left (fire, assault, rally from there). Fire, assault, rally, infiltration and withdrawal take
//! their cost and odds from the rules' preview (`rulesets::bastards::preview`), the numbers the
//! window shows; movement takes its paths and costs from the rules' own `movement::destinations`
//! and `medals_for`, and its breakdown risk from `preview::breakdown_chance`.

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::Journal;
use crate::rulesets::bastards::actions::{self, Ctx, assault, combat, movement};
use crate::rulesets::bastards::map::UnitInfo;
use crate::rulesets::bastards::preview;
use crate::rulesets::bastards::state::{Activations, Agenda, StageKind};
use crate::rulesets::bastards::units::{Location, Side};
use crate::rulesets::bastards::{Command, Event, EventKind, ops};

use super::brain::{Brain, unit_worth};

/// Victory points of the goal field lost per MP of distance from an objective.
pub const LAMBDA: f32 = 0.5;

/// Scores of an activation stage's commands.
pub fn scores(world: &World, legal: &[Command]) -> Vec<f32> {
    match Ctx::capture(world) {
        Ok(ctx) => active_scores(world, ctx, legal),
        Err(_) => choose_unit(world, legal),
    }
}

fn stage_side(world: &World) -> Side {
    world.resource::<Agenda>().current.as_ref().and_then(|s| s.side).unwrap_or(Side::German)
}

fn stage_kind(world: &World) -> Option<StageKind> {
    world.resource::<Agenda>().current.as_ref().map(|s| s.kind.clone())
}

/// Which unit to activate next, or `Done`: units are ranked by what they can do now (tanks first,
/// to disorganise targets; then battalions that can assault; then those that must rally; then the
/// others, front first). A unit with nothing to do (holding its place with no enemy near) is not
/// activated, and `Done` ends the phase when no unit is worth activating.
fn choose_unit(world: &World, legal: &[Command]) -> Vec<f32> {
    let side = stage_side(world);
    let b = Brain::new(world, side);
    let kind = stage_kind(world);
    let limited = world.resource::<Activations>().remaining.is_some();
    let cancelled = cancelled_entries(world);
    legal
        .iter()
        .map(|c| match c {
            Command::Activate(id) if cancelled.iter().any(|x| x == id) => -10.0,
            Command::Activate(id) => match b.sit.by_id(id) {
                Some(u) => priority(&b, u, kind.as_ref(), limited),
                None => -100.0,
            },
            Command::Done => 0.0,
            _ => -100.0,
        })
        .collect()
}

/// Units activated in this stage to come onto the map whose entry was then called off (an entering
/// unit that ends its activation stays off the map and may be activated again): activating them
/// again would go round in circles.
fn cancelled_entries(world: &World) -> Vec<String> {
    let journal = world.resource::<Journal<Event>>();
    let mut activated: Vec<&str> = Vec::new();
    let mut acted: Vec<&str> = Vec::new();
    for e in journal.entries().iter().rev() {
        match &e.event.kind {
            EventKind::PhaseBegan { .. } => break,
            EventKind::Activated { unit } => activated.push(unit),
            EventKind::ActivationEnded { unit, .. } | EventKind::Moved { unit, .. } => acted.push(unit),
            _ => {}
        }
    }
    activated.into_iter().filter(|u| !acted.contains(u)).map(str::to_string).collect()
}

/// True if an off-map unit has an entry hex it may enter this activation (its group's rows of its
/// edge, within its garrison's reach, not held by the enemy, affordable with its movement medals).
fn can_enter(b: &Brain, u: &UnitInfo, move_only: bool) -> bool {
    let sit = &b.sit;
    let a = &sit.scenario.tables.actions;
    let max = sit.scenario.tables.max_medals;
    let medals = if move_only {
        1
    } else if u.is_tank() {
        a.tank_movement_medals_per_turn.min(u.medals(max))
    } else {
        u.medals(max)
    };
    let budget = medals * if u.is_tank() { a.mp_per_medal_tank } else { a.mp_per_medal_battalion };
    let allowed = actions::allowed_for(sit, u);
    sit.unit_entry_hexes(u)
        .into_iter()
        .any(|h| allowed(h) && !sit.enemy_in(h, u.side()) && sit.step_cost(u.side(), u.kind(), u.medals(max), None, h).total() <= budget)
}

/// How much activating a unit now is worth (0: not worth it).
fn priority(b: &Brain, u: &UnitInfo, kind: Option<&StageKind>, _limited: bool) -> f32 {
    let sit = &b.sit;
    let max = sit.scenario.tables.max_medals;
    let Some(h) = u.hex() else {
        // Arrivals: a reinforcement that scores victory points for the enemy stays out.
        let optional = sit.scenario.spec.reinforcements.iter().any(|r| r.optional && r.units.iter().any(|x| **x == *u.unit.id));
        let returning = matches!(kind, Some(StageKind::ReturnToPlay));
        return if optional || !can_enter(b, u, returning) {
            -10.0
        } else if matches!(u.location, Location::Waiting | Location::OnTrack { .. }) {
            3.0
        } else {
            -10.0
        };
    };
    let Some(i) = b.index(h) else { return -10.0 };
    let enemy_near = |r: u32| sit.units.iter().any(|e| e.side() != u.side() && e.hex().is_some_and(|x| x.unsigned_distance_to(h) <= r));
    // Front units first: a small bonus for being near the enemy.
    let nearest =
        sit.units.iter().filter(|e| e.side() != u.side()).filter_map(|e| e.hex().map(|x| x.unsigned_distance_to(h))).min().unwrap_or(40)
            as f32;
    let front = 0.3 / (1.0 + nearest);
    if u.is_tank() {
        if u.breakdown {
            // Only a combat action: worth it with a target in range.
            let target = sit.units.iter().any(|e| {
                e.side() != u.side()
                    && e.hex().is_some_and(|x| x.unsigned_distance_to(h) <= sit.scenario.tables.combat.tank_range)
                    && b.fire_chance(u, h, e).is_some()
            });
            return if target { 2.5 + front } else { -1.0 };
        }
        return 2.5 + front;
    }
    let night_round = matches!(kind, Some(StageKind::NightRound { .. }));
    let adjacent: Vec<&UnitInfo> =
        sit.units.iter().filter(|e| e.side() != u.side() && e.hex().is_some_and(|x| x.unsigned_distance_to(h) == 1)).collect();
    if u.reduced {
        return 1.5 + front;
    }
    if !adjacent.is_empty() {
        let mut best: f32 = 0.0;
        if u.medals(max) >= sit.scenario.tables.actions.assault_battalion {
            for e in &adjacent {
                let p = assault::success_chance(sit, u, e, b.night);
                best = best.max(p);
            }
        }
        return 1.2 + best + front;
    }
    // Holding an objective hex, no enemy close: nothing to do.
    if !night_round && b.hold_value(u.side(), i, Some(i)) > 0.0 && !enemy_near(3) {
        return -0.5;
    }
    1.0 + front
}

/// Plans of the active unit.
struct Planner<'a> {
    b: &'a Brain,
    me: &'a UnitInfo,
    field: Vec<f32>,
    aggr: f32,
    caution: f32,
    /// For a tank: the enemy units it could fire at (out of closed terrain), with what two dice
    /// at each are worth (the same wherever the tank stands).
    targets: Vec<(Hex, f32)>,
}

impl<'a> Planner<'a> {
    fn new(b: &'a Brain, me: &'a UnitInfo, field: Vec<f32>, aggr: f32, caution: f32) -> Planner<'a> {
        let mut targets = Vec::new();
        if me.is_tank() {
            let row = crate::rulesets::bastards::tables::Attacker::Tank(me.kind());
            for e in b.sit.units.iter().filter(|e| e.side() != me.side()) {
                let Some(eh) = e.hex() else { continue };
                let Some(ei) = b.index(eh) else { continue };
                if b.atlas.closed[ei] {
                    continue;
                }
                // What one die is worth against it: the hit chance (Tanks in Combat, or the terrain
                // the battalion stands in) times the loss.
                let p = if e.is_tank() {
                    match b.sit.scenario.tables.tank_combat_drm(row, e.kind()) {
                        Some(m) => crate::rulesets::bastards::actions::combat::hit_chance(&b.sit, m),
                        None => continue,
                    }
                } else {
                    b.hit_chance_on_battalion(ei, e.side())
                };
                targets.push((eh, 2.0 * p * b.loss_value(e, Some(me))));
            }
        }
        Planner { b, me, field, aggr, caution, targets }
    }
}

impl Planner<'_> {
    fn me(&self) -> &UnitInfo {
        self.me
    }

    /// The value of the unit standing in hex `i` at the end of its activation.
    fn place_value(&self, i: usize) -> f32 {
        let me = self.me();
        let base = if me.is_tank() { self.tank_place(i) } else { self.field[i].max(-1000.0) };
        base - self.caution * self.b.danger(me, i)
    }

    /// A tank's place: near targets it can fire at (in the open, within its range), out of closed
    /// terrain, from which it cannot fire.
    fn tank_place(&self, i: usize) -> f32 {
        let b = self.b;
        let h = b.atlas.hexes[i];
        let range = b.sit.scenario.tables.combat.tank_range as f32;
        let mut best: f32 = 0.0;
        for &(eh, worth) in &self.targets {
            let d = eh.unsigned_distance_to(h) as f32;
            let v = worth - 0.35 * (d - range).max(0.0);
            best = best.max(v);
        }
        let closed = if b.atlas.closed[i] { 1.0 } else { 0.0 };
        // Keep near the objectives too: a fraction of the battalions' goal field.
        best - closed + 0.1 * self.field[i].max(-100.0)
    }

    /// What the unit can still do from hex `i` with `medals` left: fire, assault or rally.
    fn followup(&self, i: usize, medals: u32) -> f32 {
        if medals == 0 {
            return 0.0;
        }
        let b = self.b;
        let sit = &b.sit;
        let me = self.me();
        let h = b.atlas.hexes[i];
        let max = sit.scenario.tables.max_medals;
        let a = &sit.scenario.tables.actions;
        if me.is_tank() {
            if b.atlas.closed[i] {
                return 0.0;
            }
            let mut best_fire: f32 = 0.0;
            let mut best_assault: f32 = 0.0;
            for e in sit.units.iter().filter(|e| e.side() != me.side()) {
                let Some(eh) = e.hex() else { continue };
                let d = eh.unsigned_distance_to(h);
                if d > sit.scenario.tables.combat.tank_range || d == 0 {
                    continue;
                }
                if let Some(p) = b.fire_chance(me, h, e) {
                    best_fire = best_fire.max(b.fire_plan(p, e, me, medals));
                }
                if d == 1 && !e.is_tank() && b.index(eh).is_some_and(|ei| !b.atlas.closed[ei]) {
                    let s = assault::success_chance(sit, me, e, b.night) * 0.7;
                    best_assault = best_assault.max(s * b.kill_value(e) - (1.0 - s) * 0.5 * unit_worth(me) * self.caution);
                }
            }
            return self.aggr * best_fire.max(best_assault);
        }
        if me.reduced {
            let in_trench = b.atlas.trench[i] == super::brain::si(me.side()) as i8;
            let cost = if in_trench {
                a.rally_in_friendly_trench
            } else if b.enemy_zoc(i, me.side()) {
                a.rally_in_enemy_zoc_outside_trench
            } else {
                a.rally
            };
            return if medals >= cost { rally_gain(b, me) } else { 0.0 };
        }
        let mut best_fire: f32 = 0.0;
        let mut best_assault = f32::NEG_INFINITY;
        let rest = medals.saturating_sub(a.assault_battalion);
        for j in b.atlas.neighbors(i) {
            let Some(e) = b.unit_in(j) else { continue };
            if e.side() == me.side() {
                continue;
            }
            let p = b.fire_chance(me, h, e);
            if let Some(p) = p {
                best_fire = best_fire.max(b.fire_plan(p, e, me, medals));
            }
            if medals >= a.assault_battalion && me.medals(max) >= 1 {
                let s = assault::success_chance(sit, me, e, b.night);
                let v = s * b.kill_value(e) * self.aggr - (1.0 - s) * unit_worth(me) * self.caution;
                best_assault = best_assault.max(v + self.aggr * p.map(|p| (1.0 - s) * b.fire_plan(p, e, me, rest)).unwrap_or(0.0));
            }
        }
        (self.aggr * best_fire).max(best_assault).max(0.0)
    }

    /// True if the unit could assault an enemy from hex `i` with `medals` left.
    fn can_assault_from(&self, i: usize, medals: u32) -> bool {
        let b = self.b;
        let me = self.me();
        let a = &b.sit.scenario.tables.actions;
        let cost = if me.is_tank() { a.assault_tank } else { a.assault_battalion };
        medals >= cost
            && (me.is_tank() || !me.reduced)
            && b.atlas
                .neighbors(i)
                .any(|j| b.enemy_in(j, me.side()) && !(me.is_tank() && (b.atlas.closed[j] || b.unit_in(j).is_some_and(|u| u.is_tank()))))
    }
}

/// Value of rallying a disorganised battalion.
fn rally_gain(b: &Brain, u: &UnitInfo) -> f32 {
    let w = unit_worth(u);
    0.35 * w + if b.turns_to_nightfall() <= 1 { 0.5 * w } else { 0.1 * w }
}

/// Scores the active unit's commands.
fn active_scores(world: &World, ctx: Ctx, legal: &[Command]) -> Vec<f32> {
    let side = ctx.me.side();
    // What needs the rules' activation context: the reachable hexes and what each move costs.
    let moves: std::collections::HashMap<Hex, (u32, u32)> = if legal.iter().any(|c| matches!(c, Command::Move(_))) {
        movement::destinations_shared(&ctx).iter().map(|(h, r)| (*h, (movement::medals_for(&ctx, r.cost), r.risky))).collect()
    } else {
        Default::default()
    };
    let lone_bonus = combat::trench_bonus(&ctx);
    // The costs and odds of the commands that have them, on this decision's one snapshot.
    let previews: Vec<Option<preview::Preview>> = legal
        .iter()
        .map(|c| match c {
            Command::Fire(_) | Command::Assault(_) | Command::Rally | Command::Infiltrate(_) | Command::Withdraw(_) => {
                preview::odds_of(world, &ctx, c)
            }
            _ => None,
        })
        .collect();
    let Ctx { sit, act, me } = ctx;
    let b = Brain::from_situation(world, sit, side);
    let cur = me.hex().and_then(|h| b.index(h));
    // The goal field tells hexes apart: without a command that changes the unit's hex, every score
    // would carry the same `field[cur]`, so it is left out (the choice is the same, and cheaper).
    let field = if legal.iter().any(|c| matches!(c, Command::Move(_) | Command::Assault(_) | Command::Infiltrate(_) | Command::Withdraw(_)))
    {
        b.goal_field(side, cur, LAMBDA)
    } else {
        vec![0.0; b.atlas.hexes.len()]
    };
    // The night assault (10): the enemy answers with a few battalions only, and the night is short.
    let night_assault = side == Side::Allied && matches!(stage_kind(world), Some(StageKind::NightRound { german: false, .. }));
    let (aggr, caution) = if night_assault { (b.aggression * 1.5, b.caution * 0.4) } else { (b.aggression, b.caution) };
    let p = Planner::new(&b, &me, field, aggr, caution);
    let medals_left = act.medals_left();
    let stay = match cur {
        Some(i) => p.place_value(i),
        None => -50.0,
    };
    let turn = ops::turn(world);
    let parse = |l: &str| -> Option<(Hex, usize)> {
        let h = b.sit.board().parse(l).ok()?;
        Some((h, b.index(h)?))
    };
    // The hexes of the moves without parsing their labels: the rules list the moves in the order
    // of `movement::options` (the destinations by row, then column); each guess is checked against
    // the command's label, and parsed when it differs.
    let mut order: Vec<Hex> = moves.keys().copied().collect();
    order.sort_by_key(|h| (h.y, h.x));
    let mut next = 0usize;
    let move_to: Vec<Option<(Hex, usize)>> = legal
        .iter()
        .map(|c| {
            let Command::Move(l) = c else { return None };
            let guess = order.get(next).and_then(|&h| b.index(h).map(|i| (h, i)));
            next += 1;
            match guess {
                Some((h, i)) if b.sit.scenario.facts[i].label == *l => Some((h, i)),
                _ => parse(l),
            }
        })
        .collect();
    legal
        .iter()
        .zip(&previews)
        .zip(&move_to)
        .map(|((c, pv), to)| match c {
            Command::EndActivation => {
                if act.entering {
                    -60.0
                } else if act.actions > 0 {
                    // Having acted, stop unless something is clearly better (no dithering).
                    stay + 0.3
                } else {
                    stay
                }
            }
            Command::Move(_) => {
                let Some((h, i)) = *to else { return -100.0 };
                let Some(&(medals, risky)) = moves.get(&h) else { return -100.0 };
                let left = medals_left.saturating_sub(medals);
                let mut v = p.place_value(i) + p.followup(i, left);
                if me.is_tank() && risky > 0 {
                    let q = preview::breakdown_chance(&b.sit, &me, turn, false);
                    let risk = 1.0 - (1.0 - q).powi(risky as i32);
                    v -= risk * 0.6 * unit_worth(&me) * p.caution;
                }
                // Stopping on a friend only makes sense to assault from there (the unit must leave).
                if b.unit_in(i).is_some_and(|u| u.entity != me.entity) {
                    v = if p.can_assault_from(i, left) { v - 1.0 } else { v - 50.0 };
                }
                v
            }
            Command::Fire(id) => {
                let Some(t) = b.sit.by_id(id) else { return -100.0 };
                let Some(pv) = pv else { return -100.0 };
                let hit = pv.chance("hit");
                // Every medal left on this target (plus the trench's extra medal for a lone combat
                // action); the next decisions may switch targets, which only does better.
                let dice = (medals_left + lone_bonus).max(pv.medals);
                stay + p.aggr * b.fire_plan(hit, t, &me, dice)
            }
            Command::Assault(id) => {
                let Some(t) = b.sit.by_id(id) else { return -100.0 };
                let Some(pv) = pv else { return -100.0 };
                let s = pv.chance("success");
                let lost = pv.chance("attacker eliminated");
                let Some(ti) = t.hex().and_then(|h| b.index(h)) else { return -100.0 };
                let left = medals_left.saturating_sub(pv.medals);
                let win = b.kill_value(t) * p.aggr + p.place_value(ti) + p.followup(ti, left);
                let lose = stay - p.caution * (unit_worth(&me) + cur.map(|i| b.hold_value(side, i, Some(i))).unwrap_or(0.0));
                s * win + lost * lose + (1.0 - s - lost).max(0.0) * stay
            }
            Command::Rally => {
                let Some(pv) = pv else { return -100.0 };
                let left = medals_left.saturating_sub(pv.medals);
                let mut rallied = me.clone();
                rallied.reduced = false;
                let i = cur.unwrap_or(0);
                let after = p.field[i].max(-1000.0) - p.caution * b.danger(&rallied, i);
                after + rally_gain(&b, &me) + fire_after_rally(&p, &rallied, i, left)
            }
            Command::Infiltrate(l) | Command::Withdraw(l) => {
                let Some((_, i)) = parse(l) else { return -100.0 };
                let Some(pv) = pv else { return -100.0 };
                let left = medals_left.saturating_sub(pv.medals);
                let bd = pv.chance("breakdown") * 0.6 * unit_worth(&me) * p.caution;
                p.place_value(i) + p.followup(i, left) - bd - 0.3
            }
            _ => -100.0,
        })
        .collect()
}

/// After a rally, the unit may still fire with what is left.
fn fire_after_rally(p: &Planner, rallied: &UnitInfo, i: usize, left: u32) -> f32 {
    if left == 0 {
        return 0.0;
    }
    let b = p.b;
    let h = b.atlas.hexes[i];
    let mut best: f32 = 0.0;
    for j in b.atlas.neighbors(i) {
        if let Some(e) = b.unit_in(j)
            && e.side() != rallied.side()
            && let Some(q) = b.fire_chance(rallied, h, e)
        {
            best = best.max(q * b.loss_value(e, Some(rallied)));
        }
    }
    p.aggr * left as f32 * best
}
