//! What an order will do before the dice roll (the window and the computer opponent share it):
//! the hits of a bombing (7.2, 7.3), the defensive fire (8.2), the assault's chance and losses
//! (8.3), the Yser crossing (8.6). Every number comes from the tables and the rules' own functions.

use super::Command;
use super::assault::{attackers, barrage_guns, fire_power};
use super::state::{Act, AssaultState, AssaultStep, Pos, Shot};
use super::units::Kind;
use super::{bombing, sequence};

/// The chance of each number of hits (index = hits).
#[derive(Clone, Debug, PartialEq)]
pub struct Hits(pub Vec<f64>);

impl Hits {
    fn add(&mut self, hits: u32, p: f64) {
        let k = hits as usize;
        if self.0.len() <= k {
            self.0.resize(k + 1, 0.0);
        }
        self.0[k] += p;
    }
    pub fn expected(&self) -> f64 {
        self.0.iter().enumerate().map(|(k, q)| k as f64 * q).sum()
    }
    /// The chance of no hit.
    pub fn none(&self) -> f64 {
        self.0.first().copied().unwrap_or(1.0)
    }
}

/// A bombing's odds: the table's hits on the die (before the zone takes its share, 7.3).
pub struct BombOdds {
    /// Hits read on the table.
    pub rolled: Hits,
    /// Hits left for the battalions after trenches, the bonus or Diksmuide's ruins (7.3.3-7.3.5).
    pub hits: Vec<f64>,
}

impl BombOdds {
    pub fn expected_hits(&self) -> f64 {
        self.hits.iter().enumerate().map(|(k, q)| k as f64 * q).sum()
    }
}

/// The hits that reach the battalions of a zone from `hits` read on the table (7.3.3-7.3.5).
fn bombing_reaches(p: &Pos, zone: u32, hits: u32) -> u32 {
    if p.sc.zone(zone).diksmuide {
        let bonus = p.bonus(zone).max(0) as u32;
        return hits.saturating_sub(bonus);
    }
    let after_trenches = if hits > 0 && p.trenches(zone) { hits - 1 } else { hits };
    after_trenches.saturating_sub(p.bonus(zone).max(0) as u32)
}

/// `Bomb(gun, zone)`: the odds of the shot without counter-battery (7.2).
pub fn bomb(p: &Pos, c: &Command) -> Option<BombOdds> {
    let Command::Bomb(gun, zone) = c else { return None };
    let unit = p.find(gun)?;
    let shot = Shot { side: p.side(unit), unit, zone: *zone };
    let modifier = bombing::modifier(p, &shot);
    let strength = sequence::strength(p, unit);
    let (mut rolled, mut reach) = (Hits(Vec::new()), Hits(Vec::new()));
    for roll in 1..=6 {
        let h = p.sc.tables.bombing_hits(strength, roll + modifier);
        rolled.add(h, 1.0 / 6.0);
        reach.add(bombing_reaches(p, *zone, h), 1.0 / 6.0);
    }
    Some(BombOdds { rolled, hits: reach.0 })
}

/// An assault's odds (8.3.2-8.3.3), the defensive fire (8.2.1) first.
pub struct AssaultOdds {
    pub amplitude: u32,
    pub modifier: i32,
    pub success: f64,
    /// Expected hits on the attacker and on the defender by the assault table.
    pub attacker_hits: f64,
    pub defender_hits: f64,
    /// Expected hits of the defensive fire before it (no barrage; 0 when it is past or there is none).
    pub fire_hits: f64,
}

/// The numbers of a contest (8.3.2): amplitude, attack, defence, the capped modifier.
pub fn contest(p: &Pos, act: &Act, from: u32, target: u32) -> (u32, i32, i32, i32) {
    contest_of(p, &attackers(p, act, from), target)
}

