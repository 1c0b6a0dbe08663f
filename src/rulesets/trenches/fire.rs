//! Fire (7): lines of fire and range (7.2, 7.3), spotting and hidden units (7.23, 7.24), the
//! casualties dice roll (7.4), direct area fire (7.6, 7.61) and reaction fire (7.7), commitment
//! after firing and after suffering fire (4), step losses (2.4) and retreats (7.61).

use hexx::Hex;

use crate::engine::Refusal;

use super::activation::{forces, ids, live, resolve_ids};
use super::events::{Command, EventKind, Stat};
use super::refuse;
use super::state::{Fort, Pos, Rt, Where, Window};
use super::units::{Kind, Level, Side};

/// What a casualties dice roll did to one unit (7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    None,
    Escalate,
    StepLoss,
}

/// One unit's result of one attack, and the hex the fire came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub unit: usize,
    pub effect: Effect,
    pub from: Hex,
}

/// A hidden unit is revealed (7.24).
pub fn reveal(p: &mut Pos, rt: &mut Rt, u: usize) {
    if p.units[u].hidden {
        p.units[u].hidden = false;
        rt.log("7.24", format!("{} is revealed.", p.name(u)), EventKind::Revealed { unit: p.id(u).to_string() });
    }
}

/// Units of both sides in one hex are in contact: every hidden unit there is revealed. The reading
/// of 7.24 with 8.2 (docs/trenches.md): a unit held in place by an enemy in its hex, or able to
/// attack it in close combat ("Hidden units can be attacked in close combat"), knows it is there.
pub fn reveal_contact(p: &mut Pos, rt: &mut Rt, h: Hex) {
    let here: Vec<usize> = p.units_in(h).collect();
    if here.iter().any(|&u| p.side(u) != p.side(here[0])) {
        for u in here {
            reveal(p, rt, u);
        }
    }
}

/// Commitment rises by `by` levels, never past spent (4).
pub fn escalate(p: &mut Pos, rt: &mut Rt, u: usize, by: u32, rule: &str) {
    let before = p.units[u].level;
    let after = before.escalated(by);
    if after != before {
        p.units[u].level = after;
        rt.log(
            rule,
            format!("{} is {}.", p.name(u), after.id()),
            EventKind::Escalated { unit: p.id(u).to_string(), level: after.id().into() },
        );
    }
}

/// A step lost (2.4, 7.4): a full two-step unit flips, anything else is eliminated. The first
/// Marine lost turns the others into shock troops where the operation says so.
pub fn lose_step(p: &mut Pos, rt: &mut Rt, u: usize, rule: &str) {
    if p.hex(u).is_none() {
        return;
    }
    p.units[u].steps = p.units[u].steps.saturating_sub(1);
    let eliminated = p.units[u].steps == 0;
    if eliminated {
        p.units[u].at = Where::Eliminated;
        p.units[u].fort = Fort::Out;
        p.units[u].shovel = false;
    }
    rt.log(
        rule,
        format!("{} {}.", p.name(u), if eliminated { "is eliminated" } else { "loses a step" }),
        EventKind::StepLost { unit: p.id(u).to_string(), eliminated },
    );
    if eliminated
        && let Some(s) = p.sc.spec.shock.clone()
        && !p.r.shock_on
        && p.side(u) == s.side
        && p.spec(u).subtype == s.subtype
    {
        p.r.shock_on = true;
        for v in 0..p.units.len() {
            if p.side(v) == s.side && p.spec(v).subtype == s.subtype {
                p.units[v].shock = true;
            }
        }
        rt.log("3.2", format!("The remaining {} platoons become shock troops.", s.subtype), EventKind::ShockTroops { side: s.side });
    }
}

