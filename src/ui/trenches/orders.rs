//! What the player can do now, worked out from the engine each time the game or the selection
//! changes: every legal command (`session.legal`, and the set-up hexes the engine's `check`
//! accepts) in words, with what it costs and its odds — the casualties dice roll of a fire from the
//! rules' own `fire::{can_fire, firepower, cover, resolve}` over the 36 throws of two dice (7.4), a
//! move's MP from the rules run on a copy of the position, the close combat table's losses (9.2).

use hexx::Hex;

use crate::engine::Pending;
use crate::engine::dice::Dice;
use crate::engine::journal::Journal;
use crate::rulesets::trenches::events::{Ammo, Grain, Pattern};
use crate::rulesets::trenches::map::Fortification;
use crate::rulesets::trenches::state::{Fort, Pos, Rt, Window};
use crate::rulesets::trenches::units::{Level, Side};
use crate::rulesets::trenches::view::{Stage, stage};
use crate::rulesets::trenches::{Command, activation, close_combat, exec, fire, leadership, movement, sequence};
use crate::ui::widgets::pct;

use super::session::{TrenchSession, visible};

/// What an order is, for its button and its highlight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferKind {
    Place,
    Activate,
    Pass,
    Move,
    Fortify,
    Dig,
    Fire,
    Range,
    Effect,
    CloseCombat,
    End,
    React,
    NoReaction,
    /// Leadership, charges, exits, point fire and special ammunition: listed as buttons.
    Other,
}

/// One legal order, in words.
#[derive(Clone, Debug)]
pub struct Offer {
    pub command: Command,
    pub kind: OfferKind,
    pub label: String,
    /// The units it orders.
    pub units: Vec<String>,
    /// Where it goes, if anywhere.
    pub hex: Option<Hex>,
    /// What the map shows on the hex.
    pub badge: Option<String>,
    /// Why: the numbers and the rules behind them.
    pub detail: Vec<String>,
    /// The chance that matters most (a step lost by the target), for choosing the best.
    pub chance: f32,
}

/// Everything the player can do now.
#[derive(bevy::prelude::Resource, Default)]
pub struct Orders {
    /// (game revision, selected unit): recomputed when either changes.
    pub key: (u64, Option<String>),
    pub stage: Option<Stage>,
    pub pending: Option<Pending>,
    pub human: bool,
    pub offers: Vec<Offer>,
    /// Set-up: the side's units still to place, and the hexes the selected one may go to.
    pub unplaced: Vec<String>,
    pub place: Vec<(Hex, Command)>,
    /// Set-up: the other letters the selected unit may take (13.2).
    pub letters: Vec<Command>,
    /// A reaction's moment, in words (7.7).
    pub moment: Option<String>,
}

impl Orders {
    /// The offers that order `unit`.
    pub fn of_unit<'a>(&'a self, unit: &'a str) -> impl Iterator<Item = &'a Offer> + 'a {
        self.offers.iter().filter(move |o| o.units.iter().any(|u| u == unit))
    }
    /// The offers of one kind.
    pub fn kind(&self, kind: OfferKind) -> impl Iterator<Item = &Offer> + '_ {
        self.offers.iter().filter(move |o| o.kind == kind)
    }
    /// Units the player may pick now (to place, activate, move, fire or react with).
    pub fn pickable(&self) -> Vec<String> {
        let mut out: Vec<String> = self.unplaced.clone();
        for o in &self.offers {
            for u in &o.units {
                if !out.contains(u) {
                    out.push(u.clone());
                }
            }
        }
        out
    }
}

/// The chance that two dice make at least `t` (2.2).
pub fn at_least(t: i32) -> f32 {
    (2..=12).filter(|s| *s >= t).map(|s: i32| 6 - (s - 7).abs()).sum::<i32>() as f32 / 36.0
}

fn ids_of(p: &Pos, names: &[String]) -> Vec<usize> {
    names.iter().filter_map(|n| p.find(n)).collect()
}

fn names(p: &Pos, units: &[usize]) -> String {
    units.iter().map(|&u| format!("{} {} ({})", p.spec(u).subtype, p.letter(u), p.id(u))).collect::<Vec<_>>().join(", ")
}

