//! 3.1 Movement action, with the entry of units from the map edge (2.3, 8, 7.2) and the mechanical
//! breakdown test on entering costly terrain (4.1).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::Refusal;

use super::super::events::EventKind;
use super::super::map::{Reach, UnitInfo};
use super::super::ops;
use super::super::scenario::Scenario;
use super::super::state::{Activation, Activations};
use super::super::tanks;
use super::super::units::TurnRecord;
use super::Ctx;

/// Medals the unit may still spend on movement in this activation.
pub fn movement_medals(ctx: &Ctx) -> u32 {
    if ctx.me.breakdown {
        return 0;
    }
    let mut m = ctx.act.medals_left();
    if let Some(limit) = ctx.act.move_only_medals {
        m = m.min(limit.saturating_sub(ctx.act.spent));
    }
    if ctx.me.is_tank() {
        let cap = ctx.tables().actions.tank_movement_medals_per_turn;
        m = m.min(cap.saturating_sub(ctx.me.record.movement_medals));
    }
    if ctx.mg_must_fire() {
        return 0;
    }
    m
}

/// Every hex the active unit can move to now, with its path.
pub fn destinations(ctx: &Ctx) -> HashMap<Hex, Reach> {
    (*destinations_shared(ctx)).clone()
}

/// What [`destinations`] depends on, exactly: the scenario (held, so its address is not reused),
/// every unit, the activation and the active unit.
struct DestinationsKey {
    scenario: Arc<Scenario>,
    units: Vec<UnitInfo>,
    act: Activation,
    me: UnitInfo,
}

impl DestinationsKey {
    fn matches(&self, ctx: &Ctx) -> bool {
        Arc::ptr_eq(&self.scenario, &ctx.sit.scenario) && self.act == ctx.act && self.me == ctx.me && self.units == ctx.sit.units
    }
}

type Destinations = Rc<HashMap<Hex, Reach>>;

thread_local! {
    /// The last search of each thread: the rules' `legal`, the computer opponent's scores and the
    /// check of the move chosen all ask for the same position's destinations.
    static DESTINATIONS: RefCell<Option<(DestinationsKey, Destinations)>> = const { RefCell::new(None) };
}

/// [`destinations`], shared: a one-entry cache per thread with an exact key, so a hit is exactly
/// what [`fresh_destinations`] computes.
pub fn destinations_shared(ctx: &Ctx) -> Rc<HashMap<Hex, Reach>> {
    if let Some(hit) = DESTINATIONS.with(|d| d.borrow().as_ref().filter(|(k, _)| k.matches(ctx)).map(|(_, v)| v.clone())) {
        return hit;
    }
    let v = Rc::new(fresh_destinations(ctx));
    let key =
        DestinationsKey { scenario: ctx.sit.scenario.clone(), units: ctx.sit.units.clone(), act: ctx.act.clone(), me: ctx.me.clone() };
    DESTINATIONS.with(|d| *d.borrow_mut() = Some((key, v.clone())));
    v
}

/// [`destinations`] computed afresh (no cache).
pub fn fresh_destinations(ctx: &Ctx) -> HashMap<Hex, Reach> {
    let medals = movement_medals(ctx);
    let budget = ctx.act.mp_left + medals * ctx.mp_per_medal();
    if budget == 0 {
        return HashMap::new();
    }
    let allowed = ctx.allowed();
    let entry = if ctx.act.entering { entry_hexes(ctx) } else { Vec::new() };
    let mut all = ctx.sit.reachable(&ctx.me, ctx.hex(), &entry, budget, &allowed);
    // May stop on a friend only with enough left to leave the hex in this activation (3.1).
    all.retain(|h, r| !ctx.sit.friend_in(*h, ctx.me.side()) || can_leave_after(ctx, *h, r.cost));
    all
}

/// The entry hexes of an entering unit: its side's edge, limited to its group's rows.
pub fn entry_hexes(ctx: &Ctx) -> Vec<Hex> {
    ctx.sit.unit_entry_hexes(&ctx.me)
}

/// Medals a move of `cost` MP takes, given the MP left from earlier movement medals.
pub fn medals_for(ctx: &Ctx, cost: u32) -> u32 {
    cost.saturating_sub(ctx.act.mp_left).div_ceil(ctx.mp_per_medal())
}

