//! Indirect fire (7.8): observers (7.81), ranging with cross hairs and fire for effect the next turn
//! (7.82), fire patterns (7.83), the accuracy die roll and stray rounds (7.84), impact and the
//! markers that hit anything entering their hexes for the rest of the turn (7.85).

use hexx::Hex;

use crate::engine::Refusal;
use crate::engine::board::hex::Direction;

use super::activation::{ids, live, resolve_ids};
use super::events::{Ammo, Command, EventKind, Grain, Pattern};
use super::fire::{Shot, apply, casualties, escalate, firepower_printed};
use super::refuse;
use super::state::{CrossHairs, Fort, Impact, Pos, Rt};
use super::units::{Level, Side, Visibility};

/// A friendly infantry or ordnance unit that sees the hex (7.81).
pub fn observed(p: &Pos, side: Side, h: Hex) -> bool {
    p.on_map().any(|u| {
        p.side(u) == side && p.kind(u).observes() && p.units[u].fort != Fort::Dugout && p.sight(p.hex(u).expect("on the map"), h).clear()
    })
}

fn indirect_range(p: &Pos, u: usize) -> Option<u32> {
    p.ty(u).indirect_range
}

/// Whether a unit is an off-map battery (7.87): always in range, firing from level 0.
fn off_map(p: &Pos, u: usize) -> bool {
    p.units[u].at == super::state::Where::OffMap
}

/// A unit's indirect range with an ammunition: gas, smoke and shrapnel reach a sixth further (7.5).
fn reach_with(p: &Pos, u: usize, ammo: Ammo) -> Option<u32> {
    let r = indirect_range(p, u)?;
    Some(if ammo == Ammo::HighExplosive { r } else { r + r / p.sc.tables.ammunition.range_bonus_divisor.max(1) })
}

/// Whether every unit of the force reaches the hex by indirect fire with the ammunition (7.3: at
/// least three hexes; 7.87: off-map batteries reach the whole map).
fn in_range_with(p: &Pos, units: &[usize], h: Hex, ammo: Ammo) -> bool {
    let min = p.sc.tables.indirect.min_range;
    units.iter().all(|&u| match p.hex(u) {
        None => off_map(p, u),
        Some(from) => {
            let d = from.unsigned_distance_to(h);
            reach_with(p, u, ammo).is_some_and(|r| d >= min && d <= r)
        }
    })
}

/// The farthest ammunition a force may fire at all, for ranging (7.5: shrapnel from 57 mm).
fn longest_ammo(p: &Pos, units: &[usize]) -> Ammo {
    let shrapnel = units.iter().all(|&u| fires_shrapnel(p, u));
    if shrapnel { Ammo::Shrapnel } else { Ammo::HighExplosive }
}

/// Whether guns of a calibre fire shrapnel (7.5): from 57 mm at any time; "During 1918, German 37mm
/// guns may also fire shrapnel" (the tables' `shrapnel_also`: the side, calibre and year).
pub fn shrapnel_calibre(tables: &super::tables::Tables, side: Side, year: Option<u32>, calibre: u32) -> bool {
    let a = &tables.ammunition;
    calibre >= a.shrapnel_from_mm
        || a.shrapnel_also.as_ref().is_some_and(|x| x.side == side && x.calibre_mm == calibre && year == Some(x.year))
}

/// Whether a unit's guns fire shrapnel (7.5), in this operation's year.
pub fn fires_shrapnel(p: &Pos, u: usize) -> bool {
    shrapnel_calibre(&p.sc.tables, p.side(u), p.sc.year(), p.ty(u).calibre)
}

/// The words of 7.5's calibre rule, for refusals.
pub fn shrapnel_words(tables: &super::tables::Tables) -> String {
    let a = &tables.ammunition;
    match &a.shrapnel_also {
        Some(x) => format!(
            "shrapnel is fired by guns of {} mm or more, and by the {}' {} mm guns during {} (7.5)",
            a.shrapnel_from_mm,
            x.side.name(),
            x.calibre_mm,
            x.year
        ),
        None => format!("shrapnel is fired by guns of {} mm or more (7.5)", a.shrapnel_from_mm),
    }
}

