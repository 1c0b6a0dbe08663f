//! Movement (4): straight-line moves at the troop type's rate (4.5: field, charge, road), the road
//! rate only beyond 300 yards of the enemy (4.1c, 4.4d), tactical moves after a change of formation or
//! facing (4.4, 4.5), the 20-yard adjustment shift of European trained units (4.5), artillery
//! limbering, unlimbering and prolonge (4.3, 6.11), charges into contact (8.1), difficult ground at
//! half rate (reconstructed) and water crossed only by a bridge or a ford. Stands may not
//! interpenetrate (3.5) nor leave the table.

use std::f32::consts::PI;

use crate::engine::Refusal;
use crate::engine::board::tabletop::{Stand, Yards};

use super::events::{Command, EventKind};
use super::formations::{self, Formation};
use super::refuse;
use super::state::{Contact, Pos, Rt};
use super::table::{self, Terrain};
use super::tables::Kind;

/// Bearings of a forward move, degrees from the facing (4: "all movement is conducted in a straight line").
pub const FORWARD: [i32; 7] = [-45, -30, -15, 0, 15, 30, 45];
/// Bearings of an adjustment shift (4.5: "minor lateral and backward shifts").
pub const SHIFT: [i32; 3] = [-90, 90, 180];
/// Bearings of an aviation move (any direction).
pub const AIR: [i32; 8] = [-135, -90, -45, 0, 45, 90, 135, 180];
/// Facing changes (4.4).
pub const TURNS: [i32; 5] = [-90, -45, 45, 90, 180];
/// Moves are in steps of this many yards; aviation in steps of `AIR_STEP`.
pub const STEP: u32 = 10;
pub const AIR_STEP: u32 = 100;

/// The farthest a unit may move now in a straight line forward (4.1-4.5).
pub fn allowance(p: &Pos, u: usize) -> f32 {
    let t = &p.sc.tables;
    let rates = t.movement.of(p.kind(u));
    let st = &p.units[u];
    if st.formation == Formation::Unlimbered {
        return t.prolonge;
    }
    if p.r.under.changed.contains(&u) {
        return rates.tactical;
    }
    match st.formation {
        Formation::Flight => rates.field,
        _ => {
            let far = st.road_ok;
            let native = p.ty(u).native_fast;
            let road = match p.kind(u) {
                // 4.31: limbered artillery takes the road rate only on a road.
                Kind::Artillery => table::on_road(p.sc.ground(), st.at),
                // 4.1c: units using the road rate are in column; 4.2c: cavalry beyond 300 yards.
                _ => far && matches!(st.formation, Formation::Column | Formation::DoubleColumn | Formation::Skirmish),
            };
            if road || native { rates.road.max(rates.field) } else { rates.field }
        }
    }
}

/// The charge rate (4.1b, 4.2b): natives whose field rate is the road rate never charge slower.
pub fn charge_rate(p: &Pos, u: usize) -> f32 {
    let rates = p.sc.tables.movement.of(p.kind(u));
    let r = if p.ty(u).native_fast { rates.charge.max(rates.road) } else { rates.charge };
    if p.r.under.changed.contains(&u) { r.min(rates.tactical) } else { r }
}

/// Whether the unit may take a movement action's step now (not engaged, halted, or already moved).
fn may_move(p: &Pos, u: usize) -> Result<(), Refusal> {
    if !p.units[u].on_table() {
        return Err(refuse(format!("{} is no longer on the table", p.id(u)), "3.5"));
    }
    if p.r.under.done.contains(&u) {
        return Err(refuse(format!("{} has already moved in this action", p.id(u)), "4"));
    }
    if p.engaged(u) {
        return Err(refuse(format!("{} is in contact with the enemy and cannot move (2.6, Q)", p.id(u)), "2.6"));
    }
    if p.halted(u) {
        return Err(refuse(format!("{} has halted in place after a morale loss", p.id(u)), "5.5"));
    }
    if p.units[u].broken_down {
        return Err(refuse(format!("{} has broken down", p.id(u)), "Vehicles"));
    }
    if p.kind(u) == Kind::Artillery && p.units[u].fired {
        return Err(refuse(format!("{} fired this turn: guns move or fire, not both", p.id(u)), "6.4"));
    }
    Ok(())
}