/// Printed firepower, range and resolve at the unit's strength (11).
pub fn firepower_printed(p: &Pos, u: usize) -> u32 {
    let t = p.ty(u);
    if t.kind == Kind::Afv {
        return super::armour::weapon_firepower(p, u, super::armour::current_weapon(p, u));
    }
    let printed = match p.spec(u).firepower {
        Some(fp) => fp,
        None if p.full(u) => t.firepower.0,
        None => t.firepower.1,
    };
    printed + super::leadership::bonus(p, u, Stat::Firepower)
}
pub fn normal_range(p: &Pos, u: usize) -> u32 {
    let t = p.ty(u);
    let printed = if p.full(u) { t.range.0 } else { t.range.1 };
    if printed == 0 { 0 } else { printed + super::leadership::bonus(p, u, Stat::Range) }
}

/// Resolve against a casualties roll: printed, +1 in formation (5.2).
pub fn resolve(p: &Pos, u: usize, formation: &[usize]) -> u32 {
    let t = p.ty(u);
    let base = (if p.full(u) { t.resolve.0 } else { t.resolve.1 }) + super::leadership::bonus(p, u, Stat::Resolve);
    if p.in_formation(u) || formation.contains(&u) { base + p.sc.tables.formations.resolve_bonus } else { base }
}

/// Whether a shooter may fire at a hex, and its line of sight (7.2, 7.3, 7.6).
pub fn can_fire(p: &Pos, u: usize, target: Hex) -> Result<super::map::Sight, Refusal> {
    let from = p.hex(u).ok_or_else(|| refuse("not on the map", "7"))?;
    if p.units[u].level == Level::Spent {
        return Err(refuse(format!("{} is spent", p.id(u)), "4"));
    }
    if p.units[u].fort == Fort::Dugout {
        return Err(refuse(format!("{} is in a dugout: it has no line of sight", p.id(u)), "10.52"));
    }
    let afv_armed = p.kind(u) == Kind::Afv && super::armour::next_weapon(p, u, false).is_some();
    if (firepower_printed(p, u) == 0 && !afv_armed) || matches!(p.kind(u), Kind::Transport) {
        return Err(refuse(format!("{} has no firepower", p.id(u)), "7"));
    }
    if p.kind(u) == Kind::Ordnance && normal_range(p, u) == 0 {
        return Err(refuse(format!("{} has no normal range: no direct fire", p.id(u)), "11.4"));
    }
    let side = p.side(u);
    if p.enemy_in(from, side) && (target != from || p.r.melee.contains(&from)) {
        return Err(refuse("units in a hex with enemy units fire only within it, until close combat", "7"));
    }
    let d = from.unsigned_distance_to(target);
    let long = normal_range(p, u) * p.sc.tables.fire.long_range_factor;
    if d > long {
        return Err(refuse(format!("{} is {d} hexes away; {}'s long range is {long}", p.hex_label(target), p.id(u)), "7.3"));
    }
    let sight = p.sight(from, target);
    if let Some(at) = sight.blocked_at {
        return Err(refuse(format!("the line of sight from {} stops at {}", p.hex_label(from), p.hex_label(at)), "7.21"));
    }
    // 7.6: infantry and cavalry do not fire through friendly non-AFV units at their own level.
    if matches!(p.kind(u), Kind::Infantry | Kind::Cavalry) {
        let level = p.level(from);
        let friendly = |h: Hex| p.level(h) == level && p.side_in(h, side).any(|v| p.kind(v) != Kind::Afv);
        if p.sc.board.line_between(from, target).into_iter().any(|(a, b)| friendly(a) && friendly(b)) {
            return Err(refuse("friendly units stand in the line of fire", "7.6"));
        }
    }
    Ok(sight)
}

/// A shooter's modified firepower at a hex (7.61, QRC): halved at long range, when engaged and
/// through concealment, doubled against an adjacent hex; fractions carried (2.3).
pub fn firepower(p: &Pos, u: usize, target: Hex, sight: super::map::Sight) -> f64 {
    let f = &p.sc.tables.fire;
    let from = p.hex(u).expect("on the map");
    let d = from.unsigned_distance_to(target);
    let mut fp = f64::from(firepower_printed(p, u));
    if d > normal_range(p, u) {
        fp /= f64::from(f.long_range_divisor);
    }
    if p.units[u].level == Level::Engaged {
        fp /= f64::from(f.engaged_divisor);
    }
    if sight.concealed > 0 {
        fp /= f64::from(f.concealment_divisor);
    }
    if d <= 1 {
        fp *= f64::from(f.adjacent_multiplier);
    }
    fp
}