/// The cover of a target unit against these shooters, and its source in words (10.1, 10.5, 10.7).
fn cover_words(p: &Pos, t: usize, shooters: &[Hex], plunging: bool) -> (i32, String) {
    let c = fire::cover(p, t, shooters, plunging, &[]);
    let h = p.hex(t).expect("on the map");
    let mut why = Vec::new();
    match p.units[t].fort {
        Fort::OnWire => why.push("on wire: no cover (10.53)".to_string()),
        Fort::Dugout => why.push(format!("dugout {}", p.sc.tables.fortifications.dugout)),
        Fort::Fortress => why.push(format!("fortress {}", p.sc.tables.fortifications.fortress)),
        Fort::In => {
            if let Some(f) = p.fortification(h) {
                let name = match f {
                    Fortification::Trench => "trench",
                    Fortification::Strongpoint => "strongpoint",
                    Fortification::Scrape => "scrape",
                };
                why.push(format!("IN {name} {}", p.fortification_cover(f)));
            }
        }
        Fort::Out => {}
    }
    let natural = p.natural_cover(h);
    if natural > 0 && p.units[t].fort != Fort::OnWire {
        if p.in_formation(t) {
            why.push(format!("natural cover {natural} lost in formation (5.3)"));
        } else {
            why.push(format!("{} {natural}", p.sc.board.terrain(h).unwrap_or("terrain").replace('_', " ")));
        }
    }
    if p.other_cover(h) > 0 {
        why.push(format!("stream bank {}", p.other_cover(h)));
    }
    if p.crest(h) && !plunging && shooters.iter().all(|&s| p.level(s) < p.level(h)) {
        why.push(format!("crest over lower ground {} (10.7)", p.sc.tables.crest_cover));
    }
    (c, if why.is_empty() { "no cover".into() } else { format!("best of {}", why.join(", ")) })
}

/// The odds of a direct fire attack (7.61, 7.4): each shooter's modified firepower and why, the
/// volume and its modifier, and for each target the viewer sees the chances of a step lost (final
/// roll 10 or more) and of escalation (above its resolve). `moving`: targets hit while moving (+1).
pub fn fire_odds(p: &Pos, shooters: &[usize], target: Hex, moving: &[usize], viewer: Option<Side>) -> (Vec<String>, f32) {
    let f = &p.sc.tables.fire;
    let mut lines = Vec::new();
    let mut volume = 0.0;
    let mut hexes = Vec::new();
    let mut plunging = false;
    for &s in shooters {
        let Ok(sight) = fire::can_fire(p, s, target) else { continue };
        let from = p.hex(s).expect("on the map");
        let d = from.unsigned_distance_to(target);
        let mut why = vec![format!("firepower {}", fire::firepower_printed(p, s))];
        if d > fire::normal_range(p, s) {
            why.push(format!("long range ({d} > {}) ½", fire::normal_range(p, s)));
        }
        if p.units[s].level == Level::Engaged {
            why.push("engaged ½".into());
        }
        if sight.concealed > 0 {
            why.push(format!("through concealment ({} hex) ½", sight.concealed));
        }
        if d <= 1 {
            why.push(format!("adjacent ×{}", f.adjacent_multiplier));
        }
        let fp = fire::firepower(p, s, target, sight);
        lines.push(format!("{} {} at {d} hex: {} = {fp:.1}", p.spec(s).subtype, p.letter(s), why.join(", ")));
        volume += fp;
        hexes.push(from);
        plunging |= p.ty(s).plunging;
    }
    if volume < 1.0 {
        lines.push(format!("Volume {volume:.1} is below 1: the attack fails (7.61)."));
        return (lines, 0.0);
    }
    let vof = (volume / f64::from(f.volume_divisor)).trunc() as i32;
    lines.push(format!("Volume {volume:.1} ÷ {} = {vof:+} to the casualties dice roll (7.61)", f.volume_divisor));
    let mut best: f32 = 0.0;
    let side = shooters.first().map(|&s| p.side(s));
    let spare: Vec<usize> = shooters.to_vec();
    let mut any = false;
    for t in p.units_in(target).collect::<Vec<_>>() {
        if Some(p.side(t)) == side || spare.contains(&t) || !fire::exposed(p, t, true) || !visible(p, viewer, t) {
            continue;
        }
        any = true;
        let (c, cover_why) = cover_words(p, t, &hexes, plunging);
        let mut m = vof - c;
        let mut extra = String::new();
        if moving.contains(&t) {
            m += f.moving_target;
            extra = format!(", moving {:+}", f.moving_target);
        }
        let res = fire::resolve(p, t, &[]) as i32;
        let loss = at_least(f.step_loss_at - m);
        let esc = (at_least(res + 1 - m) - loss).max(0.0);
        best = best.max(loss);
        lines.push(format!(
            "→ {} {} ({}): cover {c} ({cover_why}){extra}; roll {m:+} against resolve {res}: step lost {} (10+), escalates {}, no effect {}",
            p.spec(t).subtype,
            p.letter(t),
            p.id(t),
            pct(loss),
            pct(esc),
            pct((1.0 - loss - esc).max(0.0)),
        ));
    }
    if !any {
        lines.push("No unit you can see there is exposed to this fire.".into());
    }
    (lines, best)
}

