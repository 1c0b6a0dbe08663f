//! Morale (5): the morale total (stands + grade + situation modifiers, 5.2, 5.4b), the d10 check
//! (automatic pass at 10 or more; fail on a roll above the total, 0 read as 10, 5.4c), the second
//! roll for losses (5.5: halt, flee 100 yards, flee and lose a casting, surrender), fanaticism (5.64,
//! optional) and adjacent stands that fail (5.3d). A unit checks as one body: all its stands share its
//! rating (5.1) and its formation keeps them together, so the check is made once for the unit, with the
//! unit's stands counted (docs/martians.md).

use crate::engine::board::tabletop::Yards;

use super::events::EventKind;
use super::formations::Formation;
use super::state::{Gone, Pos, Rt};
use super::table::{self, Terrain};
use super::tables::Kind;

/// The morale total (5.4b) and the modifiers that made it.
pub fn total(p: &Pos, u: usize) -> i32 {
    let m = &p.sc.tables.morale;
    let st = &p.units[u];
    let stands = p.castings_by_stand(u).len() as i32;
    let mut t = stands + st.grade as i32;
    if p.european(u) {
        t += m.european;
    }
    let kind = p.kind(u);
    if kind.mounted() {
        t += m.mounted;
    }
    if st.formation == Formation::Unlimbered || st.formation == Formation::Skirmish {
        t += m.artillery_or_skirmish;
    }
    if stands >= 2 && st.formation != Formation::Skirmish {
        t += m.adjacent_stand;
        if kind.mounted() {
            t += m.cavalry_adjacent;
        }
    }
    let ground = table::terrain_at(p.sc.ground(), st.at);
    if ground.iter().any(|g| matches!(g, Terrain::Cover | Terrain::Earthworks | Terrain::Objective)) {
        t += m.protective;
    }
    if st.formation == Formation::Skirmish && ground.iter().any(|g| matches!(g, Terrain::Woods | Terrain::Rough)) {
        t += m.skirmish_in_cover;
    }
    // 5.2h, 5.63: a friendly commander or heroic character contacting or within 60 yards.
    if p.commander_near(u) {
        t += m.commander;
    }
    t
}

/// The check (5.4): true if passed. A failed check rolls for the loss (5.5) and makes adjacent units
/// of the side check in turn (5.3d), unless they are engaged in a melee.
pub fn check(p: &mut Pos, rt: &mut Rt, u: usize, cause: Option<usize>, why: &str) -> bool {
    let mut queue = vec![(u, why.to_string())];
    let mut seen = vec![u];
    let mut first = true;
    let mut passed_first = true;
    while let Some((v, why)) = queue.pop() {
        if !p.units[v].on_table() {
            continue;
        }
        let passed = one_check(p, rt, v, cause, &why);
        if first {
            passed_first = passed;
            first = false;
        }
        if passed {
            continue;
        }
        let side = p.side(v);
        let near: Vec<usize> =
            p.ground().filter(|&o| p.side(o) == side && !seen.contains(&o) && !p.engaged(o) && p.gap(o, v) <= 1.0).collect();
        loss(p, rt, v, cause);
        for o in near {
            seen.push(o);
            queue.push((o, format!("{} beside it failed morale (5.3d)", p.id(v))));
        }
    }
    passed_first
}

fn one_check(p: &mut Pos, rt: &mut Rt, u: usize, _cause: Option<usize>, why: &str) -> bool {
    let total = total(p, u);
    let id = p.id(u).to_string();
    if total >= p.sc.tables.morale.auto_pass {
        rt.log(
            "5.4",
            format!("{} passes morale automatically (total {total}): {why}", p.name(u)),
            EventKind::Morale { unit: id, total, roll: None, passed: true },
        );
        return true;
    }
    let roll = rt.d10(format!("morale of {id}"), "5.4");
    let passed = roll as i32 <= total;
    let verdict = if passed { "passes" } else { "fails" };
    rt.log(
        "5.4",
        format!("{} {verdict} morale: rolled {roll} against {total} ({why})", p.name(u)),
        EventKind::Morale { unit: id, total, roll: Some(roll), passed },
    );
    passed
}