/// A unit the fire could touch: direct area fire reaches non-AFV units that are spotted and not in a
/// dugout (7.24, 7.61, 10.52); indirect fire reaches every unit (7.8).
pub fn exposed(p: &Pos, u: usize, direct: bool) -> bool {
    !direct || (p.kind(u) != Kind::Afv && !p.units[u].hidden && p.units[u].fort != Fort::Dugout)
}

/// A hex holding an enemy unit the side can fire at (7.23).
pub fn spotted_enemy(p: &Pos, h: Hex, side: Side) -> bool {
    p.side_in(h, side.enemy()).any(|u| exposed(p, u, true))
}

/// A unit's cover against fire from `shooters` (10.1): the single best of its fortification, its
/// hex's natural cover (not in formation, not a forsaken crater), other cover, and a crest's height
/// advantage over lower shooters without a mortar or howitzer (10.7). On wire: none (10.53).
pub fn cover(p: &Pos, t: usize, shooter_hexes: &[Hex], plunging: bool, formation: &[usize]) -> i32 {
    let h = p.hex(t).expect("on the map");
    let fo = &p.sc.tables.fortifications;
    match p.units[t].fort {
        Fort::OnWire => return 0,
        Fort::Dugout => return fo.dugout,
        Fort::Fortress => return fo.fortress,
        _ => {}
    }
    let mut best = p.other_cover(h);
    if p.units[t].fort == Fort::In
        && let Some(f) = p.fortification(h)
    {
        best = best.max(p.fortification_cover(f));
    }
    let forsaken = p.r.act.as_ref().is_some_and(|a| a.forsaken.contains(&t));
    if !p.in_formation(t) && !formation.contains(&t) && !forsaken {
        best = best.max(p.natural_cover(h));
    }
    if p.crest(h) && !plunging && !shooter_hexes.is_empty() && shooter_hexes.iter().all(|&s| p.level(s) < p.level(h)) {
        best = best.max(p.sc.tables.crest_cover);
    }
    best
}

/// The attack a casualties dice roll resolves (7.4).
#[derive(Clone, Debug, Default)]
pub struct Shot {
    /// The summed modified firepower (7.61).
    pub volume: f64,
    /// The shooters' hexes (retreats, crests).
    pub from: Vec<Hex>,
    /// A mortar or howitzer fires (10.7).
    pub plunging: bool,
    /// Direct fire (AFV, hidden units and dugouts are out of its reach; retreats, 7.61).
    pub direct: bool,
    /// Cover counts this many times: 1, 2 under shrapnel (7.5), 0 for gas and charges (7.5, 8.5).
    pub cover_times: i32,
    /// A further modifier (8.5: +1 per charging cavalry unit).
    pub bonus: i32,
}

impl Shot {
    pub fn new(volume: f64, from: Vec<Hex>, plunging: bool, direct: bool) -> Shot {
        Shot { volume, from, plunging, direct, cover_times: 1, bonus: 0 }
    }
}

