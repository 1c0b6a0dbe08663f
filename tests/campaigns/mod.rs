//! Campaigns (issue 18, docs/campaigns.md): the campaign file's checks with file:line:col, branching
//! on the result level, the carry-over of units applied, the campaign save's round trip and its
//! checks, and `salient sim` on a campaign, deterministic per seed.

use std::path::{Path, PathBuf};
use std::process::Command as Process;

use salient::cli::campaign::play_campaign;
use salient::cli::sim::{Controller, play_game};
use salient::engine::campaign::{Campaign, CampaignRecord, Next, ResultLevel, load_campaign_save};
use salient::engine::source::SourceFile;
use salient::engine::validate::validate_paths;
use salient::rulesets::registry;

use crate::engine_tests::temp_dir;

/// A shipped scenario's absolute path, for test campaigns written in a temporary folder.
fn shipped(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(rel).to_string_lossy().into_owned()
}

/// Writes a campaign text into a temporary folder and returns its path.
fn write_campaign(name: &str, text: &str) -> PathBuf {
    let dir = temp_dir(&format!("campaign-{name}"));
    let path = dir.join("campaign.ron");
    std::fs::write(&path, text).unwrap();
    path
}

/// A two-battle campaign of Into the Bastards! with `next` and `carry_units` as given.
fn bastards_campaign(next: &str, carry: &str) -> String {
    format!(
        r#"Campaign(
    format: 1,
    id: "test",
    name: "Test",
    battles: [
        (
            id: "one",
            scenario: "{one}",
            side: "allied",
            next: {next},
            carry_units: {carry},
        ),
        (id: "two", scenario: "{two}", side: "allied"),
    ],
    levels: [(name: "Won", min_score: 3), (name: "Lost", min_score: 0)],
)
"#,
        one = shipped("bastards/first-tank-battle.ron"),
        two = shipped("bastards/second-villers-bretonneux.ron"),
    )
}

fn validate(path: &Path) -> Vec<String> {
    validate_paths(&[path.to_path_buf()], &registry()).diagnostics.iter().map(|d| d.to_string()).collect()
}

/// Every `campaigns` folder shipped: `scenarios/campaigns` and each rule system's
/// `scenarios/<ruleset>/campaigns`.
fn shipped_campaign_folders() -> Vec<PathBuf> {
    let scenarios = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut folders: Vec<PathBuf> = std::fs::read_dir(&scenarios)
        .unwrap()
        .map(|e| e.unwrap().path().join("campaigns"))
        .chain([scenarios.join("campaigns")])
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    folders.dedup();
    folders
}

#[test]
fn shipped_campaigns_validate() {
    let folders = shipped_campaign_folders();
    assert!(folders.len() >= 4, "{folders:?}");
    for f in folders {
        let ds = validate(&f);
        assert!(ds.is_empty(), "{}: {ds:#?}", f.display());
    }
}

