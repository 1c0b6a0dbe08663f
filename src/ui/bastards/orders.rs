//! What the player can do now, worked out from the engine each time the game or the selection
//! changes: the legal commands grouped for the map (destinations, targets, units to choose) with
//! their exact costs and odds from `preview`, and the action bar's list — every action, greyed with
//! the engine's reason (`Ruleset::check`) when it is not allowed.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use bevy::prelude::*;
use hexx::Hex;

use crate::engine::{Pending, Refusal, Ruleset};
use crate::rulesets::bastards::actions::allowed_for;
use crate::rulesets::bastards::actions::combat;
use crate::rulesets::bastards::map::{Situation, UnitInfo};
use crate::rulesets::bastards::preview::{Preview, preview};
use crate::rulesets::bastards::state::{Activations, Agenda, Barrage, Phase, StageKind, barrage_markers_left, barrages_placed};
use crate::rulesets::bastards::units::{Location, Side};
use crate::rulesets::bastards::{Bastards, Command, phase};

use crate::ui::widgets::pct;

use super::SCREEN;
use super::counters::Selection;
use super::session::PlaySession;

/// What a click on the map does when several actions could apply.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OrderMode {
    /// The most natural action: move to a hex, fire at a unit (assault if it cannot be fired at).
    #[default]
    Auto,
    Move,
    Fire,
    Assault,
    Infiltrate,
    Withdraw,
}

/// One button of the action bar.
#[derive(Clone, Debug)]
pub struct ActionItem {
    pub label: String,
    pub hotkey: Option<&'static str>,
    /// The command the button gives, if it gives one directly.
    pub command: Option<Command>,
    /// Or the click mode it selects (then the player clicks the map).
    pub mode: Option<OrderMode>,
    /// Cost in medals, or another short figure.
    pub cost: Option<String>,
    pub enabled: bool,
    /// Why not, when not enabled (the engine's words), and the rule.
    pub reason: Option<String>,
    pub rule: Option<String>,
    /// Odds or a short explanation shown under the button.
    pub detail: Option<String>,
}

impl ActionItem {
    fn new(label: impl Into<String>) -> ActionItem {
        ActionItem {
            label: label.into(),
            hotkey: None,
            command: None,
            mode: None,
            cost: None,
            enabled: true,
            reason: None,
            rule: None,
            detail: None,
        }
    }
}

/// Everything the player can do now.
#[derive(Resource, Default)]
pub struct Orders {
    /// (game revision, selected unit): recomputed when either changes.
    pub key: (u64, Option<String>),
    pub phase: Option<Phase>,
    pub pending: Option<Pending>,
    /// The side that decides now, and whether a person plays it.
    pub side: Option<Side>,
    pub human: bool,
    /// The unit whose activation is under way.
    pub active: Option<String>,
    /// Units that may be activated now.
    pub activatable: BTreeSet<String>,
    /// The active unit's legal moves, with cost.
    pub moves: HashMap<Hex, Preview>,
    /// The selected unit's reach if it were activated (MP cost), before activating it.
    pub reach_if_activated: HashMap<Hex, u32>,
    /// The selected unit's fire targets if it were activated (hit chance).
    pub fire_if_activated: HashMap<String, f32>,
    pub fire: HashMap<String, Preview>,
    pub assault: HashMap<String, Preview>,
    pub infiltrate: HashMap<Hex, Preview>,
    pub withdraw: HashMap<Hex, Preview>,
    /// Hero, mechanic and reorganisation choices, by unit.
    pub choose: BTreeMap<String, Command>,
    /// Night-assault deployments: unit → hexes.
    pub deploy: BTreeMap<String, Vec<Hex>>,
    /// A barrage is being placed: any hex of the map in play may be clicked.
    pub barrage: bool,
    /// Firing the barrage rolls dice: a marker is placed or counter-battery announced.
    pub barrage_rolls: bool,
    pub actions: Vec<ActionItem>,
    /// Legal commands not shown on the map (for the "other" menu).
    pub other: Vec<Command>,
}

