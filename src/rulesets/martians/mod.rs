//! *Martians, Indunas, Colonels and Emirs* (Victorian science-fiction colonial battles on Mars), the
//! rulebook `004_619fca268360629c.txt`, lines 1-44: a miniatures game on an open table measured in
//! yards. Modules follow its chapters: the table and its terrain (1, 6.33), stands and formations
//! (1.2, 3), command and both sequences of play (1.3, 2), movement (4), morale (5), artillery (6),
//! musketry (7), fire's casualties (6.2, 7.3), melee (8) and aviation; the scenario and the tables
//! hold the data; state holds the position the rules read and change.

pub mod artillery;
pub mod aviation;
pub mod command;
pub mod commanders;
pub mod events;
pub mod fire;
pub mod formations;
pub mod marching;
pub mod melee;
pub mod morale;
pub mod movement;
pub mod musketry;
pub mod preview;
pub mod scenario;
pub mod state;
pub mod table;
pub mod tables;
pub mod transports;
pub mod vehicles;
pub mod view;

use std::sync::Arc;

use bevy::prelude::*;

use crate::engine::board::tabletop::Yards;
use crate::engine::phase::{self as decide, Steps};
use crate::engine::ruleset::MapVocabulary;
use crate::engine::source::{Diagnostic, SourceFile};
use crate::engine::{GameFlow, Pending, Refusal, Ruleset, StateView};

pub use events::{Command, Event, EventKind};
use state::{Action, Phase, Piece, Pos, Roster, Setup, Track, UnitState, Window, run};
use tables::Kind;
use view::Stage;

pub const ID: &str = "martians";

/// A refusal citing its rule.
pub fn refuse(reason: impl Into<String>, rule: &str) -> Refusal {
    Refusal::by_rule(rule, reason)
}

/// The ruleset.
pub struct Martians;

/// The terrain names a table may use (1, 6.33); sides are the scenario's own.
pub fn vocabulary() -> MapVocabulary {
    MapVocabulary { terrains: table::Terrain::NAMES.iter().map(|s| s.to_string()).collect(), features: Vec::new(), sides: Vec::new() }
}

impl Ruleset for Martians {
    const ID: &'static str = ID;
    const NAME: &'static str = "Martians, Indunas, Colonels and Emirs";
    type Command = Command;
    type Event = Event;
    type Scenario = scenario::Scenario;
    type ScenarioFile = scenario::ScenarioSpec;
    type TablesFile = tables::Tables;

    fn load_scenario(file: &SourceFile, loader: &mut crate::engine::loader::Loader) -> Result<Self::Scenario, Vec<Diagnostic>> {
        scenario::load(file, loader)
    }

    fn check_tables(file: &SourceFile) -> Vec<Diagnostic> {
        tables::parse(file).err().unwrap_or_default()
    }

    fn map_vocabulary() -> MapVocabulary {
        vocabulary()
    }

    fn build(app: &mut App, scenario: &Self::Scenario) {
        app.add_plugins(plugin);
        spawn(app.world_mut(), scenario);
    }

    fn pending(world: &World) -> Option<Pending> {
        view::pending(world)
    }

    fn legal(world: &World) -> Vec<Command> {
        decide::legal::<Phase, Pos, Command>(world)
    }

    fn check(world: &World, command: &Command) -> Result<(), Refusal> {
        decide::check::<Phase, Pos, Command>(world, command)
    }

    fn view(world: &World) -> StateView {
        view::state_view(world)
    }

    fn invariants(world: &World) -> Vec<String> {
        view::invariants(world)
    }

    fn sides(scenario: &Self::Scenario) -> Vec<String> {
        scenario.sides()
    }

    fn carry_in(scenario: &mut Self::Scenario, units: &[crate::engine::campaign::CarriedUnit]) -> Result<(), String> {
        scenario::carry_in(scenario, units)
    }

    fn campaign_battle(scenario: &mut Self::Scenario) {
        scenario.campaign = true;
    }
}

