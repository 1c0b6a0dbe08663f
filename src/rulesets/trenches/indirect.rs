//! Indirect fire (7.8): observers (7.81), ranging with cross hairs and fire for effect the next turn
//! (7.82), fire patterns (7.83), the accuracy die roll and stray rounds (7.84), impact and the
//! markers that hit anything entering their hexes for the rest of the turn (7.85).

use hexx::Hex;

use crate::engine::Refusal;
use crate::engine::board::hex::Direction;

use super::activation::{ids, live, resolve_ids};
use super::events::{Command, EventKind, Grain, Pattern};
use super::fire::{apply, casualties, escalate, firepower_printed};
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

/// Whether every unit of the force reaches the hex by indirect fire (7.3: at least three hexes).
fn in_range(p: &Pos, units: &[usize], h: Hex) -> bool {
    let min = p.sc.tables.indirect.min_range;
    units.iter().all(|&u| {
        let d = p.hex(u).expect("on the map").unsigned_distance_to(h);
        indirect_range(p, u).is_some_and(|r| d >= min && d <= r)
    })
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
fn rangeable(p: &Pos, units: &[usize], side: Side, from: Hex, reach: u32) -> Vec<Hex> {
    let mut v: Vec<Hex> = from.range(reach).filter(|&h| p.sc.board.contains(h) && in_range(p, units, h) && observed(p, side, h)).collect();
    v.sort_by_key(|h| p.sc.board.index(*h));
    v
}

/// The cross hairs this force fires for effect at, if it ranged on an earlier turn (7.82).
fn crosshairs_of<'a>(p: &'a Pos, units: &[usize]) -> Option<&'a CrossHairs> {
    p.r.crosshairs.iter().find(|c| {
        let alive: Vec<usize> = c.units.iter().copied().filter(|&u| p.hex(u).is_some()).collect();
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

pub fn candidates(p: &Pos) -> Vec<Command> {
    let mut out = Vec::new();
    let Some(act) = &p.r.act else { return out };
    let side = act.side.expect("a side");
    let force: Vec<usize> = live(p, act).into_iter().filter(|&u| indirect_range(p, u).is_some()).collect();
    if force.is_empty() {
        return out;
    }
    let mut groups: Vec<Vec<usize>> = force.iter().map(|&u| vec![u]).collect();
    if act.formation && force.len() > 1 {
        groups.push(force.clone());
    }
    for g in groups {
        if let Some(c) = crosshairs_of(p, &g)
            && force_ok(p, &g, false).is_ok()
            && observed(p, side, c.hexes[c.real])
        {
            for pat in [
                Pattern::Drum,
                Pattern::Hurricane,
                Pattern::Barrage(Grain::EastWest),
                Pattern::Barrage(Grain::NorthEastSouthWest),
                Pattern::Barrage(Grain::NorthWestSouthEast),
            ] {
                out.push(Command::FireForEffect(ids(p, &g), pat));
            }
        }
        if force_ok(p, &g, true).is_err() {
            continue;
        }
        // Ranging (7.82): the real cross hair on any hex the force may range on.
        let from = p.hex(g[0]).expect("on the map");
        let reach = g.iter().filter_map(|&u| indirect_range(p, u)).min().unwrap_or(0);
        let valid = rangeable(p, &g, side, from, reach);
        if valid.len() >= 3 {
            out.extend(valid.iter().map(|&h| Command::Range(ids(p, &g), p.hex_label(h))));
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
            if !in_range(p, &units, h) {
                return Err(refuse(format!("{hex} is outside the indirect fire range (at least 3 hexes)"), "7.3"));
            }
            if !observed(p, side, h) {
                return Err(refuse(format!("no observer sees {hex}"), "7.81"));
            }
            let from = p.hex(units[0]).expect("on the map");
            let reach = units.iter().filter_map(|&u| indirect_range(p, u)).min().unwrap_or(0);
            if rangeable(p, &units, side, from, reach).len() < 3 {
                return Err(refuse("three cross hairs go on three hexes the force could range on: there are not three", "7.82"));
            }
            Ok(())
        }
        Command::FireForEffect(names, _) => {
            let units = resolve_ids(p, names)?;
            force_ok(p, &units, false)?;
            let c = crosshairs_of(p, &units).ok_or_else(|| refuse("this force has not ranged on an earlier turn", "7.82"))?;
            if !observed(p, side, c.hexes[c.real]) {
                return Err(refuse("no observer sees the real cross hair", "7.81"));
            }
            Ok(())
        }
        _ => Err(refuse("not indirect fire", "7.8")),
    }
}

pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    super::movement::finish_moving(p, rt);
    let side = p.r.act.as_ref().and_then(|a| a.side).expect("checked");
    match c {
        Command::Range(names, hex) => {
            let units = resolve_ids(p, &names).expect("checked");
            let real = p.parse_hex(&hex).expect("checked");
            // 7.82: two dummies, on the hexes nearest the real one the force could range on, drawn at random.
            let from = p.hex(units[0]).expect("checked");
            let reach = units.iter().filter_map(|&u| indirect_range(p, u)).min().unwrap_or(0);
            let mut others: Vec<Hex> = rangeable(p, &units, side, from, reach).into_iter().filter(|&h| h != real).collect();
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
            let ch = p.r.crosshairs[idx].clone();
            let real = ch.hexes[ch.real];
            let ind = &p.sc.tables.indirect;
            let (hit_at, stray) = match p.sc.spec.visibility {
                Visibility::Good => ind.good,
                Visibility::Bad => ind.bad,
            };
            let consecutive = ch.fired.is_some_and(|(t, h)| t + 1 == p.r.turn && h == real);
            let die = rt.d6("accuracy", "7.84") as i32;
            let modified = die + if consecutive { ind.consecutive } else { 0 };
            let indicated = if modified <= hit_at {
                real
            } else {
                let d = rt.d6("direction of error", "7.84") as usize;
                real + Direction::ALL[d - 1].pointy_step() * stray as i32
            };
            p.r.crosshairs[idx].fired = Some((p.r.turn, real));
            p.r.crosshairs[idx].hexes = [real; 3];
            p.r.crosshairs[idx].real = 0;
            let penalty = if pattern == Pattern::Drum { 0 } else { ind.pattern_penalty };
            let volume: u32 = units.iter().map(|&u| firepower_printed(p, u).saturating_sub(penalty)).sum();
            let plunging = units.iter().any(|&u| p.ty(u).plunging);
            let shooter_hexes: Vec<Hex> = units.iter().filter_map(|&u| p.hex(u)).collect();
            let hexes: Vec<Hex> = pattern_hexes(indicated, pattern).into_iter().filter(|h| p.sc.board.contains(*h)).collect();
            rt.log(
                "7.84",
                format!(
                    "Accuracy die {die}{}: the fire lands on {} ({} hexes on the map), volume {volume}.",
                    if consecutive { " -2 (same hex, consecutive turns)" } else { "" },
                    if indicated == real { p.hex_label(real) } else { format!("{} (stray)", p.sc.board.label(indicated)) },
                    hexes.len()
                ),
                EventKind::Impact { side, hexes: hexes.iter().map(|&h| p.hex_label(h)).collect(), volume: volume as i32 },
            );
            for &u in &units {
                p.r.act.as_mut().expect("checked").busy.insert(u);
            }
            if volume >= 1 {
                for h in hexes {
                    let (hits, _) = casualties(p, rt, h, f64::from(volume), &shooter_hexes, plunging, false, &[], &[], &[], "7.85");
                    apply(p, rt, &hits, false, "7.85");
                    p.r.impacts.push(Impact { side, hex: h, volume: volume as i32 });
                }
            }
            for &u in &units {
                escalate(p, rt, u, 2, "7.8");
            }
            super::sequence::check_victory(p, rt, false);
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
        let (hits, _) = casualties(p, rt, h, f64::from(imp.volume), &[], false, false, &present, &others, &[], "7.85");
        apply(p, rt, &hits, false, "7.85");
        if let Some(act) = p.r.act.as_mut() {
            for hit in hits.iter().filter(|x| x.effect != super::fire::Effect::None) {
                act.stopped.insert(hit.unit);
            }
        }
    }
}
