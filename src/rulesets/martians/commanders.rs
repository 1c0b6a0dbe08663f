//! Commanders and heroic characters (1.2f, 2.11, 2.31, 5.2h, 5.3c, 5.63, Heroic Characters).
//!
//! A commander's stand (the commander with two staff or flag bearers, 1.2f) rides with a unit of his
//! command: a regimental commander's regiment, or every regiment of his side for a brigade commander
//! (2.11). Units within 60 yards of him, or of a heroic character of their side, add the advantage
//! bonus to their morale total (5.2h, 5.63: `Pos::commander_near`). When the unit he rides with
//! receives casualties from fire or fights a melee, a d10 of 0 hits him (2.31: in a single battle every
//! hit kills); in the next administration phase the units affected by his loss check morale (2.31,
//! 5.3c): his regiment's for a regimental commander, every unit of his side within sight of where he
//! fell for a brigade commander. In a move he may ride to another unit of his command (`Attach`).
//! A heroic character is a unit of one stand of three castings (the army lists' `hero`); his rules
//! are where they apply (fire's to-hit, the last casting, the motivation card of 2.5).

use crate::engine::Refusal;
use crate::engine::board::tabletop::Yards;

use super::events::EventKind;
use super::refuse;
use super::scenario::Scenario;
use super::state::{Fate, Leader, Pos, Rt};
use super::table;
use super::tables::Kind;

/// The commanders as the battle begins, each with his unit (2.11).
pub fn at_start(sc: &Scenario) -> Vec<Leader> {
    sc.commander_start.iter().map(|&with| Leader { with, lost: false, fate: None, moved: false }).collect()
}

/// 2.31: "If a stand with a commander attached receives casualties due to artillery or musketry or was
/// involved in a Melee, then roll a d10 to see if he was hit. A roll of 0 indicates that he was hit. In
/// single battles all commander hits are kills and the casting is removed. In campaigns an additional
/// roll is made with an ODD result for death and EVEN result for wounded." One d10 for each commander
/// riding with `u`. A hit, killed or wounded, takes him from this battle; the checks follow in the
/// next administration phase. A wounded commander returns in the campaign's next battle.
pub fn casualties(p: &mut Pos, rt: &mut Rt, u: usize, why: &str) {
    let hit = p.sc.tables.commanders.hit.clone();
    for c in p.commanders_with(u).collect::<Vec<_>>() {
        let roll = rt.d10(format!("is {} hit?", p.commander_name(c)), "2.31");
        if !hit.contains(&roll) {
            continue;
        }
        let name = p.commander_name(c).to_string();
        let (fate, words) = if p.sc.campaign {
            let second = rt.d10(format!("is {name} killed or wounded?"), "2.31");
            if second % 2 == 1 {
                (Fate::Killed, format!("killed (rolled 0, then {second}: odd)"))
            } else {
                (Fate::Wounded, format!("wounded (rolled 0, then {second}: even); he will return in the next battle"))
            }
        } else {
            (Fate::Killed, "killed (rolled 0)".to_string())
        };
        p.r.leaders[c].lost = true;
        p.r.leaders[c].fate = Some(fate);
        let at = p.units[u].at;
        p.r.fallen.push((c, at));
        rt.log(
            "2.31",
            format!("{name}, with {}, is hit and {words} ({why})", p.name(u)),
            EventKind::CommanderHit {
                commander: p.sc.spec.commanders[c].id.clone(),
                unit: p.id(u).to_string(),
                killed: fate == Fate::Killed,
            },
        );
    }
}

/// A unit that leaves the table (3.5, 5.5): the commanders riding with it ride to the nearest unit of
/// their command still on the ground (RECONSTRUCTED: the text is silent), or leave the field with none
/// left; no morale check follows (2.31 checks only a commander hit).
pub fn unit_gone(p: &mut Pos, rt: &mut Rt, u: usize) {
    for c in p.commanders_with(u).collect::<Vec<_>>() {
        let near =
            p.ground().filter(|&v| v != u && p.in_command(c, v)).min_by(|&a, &b| p.gap(u, a).total_cmp(&p.gap(u, b)).then(a.cmp(&b)));
        let id = p.sc.spec.commanders[c].id.clone();
        let name = p.commander_name(c).to_string();
        match near {
            Some(v) => {
                p.r.leaders[c].with = v;
                rt.log(
                    "2.31",
                    format!("{name} rides from {} to {}", p.id(u), p.name(v)),
                    EventKind::CommanderMoved { commander: id, unit: p.id(v).to_string() },
                );
            }
            None => {
                p.r.leaders[c].lost = true;
                p.r.leaders[c].fate = Some(Fate::Left);
                rt.log(
                    "2.31",
                    format!("{name} leaves the field: no unit of his command is left"),
                    EventKind::CommanderLeft { commander: id },
                );
            }
        }
    }
}

