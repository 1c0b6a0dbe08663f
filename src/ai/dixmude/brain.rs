//! The greedy scores (docs/ai.md): one number for each legal command, from the rules' own numbers
//! (the assault and fire tables, the bombing table) and the victory conditions (11). They decide
//! phases D, E and G where no strategy may be played, pre-rank phase F's candidates for the
//! look-ahead (`plan`) and are its policy inside a simulation.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::rulesets::dixmude::state::{AssaultStep, Pos};
use crate::rulesets::dixmude::units::{Kind, Side};
use crate::rulesets::dixmude::{Command, bombing, sequence};

/// What the computer knows of the position for one decision.
pub(super) struct Brain<'a> {
    p: &'a Pos,
    side: Side,
    /// Distance of each zone to the German objectives (Diksmuide and the left bank, 11).
    to_goal: BTreeMap<u32, u32>,
}

/// Each zone's distance, in zones, to the German objectives: Diksmuide and the left bank (11).
pub(super) fn goal_distances(p: &Pos) -> BTreeMap<u32, u32> {
    let goals: Vec<u32> = p.sc.zone_ids().filter(|&z| p.sc.zone(z).diksmuide || p.sc.zone(z).victory_left_bank).collect();
    let mut to_goal = BTreeMap::new();
    let mut queue: VecDeque<(u32, u32)> = goals.iter().map(|&g| (g, 0)).collect();
    let mut seen: BTreeSet<u32> = goals.iter().copied().collect();
    while let Some((z, d)) = queue.pop_front() {
        to_goal.insert(z, d);
        for n in p.neighbours(z) {
            if seen.insert(n) {
                queue.push_back((n, d + 1));
            }
        }
    }
    to_goal
}

/// Probability that 1D6 + `m` reaches `need`.
fn chance(m: i32, need: i32) -> f32 {
    (1..=6).filter(|r| r + m >= need).count() as f32 / 6.0
}

impl<'a> Brain<'a> {
    pub(super) fn new(p: &'a Pos, side: Side) -> Self {
        let to_goal = goal_distances(p);
        Brain { p, side, to_goal }
    }

    pub(super) fn dist(&self, z: u32) -> f32 {
        self.to_goal.get(&z).copied().unwrap_or(12) as f32
    }

    fn unit(&self, id: &str) -> Option<usize> {
        self.p.find(id)
    }

    /// The value of a zone to the side deciding.
    fn zone_value(&self, z: u32) -> f32 {
        let info = self.p.sc.zone(z);
        let mut v = 1.0;
        if info.diksmuide {
            v += 6.0;
        }
        if info.victory_left_bank {
            v += 8.0;
        }
        if info.eessen || info.woumen {
            v += 2.0;
        }
        if self.side == Side::German {
            // The road to Diksmuide and the left bank: a zone nearer them is worth taking.
            v += (4.0 - self.dist(z)).max(0.0);
        }
        v
    }

    /// Whether units in `z` have somewhere nearer the objectives to go (an activation to advance).
    fn can_advance(&self, z: u32) -> bool {
        let p = self.p;
        p.neighbours(z).into_iter().any(|n| self.dist(n) < self.dist(z) && p.occupant(n) != Some(self.side.enemy()) && !p.is_hq_zone(n))
    }

    pub(super) fn score(&self, c: &Command) -> f32 {
        let p = self.p;
        match c {
            Command::Done => 0.0,
            // Purchases and strategies are the look-ahead's (`plan`): the greedy policy never buys
            // nor plays one.
            Command::Buy(_) | Command::BuyRandom | Command::Play(_) => f32::NEG_INFINITY,
            Command::Enter(_, z) => 5.0 - self.dist(*z) * 0.5 + if p.enemy_zones(*z, self.side.enemy()).is_empty() { 0.0 } else { -3.0 },
            Command::Exit(id) => self.unit(id).map_or(-1.0, |u| if p.fit(u) { -1.0 } else { 0.5 }),
            Command::Bomb(id, z) => self.bomb_value(id, *z),
            Command::CounterBattery(_) => 1.0,
            Command::NoCounterBattery => 0.0,
            Command::Activate(z, ids) => self.activate_value(*z, ids) + self.use_it_or_lose_it(),
            Command::Permute(..) => -0.5,
            Command::Shift(id, to) => self.shift_value(id, *to),
            Command::Move(ids, to) => self.move_value(ids, *to),
            Command::Detach(_) => -0.5,
            Command::Assault { from, target, night } => self.assault_value(*from, *target) + if *night { 2.0 } else { 0.0 },
            Command::DefensiveFire(barrage) => {
                if *barrage {
                    1.0
                } else {
                    0.0
                }
            }
            Command::Charge => self.charge_value(),
            Command::BreakOff => 0.0,
            Command::Raise(ids) => 2.0 + ids.len() as f32,
            Command::Rebuild(_) => 3.5,
            Command::Dig(zones) => zones.iter().map(|&z| if p.enemy_zones(z, self.side.enemy()).is_empty() { 0.2 } else { 1.5 }).sum(),
        }
    }

