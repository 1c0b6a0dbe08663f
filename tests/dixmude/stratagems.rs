//! The stratagems (12), one test (or more) per strategy of each camp, with forced dice: the effect
//! as the rulebook states it, and its limit (timing, cost, once only, the units it may take).
//! Tests the implementation fails are `
use salient::rulesets::dixmude::state::{AssaultState, AssaultStep, Impulse, Phase, Pos, Shot};
use salient::rulesets::dixmude::units::{Level, Nation, Side, Where};
use salient::rulesets::dixmude::{
    Command, Event, EventKind, Strategy, activation, assault, bombing, operational, preview, reorganisation, sequence, stratagems,
};

use super::fixtures::*;

const FB: Side = Side::FrancoBelgian;
const DE: Side = Side::German;

/// A battalion's level after `hits` hits from good order (1.3.1); `None`: out of action.
fn after_hits(hits: u32) -> Option<Level> {
    (0..hits).try_fold(Level::Good, |l, _| l.down())
}

/// The activation's assault of `from` on `target`, past its defensive fire: the charge is next (8.3).
fn ready_to_charge(p: &mut Pos, from: u32, target: u32) {
    let act = p.r.impulse.act.as_mut().expect("an activation");
    act.assault = Some(AssaultState { from, target, step: AssaultStep::Charge, no_fire: false });
}

/// The step of the assault under way, if any.
fn step(p: &Pos) -> Option<AssaultStep> {
    p.r.impulse.act.as_ref().and_then(|a| a.assault.as_ref()).map(|a| a.step)
}

/// The die modifier and the hits of the bombing logged.
fn bombing_result(events: &[Event]) -> (i32, u32) {
    events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::Bombing { modifier, hits, .. } => Some((*modifier, *hits)),
            _ => None,
        })
        .expect("a bombing was logged")
}

fn defensive_fire_logged(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e.kind, EventKind::DefensiveFire { .. }))
}

/// Whether a counter has left the game (5.1.1: a one-time side played).
fn out_of_game(p: &Pos, side: Side, counter: usize) -> bool {
    !p.r.hands[side.index()].contains(&counter) && !p.r.container[side.index()].contains(&counter)
}

// ---- 12.1.1 Franco-Belgian, reusable ----

#[test]
fn barely_within_our_means_turns_a_won_german_assault_into_a_failure_dix_12_1_1() {
    let mut p = empty();
    hand(&mut p, FB, &[Strategy::BarelyWithinOurMeans]);
    let cmd = Command::Play(Strategy::BarelyWithinOurMeans);
    bombing_by(&mut p, FB);
    assert!(legal(&p).contains(&cmd), "played in phase E");
    play(&mut p, FB, Strategy::BarelyWithinOurMeans);
    assert!(p.r.flags.barely);

    put(&mut p, "fb-1-12rl", 14, Level::Good);
    put(&mut p, "de-1-201", 24, Level::Good);
    put(&mut p, "de-2-201", 24, Level::Good);
    activation(&mut p, DE, &["de-1-201", "de-2-201"]);
    let before = p.clone();
    ready_to_charge(&mut p, 24, 14);
    let act = p.r.impulse.act.clone().unwrap();
    let (amplitude, _, _, modifier) = preview::contest(&p, &act, 24, 14);
    let success = p.sc.tables.assault.success;
    assert!(6 + modifier >= success, "a 6 wins the assault");
    let table_hits = preview::defender_reaches(&p, 14, p.sc.tables.assault_row(amplitude, 6 + modifier).defender);
    with_dice(&mut p, &[6], |p, rt| assault::exec(p, rt, DE, Command::Charge));
    assert_eq!(Some(level(&p, "fb-1-12rl")), after_hits(table_hits + 1), "the assault's hits and one more");
    assert_eq!(at(&p, "fb-1-12rl"), Where::Zone(14), "the defender does not retreat");
    assert_eq!(p.occupant(14), Some(FB));
    for id in ["de-1-201", "de-2-201"] {
        let z = at(&p, id).zone().unwrap_or_else(|| panic!("{id} left the map"));
        assert!(z != 24 && z != 14 && !p.neighbours(z).contains(&14), "{id} in zone {z}: the German assault fails and retreats (8.3.3)");
    }
    assert!(!p.r.flags.barely, "spent on that assault");

    // Only if the defender must retreat: a German assault lost anyway costs no additional hit.
    let mut p = before;
    ready_to_charge(&mut p, 24, 14);
    assert!(1 + modifier < success, "a 1 loses the assault");
    let table_hits = preview::defender_reaches(&p, 14, p.sc.tables.assault_row(amplitude, 1 + modifier).defender);
    with_dice(&mut p, &[1], |p, rt| assault::exec(p, rt, DE, Command::Charge));
    assert_eq!(Some(level(&p, "fb-1-12rl")), after_hits(table_hits), "no additional hit");
    assert!(p.r.flags.barely, "still held for a German assault the defender loses");

    // Phase E only.
    let mut q = empty();
    hand(&mut q, FB, &[Strategy::BarelyWithinOurMeans]);
    q.r.phase = Phase::Activation;
    q.r.impulse = Impulse { side: Some(FB), follow_up: true, ..Default::default() };
    assert!(check(&q, &cmd).is_err(), "not in phase F");
}