/// The odds of close combat in a hex (9.1, 9.2), counting the defenders the viewer sees.
fn close_combat_odds(p: &Pos, h: Hex, side: Side, viewer: Option<Side>) -> (Vec<String>, f32) {
    let att = close_combat::attackers(p, h, side);
    let def: Vec<usize> = p.side_in(h, side.enemy()).filter(|&u| visible(p, viewer, u)).collect();
    let sum = |us: &[usize]| us.iter().map(|&u| p.units[u].steps * close_combat::value(p, u)).sum::<u32>();
    let (a, d) = (sum(&att), sum(&def));
    let t = &p.sc.tables;
    let (oa, od, m) = t.odds_modifier(a, d).unwrap_or((1, 1, 0));
    let (mut att_loss, mut def_loss, mut def_any) = (0.0, 0.0, 0.0);
    for r in 2..=12i32 {
        let w = (6 - (r - 7).abs()) as f32 / 36.0;
        let (al, dl) = t.close_combat_losses(r + m);
        att_loss += w * al as f32;
        def_loss += w * dl as f32;
        if dl > 0 {
            def_any += w;
        }
    }
    let lines = vec![
        format!("Yours {a} (steps × close combat value) against {d}: odds {oa}:{od}, {m:+} to the roll (9.1)"),
        format!("Expected losses: you {att_loss:.1} steps, the enemy {def_loss:.1}; the enemy loses a step {} (9.2)", pct(def_any)),
    ];
    (lines, def_any)
}

/// The position once the units moving now have finished their move, as firing makes them (8, 4:
/// their commitment rises first), and that in words.
fn moves_ended(p: &Pos) -> (Pos, Option<String>) {
    let moving = p.r.act.as_ref().map(|a| a.moving.clone()).unwrap_or_default();
    if moving.is_empty() {
        return (p.clone(), None);
    }
    let mut q = p.clone();
    let mut dice = Dice::new(0);
    let mut journal = Journal::default();
    movement::finish_moving(&mut q, &mut Rt { dice: &mut dice, journal: &mut journal });
    (q, Some(format!("Firing ends the move of {}: commitment rises first (4, 8).", names(p, &moving))))
}

/// Movement points left after a move, from the rules played on a copy of the position (8, 5.3,
/// 10.81): `None` when the move ends the unit's activation.
fn mp_after(p: &Pos, c: &Command, u: usize) -> Option<f32> {
    let mut q = p.clone();
    let mut dice = Dice::new(0);
    let mut journal = Journal::default();
    exec(&mut q, &mut Rt { dice: &mut dice, journal: &mut journal }, c.clone());
    let act = q.r.act.as_ref()?;
    if !act.moving.contains(&u) && q.r.window.is_none() {
        return None;
    }
    act.mp.get(&u).map(|t| *t as f32 / 3.0)
}

fn pattern_name(pat: Pattern) -> &'static str {
    match pat {
        Pattern::Drum => "drum fire (one hex)",
        Pattern::Hurricane => "hurricane (seven hexes)",
        Pattern::Barrage(Grain::EastWest) => "barrage east–west",
        Pattern::Barrage(Grain::NorthEastSouthWest) => "barrage NE–SW",
        Pattern::Barrage(Grain::NorthWestSouthEast) => "barrage NW–SE",
    }
}

