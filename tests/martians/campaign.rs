//! The campaign's own carry-over rule (docs/martians.md, "The campaign"; the rulebook has no campaign
//! rules): a carried unit starts the next battle with the castings it ended the last one with (1.1:
//! a casting is ten men), matched by id; a unit that fled (5.5) returns; one destroyed (3.5) or that
//! surrendered (5.5) is gone, and so is a regiment left with no unit. And the shipped campaign
//! validates and plays to its end.

use std::collections::BTreeMap;
use std::path::Path;

use salient::cli::campaign::play_campaign;
use salient::cli::sim::{Controller, play_game};
use salient::engine::StateView;
use salient::engine::campaign::{Campaign, CarriedUnit, ResultLevel, carried_units};
use salient::engine::game::Game;
use salient::engine::loader::Loader;
use salient::engine::validate::validate_paths;
use salient::rulesets::martians::Martians;
use salient::rulesets::martians::state::Setup;
use salient::rulesets::registry;

const HELLAS: &str = "scenarios/martians/hellas-canal.ron";
const KHOR_AMAR: &str = "scenarios/martians/khor-amar.ron";
const CAMPAIGN: &str = "scenarios/martians/campaigns/syrtis-field-force.ron";
/// The field force's units carried from the Hellas canal into Khor Amar and Tel Kharsa.
const FIELD_FORCE: [&str; 5] = ["askaris", "gatling", "nine-pdr", "rifles", "sowars"];

fn carried(id: &str, status: &str, castings: u32) -> CarriedUnit {
    CarriedUnit { id: id.into(), status: status.into(), steps: Some(castings), medals: None }
}

fn open_carrying(path: &str, units: Vec<CarriedUnit>) -> Result<Game<Martians>, String> {
    Game::<Martians>::open_carrying(Loader::from_disk(), Path::new(path), 1, Vec::new(), units)
        .map_err(|d| d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("; "))
}

fn unit<'a>(view: &'a StateView, id: &str) -> Option<&'a salient::engine::UnitView> {
    view.units.iter().find(|u| u.id == id)
}

/// 2.31: "In campaigns an additional roll is made with an ODD result for death and EVEN result for
/// wounded": the view shows the commander as a unit, by his id, so that the campaign carries him; killed
/// he is not in the next battle, wounded he is back.
#[test]
fn a_killed_commander_is_not_in_the_next_battle_a_wounded_one_is_mice_2_31() {
    let commander = |status: &str| CarriedUnit { id: "khan-baird".into(), status: status.into(), steps: None, medals: None };
    for (status, back) in [("eliminated", false), ("wounded", true), ("commanding", true), ("left", true)] {
        let g = open_carrying(KHOR_AMAR, vec![commander(status)]).unwrap();
        let major = unit(&g.view(), "khan-baird").cloned();
        assert_eq!(major.is_some(), back, "{status}");
        if let Some(m) = major {
            assert_eq!((m.status.as_str(), m.location.as_str()), ("commanding", "with askaris"));
        }
        let setup = g.world().resource::<Setup>().0.clone();
        assert!(setup.campaign, "a battle of a campaign: a hit commander may be only wounded");
    }
    assert!(open_carrying(KHOR_AMAR, vec![commander("dazed")]).err().unwrap().contains("status this ruleset does not know"));
    // A single battle is not a campaign's: every hit kills.
    let single = Game::<Martians>::open(Path::new(KHOR_AMAR), 1, Vec::new()).unwrap();
    assert!(!single.world().resource::<Setup>().0.campaign);
}

/// The campaign flag lives in the save, also once the save is detached from its campaign's record (the
/// record keeps finished battles so), so that the battle replays with the same rolls.
#[test]
fn a_campaign_battle_stays_one_through_its_save() {
    let g = open_carrying(KHOR_AMAR, Vec::new()).unwrap();
    let file = g.save_file();
    assert!(file.campaign_battle && file.campaign.is_none());
    let text = ron::ser::to_string(&file).unwrap();
    let loaded =
        salient::engine::save::load_save::<Martians>(&salient::engine::source::SourceFile::new("s.ron", text), file.format).unwrap();
    assert!(loaded.world().resource::<Setup>().0.campaign);
    assert!(loaded.campaign().battle);
}

#[test]
fn campaign_rule_a_carried_unit_starts_with_the_castings_it_ended_with_by_id() {
    let g = open_carrying(
        KHOR_AMAR,
        vec![carried("askaris", "line", 13), carried("rifles", "skirmish order", 7), carried("gatling", "unlimbered", 3)],
    )
    .unwrap();
    let v = g.view();
    assert_eq!(unit(&v, "askaris").unwrap().steps, Some(13));
    assert_eq!(unit(&v, "rifles").unwrap().steps, Some(7));
    assert_eq!(unit(&v, "gatling").unwrap().steps, Some(3));
    // A unit not carried starts at its battle's strength.
    assert_eq!(unit(&v, "nine-pdr").unwrap().steps, Some(4));
    // The breaking point counts from the castings the side began this battle with (1.1, the campaign).
    let setup = g.world().resource::<Setup>().0.clone();
    let askaris = setup.spec.units.iter().position(|u| u.id == "askaris").unwrap();
    assert_eq!(setup.full_castings(askaris), 13);
    assert!(g.invariants().is_empty(), "{:?}", g.invariants());
}

#[test]
fn campaign_rule_5_5_a_unit_that_fled_returns_with_its_castings() {
    let g = open_carrying(KHOR_AMAR, vec![carried("sowars", "fled", 6)]).unwrap();
    let v = g.view();
    let sowars = unit(&v, "sowars").expect("the Sowars fled the last battle and are back");
    assert_eq!(sowars.steps, Some(6));
    assert_eq!(sowars.status, "line");
}