fn label_of(sit: &Situation, h: Hex) -> String {
    sit.board().label(h)
}

fn medals_text(n: u32) -> String {
    format!("{n} medal{}", if n == 1 { "" } else { "s" })
}

/// A one-line summary of a preview's odds.
pub fn odds_text(p: &Preview) -> String {
    p.odds.iter().map(|(n, v)| format!("{n} {}", pct(*v))).collect::<Vec<_>>().join(", ")
}

/// How far a unit could move if it were activated now, by `Situation::reachable` with the movement
/// medals it would have (the exact list comes from the engine once it is active).
fn reach_if_activated(world: &World, sit: &Situation, u: &UnitInfo) -> HashMap<Hex, u32> {
    let t = &sit.scenario.tables;
    let returning =
        matches!(world.get_resource::<Agenda>().and_then(|a| a.current.as_ref()).map(|s| &s.kind), Some(StageKind::ReturnToPlay));
    let mut medals = u.medals(t.max_medals);
    if u.breakdown {
        return HashMap::new();
    }
    if returning {
        medals = medals.min(1);
    }
    let per = if u.is_tank() {
        medals = medals.min(t.actions.tank_movement_medals_per_turn.saturating_sub(u.record.movement_medals));
        t.actions.mp_per_medal_tank
    } else {
        t.actions.mp_per_medal_battalion
    };
    let budget = medals * per;
    if budget == 0 {
        return HashMap::new();
    }
    let allowed = allowed_for(sit, u);
    let (start, entry) = match u.location {
        Location::OnMap(h) => (Some(h), Vec::new()),
        _ => (None, sit.unit_entry_hexes(u)),
    };
    sit.reachable(u, start, &entry, budget, &allowed)
        .into_iter()
        .filter(|(h, _)| !sit.friend_in(*h, u.side()))
        .map(|(h, r)| (h, r.cost))
        .collect()
}

/// Works the orders out from the session.
pub fn compute(session: &mut PlaySession, selected: Option<&str>) -> Orders {
    let mut o = Orders { key: (session.revision, selected.map(str::to_string)), ..Default::default() };
    let world = session.game.world();
    o.phase = phase(world);
    o.pending = session.game.pending();
    o.side = session.to_move();
    o.human = session.human_to_move();
    let sit = Situation::capture(world);
    let active_entity = world.get_resource::<Activations>().and_then(|a| a.current.as_ref().map(|a| a.unit));
    o.active = active_entity.and_then(|e| sit.get(e)).map(|u| u.unit.id.to_string());
    o.barrage = o.phase == Some(Phase::Barrage);
    let legal: Vec<Command> = session.game.legal().to_vec();
    let world = session.game.world();
    o.sort_legal(world, &sit, &legal);

    // The selected unit, not yet active: where it could go and what it could fire at.
    if o.active.is_none()
        && let Some(id) = selected
        && o.activatable.contains(id)
        && let Some(u) = sit.by_id(id)
    {
        o.reach_if_activated = reach_if_activated(world, &sit, u);
        if u.hex().is_some() {
            for t in sit.units.iter().filter(|t| t.side() != u.side() && t.hex().is_some()) {
                if let Ok((m, _)) = combat::modifier(&sit, u, t) {
                    o.fire_if_activated.insert(t.unit.id.to_string(), combat::hit_chance(&sit, m));
                }
            }
        }
    }

    // The action bar.
    let me = o.active.as_deref().and_then(|id| sit.by_id(id)).cloned();
    if let Some(me) = &me {
        o.unit_actions(world, &sit, me);
    } else if let Some(id) = selected.filter(|id| o.activatable.contains(*id)) {
        let name = sit.by_id(id).map(|u| u.unit.name.to_string()).unwrap_or_else(|| id.to_string());
        let mut item = ActionItem::new(format!("Activate {name}"));
        item.command = Some(Command::Activate(id.to_string()));
        item.hotkey = Some("Space");
        let medals = sit.by_id(id).map(|u| u.medals(sit.scenario.tables.max_medals)).unwrap_or(0);
        item.cost = Some(format!("{medals} medals to spend"));
        o.actions.push(item);
    }
    o.phase_actions(world, &legal);
    o.other = legal.into_iter().filter(|c| !shown_on_map(c)).collect();
    o
}

