//! Movement (8): entering hexes and paying their cost (8.1, 10.2), formations' coordination penalty
//! (5.3) and stacks, enemy hexes (8.2), fortifications, dugouts and wire (10.5), roads and the road
//! bonus (10.8), and digging (6).

use hexx::Hex;

use crate::engine::Refusal;

use super::activation::{allowance, ids, live, resolve_ids};
use super::events::{Command, EventKind};
use super::refuse;
use super::state::{Fort, Pos, Rt, Where, Window};
use super::units::{Kind, Level};

/// Units of the force that may still move: free, not stopped, not finished moving (8).
fn may_move(p: &Pos, u: usize) -> bool {
    let act = p.r.act.as_ref().expect("an activation");
    p.units[u].level == Level::Free
        && !act.stopped.contains(&u)
        && !act.moved.contains(&u)
        && !act.fired.contains(&u)
        && !act.busy.contains(&u)
        && !act.shots.contains_key(&u)
        && !p.units[u].immobile
        && (p.hex(u).is_some() || p.units[u].at == Where::Pool)
}

/// Movement points a unit has left, in thirds; the coordination penalty is charged when a unit of
/// a formation starts moving (5.3).
fn mp_left(p: &Pos, u: usize) -> i32 {
    let act = p.r.act.as_ref().expect("an activation");
    let mp = act.mp.get(&u).copied().unwrap_or(0);
    if act.formation && !started(p, u) { mp - allowance(p, u) as i32 } else { mp }
}

fn started(p: &Pos, u: usize) -> bool {
    let act = p.r.act.as_ref().expect("an activation");
    act.moving.contains(&u) || act.moved.contains(&u)
}