    /// Resource points above the stock a camp may keep are lost at the end of the turn (4): while it
    /// holds more, an activation that does a little good is better than a pass.
    fn use_it_or_lose_it(&self) -> f32 {
        let rp = self.p.r.rp[self.side.index()];
        if rp > self.p.sc.tables.resource_points.stock { 1.2 } else { 0.0 }
    }

    fn bomb_value(&self, id: &str, z: u32) -> f32 {
        let p = self.p;
        let Some(g) = self.unit(id) else { return -1.0 };
        let shot = crate::rulesets::dixmude::state::Shot { side: self.side, unit: g, zone: z };
        let m = bombing::modifier(p, &shot);
        let strength = sequence::strength(p, g);
        let expected: f32 = (1..=6).map(|r| p.sc.tables.bombing_hits(strength, r + m) as f32).sum::<f32>() / 6.0;
        let infantry = p.in_zone(z).into_iter().filter(|&u| p.is_infantry(u)).count() as f32;
        let absorbed = if p.sc.zone(z).diksmuide { 0.0 } else { p.bonus(z) as f32 + if p.trenches(z) { 1.0 } else { 0.0 } };
        let mut v = (expected - absorbed).max(0.0) * infantry.min(3.0);
        if p.sc.zone(z).diksmuide && self.side == Side::German {
            v += expected * 0.8;
        }
        v - 0.2
    }

    /// The best assault odds from a zone with these units.
    fn activate_value(&self, z: u32, ids: &[String]) -> f32 {
        let p = self.p;
        let units: Vec<usize> = ids.iter().filter_map(|id| self.unit(id)).filter(|&u| p.is_infantry(u)).collect();
        if units.is_empty() {
            return -1.0;
        }
        let support = ids.len() - units.len();
        let attack: i32 = units.iter().map(|&u| p.assault_value(u)).sum();
        let mut best = -1.0_f32;
        for n in p.neighbours(z) {
            if p.occupant(n) == Some(self.side.enemy()) {
                best = best.max(self.odds_value(attack, n) - 1.0);
            }
        }
        if self.side == Side::German && best < 0.0 {
            // advance towards Diksmuide and the left bank
            let d = self.dist(z);
            let front = !p.enemy_zones(z, self.side.enemy()).is_empty();
            if !front && d > 0.0 && self.can_advance(z) {
                best = best.max(1.0 + d * 0.2);
            }
        }
        best - support as f32 * 0.1
    }

    fn odds_value(&self, attack: i32, target: u32) -> f32 {
        let p = self.p;
        let defenders: Vec<usize> = p.in_zone(target).into_iter().filter(|&u| p.is_infantry(u)).collect();
        let defence: i32 = defenders.iter().map(|&u| p.defence_value(u)).sum();
        let t = &p.sc.tables.assault;
        let m = (attack - defence).clamp(-t.cap, t.cap);
        let win = chance(m, t.success);
        let bonus_penalty = if p.bonus(target) >= 4 { 0.5 } else { 1.0 };
        win * self.zone_value(target) * 2.0 * bonus_penalty - (1.0 - win) * 2.0
    }

    fn assault_value(&self, from: u32, target: u32) -> f32 {
        let p = self.p;
        let Some(act) = p.r.impulse.act.as_ref() else { return -1.0 };
        let attack: i32 = crate::rulesets::dixmude::assault::attackers(p, act, from).iter().map(|&u| p.assault_value(u)).sum();
        self.odds_value(attack, target) + 0.5
    }

    fn charge_value(&self) -> f32 {
        let p = self.p;
        let Some(act) = p.r.impulse.act.as_ref() else { return 0.0 };
        let Some(a) = act.assault.as_ref().filter(|a| a.step == AssaultStep::Charge) else { return 0.0 };
        let attack: i32 = crate::rulesets::dixmude::assault::attackers(p, act, a.from).iter().map(|&u| p.assault_value(u)).sum();
        self.odds_value(attack, a.target) + 0.5
    }

    fn move_value(&self, ids: &[String], to: u32) -> f32 {
        let p = self.p;
        let Some(from) = ids.first().and_then(|id| self.unit(id)).and_then(|u| p.zone_of(u)) else { return -1.0 };
        if self.side == Side::German {
            let gain = self.dist(from) - self.dist(to);
            let crossing = p.sc.zone(from).across.contains(&to) && !p.sc.board.adjacent(from, to);
            gain + if crossing { 1.5 } else { 0.0 } - 0.3
        } else {
            // the Franco-Belgian moves to fill the line, and back into Diksmuide (11.2)
            let threat = p.enemy_zones(to, Side::German).len() as f32;
            let diksmuide = if p.sc.zone(to).diksmuide { 4.0 } else { 0.0 };
            0.3 * threat + diksmuide - 0.5
        }
    }

    fn shift_value(&self, id: &str, to: u32) -> f32 {
        let p = self.p;
        let Some(u) = self.unit(id) else { return -1.0 };
        if p.kind(u) == Kind::Hq {
            return -1.0;
        }
        let has_infantry = p.infantry_of(to, self.side);
        if p.kind(u) == Kind::MachineGuns && has_infantry && !p.enemy_zones(to, self.side.enemy()).is_empty() {
            return 0.2;
        }
        -0.5
    }
}