/// The units a stage lets act.
fn actors(p: &Pos, s: Stage) -> Vec<usize> {
    let side = view::decider(p, s);
    match s {
        // A flight moves once and attacks once (Aviation).
        Stage::Aviation(_) => {
            p.on_table().filter(|&u| p.side(u) == side && p.kind(u) == Kind::Aviation && !p.r.flown.contains(&u)).collect()
        }
        Stage::Act(r, _) => p.regiment_units(r).filter(|&u| command::acts_with_regiment(p, u) && !p.r.under.done.contains(&u)).collect(),
        // Steam Power Vehicle Rules: a vehicle moves and attacks once in its phase.
        Stage::Segment(_, Phase::Vehicles) => {
            p.ground().filter(|&u| p.side(u) == side && p.rapid_response(u) && !p.r.flown.contains(&u)).collect()
        }
        Stage::Segment(_, phase) => p
            .ground()
            .filter(|&u| p.side(u) == side && !p.r.under.done.contains(&u))
            .filter(|&u| match phase {
                Phase::ArtilleryFire => command::artillery_fire(p, u),
                Phase::Musketry => musketry::fires(p, u) && !p.units[u].fired,
                Phase::SecondaryFire => command::secondary_fire(p, u),
                _ => true,
            })
            .collect(),
        Stage::Opportunity(_) => match &p.r.window {
            Some(Window::Opportunity { mover, fired }) => command::opportunity_holders(p, *mover, fired),
            _ => Vec::new(),
        },
        Stage::Return(_) => match &p.r.window {
            Some(Window::Return { target, .. }) => vec![*target],
            _ => Vec::new(),
        },
        Stage::Evade(_) => match &p.r.window {
            Some(Window::Evade { target, .. }) => vec![*target],
            _ => Vec::new(),
        },
        Stage::Advance(_) => match &p.r.window {
            Some(Window::Advance { unit, .. }) => vec![*unit],
            _ => Vec::new(),
        },
        Stage::Regiment(_) | Stage::Order(_) => Vec::new(),
    }
}

/// Whether a stage is a movement (4) or a fire (6, 7) one.
fn moving(s: Stage) -> bool {
    matches!(s, Stage::Act(_, Action::Move) | Stage::Segment(_, Phase::Movement | Phase::Vehicles) | Stage::Aviation(_))
}

fn firing(s: Stage) -> bool {
    !matches!(
        s,
        Stage::Act(_, Action::Move) | Stage::Segment(_, Phase::Movement) | Stage::Regiment(_) | Stage::Evade(_) | Stage::Advance(_)
    )
}

/// 6.7b: a Gatling splits its fire in its own fire (not in opportunity or return fire at one unit).
fn splits_allowed(s: Stage) -> bool {
    firing(s) && !matches!(s, Stage::Opportunity(_) | Stage::Return(_) | Stage::Aviation(_))
}

/// The candidate commands of the decision awaited.
pub fn candidates(p: &Pos) -> Vec<Command> {
    let Some(s) = view::stage(p) else { return Vec::new() };
    if let Stage::Regiment(r) = s {
        return command::regiment_candidates(p, r);
    }
    if let Stage::Evade(_) = s {
        return actors(p, s).into_iter().map(|u| Command::Evade(p.id(u).to_string())).chain([Command::Done]).collect();
    }
    if let Stage::Advance(_) = s {
        return actors(p, s).into_iter().map(|u| Command::Advance(p.id(u).to_string())).chain([Command::Done]).collect();
    }
    if let Stage::Order(_) = s {
        return vec![Command::Order(true), Command::Order(false)];
    }
    let mut out = Vec::new();
    let side = view::decider(p, s);
    let targets: Vec<usize> = match (s, &p.r.window) {
        (Stage::Opportunity(_), Some(Window::Opportunity { mover, .. })) => vec![*mover],
        (Stage::Return(_), Some(Window::Return { shooter, .. })) => vec![*shooter],
        // The Aviation Rules: fighters attack other flights.
        (Stage::Aviation(_), _) => p.on_table().filter(|&e| p.side(e) != side).collect(),
        _ => p.ground().filter(|&e| p.side(e) != side).collect(),
    };
    for u in actors(p, s) {
        if moving(s) {
            movement::candidates(p, u, &mut out);
        } else if p.units[u].formation == formations::Formation::Unlimbered && !matches!(s, Stage::Opportunity(_) | Stage::Return(_)) {
            // 6.4c: a gun changes its direction of fire in an action instead of firing.
            out.extend(movement::TURNS.iter().map(|&t| Command::Face(p.id(u).to_string(), t)));
        }
        if firing(s) {
            out.extend(targets.iter().map(|&t| Command::Fire(p.id(u).to_string(), p.id(t).to_string())));
            if splits_allowed(s) {
                for split in artillery::splits(p, u, &targets) {
                    out.push(Command::Split(p.id(u).to_string(), split.into_iter().map(|(t, d)| (p.id(t).to_string(), d)).collect()));
                }
            }
        }
    }
    if matches!(s, Stage::Aviation(_) | Stage::Segment(_, Phase::Vehicles)) {
        out.extend(actors(p, s).into_iter().filter(|&u| p.cargo(u).is_some()).map(|u| Command::Unload(p.id(u).to_string())));
    }
    if let Some(reg) = ride_stage(s) {
        for c in commanders::riders(p, reg, side) {
            let id = &p.sc.spec.commanders[c].id;
            out.extend(p.ground().filter(|&v| p.in_command(c, v)).map(|v| Command::Attach(id.clone(), p.id(v).to_string())));
        }
    }
    out.push(Command::Done);
    out
}