#[test]
fn a_valid_campaign_with_carried_units_validates() {
    let path = write_campaign("valid", &bastards_campaign(r#"Battle("two")"#, r#"["gb-2-devons", "aus-51", "de-4gd-5gg-1"]"#));
    assert_eq!(validate(&path), Vec::<String>::new());
}

#[test]
fn an_unknown_battle_is_reported_at_its_key_with_line_and_column() {
    let path = write_campaign("unknown", &bastards_campaign(r#"Battle("tow")"#, "[]"));
    let ds = validate(&path);
    assert_eq!(ds.len(), 2, "{ds:#?}"); // the unknown battle, and `two` is then unreachable
    let expected = format!("{}:10:19: there is no battle `tow` in this campaign; its battles are one, two", path.display());
    assert!(ds[0].starts_with(&expected), "{}", ds[0]);
    assert!(ds[1].contains("the battle `two` is unreachable"), "{}", ds[1]);
}

#[test]
fn an_unknown_key_is_reported_with_the_nearest() {
    let text = bastards_campaign("End", "[]").replace("side: \"allied\",\n            next", "sid: \"allied\",\n            next");
    let ds = validate(&write_campaign("key", &text));
    assert_eq!(ds.len(), 1, "{ds:#?}");
    assert!(ds[0].contains(":9:13: unknown key `sid`"), "{}", ds[0]);
}

#[test]
fn a_cycle_is_refused() {
    let text = bastards_campaign(r#"Battle("two")"#, "[]")
        .replace(r#"(id: "two", scenario"#, r#"(id: "two", next: ByResult(defeat: "one"), scenario"#);
    let ds = validate(&write_campaign("cycle", &text));
    assert_eq!(ds.len(), 1, "{ds:#?}");
    assert!(ds[0].contains("this makes a cycle (one → two → one)"), "{}", ds[0]);
}

#[test]
fn a_carried_unit_absent_from_the_next_battle_is_reported() {
    // The French at Hangard are in Scenario 2 only: carried from 2 into 1 they would be absent.
    let text = format!(
        r#"Campaign(format: 1, id: "t", name: "T", start: "two",
    battles: [
        (id: "two", scenario: "{two}", side: "allied", next: Battle("one"), carry_units: ["fr-7ri-1", "gb-2-devons"]),
        (id: "one", scenario: "{one}", side: "allied"),
    ],
    levels: [(name: "Any", min_score: 0)])"#,
        one = shipped("bastards/first-tank-battle.ron"),
        two = shipped("bastards/second-villers-bretonneux.ron"),
    );
    let ds = validate(&write_campaign("absent", &text));
    assert_eq!(ds.len(), 1, "{ds:#?}");
    // Line 3 is the battle's line; the column depends on the length of the scenario's path.
    assert!(ds[0].contains("campaign.ron:3:"), "{}", ds[0]);
    assert!(ds[0].ends_with(": the units carried from `two` are not in the order of battle of `one`: fr-7ri-1"), "{}", ds[0]);
}

#[test]
fn units_carried_into_a_ruleset_that_carries_none_are_refused() {
    let text = format!(
        r#"Campaign(format: 1, id: "t", name: "T",
    battles: [
        (id: "a", scenario: "{d}", side: "franco_belgian", next: Battle("b"), carry_units: ["fb-1"]),
        (id: "b", scenario: "{d}", side: "german"),
    ],
    levels: [(name: "Any", min_score: 0)])"#,
        d = shipped("dixmude/dixmude-1914.ron"),
    );
    let ds = validate(&write_campaign("nocarry", &text));
    assert!(ds.iter().any(|d| d.contains("not a unit of the battle") || d.contains("cannot take carried units")), "{ds:#?}");
}

#[test]
fn a_missing_scenario_and_a_wrong_side_are_reported() {
    let text = bastards_campaign("End", "[]")
        .replace("first-tank-battle.ron", "no-such-file.ron")
        .replace(r#"(id: "two", scenario: "#, r#"(id: "three", scenario: "#);
    let text = text.replace(r#"side: "allied")"#, r#"side: "alied")"#);
    let ds = validate(&write_campaign("missing", &text));
    assert!(ds.iter().any(|d| d.contains("cannot be read")), "{ds:#?}");
    assert!(ds.iter().any(|d| d.contains("`alied` is not a side of this battle; did you mean `allied`?")), "{ds:#?}");
    assert!(ds.iter().any(|d| d.contains("the battle `three` is unreachable")), "{ds:#?}");
}

#[test]
fn next_follows_the_result_level() {
    let n = Next::ByResult { victory: Some("a".into()), draw: None, defeat: Some("c".into()) };
    assert_eq!(n.after(ResultLevel::Victory), Some("a"));
    assert_eq!(n.after(ResultLevel::Draw), None);
    assert_eq!(n.after(ResultLevel::Defeat), Some("c"));
    assert_eq!(Next::Battle("b".into()).after(ResultLevel::Draw), Some("b"));
    assert_eq!(Next::End.after(ResultLevel::Victory), None);
}

/// Plays the next battle of a record to its end with random controllers.
fn play_next(campaign: &Campaign, record: &mut CampaignRecord, seed: u64) {
    let session = record.open_next(campaign, &registry()).unwrap();
    let controllers = session.sides().into_iter().map(|s| (s, Controller::Random)).collect();
    let (r, mut session) = play_game(session, &controllers, seed, 100_000, &[]);
    assert!(r.finished && r.error.is_none(), "{r:?}");
    record.finish(campaign, session.as_mut()).unwrap();
}

#[test]
fn branching_plays_the_battle_its_result_leads_to() {
    let text = format!(
        r#"Campaign(format: 1, id: "t", name: "T",
    battles: [
        (id: "first", scenario: "{one}", side: "allied", next: ByResult(victory: "won", draw: "drawn", defeat: "lost")),
        (id: "won", scenario: "{one}", side: "allied"),
        (id: "drawn", scenario: "{one}", side: "german"),
        (id: "lost", scenario: "{one}", side: "german"),
    ],
    levels: [(name: "Any", min_score: 0)])"#,
        one = shipped("bastards/first-tank-battle.ron"),
    );
    let path = write_campaign("branching", &text);
    assert_eq!(validate(&path), Vec::<String>::new());
    let campaign = Campaign::read(&path).unwrap();
    let mut levels = std::collections::BTreeSet::new();
    for seed in 1..=4 {
        let mut record = CampaignRecord::begin(&campaign, seed);
        play_next(&campaign, &mut record, seed);
        let level = record.finished[0].level;
        levels.insert(level);
        let expected = match level {
            ResultLevel::Victory => "won",
            ResultLevel::Draw => "drawn",
            ResultLevel::Defeat => "lost",
        };
        assert_eq!(record.next.as_deref(), Some(expected));
        assert_eq!(record.score, campaign.spec.battles[0].points.of(level));
        play_next(&campaign, &mut record, seed);
        assert!(record.is_over());
        assert_eq!(record.finished[1].battle, expected);
    }
    assert!(!levels.is_empty());
}

/// Every unit on the map at the start of both scenarios (a reinforcement shows as `not in play`
/// until it arrives, so its carried strength would not be visible at the start of battle 2).
fn carried_ids() -> Vec<String> {
    let open = |rel: &str| salient::cli::open_scenario(Path::new(&shipped(rel)), 1, Vec::new()).ok().unwrap().view();
    let (one, two) = (open("bastards/first-tank-battle.ron"), open("bastards/second-villers-bretonneux.ron"));
    let on_map = |v: &salient::engine::StateView, id: &str| v.units.iter().any(|u| u.id == id && u.status != "not in play");
    one.units.iter().filter(|u| on_map(&one, &u.id) && on_map(&two, &u.id)).map(|u| u.id.clone()).collect()
}

fn carrying_campaign(name: &str) -> Campaign {
    let carry: Vec<String> = carried_ids().iter().map(|u| format!("\"{u}\"")).collect();
    let path = write_campaign(name, &bastards_campaign(r#"Battle("two")"#, &format!("[{}]", carry.join(", "))));
    Campaign::read(&path).unwrap()
}

#[test]
fn a_units_strength_at_the_end_of_battle_one_is_its_strength_at_the_start_of_battle_two() {
    let campaign = carrying_campaign("carry");
    let carried = carried_ids();
    assert!(carried.len() > 20, "{carried:?}");
    let mut record = CampaignRecord::begin(&campaign, 3);
    let session = record.open_next(&campaign, &registry()).unwrap();
    let controllers = session.sides().into_iter().map(|s| (s, Controller::Ai(salient::engine::Difficulty::Normal))).collect();
    let (_, mut first) = play_game(session, &controllers, 3, 100_000, &[]);
    assert!(first.is_over());
    let end = first.view();
    record.finish(&campaign, first.as_mut()).unwrap();
    assert_eq!(record.carried.len(), carried.len());
    let second = record.open_next(&campaign, &registry()).unwrap();
    let start = second.view();
    let mut changed = 0;
    for id in &carried {
        let before = end.units.iter().find(|u| &u.id == id).unwrap();
        let after = start.units.iter().find(|u| &u.id == id);
        match before.status.as_str() {
            "eliminated" => {
                assert!(after.is_none(), "{id} was eliminated in battle 1 and is in battle 2");
                changed += 1;
            }
            status => {
                let after = after.unwrap_or_else(|| panic!("{id} survived battle 1 and is not in battle 2"));
                assert_eq!(after.status, status, "{id}");
                changed += usize::from(status != "full");
            }
        }
    }
    // Battle 2 starts every unit at full strength: the test means something only if some did not end so.
    assert!(changed > 0, "no carried unit ended battle 1 reduced or eliminated: {:?}", record.carried);
    assert_eq!(second.carried_in(), record.carried.as_slice());
}

#[test]
fn a_campaign_save_round_trips_and_a_changed_one_is_refused() {
    let campaign = carrying_campaign("save");
    let mut record = CampaignRecord::begin(&campaign, 7);
    play_next(&campaign, &mut record, 7);
    let dir = temp_dir("campaign-save-files");
    let path = dir.join("campaign.save");
    record.save(&path).unwrap();
    let loaded = load_campaign_save(&SourceFile::read(&path).unwrap(), &registry()).unwrap();
    assert_eq!(loaded, record);
    assert!(validate(&path).is_empty(), "{:?}", validate(&path));

    // The battle in progress: an ordinary save with its campaign attached.
    let mut second = record.open_next(&campaign, &registry()).unwrap();
    let legal = second.legal_ron();
    second.submit_ron(&legal[0]).unwrap();
    let battle_save = dir.join("battle.save");
    second.save(&battle_save).unwrap();
    let reloaded = salient::cli::load_save(&battle_save).unwrap();
    assert_eq!(reloaded.campaign_record(), Some(&record));
    assert_eq!(reloaded.carried_in(), record.carried.as_slice());
    assert_eq!(reloaded.checksum(), second.checksum());
    assert!(validate(&battle_save).is_empty(), "{:?}", validate(&battle_save));

    // A score changed by hand, or a result: refused.
    let mut forged = record.clone();
    forged.score += 1;
    assert!(forged.verify(&registry()).err().unwrap().contains("the battles score"));
    let mut forged = record.clone();
    forged.finished[0].level = match forged.finished[0].level {
        ResultLevel::Victory => ResultLevel::Defeat,
        _ => ResultLevel::Victory,
    };
    assert!(forged.verify(&registry()).err().unwrap().contains("its save ends in a"));
    let mut forged = record.clone();
    forged.carried.pop();
    assert!(forged.verify(&registry()).is_err());
}

#[test]
fn a_whole_campaign_plays_to_its_end() {
    let campaign = Campaign::read(Path::new(&shipped("bastards/campaigns/villers-bretonneux.ron"))).unwrap();
    let played = play_campaign(&campaign, &registry(), Controller::Random, Controller::Random, 11, 100_000);
    assert_eq!(played.error, None);
    assert_eq!(played.battles.len(), 2);
    assert!(played.level.is_some());
    assert_eq!(played.score, played.battles.iter().map(|b| b.points).sum::<i64>());
}

fn salient(args: &[&str]) -> (i32, String, String) {
    let out = Process::new(env!("CARGO_BIN_EXE_salient")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn sim_of_a_campaign_is_deterministic_per_seed() {
    let args = [
        "sim",
        "scenarios/bastards/campaigns/villers-bretonneux.ron",
        "--games",
        "3",
        "--seed",
        "4",
        "--jobs",
        "2",
        "--controllers",
        "random,random",
        "--json",
    ];
    let run = || {
        let (code, out, err) = salient(&args);
        assert_eq!(code, 0, "{err}");
        let mut v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v.as_object_mut().unwrap().remove("wall_s");
        v
    };
    let (a, b) = (run(), run());
    assert_eq!(a, b);
    assert_eq!(a["campaigns"].as_array().unwrap().len(), 3);
    let seeds: Vec<u64> = a["campaigns"].as_array().unwrap().iter().map(|c| c["seed"].as_u64().unwrap()).collect();
    assert_eq!(seeds, vec![4, 5, 6]);
    // Another seed, other games.
    let mut other = args.to_vec();
    other[5] = "40";
    let (_, out, _) = salient(&other);
    let c: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_ne!(c["campaigns"], a["campaigns"]);
}

/// The modder's kit (issue 18): a scenario may name files only in its own folder tree or the game's
/// data folder; an absolute path or a `..` that leaves them is refused, and the file is not read.
#[test]
fn a_scenario_naming_a_file_outside_its_folders_is_refused() {
    let text = std::fs::read_to_string(shipped("bastards/first-tank-battle.ron")).unwrap();
    let dir = temp_dir("hostile-map");
    for (name, map, expected) in [
        ("absolute", "/etc/passwd", "is an absolute path"),
        ("up", "../../../../../../../../etc/passwd", "leads out of the scenario's folder"),
    ] {
        let path = dir.join(format!("{name}.ron"));
        std::fs::write(&path, text.replace("maps/villers-bretonneux.ron", map)).unwrap();
        let ds = validate(&path);
        assert_eq!(ds.len(), 1, "{ds:#?}");
        assert!(ds[0].contains(expected), "{}", ds[0]);
        assert!(ds[0].contains(&format!("{}:", path.display())) && ds[0].contains(":19:10:"), "{}", ds[0]);
        assert!(!ds[0].contains("root"), "the error shows the file's text: {}", ds[0]);
    }
    // A map in the scenario's own folder tree still loads.
    let maps = dir.join("maps");
    std::fs::create_dir_all(&maps).unwrap();
    std::fs::copy(shipped("bastards/maps/villers-bretonneux.ron"), maps.join("villers-bretonneux.ron")).unwrap();
    let path = dir.join("ok.ron");
    std::fs::write(&path, &text).unwrap();
    assert_eq!(validate(&path), Vec::<String>::new());
}