#[test]
fn campaign_rule_3_5_a_unit_destroyed_or_surrendered_is_gone_with_its_empty_regiment() {
    let g = open_carrying(
        KHOR_AMAR,
        vec![carried("sowars", "eliminated", 1), carried("askaris", "surrendered", 3), carried("rifles", "line", 1)],
    )
    .unwrap();
    let v = g.view();
    for id in ["sowars", "askaris", "rifles"] {
        assert!(unit(&v, id).is_none(), "{id} is gone and still in the battle");
    }
    let setup = g.world().resource::<Setup>().0.clone();
    let regiments: Vec<&str> = setup.spec.regiments.iter().map(|r| r.id.as_str()).collect();
    assert!(!regiments.contains(&"sowars") && !regiments.contains(&"askaris") && !regiments.contains(&"rifles"), "{regiments:?}");
    // The units left are found in their regiments again.
    for (u, spec) in setup.spec.units.iter().enumerate() {
        assert_eq!(setup.spec.regiments[setup.regiment_of[u]].id, spec.regiment);
    }
    assert!(g.invariants().is_empty(), "{:?}", g.invariants());
}

#[test]
fn campaign_rule_a_carried_unit_that_does_not_fit_is_refused_with_the_reason() {
    let unknown = open_carrying(KHOR_AMAR, vec![carried("24-a", "square", 20)]).err().unwrap();
    assert!(unknown.contains("`24-a` is not in this battle's order of battle"), "{unknown}");
    let too_many = open_carrying(KHOR_AMAR, vec![carried("askaris", "line", 30)]).err().unwrap();
    assert!(too_many.contains("has 30 castings"), "{too_many}");
    let status = open_carrying(KHOR_AMAR, vec![carried("askaris", "disorganised", 10)]).err().unwrap();
    assert!(status.contains("a status this ruleset does not know"), "{status}");
}

/// Computer games of the Hellas canal to their end: the view tells a unit that fled from one destroyed,
/// and the field force's state at the end is what Khor Amar begins with.
#[test]
fn campaign_rule_the_end_of_one_battle_is_the_start_of_the_next() {
    let mut seen = BTreeMap::<String, usize>::new();
    for seed in 1..=12 {
        let session = salient::cli::open_scenario(Path::new(HELLAS), seed, Vec::new()).unwrap();
        let controllers = session.sides().into_iter().map(|s| (s, Controller::Ai(salient::engine::Difficulty::Normal))).collect();
        let (r, session) = play_game(session, &controllers, seed, 100_000, &[]);
        assert!(r.finished && r.error.is_none(), "{r:?}");
        let end = session.view();
        for u in &end.units {
            let expected = match u.location.as_str() {
                "fled" => "fled",
                "destroyed" => "eliminated",
                "surrendered" => "surrendered",
                _ => continue,
            };
            assert_eq!(u.status, expected, "{} {}", u.id, u.location);
            *seen.entry(u.status.clone()).or_default() += 1;
        }
        let ids: Vec<String> = FIELD_FORCE.iter().map(|s| s.to_string()).collect();
        let carry = carried_units(&end, &ids);
        let next = open_carrying(KHOR_AMAR, carry.clone()).unwrap().view();
        for c in &carry {
            match (c.status.as_str(), unit(&next, &c.id)) {
                ("eliminated" | "surrendered", after) => assert!(after.is_none(), "seed {seed}: {} is gone and back", c.id),
                (_, Some(after)) if c.steps.unwrap_or(0) >= 2 => assert_eq!(after.steps, c.steps, "seed {seed}: {}", c.id),
                (_, after) => assert!(after.is_none(), "seed {seed}: {} dispersed (3.5) and is back", c.id),
            }
        }
    }
    // Units flee off the table rarely in these games (5.5: 100 yards at a time); the return of one that
    // did is `campaign_rule_5_5_a_unit_that_fled_returns_with_its_castings`.
    assert!(seen.contains_key("eliminated"), "no unit was destroyed in 12 games: {seen:?}");
}

#[test]
fn the_syrtis_field_force_campaign_validates_branches_and_plays_to_its_end() {
    let report = validate_paths(&[Path::new("scenarios/martians/campaigns").to_path_buf()], &registry());
    let ds: Vec<String> = report.diagnostics.iter().map(|d| d.to_string()).collect();
    assert!(ds.is_empty(), "{ds:#?}");
    let campaign = Campaign::read(Path::new(CAMPAIGN)).unwrap();
    assert_eq!(campaign.spec.battles.len(), 4);
    let hellas = campaign.spec.battles.iter().find(|b| b.id == "hellas-canal").unwrap();
    assert_eq!(hellas.next.after(ResultLevel::Victory), Some("tel-kharsa"));
    assert_eq!(hellas.next.after(ResultLevel::Defeat), Some("khor-amar"));
    for (player, seeds) in [(Controller::Ai(salient::engine::Difficulty::Normal), 1..=3), (Controller::Random, 1..=2)] {
        for seed in seeds {
            let played = play_campaign(&campaign, &registry(), player, Controller::Ai(salient::engine::Difficulty::Normal), seed, 100_000);
            assert_eq!(played.error, None, "seed {seed}");
            assert!(played.level.is_some(), "seed {seed}");
            assert!(played.battles.len() >= 2, "seed {seed}: {:?}", played.battles);
            assert_eq!(played.score, played.battles.iter().map(|b| b.points).sum::<i64>());
        }
    }
}