/// Whether units of this row may fire this ammunition in this pattern (7.5): shrapnel from 57 mm;
/// gas and smoke from 75 mm in the middle and late war, gas in a hurricane barrage only.
pub fn ammo_allowed(
    tables: &super::tables::Tables,
    (era, year): (super::units::Era, Option<u32>),
    side: Side,
    row: Option<&super::tables::UnitType>,
    ammo: Ammo,
    pattern: Pattern,
) -> Result<(), String> {
    let calibre = row.map(|r| r.calibre).unwrap_or(0);
    let a = &tables.ammunition;
    match ammo {
        Ammo::HighExplosive => Ok(()),
        Ammo::Shrapnel if !shrapnel_calibre(tables, side, year, calibre) => Err(shrapnel_words(tables)),
        Ammo::Gas | Ammo::Smoke if calibre < a.gas_smoke_from_mm || era == super::units::Era::Early => {
            Err(format!("gas and smoke are fired by guns of {} mm or more, from the middle war (7.5)", a.gas_smoke_from_mm))
        }
        Ammo::Gas if pattern != Pattern::Hurricane => Err("gas always lands in a hurricane barrage pattern (7.5)".into()),
        _ => Ok(()),
    }
}

/// Whether the force may fire the ammunition (7.5): every unit's calibre, and a formation for gas
/// and smoke (an off-map battery is one).
fn ammo_ok(p: &Pos, units: &[usize], ammo: Ammo, pattern: Pattern) -> Result<(), Refusal> {
    for &u in units {
        ammo_allowed(&p.sc.tables, (p.sc.spec.era, p.sc.year()), p.side(u), Some(p.ty(u)), ammo, pattern).map_err(|e| refuse(e, "7.5"))?;
    }
    if matches!(ammo, Ammo::Gas | Ammo::Smoke) && units.len() < 2 && !units.iter().all(|&u| off_map(p, u)) {
        return Err(refuse("to fire gas or smoke, units must be in formation", "7.5"));
    }
    Ok(())
}

fn force_ok(p: &Pos, units: &[usize], free: bool) -> Result<(), Refusal> {
    let act = p.r.act.as_ref().ok_or_else(|| refuse("no force is activated", "3.3"))?;
    let avail = live(p, act);
    for &u in units {
        if !avail.contains(&u) || act.moved.contains(&u) || act.moving.contains(&u) {
            return Err(refuse(format!("{} cannot fire now", p.id(u)), "3.3"));
        }
        if indirect_range(p, u).is_none() {
            return Err(refuse(format!("{} cannot perform indirect fire", p.id(u)), "7.8"));
        }
        if p.units[u].fort == Fort::Dugout {
            return Err(refuse(format!("{} is in a dugout", p.id(u)), "10.52"));
        }
        let level = p.units[u].level;
        if (free && level != Level::Free) || level == Level::Spent {
            return Err(refuse(format!("{} is {}: ranging needs a free force", p.id(u), level.id()), "7.82"));
        }
    }
    if units.len() > 1 && !act.formation {
        return Err(refuse("only a formation fires together", "5.2"));
    }
    Ok(())
}

/// The hexes a force may range on (7.82: in indirect range, seen by an observer), in map order.
fn rangeable(p: &Pos, units: &[usize], side: Side) -> Vec<Hex> {
    let ammo = longest_ammo(p, units);
    let mut v: Vec<Hex> = p.sc.board.hexes().filter(|&h| in_range_with(p, units, h, ammo) && observed(p, side, h)).collect();
    v.sort_by_key(|h| p.sc.board.index(*h));
    v
}

/// The hexes pre-registered for a unit (7.88): the operation's, then its player's own note's.
pub fn registered_hexes(p: &Pos, u: usize) -> Vec<Hex> {
    let mut v = p.sc.registered[u].clone();
    v.extend(p.r.notes.iter().filter(|(b, _, _)| *b == u).map(|(_, h, _)| *h));
    v
}