#[test]
fn in_the_mud_weakens_a_german_battalion_in_contact_first_dix_12_1_1() {
    let mut p = empty();
    put(&mut p, "fb-1-12rl", 12, Level::Good);
    put(&mut p, "de-1-201", 34, Level::Good); // first in scenario order, far from the Franco-Belgians
    put(&mut p, "de-1-203", 17, Level::Weakened); // in contact, not in good order
    put(&mut p, "de-2-203", 14, Level::Good); // in contact, in good order
    let hq = p.sc.hq;
    put(&mut p, "de-1-207", hq, Level::Good);
    hand(&mut p, FB, &[Strategy::InTheMud]);
    end_of_d(&mut p, FB);
    let cmd = Command::Play(Strategy::InTheMud);
    assert!(legal(&p).contains(&cmd), "played at the end of phase D");
    play(&mut p, FB, Strategy::InTheMud);
    assert_eq!(level(&p, "de-2-203"), Level::Weakened, "priority to a zone adjacent to the Franco-Belgians");
    for (id, l) in [("de-1-201", Level::Good), ("de-1-203", Level::Weakened), ("de-1-207", Level::Good)] {
        assert_eq!(level(&p, id), l, "{id} untouched");
    }

    // A battalion in good order on the map: never one in the HQ zone.
    let mut q = empty();
    put(&mut q, "fb-1-12rl", 12, Level::Good);
    put(&mut q, "de-2-203", 14, Level::Weakened);
    put(&mut q, "de-1-207", hq, Level::Good);
    hand(&mut q, FB, &[Strategy::InTheMud]);
    end_of_d(&mut q, FB);
    assert!(!legal(&q).contains(&cmd) && check(&q, &cmd).is_err(), "no German battalion in good order on the map");
}

/// Phase F: `side` has just resolved the activation of `first`; its hand holds `s` alone; 3 RP each.
fn after_an_activation(side: Side, s: Strategy, units: &[(&str, u32, Level)], first: &[&str]) -> Pos {
    let mut p = empty();
    for &(id, zone, l) in units {
        put(&mut p, id, zone, l);
    }
    hand(&mut p, side, &[s]);
    hand(&mut p, side.enemy(), &[]);
    p.r.phase = Phase::Activation;
    p.r.impulse = Impulse { side: Some(side), ..Default::default() };
    p.r.rp = [3, 3];
    let last: Vec<usize> = first.iter().map(|id| u(&p, id)).collect();
    with_dice(&mut p, &[], |p, rt| activation::after_activation(p, rt, last));
    assert_eq!((p.r.impulse.side, p.r.impulse.follow_up), (Some(side), true), "{s:?} may be played now");
    p
}