/// A move in words: the hex's cost and why, and the MP left after it (8.1, 10.2).
fn describe_move(p: &Pos, c: &Command, ids: &[String], to: &str, o: &mut Offer) {
    let us = ids_of(p, ids);
    let h = p.parse_hex(to);
    o.kind = OfferKind::Move;
    o.units = ids.to_vec();
    o.hex = h;
    if let (Some(&u), Some(h)) = (us.first(), h) {
        let from = p.hex(u).expect("on the map");
        let (cost, road, fort) = p.entry_cost(u, from, h);
        let what = p.sc.board.terrain(h).unwrap_or("open").replace('_', " ");
        let after = mp_after(p, c, u);
        o.badge = Some(format!("{cost} MP"));
        o.detail.push(format!(
            "{to}: {what}{}{} costs {cost} MP (8.1, 10.2){}.",
            if road { ", along the road" } else { "" },
            if fort == Fort::OnWire { ", onto wire" } else { "" },
            match after {
                Some(left) => format!("; {left:.1} MP left after"),
                None => "; the move ends there".into(),
            }
        ));
        if p.enemy_in(h, p.side(u)) {
            o.detail.push("Enemy units there: close combat may follow next activation (8.2, 9).".into());
        }
    }
    o.label = format!("Move {} to {to}", names(p, &us));
}

/// The commands of the rules no Devil Dogs operation uses, in words (7.5, 7.62, 7.88, 8.5, 9.2, 12,
/// 13.41).
fn describe_special(p: &Pos, c: &Command, o: &mut Offer) {
    match c {
        Command::FireShrapnel(ids, hex) => {
            o.kind = OfferKind::Other;
            o.units = ids.clone();
            o.hex = p.parse_hex(hex);
            o.label = format!("Fire shrapnel: {} at {hex}", names(p, &ids_of(p, ids)));
            o.detail.push("+3 firepower a gun after all other modification; the target's cover counts double (7.5).".into());
        }
        Command::PointFire(shooter, target) => {
            o.kind = OfferKind::Other;
            o.units = vec![shooter.clone()];
            o.hex = p.find(target).and_then(|t| p.hex(t));
            o.label = format!("Point fire: {shooter} at the AFV {target}");
            o.detail.push("To hit: two dice, 6 or more (-1 at half strength); then penetration: two dice + the gun's full firepower, 10 or more destroys, on doubles immobilizes (7.62).".into());
        }
        Command::Lead(stat) => {
            o.kind = OfferKind::Other;
            o.label = format!("Spend a leadership point: +1 {}", stat.name());
            o.detail.push(format!(
                "{} point(s) left; +1 {} for every unit of the force, this activation or reaction fire only (12).",
                p.r.phasing.map(|s| leadership::points_left(p, if p.r.window.is_some() { s.enemy() } else { s })).unwrap_or(0),
                stat.name()
            ));
        }
        Command::FireForEffectWith(ids, pat, ammo) => {
            o.kind = OfferKind::Effect;
            o.units = ids.clone();
            o.label = format!("Fire for effect: {}, {}", pattern_name(*pat), ammo.name());
            o.detail.push(
                match ammo {
                    Ammo::Shrapnel => "Shrapnel: +3 firepower a gun, cover doubled (7.5).",
                    Ammo::Gas => "Gas: one casualties dice roll a hex with no modifier; gas counters conceal until recovery (7.5).",
                    Ammo::Smoke => "Smoke: no casualties; smoke counters conceal until recovery, in the firer's hex too (7.5, 7.21).",
                    Ammo::HighExplosive => "High explosive (7.5).",
                }
                .into(),
            );
        }
        Command::FireRegistered(ids, hex) => {
            o.kind = OfferKind::Effect;
            o.units = ids.clone();
            o.hex = p.parse_hex(hex);
            o.label = format!("Fire at the pre-registered {hex}");
            o.detail
                .push("No observer and no ranging: the accuracy die at -2, the pattern and ammunition of the pre-game note (7.88).".into());
        }
        Command::Charge(ids, targets) => {
            o.kind = OfferKind::Other;
            o.units = ids.clone();
            o.hex = targets.first().and_then(|t| p.parse_hex(t));
            o.label = format!("Charge {}", targets.join(", "));
            o.detail.push(format!("After the target's reaction fire, a casualties dice roll at +{} (8.5).", ids.len()));
        }
        Command::TakeLoss(id) => {
            o.kind = OfferKind::Other;
            o.units = vec![id.clone()];
            o.hex = p.find(id).and_then(|u| p.hex(u));
            o.label = format!("Take a step loss from {id}");
            o.detail.push("Each player allocates his own close combat losses (9.2).".into());
        }
        Command::Exit(ids) => {
            o.kind = OfferKind::Other;
            o.units = ids.clone();
            o.label = format!("Leave the map — {} (1 MP)", ids.join(", "));
            o.detail.push("Units that exit cannot come back (13.41).".into());
        }
        Command::Register(id, hex, ammo, pattern) => {
            o.kind = OfferKind::Other;
            o.units = vec![id.clone()];
            o.hex = p.parse_hex(hex);
            o.label = format!("Pre-register {hex} for {id}: {}, {} (7.88)", ammo.name(), pattern_name(*pattern));
            o.detail.push(
                "Written on the pre-game note before set-up; hidden from the other side until the battery fires at it (7.88).".into(),
            );
        }
        Command::DoneRegistering => {
            o.kind = OfferKind::Other;
            o.label = "The pre-game note is written (13.1)".into();
        }
        Command::Letter(id, letter) => {
            o.kind = OfferKind::Other;
            o.units = vec![id.clone()];
            o.label = format!("Letter {letter} for {id} (13.2)");
        }
        Command::Place(id, hex) => {
            o.kind = OfferKind::Place;
            o.units = vec![id.clone()];
            o.hex = p.parse_hex(hex);
            o.label = format!("Place {id} in {hex}");
        }
        _ => {}
    }
}

