//! Command and the sequences of play (1.3, 2): the initiative priority list by regiment from the
//! initiative points of its stands (2.4, with the advanced options), the regiments' red and black
//! action status cards and the players' motivation cards (2.5), regimental activities in priority
//! order with opportunity fire and returned fire (2.6), the aviation phase, and the traditional
//! IGO/UGO sequence (artillery fire, musketry, each player's movement, secondary machine-gun fire);
//! both end with the melee phase (8). The battle ends at its last turn, or when a side breaks.

use super::events::{Command, EventKind};
use super::fire;
use super::formations::Formation;
use super::refuse;
use super::scenario::Sequence;
use super::state::{Action, Cards, Phase, Pos, Rt, Under, Window};
use super::tables::Kind;
use crate::engine::Refusal;

/// A regiment's initiative points (2.4): the chart's points per stand by unit type, with the advanced
/// options the battle uses (a d6 per Recon or Light Cavalry stand, skirmish infantry at 2, a d10 for
/// the commander).
pub fn initiative_points(p: &Pos, rt: &mut Rt, reg: usize) -> u32 {
    let chart = &p.sc.tables.initiative;
    let o = &p.sc.spec.options;
    let mut total = 0;
    for u in p.regiment_units(reg).collect::<Vec<_>>() {
        let stands = p.castings_by_stand(u).len() as u32;
        total += match p.kind(u) {
            Kind::Infantry if o.skirmish_two && p.units[u].formation == Formation::Skirmish => stands * chart.skirmish_infantry,
            Kind::Infantry => stands * chart.infantry,
            Kind::Artillery => stands * chart.artillery,
            Kind::Assault => stands * chart.assault,
            Kind::Cavalry => stands * chart.cavalry,
            Kind::Recon | Kind::LightCavalry if o.recon_d6 => (0..stands).map(|_| rt.d6(format!("initiative of {}", p.id(u)), "2.4")).sum(),
            Kind::Recon => stands * chart.recon,
            Kind::LightCavalry => stands * chart.light_cavalry,
            Kind::Aviation => stands * chart.aviation,
            Kind::Skimmer => stands * chart.skimmer,
        };
    }
    // The regiment's commander's ability: none once the commander the battle gives it is off the field
    // (2.31); a regiment the battle gives none has its commander unmodelled (2.11), always there.
    let mut commanders = (0..p.r.leaders.len()).filter(|&c| p.sc.commander_regiment[c] == Some(reg)).peekable();
    let present = commanders.peek().is_none() || commanders.any(|c| !p.r.leaders[c].lost);
    if o.commander_bonus && present {
        total += rt.d10(format!("commander's ability bonus of {}", p.sc.spec.regiments[reg].id), "2.4");
    }
    total
}

/// 2.4: the priority list, by regiment, not by player: most points first; ties rolled off with a d10
/// (RECONSTRUCTED: the rules do not say), then scenario order.
pub fn priority(p: &mut Pos, rt: &mut Rt) {
    let n = p.sc.spec.regiments.len();
    let acting: Vec<usize> = (0..n).filter(|&r| p.regiment_units(r).any(|u| acts_with_regiment(p, u))).collect();
    let mut totals = vec![0; n];
    for &r in &acting {
        totals[r] = initiative_points(p, rt, r);
    }
    let mut keyed: Vec<(u32, u32, usize)> = Vec::new();
    for &r in &acting {
        let tied = acting.iter().filter(|&&o| totals[o] == totals[r]).count() > 1;
        let roll = if tied { rt.d10(format!("initiative tie of {}", p.sc.spec.regiments[r].id), "2.4") } else { 0 };
        keyed.push((totals[r], roll, r));
    }
    keyed.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    p.r.priority = keyed.iter().map(|k| k.2).collect();
    p.r.totals = totals;
    let order: Vec<String> = p.r.priority.iter().map(|&r| p.sc.spec.regiments[r].id.clone()).collect();
    let totals: Vec<u32> = p.r.priority.iter().map(|&r| p.r.totals[r]).collect();
    rt.log(
        "2.4",
        format!("initiative priority: {}", order.iter().zip(&totals).map(|(o, t)| format!("{o} ({t})")).collect::<Vec<_>>().join(", ")),
        EventKind::Initiative { order, totals },
    );
}