/// Whether the stands fit where they would be: on the table, out of the water, clear of every other
/// unit's stands (3.5) except `touching`, which they may touch (a charge's target).
pub fn fits(p: &Pos, u: usize, stands: &[Stand], touching: Option<usize>) -> Result<(), Refusal> {
    if p.kind(u) == Kind::Aviation {
        return if stands.iter().all(|s| table::on_table(&p.sc.table, s)) {
            Ok(())
        } else {
            Err(refuse("the flight would leave the table", "1.1"))
        };
    }
    if !stands.iter().all(|s| table::on_table(&p.sc.table, s)) {
        return Err(refuse(format!("{} would leave the table", p.id(u)), "1.1"));
    }
    // 11.0: skimmers skim over water (RECONSTRUCTED: the text does not say where they may go).
    if let Some(w) = stands.iter().find_map(|s| table::impassable_under(p.sc.ground(), s)).filter(|_| p.kind(u) != Kind::Skimmer) {
        return Err(refuse(format!("{} cannot stand in {w}", p.id(u)), "4"));
    }
    let reach = p.sc.tables.stand.frontage.hypot(p.sc.tables.stand.depth);
    let centre = stands.iter().fold(Yards::new(0.0, 0.0), |a, s| Yards::new(a.x + s.centre.x, a.y + s.centre.y));
    let centre = Yards::new(centre.x / stands.len().max(1) as f32, centre.y / stands.len().max(1) as f32);
    let radius = stands.iter().map(|s| s.centre.distance(centre)).fold(0.0, f32::max) + reach;
    for o in p.ground().filter(|&o| o != u) {
        // Units whose every stand is farther than the two units' reach cannot touch: skip their layout.
        if p.units[o].at.distance(centre) > radius + p.reach(o) {
            continue;
        }
        let tol = if Some(o) == touching { 1.0 } else { 0.5 };
        let near = |a: &Stand, b: &Stand| a.centre.distance(b.centre) < reach && a.overlaps(b, tol);
        if p.footprint(o).iter().any(|os| stands.iter().any(|s| near(s, os))) {
            return Err(refuse(format!("{} would interpenetrate {}: stands move through gaps", p.id(u), p.id(o)), "3.5"));
        }
    }
    Ok(())
}

/// Where a straight move takes the unit's anchor.
pub fn destination(p: &Pos, u: usize, bearing: i32, yards: u32) -> Yards {
    let st = &p.units[u];
    let dir = st.facing + (bearing as f32).to_radians();
    Yards::new(st.at.x + dir.cos() * yards as f32, st.at.y + dir.sin() * yards as f32)
}

/// 4, 4.5: a straight-line move.
pub fn check_move(p: &Pos, u: usize, bearing: i32, yards: u32) -> Result<(), Refusal> {
    may_move(p, u)?;
    let t = &p.sc.tables;
    let air = p.kind(u) == Kind::Aviation;
    let step = if air { AIR_STEP } else { STEP };
    if yards == 0 || !yards.is_multiple_of(step) {
        return Err(refuse(format!("moves are measured in steps of {step} yards"), "4"));
    }
    let max = if air {
        if !AIR.contains(&bearing) {
            return Err(refuse("aviation moves along the eight directions of the compass rose", "4.5"));
        }
        allowance(p, u)
    } else if FORWARD.contains(&bearing) {
        let a = allowance(p, u);
        if table::path_difficult(p.sc.ground(), p.units[u].at, destination(p, u, bearing, yards)) { a * t.difficult_factor } else { a }
    } else if SHIFT.contains(&bearing) {
        if !p.european(u) || p.units[u].formation == Formation::Unlimbered {
            return Err(refuse("only European trained units shift sideways or back; others wheel first (4.5)", "4.5"));
        }
        t.shift
    } else {
        return Err(refuse("a move goes forward within 45 degrees of the facing, or shifts 90 or 180 degrees", "4"));
    };
    if yards as f32 > max + 0.01 {
        return Err(refuse(format!("{} may move {max:.0} yards now, not {yards}", p.id(u)), "4.5"));
    }
    let to = destination(p, u, bearing, yards);
    let st = &p.units[u];
    if !air && p.kind(u) != Kind::Skimmer && table::path_blocked(p.sc.ground(), st.at, to) {
        return Err(refuse("water is crossed only by a bridge or a ford", "4"));
    }
    if p.rapid_response(u)
        && super::vehicles::barred_from_rough(p, u)
        && super::vehicles::rough_going(p, st.at, to, &p.stands_as(u, to, st.facing, st.formation))
    {
        return Err(refuse("vehicles and skimmers cannot enter woods or rough ground", "Vehicles"));
    }
    super::transports::skimmer_keeps_off(p, u, to)?;
    match st.formation {
        Formation::Limbered if p.nearest_enemy_at(u, to, st.facing, st.formation) < t.limbered_enemy => {
            return Err(refuse("limbered guns cannot move within 200 yards of the enemy", "6.11"));
        }
        Formation::Unlimbered if p.nearest_enemy_at(u, to, st.facing, st.formation) < t.prolonge_enemy => {
            return Err(refuse("unlimbered guns cannot prolong within 60 yards of an enemy unit", "6.11"));
        }
        _ => {}
    }
    fits(p, u, &p.footprint_as(u, to, st.facing, st.formation), None)
}