/// The numbers of a contest (8.3.2) of the units `att` against `target`: amplitude, attack,
/// defence, the capped modifier.
pub fn contest_of(p: &Pos, att: &[usize], target: u32) -> (u32, i32, i32, i32) {
    let defenders = p.in_zone(target);
    let def_inf: Vec<usize> = defenders.iter().copied().filter(|&u| p.is_infantry(u)).collect();
    let amplitude = (att.iter().chain(&def_inf).filter(|&&u| p.is_battalion(u)).count() as u32).max(1);
    let attack: i32 = att.iter().map(|&u| p.assault_value(u)).sum();
    let mut defence: i32 = def_inf.iter().map(|&u| p.defence_value(u)).sum();
    if !def_inf.is_empty() {
        defence += defenders.iter().filter(|&&u| p.kind(u) == Kind::MachineGuns).map(|&u| p.spec(u).bonus).sum::<i32>();
    }
    let cap = p.sc.tables.assault.cap;
    (amplitude, attack, defence, (attack - defence).clamp(-cap, cap))
}

/// The defender's hits after the first (8.3.3): trenches the second, the bonus as many; +4 all.
pub fn defender_reaches(p: &Pos, zone: u32, hits: u32) -> u32 {
    let bonus = p.bonus(zone).max(0) as u32;
    if hits == 0 || bonus >= 4 {
        return 0;
    }
    let mut rest = hits - 1;
    if rest > 0 && p.trenches(zone) {
        rest -= 1;
    }
    1 + rest.saturating_sub(bonus)
}

/// `Assault { from, target, .. }` about to be declared, or `Charge` with one under way: the odds
/// with the units as they stand (the defensive fire's losses not yet taken).
pub fn assault(p: &Pos, c: &Command) -> Option<AssaultOdds> {
    let act = p.r.impulse.act.as_ref()?;
    let (from, target, fire_past) = match c {
        Command::Assault { from, target, night } => (*from, *target, *night),
        Command::Charge => {
            let a = act.assault.as_ref()?;
            (a.from, a.target, a.step == AssaultStep::Charge)
        }
        _ => return None,
    };
    let (amplitude, _, _, modifier) = contest(p, act, from, target);
    let t = &p.sc.tables.assault;
    let (mut success, mut ah, mut dh) = (0.0, 0.0, 0.0);
    for roll in 1..=6 {
        let total = roll + modifier;
        let row = p.sc.tables.assault_row(amplitude, total);
        if total >= t.success {
            success += 1.0 / 6.0;
        }
        ah += row.attacker as f64 / 6.0;
        dh += defender_reaches(p, target, row.defender) as f64 / 6.0;
    }
    let fire_hits = if fire_past {
        0.0
    } else {
        let a = AssaultState { from, target, step: AssaultStep::Fire, no_fire: false };
        fire(p, act, &a, false).expected()
    };
    Some(AssaultOdds { amplitude, modifier, success, attacker_hits: ah, defender_hits: dh, fire_hits })
}

fn fire(p: &Pos, act: &Act, a: &AssaultState, barrage: bool) -> Hits {
    let power = fire_power(p, act, a, barrage);
    let mut h = Hits(Vec::new());
    for roll in 1..=6 {
        h.add(if power > 0 { p.sc.tables.fire_hits(power, roll) } else { 0 }, 1.0 / 6.0);
    }
    h
}

/// The defensive fire awaited (8.2.1), with a barrage or not: the chance of each number of hits.
pub fn defensive_fire(p: &Pos, barrage: bool) -> Option<Vec<f64>> {
    let act = p.r.impulse.act.as_ref()?;
    let a = act.assault.as_ref().filter(|a| a.step == AssaultStep::Fire)?;
    if barrage && barrage_guns(p, p.side(act.units[0]).enemy(), a.from).is_empty() {
        return None;
    }
    Some(fire(p, act, a, barrage).0)
}

/// `Move` across the Yser (8.6): the chance the crossing succeeds; `None` for any other move.
pub fn crossing(p: &Pos, c: &Command) -> Option<f64> {
    let Command::Move(ids, to) = c else { return None };
    let from = ids.first().and_then(|id| p.find(id)).and_then(|u| p.zone_of(u))?;
    if !p.sc.zone(from).across.contains(to) || p.sc.board.adjacent(from, *to) {
        return None;
    }
    let ok = p.sc.tables.yser.iter().filter(|(success, _)| *success).count();
    Some(ok as f64 / p.sc.tables.yser.len().max(1) as f64)
}