/// The start of the battle: variable Martian morale (5.65), then turn 1.
pub fn start(p: &mut Pos, rt: &mut Rt) {
    if p.sc.spec.options.variable_morale {
        for u in 0..p.units.len() {
            if !p.ty(u).variable {
                continue;
            }
            let roll = rt.d10(format!("variable morale of {}", p.id(u)), "5.65");
            let grade = variable_grade(p, roll, p.ty(u).grade_four);
            p.units[u].grade = grade;
            rt.log(
                "5.65",
                format!("{} rolls {roll}: morale grade {grade}", p.name(u)),
                EventKind::VariableMorale { unit: p.id(u).into(), roll, grade },
            );
        }
    }
    p.r.leaders = super::commanders::at_start(&p.sc);
    begin_turn(p, rt);
}

/// 5.65: "1-3 & 0 = 1, 4-6 = 2, 7-9 = 3; on MMG 4 allowed units 0 = 4".
pub fn variable_grade(p: &Pos, roll: u32, four: bool) -> u32 {
    if roll == 10 {
        return if four { 4 } else { 1 };
    }
    p.sc.tables.variable_morale.iter().find(|(lo, hi, _)| (*lo..=*hi).contains(&roll)).map_or(1, |x| x.2)
}

/// Phase I, administration: the turn's cards, the units' turn records, initiative; then the next phase.
pub fn begin_turn(p: &mut Pos, rt: &mut Rt) {
    if p.r.turn >= p.sc.spec.turns {
        end_battle(p, rt);
        return;
    }
    p.r.turn += 1;
    rt.log("1.3", format!("turn {} begins", p.r.turn), EventKind::TurnBegan { turn: p.r.turn });
    // 2.31: the units affected by a commander hit last turn check morale now.
    super::commanders::loss_checks(p, rt);
    check_victory(p, rt);
    if p.r.outcome.is_some() {
        return;
    }
    for l in &mut p.r.leaders {
        l.moved = false;
    }
    p.r.hero_cards_used.clear();
    p.r.motivated.clear();
    let road = p.sc.tables.road_distance;
    for u in 0..p.units.len() {
        if !p.units[u].on_table() {
            continue;
        }
        let far = p.nearest_enemy_at(u, p.units[u].at, p.units[u].facing, p.units[u].formation) > road;
        let st = &mut p.units[u];
        st.road_ok = far;
        st.moved = 0.0;
        st.fired = false;
        st.has_moved = false;
        st.last_target = st.target.take();
    }
    p.r.cards = vec![Cards { red: true, black: true, done: false }; p.sc.spec.regiments.len()];
    p.r.motivation = vec![true; p.sc.spec.info.sides.len()];
    p.r.flown.clear();
    p.r.rough_rolled.clear();
    super::vehicles::rough_breakdowns(p, rt);
    p.r.under = Under::default();
    match p.sc.spec.sequence {
        Sequence::Initiative => {
            priority(p, rt);
            open_ordered(p, rt, Phase::Aviation);
        }
        Sequence::Traditional => enter_segment(p, rt, Phase::ArtilleryFire, 0),
    }
}

/// Phase II, aviation operations: each side with flights in turn (`open_ordered`), then the regiments.
fn next_aviation(p: &mut Pos, rt: &mut Rt) {
    match next_in_order(p) {
        Some(s) => {
            p.r.phase = Phase::Aviation;
            p.r.side = Some(s);
            p.r.under = Under::default();
            rt.log(
                "1.3",
                format!("aviation operations: {}", p.side_id(s)),
                EventKind::PhaseBegan { phase: "aviation".into(), side: Some(p.side_id(s).into()) },
            );
        }
        None => {
            p.r.side = None;
            p.r.phase = Phase::Regiments;
            p.r.active = None;
            next_regiment(p, rt);
        }
    }
}

/// Whether a unit on the table takes part in the aviation phase (a flight) or the vehicle phase (a
/// vehicle or skimmer on the ground).
pub fn takes_part(p: &Pos, phase: Phase, u: usize) -> bool {
    match phase {
        Phase::Aviation => p.kind(u) == Kind::Aviation,
        _ => p.kind(u) != Kind::Aviation && p.rapid_response(u),
    }
}