/// The units of the first activation, of the zone to activate next, and an enemy unit, with their zones.
type Zones = [(&'static str, u32); 3];
const FB_ZONES: Zones = [("fb-1-1rfm", 5), ("fb-2-1rfm", 8), ("de-1-205", 34)];
const DE_ZONES: Zones = [("de-1-205", 33), ("de-1-206", 34), ("fb-1-12rl", 12)];

/// 12.1.1 and 12.2.1: after an activation, the units of another zone at once, 1 RP each.
fn coordinated_assault(side: Side, s: Strategy, [first, second, enemy]: Zones) {
    let units = [(first.0, first.1, Level::Good), (second.0, second.1, Level::Good), (enemy.0, enemy.1, Level::Good)];
    let mut p = after_an_activation(side, s, &units, &[first.0]);
    let cmd = Command::Play(s);
    assert!(legal(&p).contains(&cmd));
    let mut broke = p.clone();
    broke.r.rp[side.index()] = 0;
    assert!(check(&broke, &cmd).is_err(), "no RP left for the second activation");
    let mut fresh = p.clone();
    fresh.r.impulse.follow_up = false;
    assert!(check(&fresh, &cmd).is_err(), "only after an activation has been resolved");
    let rp = p.r.rp[side.index()];
    play(&mut p, side, s);
    assert_eq!(p.r.rp[side.index()], rp, "playing costs nothing: each activation costs its 1 RP (2 in all)");
    assert_eq!(p.r.impulse.side, Some(side), "the same player activates again at once");
    assert!(legal(&p).contains(&Command::Activate(second.1, vec![second.0.to_string()])), "the units of another zone");
    resolve_activation(&mut p, &[second.0]);
    assert_eq!(p.r.rp[side.index()], rp - 1, "the second activation costs 1 RP");
}

/// 12.1.1 and 12.2.1: one more activation, then the other camp (8.5).
fn coordinated_assault_then_the_other_camp(side: Side, s: Strategy, [first, second, enemy]: Zones) {
    let units = [(first.0, first.1, Level::Good), (second.0, second.1, Level::Good), (enemy.0, enemy.1, Level::Good)];
    let mut p = after_an_activation(side, s, &units, &[first.0]);
    play(&mut p, side, s);
    resolve_activation(&mut p, &[second.0]);
    assert_eq!(p.r.impulse.side, Some(side.enemy()), "one more activation, then the other camp activates (8.5)");
}

/// 12.1.1 and 12.2.1: "another zone": not the zone just activated.
fn coordinated_assault_activates_another_zone(side: Side, s: Strategy, [first, second, enemy]: Zones) {
    let units = [(first.0, first.1, Level::Good), (second.0, second.1, Level::Good), (enemy.0, enemy.1, Level::Good)];
    let mut p = after_an_activation(side, s, &units, &[first.0]);
    play(&mut p, side, s);
    let zone = first.1;
    assert!(
        !legal(&p).iter().any(|c| matches!(c, Command::Activate(z, _) if *z == zone)),
        "the zone just activated is not another zone (that is the excessive attack)"
    );
}

#[test]
fn coordinated_assault_activates_another_zone_at_once_dix_12_1_1() {
    coordinated_assault(FB, Strategy::CoordinatedAssault, FB_ZONES);
}

#[test]
fn coordinated_assault_gives_one_activation_then_the_other_camp_dix_12_1_1() {
    coordinated_assault_then_the_other_camp(FB, Strategy::CoordinatedAssault, FB_ZONES);
}

#[test]
fn coordinated_assault_is_for_another_zone_only_dix_12_1_1() {
    coordinated_assault_activates_another_zone(FB, Strategy::CoordinatedAssault, FB_ZONES);
}

/// 12.1.1 and 12.2.1: the same units, if in good order or weakened, again for 1 RP, with a second assault.
fn excessive_attack(side: Side, s: Strategy, fit: &str, spent: &str, from: u32, enemy: (&str, u32)) {
    let units = [(fit, from, Level::Good), (spent, from, Level::Exhausted), (enemy.0, enemy.1, Level::Good)];
    let mut p = after_an_activation(side, s, &units, &[fit, spent]);
    let cmd = Command::Play(s);
    assert!(legal(&p).contains(&cmd));
    let mut broke = p.clone();
    broke.r.rp[side.index()] = 0;
    assert!(check(&broke, &cmd).is_err(), "the second activation costs 1 RP");
    let rp = p.r.rp[side.index()];
    play(&mut p, side, s);
    assert_eq!(p.r.rp[side.index()], rp - 1, "1 RP");
    let act = p.r.impulse.act.clone().expect("the units are activated again");
    assert_eq!(act.units, vec![u(&p, fit)], "the same units, in good order or weakened only");
    assert!(legal(&p).contains(&Command::Assault { from, target: enemy.1, night: false }), "and lead a second assault");
    with_dice(&mut p, &[], activation::end_activation);
    assert_eq!(p.r.impulse.side, Some(side.enemy()), "then the other camp activates");
}

#[test]
fn excessive_attack_reactivates_the_same_units_for_one_rp_dix_12_1_1() {
    excessive_attack(FB, Strategy::ExcessiveAttack, "fb-1-1rfm", "fb-2-1rfm", 5, ("de-1-201", 11));
}

#[test]
fn counter_order_delays_the_heavy_artillery_redeployment_a_turn_dix_12_1_1() {
    let mut p = empty();
    put(&mut p, "fb-ral120", 7, Level::Good);
    put(&mut p, "fb-ral155", 7, Level::Good);
    hand(&mut p, DE, &[Strategy::HeavyArtilleryRedeployed]);
    hand(&mut p, FB, &[Strategy::CounterOrder]);
    let cmd = Command::Play(Strategy::CounterOrder);
    reorganising(&mut p, FB);
    assert!(!legal(&p).contains(&cmd) && check(&p, &cmd).is_err(), "no German strategy to counter yet");
    reorganising(&mut p, DE);
    play(&mut p, DE, Strategy::HeavyArtilleryRedeployed);
    reorganising(&mut p, FB);
    assert!(legal(&p).contains(&cmd));
    play(&mut p, FB, Strategy::CounterOrder);
    let turn = p.r.turn;
    with_dice(&mut p, &[], stratagems::deferred_effects);
    assert_eq!(at(&p, "fb-ral120"), Where::Zone(7), "not applied this turn");
    p.r.turn = turn + 1;
    with_dice(&mut p, &[], stratagems::deferred_effects);
    assert_eq!(at(&p, "fb-ral120"), Where::Removed, "but the following turn");
}

// ---- 12.1.2 Franco-Belgian, one-time ----

#[test]
fn ronarch_supply_gives_two_rp_that_are_not_stocked_dix_12_1_2() {
    let mut p = empty();
    p.r.rp = [0, 0];
    let counter = hand(&mut p, FB, &[Strategy::RonarchSupply])[0];
    reorganising(&mut p, FB);
    let cmd = Command::Play(Strategy::RonarchSupply);
    assert!(legal(&p).contains(&cmd), "played in phase G");
    play(&mut p, FB, Strategy::RonarchSupply);
    assert_eq!(p.r.rp[FB.index()], 2, "2 additional RP");
    assert!(out_of_game(&p, FB, counter), "one-time: the counter leaves the game");
    assert!(check(&p, &cmd).is_err(), "once only");
    with_dice(&mut p, &[], sequence::end_turn);
    assert_eq!(p.r.rp[FB.index()], p.sc.tables.resource_points.franco_belgian, "the 2 RP left unspent are not stocked (4.1 would keep 2)");

    // Always with a limit of 10 RP (4.1).
    let mut q = empty();
    q.r.rp = [9, 0];
    hand(&mut q, FB, &[Strategy::RonarchSupply]);
    reorganising(&mut q, FB);
    play(&mut q, FB, Strategy::RonarchSupply);
    assert_eq!(q.r.rp[FB.index()], q.sc.tables.resource_points.cap);
}

#[test]
fn flooding_of_the_yser_closes_zone_one_from_the_next_phase_g_dix_12_1_2() {
    let mut p = empty();
    let counter = hand(&mut p, FB, &[Strategy::FloodingOfTheYser])[0];
    reorganising(&mut p, FB);
    let cmd = Command::Play(Strategy::FloodingOfTheYser);
    assert!(!legal(&p).contains(&cmd) && check(&p, &cmd).is_err(), "not before an Offensive on Tervaete has been played");
    p.r.flags.tervaete = true;
    assert!(legal(&p).contains(&cmd));
    play(&mut p, FB, Strategy::FloodingOfTheYser);
    assert!(out_of_game(&p, FB, counter), "one-time");
    let turn = p.r.turn;
    assert!(!p.flooded(1) && p.adjacent_for(1, 2, FB), "not in this turn's phase G");
    p.r.turn = turn + 1;
    for phase in [Phase::Operational, Phase::Bombing, Phase::Activation] {
        p.r.phase = phase;
        assert!(p.adjacent_for(1, 2, FB) && p.adjacent_for(1, 19, DE), "turn {}, {phase:?}: zone 1 still open", turn + 1);
    }
    p.r.phase = Phase::Operational;
    assert!(operational::entry_zones(&p).contains(&1), "still open to the German operational movement");
    p.r.phase = Phase::Reorganisation;
    assert!(p.flooded(1));
    assert!(
        !p.adjacent_for(1, 2, FB) && !p.adjacent_for(1, 4, FB) && !p.adjacent_for(1, 19, DE),
        "from phase G of the following turn zone 1 is inaccessible to both players"
    );
    p.r.turn = turn + 4;
    p.r.phase = Phase::Operational;
    assert!(!p.adjacent_for(1, 2, FB) && !operational::entry_zones(&p).contains(&1), "for the rest of the game");
}

#[test]
fn grossetti_places_reinforcement_near_hq_and_gives_three_activations_dix_12_1_2() {
    let mut p = empty();
    put(&mut p, "fb-hq-brfm", 4, Level::Good);
    put(&mut p, "fb-3-1rfm", 4, Level::Good);
    put(&mut p, "fb-3-2rfm", 4, Level::Good);
    put(&mut p, "de-1-205", 34, Level::Good);
    let counter = hand(&mut p, FB, &[Strategy::GrossettiOffensive])[0];
    hand(&mut p, DE, &[]);
    reorganising(&mut p, FB);
    let cmd = Command::Play(Strategy::GrossettiOffensive);
    assert!(legal(&p).contains(&cmd), "played in phase G");
    play(&mut p, FB, Strategy::GrossettiOffensive);
    let arrivals = ["fb-8bcp", "fb-1-151ri", "fb-2-151ri", "fb-3-151ri"];
    let near = p.neighbours(4);
    for id in arrivals {
        let z = at(&p, id).zone().unwrap_or_else(|| panic!("{id} has not arrived"));
        assert!(z == 4 || near.contains(&z), "{id} in zone {z}: the BrFM HQ's zone or an adjacent one");
    }
    assert!(out_of_game(&p, FB, counter) && check(&p, &cmd).is_err(), "once only");

    with_dice(&mut p, &[], sequence::end_turn);
    hand(&mut p, FB, &[]);
    hand(&mut p, DE, &[]);
    assert_eq!(p.r.initiative, Some(FB), "the Franco-Belgian has the initiative the following turn");
    with_dice(&mut p, &[], sequence::begin_activation);
    for n in 1..=3 {
        assert_eq!(p.r.impulse.side, Some(FB), "Franco-Belgian activation {n} in a row");
        resolve_activation(&mut p, &["fb-8bcp"]);
    }
    assert_eq!(p.r.impulse.side, Some(DE), "three activations, then the German");
    with_dice(&mut p, &[], reorganisation::begin);
    for id in arrivals {
        assert_eq!(at(&p, id), Where::Removed, "{id} is removed at the following phase G");
    }
    with_dice(&mut p, &[], sequence::end_turn);
    assert_eq!(p.r.initiative, Some(DE), "the initiative is the German's again (3)");
}

#[test]
fn german_offensive_on_tervaete_takes_four_85rb_battalions_and_opens_zone_one_dix_12_1_2() {
    let mut p = empty();
    put(&mut p, "fb-1-12rl", 12, Level::Good);
    put(&mut p, "de-1-201", 14, Level::Weakened);
    put(&mut p, "de-2-201", 14, Level::Good);
    put(&mut p, "de-3-201", 14, Level::Good);
    put(&mut p, "de-1-202", 27, Level::Good);
    put(&mut p, "de-2-202", 27, Level::Exhausted);
    put(&mut p, "de-3-202", 38, Level::Good);
    put(&mut p, "de-1-203", 28, Level::Good); // 86RB
    let counter = hand(&mut p, FB, &[Strategy::GermanOffensiveOnTervaete])[0];
    reorganising(&mut p, FB);
    let cmd = Command::Play(Strategy::GermanOffensiveOnTervaete);
    assert!(!p.adjacent_for(1, 19, DE));
    assert!(legal(&p).contains(&cmd), "played in phase G");
    play(&mut p, FB, Strategy::GermanOffensiveOnTervaete);
    for id in ["de-2-201", "de-3-201", "de-1-202", "de-3-202"] {
        assert_eq!(at(&p, id), Where::Away, "{id}: an 85RB battalion in good order, taken first");
    }
    for id in ["de-1-201", "de-2-202", "de-1-203"] {
        assert!(matches!(at(&p, id), Where::Zone(_)), "{id} stays");
    }
    assert!(p.adjacent_for(1, 19, DE) && p.adjacent_for(30, 1, DE), "zone 1 as if adjacent to any zone of the right bank");
    assert!(!p.adjacent_for(1, 19, FB), "for the German only");
    assert!(out_of_game(&p, FB, counter) && check(&p, &cmd).is_err(), "once only");

    // A failed assault on zone 1 sends the Germans to the HQ zone.
    let mut q = empty();
    q.r.flags.tervaete = true;
    put(&mut q, "fb-1-11rl", 1, Level::Good);
    put(&mut q, "de-1-205", 19, Level::Good);
    put(&mut q, "de-2-205", 19, Level::Good);
    activation(&mut q, DE, &["de-1-205", "de-2-205"]);
    assert!(legal(&q).contains(&Command::Assault { from: 19, target: 1, night: false }));
    ready_to_charge(&mut q, 19, 1);
    let act = q.r.impulse.act.clone().unwrap();
    let (_, _, _, modifier) = preview::contest(&q, &act, 19, 1);
    assert!(1 + modifier < q.sc.tables.assault.success, "a 1 loses the assault");
    with_dice(&mut q, &[1], |p, rt| assault::exec(p, rt, DE, Command::Charge));
    for id in ["de-1-205", "de-2-205"] {
        assert_eq!(at(&q, id), Where::Zone(q.sc.hq), "{id} goes back to the HQ zone of the XXII Reserve-Korps");
    }

    // Unusable once the Yser is flooded.
    let mut flooded = empty();
    flooded.r.flags.flood_from = Some(flooded.r.turn);
    hand(&mut flooded, FB, &[Strategy::GermanOffensiveOnTervaete]);
    reorganising(&mut flooded, FB);
    assert!(!legal(&flooded).contains(&cmd) && check(&flooded, &cmd).is_err(), "the strategy is unusable after the Flooding");
}

#[test]
fn german_offensive_on_tervaete_battalions_return_to_the_hq_zone_with_four_hits_dix_12_1_2() {
    let mut p = empty();
    put(&mut p, "fb-1-12rl", 12, Level::Good);
    let taken = ["de-1-201", "de-2-201", "de-3-201", "de-1-202"];
    for id in taken {
        put(&mut p, id, 27, Level::Good);
    }
    p.r.rp = [6, 8];
    hand(&mut p, FB, &[Strategy::GermanOffensiveOnTervaete]);
    reorganising(&mut p, FB);
    play(&mut p, FB, Strategy::GermanOffensiveOnTervaete);
    p.r.turn += 1;
    with_dice(&mut p, &[], reorganisation::begin);
    let hq = p.sc.hq;
    for id in taken {
        assert_eq!(at(&p, id), Where::Zone(hq), "{id} is back in the HQ zone at the following phase G");
        assert!(!reorganisation::raisable(&p, u(&p, id)), "{id} may not be raised this turn");
    }
    let hits: i32 = taken.iter().map(|id| level(&p, id).malus()).sum();
    assert_eq!(hits, 4, "having taken 4 hits");
}

#[test]
fn king_albert_raises_three_belgian_battalions_free_even_in_contact_dix_12_1_2() {
    let mut p = empty();
    put(&mut p, "fb-1-12rl", 12, Level::Exhausted);
    put(&mut p, "de-1-201", 14, Level::Good); // next to zone 12
    put(&mut p, "fb-2-12rl", 16, Level::Weakened);
    put(&mut p, "fb-3-12rl", 7, Level::Weakened);
    put(&mut p, "fb-1-1rfm", 5, Level::Weakened); // French
    assert!(!reorganisation::raisable(&p, u(&p, "fb-1-12rl")), "9.2 would not raise it next to the enemy");
    p.r.rp = [3, 8];
    let counter = hand(&mut p, FB, &[Strategy::KingAlbert])[0];
    reorganising(&mut p, FB);
    let cmd = Command::Play(Strategy::KingAlbert);
    assert!(legal(&p).contains(&cmd), "played in phase G");
    play(&mut p, FB, Strategy::KingAlbert);
    assert_eq!(level(&p, "fb-1-12rl"), Level::Weakened, "from exhausted to weakened, even in contact");
    assert_eq!((level(&p, "fb-2-12rl"), level(&p, "fb-3-12rl")), (Level::Good, Level::Good), "from weakened to good order");
    assert_eq!(level(&p, "fb-1-1rfm"), Level::Weakened, "Belgian battalions only");
    assert_eq!(p.r.rp[FB.index()], 3, "without cost");
    assert!(out_of_game(&p, FB, counter) && check(&p, &cmd).is_err(), "once only");

    // Three battalions, not four.
    let mut q = empty();
    let belgians = ["fb-1-12rl", "fb-2-12rl", "fb-3-12rl", "fb-1-11rl"];
    for (id, zone) in belgians.iter().zip([6, 7, 16, 17]) {
        put(&mut q, id, zone, Level::Weakened);
    }
    hand(&mut q, FB, &[Strategy::KingAlbert]);
    reorganising(&mut q, FB);
    play(&mut q, FB, Strategy::KingAlbert);
    assert_eq!(belgians.iter().filter(|id| level(&q, id) == Level::Good).count(), 3, "three battalions are raised");
}

// ---- 12.2.1 German, reusable ----

#[test]
fn german_coordinated_assault_activates_another_zone_at_once_dix_12_2_1() {
    coordinated_assault(DE, Strategy::GermanCoordinatedAssault, DE_ZONES);
}

#[test]
fn german_coordinated_assault_gives_one_activation_then_the_other_camp_dix_12_2_1() {
    coordinated_assault_then_the_other_camp(DE, Strategy::GermanCoordinatedAssault, DE_ZONES);
}

#[test]
fn german_coordinated_assault_is_for_another_zone_only_dix_12_2_1() {
    coordinated_assault_activates_another_zone(DE, Strategy::GermanCoordinatedAssault, DE_ZONES);
}

#[test]
fn german_excessive_attack_reactivates_the_same_units_for_one_rp_dix_12_2_1() {
    excessive_attack(DE, Strategy::GermanExcessiveAttack, "de-1-201", "de-2-201", 24, ("fb-1-12rl", 14));
}

#[test]
fn waterfront_weakens_a_franco_belgian_battalion_in_contact_first_dix_12_2_1() {
    let mut p = empty();
    put(&mut p, "fb-3-1rfm", 7, Level::Good); // first in scenario order, far from the Germans
    put(&mut p, "fb-2-12rl", 17, Level::Weakened); // in contact, not in good order
    put(&mut p, "fb-1-12rl", 12, Level::Good); // in contact, in good order
    put(&mut p, "de-1-201", 14, Level::Good);
    hand(&mut p, DE, &[Strategy::Waterfront]);
    end_of_d(&mut p, DE);
    let cmd = Command::Play(Strategy::Waterfront);
    assert!(legal(&p).contains(&cmd), "played at the end of phase D");
    play(&mut p, DE, Strategy::Waterfront);
    assert_eq!(level(&p, "fb-1-12rl"), Level::Weakened, "priority to a zone adjacent to the Germans");
    assert_eq!((level(&p, "fb-3-1rfm"), level(&p, "fb-2-12rl")), (Level::Good, Level::Weakened), "the others untouched");

    // A battalion in good order only.
    let mut q = empty();
    put(&mut q, "fb-1-12rl", 12, Level::Weakened);
    put(&mut q, "de-1-201", 14, Level::Good);
    hand(&mut q, DE, &[Strategy::Waterfront]);
    end_of_d(&mut q, DE);
    assert!(!legal(&q).contains(&cmd) && check(&q, &cmd).is_err(), "no Franco-Belgian battalion in good order");
}

#[test]
fn taube_adds_one_to_the_german_heavy_artillery_bombing_die_dix_12_2_1() {
    let mut p = empty();
    let hq = p.sc.hq;
    let gun = put(&mut p, "de-fussart-1", hq, Level::Good);
    let field = put(&mut p, "de-44far", 33, Level::Good);
    let french = put(&mut p, "fb-ral155", 7, Level::Good);
    put(&mut p, "fb-1-2rfm", 2, Level::Good);
    hand(&mut p, DE, &[Strategy::Taube]);
    bombing_by(&mut p, DE);
    let cmd = Command::Play(Strategy::Taube);
    assert!(legal(&p).contains(&cmd), "played in phase E");
    play(&mut p, DE, Strategy::Taube);
    let heavy = p.sc.tables.bombing.heavy_bonus;
    let taube = p.sc.tables.bombing.taube_bonus;
    assert_eq!(taube, 1, "+1 on the die");
    let strength = sequence::strength(&p, gun);
    let (_, events) = with_dice(&mut p, &[3], |p, rt| bombing::fire(p, rt, Shot { side: DE, unit: gun, zone: 2 }, None));
    let (modifier, hits) = bombing_result(&events);
    assert_eq!(modifier, heavy + taube);
    assert_eq!(hits, p.sc.tables.bombing_hits(strength, 3 + heavy + taube));
    assert_ne!(hits, p.sc.tables.bombing_hits(strength, 3 + heavy), "the +1 changes this roll's result");
    assert_eq!(Some(level(&p, "fb-1-2rfm")), after_hits(hits));

    // Heavy artillery only, German only, this turn only.
    assert_eq!(bombing::modifier(&p, &Shot { side: DE, unit: field, zone: 3 }), 0, "not the field artillery");
    assert_eq!(bombing::modifier(&p, &Shot { side: FB, unit: french, zone: 14 }), heavy, "not the French heavy artillery");
    with_dice(&mut p, &[], sequence::end_turn);
    assert_eq!(bombing::modifier(&p, &Shot { side: DE, unit: gun, zone: 3 }), heavy, "the next turn, no Taube");
}

// ---- 12.2.2 German, one-time ----

#[test]
fn allied_offensive_on_tervaete_takes_a_belgian_for_good_and_two_battalions_for_a_turn_dix_12_2_2() {
    let mut p = empty();
    put(&mut p, "fb-hq-brfm", 4, Level::Good);
    put(&mut p, "fb-3-1rfm", 4, Level::Good); // marine fusiliers
    put(&mut p, "fb-1-12rl", 12, Level::Exhausted); // not eligible
    put(&mut p, "fb-2-12rl", 16, Level::Good);
    put(&mut p, "fb-3-12rl", 17, Level::Weakened);
    put(&mut p, "fb-1-11rl", 10, Level::Good);
    put(&mut p, "de-1-205", 34, Level::Good);
    p.r.rp = [6, 8];
    let counter = hand(&mut p, DE, &[Strategy::AlliedOffensiveOnTervaete])[0];
    reorganising(&mut p, DE);
    let cmd = Command::Play(Strategy::AlliedOffensiveOnTervaete);
    assert!(legal(&p).contains(&cmd), "played in phase G");
    play(&mut p, DE, Strategy::AlliedOffensiveOnTervaete);
    with_dice(&mut p, &[], stratagems::deferred_effects); // the end of phase G
    let belgian = |p: &Pos, v: usize| p.spec(v).nation == Nation::Belgian && p.is_battalion(v);
    let removed: Vec<usize> = (0..p.units.len()).filter(|&v| belgian(&p, v) && p.units[v].at == Where::Removed).collect();
    assert_eq!(removed.len(), 1, "one Belgian battalion definitively removed");
    assert_ne!(removed[0], u(&p, "fb-1-12rl"), "in good order or weakened");
    let away: Vec<(usize, Level)> = (0..p.units.len()).filter(|&v| p.units[v].at == Where::Away).map(|v| (v, p.units[v].level)).collect();
    assert_eq!(away.len(), 2, "two battalions temporarily removed: {away:?}");
    assert!(away.iter().any(|&(v, _)| p.spec(v).marine && p.is_battalion(v)), "a battalion of marine fusiliers");
    assert!(away.iter().any(|&(v, _)| belgian(&p, v)), "and a Belgian battalion");
    assert!(away.iter().all(|&(_, l)| l != Level::Exhausted), "in good order or weakened");
    assert!(p.adjacent_for(1, 19, DE), "zone 1 accessible to the German");
    assert!(out_of_game(&p, DE, counter) && check(&p, &cmd).is_err(), "once only");

    p.r.turn += 1;
    with_dice(&mut p, &[], reorganisation::begin);
    let near = p.neighbours(4);
    for &(v, l) in &away {
        let id = p.id(v).to_string();
        let z = p.zone_of(v).unwrap_or_else(|| panic!("{id} is back at the following phase G"));
        assert!(z == 4 || near.contains(&z), "{id} in zone {z}: the BrFM HQ's zone");
        assert_eq!(Some(p.units[v].level), l.down(), "{id} has taken 1 hit");
        assert!(!reorganisation::raisable(&p, v), "{id} may not be raised this turn");
    }
}

#[test]
fn allied_offensive_on_tervaete_after_the_flooding_leaves_zone_one_closed_dix_12_2_2() {
    let mut p = empty();
    put(&mut p, "fb-hq-brfm", 4, Level::Good);
    put(&mut p, "fb-3-1rfm", 4, Level::Good);
    put(&mut p, "fb-2-12rl", 16, Level::Good);
    put(&mut p, "fb-3-12rl", 17, Level::Good);
    put(&mut p, "de-1-205", 34, Level::Good);
    p.r.flags.tervaete = true;
    p.r.flags.flood_from = Some(p.r.turn);
    hand(&mut p, DE, &[Strategy::AlliedOffensiveOnTervaete]);
    reorganising(&mut p, DE);
    let cmd = Command::Play(Strategy::AlliedOffensiveOnTervaete);
    assert!(legal(&p).contains(&cmd), "still playable after the Flooding");
    play(&mut p, DE, Strategy::AlliedOffensiveOnTervaete);
    with_dice(&mut p, &[], stratagems::deferred_effects);
    assert_eq!((0..p.units.len()).filter(|&v| p.units[v].at == Where::Away).count(), 2, "the battalions are taken");
    assert!(!p.adjacent_for(1, 19, DE), "zone 1 is not accessible");
}

#[test]
fn general_offensive_brings_the_ersatz_brigade_in_two_northern_zones_dix_12_2_2() {
    let mut p = empty();
    put(&mut p, "fb-1-12rl", 12, Level::Good);
    p.r.flags.tervaete = true; // zone 1 open to the German: still no arrival zone
    let counter = hand(&mut p, DE, &[Strategy::GeneralOffensive])[0];
    hand(&mut p, FB, &[]);
    reorganising(&mut p, DE);
    let cmd = Command::Play(Strategy::GeneralOffensive);
    assert!(legal(&p).contains(&cmd), "played in phase G");
    play(&mut p, DE, Strategy::GeneralOffensive);
    let first = at(&p, "de-brerb9").zone().expect("BrErB 9 arrives");
    let second = at(&p, "de-brerb11").zone().expect("BrErB 11 arrives");
    assert_eq!(at(&p, "de-brerb10"), Where::Zone(first), "BrErB 9 and 10 together");
    for id in ["de-brerb12", "de-faerab18"] {
        assert_eq!(at(&p, id), Where::Zone(second), "{id} with BrErB 11");
    }
    assert_ne!(first, second, "in another zone");
    for z in [first, second] {
        assert!(p.sc.zone(z).edge_north && z != 1, "zone {z}: adjacent to the northern edge, not zone 1");
    }
    assert!(out_of_game(&p, DE, counter) && check(&p, &cmd).is_err(), "once only");

    with_dice(&mut p, &[], sequence::end_turn);
    hand(&mut p, FB, &[]);
    hand(&mut p, DE, &[]);
    with_dice(&mut p, &[], sequence::begin_activation);
    for n in 1..=3 {
        assert_eq!(p.r.impulse.side, Some(DE), "German activation {n} in a row");
        resolve_activation(&mut p, &["de-brerb9"]);
    }
    assert_eq!(p.r.impulse.side, Some(FB), "three activations, then the Franco-Belgian");
    with_dice(&mut p, &[], reorganisation::begin);
    for id in ["de-brerb9", "de-brerb10", "de-brerb11", "de-brerb12", "de-faerab18"] {
        assert_eq!(at(&p, id), Where::Removed, "{id} is removed at the following phase G");
    }
}

#[test]
fn general_offensive_three_activations_even_without_the_initiative_dix_12_2_2() {
    let mut p = empty();
    put(&mut p, "fb-hq-brfm", 4, Level::Good);
    hand(&mut p, FB, &[Strategy::GrossettiOffensive]);
    reorganising(&mut p, FB);
    play(&mut p, FB, Strategy::GrossettiOffensive);
    hand(&mut p, DE, &[Strategy::GeneralOffensive]);
    reorganising(&mut p, DE);
    play(&mut p, DE, Strategy::GeneralOffensive);
    with_dice(&mut p, &[], sequence::end_turn);
    hand(&mut p, FB, &[]);
    hand(&mut p, DE, &[]);
    assert_eq!(p.r.initiative, Some(FB));
    with_dice(&mut p, &[], sequence::begin_activation);
    for _ in 0..3 {
        resolve_activation(&mut p, &["fb-8bcp"]);
    }
    for n in 1..=3 {
        assert_eq!(p.r.impulse.side, Some(DE), "German activation {n} in a row");
        resolve_activation(&mut p, &["de-brerb9"]);
    }
    assert_eq!(p.r.impulse.side, Some(FB));
}

#[test]
fn cannon_worn_out_reduces_the_gr_pontus_to_two_for_the_rest_of_the_game_dix_12_2_2() {
    let mut p = empty();
    let gun = put(&mut p, "fb-pontus", 6, Level::Good);
    let heavy = put(&mut p, "fb-ral155", 7, Level::Good);
    put(&mut p, "de-1-201", 10, Level::Good);
    let printed = p.spec(gun).strength;
    assert!(printed > 2);
    let counter = hand(&mut p, DE, &[Strategy::CannonWornOut])[0];
    bombing_by(&mut p, DE);
    let cmd = Command::Play(Strategy::CannonWornOut);
    assert!(legal(&p).contains(&cmd), "played in phase E");
    play(&mut p, DE, Strategy::CannonWornOut);
    assert_eq!(sequence::strength(&p, gun), 2, "bombing strength 2");
    assert_eq!(sequence::strength(&p, heavy), p.spec(heavy).strength, "the other guns keep theirs");
    bombing_by(&mut p, DE);
    assert!(out_of_game(&p, DE, counter) && check(&p, &cmd).is_err(), "once only");
    let (_, events) = with_dice(&mut p, &[6], |p, rt| bombing::fire(p, rt, Shot { side: FB, unit: gun, zone: 10 }, None));
    let (modifier, hits) = bombing_result(&events);
    assert_eq!(hits, p.sc.tables.bombing_hits(2, 6 + modifier), "read in the strength 2 row");
    assert_ne!(hits, p.sc.tables.bombing_hits(printed, 6 + modifier), "not the printed strength's");
    for _ in 0..2 {
        with_dice(&mut p, &[], sequence::end_turn);
    }
    assert_eq!(sequence::strength(&p, gun), 2, "for the remainder of the game");
}

#[test]
fn heavy_artillery_redeployed_removes_the_120_now_and_the_155_a_turn_later_dix_12_2_2() {
    let mut p = empty();
    put(&mut p, "fb-ral120", 7, Level::Good);
    put(&mut p, "fb-ral155", 7, Level::Good);
    p.r.rp = [6, 8];
    let counter = hand(&mut p, DE, &[Strategy::HeavyArtilleryRedeployed])[0];
    hand(&mut p, FB, &[]);
    reorganising(&mut p, DE);
    let cmd = Command::Play(Strategy::HeavyArtilleryRedeployed);
    assert!(legal(&p).contains(&cmd), "played in phase G");
    play(&mut p, DE, Strategy::HeavyArtilleryRedeployed);
    with_dice(&mut p, &[], stratagems::deferred_effects); // the end of phase G
    assert_eq!(at(&p, "fb-ral120"), Where::Removed, "the Det RAL 120 is removed");
    assert_eq!(at(&p, "fb-ral155"), Where::Zone(7), "the Det RAL 155 stays this turn");
    assert!(out_of_game(&p, DE, counter) && check(&p, &cmd).is_err(), "once only");
    p.r.turn += 1;
    with_dice(&mut p, &[], reorganisation::begin);
    assert_eq!(at(&p, "fb-ral155"), Where::Removed, "the Det RAL 155 is removed at the following phase G");
}

#[test]
fn no_more_shells_silences_the_gr_pontus_the_following_turn_dix_12_2_2() {
    let mut p = empty();
    let gun = put(&mut p, "fb-pontus", 6, Level::Good);
    put(&mut p, "de-1-201", 10, Level::Good);
    let counter = hand(&mut p, DE, &[Strategy::NoMoreShells])[0];
    reorganising(&mut p, DE);
    let cmd = Command::Play(Strategy::NoMoreShells);
    assert!(legal(&p).contains(&cmd), "played in phase G");
    play(&mut p, DE, Strategy::NoMoreShells);
    assert!(out_of_game(&p, DE, counter) && check(&p, &cmd).is_err(), "once only");
    let turn = p.r.turn;
    let bomb = Command::Bomb("fb-pontus".to_string(), 10);
    p.r.turn = turn + 1;
    bombing_by(&mut p, FB);
    assert!(!legal(&p).contains(&bomb) && check(&p, &bomb).is_err(), "no bombing on the following turn");
    assert!(assault::barrage_guns(&p, FB, 10).is_empty(), "nor any barrage");
    p.r.turn = turn + 2;
    assert!(legal(&p).contains(&bomb), "it fires again the turn after");
    assert_eq!(assault::barrage_guns(&p, FB, 10), vec![gun]);
}

#[test]
fn night_infiltration_two_assaults_without_fire_then_one_battalion_with_fire_dix_12_2_2() {
    let mut p = empty();
    put(&mut p, "de-1-201", 24, Level::Good);
    let g2 = put(&mut p, "de-2-201", 24, Level::Good);
    put(&mut p, "fb-cie-1", 14, Level::Good); // Woumen, +2
    put(&mut p, "fb-cie-2", 12, Level::Good);
    put(&mut p, "fb-cie-3", 13, Level::Good);
    p.r.trenches.extend([12, 13]);
    let counter = hand(&mut p, DE, &[Strategy::NightInfiltration])[0];
    activation(&mut p, DE, &["de-1-201", "de-2-201"]);
    let rp = p.r.rp[DE.index()];
    let success = p.sc.tables.assault.success;
    let night = Command::Assault { from: 24, target: 14, night: true };
    assert!(legal(&p).contains(&night), "played with the declaration of an assault");
    let mut alone = p.clone();
    alone.units[g2].at = Where::Zone(23);
    assert!(!legal(&alone).contains(&night) && check(&alone, &night).is_err(), "led by at least two battalions");

    // The first assault: no defensive fire.
    let (_, events) = with_dice(&mut p, &[], |p, rt| assault::declare(p, rt, DE, 24, 14, true));
    assert!(!defensive_fire_logged(&events) && step(&p) == Some(AssaultStep::Charge), "no defensive fire");
    assert!(out_of_game(&p, DE, counter), "one-time");
    let act = p.r.impulse.act.clone().unwrap();
    assert!(6 + preview::contest(&p, &act, 24, 14).3 >= success);
    with_dice(&mut p, &[6], |p, rt| assault::exec(p, rt, DE, Command::Charge));
    assert_eq!(p.occupant(14), Some(DE), "the first assault succeeds");

    // Successful: a second assault at once, without spending RP, still without defensive fire.
    let second = Command::Assault { from: 14, target: 12, night: false };
    assert!(legal(&p).contains(&second), "a second assault");
    let (_, events) = with_dice(&mut p, &[], |p, rt| assault::declare(p, rt, DE, 14, 12, false));
    assert!(!defensive_fire_logged(&events) && step(&p) == Some(AssaultStep::Charge), "still no defensive fire");
    let act = p.r.impulse.act.clone().unwrap();
    assert!(6 + preview::contest(&p, &act, 14, 12).3 >= success);
    with_dice(&mut p, &[6], |p, rt| assault::exec(p, rt, DE, Command::Charge));
    assert_ne!(p.occupant(12), Some(FB), "the second assault succeeds");

    // Successful again: one battalion leads a final assault, with defensive fire this time.
    let third = Command::Assault { from: 14, target: 13, night: false };
    assert!(!legal(&p).contains(&third), "not with two battalions");
    p.units[g2].at = Where::Zone(24); // the other battalion moves away (8.1)
    assert!(legal(&p).contains(&third), "one battalion");
    let (_, events) = with_dice(&mut p, &[1], |p, rt| assault::declare(p, rt, DE, 14, 13, false));
    assert!(defensive_fire_logged(&events), "with defensive fire this time");
    assert_eq!(p.r.rp[DE.index()], rp, "no RP spent on the second and final assaults");
}