/// The casualties dice roll of one attack on every unit it touches in `target` (7.4, 7.61):
/// `moving` the units hit while moving (+1); `spare` units the fire does not touch (the shooters
/// and their formation); `formation` the units claiming the formation's pros and cons.
#[allow(clippy::too_many_arguments)]
pub fn casualties(
    p: &Pos,
    rt: &mut Rt,
    target: Hex,
    shot: &Shot,
    moving: &[usize],
    spare: &[usize],
    formation: &[usize],
    rule: &str,
) -> (Vec<Hit>, bool) {
    let (volume, shooter_hexes, plunging, direct) = (shot.volume, shot.from.as_slice(), shot.plunging, shot.direct);
    let f = &p.sc.tables.fire;
    if !p.units_in(target).any(|t| !spare.contains(&t) && exposed(p, t, direct)) {
        return (Vec::new(), false);
    }
    let (roll, doubles) = rt.dice2(&format!("casualties dice roll on {}", p.hex_label(target)), rule);
    let mut hits = Vec::new();
    let vof = volume / f64::from(f.volume_divisor);
    let from = shooter_hexes.first().copied().unwrap_or(target);
    for t in p.units_in(target).collect::<Vec<_>>() {
        if spare.contains(&t) || !exposed(p, t, direct) {
            continue;
        }
        // 2.3, 7.61: fractions are carried through the volume of fire, then dropped from its
        // modifier; cover and a moving target's +1 are whole numbers (docs/trenches-reconstruction.md:
        // the reading that gives every worked example of the rulebook its printed result).
        let mut m = vof.trunc() as i32 - shot.cover_times * cover(p, t, shooter_hexes, plunging, formation) + shot.bonus;
        if moving.contains(&t) {
            m += f.moving_target;
        }
        let modified = roll as i32 + m;
        let res = resolve(p, t, formation);
        let effect = if modified >= f.step_loss_at {
            Effect::StepLoss
        } else if modified > res as i32 {
            Effect::Escalate
        } else {
            Effect::None
        };
        let result = match effect {
            Effect::None => "no effect",
            Effect::Escalate => "commitment escalates",
            Effect::StepLoss => "spent and a step lost",
        };
        rt.log(
            rule,
            format!("Casualties dice roll {roll} {m:+} = {modified} against {} (resolve {res}): {result}.", p.name(t)),
            EventKind::Casualties { unit: p.id(t).to_string(), roll, modified, resolve: res, result: result.into() },
        );
        hits.push(Hit { unit: t, effect, from });
    }
    (hits, doubles)
}

/// Applies results (7.4): escalation, or spent and a step lost, with the retreat from direct fire
/// of units not IN a fortification and not ordnance (7.61).
pub fn apply(p: &mut Pos, rt: &mut Rt, hits: &[Hit], direct: bool, rule: &str) {
    for hit in hits {
        let u = hit.unit;
        if p.hex(u).is_none() {
            continue;
        }
        match hit.effect {
            Effect::None => {}
            Effect::Escalate => escalate(p, rt, u, 1, rule),
            Effect::StepLoss => {
                p.units[u].level = Level::Spent;
                lose_step(p, rt, u, rule);
                if direct
                    && p.hex(u).is_some()
                    && !p.kind(u).is_ordnance()
                    && !matches!(p.units[u].fort, Fort::In | Fort::Dugout | Fort::Fortress)
                {
                    retreat(p, rt, u, hit.from);
                }
            }
        }
    }
}

/// The retreat (7.61): one hex directly away from where the fire entered; from fire within the hex,
/// back to the hex it came from. Off the map, or into three friendly units: eliminated (2.8).
fn retreat(p: &mut Pos, rt: &mut Rt, u: usize, from: Hex) {
    let h = p.hex(u).expect("on the map");
    let to = if from == h {
        p.units[u].came_from
    } else {
        let entering = p.sc.board.line_between(from, h).last().map(|x| x.0).unwrap_or(from);
        Some(h + (h - entering))
    };
    p.units[u].shovel = false;
    match to {
        Some(t) if p.sc.board.contains(t) && p.side_in(t, p.side(u)).count() < 3 => {
            p.units[u].at = Where::Hex(t);
            p.units[u].fort = Fort::Out;
            p.units[u].came_from = Some(h);
            rt.log(
                "7.61",
                format!("{} retreats to {}.", p.name(u), p.hex_label(t)),
                EventKind::Retreated { unit: p.id(u).to_string(), to: Some(p.hex_label(t)) },
            );
        }
        _ => {
            p.units[u].at = Where::Eliminated;
            p.units[u].fort = Fort::Out;
            rt.log(
                "7.61",
                format!("{} cannot retreat and is eliminated.", p.name(u)),
                EventKind::Retreated { unit: p.id(u).to_string(), to: None },
            );
        }
    }
}