/// The sides taking part in the aviation or vehicle phase, from the most stands to the least.
pub fn ranking(p: &Pos, phase: Phase) -> Vec<usize> {
    let stands = |s: usize| p.on_table().filter(|&u| p.side(u) == s && takes_part(p, phase, u)).map(|u| p.units[u].castings).sum::<u32>();
    let mut order: Vec<usize> = (0..p.sc.spec.info.sides.len()).filter(|&s| stands(s) > 0).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(stands(s)));
    order
}

/// The aviation or vehicle phase opens: "The player with the most aviation stands will have the option
/// of either moving first or last. The other players will move in the order of who has the most aviation
/// stands from the most to the least" (Aviation; the same for vehicle and skimmer stands, Steam Power
/// Vehicle Rules). With two sides or more taking part, the one with the most chooses (`Window::Order`).
fn open_ordered(p: &mut Pos, rt: &mut Rt, phase: Phase) {
    p.r.phase = phase;
    p.r.side = None;
    p.r.order = ranking(p, phase);
    if p.r.order.len() >= 2 {
        p.r.window = Some(Window::Order { side: p.r.order[0] });
    } else {
        continue_ordered(p, rt);
    }
}

/// `Order(first)`: the side with the most stands moves first, or last, in the phase.
pub fn choose_order(p: &mut Pos, rt: &mut Rt, first: bool) {
    p.r.window = None;
    if !first {
        let most = p.r.order.remove(0);
        p.r.order.push(most);
    }
    let rule = if p.r.phase == Phase::Aviation { "Aviation" } else { "Vehicles" };
    let words: Vec<&str> = p.r.order.iter().map(|&s| p.side_id(s)).collect();
    rt.log(
        rule,
        format!("{} phase order: {}", p.r.phase.name(), words.join(", ")),
        EventKind::PhaseOrder { phase: p.r.phase.name().into(), order: words.iter().map(|w| w.to_string()).collect() },
    );
    continue_ordered(p, rt);
}

fn continue_ordered(p: &mut Pos, rt: &mut Rt) {
    match p.r.phase {
        Phase::Aviation => next_aviation(p, rt),
        _ => next_vehicles(p, rt),
    }
}

/// The side after the one deciding in the aviation or vehicle phase's order that still takes part (its
/// flights or vehicles may have been lost meanwhile).
fn next_in_order(p: &Pos) -> Option<usize> {
    let after = match p.r.side {
        None => 0,
        Some(cur) => p.r.order.iter().position(|&s| s == cur).map_or(p.r.order.len(), |i| i + 1),
    };
    let remaining = ranking(p, p.r.phase);
    p.r.order.iter().skip(after).copied().find(|s| remaining.contains(s))
}

/// The next regiment in priority order with a unit on the ground (2.6), or the melee phase.
fn next_regiment(p: &mut Pos, rt: &mut Rt) {
    let start = match p.r.active {
        None => 0,
        Some(r) => p.r.priority.iter().position(|&x| x == r).map_or(p.r.priority.len(), |i| i + 1),
    };
    p.r.under = Under::default();
    let next =
        p.r.priority[start.min(p.r.priority.len())..].iter().copied().find(|&r| p.regiment_units(r).any(|u| acts_with_regiment(p, u)));
    match next {
        Some(r) => {
            p.r.active = Some(r);
            let id = p.sc.spec.regiments[r].id.clone();
            rt.log("2.6", format!("regiment {id} acts"), EventKind::RegimentUp { regiment: id });
        }
        None => {
            p.r.active = None;
            open_ordered(p, rt, Phase::Vehicles);
        }
    }
}

/// Whether a unit acts in its regiment's activities (2.6): aviation has its phase, and so do vehicles
/// and skimmers ("All Vehicle operations will occur after Regimental actions phases of each turn").
pub fn acts_with_regiment(p: &Pos, u: usize) -> bool {
    p.kind(u) != Kind::Aviation && !p.rapid_response(u)
}

/// Who fires in the traditional sequence's artillery fire phase (1.3, phase II): unlimbered guns, and
/// vehicles (RECONSTRUCTED: the traditional sequence has no vehicle phase; a vehicle's guns fire with the
/// artillery here, or after its move in phase VI, once a turn).
pub fn artillery_fire(p: &Pos, u: usize) -> bool {
    (p.kind(u) == Kind::Artillery || p.vehicle(u)) && !p.units[u].fired
}

