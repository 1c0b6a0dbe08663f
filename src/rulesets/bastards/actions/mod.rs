//! Actions (chapter 3) of the active unit, with their medal costs from the Table of Actions (2.1).
//! Each action module has a `check` (is it legal now, and if not why), an `options` (every legal
//! instance, for the AI and the window) and an `apply`.

pub mod assault;
pub mod combat;
pub mod movement;
pub mod rally;

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::Refusal;

use super::map::{Situation, UnitInfo};
use super::state::{Activation, Activations};

/// What an action check needs: the snapshot, the activation in progress and the active unit.
pub struct Ctx {
    pub sit: Situation,
    pub act: Activation,
    pub me: UnitInfo,
}

impl Ctx {
    pub fn capture(world: &World) -> Result<Ctx, Refusal> {
        let act = world
            .resource::<Activations>()
            .current
            .clone()
            .ok_or_else(|| Refusal::by_rule("2.1", "no unit is active: activate a unit first"))?;
        let sit = Situation::capture(world);
        let me = sit.get(act.unit).cloned().ok_or_else(|| Refusal::new("the active unit is gone"))?;
        Ok(Ctx { sit, act, me })
    }

    pub fn tables(&self) -> &super::tables::Tables {
        &self.sit.scenario.tables
    }

    pub fn hex(&self) -> Option<Hex> {
        self.me.hex()
    }

    /// Medals per movement medal: 2 MP for battalions, 4 for tanks (2.1).
    pub fn mp_per_medal(&self) -> u32 {
        let a = &self.tables().actions;
        if self.me.is_tank() { a.mp_per_medal_tank } else { a.mp_per_medal_battalion }
    }

    pub fn in_friendly_trench(&self) -> bool {
        self.hex().is_some_and(|h| self.sit.in_friendly_trench(h, self.me.side()))
    }

    pub fn in_enemy_zoc(&self) -> bool {
        self.hex().is_some_and(|h| self.sit.enemy_zoc(h, self.me.side()))
    }

    /// Checks that `medals` can be spent on a non-movement action (the restrictions shared by every
    /// action: returning units move only, a broken-down tank
    /// only fights, an entering unit must move first, MG battalions fire first).
    pub fn can_spend(&self, medals: u32, action: &str) -> Result<(), Refusal> {
        if self.act.entering {
            return Err(Refusal::by_rule("2.3", "the unit must first enter the map by a movement action"));
        }
        if self.act.move_only_medals.is_some() {
            return Err(Refusal::by_rule("8", "a battalion returning to play may only spend one medal to move"));
        }
        if self.me.breakdown {
            return Err(Refusal::by_rule("4.1", "a tank with a breakdown marker can only be activated for a combat action"));
        }
        if self.mg_must_fire() {
            return Err(Refusal::by_rule("O1", "a machine-gun battalion must first use two medals for combat actions"));
        }
        if self.act.medals_left() < medals {
            return Err(Refusal::by_rule(
                "2.1",
                format!(
                    "{action} costs {medals} medal{} and the unit has {} left",
                    if medals == 1 { "" } else { "s" },
                    self.act.medals_left()
                ),
            ));
        }
        Ok(())
    }

    /// True if another unit shares the active unit's hex (it must leave before its activation ends).
    pub fn stacked(&self) -> bool {
        self.hex().is_some_and(|h| self.sit.at(h).any(|u| u.entity != self.me.entity)) && !self.me.breakdown
    }

    /// A unit stacked on a friend may spend `cost` medals on something else only if it can still
    /// leave the hex afterwards (Stacking, 3.1); after a combat action (`combat`), not by assaulting:
    /// the shot may eliminate the only unit it could assault.
    pub fn keeps_a_way_out(&self, cost: u32, combat: bool) -> Result<(), Refusal> {
        let Some(h) = self.hex() else { return Ok(()) };
        if !self.stacked() {
            return Ok(());
        }
        // Any action other than movement ends the movement: its unused MP are lost.
        let left = self.act.medals_left().saturating_sub(cost);
        if movement::can_leave_by(self, h, 0, left, 0, !combat) {
            Ok(())
        } else {
            Err(Refusal::by_rule("Stacking", "the unit shares a hex with a friend: it must keep enough medals to leave it"))
        }
    }

    /// Optional rule 1: an MG battalion with a target must spend two medals on combat before
    /// anything else.
    pub fn mg_must_fire(&self) -> bool {
        self.act.mg_duty && self.act.combat_medals < self.tables().actions.mg_combat_medals
    }

    /// Whether a hex is one the unit may be in: the Cachy garrison must stay within 2 hexes of Cachy.
    pub fn allowed(&self) -> impl Fn(Hex) -> bool + '_ {
        allowed_for(&self.sit, &self.me)
    }
}

/// The hexes a unit may be in, given the scenario's garrisons. A garrison eliminated once comes back
/// by its map edge like any battalion and is no longer bound (the rulebook cannot have it both ways).
pub fn allowed_for<'a>(sit: &'a Situation, u: &UnitInfo) -> impl Fn(Hex) -> bool + 'a {
    let garrison = sit
        .scenario
        .spec
        .garrisons
        .iter()
        .find(|g| *g.unit == *u.unit.id && !u.released)
        .map(|g| (sit.place(&g.place).to_vec(), g.distance));
    move |h: Hex| match &garrison {
        None => true,
        Some((hexes, d)) => hexes.iter().any(|p| p.unsigned_distance_to(h) <= *d),
    }
}
