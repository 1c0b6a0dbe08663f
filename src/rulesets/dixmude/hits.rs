//! Hits (7.3, 8.2.1, 8.3.3): a level of disorganisation each, spread one per battalion before a
//! second (7.3.2, 8.2.1), a company destroyed by one (1.3.1); artillery cannot put a battalion out
//! of action (7.3.1).

use super::events::EventKind;
use super::state::{Pos, Rt};
use super::units::{Kind, Level, Nation, Where};

impl Pos {
    /// Puts a unit out of action (1.3.1): a company goes back to its battalion's counters.
    pub fn out_of_action(&mut self, rt: &mut Rt, u: usize, rule: &str) {
        let id = self.id(u).to_string();
        if self.kind(u) == Kind::Company {
            self.units[u].at = Where::Waiting;
            self.units[u].parent = None;
            self.units[u].level = Level::Good;
            rt.log(rule, format!("{id} is destroyed"), EventKind::OutOfAction { unit: id });
            return;
        }
        if !self.kind(u).is_infantry() {
            self.remove(rt, u, rule);
            return;
        }
        self.units[u].at = Where::OutOfAction;
        self.units[u].level = Level::Good;
        self.units[u].out_turn = self.r.turn;
        rt.log(rule, format!("{id} is out of action"), EventKind::OutOfAction { unit: id });
    }

    /// Removes a unit from the game definitively.
    pub fn remove(&mut self, rt: &mut Rt, u: usize, rule: &str) {
        let id = self.id(u).to_string();
        self.units[u].at = Where::Removed;
        rt.log(rule, format!("{id} is removed from the game"), EventKind::Removed { unit: id });
    }

    /// One hit on an infantry unit; `bombing`: a battalion is not put out of action (7.3.1).
    /// Returns whether the hit took effect.
    pub fn hit(&mut self, rt: &mut Rt, u: usize, bombing: bool, rule: &str) -> bool {
        let id = self.id(u).to_string();
        if self.kind(u) == Kind::Company {
            self.out_of_action(rt, u, rule);
            return true;
        }
        match self.units[u].level.down() {
            Some(l) => {
                self.units[u].level = l;
                rt.log(rule, format!("{id} takes a hit: {}", l.id()), EventKind::Hit { unit: id, level: Some(l) });
                true
            }
            None if bombing => false,
            None => {
                self.out_of_action(rt, u, rule);
                true
            }
        }
    }

    /// Spreads `hits` over `units`: one to each before a second to any (7.3.2, 8.2.1), the least
    /// disorganised first; hits that can take no effect are lost (7.3.1).
    pub fn spread(&mut self, rt: &mut Rt, units: &[usize], hits: u32, bombing: bool, rule: &str) {
        let mut left = hits;
        while left > 0 {
            let mut alive: Vec<usize> = units.iter().copied().filter(|&u| matches!(self.units[u].at, Where::Zone(_))).collect();
            alive.sort_by_key(|&u| (self.units[u].level, u));
            let mut any = false;
            for u in alive {
                if left == 0 {
                    break;
                }
                if self.hit(rt, u, bombing, rule) {
                    left -= 1;
                    any = true;
                }
            }
            if !any {
                break;
            }
        }
    }

    /// Belgian battalions out of action or removed (9.5: the 1/1RL comes after three).
    pub fn belgian_losses(&self) -> u32 {
        (0..self.units.len())
            .filter(|&u| {
                self.spec(u).nation == Nation::Belgian
                    && self.is_battalion(u)
                    && matches!(self.units[u].at, Where::OutOfAction | Where::Removed)
            })
            .count() as u32
    }
}