/// One legal command in words, with its cost and odds.
fn describe(p: &Pos, c: &Command, viewer: Option<Side>) -> Offer {
    let mut o = Offer {
        command: c.clone(),
        kind: OfferKind::End,
        label: String::new(),
        units: Vec::new(),
        hex: None,
        badge: None,
        detail: Vec::new(),
        chance: 0.0,
    };
    match c {
        Command::Activate(ids) => {
            let us = ids_of(p, ids);
            let cost = activation::force_cost(p, &us);
            o.kind = OfferKind::Activate;
            o.units = ids.clone();
            o.label = if us.len() == 1 {
                format!("Activate {} — {} order", names(p, &us), activation::halves(cost))
            } else {
                format!("Formation of {}: {} — {} order", us.len(), names(p, &us), activation::halves(cost))
            };
            o.detail.push(format!(
                "Costs {} of your {} orders left (3.2{}).",
                activation::halves(cost),
                activation::halves(p.r.orders),
                if us.len() > 1 { ", 5.1" } else { "" }
            ));
            if us.len() > 1 {
                o.detail.push("A formation: +1 resolve, combined fire; natural cover lost, a third of the movement allowance to coordinate (5.2, 5.3).".into());
            }
        }
        Command::Pass => {
            o.kind = OfferKind::Pass;
            o.label = format!("Pass the {} orders left", activation::halves(p.r.orders));
        }
        Command::Move(ids, to) => describe_move(p, c, ids, to, &mut o),
        Command::EnterFortification(ids) => {
            o.kind = OfferKind::Fortify;
            o.units = ids.clone();
            o.label = format!("Go IN the fortification / dugout — {} (1 MP)", ids.join(", "));
            o.detail
                .push("IN a trench, scrape or strongpoint its cover counts; a dugout's too, but no line of sight (10.5, 10.52).".into());
        }
        Command::LeaveDugout(ids) => {
            o.kind = OfferKind::Fortify;
            o.units = ids.clone();
            o.label = format!("Leave the dugout — {} (1 MP)", ids.join(", "));
        }
        Command::Dig(id) => {
            o.kind = OfferKind::Dig;
            o.units = vec![id.clone()];
            o.label = format!("Dig a scrape — {id}");
            o.detail.push("A shovel marker now; a scrape (cover 3) at recovery (6, 3.12).".into());
        }
        Command::Fire(ids, hex) => {
            let us = ids_of(p, ids);
            o.kind = OfferKind::Fire;
            o.units = ids.clone();
            o.hex = p.parse_hex(hex);
            if let Some(h) = o.hex {
                let (q, note) = moves_ended(p);
                let (lines, best) = fire_odds(&q, &us, h, &[], viewer);
                o.detail = note.into_iter().chain(lines).collect();
                o.chance = best;
                o.badge = Some(format!("{}{}", if us.len() > 1 { format!("{}× ", us.len()) } else { String::new() }, pct(best)));
            }
            o.label = format!("Fire: {} at {hex} — step lost {}", names(p, &us), pct(o.chance));
        }
        Command::Range(ids, hex) => {
            o.kind = OfferKind::Range;
            o.units = ids.clone();
            o.hex = p.parse_hex(hex);
            o.label = format!("Range on {hex}");
            o.badge = Some("range".into());
            o.detail.push(
                "Three cross hairs: the real one here and two dummies drawn near it, the enemy not knowing which; fire for effect on a later turn (7.82). The force escalates twice.".into(),
            );
        }
        Command::FireForEffect(ids, pat) => {
            let us = ids_of(p, ids);
            o.kind = OfferKind::Effect;
            o.units = ids.clone();
            let ind = &p.sc.tables.indirect;
            let hit_at = match p.sc.spec.visibility {
                crate::rulesets::trenches::units::Visibility::Good => ind.good.0,
                crate::rulesets::trenches::units::Visibility::Bad => ind.bad.0,
            };
            let pen = if *pat == Pattern::Drum { 0 } else { ind.pattern_penalty };
            let volume: u32 = us.iter().map(|&u| fire::firepower_printed(p, u).saturating_sub(pen)).sum();
            o.label = format!("Fire for effect: {} — volume {volume}", pattern_name(*pat));
            o.detail.push(format!(
                "Accuracy die ≤ {hit_at}: on target ({}); else it strays (7.84). Volume {volume} (firepower{}) hits every unit in the pattern (7.85).",
                pct((hit_at.clamp(0, 6)) as f32 / 6.0),
                if pen > 0 { format!(" −{pen} a unit for the pattern, 7.83") } else { String::new() }
            ));
        }
        Command::CloseCombat(hex) => {
            o.kind = OfferKind::CloseCombat;
            o.hex = p.parse_hex(hex);
            if let (Some(h), Some(side)) = (o.hex, p.r.phasing) {
                let (lines, chance) = close_combat_odds(p, h, side, viewer);
                o.detail = lines;
                o.chance = chance;
                o.badge = Some(format!("melee {}", pct(chance)));
            }
            o.label = format!("Close combat in {hex} — enemy loses a step {}", pct(o.chance));
        }
        Command::EndActivation => {
            o.kind = OfferKind::End;
            o.label = "End the activation".into();
        }
        Command::React(ids, hex) => {
            let us = ids_of(p, ids);
            o.kind = OfferKind::React;
            o.units = ids.clone();
            o.hex = p.parse_hex(hex);
            let moving: Vec<usize> = match &p.r.window {
                Some(Window::Move { movers, .. }) => movers.clone(),
                _ => Vec::new(),
            };
            if let Some(h) = o.hex {
                let (lines, best) = fire_odds(p, &us, h, &moving, viewer);
                o.detail = lines;
                o.chance = best;
                o.badge = Some(pct(best));
            }
            o.label = format!("React: {} at {hex} — step lost {}", names(p, &us), pct(o.chance));
        }
        Command::NoReaction => {
            o.kind = OfferKind::NoReaction;
            o.label = "No reaction".into();
        }
        Command::Place(..)
        | Command::Letter(..)
        | Command::Register(..)
        | Command::DoneRegistering
        | Command::FireShrapnel(..)
        | Command::PointFire(..)
        | Command::Lead(_)
        | Command::FireForEffectWith(..)
        | Command::FireRegistered(..)
        | Command::Charge(..)
        | Command::TakeLoss(_)
        | Command::Exit(_) => describe_special(p, c, &mut o),
    }
    o
}

