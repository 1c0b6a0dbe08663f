//! What the Royal Tank Corps AI knows of a position (docs/ai.md): the rules' snapshot ([`Ctx`]),
//! the side to play and its tuning, what each area is worth to it (victory areas, the immediate
//! victory areas, BR areas, entry areas: `ctrl_value`), a potential field per movement class (the
//! value of the best objective a unit can reach, discounted by the movement points the rules would
//! charge to get there: `pot`), and how exposed a spent unit would be in each area (`danger`).
//!
//! Every value is in "victory-area tenths": one victory area is worth [`WV`], a unit about 2-5.

use std::collections::BTreeSet;

use bevy::prelude::*;

use crate::rulesets::rtc::attack;
use crate::rulesets::rtc::map::Ctx;
use crate::rulesets::rtc::preview;
use crate::rulesets::rtc::scenario::AiTuning;
use crate::rulesets::rtc::state::{Attack, CombatStep};
use crate::rulesets::rtc::units::{Kind, Place, Side, U};

/// The worth of controlling one victory area (3.22).
pub const WV: f32 = 6.0;
/// The worth, for a British cavalry unit, of standing in an immediate-victory area (3.2, 11.2 A).
pub const WIV: f32 = 9.0;
/// Discount per movement point of the potential field.
pub const DECAY: f32 = 0.84;
/// Weight of moving closer to an objective (a fraction of the potential gained).
pub const MOVE_W: f32 = 0.5;
/// What losing the initiative of the action phase costs (a failed attack passes it, 9.2 c).
pub const TEMPO: f32 = 0.8;

/// Turns before the counter-attack when its units mass next to the target.
pub const STAGING: u32 = 2;

/// What committing a Stosstruppen battalion before the prepared counter-attack costs.
pub const RESERVE: f32 = 2.0;

/// The worth of winning or not losing the game at once (3.2).
pub const WIN: f32 = 40.0;

/// Movement classes of the potential field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Foot,
    Tank,
    Cavalry,
}

pub fn class(u: &U) -> Class {
    match u.kind() {
        Kind::Tank => Class::Tank,
        Kind::Cavalry => Class::Cavalry,
        _ => Class::Foot,
    }
}

/// The side that decides now.
pub fn deciding(ctx: &Ctx) -> Option<Side> {
    if let Some(p) = &ctx.losses.pending {
        return Some(p.side);
    }
    if let Some(b) = &ctx.combat.breakdown {
        return Some(b.attack.side);
    }
    if let Some(f) = &ctx.bombard.friendly_fire {
        return Some(f.side);
    }
    if let Some(a) = &ctx.combat.attack {
        return Some(if a.step == CombatStep::Lead { a.side } else { a.side.enemy() });
    }
    if let Some(o) = &ctx.bombard.order {
        return Some(o.side);
    }
    if let Some(s) = ctx.reinforce.side {
        return Some(s);
    }
    if let Some(s) = ctx.bombard.to_move {
        return Some(s);
    }
    if let Some(s) = ctx.impulse.active {
        return Some(s);
    }
    if let Some(t) = ctx.fatigue.target {
        return Some(t.enemy());
    }
    Some(ctx.initiative)
}