/// 2.11: a stage in which commanders may ride: a regiment's move (`Some(regiment)`), or a side's
/// traditional movement phase (`Some(None)`).
fn ride_stage(s: Stage) -> Option<Option<usize>> {
    match s {
        Stage::Act(r, Action::Move) => Some(Some(r)),
        Stage::Segment(_, Phase::Movement) => Some(None),
        _ => None,
    }
}

/// Whether a command answers the decision awaited, by the rules.
pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    let s = view::stage(p).ok_or_else(|| refuse("the battle is over", "victory"))?;
    if let Stage::Regiment(r) = s {
        return command::regiment_check(p, r, c);
    }
    if let Stage::Order(_) = s {
        return match c {
            Command::Order(_) => Ok(()),
            _ => Err(refuse(view::pending_of(p).map(|x| x.1).unwrap_or_default(), view::pending_of(p).map_or("1.3", |x| x.2))),
        };
    }
    let unit = |id: &str| -> Result<usize, Refusal> {
        let u = p.find(id).ok_or_else(|| refuse(format!("no unit `{id}`"), "2.6"))?;
        if actors(p, s).contains(&u) { Ok(u) } else { Err(refuse(format!("{id} cannot act now"), "2.6")) }
    };
    match c {
        Command::Done => Ok(()),
        Command::Move(id, b, y) if moving(s) => movement::check_move(p, unit(id)?, *b, *y),
        Command::Face(id, t) if moving(s) || (firing(s) && !matches!(s, Stage::Opportunity(_) | Stage::Return(_) | Stage::Aviation(_))) => {
            let u = unit(id)?;
            if !moving(s) && p.units[u].formation != formations::Formation::Unlimbered {
                return Err(refuse("only guns change direction in a fire action", "6.4"));
            }
            movement::check_face(p, u, *t)
        }
        Command::Form(id, f) if moving(s) && !matches!(s, Stage::Aviation(_)) => movement::check_form(p, unit(id)?, *f),
        Command::Charge(id, t) if moving(s) && !matches!(s, Stage::Aviation(_)) => {
            let target = p.find(t).ok_or_else(|| refuse(format!("no unit `{t}`"), "8.1"))?;
            movement::check_charge(p, unit(id)?, target)
        }
        Command::Fire(id, t) if firing(s) => {
            let u = unit(id)?;
            let target = p.find(t).ok_or_else(|| refuse(format!("no unit `{t}`"), "7.3"))?;
            let allowed = match (&p.r.window, s) {
                (Some(Window::Opportunity { mover, .. }), _) => target == *mover,
                (Some(Window::Return { shooter, .. }), _) => target == *shooter,
                _ => true,
            };
            if !allowed {
                return Err(refuse("fire at the unit of the moment", "2.6"));
            }
            fire::can_fire(p, u, target).map(|_| ())
        }
        Command::Attach(c, t) if ride_stage(s).is_some() => {
            let cid = p.find_commander(c).ok_or_else(|| refuse(format!("no commander `{c}`"), "2.11"))?;
            let to = p.find(t).ok_or_else(|| refuse(format!("no unit `{t}`"), "2.11"))?;
            if !commanders::riders(p, ride_stage(s).flatten(), view::decider(p, s)).contains(&cid) {
                return Err(refuse(format!("{c} cannot ride now: he moves with the regiment of his unit, once a turn"), "2.11"));
            }
            commanders::check_attach(p, cid, to)
        }
        Command::Unload(id) if matches!(s, Stage::Aviation(_) | Stage::Segment(_, Phase::Vehicles)) => {
            transports::check_unload(p, unit(id)?).map(|_| ())
        }
        Command::Evade(id) if matches!(s, Stage::Evade(_)) => unit(id).map(|_| ()),
        Command::Advance(id) if matches!(s, Stage::Advance(_)) => unit(id).map(|_| ()),
        Command::Split(id, shares) if splits_allowed(s) => artillery::check_split(p, unit(id)?, shares).map(|_| ()),
        _ => Err(refuse(view::pending_of(p).map(|x| x.1).unwrap_or_default(), view::pending_of(p).map_or("1.3", |x| x.2))),
    }
}