/// The cost (in thirds) for `units` to enter `to`, or why not (8, 8.2, 10).
fn move_check(p: &Pos, units: &[usize], to: Hex) -> Result<Vec<(usize, i32, bool, Fort)>, Refusal> {
    // (unit, thirds to pay, along a road and no road bonus used, fortification state on arrival)
    let act = p.r.act.as_ref().ok_or_else(|| refuse("no force is activated", "3.3"))?;
    // 13.3: units in the pool enter at their set-up area, as if from a hex next to it.
    let pool = super::edges::all_in_pool(p, units);
    let from = match p.hex(units[0]) {
        Some(h) => h,
        None if pool => to,
        None => return Err(refuse("the unit is not on the map", "8")),
    };
    if units.iter().any(|&u| p.hex(u) != p.hex(units[0]) || p.units[u].at != p.units[units[0]].at) {
        return Err(refuse("a stack moves from one hex", "8"));
    }
    if units.len() > 1 && !act.formation {
        return Err(refuse("only units activated as a formation move as a stack", "8"));
    }
    let continuing = units.iter().all(|u| act.moving.contains(u));
    let fresh = units.iter().all(|u| !started(p, *u));
    if !continuing && !fresh {
        return Err(refuse("a stack is the units moving now, or units that have not moved", "8"));
    }
    if pool {
        if units.iter().any(|&u| !p.sc.setup[u].contains(&to)) {
            return Err(refuse(format!("units in the pool enter at their prescribed hexes, and {} is not one", p.hex_label(to)), "13.3"));
        }
    } else if from.unsigned_distance_to(to) != 1 || !p.sc.board.contains(to) {
        return Err(refuse(format!("{} is not a hex next to {}", p.hex_label(to), p.hex_label(from)), "8"));
    }
    let side = p.side(units[0]);
    if !pool && p.enemy_in(from, side) && units.iter().any(|&u| p.kind(u) != Kind::Afv) {
        return Err(refuse("enemy units in the hex hold it in place: only AFV leave it", "8.2"));
    }
    let own = p.side_in(to, side).count();
    if own + units.len() > 3 {
        return Err(refuse(format!("{} would hold more than three units of a side", p.hex_label(to)), "2.8"));
    }
    let mut out = Vec::new();
    // 11.5: a transport carrying its passenger: the passenger moves only with it, and costs nothing.
    let carrying = if act.formation { super::activation::carrier(p, &act.units) } else { None };
    if let Some(t) = carrying
        && units.iter().any(|&u| u != t)
        && !units.contains(&t)
    {
        return Err(refuse("the passenger moves with its transport", "11.5"));
    }
    for &u in units {
        if !act.units.contains(&u) {
            return Err(refuse(format!("{} is not in the activated force", p.id(u)), "3.3"));
        }
        if carrying.is_some_and(|t| t != u) && units.len() == 2 {
            if !may_move(p, u) {
                return Err(refuse(format!("{} cannot move now", p.id(u)), "4, 8"));
            }
            out.push((u, 0, false, Fort::Out));
            continue;
        }
        if !may_move(p, u) {
            return Err(refuse(format!("{} cannot move now: only free units move, once each activation", p.id(u)), "4, 8"));
        }
        if matches!(p.units[u].fort, Fort::Dugout | Fort::Fortress) {
            return Err(refuse(format!("{} must first leave its dugout or fort (1 MP)", p.id(u)), "10.52"));
        }
        if p.kind(u) == Kind::Transport && (p.known_enemy_in(to, side) || p.trench(to)) {
            return Err(refuse("transport enters neither enemy nor trench hexes", "8.2, 8.3"));
        }
        if p.kind(u) == Kind::Afv
            && p.ty(u).gun == 0
            && p.side_in(to, side.enemy()).any(|e| !p.units[e].hidden && p.kind(e) == Kind::Afv && p.ty(e).gun > 0)
        {
            return Err(refuse("an AFV armed only with machine guns cannot enter a hex with an enemy AFV that has a gun", "8.2"));
        }
        let (mut cost, mut road, fort) = p.entry_cost(u, from, to);
        // 7.862: under the shock bombardment, the most expensive terrain of each hex, no enemy hex.
        if act.bombardment_move {
            if p.known_enemy_in(to, side) {
                return Err(refuse("shock units moving during the bombardment cannot enter enemy hexes", "7.862"));
            }
            cost = p.feature_rows(to).map(|f| f.cost).chain([p.terrain_row(to).cost, cost]).max().unwrap_or(cost);
            road = false;
        }
        let mut thirds = 3 * cost as i32;
        let left = mp_left(p, u);
        let first_hex = !act.left_hex.contains(&u);
        // 10: infantry may enter a crater for 1 MP, forsaking its cover, when it could not otherwise.
        let crater = p.terrain_row(to).crater && p.kind(u) == Kind::Infantry && thirds > left && left >= 3 && !act.bombardment_move;
        if crater {
            thirds = 3;
        }
        // 10.81: transport earns a bonus point a road point, spent on the very next road hex.
        if p.kind(u) == Kind::Transport && road && act.banked.contains(&u) {
            out.push((u, 0, true, fort));
            continue;
        }
        // 10.81: the road bonus hex, after all real points were spent on a road.
        let bonus = road
            && p.kind(u) != Kind::Transport
            && left < thirds
            && act.road_only.contains(&u)
            && !first_hex
            && left >= 0
            && !act.busy.contains(&u);
        if thirds > left && !first_hex && !bonus {
            return Err(refuse(
                format!("{} has {:.1} MP left; {} costs {cost}", p.id(u), f64::from(left.max(0)) / 3.0, p.hex_label(to)),
                "8.1",
            ));
        }
        out.push((u, if bonus { left.max(0) } else { thirds }, road && !bonus, fort));
    }
    Ok(out)
}

fn fort_step(p: &Pos, u: usize) -> Option<(Fort, i32)> {
    let h = p.hex(u)?;
    let enter = 3 * p.sc.tables.fortifications.enter_cost as i32;
    match p.units[u].fort {
        Fort::OnWire => {
            let mut c = p.terrain_row(h).cost;
            for f in p.feature_rows(h) {
                c = c.max(f.cost);
            }
            Some((Fort::Out, 3 * c as i32))
        }
        Fort::Out | Fort::In if p.fortress(h) => Some((Fort::Fortress, enter)),
        Fort::Out if p.fortification(h).is_some() => Some((Fort::In, enter)),
        Fort::Out | Fort::In if p.dugout(h) => Some((Fort::Dugout, enter)),
        _ => None,
    }
}

