//! The rules' caches give exactly what a fresh computation gives: the active unit's destinations
//! (shared by `legal`, the computer opponent and the check of a move), the snapshot's units indexed
//! by hex, and the per-hex facts derived with the scenario (terrain, costs, rows in play, trenches,
//! roads), on every position of random and AI games of both scenarios; and the computer opponent's
//! kept goal fields and lines of communication, and the text-free shortcuts it takes through the
//! rules (combat modifier, previews, who may be activated), against what they stand for.

use std::collections::HashMap;
use std::path::Path;

use hexx::Hex;
use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use salient::ai::bastards::act::LAMBDA;
use salient::ai::bastards::brain::{Brain, si};
use salient::engine::game::Game;
use salient::rulesets::bastards::Bastards;
use salient::rulesets::bastards::actions::{Ctx, combat, movement};
use salient::rulesets::bastards::map::{Reach, Situation};
use salient::rulesets::bastards::scenario::VillageCost;
use salient::rulesets::bastards::units::Side;
use salient::rulesets::bastards::{Command, activation, preview};

fn open(file: &str, seed: u64) -> Game<Bastards> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bastards").join(file);
    let mut o = Game::<Bastards>::open(&path, 0, Vec::new()).unwrap_or_else(|d| panic!("{d:?}")).origin().clone();
    o.seed = seed;
    Game::start(o)
}

fn same_reaches(a: &HashMap<Hex, Reach>, b: &HashMap<Hex, Reach>) -> bool {
    a.len() == b.len() && a.iter().all(|(h, r)| b.get(h).is_some_and(|s| (s.cost, s.risky, &s.path) == (r.cost, r.risky, &r.path)))
}

/// Checks the caches at the current position; returns true if a unit was active.
fn check_position(g: &mut Game<Bastards>, what: &str) -> bool {
    // `legal` fills the caches as play does.
    let _ = g.legal();
    let sit = Situation::capture(g.world());
    let fresh = Situation::from_units_fresh(sit.scenario.clone(), sit.units.clone());
    assert!(sit.same_layout(&fresh), "{what}: the cached layout differs from a fresh one");
    check_ai_caches(g, &sit, what);
    let Ok(ctx) = Ctx::capture(g.world()) else { return false };
    // The computer opponent's previews on the snapshot it holds: the window's, without the text.
    for c in g.legal().to_vec() {
        let window = preview::preview(g.world(), &c);
        let ai = preview::odds_of(g.world(), &ctx, &c);
        if matches!(c, Command::PlaceBarrage(_)) {
            continue;
        }
        assert_eq!(window.map(|p| (p.medals, p.mp, p.odds)), ai.map(|p| (p.medals, p.mp, p.odds)), "{what}: the preview of {c:?} differs");
    }
    let cached = movement::destinations_shared(&ctx);
    let again = movement::destinations(&ctx);
    let fresh = movement::fresh_destinations(&ctx);
    assert!(same_reaches(&cached, &fresh), "{what}: cached destinations differ from a fresh search");
    assert!(same_reaches(&again, &fresh), "{what}: destinations differ from a fresh search");
    // The same activation in a position that differs only elsewhere (the nearest other unit gone, or
    // every friend's activation flag flipped), asked while the cache holds the real position.
    if let Some(here) = ctx.me.hex() {
        let nearest = (0..ctx.sit.units.len())
            .filter(|&i| ctx.sit.units[i].entity != ctx.me.entity)
            .filter_map(|i| ctx.sit.units[i].hex().map(|h| (h.unsigned_distance_to(here), i)))
            .min();
        let mut gone = ctx.sit.units.clone();
        if let Some((_, i)) = nearest {
            gone[i].location = salient::rulesets::bastards::units::Location::Eliminated;
        }
        let mut flipped = ctx.sit.units.clone();
        for u in flipped.iter_mut().filter(|u| u.side() == ctx.me.side() && u.entity != ctx.me.entity) {
            u.record.activated = !u.record.activated;
        }
        for units in [gone, flipped] {
            let _ = movement::destinations_shared(&ctx);
            let other = Ctx { sit: Situation::from_units(ctx.sit.scenario.clone(), units), act: ctx.act.clone(), me: ctx.me.clone() };
            let cached = movement::destinations_shared(&other);
            assert!(same_reaches(&cached, &movement::fresh_destinations(&other)), "{what}: a changed position got stale destinations");
        }
    }
    true
}