pub struct Brain {
    pub ctx: Ctx,
    pub side: Side,
    pub tune: AiTuning,
    /// Dense per area id.
    n: usize,
    pub ctrl: Vec<f32>,
    /// Potential per class, per area.
    pub pot: [Vec<f32>; 3],
    /// Enemy pressure on an area: fresh enemy attack strength in or next to it, in units of 3.
    pub press: Vec<f32>,
    /// Area distances from the nearest enemy unit (BFS, areas).
    pub enemy_dist: Vec<u32>,
    /// German: the immediate-victory areas the British cavalry could win with (3.2), to be
    /// contested at any cost.
    pub deny: Vec<u32>,
    /// The side's units in each area (unit indices).
    pub own_in: Vec<Vec<usize>>,
    /// German: the immediate-victory areas (3.2) that enough British cavalry can reach within the
    /// tuning's `cavalry_watch_mp`, with the fewest movement points the nearest needs.
    pub watch: Vec<(u32, u32)>,
    /// German: the areas next to a watched area on the cavalry's way in, to hold with one fresh unit.
    pub block: Vec<(u32, u32)>,
    /// German: the enemy-held victory area the prepared counter-attack aims at, once it has begun.
    pub focus: Option<u32>,
    /// German: the counter-attack has begun (the tuning's `counter_attack_turn`); before it the
    /// Stosstruppen are kept in reserve.
    pub counter_on: bool,
    /// Per area, what a spent unit's worth is exposed by (caution × pressure × terrain).
    danger_base: Vec<f32>,
    odds_cache: std::cell::RefCell<Vec<Option<(f32, f32)>>>,
    dt_cache: std::cell::RefCell<Vec<Option<(i32, f32, f32)>>>,
    bd_cache: std::cell::RefCell<Vec<Option<(f32, f32)>>>,
}

const ODDS_SPAN: i32 = 40;

impl Brain {
    pub fn new(world: &World) -> Brain {
        let ctx = Ctx::capture(world);
        let side = deciding(&ctx).unwrap_or(Side::British);
        Brain::for_side(ctx, side)
    }

    pub fn for_side(ctx: Ctx, side: Side) -> Brain {
        let tune = ctx.sc.spec.ai.get(side.id()).cloned().unwrap_or_default();
        let n = ctx.sc.board.areas.keys().max().map(|m| *m as usize + 1).unwrap_or(1);
        let mut b = Brain {
            ctx,
            side,
            tune,
            n,
            ctrl: vec![0.0; n],
            pot: [vec![0.0; n], vec![0.0; n], vec![0.0; n]],
            press: vec![0.0; n],
            enemy_dist: vec![u32::MAX; n],
            deny: Vec::new(),
            own_in: vec![Vec::new(); n],
            watch: Vec::new(),
            block: Vec::new(),
            focus: None,
            counter_on: false,
            danger_base: vec![0.0; n],
            odds_cache: std::cell::RefCell::new(vec![None; (2 * ODDS_SPAN + 1) as usize]),
            dt_cache: std::cell::RefCell::new(vec![None; n]),
            bd_cache: std::cell::RefCell::new(vec![None; (2 * ODDS_SPAN + 1) as usize]),
        };
        b.analyse();
        b
    }

    pub fn areas(&self) -> Vec<u32> {
        self.ctx.sc.board.areas.keys().copied().collect()
    }

    fn weight(&self, a: u32) -> f32 {
        self.tune.objectives.get(&a).copied().unwrap_or(1.0)
    }

    /// What controlling area `a` is worth to `side` (3.22 victory areas, 3.2 immediate victory, 5.1
    /// BR areas, 6.3 German entry areas).
    pub fn ctrl_value_for(&self, side: Side, a: u32) -> f32 {
        let info = self.ctx.sc.area(a);
        let mut v = 0.15;
        if info.victory.is_some() {
            v += WV;
        }
        if info.br {
            v += 0.6;
        }
        if self.ctx.sc.spec.immediate_victory.areas.contains(&a) {
            v += 1.5;
        }
        if info.entry == Some(Side::German) {
            v += if side == Side::German { 0.8 } else { 0.5 };
        }
        v * self.weight(a)
    }

    fn analyse(&mut self) {
        let areas = self.areas();
        for &a in &areas {
            self.ctrl[a as usize] = self.ctrl_value_for(self.side, a);
        }
        self.analyse_enemy(&areas);
        if self.side == Side::German {
            self.analyse_cavalry_threat();
            self.analyse_counter_attack(&areas);
        }
        let targets = self.targets(&areas);
        self.analyse_fields(&targets);
    }