impl ActionItem {
    /// Greyed, with the engine's reason and rule, when the command is refused.
    fn refused_by(mut self, check: Result<(), Refusal>) -> ActionItem {
        if let Err(r) = check {
            self.enabled = false;
            self.reason = Some(r.reason);
            self.rule = r.rule;
        }
        self
    }
}

impl Orders {
    /// Sorts the legal commands for the map: units to activate, destinations and targets with their
    /// previews, choices by unit, deployments.
    fn sort_legal(&mut self, world: &World, sit: &Situation, legal: &[Command]) {
        let o = self;
        for c in legal {
            match c {
                Command::Activate(id) => {
                    o.activatable.insert(id.clone());
                }
                Command::Move(l) => {
                    if let (Ok(h), Some(p)) = (sit.board().parse(l), preview(world, c)) {
                        o.moves.insert(h, p);
                    }
                }
                Command::Fire(id) => {
                    if let Some(p) = preview(world, c) {
                        o.fire.insert(id.clone(), p);
                    }
                }
                Command::Assault(id) => {
                    if let Some(p) = preview(world, c) {
                        o.assault.insert(id.clone(), p);
                    }
                }
                Command::Infiltrate(l) => {
                    if let (Ok(h), Some(p)) = (sit.board().parse(l), preview(world, c)) {
                        o.infiltrate.insert(h, p);
                    }
                }
                Command::Withdraw(l) => {
                    if let (Ok(h), Some(p)) = (sit.board().parse(l), preview(world, c)) {
                        o.withdraw.insert(h, p);
                    }
                }
                Command::PlaceHero(id) | Command::Repair(id) | Command::Reorganise(id) => {
                    o.choose.insert(id.clone(), c.clone());
                }
                Command::Deploy(id, l) => {
                    if let Ok(h) = sit.board().parse(l) {
                        o.deploy.entry(id.clone()).or_default().push(h);
                    }
                }
                Command::PlaceBarrage(_) => {}
                Command::Rally
                | Command::EndActivation
                | Command::Done
                | Command::CounterBattery
                | Command::FireBarrages
                | Command::AttemptCohesion => {}
            }
        }
    }