/// The computer opponent's caches and shortcuts at the current position: its goal fields (kept
/// between decisions) against a fresh computation, its lines of communication (kept per side) against
/// the rules', the combat modifier without its text against the rules' `combat::modifier` (from the
/// unit's hex and from each neighbour), and `may_activate` against `can_activate`.
fn check_ai_caches(g: &Game<Bastards>, sit: &Situation, what: &str) {
    let world = g.world();
    for u in &sit.units {
        assert_eq!(
            activation::may_activate(world, sit, u),
            activation::can_activate(world, sit, u).is_ok(),
            "{what}: may_activate {}",
            u.unit.id
        );
    }
    let active = world.resource::<salient::rulesets::bastards::state::Activations>().current.as_ref().map(|a| a.unit);
    for side in [Side::Allied, Side::German] {
        let b = Brain::new(world, side);
        for s in [Side::Allied, Side::German] {
            assert_eq!(b.comms[si(s)], sit.communications(s), "{what}: lines of communication of {s:?}");
        }
        let movers: Vec<Option<usize>> = std::iter::once(None)
            .chain(sit.units.iter().filter(|u| Some(u.entity) == active).map(|u| u.hex().and_then(|h| b.index(h))))
            .collect();
        for mover in movers {
            for s in [Side::Allied, Side::German] {
                let cached = b.goal_field(s, mover, LAMBDA);
                let fresh = b.goal_field_fresh(s, mover, LAMBDA);
                assert!(
                    cached.iter().zip(&fresh).all(|(a, f)| a.to_bits() == f.to_bits()) && cached.len() == fresh.len(),
                    "{what}: a kept goal field differs"
                );
            }
        }
    }
    for a in sit.units.iter().filter(|u| u.hex().is_some()) {
        let from = a.hex().unwrap();
        for t in sit.units.iter().filter(|t| t.hex().is_some_and(|h| h.unsigned_distance_to(from) <= 4)) {
            for h in std::iter::once(from).chain(from.all_neighbors()) {
                let mut moved = a.clone();
                moved.location = salient::rulesets::bastards::units::Location::OnMap(h);
                let rules = combat::modifier(sit, &moved, t).ok().map(|(m, _)| m);
                assert_eq!(combat::modifier_value(sit, a, h, t), rules, "{what}: modifier of {} from {h:?} at {}", a.unit.id, t.unit.id);
            }
        }
    }
}

fn play(file: &str, seed: u64, ai: [bool; 2]) -> usize {
    let mut g = open(file, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut checked = 0;
    let mut steps = 0;
    while !g.is_over() && steps < 20_000 {
        if check_position(&mut g, &format!("{file} seed {seed} step {steps}")) {
            checked += 1;
        }
        let side = g.pending().map(|p| p.side);
        let by_ai = match side.as_deref() {
            Some("allied") => ai[0],
            Some("german") => ai[1],
            _ => false,
        };
        let c = if by_ai {
            salient::ai::choose(&mut g).expect("a legal command")
        } else {
            let legal = g.legal().to_vec();
            legal[rand::RngExt::random_range(&mut rng, 0..legal.len())].clone()
        };
        g.submit(c).expect("legal");
        steps += 1;
    }
    checked
}

#[test]
fn cached_destinations_and_layouts_are_what_a_fresh_computation_gives() {
    let mut positions = 0;
    for file in ["first-tank-battle.ron", "second-villers-bretonneux.ron"] {
        for seed in 0..3 {
            positions += play(file, seed, [false, false]);
            positions += play(file, 100 + seed, [seed % 2 == 0, seed % 2 == 1]);
        }
    }
    assert!(positions > 2_000, "only {positions} positions with an active unit");
}

#[test]
fn precomputed_hex_facts_match_the_map_and_tables() {
    for file in ["first-tank-battle.ron", "second-villers-bretonneux.ron"] {
        let g = open(file, 0);
        let sit = Situation::capture(g.world());
        let sc = sit.scenario.clone();
        let b = &sc.board;
        let (first, last) = sc.rows_in_play();
        for i in 0..b.len() {
            let h = b.hex_of_index(i);
            let t = b.terrain(h).and_then(|n| sc.tables.terrain(n));
            assert_eq!(sit.terrain(h).map(|t| &t.id), t.map(|t| &t.id), "{file} {}", b.label(h));
            let impassable = t.is_some_and(|t| t.impassable);
            assert_eq!(sit.impassable(h), impassable);
            assert_eq!(sit.closed(h), t.is_some_and(|t| t.closed));
            let row = b.offset_of(h).1 as u32;
            assert_eq!(sit.in_play(h), !impassable && row >= first && row <= last, "{file} {}", b.label(h));
            let trench = b
                .hex_features(h)
                .iter()
                .find(|f| f.kind == "trench")
                .map(|f| f.owner.as_deref().and_then(Side::from_id).unwrap_or(Side::Allied));
            assert_eq!(sit.trench(h), trench);
            assert_eq!(sit.label(h), b.label(h));
            for n in h.all_neighbors() {
                assert_eq!(sit.road_between(h, n), b.hexside_has(h, n, "road"), "{file} road {}-{}", b.label(h), b.label(n));
                if b.contains(n) {
                    let cost = match t {
                        Some(t) => match (sc.spec.options.village_cost, t.play_aid_cost) {
                            (VillageCost::PlayAid, Some(c)) => c,
                            _ => t.cost,
                        },
                        None => 1,
                    };
                    let road = b.hexside_has(n, h, "road");
                    let step = sit.step_cost(Side::Allied, salient::rulesets::bastards::units::UnitKind::Battalion, 3, Some(n), h);
                    let trench_extra = if trench == Some(Side::German) { sc.tables.trench.enemy_extra_mp } else { 0 };
                    assert_eq!(step.terrain, if road { 1 } else { cost } + trench_extra, "{file} step into {}", b.label(h));
                }
            }
        }
    }
}