/// The units affected by the loss of commander `c`, fallen at `at` (2.31): "The loss of a regimental
/// commander will only affect those units in his command. The loss of a brigade commander will affect
/// all units within visibility": the ground units of his side with a line of sight from where he fell
/// that woods, hills and other blocking features do not cut (6.33).
pub fn affected(p: &Pos, c: usize, at: Yards) -> Vec<usize> {
    let g = p.sc.ground();
    p.ground()
        .filter(|&u| p.in_command(c, u))
        .filter(|&u| p.sc.commander_regiment[c].is_some() || !table::fire_blocked(g, at, p.units[u].at))
        .collect()
}

/// Phase I, administration: "During the Administration Phase on the turn after a commander is hit,
/// those units affected by his loss must check morale" (2.31, 5.3c), each in the battle's order.
pub fn loss_checks(p: &mut Pos, rt: &mut Rt) {
    for (c, at) in std::mem::take(&mut p.r.fallen) {
        let why = format!("its commander {} has been hit (5.3c)", p.commander_name(c));
        for u in affected(p, c, at) {
            if p.units[u].on_table() {
                super::morale::check(p, rt, u, None, &why);
            }
        }
    }
}

/// A commander's ride to another unit of his command (`Attach`): in a move of the regiment of the
/// unit he rides with (2.5: "Attached units will act according to the orders/ actions of the assigned
/// regiment"), or in his side's movement phase (traditional sequence); once a turn; to a ground unit
/// of his command within his ride (RECONSTRUCTED: 160 yards, the couriers' cavalry charge speed of
/// 2.11) of the unit he leaves.
pub fn check_attach(p: &Pos, c: usize, to: usize) -> Result<(), Refusal> {
    let l = &p.r.leaders[c];
    let name = p.commander_name(c);
    if l.lost {
        return Err(refuse(format!("{name} is no longer on the field"), "2.31"));
    }
    if l.moved {
        return Err(refuse(format!("{name} has ridden this turn"), "2.11"));
    }
    if !p.units[to].on_table() || p.kind(to) == Kind::Aviation || p.kind(to) == Kind::Skimmer {
        return Err(refuse(format!("{name} rides with a fighting unit on the ground, not a flight or a transport"), "2.31"));
    }
    if to == l.with {
        return Err(refuse(format!("{name} is already with {}", p.id(to)), "2.31"));
    }
    if !p.in_command(c, to) {
        return Err(refuse(format!("{} is not of {name}'s command", p.id(to)), "2.11"));
    }
    let ride = p.sc.tables.commanders.ride;
    if p.gap(l.with, to) > ride {
        return Err(refuse(format!("{} is more than {ride:.0} yards from {name}", p.id(to)), "2.11"));
    }
    Ok(())
}

/// The commanders who may ride now: those with a unit of the regiment moving (`Some(reg)`), or of the
/// side moving in the traditional movement phase.
pub fn riders(p: &Pos, reg: Option<usize>, side: usize) -> Vec<usize> {
    (0..p.r.leaders.len())
        .filter(|&c| {
            let l = &p.r.leaders[c];
            !l.lost && !l.moved && p.sc.commander_side[c] == side && reg.is_none_or(|r| p.regiment(l.with) == r)
        })
        .collect()
}

/// Carries out a checked `Attach`.
pub fn attach(p: &mut Pos, rt: &mut Rt, c: usize, to: usize) {
    p.r.leaders[c].with = to;
    p.r.leaders[c].moved = true;
    let id = p.sc.spec.commanders[c].id.clone();
    rt.log(
        "2.11",
        format!("{} rides to {}", p.commander_name(c), p.name(to)),
        EventKind::CommanderMoved { commander: id, unit: p.id(to).to_string() },
    );
}

/// Heroic Characters: "They can have a Player Motivation Card BUT it can only be used on a company to
/// which the Heroic Characters are attached": a heroic character on the table carries a motivation
/// card of his own (red or black, once a turn, 2.5), played only for his own regiment. The first such
/// hero of the regiment whose card is unplayed this turn.
pub fn hero_card(p: &Pos, reg: usize) -> Option<usize> {
    p.regiment_units(reg).find(|&u| p.hero(u) && !p.r.hero_cards_used.contains(&u))
}
