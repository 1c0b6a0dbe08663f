//! The balance sweep (`salient sim --set`, `--shard`, `salient sim merge`) and `salient script
//! --legal` (issue 14), through the program itself.

use std::path::Path;
use std::process::Command as Process;

use serde_json::Value;

use crate::engine_tests::temp_dir;

fn salient(args: &[&str]) -> (i32, String, String) {
    let out = Process::new(env!("CARGO_BIN_EXE_salient")).args(args).current_dir(env!("CARGO_MANIFEST_DIR")).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

/// The report without what differs between two runs of the same games: times.
fn without_timing(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.remove("timing");
            m.remove("wall_s");
            m.values_mut().for_each(without_timing);
        }
        Value::Array(a) => a.iter_mut().for_each(without_timing),
        _ => {}
    }
}

const SCENARIO: &str = "scenarios/bastards/first-tank-battle.ron";

fn sweep(extra: &[&str]) -> (i32, String, String) {
    let mut args = vec![
        "sim",
        SCENARIO,
        "--games",
        "3",
        "--seed",
        "5",
        "--jobs",
        "2",
        "--controllers",
        "random,random",
        "--set",
        "tables.combat.hit_on=4,5",
        "--at-turns",
        "2",
        "--json",
    ];
    args.extend_from_slice(extra);
    salient(&args)
}