/// Who fires in phase VI, secondary fire: Gatlings and machine guns that neither fired nor moved (6.4h),
/// and vehicles that have not fired ("Move and Attack", RECONSTRUCTED as for phase II).
pub fn secondary_fire(p: &Pos, u: usize) -> bool {
    !p.units[u].fired && (p.vehicle(u) || (machine_gun(p, u) && !p.units[u].has_moved))
}

/// Phase III, vehicle rapid response operations (Steam Power Vehicle Rules): each side with vehicles in
/// turn (`open_ordered`), then the melee phase.
fn next_vehicles(p: &mut Pos, rt: &mut Rt) {
    match next_in_order(p) {
        Some(s) => {
            p.r.phase = Phase::Vehicles;
            p.r.side = Some(s);
            p.r.under = Under::default();
            rt.log(
                "1.3",
                format!("vehicle rapid response: {}", p.side_id(s)),
                EventKind::PhaseBegan { phase: Phase::Vehicles.name().into(), side: Some(p.side_id(s).into()) },
            );
        }
        None => {
            p.r.side = None;
            p.r.phase = Phase::Regiments;
            end_turn(p, rt);
        }
    }
}

/// Phase IV (VII): melees, the winners' advances (8.3), then the next turn.
fn end_turn(p: &mut Pos, rt: &mut Rt) {
    let offers = super::melee::phase(p, rt);
    check_victory(p, rt);
    if p.r.outcome.is_none() {
        offer_advance(p, rt, offers);
    }
}

/// 8.3: offers the next winner still on the table its advance (a window its side answers: `Advance` or
/// `Done`); with none left, the next turn begins.
pub fn offer_advance(p: &mut Pos, rt: &mut Rt, offers: Vec<(usize, f32)>) {
    let mut offers: Vec<(usize, f32)> = offers.into_iter().filter(|&(u, _)| p.units[u].on_table()).collect();
    if offers.is_empty() {
        begin_turn(p, rt);
        return;
    }
    let (unit, yards) = offers.remove(0);
    p.r.window = Some(Window::Advance { unit, yards, rest: offers });
}

/// The traditional sequence's phases for a side (1.3, IGO/UGO), skipping a side with nothing to do in it.
fn enter_segment(p: &mut Pos, rt: &mut Rt, phase: Phase, side: usize) {
    let sides = p.sc.spec.info.sides.len();
    let (mut phase, mut side) = (phase, side);
    loop {
        if side >= sides {
            if matches!(phase, Phase::ArtilleryFire | Phase::Musketry | Phase::SecondaryFire) {
                fire::apply_queued(p, rt);
                check_victory(p, rt);
                if p.r.outcome.is_some() {
                    return;
                }
            }
            match phase {
                Phase::ArtilleryFire => phase = Phase::Musketry,
                Phase::Musketry => phase = Phase::Movement,
                Phase::Movement => phase = Phase::SecondaryFire,
                _ => {
                    p.r.side = None;
                    p.r.phase = Phase::SecondaryFire;
                    end_turn(p, rt);
                    return;
                }
            }
            side = 0;
        }
        if has_work(p, phase, side) {
            p.r.phase = phase;
            p.r.side = Some(side);
            p.r.under = Under::default();
            rt.log(
                "1.3",
                format!("{}: {}", phase.name(), p.side_id(side)),
                EventKind::PhaseBegan { phase: phase.name().into(), side: Some(p.side_id(side).into()) },
            );
            return;
        }
        side += 1;
    }
}

/// Whether a side has a unit that could act in a traditional phase.
fn has_work(p: &Pos, phase: Phase, side: usize) -> bool {
    let mut units = p.ground().filter(|&u| p.side(u) == side);
    match phase {
        Phase::ArtilleryFire => units.any(|u| p.units[u].formation == Formation::Unlimbered || p.vehicle(u)),
        Phase::Musketry => units.any(|u| super::musketry::fires(p, u)),
        Phase::SecondaryFire => units.any(|u| secondary_fire(p, u)),
        _ => units.next().is_some(),
    }
}

pub fn machine_gun(p: &Pos, u: usize) -> bool {
    super::artillery::gun(p, u).is_some_and(|g| g.machine_gun)
}