/// The registration of a hex for this force (7.88): every unit of the battery has it.
fn registration(p: &Pos, units: &[usize], h: Hex) -> Option<super::scenario::Registration> {
    let first = units[0];
    if !units.iter().all(|&u| registered_hexes(p, u).contains(&h)) {
        return None;
    }
    match p.sc.registered[first].iter().position(|&x| x == h) {
        Some(k) => Some(p.spec(first).registered[k].clone()),
        None => p.r.notes.iter().find(|(b, x, _)| *b == first && *x == h).map(|(_, _, r)| r.clone()),
    }
}

/// The cross hairs this force fires for effect at, if it ranged on an earlier turn (7.82).
fn crosshairs_of<'a>(p: &'a Pos, units: &[usize]) -> Option<&'a CrossHairs> {
    p.r.crosshairs.iter().find(|c| {
        let alive: Vec<usize> = c.units.iter().copied().filter(|&u| p.in_play(u)).collect();
        !alive.is_empty() && alive == units && c.placed < p.r.turn
    })
}

/// The hexes of a pattern anchored on `h` (7.83).
pub fn pattern_hexes(h: Hex, pattern: Pattern) -> Vec<Hex> {
    match pattern {
        Pattern::Drum => vec![h],
        Pattern::Hurricane => std::iter::once(h).chain(h.all_neighbors()).collect(),
        Pattern::Barrage(g) => {
            let step = match g {
                Grain::EastWest => Direction::East.pointy_step(),
                Grain::NorthEastSouthWest => Direction::NorthEast.pointy_step(),
                Grain::NorthWestSouthEast => Direction::NorthWest.pointy_step(),
            };
            (-3..=3).map(|i| h + step * i).collect()
        }
    }
}

/// The patterns of fire (7.83).
pub const PATTERNS: [Pattern; 5] = [
    Pattern::Drum,
    Pattern::Hurricane,
    Pattern::Barrage(Grain::EastWest),
    Pattern::Barrage(Grain::NorthEastSouthWest),
    Pattern::Barrage(Grain::NorthWestSouthEast),
];

pub fn candidates(p: &Pos) -> Vec<Command> {
    let mut out = Vec::new();
    let Some(act) = &p.r.act else { return out };
    let force: Vec<usize> = live(p, act).into_iter().filter(|&u| indirect_range(p, u).is_some()).collect();
    if force.is_empty() {
        return out;
    }
    let mut groups: Vec<Vec<usize>> = force.iter().map(|&u| vec![u]).collect();
    if act.formation && force.len() > 1 {
        groups.push(force.clone());
    }
    for g in groups {
        let ids = ids(p, &g);
        // Fire for effect: the force, its cross hairs and their observer once; then each pattern and ammunition.
        if let Ok(real) = effect_target(p, &g, act.side.expect("a side")) {
            for pat in PATTERNS {
                for ammo in [Ammo::HighExplosive, Ammo::Shrapnel, Ammo::Gas, Ammo::Smoke] {
                    if ammo_ok(p, &g, ammo, pat).is_ok() && in_range_with(p, &g, real, ammo) {
                        out.push(match ammo {
                            Ammo::HighExplosive => Command::FireForEffect(ids.clone(), pat),
                            _ => Command::FireForEffectWith(ids.clone(), pat, ammo),
                        });
                    }
                }
            }
        }
        for h in registered_hexes(p, g[0]) {
            let c = Command::FireRegistered(ids.clone(), p.hex_label(h));
            if check(p, &c).is_ok() {
                out.push(c);
            }
        }
        if force_ok(p, &g, true).is_err() {
            continue;
        }
        // Ranging (7.82): the real cross hair on any hex the force may range on.
        let valid = rangeable(p, &g, act.side.expect("a side"));
        if valid.len() >= 3 {
            out.extend(valid.iter().map(|&h| Command::Range(ids.clone(), p.hex_label(h))));
        }
    }
    out
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let side = p.r.act.as_ref().and_then(|a| a.side).ok_or_else(|| refuse("no force is activated", "3.3"))?;
    match c {
        Command::Range(names, hex) => {
            let units = resolve_ids(p, names)?;
            force_ok(p, &units, true)?;
            let h = p.parse_hex(hex).ok_or_else(|| refuse(format!("`{hex}` is not a hex of the map"), "7.82"))?;
            if !in_range_with(p, &units, h, longest_ammo(p, &units)) {
                return Err(refuse(format!("{hex} is outside the indirect fire range (at least 3 hexes)"), "7.3"));
            }
            if !observed(p, side, h) {
                return Err(refuse(format!("no observer sees {hex}"), "7.81"));
            }
            if rangeable(p, &units, side).len() < 3 {
                return Err(refuse("three cross hairs go on three hexes the force could range on: there are not three", "7.82"));
            }
            Ok(())
        }
        Command::FireForEffect(names, pattern) | Command::FireForEffectWith(names, pattern, _) => {
            let ammo = if let Command::FireForEffectWith(_, _, a) = c { *a } else { Ammo::HighExplosive };
            let units = resolve_ids(p, names)?;
            let real = effect_target(p, &units, side)?;
            ammo_ok(p, &units, ammo, *pattern)?;
            if !in_range_with(p, &units, real, ammo) {
                return Err(refuse(format!("{} is beyond this ammunition's indirect range", p.hex_label(real)), "7.3, 7.5"));
            }
            Ok(())
        }
        Command::FireRegistered(names, hex) => {
            let units = resolve_ids(p, names)?;
            force_ok(p, &units, false)?;
            let h = p.parse_hex(hex).ok_or_else(|| refuse(format!("`{hex}` is not a hex of the map"), "7.88"))?;
            let reg = registration(p, &units, h).ok_or_else(|| refuse(format!("{hex} is not pre-registered for this battery"), "7.88"))?;
            ammo_ok(p, &units, reg.ammo, reg.pattern)?;
            if !in_range_with(p, &units, h, reg.ammo) {
                return Err(refuse(format!("{hex} is out of the battery's indirect range"), "7.3"));
            }
            Ok(())
        }
        _ => Err(refuse("not indirect fire", "7.8")),
    }
}