/// Commitment after firing (7.61): one level, but a machine gun: free ones become engaged, and an
/// engaged one reaction firing at a moving target is spent only on doubles.
pub fn escalate_shooters(p: &mut Pos, rt: &mut Rt, shooters: &[usize], at_moving: bool, doubles: bool) {
    for &s in shooters {
        if p.hex(s).is_none() {
            continue;
        }
        if p.kind(s) == Kind::MachineGun && p.units[s].level == Level::Engaged && at_moving && !doubles {
            continue;
        }
        // 11.1: an AFV escalates once for its attack of two shots.
        if super::armour::second_shot_pending(p, s) && p.r.act.as_ref().is_some_and(|a| a.units.contains(&s)) {
            continue;
        }
        escalate(p, rt, s, 1, "7.61");
    }
}

/// One direct area fire attack (7.61): volume from each shooter, a failed attack below 1.
/// With `shrapnel`, each shooter adds 3 after all other modification and cover counts double (7.5).
fn attack(
    p: &Pos,
    rt: &mut Rt,
    shooters: &[usize],
    target: Hex,
    moving: &[usize],
    formation: &[usize],
    shrapnel: bool,
) -> (Vec<Hit>, bool) {
    let mut volume = 0.0;
    let mut hexes = Vec::new();
    let mut plunging = false;
    for &s in shooters {
        let Ok(sight) = can_fire(p, s, target) else { continue };
        volume += firepower(p, s, target, sight);
        if shrapnel {
            volume += f64::from(p.sc.tables.ammunition.shrapnel_firepower);
        }
        hexes.push(p.hex(s).expect("on the map"));
        plunging |= p.ty(s).plunging;
    }
    if volume < 1.0 {
        rt.log(
            "7.61",
            format!("The volume of fire on {} is below 1: the attack fails.", p.hex_label(target)),
            EventKind::Casualties { unit: String::new(), roll: 0, modified: 0, resolve: 0, result: "volume below 1".into() },
        );
        return (Vec::new(), false);
    }
    // 5.2, 7.61: the fire spares the shooters and, from a formation, the formation's other units.
    let spare = match &p.r.act {
        Some(a) if a.formation && shooters.iter().all(|s| a.units.contains(s)) => a.units.clone(),
        _ => shooters.to_vec(),
    };
    let shot = Shot { cover_times: if shrapnel { 2 } else { 1 }, ..Shot::new(volume, hexes, plunging, true) };
    casualties(p, rt, target, &shot, moving, &spare, formation, "7.61")
}

/// Hexes the active force's units may fire at, per unit (7.6).
fn targets(p: &Pos, u: usize) -> Vec<Hex> {
    let Some(from) = p.hex(u) else { return Vec::new() };
    let side = p.side(u);
    let long = (normal_range(p, u) * p.sc.tables.fire.long_range_factor) as i32;
    let mut out: Vec<Hex> = from.range(long as u32).filter(|h| p.sc.board.contains(*h) && spotted_enemy(p, *h, side)).collect();
    out.retain(|h| can_fire(p, u, *h).is_ok());
    out.sort_by_key(|h| p.sc.board.index(*h));
    out
}

/// Shooters of the active force that may still fire (3.3, 4).
fn shooters(p: &Pos) -> Vec<usize> {
    let Some(act) = &p.r.act else { return Vec::new() };
    live(p, act).into_iter().filter(|&u| p.units[u].level != Level::Spent).collect()
}