/// 4.4: a wheel or change of facing; for unlimbered guns a change of the direction of fire (4.34).
pub fn check_face(p: &Pos, u: usize, turn: i32) -> Result<(), Refusal> {
    if !TURNS.contains(&turn) {
        return Err(refuse("turn by 45, 90 or 180 degrees", "4.4"));
    }
    let st = &p.units[u];
    if p.kind(u) == Kind::Aviation {
        return Err(refuse("aviation attacks all round: it does not face", "Aviation"));
    }
    if st.formation == Formation::Unlimbered {
        if !st.on_table() || p.r.under.done.contains(&u) || p.r.under.changed.contains(&u) || st.fired {
            return Err(refuse(format!("{} has fired or acted: a gun changes direction instead of firing", p.id(u)), "4.34"));
        }
    } else {
        may_move(p, u)?;
        if p.r.under.changed.contains(&u) {
            return Err(refuse(format!("{} has already changed formation or facing in this action", p.id(u)), "4.5"));
        }
    }
    let facing = st.facing + (turn as f32).to_radians();
    fits(p, u, &p.footprint_as(u, st.at, facing, st.formation), None)
}

/// 3, 6.4f: a change of formation, limbering or unlimbering; a disrupted unit reforms (3.5).
pub fn check_form(p: &Pos, u: usize, f: Formation) -> Result<(), Refusal> {
    may_move(p, u)?;
    let st = &p.units[u];
    if p.r.under.changed.contains(&u) {
        return Err(refuse(format!("{} has already changed formation or facing in this action", p.id(u)), "4.5"));
    }
    if f == st.formation && !st.disrupted {
        return Err(refuse(format!("{} is already in {}", p.id(u), f.name()), "3"));
    }
    if st.formation == Formation::Unlimbered && f == Formation::Limbered {
        return Err(refuse("once unlimbered, a gun section remains unlimbered for the rest of the battle", "3.5"));
    }
    if st.limber_hits >= 4 {
        return Err(refuse("a limber hit four times cannot unlimber", "6.2"));
    }
    formations::allowed(f, p.ty(u), p.sc.army(u)).map_err(|why| refuse(why, "3"))?;
    fits(p, u, &p.footprint_as(u, st.at, st.facing, f), None)
}