/// The reaction's moment in words (7.7).
fn moment(p: &Pos, viewer: Option<Side>) -> Option<String> {
    let shown = |us: &[usize]| {
        us.iter()
            .filter(|&&u| visible(p, viewer, u))
            .map(|&u| format!("{} {}", p.spec(u).subtype, p.letter(u)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match p.r.window.as_ref()? {
        Window::Move { movers, hex } => {
            Some(format!("The enemy moved into {}: {}. Fire at them there, or let them pass.", p.hex_label(*hex), shown(movers)))
        }
        Window::Fire { shooters, target, .. } => {
            let mut from: Vec<String> = shooters.iter().filter_map(|&s| p.hex(s)).map(|h| p.hex_label(h)).collect();
            from.dedup();
            Some(format!(
                "The enemy ({}) fires at your units in {} from {}. Fire back before the results apply, or not.",
                shown(shooters),
                p.hex_label(*target),
                from.join(", ")
            ))
        }
    }
}

/// Works the orders out from the session.
pub fn compute(session: &TrenchSession, selected: Option<&str>) -> Orders {
    let p = session.pos();
    let viewer = session.viewer();
    let mut o = Orders { key: (session.revision, selected.map(str::to_string)), ..Default::default() };
    o.stage = stage(&p);
    o.pending = session.game.pending();
    o.human = session.human_to_move();
    if !o.human {
        return o;
    }
    if let Some(Stage::Place(side)) = o.stage
        && p.r.registering.is_some()
    {
        return note_orders(session, &p, side, selected, o);
    }
    if let Some(Stage::Place(side)) = o.stage {
        o.unplaced = sequence::unplaced(&p, side).map(|u| p.id(u).to_string()).collect();
        if let Some(u) = selected.and_then(|id| p.find(id)).filter(|u| o.unplaced.iter().any(|x| x == p.id(*u))) {
            let mut hexes: Vec<Hex> = p.sc.setup[u].iter().collect();
            hexes.sort_by_key(|h| p.sc.board.index(*h));
            for h in hexes {
                let c = Command::Place(p.id(u).to_string(), p.hex_label(h));
                if session.check(&c).is_ok() {
                    o.place.push((h, c));
                }
            }
            let letters = crate::rulesets::trenches::setup::letters(&p, u).into_iter();
            o.letters = letters.map(|l| Command::Letter(p.id(u).to_string(), l)).filter(|c| session.check(c).is_ok()).collect();
        }
        return o;
    }
    o.offers = session.legal.iter().map(|c| describe(&p, c, viewer)).collect();
    o.moment = moment(&p, viewer);
    o
}

/// The tray's key of a battery with an ammunition and a fire pattern (7.88): `de-how|Shrapnel|Drum`.
pub fn note_key(id: &str, ammo: Ammo, pattern: Pattern) -> String {
    format!("{id}|{}|{}", ron::to_string(&ammo).unwrap_or_default(), ron::to_string(&pattern).unwrap_or_default())
}

/// A tray key read back: the battery, the ammunition and the pattern.
pub fn parse_note_key(key: &str) -> Option<(String, Ammo, Pattern)> {
    let mut it = key.split('|');
    let (id, ammo, pattern) = (it.next()?, it.next()?, it.next()?);
    Some((id.to_string(), ron::from_str(ammo).ok()?, ron::from_str(pattern).ok()?))
}

/// The pre-game note before set-up (7.88, 13.1): the tray holds a key for each battery with each
/// ammunition and pattern it may note; the selected one's hexes are shaded; and the note's end.
fn note_orders(session: &TrenchSession, p: &Pos, side: Side, selected: Option<&str>, mut o: Orders) -> Orders {
    use crate::rulesets::trenches::register;
    if register::noted(p, side) < register::allowance(p, side) {
        for u in register::batteries(p, side) {
            for ammo in [Ammo::HighExplosive, Ammo::Shrapnel, Ammo::Gas, Ammo::Smoke] {
                for pattern in register::PATTERNS {
                    let ok = crate::rulesets::trenches::indirect::ammo_allowed(
                        &p.sc.tables,
                        (p.sc.spec.era, p.sc.year()),
                        side,
                        Some(p.ty(u)),
                        ammo,
                        pattern,
                    );
                    if ok.is_ok() {
                        o.unplaced.push(note_key(p.id(u), ammo, pattern));
                    }
                }
            }
        }
    }
    if let Some((id, ammo, pattern)) = selected.and_then(parse_note_key) {
        let mut hexes: Vec<Hex> = p.sc.board.hexes().collect();
        hexes.sort_by_key(|h| p.sc.board.index(*h));
        for h in hexes {
            let c = Command::Register(id.clone(), p.hex_label(h), ammo, pattern);
            if session.check(&c).is_ok() {
                o.place.push((h, c));
            }
        }
    }
    o.offers = vec![describe(p, &Command::DoneRegistering, session.viewer())];
    o
}