    /// Enemy pressure, the side's units per area, the danger to a spent unit, the distance to the
    /// enemy.
    fn analyse_enemy(&mut self, areas: &[u32]) {
        let side = self.side;
        let enemy = side.enemy();
        let mut fresh_att = vec![0.0f32; self.n];
        let mut seeds = Vec::new();
        for u in self.ctx.sit.on_map() {
            let a = u.area().unwrap_or(0) as usize;
            if u.side() == enemy {
                seeds.push(a as u32);
                if u.fresh() && !u.is_artillery() {
                    fresh_att[a] += u.spec.attack as f32 / 3.0;
                }
            }
        }
        for &a in areas {
            let mut p = fresh_att[a as usize];
            for &m in self.ctx.adjacent(a) {
                p += fresh_att[m as usize];
            }
            self.press[a as usize] = p.min(4.0);
        }
        for u in self.ctx.sit.on_map() {
            if u.side() == side {
                self.own_in[u.area().unwrap_or(0) as usize].push(u.index);
            }
        }
        for &a in areas {
            let tem = self.ctx.sc.area(a).tem as f32;
            self.danger_base[a as usize] = self.tune.caution * 0.18 * self.press[a as usize] * (1.0 - 0.08 * tem).max(0.5);
        }
        let mut q = std::collections::VecDeque::new();
        seeds.sort();
        seeds.dedup();
        for s in seeds {
            self.enemy_dist[s as usize] = 0;
            q.push_back(s);
        }
        while let Some(a) = q.pop_front() {
            let d = self.enemy_dist[a as usize];
            for &m in self.ctx.adjacent(a) {
                if self.enemy_dist[m as usize] == u32::MAX {
                    self.enemy_dist[m as usize] = d + 1;
                    q.push_back(m);
                }
            }
        }
    }

    /// German: the British cavalry's threat of an immediate victory (3.2): the areas to deny, to
    /// watch and to block.
    fn analyse_cavalry_threat(&mut self) {
        let enemy = self.side.enemy();
        let iv = self.ctx.sc.spec.immediate_victory.clone();
        let cav_near = self
            .ctx
            .sit
            .on_map()
            .filter(|u| {
                u.side() == enemy
                    && u.kind() == Kind::Cavalry
                    && u.area().is_some_and(|a| iv.areas.iter().any(|&t| t == a || self.ctx.is_adjacent(t, a)))
            })
            .count() as u32;
        if cav_near >= iv.cavalry {
            self.deny = iv.areas.clone();
        }
        // How far the British cavalry is from each immediate-victory area, in the movement
        // points the rules would charge it (9.32-9.52): enough of it within reach is a threat
        // to garrison against before it arrives.
        let cavalry: Vec<u32> =
            self.ctx.sit.on_map().filter(|u| u.side() == enemy && u.kind() == Kind::Cavalry).filter_map(|u| u.area()).collect();
        if cavalry.len() as u32 >= iv.cavalry {
            for &t in &iv.areas {
                let mp = self.mp_to(t, enemy, Class::Cavalry);
                let mut d: Vec<u32> = cavalry
                    .iter()
                    .map(|&a| mp.get(a as usize).copied().unwrap_or(u32::MAX))
                    .filter(|&m| m <= self.tune.cavalry_watch_mp)
                    .collect();
                d.sort();
                if d.len() as u32 >= iv.cavalry {
                    let m = d[iv.cavalry as usize - 1];
                    self.watch.push((t, m));
                    // Block the ways in: the areas next to it that the cavalry would ride
                    // through (nearer to it than the cavalry is), one fresh unit each.
                    for &a in self.ctx.adjacent(t) {
                        if mp.get(a as usize).is_some_and(|&x| x < m) && !iv.areas.contains(&a) && !self.block.iter().any(|b| b.0 == a) {
                            self.block.push((a, m));
                        }
                    }
                }
            }
        }
    }