/// The real cross hair a force may fire for effect at now (7.81, 7.82): it ranged on an earlier turn
/// and an observer sees the hex.
fn effect_target(p: &Pos, units: &[usize], side: Side) -> Result<Hex, Refusal> {
    force_ok(p, units, false)?;
    let ch = crosshairs_of(p, units).ok_or_else(|| refuse("this force has not ranged on an earlier turn", "7.82"))?;
    let real = ch.hexes[ch.real];
    if !observed(p, side, real) {
        return Err(refuse("no observer sees the real cross hair", "7.81"));
    }
    Ok(real)
}

/// Where fire for effect aims: a force's cross hairs (7.82) or a pre-registered hex (7.88).
enum Aim {
    CrossHairs(usize),
    Registered(Hex),
}

/// Fire for effect (7.82-7.85, 7.5, 7.87, 7.88): the accuracy die, the pattern, the ammunition.
fn fire_for_effect(p: &mut Pos, rt: &mut Rt, units: &[usize], aim: Aim, pattern: Pattern, ammo: Ammo) {
    let side = p.side(units[0]);
    let ind = p.sc.tables.indirect.clone();
    let omo = units.iter().all(|&u| off_map(p, u));
    let (real, modifier, why) = match aim {
        Aim::CrossHairs(idx) => {
            let ch = &p.r.crosshairs[idx];
            let real = ch.hexes[ch.real];
            let consecutive = ch.fired.is_some_and(|(t, h)| t + 1 == p.r.turn && h == real);
            let ch = &mut p.r.crosshairs[idx];
            ch.fired = Some((p.r.turn, real));
            ch.hexes = [real; 3];
            ch.real = 0;
            if consecutive { (real, ind.consecutive, " -2 (same hex, consecutive turns)") } else { (real, 0, "") }
        }
        Aim::Registered(h) => (h, ind.preregistered, " -2 (pre-registered)"),
    };
    let (hit_at, stray) = match p.sc.spec.visibility {
        Visibility::Good => ind.good,
        Visibility::Bad => ind.bad,
    };
    for &u in units {
        p.r.act.as_mut().expect("checked").busy.insert(u);
    }
    let die = rt.d6("accuracy", "7.84") as i32;
    // 7.87: an original 6 cancels off-map fire and takes the battery out of play.
    if omo && die == ind.off_map_cancel {
        for &u in units {
            p.units[u].at = super::state::Where::Withdrawn;
            rt.log("7.87", format!("Accuracy die 6: {} is out of play.", p.name(u)), EventKind::Withdrawn { unit: p.id(u).to_string() });
        }
        p.r.crosshairs.retain(|c| !c.units.iter().any(|u| units.contains(u)));
        super::activation::end_if_idle(p, rt);
        return;
    }
    let indicated = if die + modifier <= hit_at {
        real
    } else {
        let d = rt.d6("direction of error", "7.84") as usize;
        real + Direction::ALL[d - 1].pointy_step() * stray as i32
    };
    let times = if omo { ind.off_map_multiplier } else { 1 };
    let penalty = if pattern == Pattern::Drum { 0 } else { ind.pattern_penalty * times };
    // 7.5: shrapnel's +3 after all other modification (doubled for an off-map battery, 7.87).
    let shrapnel = if ammo == Ammo::Shrapnel { p.sc.tables.ammunition.shrapnel_firepower * times } else { 0 };
    let volume: u32 = units.iter().map(|&u| firepower_printed(p, u).saturating_sub(penalty) + shrapnel).sum();
    let plunging = units.iter().any(|&u| p.ty(u).plunging);
    let shooter_hexes: Vec<Hex> = units.iter().filter_map(|&u| p.hex(u)).collect();
    let hexes: Vec<Hex> = pattern_hexes(indicated, pattern).into_iter().filter(|h| p.sc.board.contains(*h)).collect();
    rt.log(
        "7.84",
        format!(
            "Accuracy die {die}{why}: the {} lands on {} ({} hexes on the map){}.",
            ammo.name(),
            if indicated == real { p.hex_label(real) } else { format!("{} (stray)", p.sc.board.label(indicated)) },
            hexes.len(),
            if matches!(ammo, Ammo::Gas | Ammo::Smoke) { String::new() } else { format!(", volume {volume}") }
        ),
        EventKind::Impact { side, hexes: hexes.iter().map(|&h| p.hex_label(h)).collect(), volume: volume as i32 },
    );
    match ammo {
        Ammo::Smoke | Ammo::Gas => {
            for &h in &hexes {
                if ammo == Ammo::Smoke {
                    p.r.smoke.insert(h)
                } else {
                    p.r.gas.insert(h)
                };
            }
            rt.log(
                "7.5",
                format!("{} counters on {}.", ammo.name(), hexes.iter().map(|&h| p.hex_label(h)).collect::<Vec<_>>().join(", ")),
                EventKind::Markers { ammo, hexes: hexes.iter().map(|&h| p.hex_label(h)).collect() },
            );
            // 7.5: gas makes one casualties dice roll per hex, with no modifiers, at impact only.
            if ammo == Ammo::Gas {
                for h in hexes {
                    let shot = Shot { cover_times: 0, ..Shot::new(0.0, shooter_hexes.clone(), plunging, false) };
                    let (hits, _) = casualties(p, rt, h, &shot, &[], &[], &[], "7.5");
                    apply(p, rt, &hits, false, "7.5");
                }
            }
        }
        Ammo::HighExplosive | Ammo::Shrapnel if volume >= 1 => {
            let cover_times = if ammo == Ammo::Shrapnel { 2 } else { 1 };
            for h in hexes {
                let shot = Shot { cover_times, ..Shot::new(f64::from(volume), shooter_hexes.clone(), plunging, false) };
                let (hits, _) = casualties(p, rt, h, &shot, &[], &[], &[], "7.85");
                apply(p, rt, &hits, false, "7.85");
                p.r.impacts.push(Impact { side, hex: h, volume: volume as i32 });
            }
        }
        _ => {}
    }
    for &u in units {
        escalate(p, rt, u, 2, "7.8");
    }
    super::sequence::check_victory(p, rt, false);
}

pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    super::movement::finish_moving(p, rt);
    let side = p.r.act.as_ref().and_then(|a| a.side).expect("checked");
    match c {
        Command::Range(names, hex) => {
            let units = resolve_ids(p, &names).expect("checked");
            let real = p.parse_hex(&hex).expect("checked");
            // 7.82: two dummies, on the hexes nearest the real one the force could range on, drawn at random.
            let mut others: Vec<Hex> = rangeable(p, &units, side).into_iter().filter(|&h| h != real).collect();
            others.sort_by_key(|h| h.unsigned_distance_to(real));
            let near = others.iter().take_while(|h| h.unsigned_distance_to(real) <= 3).count().max(2);
            let mut pool: Vec<Hex> = others.into_iter().take(near).collect();
            let a = pool.remove(rt.dice.draw(pool.len(), "first dummy cross hair", "7.82"));
            let b = pool.remove(rt.dice.draw(pool.len(), "second dummy cross hair", "7.82"));
            let slot = rt.dice.draw(3, "place of the real cross hair among the three", "7.82");
            let mut order = vec![a, b];
            order.insert(slot, real);
            let hexes = [order[0], order[1], order[2]];
            p.r.crosshairs.retain(|c| !c.units.iter().any(|u| units.contains(u)));
            p.r.crosshairs.push(CrossHairs { side, units: units.clone(), hexes, real: slot, placed: p.r.turn, fired: None });
            for &u in &units {
                p.r.act.as_mut().expect("checked").busy.insert(u);
                escalate(p, rt, u, 2, "7.82");
            }
            rt.log(
                "7.82",
                format!("{} range: three cross hairs placed.", units.iter().map(|&u| p.name(u)).collect::<Vec<_>>().join(", ")),
                EventKind::Ranged { side, units: names },
            );
        }
        Command::FireForEffect(names, pattern) => {
            let units = resolve_ids(p, &names).expect("checked");
            let idx = p.r.crosshairs.iter().position(|c| crosshairs_of(p, &units).is_some_and(|x| x == c)).expect("checked");
            fire_for_effect(p, rt, &units, Aim::CrossHairs(idx), pattern, Ammo::HighExplosive);
        }
        Command::FireForEffectWith(names, pattern, ammo) => {
            let units = resolve_ids(p, &names).expect("checked");
            let idx = p.r.crosshairs.iter().position(|c| crosshairs_of(p, &units).is_some_and(|x| x == c)).expect("checked");
            fire_for_effect(p, rt, &units, Aim::CrossHairs(idx), pattern, ammo);
        }
        Command::FireRegistered(names, hex) => {
            let units = resolve_ids(p, &names).expect("checked");
            let h = p.parse_hex(&hex).expect("checked");
            let reg = registration(p, &units, h).expect("checked");
            fire_for_effect(p, rt, &units, Aim::Registered(h), reg.pattern, reg.ammo);
        }
        _ => unreachable!("checked"),
    }
    super::activation::end_if_idle(p, rt);
}

/// Impact markers hit units entering their hex anew (7.85).
pub fn impacts_on_entry(p: &mut Pos, rt: &mut Rt, movers: &[usize], h: Hex) {
    let here: Vec<Impact> = p.r.impacts.iter().filter(|i| i.hex == h).cloned().collect();
    for imp in here {
        let present: Vec<usize> = movers.iter().copied().filter(|&m| p.hex(m) == Some(h)).collect();
        if present.is_empty() {
            return;
        }
        let others: Vec<usize> = p.units_in(h).filter(|u| !present.contains(u)).collect();
        let (hits, _) = casualties(p, rt, h, &Shot::new(f64::from(imp.volume), Vec::new(), false, false), &present, &others, &[], "7.85");
        apply(p, rt, &hits, false, "7.85");
        if let Some(act) = p.r.act.as_mut() {
            for hit in hits.iter().filter(|x| x.effect != super::fire::Effect::None) {
                act.stopped.insert(hit.unit);
            }
        }
    }
}