    /// The active unit's actions (2.1, 3): each with its cost and odds, or greyed with the engine's
    /// reason for a representative instance (the nearest enemy, a neighbouring hex).
    fn unit_actions(&mut self, world: &World, sit: &Situation, me: &UnitInfo) {
        let check = |c: &Command| <Bastards as Ruleset>::check(world, c);
        let here = me.hex();
        let mut enemies: Vec<&UnitInfo> = sit.units.iter().filter(|t| t.side() != me.side() && t.hex().is_some()).collect();
        if let Some(h) = here {
            enemies.sort_by_key(|t| t.hex().map(|x| x.unsigned_distance_to(h)).unwrap_or(u32::MAX));
        }
        let neighbour = here.and_then(|h| sit.board().neighbors(h).find(|n| sit.in_play(*n) && !sit.enemy_in(*n, me.side())));
        let why = |c: Option<Command>, fallback: &str| -> (Option<String>, Option<String>) {
            match c.map(|c| check(&c)) {
                Some(Err(r)) => (Some(r.reason), r.rule),
                _ => (Some(fallback.to_string()), None),
            }
        };
        let o = self;
        let mut item = ActionItem::new("Move");
        item.mode = Some(OrderMode::Move);
        item.hotkey = Some("M");
        if o.moves.is_empty() {
            item.enabled = false;
            (item.reason, item.rule) = why(neighbour.map(|n| Command::Move(label_of(sit, n))), "no hex can be reached");
        } else {
            let min = o.moves.values().map(|p| p.medals).min().unwrap_or(0);
            item.cost = Some(format!("{}+ medal", min.max(1)));
            item.detail = Some(format!("{} hexes: click one", o.moves.len()));
        }
        o.actions.push(item);

        let nearest = enemies.first().map(|t| t.unit.id.to_string());
        let fire = o.fire.values().next().map(|p| {
            let best = o.fire.values().map(|p| p.chance("hit")).fold(0.0, f32::max);
            (p.medals, format!("{} target{}, best hit {}", o.fire.len(), if o.fire.len() == 1 { "" } else { "s" }, pct(best)))
        });
        let reason = if fire.is_none() { why(nearest.clone().map(Command::Fire), "no enemy unit on the map") } else { (None, None) };
        o.actions.push(targeted("Fire", OrderMode::Fire, "T", fire, reason));
        let assault = o.assault.values().next().map(|p| {
            let best = o.assault.values().map(|p| p.chance("success")).fold(0.0, f32::max);
            (p.medals, format!("best success {}", pct(best)))
        });
        let reason = if assault.is_none() { why(nearest.map(Command::Assault), "no enemy unit on the map") } else { (None, None) };
        o.actions.push(targeted("Assault", OrderMode::Assault, "G", assault, reason));

        let mut item = ActionItem::new("Rally");
        item.command = Some(Command::Rally);
        item.hotkey = Some("R");
        let rally = check(&Command::Rally);
        if rally.is_ok() {
            item.cost = preview(world, &Command::Rally).map(|p| medals_text(p.medals));
        }
        o.actions.push(item.refused_by(rally));

        for (name, mode, hotkey) in [("Infiltrate", OrderMode::Infiltrate, "I"), ("Withdraw", OrderMode::Withdraw, "X")] {
            let map = if mode == OrderMode::Infiltrate { &o.infiltrate } else { &o.withdraw };
            let ways = map.values().next().map(|p| (p.medals, format!("{} hex{}", map.len(), if map.len() == 1 { "" } else { "es" })));
            let c = neighbour.map(|n| {
                if mode == OrderMode::Infiltrate { Command::Infiltrate(label_of(sit, n)) } else { Command::Withdraw(label_of(sit, n)) }
            });
            let reason = if ways.is_none() { why(c, "no hex to go to") } else { (None, None) };
            o.actions.push(targeted(name, mode, hotkey, ways, reason));
        }

        let mut item = ActionItem::new("End activation");
        item.command = Some(Command::EndActivation);
        item.hotkey = Some("E");
        o.actions.push(item.refused_by(check(&Command::EndActivation)));
    }

