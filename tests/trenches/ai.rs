//! The computer opponent (issue 16): it does not peek at hidden units (7.24), and it searches for
//! them where they may be.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;
use salient::ai::trenches::{hiding_places, seen_by};
use salient::engine::Session;
use salient::rulesets::trenches::Command;
use salient::rulesets::trenches::sequence::gives_cover;
use salient::rulesets::trenches::state::{Phase, Pos, Where};
use salient::rulesets::trenches::units::Side;

use super::random_play::open;

const WASTELAND: &str = "scenarios/trenches/wasteland.ron";

/// A player who never acts: passes, lets every reaction go and ends every activation; places its
/// units at random (13.2).
fn passive(g: &mut salient::engine::game::Game<salient::rulesets::trenches::Trenches>, rng: &mut ChaCha8Rng) -> Command {
    let legal = g.legal().to_vec();
    let idle = [Command::Pass, Command::NoReaction, Command::EndActivation, Command::DoneRegistering];
    idle.into_iter().find(|c| legal.contains(c)).unwrap_or_else(|| legal[rand::RngExt::random_range(rng, 0..legal.len())].clone())
}

/// After set-up, every German unit still hidden stands in a hex the Marines' computer would search,
/// and every such hex is a cover hex of a German set-up area that no Marine has stood in (7.24, 13.2).
#[test]
fn hidden_units_are_sought_in_unsearched_cover_hexes_itt_7_24() {
    let mut g = open(WASTELAND, 3);
    while Pos::capture(g.world()).r.phase != Phase::Rounds {
        let c = salient::ai::choose(&mut g).expect("set-up goes on");
        g.submit(c).expect("accepted");
    }
    let mut p = Pos::capture(g.world());
    let marines = Side::Allied;
    let places = hiding_places(&seen_by(&p, marines), marines);
    let hidden: Vec<usize> = (0..p.units.len()).filter(|&u| p.units[u].hidden && p.side(u) != marines).collect();
    assert!(!hidden.is_empty(), "Germans set up in the shattered woods are hidden (7.24)");
    for &u in &hidden {
        assert!(places.contains(&p.hex(u).expect("placed")), "{} is where the search would look", p.id(u));
    }
    for h in &places {
        assert!(gives_cover(&p, *h) && !p.r.searched[marines.index()].contains(h), "{} is a cover hex not searched", p.hex_label(*h));
    }
    for u in (0..p.units.len()).filter(|&u| p.side(u) == marines) {
        if let Where::Hex(h) = p.units[u].at {
            assert!(!places.contains(&h), "the Marines know their own hexes hold no hidden German");
        }
    }
    // Once every German is found, nothing is left to search for.
    for u in hidden {
        p.units[u].hidden = false;
    }
    assert!(hiding_places(&seen_by(&p, marines), marines).is_empty());
}

/// Wasteland (13.4: no German may be left on the map) against a German who never acts, so never
/// shows himself: the Marines' computer searches the wood and wins 9 games in 10. Before the search it went no
/// further than the set-up area's nearest hex once every German in sight was gone (70 % of 100 games).
#[test]
fn the_computer_finds_germans_who_never_move_itt_7_24_13_4() {
    let mut wins = 0;
    for seed in 0..40 {
        let mut g = open(WASTELAND, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let side = g.pending().expect("a decision before the end").side;
            let c = if side == Side::Allied.id() { salient::ai::choose(&mut g).expect("legal") } else { passive(&mut g, &mut rng) };
            g.submit(c).expect("accepted");
        }
        wins += usize::from(Session::view(&g).winner.as_deref() == Some(Side::Allied.id()));
    }
    assert!(wins >= 36, "the Marines won {wins} of 40");
}