/// After moving to `h` for `cost`, can the unit still leave `h` this activation?
fn can_leave_after(ctx: &Ctx, h: Hex, cost: u32) -> bool {
    let medals_used = medals_for(ctx, cost);
    let medals_left = ctx.act.medals_left().saturating_sub(medals_used);
    let mp_left = ctx.act.mp_left + medals_used * ctx.mp_per_medal() - cost;
    can_leave(ctx, h, medals_used, medals_left, mp_left)
}

/// Can the unit leave `h` with `medals_left` and `mp_left`, having already spent `movement_spent`
/// more medals on movement this activation (Stacking)?
pub fn can_leave(ctx: &Ctx, h: Hex, movement_spent: u32, medals_left: u32, mp_left: u32) -> bool {
    can_leave_by(ctx, h, movement_spent, medals_left, mp_left, true)
}

/// [`can_leave`], counting an assault as a way out only if `by_assault` (a combat action may
/// eliminate the only unit the unit could assault: Stacking).
pub fn can_leave_by(ctx: &Ctx, h: Hex, movement_spent: u32, medals_left: u32, mp_left: u32, by_assault: bool) -> bool {
    let side = ctx.me.side();
    let allowed = ctx.allowed();
    let free = |n: Hex| ctx.sit.in_play(n) && allowed(n) && ctx.sit.at(n).next().is_none();
    if ctx.sit.enemy_zoc(h, side) {
        // Only by withdrawal, infiltration or an assault (ZoC), each at its cost from `h`.
        if ctx.act.move_only_medals.is_some() {
            return false;
        }
        let a = &ctx.tables().actions;
        let trench = ctx.sit.in_friendly_trench(h, side);
        let (withdraw, infiltrate, assault) = if ctx.me.is_tank() {
            (a.withdrawal_tank, a.infiltration_tank, a.assault_tank)
        } else if trench {
            (a.withdrawal_battalion_from_trench, a.infiltration_battalion_from_trench, a.assault_battalion)
        } else {
            (a.withdrawal_battalion, a.infiltration_battalion, a.assault_battalion)
        };
        let board = ctx.sit.board();
        let by_step = board
            .neighbors(h)
            .any(|n| free(n) && if ctx.sit.enemy_zoc(n, side) { medals_left >= infiltrate } else { medals_left >= withdraw });
        let can_assault = by_assault
            && (ctx.me.is_tank() || !ctx.me.reduced)
            && medals_left >= assault
            && board.neighbors(h).any(|n| {
                allowed(n)
                    && ctx.sit.at(n).any(|u| u.side() != side && !(u.is_tank() && ctx.me.is_tank()))
                    && !(ctx.me.is_tank() && ctx.sit.closed(n))
            });
        return by_step || can_assault;
    }
    let more_medals = {
        let limit = movement_medals(ctx).saturating_sub(movement_spent);
        limit.min(medals_left)
    };
    let budget = mp_left + more_medals * ctx.mp_per_medal();
    ctx.sit.board().neighbors(h).any(|n| {
        free(n) && !ctx.sit.enemy_in(n, side) && ctx.sit.step_cost(side, ctx.me.kind(), ctx.me.medals(4), Some(h), n).total() <= budget
    })
}