/// The commands the rules allow now, on a position (the computer's look-ahead plays copies with it).
pub fn legal_at(p: &Pos) -> Vec<Command> {
    candidates(p).into_iter().filter(|c| check(p, c).is_ok()).collect()
}

/// Carries out a checked command on a position: what submitting it does to the world.
pub fn exec(p: &mut Pos, rt: &mut state::Rt, c: Command) {
    let Some(s) = view::stage(p) else { return };
    match (&c, s) {
        (_, Stage::Regiment(r)) => command::regiment_exec(p, rt, r, &c),
        (Command::Order(first), Stage::Order(_)) => command::choose_order(p, rt, *first),
        (Command::Done, _) => command::done(p, rt),
        (Command::Evade(_), Stage::Evade(_)) => {
            if let Some(Window::Evade { charger, target }) = p.r.window.take() {
                melee::evade(p, rt, target, charger);
                command::after_move(p, charger);
            }
        }
        (Command::Advance(_), Stage::Advance(_)) => {
            if let Some(Window::Advance { unit, yards, rest }) = p.r.window.take() {
                melee::advance(p, rt, unit, yards);
                command::offer_advance(p, rt, rest);
            }
        }
        (Command::Fire(id, t), _) => {
            let (Some(u), Some(target)) = (p.find(id), p.find(t)) else { return };
            fire_exec(p, rt, s, u, target);
        }
        (Command::Unload(id), _) => {
            let Some(t) = p.find(id) else { return };
            if p.kind(t) == Kind::Aviation {
                aviation::intercept(p, rt, t);
            }
            transports::unload(p, rt, t);
        }
        (Command::Attach(c, t), _) => {
            let (Some(c), Some(to)) = (p.find_commander(c), p.find(t)) else { return };
            commanders::attach(p, rt, c, to);
        }
        (Command::Split(id, shares), _) => {
            let Some(u) = p.find(id) else { return };
            let Ok(shots) = artillery::check_split(p, u, shares) else { return };
            // 6.7b: each target its share of the dice; the consecutive target (6.7) is the one given most.
            for (t, shot) in &shots {
                if p.units[*t].on_table() {
                    fire::resolve(p, rt, u, *t, shot, "6.7b");
                }
            }
            let most = shots.iter().max_by_key(|(t, s)| (s.dice, std::cmp::Reverse(*t))).map(|x| x.0);
            p.units[u].target = most;
            p.r.under.done.insert(u);
        }
        (Command::Move(id, ..) | Command::Charge(id, _), _) => {
            let Some(u) = p.find(id) else { return };
            let from = p.units[u].at;
            let charged = movement::exec(p, rt, &c);
            vehicles::after_move(p, rt, u, from);
            if let Some(target) = charged {
                fire::volley(p, rt, target, u);
                if melee::may_evade(p, u, target) {
                    // 8.2a: the charged skirmishers or gun crew choose first; opportunity fire at the
                    // charger follows their choice (command::done, melee::evade).
                    p.r.window = Some(Window::Evade { charger: u, target });
                    command::check_victory(p, rt);
                    return;
                }
            }
            if matches!(s, Stage::Act(..)) {
                command::after_move(p, u);
            }
        }
        _ => {
            movement::exec(p, rt, &c);
        }
    }
    command::check_victory(p, rt);
}