fn in_hex_check(p: &Pos, units: &[usize], leave: bool) -> Result<(), Refusal> {
    let act = p.r.act.as_ref().ok_or_else(|| refuse("no force is activated", "3.3"))?;
    let from = p.hex(units[0]);
    if units.len() > 1 && !act.formation {
        return Err(refuse("only units activated as a formation move together", "8"));
    }
    let continuing = units.iter().all(|u| act.moving.contains(u));
    let fresh = units.iter().all(|u| !started(p, *u));
    if !continuing && !fresh {
        return Err(refuse("the units moving now, or units that have not moved", "8"));
    }
    for &u in units {
        if !act.units.contains(&u) || p.hex(u) != from {
            return Err(refuse(format!("{} is not in the activated force's hex", p.id(u)), "3.3"));
        }
        if !may_move(p, u) {
            return Err(refuse(format!("{} cannot move now", p.id(u)), "4, 8"));
        }
        let afv_on_wire = p.kind(u) == Kind::Afv && p.units[u].fort == Fort::OnWire && !leave;
        if !p.kind(u).enters_fortifications() && !afv_on_wire {
            return Err(refuse("only infantry and ordnance enter fortifications", "10.5"));
        }
        let need = if leave {
            if !matches!(p.units[u].fort, Fort::Dugout | Fort::Fortress) {
                return Err(refuse(format!("{} is in neither a dugout nor a fort", p.id(u)), "10.52"));
            }
            3 * p.sc.tables.fortifications.enter_cost as i32
        } else {
            let (into, c) = fort_step(p, u).ok_or_else(|| refuse(format!("{} has no fortification to go into here", p.id(u)), "10.5"))?;
            // 10.52: "A unit may not go IN a fortress hex that is already occupied by at least one enemy unit."
            if into == Fort::Fortress && p.side_in(p.hex(u).expect("placed"), p.side(u).enemy()).any(|e| p.units[e].fort == Fort::Fortress)
            {
                return Err(refuse(format!("the enemy holds the fortress in {}", p.hex_label(p.hex(u).expect("placed"))), "10.52"));
            }
            c
        };
        if mp_left(p, u) < need {
            return Err(refuse(format!("{} has too few movement points left", p.id(u)), "10.5"));
        }
    }
    Ok(())
}

pub fn candidates(p: &Pos) -> Vec<Command> {
    let Some(act) = &p.r.act else { return Vec::new() };
    let mut out = Vec::new();
    let movable: Vec<usize> = live(p, act).into_iter().filter(|&u| may_move(p, u)).collect();
    // Groups (8): any of the units moving now, and the units that have not moved, alone or (a
    // formation) together with others of their hex.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let moving: Vec<usize> = act.moving.iter().copied().filter(|u| movable.contains(u)).collect();
    groups.extend(super::activation::subsets(&moving));
    let fresh: Vec<usize> = movable.iter().copied().filter(|&u| !started(p, u)).collect();
    let pooled: Vec<usize> = fresh.iter().copied().filter(|&u| p.units[u].at == Where::Pool).collect();
    if act.formation {
        groups.extend(super::activation::subsets(&pooled));
    } else {
        groups.extend(pooled.iter().map(|&u| vec![u]));
    }
    let mut hexes: Vec<Hex> = fresh.iter().filter_map(|&u| p.hex(u)).collect();
    hexes.sort_by_key(|h| p.sc.board.index(*h));
    hexes.dedup();
    for h in hexes {
        let here: Vec<usize> = fresh.iter().copied().filter(|&u| p.hex(u) == Some(h)).collect();
        if act.formation {
            groups.extend(super::activation::subsets(&here));
        } else {
            groups.extend(here.into_iter().map(|u| vec![u]));
        }
    }
    groups.dedup();
    for g in groups {
        let Some(from) = p.hex(g[0]) else {
            for to in super::edges::entry_hexes(p, g[0]) {
                if move_check(p, &g, to).is_ok() {
                    out.push(Command::Move(ids(p, &g), p.hex_label(to)));
                }
            }
            continue;
        };
        for to in p.sc.board.neighbors(from).collect::<Vec<_>>() {
            if move_check(p, &g, to).is_ok() {
                out.push(Command::Move(ids(p, &g), p.hex_label(to)));
            }
        }
        if exit_check(p, &g).is_ok() && super::edges::exit_hexes(p, p.side(g[0])).contains(&from) {
            out.push(Command::Exit(ids(p, &g)));
        }
        if in_hex_check(p, &g, false).is_ok() {
            out.push(Command::EnterFortification(ids(p, &g)));
        }
        if in_hex_check(p, &g, true).is_ok() {
            out.push(Command::LeaveDugout(ids(p, &g)));
        }
    }
    for &u in &movable {
        if dig_check(p, u).is_ok() {
            out.push(Command::Dig(p.id(u).to_string()));
        }
    }
    out
}