pub fn check(ctx: &Ctx, label: &str) -> Result<Reach, Refusal> {
    let to = ctx.sit.board().parse(label).map_err(Refusal::new)?;
    if ctx.me.breakdown {
        return Err(Refusal::by_rule("4.1", "a tank with a breakdown marker can only fight"));
    }
    if ctx.mg_must_fire() {
        return Err(Refusal::by_rule("O1", "a machine-gun battalion must first use two medals for combat actions"));
    }
    if !ctx.act.entering && ctx.in_enemy_zoc() {
        return Err(Refusal::by_rule(
            "ZoC",
            "a unit in an enemy zone of control cannot leave it by movement: assault, infiltrate or withdraw",
        ));
    }
    if ctx.sit.enemy_in(to, ctx.me.side()) {
        return Err(Refusal::by_rule("3.1", "a unit can never move into a hex occupied by an enemy unit"));
    }
    if !ctx.sit.in_play(to) {
        return Err(Refusal::by_rule("Scenarios", format!("{label} is outside the map in play")));
    }
    if !(ctx.allowed())(to) {
        return Err(Refusal::by_rule("S1", "this unit must stay within 2 hexes of Cachy (Cachy garrison)"));
    }
    if movement_medals(ctx) == 0 && ctx.act.mp_left == 0 {
        let why = if ctx.me.is_tank() && ctx.me.record.movement_medals >= ctx.tables().actions.tank_movement_medals_per_turn {
            "a tank cannot spend more than two medals per turn to move"
        } else {
            "the unit has no medal left to move"
        };
        return Err(Refusal::by_rule("3.1", why));
    }
    if let Some(r) = destinations_shared(ctx).get(&to) {
        return Ok(r.clone());
    }
    // Explain why not.
    let allowed = ctx.allowed();
    let unlimited = ctx.sit.reachable(&ctx.me, ctx.hex(), &if ctx.act.entering { entry_hexes(ctx) } else { Vec::new() }, 999, &allowed);
    Err(match unlimited.get(&to) {
        None => {
            Refusal::by_rule("3.1", format!("{label} cannot be reached: enemy units, zones of control or the edge of play are in the way"))
        }
        Some(r) if ctx.sit.friend_in(to, ctx.me.side()) && r.cost <= ctx.act.mp_left + movement_medals(ctx) * ctx.mp_per_medal() => {
            Refusal::by_rule("Stacking", "the unit may stop on a friend only with enough medals left to leave the hex")
        }
        Some(r) => Refusal::by_rule(
            "3.1",
            format!(
                "{label} costs {} MP; the unit can pay {} MP ({} medal{} at {} MP{})",
                r.cost,
                ctx.act.mp_left + movement_medals(ctx) * ctx.mp_per_medal(),
                movement_medals(ctx),
                if movement_medals(ctx) == 1 { "" } else { "s" },
                ctx.mp_per_medal(),
                if ctx.act.mp_left > 0 { format!(", plus {} MP left", ctx.act.mp_left) } else { String::new() }
            ),
        ),
    })
}

/// Legal moves, as target hexes in a stable order.
pub fn options(ctx: &Ctx) -> Vec<Hex> {
    if ctx.me.breakdown || (!ctx.act.entering && ctx.in_enemy_zoc()) {
        return Vec::new();
    }
    let mut v: Vec<Hex> = destinations_shared(ctx).keys().copied().collect();
    v.sort_by_key(|h| (h.y, h.x));
    v
}

/// Moves the active unit along the cheapest path; a tank tests for a breakdown on entering each hex
/// of more than 1 MP and stops where it breaks down (4.1).
pub fn apply(world: &mut World, ctx: &Ctx, reach: Reach) {
    let medals = medals_for(ctx, reach.cost);
    let e = ctx.me.entity;
    let side = ctx.me.side();
    let mut from = ctx.hex();
    let mut walked = Vec::new();
    let mut stopped = false;
    for &h in &reach.path {
        let step = ctx.sit.step_cost(side, ctx.me.kind(), ctx.me.medals(4), from, h);
        walked.push(h);
        ops::place(world, e, h);
        from = Some(h);
        if ctx.me.is_tank() && step.terrain > 1 && tanks::breakdown_test(world, e, false) {
            stopped = true;
            break;
        }
    }
    let labels: Vec<String> = walked.iter().map(|h| ops::label(world, *h)).collect();
    {
        let mut acts = world.resource_mut::<Activations>();
        if let Some(a) = acts.current.as_mut() {
            a.spent += medals;
            a.mp_left = if stopped { 0 } else { a.mp_left + medals * ctx.mp_per_medal() - reach.cost };
            a.actions += 1;
            a.entering = false;
        }
    }
    if let Some(mut rec) = world.get_mut::<TurnRecord>(e) {
        rec.movement_medals += medals;
    }
    let was_entering = ctx.act.entering;
    let text = format!(
        "{} {} {} ({} MP, {} medal{})",
        ctx.me.unit.name,
        if was_entering { "enters the map at" } else { "moves to" },
        if was_entering && labels.len() > 1 {
            format!("{} and moves to {}", labels[0], labels.last().cloned().unwrap_or_default())
        } else {
            labels.last().cloned().unwrap_or_default()
        },
        reach.cost,
        medals,
        if medals == 1 { "" } else { "s" }
    );
    ops::log(world, "3.1", text, EventKind::Moved { unit: ctx.me.unit.id.to_string(), path: labels, cost: reach.cost, medals });
    // Optional units (scenario 1's extra A7Vs) score VP for the enemy as they enter the map (S1).
    let optional = ctx.sit.scenario.spec.reinforcements.iter().find(|r| r.optional && r.units.iter().any(|x| **x == *ctx.me.unit.id));
    if let Some(group) = optional.filter(|_| was_entering) {
        ops::score(world, side.enemy(), group.enemy_vp_each, &format!("{} brought in", ctx.me.unit.name), "S1");
    }
}