    /// German: the prepared counter-attack (12.32): its focus, and whether it has begun.
    fn analyse_counter_attack(&mut self, areas: &[u32]) {
        let side = self.side;
        let enemy = side.enemy();
        // From its turn, the weakest enemy-held victory area the German can reach is the focus of
        // every unit.
        if let Some(t0) = self.tune.counter_attack_turn
            && self.ctx.turn + STAGING >= t0
        {
            self.counter_on = self.ctx.turn >= t0;
            let mut best: Option<(f32, u32)> = None;
            for &a in areas {
                if self.ctx.sc.area(a).victory.is_none() || self.ctx.controller(a) != enemy {
                    continue;
                }
                let fresh = self.ctx.sit.side_in(a, enemy).filter(|u| u.fresh() && !u.is_artillery()).count() as f32;
                let spent = self.ctx.sit.side_in(a, enemy).filter(|u| !u.fresh() && !u.is_artillery()).count() as f32;
                let near = self
                    .ctx
                    .adjacent(a)
                    .iter()
                    .map(|&m| self.ctx.sit.side_in(m, side).filter(|u| !u.is_artillery()).count())
                    .sum::<usize>() as f32;
                let score = near.min(6.0) - 1.5 * fresh - 0.5 * spent - self.ctx.sc.area(a).tem as f32;
                if best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, a));
                }
            }
            if let Some((_, a)) = best {
                self.focus = Some(a);
                if self.counter_on {
                    self.ctrl[a as usize] *= 1.0 + self.tune.counter_attack;
                }
            }
        }
    }

    /// Targets of the potential field: the areas worth reaching, with their worth.
    fn targets(&self, areas: &[u32]) -> Vec<(u32, f32)> {
        let side = self.side;
        let enemy = side.enemy();
        let mut targets: Vec<(u32, f32)> = Vec::new();
        for &a in areas {
            let mut v = self.ctrl[a as usize];
            if self.deny.contains(&a) {
                v += WIN / 4.0;
            }
            let ours = self.ctx.controller(a) == side && !self.ctx.sit.has(a, enemy);
            let watched = self.watch.iter().find(|w| w.0 == a).map(|w| w.1);
            if !ours {
                if let Some(m) = watched {
                    v += self.watch_value(m);
                }
                if v > 0.2 {
                    targets.push((a, v));
                }
            } else if let Some(m) = watched {
                // 3.2: keep a fresh garrison in the immediate-victory areas the British cavalry
                // can reach.
                let fresh = self.fresh_in(a);
                if fresh < garrison_need(m) {
                    targets.push((a, self.watch_value(m)));
                }
            } else if let Some(f) = self.focus.filter(|&f| self.ctx.is_adjacent(f, a)) {
                // 12.32: mass the counter-attack next to its target (9.53: a group attacks from
                // one area), six fresh units at most.
                let fresh = self.fresh_in(a);
                if fresh < 6 {
                    targets.push((a, v + 0.5 * self.ctrl_value_for(side, f) * (1.0 + self.tune.counter_attack)));
                }
            } else if let Some(m) = self.block.iter().find(|b| b.0 == a).map(|b| b.1) {
                let fresh = self.fresh_in(a);
                if fresh < 1 {
                    targets.push((a, 0.5 * self.watch_value(m) + v));
                }
            } else if self.ctx.sc.area(a).victory.is_some() && self.enemy_dist[a as usize] <= 2 {
                let fresh = self.fresh_in(a);
                if fresh < 3 {
                    targets.push((a, v * 0.6));
                }
            }
        }
        targets
    }

    /// The potential field of each movement class.
    fn analyse_fields(&mut self, targets: &[(u32, f32)]) {
        let side = self.side;
        self.pot[0] = self.field(targets, Class::Foot);
        let has_tanks = self.ctx.sit.on_map().any(|u| u.side() == side && u.kind() == Kind::Tank);
        self.pot[1] = if has_tanks { self.field(targets, Class::Tank) } else { self.pot[0].clone() };
        if side == Side::British {
            let mut cav = targets.to_vec();
            for &a in &self.ctx.sc.spec.immediate_victory.areas {
                cav.push((a, WIV * self.weight(a)));
            }
            self.pot[2] = self.field(&cav, Class::Cavalry);
        } else {
            self.pot[2] = self.pot[0].clone();
        }
    }

    /// German, before the prepared counter-attack: what committing Stosstruppen costs (they are the
    /// reserve for the blow, 12.32), unless it keeps the British cavalry from winning (3.2).
    pub fn reserve_cost(&self, units: &[usize], area: u32) -> f32 {
        let staging = self.focus.is_some_and(|f| {
            self.ctx.is_adjacent(f, area) && self.ctx.controller(area) == Side::German && !self.ctx.sit.has(area, Side::British)
        });
        if self.side != Side::German
            || self.counter_on
            || staging
            || self.tune.counter_attack_turn.is_none()
            || self.deny.contains(&area)
            || self.watch.iter().any(|w| w.0 == area)
        {
            return 0.0;
        }
        units.iter().filter(|&&i| self.ctx.unit(i).kind() == Kind::Stosstruppen).count() as f32 * RESERVE
    }

    /// German: what the British cavalry's ride to an immediate-victory area (3.2) threatens in this
    /// position, in the units of [`Brain::watch_value`]: each watched area's missing share of its
    /// fresh garrison (the same two or three units [`Brain::targets`] sends), and each way in left
    /// without a fresh unit, at half. Zero for the British, or with no cavalry within reach. The
    /// look-ahead counts it against the German's position, as the Normal German's watch does.
    pub fn cavalry_exposure(&self) -> f32 {
        let mut out = 0.0;
        for &(t, m) in &self.watch {
            let need = garrison_need(m);
            let missing = need - self.fresh_in(t).min(need);
            out += self.watch_value(m) * missing as f32 / need as f32;
        }
        for &(a, m) in &self.block {
            if self.fresh_in(a) == 0 {
                out += 0.5 * self.watch_value(m);
            }
        }
        out
    }

    /// The side's fresh units in an area, but artillery: what holds it (3.2's garrisons, 12.32's
    /// massing).
    fn fresh_in(&self, a: u32) -> usize {
        self.ctx.sit.side_in(a, self.side).filter(|u| u.fresh() && !u.is_artillery()).count()
    }

    /// What garrisoning a watched immediate-victory area is worth, by how few movement points the
    /// British cavalry needs to get there (3.2).
    fn watch_value(&self, mp: u32) -> f32 {
        let w = self.tune.cavalry_watch_mp.max(1) as f32;
        WIN / 8.0 * self.tune.cavalry_watch * (1.0 + (w - mp as f32).max(0.0) / w)
    }

    /// The movement points a unit of `side` and movement class `class` needs to reach `target` from
    /// each area (reverse Dijkstra over the rules' `Ctx::enter_cost`; tanks cross water only at
    /// bridges, 9.3). `u32::MAX`: unreachable.
    pub fn mp_to(&self, target: u32, side: Side, class: Class) -> Vec<u32> {
        let mut d = vec![u32::MAX; self.n];
        let mut heap: BTreeSet<(u32, u32)> = BTreeSet::new();
        d[target as usize] = 0;
        heap.insert((0, target));
        while let Some((da, a)) = heap.pop_first() {
            if da > d[a as usize] {
                continue;
            }
            for &m in self.ctx.adjacent(a) {
                if class == Class::Tank && self.ctx.water(m, a) && !self.ctx.bridge(m, a) {
                    continue;
                }
                let c = da + self.ctx.enter_cost(side, m, a);
                if c < d[m as usize] {
                    d[m as usize] = c;
                    heap.insert((c, m));
                }
            }
        }
        d
    }

    /// Multi-source reverse Dijkstra over the rules' movement costs (`Ctx::enter_cost`): pot(a) =
    /// max over targets of value × DECAY^(MP from a to the target).
    fn field(&self, targets: &[(u32, f32)], class: Class) -> Vec<f32> {
        let k = -DECAY.ln();
        let mut label = vec![f32::INFINITY; self.n];
        let mut heap: BTreeSet<(i64, u32)> = BTreeSet::new();
        for &(a, v) in targets {
            let l = -(v.max(1e-3)).ln() / k;
            if l < label[a as usize] {
                label[a as usize] = l;
            }
        }
        for (a, l) in label.iter().enumerate() {
            if l.is_finite() {
                heap.insert(((l * 1000.0) as i64, a as u32));
            }
        }
        let mut done = vec![false; self.n];
        while let Some((_, a)) = heap.pop_first() {
            if done[a as usize] {
                continue;
            }
            done[a as usize] = true;
            let la = label[a as usize];
            for &m in self.ctx.adjacent(a) {
                if class == Class::Tank && self.ctx.water(m, a) && !self.ctx.bridge(m, a) {
                    continue;
                }
                let c = self.ctx.enter_cost(self.side, m, a) as f32;
                let l = la + c;
                if l < label[m as usize] {
                    label[m as usize] = l;
                    heap.insert(((l * 1000.0) as i64, m));
                }
            }
        }
        label.iter().map(|l| if l.is_finite() { (-k * l).exp() } else { 0.0 }).collect()
    }

    pub fn pot_of(&self, u: &U, a: u32) -> f32 {
        let c = match class(u) {
            Class::Foot => 0,
            Class::Tank => 1,
            Class::Cavalry => 2,
        };
        let w = if u.is_artillery() { 0.25 } else { 1.0 };
        self.pot[c].get(a as usize).copied().unwrap_or(0.0) * w
    }

    /// What a unit is worth to its side (its future attacks and defence).
    pub fn value(&self, u: &U) -> f32 {
        let s = &u.spec;
        let mut v = 1.0 + 0.4 * s.attack as f32 + 0.3 * s.defence as f32 + 0.4 * s.strength as f32;
        if u.kind() == Kind::Tank {
            v += 0.5;
        }
        if u.kind() == Kind::Cavalry && u.side() == Side::British {
            v += 0.8;
        }
        v
    }

    /// Exposure of a spent unit ending in `a`: the enemy's fresh attackers in or next to it.
    pub fn danger(&self, u: &U, a: u32) -> f32 {
        self.value(u) * self.danger_base.get(a as usize).copied().unwrap_or(0.0)
    }

    /// Exposure of a group of spent units ending in `a`: an enemy attack costs an area a few loss
    /// points, not each unit its share, so about two units' worth at most.
    pub fn exposure(&self, units: &[usize], a: u32) -> f32 {
        let base = self.danger_base.get(a as usize).copied().unwrap_or(0.0);
        if units.is_empty() || base == 0.0 {
            return 0.0;
        }
        let total: f32 = units.iter().map(|&i| self.danger(self.ctx.unit(i), a)).sum();
        total / units.len() as f32 * (units.len() as f32).min(2.0)
    }

    pub fn ctrl(&self, a: u32) -> f32 {
        self.ctrl.get(a as usize).copied().unwrap_or(0.0)
    }

    /// Win chance and expected loss points of an attack or bombardment whose totals without dice
    /// differ by `diff` (two dice each: the rules' `preview::odds`).
    pub fn attack_odds(&self, diff: i32) -> (f32, f32) {
        let d = diff.clamp(-ODDS_SPAN, ODDS_SPAN);
        let i = (d + ODDS_SPAN) as usize;
        if let Some(v) = self.odds_cache.borrow()[i] {
            return v;
        }
        let n = self.ctx.sc.tables.attack.dice;
        let (p, cp) = preview::odds(d, n, 0, n);
        let v = (p as f32, cp as f32);
        self.odds_cache.borrow_mut()[i] = Some(v);
        v
    }

    /// The defender's best DT in `area` without dice (his best lead, fresh gun, SOS: 10.2), the
    /// loss points that clear the area (10.31) and the average worth of the defenders.
    pub fn defence(&self, area: u32, defender: Side) -> (i32, f32, f32) {
        if let Some(v) = self.dt_cache.borrow()[area as usize] {
            return v;
        }
        let ctx = &self.ctx;
        let defenders: Vec<&U> = ctx.sit.side_in(area, defender).collect();
        let mut best = i32::MIN;
        for d in &defenders {
            let sos = attack::sos_guns(ctx, area, d).next().is_some();
            let mut guns: Vec<Option<&U>> = vec![None];
            if d.kind() == Kind::Infantry {
                guns.extend(defenders.iter().filter(|g| g.is_artillery() && g.fresh() && g.index != d.index).map(|g| Some(*g)));
            }
            for g in guns {
                best = best.max(attack::defence(ctx, area, d, g, sos));
            }
        }
        let costs = &ctx.sc.tables.attack.losses;
        let retreat = costs.retreat_spent.unwrap_or(costs.eliminate_spent);
        let clear: u32 = defenders
            .iter()
            .map(|u| {
                if u.fresh() {
                    costs.eliminate_fresh.min(costs.flip + retreat.min(costs.eliminate_spent))
                } else {
                    retreat.min(costs.eliminate_spent)
                }
            })
            .sum();
        let avg = if defenders.is_empty() { 3.0 } else { defenders.iter().map(|u| self.value(u)).sum::<f32>() / defenders.len() as f32 };
        let v = (if defenders.is_empty() { 0 } else { best }, clear as f32, avg);
        self.dt_cache.borrow_mut()[area as usize] = Some(v);
        v
    }

    /// The attack's OT without dice if `attackers` attacked `area` led by `lead` (the rules'
    /// `attack::offence`, with the attackers placed in the area for the calculation).
    pub fn offence(&mut self, area: u32, attackers: &[usize], lead: usize) -> i32 {
        let saved: Vec<Place> = attackers.iter().map(|&i| self.ctx.sit.units[i].c.place).collect();
        for &i in attackers {
            self.ctx.sit.units[i].c.place = Place::Area(area);
        }
        let a = Attack {
            side: self.side,
            area,
            attackers: attackers.to_vec(),
            entered_from: None,
            in_place: false,
            lead: Some(lead),
            step: CombatStep::Defence,
        };
        let ot = attack::offence(&self.ctx, &a, &self.ctx.sit.units[lead]);
        for (&i, p) in attackers.iter().zip(saved) {
            self.ctx.sit.units[i].c.place = p;
        }
        ot
    }

    /// Chance that the attack roll is a breakdown roll (10.6) and the attack wins / loses, for an
    /// attack whose totals without dice differ by `diff`.
    pub fn breakdown_split(&self, diff: i32) -> (f32, f32) {
        let i = (diff.clamp(-ODDS_SPAN, ODDS_SPAN) + ODDS_SPAN) as usize;
        if let Some(v) = self.bd_cache.borrow()[i] {
            return v;
        }
        let v = self.breakdown_split_uncached(diff.clamp(-ODDS_SPAN, ODDS_SPAN));
        self.bd_cache.borrow_mut()[i] = Some(v);
        v
    }

    fn breakdown_split_uncached(&self, diff: i32) -> (f32, f32) {
        let n = self.ctx.sc.tables.attack.dice;
        let at = self.ctx.sc.tables.attack.breakdown_at as usize;
        let a = preview::dice_sum(n);
        let d = preview::dice_sum(n);
        let (mut win, mut lose) = (0.0f64, 0.0f64);
        for (r, pr) in a.iter().enumerate().skip(at) {
            for (y, py) in d.iter().enumerate() {
                if diff + r as i32 - y as i32 > 0 {
                    win += pr * py;
                } else {
                    lose += pr * py;
                }
            }
        }
        (win as f32, lose as f32)
    }

    /// The turns left after this one.
    pub fn turns_left(&self) -> u32 {
        self.ctx.sc.last_turn().saturating_sub(self.ctx.turn)
    }
}

/// German: the fresh units a watched immediate-victory area needs (3.2) when the British cavalry
/// is `mp` movement points away: two, three when it could ride in this turn.
fn garrison_need(mp: u32) -> usize {
    if mp <= 8 { 3 } else { 2 }
}
