//! The engine's contract (issue 2): the validator reports every error with its location, dice are
//! forced and logged, saves load by replay to the same checksum, illegal commands change nothing,
//! undo goes back to the last die roll, and the command line never panics on bad input.

use std::path::{Path, PathBuf};
use std::process::Command as Process;

use salient::engine::source::{Diagnostic, SourceFile};
use salient::engine::validate::{validate_paths, validate_source};
use salient::engine::{Ruleset, Session};
use salient::rulesets::bastards::{Bastards, Command};
use salient::rulesets::registry;

use crate::bastards::fixtures::{MAP, bn, game, scenario_text};

/// A fresh folder for a test's files.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("salient-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes the test map and a scenario text, validates the folder, returns the diagnostics.
fn validate_scenario(name: &str, scenario: &str) -> Vec<Diagnostic> {
    let dir = temp_dir(name);
    std::fs::write(dir.join("map.ron"), MAP).unwrap();
    std::fs::write(dir.join("scenario.ron"), scenario).unwrap();
    validate_paths(&[dir], &registry()).diagnostics
}

fn assert_one(diags: &[Diagnostic], needle: &str) -> Diagnostic {
    let found: Vec<&Diagnostic> = diags.iter().filter(|d| d.message.contains(needle)).collect();
    assert!(!found.is_empty(), "no diagnostic containing {needle:?} in {diags:#?}");
    found[0].clone()
}

/// The line and column where `needle` starts in `text` (1-based).
fn position_of(text: &str, needle: &str) -> (usize, usize) {
    let offset = text.find(needle).unwrap_or_else(|| panic!("{needle} not in text"));
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap().chars().count() + 1;
    (line, col)
}

#[test]
fn the_shipped_scenarios_and_tables_validate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let report = validate_paths(&[root.join("scenarios"), root.join("assets/rulesets")], &registry());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    assert!(report.files >= 4);
}

/// A folder named on the command line must hold data files; a subfolder without any (fonts,
/// pictures) is passed over.
#[test]
fn a_named_empty_folder_is_an_error_but_a_subfolder_without_data_is_not() {
    let dir = temp_dir("folders");
    std::fs::create_dir_all(dir.join("fonts")).unwrap();
    std::fs::write(dir.join("fonts/a.ttf"), b"not data").unwrap();
    let report = validate_paths(&[dir.join("fonts")], &registry());
    assert_eq!(report.diagnostics.len(), 1, "{:#?}", report.diagnostics);
    assert!(report.diagnostics[0].message.contains("no .ron data files"));
    let tables = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/rulesets/bastards/tables.ron");
    std::fs::copy(tables, dir.join("tables.ron")).unwrap();
    let report = validate_paths(&[dir], &registry());
    assert!(report.diagnostics.is_empty(), "{:#?}", report.diagnostics);
    assert_eq!(report.files, 1);
}

#[test]
fn unknown_key_names_the_nearest_valid_key() {
    let text = scenario_text("", "").replace("intensity: 0,", "intensty: 0,");
    let d = assert_one(&validate_scenario("unknown-key", &text), "unknown key `intensty`");
    assert!(d.message.contains("did you mean `intensity`?"), "{}", d.message);
    assert_eq!((d.line, d.col), position_of(&text, "intensty"));
    assert!(d.to_string().starts_with(&format!("{}:", d.file.display())));
}

#[test]
fn wrong_type_is_reported_at_the_value() {
    let text = scenario_text("", "").replace("confusion: 20,", "confusion: \"twenty\",");
    let d = assert_one(&validate_scenario("wrong-type", &text), "wrong type");
    assert_eq!(d.line, position_of(&text, "\"twenty\"").0);
}

#[test]
fn value_out_of_range_names_the_range() {
    let units = bn("a1", "allied", 7, "E04");
    let text = scenario_text(&units, "");
    let d = assert_one(&validate_scenario("range", &text), "7 medals is out of range");
    assert_eq!(d.line, position_of(&text, "medals: 7").0);
    let text = scenario_text("", "").replace("confusion: 20,", "confusion: 77,");
    assert_one(&validate_scenario("range2", &text), "confusion 77 is out of range");
}