/// Fire at each hex: by each unit alone, or by any of a formation's units together (5.2, 7.61).
pub fn candidates(p: &Pos) -> Vec<Command> {
    let mut out = Vec::new();
    let Some(act) = &p.r.act else { return out };
    let mut by_hex: Vec<(Hex, Vec<usize>)> = Vec::new();
    for u in shooters(p) {
        for h in targets(p, u) {
            match by_hex.iter_mut().find(|(x, _)| *x == h) {
                Some((_, v)) => v.push(u),
                None => by_hex.push((h, vec![u])),
            }
        }
    }
    by_hex.sort_by_key(|(h, _)| p.sc.board.index(*h));
    for (h, us) in by_hex {
        let groups = if act.formation { super::activation::subsets(&us) } else { us.iter().map(|&u| vec![u]).collect() };
        for g in groups {
            if g.iter().all(|&u| p.kind(u) == Kind::Ordnance && super::indirect::fires_shrapnel(p, u)) {
                out.push(Command::FireShrapnel(ids(p, &g), p.hex_label(h)));
            }
            out.push(Command::Fire(ids(p, &g), p.hex_label(h)));
        }
    }
    out
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let (names, target) = match c {
        Command::Fire(n, t) | Command::FireShrapnel(n, t) => (n, t),
        _ => return Err(refuse("not a fire attack", "7")),
    };
    if let Command::FireShrapnel(..) = c {
        for id in names {
            let u = resolve_ids(p, std::slice::from_ref(id))?[0];
            if p.kind(u) != Kind::Ordnance || !super::indirect::fires_shrapnel(p, u) {
                return Err(refuse(super::indirect::shrapnel_words(&p.sc.tables), "7.5"));
            }
        }
    }
    let act = p.r.act.as_ref().ok_or_else(|| refuse("no force is activated", "3.3"))?;
    let units = resolve_ids(p, names)?;
    let target = p.parse_hex(target).ok_or_else(|| refuse(format!("`{target}` is not a hex of the map"), "7"))?;
    if units.len() > 1 && !act.formation {
        return Err(refuse("only a formation combines its firepower", "5.2"));
    }
    let avail = shooters(p);
    for &u in &units {
        if !avail.contains(&u) {
            return Err(refuse(format!("{} cannot fire now", p.id(u)), "3.3, 4"));
        }
        can_fire(p, u, target)?;
    }
    if !spotted_enemy(p, target, act.side.expect("a side")) {
        return Err(refuse(format!("no spotted enemy unit in {}", p.hex_label(target)), "7.23"));
    }
    Ok(())
}

/// Declares a direct fire attack (7.61): the targets may answer with reaction fire (7.7).
pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    let (names, target, shrapnel) = match c {
        Command::Fire(n, t) => (n, t, false),
        Command::FireShrapnel(n, t) => (n, t, true),
        _ => unreachable!("checked"),
    };
    let units = resolve_ids(p, &names).expect("checked");
    let target = p.parse_hex(&target).expect("checked");
    let moving_fire = p.r.act.as_ref().is_some_and(|a| units.iter().any(|u| a.moving.contains(u)));
    let others_moving = p.r.act.as_ref().is_some_and(|a| a.moving.iter().any(|u| !units.contains(u)));
    if moving_fire || others_moving {
        super::movement::finish_moving(p, rt);
    }
    let side = p.side(units[0]);
    for &u in &units {
        reveal(p, rt, u);
        let done = match super::armour::next_weapon(p, u, false) {
            Some(w) if p.kind(u) == Kind::Afv => super::armour::declare_shot(p, u, w),
            _ => true,
        };
        if done {
            p.r.act.as_mut().expect("checked").fired.insert(u);
        }
    }
    rt.log(
        "7.61",
        format!("{} fire at {}.", units.iter().map(|&u| p.name(u)).collect::<Vec<_>>().join(", "), p.hex_label(target)),
        EventKind::FireDeclared { side, shooters: names, target: p.hex_label(target), reaction: false },
    );
    let window = Window::Fire { shooters: units, target, reactions: Vec::new(), shrapnel };
    if has_reaction(p, &window) {
        p.r.window = Some(window);
    } else {
        p.r.window = Some(window);
        firefight(p, rt);
    }
}

