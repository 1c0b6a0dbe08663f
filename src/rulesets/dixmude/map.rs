//! The questions every chapter asks of the zones (1.1): who is in a zone, its defence bonus (with
//! trenches and the Diksmuide ruins), adjacency (the Yser, zone 1 after an Offensive on Tervaete,
//! the flooding), the one-camp and no-contact rules (1.1.1), stacking (1.1.2), artillery range
//! (1.3.2) and the retreat (8.3.3).

use std::collections::{BTreeSet, VecDeque};

use super::scenario::Bank;
use super::state::Pos;
use super::units::{Kind, Level, Side, Where};

impl Pos {
    /// Units in a zone, in scenario order.
    pub fn in_zone(&self, zone: u32) -> Vec<usize> {
        (0..self.units.len()).filter(|&u| self.units[u].at == Where::Zone(zone)).collect()
    }

    pub fn zone_of(&self, u: usize) -> Option<u32> {
        self.units[u].at.zone()
    }

    pub fn kind(&self, u: usize) -> Kind {
        self.spec(u).kind
    }

    pub fn is_battalion(&self, u: usize) -> bool {
        self.kind(u) == Kind::Battalion
    }

    pub fn is_infantry(&self, u: usize) -> bool {
        self.kind(u).is_infantry()
    }

    /// The camp in a zone (1.1.1: one camp per zone), if any.
    pub fn occupant(&self, zone: u32) -> Option<Side> {
        self.units.iter().enumerate().find(|(_, s)| s.at == Where::Zone(zone)).map(|(u, _)| self.side(u))
    }

    /// Whether a camp has infantry in a zone.
    pub fn infantry_of(&self, zone: u32, side: Side) -> bool {
        self.in_zone(zone).into_iter().any(|u| self.side(u) == side && self.is_infantry(u))
    }

    pub fn is_hq_zone(&self, zone: u32) -> bool {
        zone == self.sc.hq
    }

    /// Zone 1 flooded (12.1.2: from phase G of the turn after the strategy).
    pub fn flooded(&self, zone: u32) -> bool {
        self.sc.zone(zone).tervaete
            && self
                .r
                .flags
                .flood_from
                .is_some_and(|t| self.r.turn > t || (self.r.turn == t && self.r.phase == super::state::Phase::Reorganisation))
    }

    /// The printed defence bonus, or the ruins marker's in Diksmuide (1.1.1, 8.3.5).
    pub fn bonus(&self, zone: u32) -> i32 {
        let z = self.sc.zone(zone);
        if z.diksmuide {
            return match self.r.ruins {
                Some(i) => self.sc.tables.diksmuide.ruins.get(i).copied().unwrap_or(z.bonus),
                None => self.sc.tables.diksmuide.bonus.max(z.bonus),
            };
        }
        z.bonus
    }

    pub fn trenches(&self, zone: u32) -> bool {
        self.r.trenches.contains(&zone)
    }

    /// A zone with a defence bonus, printed or trenches (1.1.1).
    pub fn has_bonus(&self, zone: u32) -> bool {
        self.bonus(zone) > 0 || self.trenches(zone)
    }

    /// Adjacency on the map (the Yser only at the bridges, corner contacts excluded: the map's own
    /// list), and for the German zone 1 after an Offensive on Tervaete as if adjacent to every zone
    /// of the right bank (12), unless flooded.
    pub fn adjacent_for(&self, a: u32, b: u32, side: Side) -> bool {
        if a == b || self.is_hq_zone(a) || self.is_hq_zone(b) || self.flooded(a) || self.flooded(b) {
            return false;
        }
        if self.sc.board.adjacent(a, b) {
            return true;
        }
        side == Side::German && self.r.flags.tervaete && self.tervaete_link(a, b)
    }

    fn tervaete_link(&self, a: u32, b: u32) -> bool {
        let (za, zb) = (self.sc.zone(a), self.sc.zone(b));
        (za.tervaete && zb.bank == Bank::Right) || (zb.tervaete && za.bank == Bank::Right)
    }

    /// Zones adjacent on the map (for contact: 1.1.1; neither the Tervaete link nor the HQ zone).
    pub fn neighbours(&self, zone: u32) -> Vec<u32> {
        if self.is_hq_zone(zone) {
            return Vec::new();
        }
        self.sc.board.areas.get(&zone).map(|a| a.adjacent.clone()).unwrap_or_default()
    }

    /// Zones adjacent to `zone` occupied by units of `side`.
    pub fn enemy_zones(&self, zone: u32, enemy: Side) -> Vec<u32> {
        self.neighbours(zone).into_iter().filter(|&n| self.occupant(n) == Some(enemy)).collect()
    }

    /// Zones adjacent to `zone` with infantry of `side`.
    pub fn infantry_zones(&self, zone: u32, side: Side) -> Vec<u32> {
        self.neighbours(zone).into_iter().filter(|&n| self.infantry_of(n, side)).collect()
    }

    /// 1.1.1: units of `side` may stand in `zone`: no enemy there, and no enemy adjacent unless the
    /// zone and every adjacent enemy zone have a bonus.
    pub fn may_stand(&self, zone: u32, side: Side) -> bool {
        if self.occupant(zone) == Some(side.enemy()) {
            return false;
        }
        let enemies = self.enemy_zones(zone, side.enemy());
        enemies.is_empty() || (self.has_bonus(zone) && enemies.iter().all(|&e| self.has_bonus(e)))
    }