#[test]
fn hex_off_the_map_gives_the_map_bounds() {
    let text = scenario_text(&bn("a1", "allied", 3, "Z05"), "");
    let d = assert_one(&validate_scenario("off-map", &text), "hex Z05 is off the map");
    assert!(d.message.contains("rows A to J, columns 01 to 12"), "{}", d.message);
    assert_eq!((d.line, d.col), position_of(&text, "Some(\"Z05\")"));
}

#[test]
fn unit_on_impassable_terrain_is_an_error() {
    let dir = temp_dir("impassable");
    let map = MAP.replace("'v': \"village\"}", "'v': \"village\", 'w': \"water\"}").replace("\"...ff...vv..\"", "\"w..ff...vv..\"");
    std::fs::write(dir.join("map.ron"), &map).unwrap();
    std::fs::write(dir.join("scenario.ron"), scenario_text(&bn("a1", "allied", 3, "D01"), "")).unwrap();
    let diags = validate_paths(&[dir], &registry()).diagnostics;
    assert_one(&diags, "impassable water");
}

#[test]
fn two_units_in_one_hex_break_stacking() {
    let units = [bn("a1", "allied", 3, "E04"), bn("a2", "allied", 3, "E04")].concat();
    assert_one(&validate_scenario("stacking", &scenario_text(&units, "")), "only one unit per hex");
}