/// The regiment's choices between actions (2.5, 2.6).
pub fn regiment_candidates(p: &Pos, reg: usize) -> Vec<Command> {
    let id = p.sc.spec.regiments[reg].id.clone();
    let c = p.r.cards[reg];
    let side = p.regiment_side(reg);
    let mut out = Vec::new();
    if c.black {
        out.push(Command::Begin(id.clone(), Action::Move));
    }
    if c.red {
        out.push(Command::Begin(id.clone(), Action::Fire));
    }
    // 2.5: the player's card, or a heroic character's for his own regiment; one a regiment a turn.
    let card = p.r.motivation[side] || super::commanders::hero_card(p, reg).is_some();
    if card && !p.r.motivated.contains(&reg) {
        if !c.black {
            out.push(Command::Motivate(id.clone(), Action::Move));
        }
        if !c.red {
            out.push(Command::Motivate(id, Action::Fire));
        }
    }
    out.push(Command::EndRegiment);
    out
}

pub fn regiment_check(p: &Pos, reg: usize, c: &Command) -> Result<(), Refusal> {
    if regiment_candidates(p, reg).contains(c) {
        return Ok(());
    }
    let id = &p.sc.spec.regiments[reg].id;
    Err(match c {
        Command::Begin(r, _) | Command::Motivate(r, _) if r != id => refuse(format!("it is regiment {id}'s turn to act"), "2.4"),
        Command::Begin(..) => refuse("that card has been used this turn", "2.5"),
        Command::Motivate(..) => refuse(
            "the motivation card (one a player a turn, a heroic character's for his regiment, one a regiment) repeats an action already taken",
            "2.5",
        ),
        _ => refuse(format!("regiment {id} begins an action (Begin), plays the motivation card (Motivate) or ends (EndRegiment)"), "2.6"),
    })
}

pub fn regiment_exec(p: &mut Pos, rt: &mut Rt, reg: usize, c: &Command) {
    let id = p.sc.spec.regiments[reg].id.clone();
    match c {
        Command::Begin(_, a) | Command::Motivate(_, a) => {
            let motivation = matches!(c, Command::Motivate(..));
            let mut whose = String::new();
            if motivation {
                // Heroic Characters: the hero's card is played first on his own regiment, keeping the
                // player's for another.
                match super::commanders::hero_card(p, reg) {
                    Some(h) => {
                        p.r.hero_cards_used.insert(h);
                        whose = format!(" of {}", p.id(h));
                    }
                    None => {
                        let side = p.regiment_side(reg);
                        p.r.motivation[side] = false;
                    }
                }
                p.r.motivated.insert(reg);
            } else if *a == Action::Move {
                p.r.cards[reg].black = false;
            } else {
                p.r.cards[reg].red = false;
            }
            p.r.under = Under { kind: Some(*a), ..Under::default() };
            let what = if *a == Action::Move { "moves" } else { "fires" };
            let how = if motivation { format!(" on the motivation card{whose}") } else { String::new() };
            rt.log("2.6", format!("regiment {id} {what}{how}"), EventKind::ActionBegun { regiment: id, action: *a, motivation });
        }
        Command::EndRegiment => {
            p.r.cards[reg].done = true;
            let holding = p.r.cards[reg].red;
            let words = if holding { ", holding its fire as opportunity fire" } else { "" };
            rt.log(
                "2.6",
                format!("regiment {id} ends its activity{words}"),
                EventKind::RegimentDone { regiment: id, holding_fire: holding },
            );
            next_regiment(p, rt);
        }
        _ => {}
    }
}

/// `Done`: the action, the side's phase or the window is over.
pub fn done(p: &mut Pos, rt: &mut Rt) {
    if let Some(w) = p.r.window.take() {
        match w {
            Window::Opportunity { fired, .. } => {
                for u in fired {
                    let r = p.regiment(u);
                    p.r.cards[r].red = false;
                }
            }
            Window::Return { .. } => p.r.window = p.r.resume.take(),
            // 8.2a: they stand and melee; the charger may now be fired at as any mover (2.6).
            Window::Evade { charger, .. } => after_move(p, charger),
            // 8.3: the winner holds its ground.
            Window::Advance { rest, .. } => offer_advance(p, rt, rest),
            // Not a choice `Done` answers (mod.rs::check refuses it); the default is the printed one.
            Window::Order { .. } => choose_order(p, rt, true),
        }
        return;
    }
    match p.r.phase {
        Phase::Aviation => next_aviation(p, rt),
        Phase::Vehicles => next_vehicles(p, rt),
        Phase::Regiments => p.r.under = Under::default(),
        phase => {
            let side = p.r.side.unwrap_or(0);
            enter_segment(p, rt, phase, side + 1);
        }
    }
}