/// Fire in any stage: the aviation attack with the target's anti-aircraft fire first; opportunity
/// and return fire, contact fire and its return (2.6).
fn fire_exec(p: &mut Pos, rt: &mut state::Rt, s: Stage, u: usize, target: usize) {
    if p.kind(u) == Kind::Aviation {
        p.r.flown.insert(u);
        if p.kind(target) == Kind::Aviation {
            // The Aviation Rules: a fighter's attack on a flight, answered with its machine guns.
            aviation::dogfight(p, rt, u, target);
            p.r.under.done.insert(u);
            return;
        }
        aviation::intercept(p, rt, u);
        if !p.units[u].on_table() {
            return;
        }
        aviation::anti_aircraft(p, rt, target, u);
    }
    if p.vehicle(u) {
        p.r.flown.insert(u);
    }
    let Some(shot) = fire::shot(p, u, target) else { return };
    let rule = match p.kind(u) {
        Kind::Aviation => "Aviation",
        Kind::Artillery => "6.7",
        Kind::Recon | Kind::Assault => "Vehicles",
        _ => "7.3",
    };
    fire::resolve(p, rt, u, target, &shot, rule);
    p.r.under.done.insert(u);
    match s {
        Stage::Opportunity(_) => {
            if let Some(Window::Opportunity { fired, .. }) = &mut p.r.window {
                fired.insert(u);
            }
            command::after_fire(p, u, target);
        }
        Stage::Return(_) => {
            let r = p.regiment(u);
            p.r.cards[r].red = false;
            p.r.window = p.r.resume.take();
        }
        Stage::Act(..) if p.engaged(u) => command::after_fire(p, u, target),
        _ => {}
    }
}

/// The phase state, if the game is in play.
pub fn phase(world: &World) -> Option<Phase> {
    world.get_resource::<State<Phase>>().map(|s| *s.get())
}

/// Who decides when: one step per phase that asks; each reads a [`Pos`] captured once and carries out
/// the command by [`exec`].
fn decisions() -> Steps<Phase, Pos, Command> {
    [Phase::Aviation, Phase::Regiments, Phase::ArtilleryFire, Phase::Musketry, Phase::Movement, Phase::SecondaryFire, Phase::Vehicles]
        .iter()
        .fold(Steps::new(), |steps, &phase| {
            steps.step(phase, candidates, check, |world: &mut World, c: Command| run(world, |p, rt| exec(p, rt, c)))
        })
}

/// The ruleset's plugin: its phase states, resources and systems.
pub fn plugin(app: &mut App) {
    app.add_sub_state::<Phase>().init_resource::<Track>();
    decisions().install(app);
    app.add_systems(OnEnter(GameFlow::InGame), |w: &mut World| run(w, command::start));
}

/// The shipped battles and their tables, compiled in (the registry hands them to the fuzz harness).
pub const SHIPPED: crate::engine::session::Embedded = &[
    ("scenarios/martians/syrtis-kopje.ron", include_str!("../../../scenarios/martians/syrtis-kopje.ron")),
    ("scenarios/martians/maps/syrtis-kopje.ron", include_str!("../../../scenarios/martians/maps/syrtis-kopje.ron")),
    ("scenarios/martians/hellas-canal.ron", include_str!("../../../scenarios/martians/hellas-canal.ron")),
    ("scenarios/martians/maps/hellas-canal.ron", include_str!("../../../scenarios/martians/maps/hellas-canal.ron")),
    ("scenarios/martians/tel-kharsa.ron", include_str!("../../../scenarios/martians/tel-kharsa.ron")),
    ("scenarios/martians/maps/tel-kharsa.ron", include_str!("../../../scenarios/martians/maps/tel-kharsa.ron")),
    ("scenarios/martians/khor-amar.ron", include_str!("../../../scenarios/martians/khor-amar.ron")),
    ("scenarios/martians/maps/khor-amar.ron", include_str!("../../../scenarios/martians/maps/khor-amar.ron")),
];

/// The first state of a unit from its scenario line.
pub fn initial_state(sc: &scenario::Scenario, u: usize) -> UnitState {
    let spec = &sc.spec.units[u];
    UnitState {
        at: Yards::new(spec.at.0, spec.at.1),
        facing: spec.facing.to_radians(),
        formation: spec.formation,
        castings: sc.full_castings(u),
        grade: sc.unit_type(u).grade,
        gone: None,
        halted_until: 0,
        disrupted: false,
        gun_hits: 0,
        limber_hits: 0,
        air_hits: 0,
        broken_down: false,
        road_ok: false,
        moved: 0.0,
        fired: false,
        target: None,
        last_target: None,
        has_moved: false,
        aboard: spec.aboard.as_ref().and_then(|t| sc.spec.units.iter().position(|x| x.id == *t)),
    }
}

/// Spawns the battle: units as entities.
fn spawn(world: &mut World, sc: &scenario::Scenario) {
    world.insert_resource(Setup(Arc::new(sc.clone())));
    let roster = (0..sc.spec.units.len()).map(|order| world.spawn(Piece { order, st: initial_state(sc, order) }).id()).collect();
    world.insert_resource(Roster(roster));
}