#[test]
fn duplicate_ids_and_undefined_references() {
    let units = [bn("a1", "allied", 3, "E04"), bn("a1", "allied", 3, "E05")].concat();
    assert_one(&validate_scenario("dup", &scenario_text(&units, "")), "duplicate unit id `a1`");
    let text = scenario_text(&bn("a1", "allied", 3, "E04"), r#"reinforcements: [(turn: 2, side: allied, units: ["a2"])],"#);
    let d = assert_one(&validate_scenario("undefined", &text), "unit `a2` is not defined");
    assert!(d.message.contains("did you mean `a1`?"), "{}", d.message);
    let text = scenario_text("", r#"garrisons: [(unit: "nobody", place: "Nowhere", distance: 2)],"#);
    let diags = validate_scenario("undefined-place", &text);
    assert_one(&diags, "the map has no place named `Nowhere`");
}

#[test]
fn every_error_is_reported_at_once() {
    let units = [bn("a1", "allied", 9, "Z99"), bn("a1", "allied", 3, "E04")].concat();
    let diags = validate_scenario("all-at-once", &scenario_text(&units, ""));
    assert!(diags.len() >= 3, "{diags:#?}");
}

const AREA_MAP: &str = r#"AreaMap(
    format: 1, ruleset: "bastards", name: "areas",
    grid: Some((columns: 6, rows: 3)),
    areas: [
        (id: 1, adjacent: [2], cells: ["A01", "A02", "B01"]),
        (id: 2, adjacent: [1, 3], cells: ["A03", "A04", "B03"]),
        (id: 3, adjacent: [2], cells: ["A05", "A06", "B05"]),
    ],
    borders: [(between: (2, 3), kinds: ["canal", "bridge"])],
)"#;

fn validate_area(name: &str, text: &str) -> Vec<Diagnostic> {
    let dir = temp_dir(name);
    std::fs::write(dir.join("areas.ron"), text).unwrap();
    validate_paths(&[dir], &registry()).diagnostics
}

#[test]
fn area_maps_check_symmetry_and_shapes() {
    assert!(validate_area("area-ok", AREA_MAP).is_empty(), "{:#?}", validate_area("area-ok2", AREA_MAP));
    let asym = AREA_MAP.replace("(id: 3, adjacent: [2]", "(id: 3, adjacent: []");
    let d = assert_one(&validate_area("asym", &asym), "asymmetric adjacency");
    assert!(d.message.contains("area 2 lists 3"), "{}", d.message);
    // Area 3 placed away from area 2: declared adjacent but the shapes do not touch.
    let apart = AREA_MAP.replace(r#"cells: ["A05", "A06", "B05"]"#, r#"cells: ["C05", "C06"]"#);
    assert_one(&validate_area("apart", &apart), "declared adjacent but their shapes do not touch");
    // Area 1 grows to touch area 3's shape without being declared adjacent.
    let touching =
        AREA_MAP.replace(r#"cells: ["A01", "A02", "B01"]"#, r#"cells: ["A01", "A02", "B01", "C01", "C02", "C03", "C04", "C05"]"#);
    assert_one(&validate_area("touching", &touching), "touch but they are not declared adjacent");
    let undefined = AREA_MAP.replace("(id: 1, adjacent: [2]", "(id: 1, adjacent: [2, 9]");
    assert_one(&validate_area("undefined-area", &undefined), "there is no area 9");
}

/// Roads and railways drawn on an area map run through cells of its grid: a road through a cell
/// off the grid, or through one cell only, is an error at its place.
#[test]
fn an_area_maps_lines_run_through_its_cells() {
    let with = |lines: &str| AREA_MAP.replace("borders: [", &format!("lines: [{lines}],\n    borders: ["));
    let road = r#"(kind: "road", name: "the high road", cells: ["A01", "A03", "B05"])"#;
    assert!(validate_area("lines-ok", &with(road)).is_empty(), "{:#?}", validate_area("lines-ok2", &with(road)));
    let off_grid = with(&road.replace("B05", "Z09"));
    let d = assert_one(&validate_area("line-off-grid", &off_grid), "Z09");
    assert_eq!(d.line, position_of(&off_grid, "\"Z09\"").0);
    let short = with(r#"(kind: "railway", cells: ["A01"])"#);
    assert_one(&validate_area("line-short", &short), "two cells or more");
}

#[test]
fn forced_dice_are_used_and_logged_with_purpose_and_rule() {
    let units = [bn("a1", "allied", 3, "E04"), bn("g1", "german", 3, "E05")].concat();
    let mut g = game(&units, "");
    crate::bastards::fixtures::ok(&mut g, Command::Activate("g1".into()));
    g.force_dice([6]);
    crate::bastards::fixtures::ok(&mut g, Command::Fire("a1".into()));
    let roll = g.dice().log().last().unwrap().clone();
    assert_eq!(roll.value, 6);
    assert!(roll.forced);
    assert_eq!(roll.rule, "3.2");
    assert!(roll.purpose.contains("g1 fires at a1"), "{}", roll.purpose);
    let lines = g.log_since(0, 0);
    assert!(lines.iter().any(|l| matches!(l, salient::engine::journal::JournalLine::Roll { value: 6, .. })));
}

#[test]
fn save_then_load_gives_the_same_checksum() {
    let units = [bn("a1", "allied", 3, "E04"), bn("g1", "german", 3, "E06"), bn("g2", "german", 4, "F08")].concat();
    let mut g = game(&units, "");
    crate::bastards::fixtures::ok(&mut g, Command::Activate("g1".into()));
    crate::bastards::fixtures::ok(&mut g, Command::Move("E05".into()));
    g.force_dice([5, 2]);
    crate::bastards::fixtures::ok(&mut g, Command::Fire("a1".into()));
    let dir = temp_dir("save");
    let path = dir.join("game.ron");
    g.save(&path).unwrap();
    let file = salient::engine::source::SourceFile::read(&path).unwrap();
    let loaded = salient::engine::save::load_save::<Bastards>(&file, 1).unwrap();
    assert_eq!(loaded.checksum(), g.checksum());
    assert_eq!(loaded.commands(), g.commands());
    // A tampered save is refused with the reason.
    let tampered = file.text.replace("Move(\"E05\")", "Move(\"D05\")");
    std::fs::write(&path, tampered).unwrap();
    let file = salient::engine::source::SourceFile::read(&path).unwrap();
    let err = salient::engine::save::load_save::<Bastards>(&file, 1).err().unwrap();
    assert!(err.contains("checksum") || err.contains("refused"), "{err}");
}

#[test]
fn an_illegal_command_is_refused_with_a_reason_and_changes_nothing() {
    let units = [bn("a1", "allied", 3, "E04"), bn("g1", "german", 3, "E06")].concat();
    let mut g = game(&units, "");
    let before = g.checksum();
    let rolls = g.dice().rolls();
    // It is the German turn-1 activation phase: an Allied unit may not be activated.
    let r = g.submit(Command::Activate("a1".into())).unwrap_err();
    assert!(r.reason.contains("not one of the German player"), "{r}");
    assert_eq!(r.rule.as_deref(), Some("2.1"));
    let r = g.submit(Command::Move("E05".into())).unwrap_err();
    assert!(r.reason.contains("activate a unit first"), "{r}");
    let r = g.submit(Command::Activate("nobody".into())).unwrap_err();
    assert!(r.reason.contains("no unit"), "{r}");
    assert_eq!(g.checksum(), before);
    assert_eq!(g.dice().rolls(), rolls);
    assert!(g.history().is_empty());
}

#[test]
fn undo_replays_back_to_the_last_die_roll() {
    let units = [bn("a1", "allied", 3, "E02"), bn("g1", "german", 4, "E06"), bn("g2", "german", 3, "H10")].concat();
    let mut g = game(&units, "");
    let start = g.checksum();
    crate::bastards::fixtures::ok(&mut g, Command::Activate("g1".into()));
    crate::bastards::fixtures::ok(&mut g, Command::Move("E05".into()));
    assert!(g.can_undo());
    g.undo().unwrap();
    g.undo().unwrap();
    assert_eq!(g.checksum(), start);
    assert!(g.undo().is_err());
    crate::bastards::fixtures::ok(&mut g, Command::Activate("g1".into()));
    crate::bastards::fixtures::ok(&mut g, Command::Move("E03".into()));
    g.force_dice([6]);
    crate::bastards::fixtures::ok(&mut g, Command::Fire("a1".into()));
    assert!(!g.can_undo(), "a command that rolled dice cannot be undone");
    assert!(g.undo().unwrap_err().reason.contains("rolled dice"));
}

#[test]
fn random_commands_never_change_the_state_when_refused() {
    let units = [bn("a1", "allied", 3, "E04"), bn("g1", "german", 3, "E06")].concat();
    let mut g = game(&units, "");
    let junk = [
        Command::Fire("a1".into()),
        Command::Rally,
        Command::PlaceBarrage("A01".into()),
        Command::Deploy("a1".into(), "A01".into()),
        Command::Move("ZZ99".into()),
        Command::AttemptCohesion,
        Command::Reorganise("g1".into()),
    ];
    for c in junk {
        let before = g.checksum();
        assert!(g.submit(c.clone()).is_err(), "{c:?} accepted");
        assert_eq!(g.checksum(), before);
    }
    let _ = Bastards::NAME;
}

fn salient(args: &[&str]) -> (i32, String, String) {
    let out = Process::new(env!("CARGO_BIN_EXE_salient")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn every_subcommand_refuses_bad_input_with_a_short_message() {
    let dir = temp_dir("cli");
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let truncated = dir.join("truncated.ron");
    let full = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bastards/first-tank-battle.ron")).unwrap();
    std::fs::write(&truncated, &full[..full.len() / 2]).unwrap();
    let bytes = dir.join("random.ron");
    std::fs::write(&bytes, (0..2000u32).map(|i| (i.wrapping_mul(2654435761) >> 13) as u8).collect::<Vec<u8>>()).unwrap();
    let other = dir.join("other.ron");
    std::fs::write(&other, full.replace("ruleset: \"bastards\"", "ruleset: \"martians\"")).unwrap();
    let missing = dir.join("missing.ron");
    let cmds = dir.join("cmds.ron");
    std::fs::write(&cmds, "[]").unwrap();
    let inputs = [&missing, &empty, &other, &truncated, &bytes];
    for input in inputs {
        let p = input.to_str().unwrap();
        let cases: Vec<Vec<&str>> =
            vec![vec!["validate", p], vec!["script", p, cmds.to_str().unwrap()], vec!["sim", p, "--games", "1"], vec!["replay", p]];
        for args in cases {
            let (code, _out, err) = salient(&args);
            assert!(code >= 1, "{args:?} exited {code}");
            assert!(!err.contains("panicked") && !err.contains("RUST_BACKTRACE"), "{args:?} panicked: {err}");
            assert!(!err.trim().is_empty() && err.lines().count() <= 6, "{args:?}: {err}");
        }
    }
    let (code, out, _) = salient(&["validate", "scenarios"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("ok: "), "{out}");
}

#[test]
fn sim_keeps_each_game_as_a_log_and_a_save_that_replays() {
    let dir = temp_dir("sim-keep");
    let (code, _, err) = salient(&[
        "sim",
        "scenarios/bastards/first-tank-battle.ron",
        "--games",
        "2",
        "--seed",
        "7",
        "--jobs",
        "1",
        "--controllers",
        "random,random",
        "--json",
        "--keep",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    for seed in [7, 8] {
        let log = std::fs::read_to_string(dir.join(format!("game-{seed}.log"))).unwrap();
        assert!(log.lines().count() > 10 && log.lines().all(|l| l.starts_with('[')), "{log}");
        let save = dir.join(format!("game-{seed}.save"));
        let (code, out, err) = salient(&["replay", save.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("result: "), "{out}");
    }
}

#[test]
fn script_writes_the_state_with_events_and_rolls() {
    let dir = temp_dir("script");
    let cmds = dir.join("cmds.ron");
    std::fs::write(&cmds, "[PlaceBarrage(\"F28\"), FireBarrages]").unwrap();
    let out = dir.join("state.json");
    let (code, _, err) = salient(&[
        "script",
        "scenarios/bastards/first-tank-battle.ron",
        cmds.to_str().unwrap(),
        "--dice",
        "2,6",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    for key in ["units", "turn", "phase", "to_move", "pending", "tracks", "vp", "events"] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let events = v["events"].as_array().unwrap();
    let roll = events.iter().find(|e| e["type"] == "roll").expect("a die roll in the log");
    assert_eq!(roll["value"], 2);
    assert_eq!(roll["rule"], "5");
    assert!(roll["purpose"].as_str().unwrap().contains("barrage on F28"));
    let unit = &v["units"][0];
    for key in ["id", "side", "type", "location", "status", "medals", "markers"] {
        assert!(unit.get(key).is_some(), "unit lacks {key}");
    }
    // An empty command list shows the set-up.
    std::fs::write(&cmds, "[]").unwrap();
    let (code, stdout, _) = salient(&["script", "scenarios/bastards/second-villers-bretonneux.ron", cmds.to_str().unwrap()]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["turn"], 1);
    assert_eq!(v["to_move"], "german");
}

#[test]
fn replay_verifies_a_save_and_prints_its_state() {
    let dir = temp_dir("replay");
    let cmds = dir.join("cmds.ron");
    std::fs::write(&cmds, "[PlaceBarrage(\"F28\"), FireBarrages]").unwrap();
    let save = dir.join("game.ron");
    let (code, _, err) = salient(&[
        "script",
        "scenarios/bastards/first-tank-battle.ron",
        cmds.to_str().unwrap(),
        "--save",
        save.to_str().unwrap(),
        "--out",
        dir.join("s.json").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = salient(&["replay", save.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ok: "), "{out}");
    assert!(out.contains("first-tank-battle"));
    let text = std::fs::read_to_string(&save).unwrap();
    std::fs::write(&save, text.replace("checksum: \"", "checksum: \"0")).unwrap();
    let (code, _, err) = salient(&["replay", save.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("checksum"), "{err}");
}

#[test]
fn sessions_of_any_ruleset_play_through_the_registry() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bastards/first-tank-battle.ron");
    let mut s: Box<dyn Session> = salient::cli::open_scenario(&path, 3, Vec::new()).unwrap();
    assert_eq!(s.ruleset_id(), "bastards");
    assert_eq!(s.sides(), vec!["allied".to_string(), "german".to_string()]);
    let legal = s.legal_ron();
    assert!(legal.iter().any(|c| c.starts_with("PlaceBarrage")));
    s.submit_ron(&legal[0]).unwrap();
    assert!(s.submit_ron("NotACommand").is_err());
}

/// A save of a short game, written to a fresh folder.
fn saved_game(name: &str) -> (PathBuf, String) {
    let units = [bn("a1", "allied", 3, "E04"), bn("g1", "german", 3, "E06")].concat();
    let mut g = game(&units, "");
    crate::bastards::fixtures::ok(&mut g, Command::Activate("g1".into()));
    crate::bastards::fixtures::ok(&mut g, Command::Move("E05".into()));
    let path = temp_dir(name).join("game.ron");
    g.save(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text)
}

fn load_error(path: &Path) -> String {
    salient::cli::load_save(path).err().expect("the save should not load")
}

#[test]
fn damaged_saves_are_refused_with_the_problem_named() {
    let (path, text) = saved_game("damaged");
    assert!(salient::cli::load_save(&path).is_ok());
    std::fs::write(&path, &text[..text.len() / 3]).unwrap();
    assert!(load_error(&path).contains("damaged"), "{}", load_error(&path));
    std::fs::write(&path, [0xff, 0xfe, 0x00, 0x13, 0x88]).unwrap();
    assert!(load_error(&path).contains("not UTF-8"), "{}", load_error(&path));
    std::fs::write(&path, text.replacen("format: 1", "format: 9", 1)).unwrap();
    assert!(load_error(&path).contains("newer version"), "{}", load_error(&path));
    std::fs::write(&path, text.replacen("format: 1", "format: 0", 1)).unwrap();
    assert!(load_error(&path).contains("too old"), "{}", load_error(&path));
    std::fs::write(&path, text.replacen("ruleset: \"bastards\"", "ruleset: \"nosuch\"", 1)).unwrap();
    assert!(load_error(&path).contains("unknown ruleset `nosuch`"), "{}", load_error(&path));
    std::fs::write(&path, text.replace("Activate(\"g1\")", "Activate(\"a1\")")).unwrap();
    assert!(load_error(&path).contains("command 1 of 2 is refused"), "{}", load_error(&path));
}

#[test]
fn a_failed_save_leaves_the_previous_one_whole() {
    let (path, text) = saved_game("interrupted");
    // Make the temporary file impossible to create: the save must fail and the old file stay.
    let dir = path.parent().unwrap();
    let blocker = dir.join(format!(".game.ron.{}.tmp", std::process::id()));
    std::fs::create_dir_all(&blocker).unwrap();
    let units = [bn("a1", "allied", 3, "E04"), bn("g1", "german", 3, "E06")].concat();
    let g = game(&units, "");
    assert!(g.save(&path).is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    assert!(salient::cli::load_save(&path).is_ok());
}

/// The window's rule-text files validate, and a broken one is reported.
#[test]
fn rule_text_files_are_checked() {
    let registry = registry();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/ui");
    let report = validate_paths(&[dir], &registry);
    assert!(report.files >= 2, "rule-text files found: {}", report.files);
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    let bad = SourceFile::new(
        "bad-rules.ron",
        "RuleTexts(ruleset: \"rtc\", rules: {\"7.6\": (title: \"Loss Points\", text: \"\")}, aliases: {\"7\": \"7.0\"})".into(),
    );
    let problems: Vec<String> = validate_source(&bad, &registry).into_iter().map(|d| d.message).collect();
    assert!(problems.iter().any(|m| m.contains("`7.6` has no text")), "{problems:?}");
    assert!(problems.iter().any(|m| m.contains("alias `7`")), "{problems:?}");
    let unknown = SourceFile::new("x-rules.ron", "RuleTexts(ruleset: \"chess\", rules: {})".into());
    assert!(validate_source(&unknown, &registry).iter().any(|d| d.message.contains("unknown ruleset")));
}