/// Where a charger ends against a defender (8.1: shifted to match the defender's edge it reaches):
/// its anchor, its facing, and whether the contact is on the flank or rear. A square, of one unit or
/// a marching square of several, has no flank: it is "an all around defensive position" (3.2).
pub fn contact_place(p: &Pos, u: usize, target: usize) -> (Yards, f32, bool) {
    let tst = &p.units[target];
    let frame = Stand { centre: tst.at, facing: tst.facing, frontage: 0.0, depth: 0.0 };
    let pts: Vec<(f32, f32)> = p.stands(target).iter().flat_map(|s| s.corners()).map(|c| frame.local(c)).collect();
    let (a0, a1) = pts.iter().fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), q| (lo.min(q.0), hi.max(q.0)));
    let (b0, b1) = pts.iter().fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), q| (lo.min(q.1), hi.max(q.1)));
    let (across, ahead) = frame.local(p.units[u].at);
    let (mid_a, mid_b) = ((a0 + a1) / 2.0, (b0 + b1) / 2.0);
    let (point, turn, flank) = if ahead >= b1 {
        ((mid_a, b1), PI, false)
    } else if ahead <= b0 {
        ((mid_a, b0), 0.0, true)
    } else if across < a0 {
        ((a0, mid_b), -PI / 2.0, true)
    } else if across > a1 {
        ((a1, mid_b), PI / 2.0, true)
    } else {
        ((mid_a, b1), PI, false)
    };
    let flank = flank && tst.formation != Formation::Square && super::marching::square_of(p, target).is_none();
    (frame.point(point.0, point.1), tst.facing + turn, flank)
}

/// 4.1b, 8.1: a charge into contact.
pub fn check_charge(p: &Pos, u: usize, target: usize) -> Result<(), Refusal> {
    may_move(p, u)?;
    let st = &p.units[u];
    if !p.kind(u).foot_or_mounted() && !p.vehicle(u) {
        return Err(refuse(format!("a {} does not charge", p.kind(u).name()), "8.1"));
    }
    // 8.4: "The Vehicles can voluntarily move into contact with enemy units"; "If the enemy unit is foot
    // or mounted"; "Vehicle units cannot Overrun or Melee with other vehicle units".
    if p.vehicle(u) && !p.kind(target).foot_or_mounted() {
        return Err(refuse("a vehicle moves into contact with foot or mounted troops only", "8.4"));
    }
    if p.vehicle(target) && !p.kind(u).foot_or_mounted() {
        return Err(refuse("only foot or mounted troops overrun a vehicle", "8.4"));
    }
    if st.disrupted {
        return Err(refuse(format!("{} is disrupted and cannot declare a charge until it reforms", p.id(u)), "3.5"));
    }
    let ts = &p.units[target];
    if !ts.on_table() || p.side(target) == p.side(u) || p.kind(target) == Kind::Aviation {
        return Err(refuse("charge an enemy unit on the ground", "8.1"));
    }
    // 8.1: "Skirmish units can charge objective zones and skirmishers but cannot charge formed units":
    // formed units holding an objective zone (their anchor in it) may be charged by skirmishers.
    let in_zone = table::terrain_at(p.sc.ground(), ts.at).contains(&Terrain::Objective);
    if st.formation == Formation::Skirmish && ts.formation != Formation::Skirmish && !in_zone {
        return Err(refuse("skirmishers charge skirmishers and objective zones, not formed units", "8.1"));
    }
    let (to, facing, _) = contact_place(p, u, target);
    let yards = st.at.distance(to);
    let rate = charge_rate(p, u);
    if yards > rate + 0.01 {
        return Err(refuse(
            format!("{} is {yards:.0} yards from its contact with {}: its charge reaches {rate:.0}", p.id(u), p.id(target)),
            "4.5",
        ));
    }
    if table::path_blocked(p.sc.ground(), st.at, to) {
        return Err(refuse("water is crossed only by a bridge or a ford", "4"));
    }
    if p.vehicle(u)
        && super::vehicles::barred_from_rough(p, u)
        && super::vehicles::rough_going(p, st.at, to, &p.stands_as(u, to, facing, st.formation))
    {
        return Err(refuse("vehicles cannot enter woods or rough ground", "Vehicles"));
    }
    fits(p, u, &p.footprint_as(u, to, facing, st.formation), Some(target))
}