/// The morale loss effects chart (5.5), with fanaticism (5.64) when the battle uses it.
pub fn loss(p: &mut Pos, rt: &mut Rt, u: usize, cause: Option<usize>) {
    let m = p.sc.tables.morale.clone();
    let id = p.id(u).to_string();
    let roll = rt.d10(format!("morale loss of {id}"), "5.5");
    let grade = p.units[u].grade;
    let modifier = if grade >= 3 {
        m.loss_grade_high
    } else if grade == 0 {
        m.loss_grade_zero
    } else {
        0
    };
    let near_enemy = cause.is_some_and(|c| p.units[c].on_table() && p.gap(u, c) <= m.surrender_distance)
        || p.nearest_enemy_at(u, p.units[u].at, p.units[u].facing, p.units[u].formation) <= m.surrender_distance;
    let modified = if roll == 10 && !(p.units[u].castings <= m.surrender_castings && near_enemy) {
        // "Otherwise the 0 die roll is read as a 9."
        9 + modifier
    } else {
        roll as i32 + modifier
    };
    if roll == 10 && p.units[u].castings <= m.surrender_castings && near_enemy {
        rt.log(
            "5.5",
            format!("{} surrenders", p.name(u)),
            EventKind::MoraleLoss { unit: id.clone(), roll, modified: 10, result: "surrenders".into() },
        );
        remove(p, rt, u, super::state::Gone::Surrendered);
        return;
    }
    let band = modified.clamp(1, 9);
    if p.sc.spec.options.fanaticism && p.ty(u).fanatic && grade >= 3 {
        // 5.64: fanatics ignore the result and lose one casting on 1-6, two on 7-9.
        let lost = if band <= 6 { 1 } else { 2 };
        rt.log(
            "5.64",
            format!("{}'s fanatics press on, losing {lost} to attrition", p.name(u)),
            EventKind::MoraleLoss { unit: id, roll, modified, result: "fanatics press on".into() },
        );
        attrition(p, rt, u, lost);
        return;
    }
    let result = match band {
        1..=3 => "halts in place",
        4..=6 => "flees 100 yards",
        _ => "flees 100 yards and loses a casting",
    };
    rt.log(
        "5.5",
        format!("{} {result} (rolled {roll}, {modified} modified)", p.name(u)),
        EventKind::MoraleLoss { unit: id, roll, modified, result: result.into() },
    );
    match band {
        1..=3 => p.units[u].halted_until = p.r.turn,
        4..=6 => flee(p, rt, u, cause),
        _ => {
            flee(p, rt, u, cause);
            if p.units[u].on_table() {
                attrition(p, rt, u, 1);
            }
        }
    }
}

/// Castings lost to attrition (5.61): no further check.
pub fn attrition(p: &mut Pos, rt: &mut Rt, u: usize, n: u32) {
    super::fire::lose_castings(p, rt, u, n);
}

/// 5.5: the unit flees 100 yards away from what broke it (or back from its facing), as far as the
/// ground lets it; off the table it has fled the battle. It is disrupted (3.5) and its melees end.
pub fn flee(p: &mut Pos, rt: &mut Rt, u: usize, cause: Option<usize>) {
    flee_by(p, rt, u, cause, p.sc.tables.morale.flee, "5.5");
}

/// A flight of `dist` yards away from `cause` (5.5; 8.2a: skirmishers evading a charge at their rate).
pub fn flee_by(p: &mut Pos, rt: &mut Rt, u: usize, cause: Option<usize>, dist: f32, rule: &str) {
    let st = p.units[u].clone();
    let away = match cause.filter(|&c| p.units[c].on_table()) {
        Some(c) => {
            let from = p.units[c].at;
            let (dx, dy) = (st.at.x - from.x, st.at.y - from.y);
            let len = (dx * dx + dy * dy).sqrt();
            if len < 1e-3 { (-st.facing.cos(), -st.facing.sin()) } else { (dx / len, dy / len) }
        }
        None => (-st.facing.cos(), -st.facing.sin()),
    };
    p.r.contacts.retain(|c| c.attacker != u && c.defender != u);
    let full = Yards::new(st.at.x + away.0 * dist, st.at.y + away.1 * dist);
    if !p.stands_as(u, full, st.facing, st.formation).iter().all(|s| table::on_table(&p.sc.table, s)) {
        rt.log(rule, format!("{} flees off the table", p.name(u)), EventKind::Fled { unit: p.id(u).to_string(), to: None });
        remove(p, rt, u, Gone::Fled);
        return;
    }
    let mut d = dist;
    while d > 0.0 {
        let to = Yards::new(st.at.x + away.0 * d, st.at.y + away.1 * d);
        let ok = !table::path_blocked(p.sc.ground(), st.at, to)
            && super::movement::fits(p, u, &p.footprint_as(u, to, st.facing, st.formation), None).is_ok();
        if ok {
            p.units[u].at = to;
            break;
        }
        d -= 10.0;
    }
    p.units[u].disrupted = p.kind(u) != Kind::Artillery;
    let at = p.units[u].at;
    rt.log(rule, format!("{} flees {d:.0} yards", p.name(u)), EventKind::Fled { unit: p.id(u).to_string(), to: Some((at.x, at.y)) });
}

/// Takes a unit off the table.
pub fn remove(p: &mut Pos, rt: &mut Rt, u: usize, why: Gone) {
    p.units[u].gone = Some(why);
    p.r.contacts.retain(|c| c.attacker != u && c.defender != u);
    let words = match why {
        Gone::Destroyed => "is destroyed (3.5: reduced to one casting it disperses)",
        Gone::Fled => "has fled the battle",
        Gone::Surrendered => "has surrendered",
        Gone::Withdrawn => "leaves the battle",
    };
    rt.log("3.5", format!("{} {words}", p.name(u)), EventKind::Removed { unit: p.id(u).to_string(), why: words.into() });
    super::transports::lost_with(p, rt, u);
    super::commanders::unit_gone(p, rt, u);
}