fn dig_check(p: &Pos, u: usize) -> Result<(), Refusal> {
    let act = p.r.act.as_ref().ok_or_else(|| refuse("no force is activated", "3.3"))?;
    if !act.units.contains(&u) || started(p, u) || !may_move(p, u) {
        return Err(refuse(format!("{} cannot dig now: only a free unit that has not acted digs", p.id(u)), "6"));
    }
    if p.kind(u) != Kind::Infantry {
        return Err(refuse("only infantry digs", "6"));
    }
    let h = p.hex(u).ok_or_else(|| refuse("units dig on the map", "6"))?;
    if p.r.scrapes.contains(&h) || p.units[u].shovel || p.enemy_in(h, p.side(u)) {
        return Err(refuse("a scrape here already, or enemy units in the hex", "6"));
    }
    Ok(())
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    match c {
        Command::Move(names, to) => {
            let units = resolve_ids(p, names)?;
            let to = p.parse_hex(to).ok_or_else(|| refuse(format!("`{to}` is not a hex of the map"), "8"))?;
            move_check(p, &units, to).map(|_| ())
        }
        Command::EnterFortification(names) => in_hex_check(p, &resolve_ids(p, names)?, false),
        Command::LeaveDugout(names) => in_hex_check(p, &resolve_ids(p, names)?, true),
        Command::Dig(name) => dig_check(p, resolve_ids(p, std::slice::from_ref(name))?[0]),
        _ => Err(refuse("not a movement", "8")),
    }
}

/// Whether units of the force may pay the one movement point that takes them off the map (13.41):
/// free units that may move, together only in a formation, with a point left or not yet moved.
pub fn exit_check(p: &Pos, units: &[usize]) -> Result<(), Refusal> {
    let act = p.r.act.as_ref().ok_or_else(|| refuse("no force is activated", "3.3"))?;
    if units.len() > 1 && !act.formation {
        return Err(refuse("only units activated as a formation move together", "8"));
    }
    let from = p.hex(units[0]).ok_or_else(|| refuse("not on the map", "13.41"))?;
    let continuing = units.iter().all(|u| act.moving.contains(u));
    let fresh = units.iter().all(|u| !started(p, *u));
    if !continuing && !fresh {
        return Err(refuse("the units moving now, or units that have not moved", "8"));
    }
    for &u in units {
        if !act.units.contains(&u) || p.hex(u) != Some(from) || !may_move(p, u) {
            return Err(refuse(format!("{} cannot move now", p.id(u)), "4, 8"));
        }
        if p.enemy_in(from, p.side(u)) && p.kind(u) != Kind::Afv {
            return Err(refuse("enemy units in the hex hold it in place", "8.2"));
        }
        if mp_left(p, u) < 3 && act.left_hex.contains(&u) {
            return Err(refuse(format!("{} has no movement point left to leave the map", p.id(u)), "13.41"));
        }
    }
    Ok(())
}