    /// The phase's own commands: the barrage phase's (5), the cohesion attempt (O3), and the
    /// decision's "done" under the phase's name.
    fn phase_actions(&mut self, world: &World, legal: &[Command]) {
        let check = |c: &Command| <Bastards as Ruleset>::check(world, c);
        let o = self;
        if o.barrage {
            let left = if world.contains_resource::<Barrage>() { barrage_markers_left(world) } else { 0 };
            let mut item = ActionItem::new("Place barrage");
            item.detail = Some(format!("{left} marker{} left: click a hex", if left == 1 { "" } else { "s" }));
            item.enabled = left > 0;
            o.actions.push(item);
            let mut item = ActionItem::new("Counter-battery");
            item.command = Some(Command::CounterBattery);
            o.actions.push(item.refused_by(check(&Command::CounterBattery)));
            let counter_battery = world.get_resource::<Barrage>().is_some_and(|b| b.counter_battery > 0);
            o.barrage_rolls = !barrages_placed(world).is_empty() || counter_battery;
            let mut item = ActionItem::new(if o.barrage_rolls { "Fire barrages" } else { "End barrage (none placed)" });
            item.command = Some(Command::FireBarrages);
            item.hotkey = Some("Enter");
            o.actions.push(item);
        }
        if legal.contains(&Command::AttemptCohesion) {
            let mut item = ActionItem::new("Attempt to maintain cohesion");
            item.command = Some(Command::AttemptCohesion);
            item.detail = Some("d6 + turn + (intensity − confusion) ≤ 6".into());
            item.rule = Some("O3".into());
            o.actions.push(item);
        }
        if !o.barrage && o.pending.is_some() {
            let label = match o.phase {
                Some(Phase::Choose) => "Decline",
                Some(Phase::IntensityTest) => "Accept the random sequence",
                Some(Phase::Pause) | Some(Phase::NightDeploy) => "Done",
                _ => "End phase",
            };
            let mut item = ActionItem::new(label);
            item.command = Some(Command::Done);
            item.hotkey = Some("Enter");
            o.actions.push(item.refused_by(check(&Command::Done)));
        }
    }
}

/// An action that picks its target on the map: with its cost in medals and its detail when it has
/// targets, else greyed with the reason.
fn targeted(
    name: &str,
    mode: OrderMode,
    hotkey: &'static str,
    targets: Option<(u32, String)>,
    reason: (Option<String>, Option<String>),
) -> ActionItem {
    let mut item = ActionItem::new(name);
    item.mode = Some(mode);
    item.hotkey = Some(hotkey);
    match targets {
        Some((medals, detail)) => {
            item.cost = Some(medals_text(medals));
            item.detail = Some(detail);
        }
        None => {
            item.enabled = false;
            (item.reason, item.rule) = reason;
        }
    }
    item
}

/// Whether the map or the action bar shows a command (the others go to the "other" menu).
fn shown_on_map(c: &Command) -> bool {
    matches!(
        c,
        Command::Activate(_)
            | Command::Move(_)
            | Command::Fire(_)
            | Command::Assault(_)
            | Command::Infiltrate(_)
            | Command::Withdraw(_)
            | Command::PlaceHero(_)
            | Command::Repair(_)
            | Command::Reorganise(_)
            | Command::Deploy(..)
            | Command::PlaceBarrage(_)
            | Command::Rally
            | Command::EndActivation
            | Command::Done
            | Command::CounterBattery
            | Command::FireBarrages
            | Command::AttemptCohesion
    )
}

/// Recomputes the orders when the game or the selection changes.
fn refresh_orders(
    mut session: Option<ResMut<PlaySession>>,
    selection: Res<Selection>,
    mut orders: ResMut<Orders>,
    mut mode: ResMut<OrderMode>,
) {
    let Some(session) = session.as_mut() else { return };
    let key = (session.revision, selection.unit.clone());
    if orders.key == key {
        return;
    }
    let revision_changed = orders.key.0 != key.0;
    *orders = compute(session, selection.unit.as_deref());
    if revision_changed {
        // A mode that no longer applies falls back to Auto.
        let keep = match *mode {
            OrderMode::Move => !orders.moves.is_empty(),
            OrderMode::Fire => !orders.fire.is_empty(),
            OrderMode::Assault => !orders.assault.is_empty(),
            OrderMode::Infiltrate => !orders.infiltrate.is_empty(),
            OrderMode::Withdraw => !orders.withdraw.is_empty(),
            OrderMode::Auto => true,
        };
        if !keep {
            *mode = OrderMode::Auto;
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Orders>()
        .init_resource::<OrderMode>()
        .add_systems(Update, refresh_orders.in_set(crate::ui::Frame::Orders).run_if(in_state(SCREEN)))
        .add_systems(OnExit(SCREEN), |mut orders: ResMut<Orders>| *orders = Orders::default());
}