/// Holders of opportunity fire who may shoot at a unit that just moved (2.6: P at S and T).
pub fn opportunity_holders(p: &Pos, mover: usize, fired: &std::collections::BTreeSet<usize>) -> Vec<usize> {
    if p.sc.spec.sequence != Sequence::Initiative || !p.units[mover].on_table() {
        return Vec::new();
    }
    let side = p.side(mover);
    p.ground()
        .filter(|&h| p.side(h) != side && !fired.contains(&h))
        .filter(|&h| {
            let c = p.r.cards[p.regiment(h)];
            c.done && c.red
        })
        .filter(|&h| fire::can_fire(p, h, mover).is_ok())
        .collect()
}

/// Opens the opportunity window after a move, if anyone may fire.
pub fn after_move(p: &mut Pos, mover: usize) {
    if !opportunity_holders(p, mover, &Default::default()).is_empty() {
        p.r.window = Some(Window::Opportunity { mover, fired: Default::default() });
    }
}

/// Opens the return-fire window after fire at `target` (2.6: Q's contact fire; S's return of
/// opportunity fire), if its regiment still holds its red card and it can fire back.
pub fn after_fire(p: &mut Pos, shooter: usize, target: usize) {
    if p.sc.spec.sequence != Sequence::Initiative || !p.units[target].on_table() || !p.units[shooter].on_table() {
        return;
    }
    if p.r.cards[p.regiment(target)].red && fire::can_fire(p, target, shooter).is_ok() {
        p.r.resume = p.r.window.take();
        p.r.window = Some(Window::Return { shooter, target });
    }
}

/// A side broken at its breaking point loses at once; at the end, objectives decide.
pub fn check_victory(p: &mut Pos, rt: &mut Rt) {
    if p.r.outcome.is_some() {
        return;
    }
    let sides = p.sc.spec.info.sides.len();
    let broken: Vec<usize> = (0..sides)
        .filter(|&s| {
            let (full, now) = p.side_castings(s);
            let bp = p.sc.spec.victory.breaking_point.get(p.side_id(s)).copied().unwrap_or(100);
            full > 0 && (full - now) * 100 >= bp * full
        })
        .collect();
    if broken.is_empty() {
        return;
    }
    let winner = if broken.len() == 1 && sides == 2 { Some(1 - broken[0]) } else { None };
    let names: Vec<&str> = broken.iter().map(|&s| p.side_id(s)).collect();
    finish(p, rt, format!("{} broken: losses past the breaking point", names.join(" and ")), winner);
}

/// Who holds an objective zone: stands of one side only in it.
pub fn holder(p: &Pos, feature: usize) -> Option<usize> {
    let poly = &p.sc.table.features[feature].polygon;
    let mut sides = p
        .ground()
        .filter(|&u| p.stands(u).iter().any(|s| crate::engine::board::tabletop::point_in_polygon(s.centre, poly)))
        .map(|u| p.side(u));
    let first = sides.next()?;
    sides.all(|s| s == first).then_some(first)
}

fn end_battle(p: &mut Pos, rt: &mut Rt) {
    let sides = p.sc.spec.info.sides.len();
    for s in 0..sides {
        let mine: Vec<usize> = p.sc.objectives.iter().filter(|o| o.1 == s).map(|o| o.0).collect();
        if !mine.is_empty() && mine.iter().all(|&f| holder(p, f) == Some(s)) {
            finish(p, rt, format!("{} holds its objectives at the end", p.side_id(s)), Some(s));
            return;
        }
    }
    let other = p.sc.side_index(&p.sc.spec.victory.otherwise);
    finish(p, rt, "the battle ends with the objectives not taken".into(), other);
}

fn finish(p: &mut Pos, rt: &mut Rt, reason: String, winner: Option<usize>) {
    let w = winner.map(|s| p.side_id(s).to_string());
    rt.log("victory", format!("the battle is over: {reason}"), EventKind::GameOver { winner: w, reason: reason.clone() });
    p.r.outcome = Some((reason, winner));
}