/// The exiting units pay their point (13.41).
pub fn pay_exit(p: &mut Pos, rt: &mut Rt, units: &[usize]) {
    begin(p, rt, units);
    let act = p.r.act.as_mut().expect("checked");
    for &u in units {
        let mp = act.mp.entry(u).or_default();
        *mp = (*mp - 3).max(0);
        act.moving.retain(|m| *m != u);
        act.moved.insert(u);
    }
}

/// The units moving now have finished their move: their commitment rises, by two for ordnance
/// that left its hex (4, 8).
pub fn finish_moving(p: &mut Pos, rt: &mut Rt) {
    let Some(act) = p.r.act.as_mut() else { return };
    let done: Vec<usize> = std::mem::take(&mut act.moving);
    let left_hex = act.left_hex.clone();
    for &u in &done {
        act.moved.insert(u);
    }
    for u in done {
        if p.hex(u).is_some() {
            let by = if p.kind(u).is_ordnance() && left_hex.contains(&u) { 2 } else { 1 };
            super::fire::escalate(p, rt, u, by, "4");
        }
    }
}

/// Starts or continues a move with `units`: earlier movers finish (8).
fn begin(p: &mut Pos, rt: &mut Rt, units: &[usize]) {
    let act = p.r.act.as_ref().expect("checked");
    let continuing = units.iter().all(|u| act.moving.contains(u));
    if !continuing {
        finish_moving(p, rt);
        // 5.3: a third of the printed allowance, paid in the start hex (thirds of a point).
        let penalties: Vec<(usize, i32)> = units.iter().map(|&u| (u, allowance(p, u) as i32)).collect();
        let act = p.r.act.as_mut().expect("checked");
        for (u, penalty) in penalties {
            if act.formation {
                *act.mp.entry(u).or_default() -= penalty;
            }
            act.road_only.insert(u);
        }
        act.moving = units.to_vec();
    } else {
        let act = p.r.act.as_mut().expect("checked");
        act.moving.retain(|u| units.contains(u));
    }
}

pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    match &c {
        Command::Move(names, to) => {
            let units = resolve_ids(p, names).expect("checked");
            let to = p.parse_hex(to).expect("checked");
            let costs = move_check(p, &units, to).expect("checked");
            begin(p, rt, &units);
            let from = p.hex(units[0]);
            let from_label = from.map(|h| p.hex_label(h)).unwrap_or_else(|| "the off-map pool".into());
            for (u, thirds, road, fort) in costs {
                let forsake = p.terrain_row(to).crater && thirds == 3 && p.terrain_row(to).cost > 1;
                let transport = p.kind(u) == Kind::Transport;
                let act = p.r.act.as_mut().expect("checked");
                let mp = act.mp.entry(u).or_default();
                *mp = (*mp - thirds).max(0);
                if !road {
                    act.road_only.remove(&u);
                }
                // 10.81: a real road point banks a bonus point; the bonus hex spends it.
                if transport && road && thirds > 0 {
                    act.banked.insert(u);
                } else {
                    act.banked.remove(&u);
                }
                if forsake {
                    act.forsaken.insert(u);
                } else {
                    act.forsaken.remove(&u);
                }
                let first = act.left_hex.insert(u);
                let left = f32::from(*mp as i16) / 3.0;
                let st = &mut p.units[u];
                st.at = Where::Hex(to);
                st.fort = fort;
                st.came_from = from;
                st.shovel = false;
                rt.log(
                    if from.is_some() { "8" } else { "13.3" },
                    format!("{} moves from {from_label} to {}.", p.name(u), p.hex_label(to)),
                    EventKind::Moved { unit: p.id(u).to_string(), from: from_label.clone(), to: p.hex_label(to), mp_left: left },
                );
                // 7.24: a hidden unit moving into a new hex is revealed (but infantry moving one hex at night).
                if p.units[u].hidden && !(p.is_night() && p.kind(u) == Kind::Infantry && first) {
                    super::fire::reveal(p, rt, u);
                }
                // 8.3: an AFV entering a trench hex may be immobilized there.
                if p.kind(u) == Kind::Afv && p.trench(to) && super::armour::enter_trench(p, rt, u) {
                    p.r.act.as_mut().expect("checked").stopped.insert(u);
                }
            }
            // 7.24, 8.2: entering a hex with enemy units is contact; hidden units there are found.
            super::fire::reveal_contact(p, rt, to);
            if let Some(&u) = units.first() {
                p.r.searched[p.side(u).index()].insert(to);
            }
            // 7.85: impact markers hit anything that enters their hex.
            super::indirect::impacts_on_entry(p, rt, &units, to);
            let movers: Vec<usize> = units.iter().copied().filter(|&u| p.hex(u) == Some(to)).collect();
            // 7.862: no reaction fire at shock units moving during the bombardment.
            if p.r.act.as_ref().is_some_and(|a| a.bombardment_move) {
                super::activation::end_if_idle(p, rt);
                return;
            }
            // 8.5: charging cavalry entering a target hex charge after its reaction fire.
            if p.r.act.as_ref().is_some_and(|a| movers.iter().any(|u| a.charge.get(u).is_some_and(|t| t.contains(&to)))) {
                p.r.charging = Some((movers.clone(), to));
            }
            if !movers.is_empty() && super::fire::has_reaction(p, &Window::Move { movers: movers.clone(), hex: to }) {
                p.r.window = Some(Window::Move { movers, hex: to });
            } else {
                super::fire::after_window(p, rt);
            }
        }
        Command::EnterFortification(names) | Command::LeaveDugout(names) => {
            let leave = matches!(c, Command::LeaveDugout(_));
            let units = resolve_ids(p, names).expect("checked");
            begin(p, rt, &units);
            for u in units {
                let h = p.hex(u).expect("checked");
                let (fort, cost) = if leave {
                    (if p.fortification(h).is_some() { Fort::In } else { Fort::Out }, 3 * p.sc.tables.fortifications.enter_cost as i32)
                } else {
                    fort_step(p, u).expect("checked")
                };
                let act = p.r.act.as_mut().expect("checked");
                let mp = act.mp.entry(u).or_default();
                *mp = (*mp - cost).max(0);
                act.road_only.remove(&u);
                // 10.53: "AFV and operation-designated sappers remove a wire counter from play when they
                // move beneath it".
                let flattens = p.kind(u) == Kind::Afv || p.spec(u).sapper;
                if p.units[u].fort == Fort::OnWire && flattens && p.r.wire.remove(&h) {
                    let how = if p.kind(u) == Kind::Afv { "flattens" } else { "cuts" };
                    rt.log(
                        "10.53",
                        format!("{} {how} the wire in {}.", p.name(u), p.hex_label(h)),
                        EventKind::WireRemoved { hex: p.hex_label(h) },
                    );
                    // The counter is gone: no unit is on it any more.
                    let on: Vec<usize> = p.units_in(h).filter(|&o| p.units[o].fort == Fort::OnWire).collect();
                    for o in on {
                        p.units[o].fort = Fort::Out;
                    }
                }
                p.units[u].fort = fort;
                let into = match fort {
                    Fort::In => "into the fortification",
                    Fort::Dugout => "into the dugout",
                    Fort::Fortress => "into the fortress",
                    Fort::Out => "out into the hex",
                    Fort::OnWire => "onto the wire",
                };
                rt.log(
                    "10.5",
                    format!("{} moves {into} in {}.", p.name(u), p.hex_label(h)),
                    EventKind::Fortification { unit: p.id(u).to_string(), into: into.to_string() },
                );
            }
            super::activation::end_if_idle(p, rt);
        }
        Command::Dig(name) => {
            let u = resolve_ids(p, std::slice::from_ref(name)).expect("checked")[0];
            finish_moving(p, rt);
            p.units[u].shovel = true;
            p.r.act.as_mut().expect("checked").busy.insert(u);
            rt.log(
                "6",
                format!("{} digs in {}.", p.name(u), p.hex_label(p.hex(u).expect("on the map"))),
                EventKind::Dug { unit: name.clone() },
            );
            super::fire::escalate(p, rt, u, 1, "6");
            super::activation::end_if_idle(p, rt);
        }
        _ => unreachable!("checked"),
    }
}