/// Carries out a move, facing or formation change, or a charge; returns the charged target.
pub fn exec(p: &mut Pos, rt: &mut Rt, c: &Command) -> Option<usize> {
    match c {
        Command::Move(id, bearing, yards) => {
            let u = p.find(id)?;
            let to = destination(p, u, *bearing, *yards);
            let from = p.units[u].at;
            step_to(p, u, to);
            p.r.under.done.insert(u);
            rt.log(
                "4",
                format!("{} moves {yards} yards", p.name(u)),
                EventKind::Moved { unit: id.clone(), from: (from.x, from.y), to: (to.x, to.y), yards: *yards as f32 },
            );
            None
        }
        Command::Face(id, turn) => {
            let u = p.find(id)?;
            let gun = p.units[u].formation == Formation::Unlimbered;
            p.units[u].facing += (*turn as f32).to_radians();
            if gun && p.ty(u).gun.as_deref() != Some("MG") {
                p.units[u].fired = true;
            }
            p.r.under.changed.insert(u);
            let rule = if gun { "4.34" } else { "4.4" };
            rt.log(
                rule,
                format!("{} turns {turn} degrees", p.name(u)),
                EventKind::Faced { unit: id.clone(), facing: p.units[u].facing.to_degrees() },
            );
            None
        }
        Command::Form(id, f) => {
            let u = p.find(id)?;
            p.units[u].formation = *f;
            p.units[u].disrupted = false;
            p.r.under.changed.insert(u);
            rt.log("3", format!("{} forms {}", p.name(u), f.name()), EventKind::Formed { unit: id.clone(), formation: *f });
            None
        }
        Command::Charge(id, tid) => {
            let (u, target) = (p.find(id)?, p.find(tid)?);
            p.r.under.done.insert(u);
            if p.units[u].grade == 0 {
                // 5.3e: a 0 morale rated unit must pass morale to charge.
                if !super::morale::check(p, rt, u, None, "to charge (5.3e)") {
                    rt.log("5.3", format!("{} will not charge", p.name(u)), EventKind::ChargeRefused { unit: id.clone(), roll: 0 });
                    return None;
                }
            }
            let (to, facing, flank) = contact_place(p, u, target);
            step_to(p, u, to);
            p.units[u].facing = facing;
            p.r.contacts.push(Contact { attacker: u, defender: target, flank });
            p.r.contacts.sort();
            p.r.contacts.dedup();
            let edge = if flank { "flank" } else { "front" };
            rt.log(
                "8.1",
                format!("{} charges {} in the {edge}", p.name(u), p.name(target)),
                EventKind::Charged { unit: id.clone(), target: tid.clone(), flank },
            );
            Some(target)
        }
        _ => None,
    }
}

fn step_to(p: &mut Pos, u: usize, to: Yards) {
    let st = &mut p.units[u];
    st.moved += st.at.distance(to);
    st.at = to;
    st.has_moved = true;
}

/// The candidate moves of a unit: every bearing, every step up to its rate, facings, formations,
/// charges (the legal list keeps those the check accepts).
pub fn candidates(p: &Pos, u: usize, out: &mut Vec<Command>) {
    let id = p.id(u).to_string();
    let air = p.kind(u) == Kind::Aviation;
    let max = allowance(p, u).max(p.sc.tables.shift);
    let step = if air { AIR_STEP } else { STEP };
    let bearings: Vec<i32> = if air { AIR.to_vec() } else { FORWARD.iter().chain(SHIFT.iter()).copied().collect() };
    for b in bearings {
        let mut y = step;
        while y as f32 <= max + 0.01 {
            out.push(Command::Move(id.clone(), b, y));
            y += step;
        }
    }
    if air {
        return;
    }
    out.extend(TURNS.iter().map(|&t| Command::Face(id.clone(), t)));
    out.extend(Formation::ALL.iter().map(|&f| Command::Form(id.clone(), f)));
    let side = p.side(u);
    out.extend(p.ground().filter(|&e| p.side(e) != side).map(|e| Command::Charge(id.clone(), p.id(e).to_string())));
}

impl Pos {
    /// The nearest enemy ground unit's distance from where the unit would be.
    pub fn nearest_enemy_at(&self, u: usize, at: Yards, facing: f32, f: Formation) -> f32 {
        let mine = self.stands_as(u, at, facing, f);
        let side = self.side(u);
        self.ground()
            .filter(|&e| self.side(e) != side)
            .flat_map(|e| self.stands(e))
            .flat_map(|es| mine.iter().map(move |m| m.gap(&es)))
            .fold(f32::INFINITY, f32::min)
    }
}