/// Non-phasing units that may react in a window, at which hexes (7.7).
fn reactors(p: &Pos, w: &Window) -> Vec<(usize, Vec<Hex>)> {
    let Some(phasing) = p.r.phasing else { return Vec::new() };
    let side = phasing.enemy();
    let mut out = Vec::new();
    match w {
        Window::Move { movers, hex } => {
            for r in p.on_map().filter(|&r| p.side(r) == side) {
                let fresh =
                    movers.iter().any(|&m| p.hex(m) == Some(*hex) && exposed(p, m, true) && !p.r.reacted.contains(&(r, m, (hex.y, hex.x))));
                if fresh && can_fire(p, r, *hex).is_ok() {
                    out.push((r, vec![*hex]));
                }
            }
        }
        Window::Fire { shooters, target, reactions, .. } => {
            let mut hexes: Vec<Hex> = shooters.iter().filter_map(|&s| p.hex(s)).collect();
            hexes.sort_by_key(|h| p.sc.board.index(*h));
            hexes.dedup();
            for r in p.side_in(*target, side).collect::<Vec<_>>() {
                if reactions.iter().any(|(us, _)| us.contains(&r)) {
                    continue;
                }
                let at: Vec<Hex> = hexes.iter().copied().filter(|&h| can_fire(p, r, h).is_ok()).collect();
                if !at.is_empty() {
                    out.push((r, at));
                }
            }
        }
    }
    out
}

pub fn has_reaction(p: &Pos, w: &Window) -> bool {
    !reactors(p, w).is_empty()
}

pub fn reaction_candidates(p: &Pos) -> Vec<Command> {
    let Some(w) = &p.r.window else { return Vec::new() };
    let rs = reactors(p, w);
    let units: Vec<usize> = rs.iter().map(|(u, _)| *u).collect();
    let mut out = Vec::new();
    for force in forces(p, &units) {
        let mut common: Vec<Hex> = rs.iter().find(|(u, _)| *u == force[0]).map(|(_, h)| h.clone()).unwrap_or_default();
        for &u in &force[1..] {
            let hs = rs.iter().find(|(x, _)| *x == u).map(|(_, h)| h.clone()).unwrap_or_default();
            common.retain(|h| hs.contains(h));
        }
        for h in common {
            out.push(Command::React(ids(p, &force), p.hex_label(h)));
        }
    }
    out.push(Command::NoReaction);
    out
}

pub fn reaction_check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let w = p.r.window.as_ref().ok_or_else(|| refuse("no reaction fire is possible now", "7.7"))?;
    match c {
        Command::NoReaction => Ok(()),
        Command::React(names, hex) => {
            let units = resolve_ids(p, names)?;
            let hex = p.parse_hex(hex).ok_or_else(|| refuse(format!("`{hex}` is not a hex of the map"), "7.7"))?;
            if units.len() > 1 {
                super::activation::formation_ok(p, &units).map_err(|e| refuse(e, "5.1"))?;
            }
            let rs = reactors(p, w);
            for &u in &units {
                if !rs.iter().any(|(r, hs)| *r == u && hs.contains(&hex)) {
                    return Err(refuse(format!("{} cannot react at {}", p.id(u), p.hex_label(hex)), "7.7"));
                }
            }
            Ok(())
        }
        _ => Err(refuse("react with a unit or formation, or let the moment pass", "7.7")),
    }
}