    /// The battalions of a zone counting for stacking (1.1.2).
    fn stack(&self, zone: u32, extra: &[usize], leaving: &[usize]) -> Vec<usize> {
        let mut units: Vec<usize> = self.in_zone(zone).into_iter().filter(|u| !leaving.contains(u)).collect();
        for &u in extra {
            if !units.contains(&u) {
                units.push(u);
            }
        }
        units
    }

    /// Whether `zone` holds its units plus `extra` (those of `leaving` gone) within the stacking
    /// limits (1.1.2): 3 battalions and 1 artillery regiment (the French heavy detachments as one),
    /// German divisions apart, German field artillery with its own division; the HQ zone unlimited.
    pub fn stacking_ok(&self, zone: u32, extra: &[usize], leaving: &[usize]) -> bool {
        if self.is_hq_zone(zone) {
            return true;
        }
        let units = self.stack(zone, extra, leaving);
        let t = &self.sc.tables.stacking;
        let battalions: Vec<usize> = units.iter().copied().filter(|&u| self.is_battalion(u)).collect();
        if battalions.len() as u32 > t.battalions {
            return false;
        }
        let artillery: Vec<usize> = units.iter().copied().filter(|&u| self.kind(u).is_artillery()).collect();
        let french_heavy =
            artillery.iter().filter(|&&u| self.kind(u) == Kind::HeavyArtillery && self.side(u) == Side::FrancoBelgian).count();
        let regiments = artillery.len() - french_heavy.saturating_sub(1);
        if regiments as u32 > t.artillery {
            return false;
        }
        let divisions: BTreeSet<&str> =
            battalions.iter().filter(|&&u| self.side(u) == Side::German).map(|&u| self.spec(u).division.as_str()).collect();
        if divisions.len() > 1 {
            return false;
        }
        artillery.iter().filter(|&&u| self.side(u) == Side::German && self.kind(u) == Kind::FieldArtillery).all(|&a| {
            let d = self.spec(a).division.as_str();
            divisions.iter().all(|x| *x == d)
        })
    }

    /// Zones from `from` to `to` for artillery (the Yser is no obstacle, 1.3.2; the HQ zone fires
    /// from beyond the German entry zones).
    pub fn artillery_distance(&self, from: u32, to: u32) -> Option<u32> {
        if from == to {
            return Some(0);
        }
        let start: Vec<(u32, u32)> = if self.is_hq_zone(from) {
            self.sc.zone_ids().filter(|&z| self.sc.zone(z).entry).map(|z| (z, 1)).collect()
        } else {
            vec![(from, 0)]
        };
        let mut seen: BTreeSet<u32> = start.iter().map(|s| s.0).collect();
        let mut queue: VecDeque<(u32, u32)> = start.into_iter().collect();
        while let Some((z, d)) = queue.pop_front() {
            if z == to {
                return Some(d);
            }
            let mut next = self.neighbours(z);
            next.extend(self.sc.zone(z).across.iter().copied());
            for n in next {
                if seen.insert(n) {
                    queue.push_back((n, d + 1));
                }
            }
        }
        None
    }

    /// Whether an artillery unit can fire at a zone (1.3.2).
    pub fn in_range(&self, gun: usize, zone: u32) -> bool {
        let Some(at) = self.zone_of(gun) else { return false };
        match self.kind(gun) {
            Kind::HeavyArtillery => !self.is_hq_zone(zone),
            Kind::FieldArtillery => {
                !self.is_hq_zone(zone) && self.artillery_distance(at, zone).is_some_and(|d| d <= self.sc.tables.field_range)
            }
            _ => false,
        }
    }

    /// The values of an infantry unit at its level (1.3.1: -1 weakened, -2 exhausted).
    pub fn fire(&self, u: usize) -> i32 {
        (self.spec(u).fire - self.units[u].level.malus()).max(0)
    }
    pub fn assault_value(&self, u: usize) -> i32 {
        (self.spec(u).assault - self.units[u].level.malus()).max(0)
    }
    pub fn defence_value(&self, u: usize) -> i32 {
        (self.spec(u).defence - self.units[u].level.malus()).max(0)
    }

    /// Good order or weakened: may go on the offensive (5.2, 8.3.1).
    pub fn fit(&self, u: usize) -> bool {
        self.units[u].level != Level::Exhausted
    }

    /// The zone a retreating unit goes to (8.3.3): the nearest zone, through zones free of the enemy
    /// and not across the Yser but at the bridges, where it is not in contact with the enemy (1.1.1)
    /// and stacking holds; the lowest number on a tie. `Err(true)`: it may leave the map (out of
    /// action); `Err(false)`: no retreat at all (removed from the game).
    pub fn retreat_zone(&self, u: usize, from: u32, placed: &[(usize, u32)]) -> Result<u32, bool> {
        let side = self.side(u);
        let mut seen = BTreeSet::from([from]);
        let mut frontier = vec![from];
        let mut edge = false;
        while !frontier.is_empty() {
            let mut next = BTreeSet::new();
            for z in frontier {
                let info = self.sc.zone(z);
                if info.edge_east || info.edge_north || info.edge_other {
                    edge = true;
                }
                for n in self.neighbours(z) {
                    if self.flooded(n) || self.occupant(n) == Some(side.enemy()) || !seen.insert(n) {
                        continue;
                    }
                    next.insert(n);
                }
            }
            for &n in &next {
                let extra: Vec<usize> = placed.iter().filter(|p| p.1 == n).map(|p| p.0).chain([u]).collect();
                if self.may_stand(n, side) && self.stacking_ok(n, &extra, &[]) {
                    return Ok(n);
                }
            }
            frontier = next.into_iter().collect();
        }
        Err(edge)
    }
}