#[test]
fn merged_shards_equal_the_unsharded_run() {
    let (code, whole, err) = sweep(&[]);
    assert_eq!(code, 0, "{err}");
    let mut whole: Value = serde_json::from_str(&whole).unwrap();
    let rows = whole["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "one row per value");
    assert_eq!(rows[0]["settings"], serde_json::json!([["tables.combat.hit_on", "4"]]));
    for r in rows {
        assert_eq!(r["games"], 3);
        let seeds: Vec<u64> = r["games_played"].as_array().unwrap().iter().map(|g| g["seed"].as_u64().unwrap()).collect();
        assert_eq!(seeds, vec![5, 6, 7], "the same seeds in every row");
        let score: f64 = ["german", "allied"].iter().map(|s| r["score"][s]["score"].as_f64().unwrap()).sum();
        assert!((score - 1.0).abs() < 0.01, "the two sides' scores (draws half) add up to 1: {r}");
        assert!(r["at_turns"]["2"]["german"]["mean"].is_number(), "{r}");
    }
    let dir = temp_dir("shards");
    let mut parts = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let (code, out, err) = sweep(&["--shard", &shard]);
        assert_eq!(code, 0, "{err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        let games: u64 = v["rows"].as_array().unwrap().iter().map(|r| r["games"].as_u64().unwrap()).sum();
        assert_eq!(games, 2, "slice {shard}: 6 games in 3 slices");
        let path = dir.join(format!("part-{k}.json"));
        std::fs::write(&path, out).unwrap();
        parts.push(path.to_string_lossy().to_string());
    }
    let mut args = vec!["sim", "merge", "--json"];
    args.extend(parts.iter().map(|s| s.as_str()));
    let (code, merged, err) = salient(&args);
    assert_eq!(code, 0, "{err}");
    let mut merged: Value = serde_json::from_str(&merged).unwrap();
    without_timing(&mut whole);
    without_timing(&mut merged);
    assert_eq!(merged, whole, "the merged slices are the report of the whole run");
    // A missing slice is named; the text report prints one row per combination.
    let (code, _, err) = salient(&["sim", "merge", &parts[0], &parts[2]]);
    assert_eq!(code, 1);
    assert!(err.contains("slices missing: 2/3"), "{err}");
    let (code, text, err) = salient(&["sim", "merge", &parts[0], &parts[1], &parts[2]]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("tables.combat.hit_on=4") && text.contains("tables.combat.hit_on=5"), "{text}");
}

#[test]
fn a_bad_sweep_path_names_the_nearest_key_and_where() {
    let (code, _, err) = salient(&["sim", SCENARIO, "--games", "1", "--set", "tables.combat.hit_onn=4"]);
    assert_eq!(code, 1);
    assert!(err.contains("tables.ron:") && err.contains("`combat` has no `hit_onn`; did you mean `hit_on`?"), "{err}");
    // A value the loader refuses is reported at its line in the file, with the setting.
    let (code, _, err) = salient(&["sim", SCENARIO, "--games", "1", "--set", "scenario.confusion=\"many\""]);
    assert_eq!(code, 1);
    assert!(err.contains("first-tank-battle.ron:") && err.contains("--set scenario.confusion=\"many\""), "{err}");
    let (code, _, err) = salient(&["sim", SCENARIO, "--set", "combat.hit_on=4"]);
    assert_eq!(code, 2);
    assert!(err.contains("`scenario.`, `tables.` or `map.`"), "{err}");
    let (code, _, err) = salient(&["sim", SCENARIO, "--shard", "4/3"]);
    assert_eq!(code, 2);
    assert!(err.contains("K/N"), "{err}");
}

#[test]
fn script_legal_lists_every_legal_command_with_its_preview() {
    let dir = temp_dir("legal");
    let cmds = dir.join("cmds.ron");
    std::fs::write(&cmds, "[]").unwrap();
    // Into the Bastards!, scenario 1: the German barrage markers, each with its chance on target.
    let (code, out, err) = salient(&["script", SCENARIO, cmds.to_str().unwrap(), "--legal"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let legal = v["legal"].as_array().unwrap();
    assert!(!legal.is_empty());
    let with_odds = legal.iter().find(|c| c["preview"]["odds"].is_array()).expect("a command with odds");
    assert!(with_odds["command"].as_str().unwrap().starts_with("PlaceBarrage"), "{with_odds}");
    let on_target = &with_odds["preview"]["odds"][0];
    assert_eq!(on_target[0], "on target");
    assert!(on_target[1].as_f64().unwrap() > 0.0 && on_target[1].as_f64().unwrap() <= 1.0);
    // Royal Tank Corps, Cambrai: the British bombardments, each with the chance of every result.
    let cambrai = Path::new("scenarios/rtc/cambrai.ron");
    let (code, out, err) = salient(&["script", cambrai.to_str().unwrap(), cmds.to_str().unwrap(), "--legal"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let legal = v["legal"].as_array().unwrap();
    let bombard = legal.iter().find(|c| c["preview"]["contest"].is_object()).expect("a command with a contest");
    let outcomes = bombard["preview"]["contest"]["outcomes"].as_array().unwrap();
    assert_eq!(outcomes[0][0], "fails", "{bombard}");
    let total: f64 = outcomes.iter().map(|o| o[1].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9, "the outcomes' chances add up to 1: {total}");
    assert!(bombard["preview"]["out_of_ammunition"].as_f64().unwrap() > 0.0, "{bombard}");
    // Without --legal, no list.
    let (_, out, _) = salient(&["script", SCENARIO, cmds.to_str().unwrap()]);
    assert!(serde_json::from_str::<Value>(&out).unwrap().get("legal").is_none());
}

/// `salient schema` lists the formats, prints one as Markdown or JSON Schema, and refuses an unknown
/// one with the nearest name (issue 18).
#[test]
fn schema_lists_prints_and_refuses_issue_18() {
    let (code, list, _) = salient(&["schema"]);
    assert_eq!(code, 0);
    for kind in ["hex-map", "campaign", "settings", "bastards-scenario", "rtc-tables"] {
        assert!(list.lines().any(|l| l.starts_with(kind)), "`{kind}` listed:\n{list}");
    }
    let (code, page, _) = salient(&["schema", "hex-map"]);
    assert_eq!(code, 0);
    assert!(page.starts_with("# Hex map") && page.contains("| `columns` |"), "{page}");
    let (code, json, _) = salient(&["schema", "campaign", "--json-schema"]);
    assert_eq!(code, 0);
    assert!(serde_json::from_str::<serde_json::Value>(&json).is_ok());
    let (code, _, err) = salient(&["schema", "hex-mao"]);
    assert_eq!(code, 2);
    assert!(err.contains("no format `hex-mao`; did you mean `hex-map`?"), "{err}");
}