pub fn reaction_exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    let w = p.r.window.clone().expect("checked");
    match (c, w) {
        (Command::NoReaction, Window::Fire { .. }) => firefight(p, rt),
        (Command::NoReaction, Window::Move { .. }) => after_window(p, rt),
        (Command::React(names, hex), Window::Fire { shooters, target, mut reactions, shrapnel }) => {
            let units = resolve_ids(p, &names).expect("checked");
            super::leadership::lead_reaction(p, &units);
            let h = p.parse_hex(&hex).expect("checked");
            for &u in &units {
                reveal(p, rt, u);
            }
            rt.log(
                "7.7",
                format!("{} answer with reaction fire at {hex}.", units.iter().map(|&u| p.name(u)).collect::<Vec<_>>().join(", ")),
                EventKind::FireDeclared { side: p.side(units[0]), shooters: names, target: hex, reaction: true },
            );
            reactions.push((units, h));
            let w = Window::Fire { shooters, target, reactions, shrapnel };
            let more = has_reaction(p, &w);
            p.r.window = Some(w);
            if !more {
                firefight(p, rt);
            }
        }
        (Command::React(names, hex), Window::Move { movers, hex: at }) => {
            let units = resolve_ids(p, &names).expect("checked");
            super::leadership::lead_reaction(p, &units);
            for &u in &units {
                reveal(p, rt, u);
            }
            rt.log(
                "7.7",
                format!("{} react against the movement into {hex}.", units.iter().map(|&u| p.name(u)).collect::<Vec<_>>().join(", ")),
                EventKind::FireDeclared { side: p.side(units[0]), shooters: names, target: hex, reaction: true },
            );
            let present: Vec<usize> = movers.iter().copied().filter(|&m| p.hex(m) == Some(at)).collect();
            for &r in &units {
                for &m in &present {
                    p.r.reacted.insert((r, m, (at.y, at.x)));
                }
            }
            let formation = if units.len() > 1 { units.clone() } else { Vec::new() };
            let (hits, doubles) = attack(p, rt, &units, at, &present, &formation, false);
            apply(p, rt, &hits, true, "7.7");
            escalate_shooters(p, rt, &units, true, doubles);
            // 4: a mover engaged or worse by the fire stops, and then escalates for having moved.
            let stopped: Vec<usize> =
                hits.iter().filter(|h| h.effect != Effect::None && present.contains(&h.unit)).map(|h| h.unit).collect();
            if let Some(act) = p.r.act.as_mut() {
                for &m in &stopped {
                    act.stopped.insert(m);
                }
                if stopped.iter().any(|m| act.moving.contains(m)) {
                    super::movement::finish_moving(p, rt);
                }
            }
            let w = Window::Move { movers: present, hex: at };
            if has_reaction(p, &w) && p.r.outcome.is_none() {
                p.r.window = Some(w);
            } else {
                after_window(p, rt);
            }
        }
        _ => unreachable!("checked"),
    }
}

/// Resolves a firefight (7.7): the phasing attack, then each reaction; all results apply together.
fn firefight(p: &mut Pos, rt: &mut Rt) {
    let Some(Window::Fire { shooters, target, reactions, shrapnel }) = p.r.window.clone() else { return };
    let formation: Vec<usize> = Vec::new();
    let (mut hits, doubles) = attack(p, rt, &shooters, target, &[], &formation, shrapnel);
    let mut answers = Vec::new();
    for (units, h) in &reactions {
        let formation = if units.len() > 1 { units.clone() } else { Vec::new() };
        let (more, d) = attack(p, rt, units, *h, &[], &formation, false);
        hits.extend(more);
        answers.push((units.clone(), d));
    }
    apply(p, rt, &hits, true, "7.61");
    escalate_shooters(p, rt, &shooters, false, doubles);
    for (units, d) in answers {
        escalate_shooters(p, rt, &units, false, d);
    }
    after_window(p, rt);
}

/// After reaction fire: the activation goes on, or ends when nothing is left to do (3.3).
pub fn after_window(p: &mut Pos, rt: &mut Rt) {
    p.r.window = None;
    if let Some((movers, h)) = p.r.charging.take() {
        super::charge::resolve(p, rt, &movers, h);
    }
    p.r.reaction_lead = None;
    p.r.led_reaction.clear();
    super::sequence::check_victory(p, rt, false);
    if p.r.outcome.is_some() {
        return;
    }
    if let Some(act) = p.r.act.as_mut() {
        let gone: Vec<usize> = act.moving.iter().copied().filter(|&u| !matches!(p.units[u].at, Where::Hex(_))).collect();
        act.moving.retain(|u| !gone.contains(u));
    }
    super::activation::end_if_idle(p, rt);
}
