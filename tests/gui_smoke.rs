//! GUI smoke test: every scenario of every ruleset the window plays (`scenarios/<id>/`: the hex map,
//! the area board) opens straight into the game window under a virtual display (Xvfb, software
//! Vulkan), draws for 90 frames and saves a screenshot; the picture must show a map — many distinct
//! colours, and no single colour covering most of the frame. Then a game of it the computer played
//! (`salient sim --keep`) opens the same way in the replay viewer (`salient play --replay DIR`).
//!
//! Needs `xvfb-run` and a Vulkan driver (`.ci/run` installs xvfb and mesa-vulkan-drivers). Without
//! them it says it is skipped and passes, unless `CI=true` or `SALIENT_REQUIRE_GUI=1`, when it fails
//! saying what is missing. `SALIENT_SKIP_GUI=1` skips it in any case.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(program)).find(|p| p.is_file())
}

/// Mesa's software Vulkan driver (lavapipe), so a machine with a GPU driver installed but no GPU
/// (or a GPU that the virtual display cannot use) still renders; `VK_ICD_FILENAMES` wins if set.
fn lavapipe_icd() -> Option<String> {
    if let Ok(v) = std::env::var("VK_ICD_FILENAMES") {
        return Some(v);
    }
    let dir = Path::new("/usr/share/vulkan/icd.d");
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("lvp_icd")))
        .map(|p| p.to_string_lossy().to_string())
}

/// True when some Vulkan driver is installed (an ICD manifest), or `VK_ICD_FILENAMES` names one.
fn vulkan_driver() -> bool {
    std::env::var_os("VK_ICD_FILENAMES").is_some()
        || ["/usr/share/vulkan/icd.d", "/etc/vulkan/icd.d"]
            .iter()
            .any(|d| std::fs::read_dir(d).into_iter().flatten().flatten().any(|e| e.path().extension().is_some_and(|x| x == "json")))
}

/// A line on the terminal even though the test harness captures the test's output.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// The scenario files of every ruleset the window plays, `scenarios/<ruleset id>/*.ron`.
fn scenarios() -> Vec<PathBuf> {
    let mut v = Vec::new();
    for p in salient::ui::registry::presenters() {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(p.id());
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "ron"))
            .collect();
        files.sort();
        v.extend(files);
    }
    v
}

/// (distinct colours, share of the most common colour) of a PNG, colours quantised to 5 bits a channel.
fn colour_stats(png_path: &Path) -> (usize, f64) {
    let file = std::fs::File::open(png_path).unwrap_or_else(|e| panic!("no screenshot at {}: {e}", png_path.display()));
    let decoder = png::Decoder::new(std::io::BufReader::new(file));
    let mut reader = decoder.read_info().unwrap_or_else(|e| panic!("{} is not a PNG: {e}", png_path.display()));
    let mut buf = vec![0; reader.output_buffer_size().expect("a PNG with a size")];
    let info = reader.next_frame(&mut buf).unwrap_or_else(|e| panic!("{} cannot be decoded: {e}", png_path.display()));
    let channels = info.color_type.samples();
    assert!(channels >= 3, "{}: unexpected colour type {:?}", png_path.display(), info.color_type);
    let mut counts: HashMap<(u8, u8, u8), usize> = HashMap::new();
    let data = &buf[..info.buffer_size()];
    for px in data.chunks(channels) {
        *counts.entry((px[0] >> 3, px[1] >> 3, px[2] >> 3)).or_default() += 1;
    }
    let total: usize = counts.values().sum();
    let most = counts.values().copied().max().unwrap_or(0);
    (counts.len(), most as f64 / total.max(1) as f64)
}

#[test]
fn every_scenario_opens_in_the_window_and_shows_a_map() {
    if std::env::var("SALIENT_SKIP_GUI").is_ok_and(|v| v == "1") {
        say("gui_smoke: skipped (SALIENT_SKIP_GUI=1)");
        return;
    }
    let required = std::env::var("CI").is_ok_and(|v| v == "true") || std::env::var("SALIENT_REQUIRE_GUI").is_ok_and(|v| v == "1");
    let missing = match on_path("xvfb-run") {
        None => Some("xvfb-run not found"),
        Some(_) if !vulkan_driver() => Some("no Vulkan driver found"),
        Some(_) => None,
    };
    if let Some(what) = missing {
        assert!(
            !required,
            "{what}: run .ci/run (it installs xvfb and mesa-vulkan-drivers), or set SALIENT_SKIP_GUI=1 to skip the GUI smoke test"
        );
        say(&format!("gui_smoke: skipped: {what} (CI=true or SALIENT_REQUIRE_GUI=1 make this a failure)"));
        return;
    }
    let xvfb = on_path("xvfb-run").expect("xvfb-run, found above");
    let out_dir = std::env::temp_dir().join(format!("salient-gui-smoke-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).expect("a temporary folder");
    let list = scenarios();
    assert!(!list.is_empty(), "no scenario in scenarios/<ruleset>/");
    for scenario in list {
        let name = scenario.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        shows_a_map(&xvfb, &out_dir, &name, &[scenario.as_os_str()]);
        // The replay viewer on a game of it the computer played (kept by `salient sim --keep`).
        let kept = out_dir.join(format!("{name}-kept"));
        let sim = Command::new(env!("CARGO_BIN_EXE_salient"))
            .arg("sim")
            .arg(&scenario)
            .args(["--games", "1", "--keep"])
            .arg(&kept)
            .stdout(Stdio::null())
            .status()
            .expect("salient sim runs");
        assert!(sim.success(), "{name}: salient sim --keep failed");
        shows_a_map(&xvfb, &out_dir, &format!("{name}-replay"), &["--replay".as_ref(), kept.as_os_str()]);
    }
    let _ = std::fs::remove_dir_all(&out_dir);
}

/// Runs `salient play ARGS` on a virtual display for 90 frames and checks that it exits cleanly
/// with a map in its screenshot.
fn shows_a_map(xvfb: &Path, out_dir: &Path, name: &str, args: &[&std::ffi::OsStr]) {
    let shot = out_dir.join(format!("{name}.png"));
    // The program's log goes to a file: a pipe nobody reads while it runs could fill and stall it.
    let log_path = out_dir.join(format!("{name}.log"));
    let log = std::fs::File::create(&log_path).expect("a log file");
    let mut command = Command::new(xvfb);
    // Its own process group, so that a timeout ends xvfb-run, Xvfb and the game together.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command
        .args(["-a", "-s", "-screen 0 1600x900x24"])
        .arg(env!("CARGO_BIN_EXE_salient"))
        .arg("play")
        .args(args)
        .arg("--screenshot")
        .arg(&shot)
        .args(["--exit-after-frames", "90"])
        // A private user folder: no settings or saves of the person running the tests.
        .env("SALIENT_USER_DIR", out_dir.join("user"))
        .envs(lavapipe_icd().map(|icd| ("VK_ICD_FILENAMES", icd)))
        .stdout(Stdio::null())
        .stderr(Stdio::from(log))
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run xvfb-run: {e}"));
    let started = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("the game process") {
            break s;
        }
        if started.elapsed() > Duration::from_secs(240) {
            let _ = Command::new("kill").args(["-TERM", "--", &format!("-{}", child.id())]).status();
            std::thread::sleep(Duration::from_secs(1));
            let _ = child.kill();
            let _ = child.wait();
            panic!("{name}: the window did not finish in 240 s");
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let stderr = std::fs::read_to_string(&log_path).unwrap_or_default();
    assert!(
        status.success(),
        "{name}: the game exited with {status}\n{}",
        stderr.lines().rev().take(30).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join("\n")
    );
    assert!(!stderr.contains("panicked"), "{name}: the game panicked:\n{stderr}");
    assert!(!stderr.contains("could not be opened"), "{name}: the game did not open in the window:\n{stderr}");
    let (colours, top) = colour_stats(&shot);
    assert!(colours > 400, "{name}: only {colours} distinct colours in the screenshot: no map drawn? ({})", shot.display());
    assert!(top < 0.4, "{name}: one colour covers {:.0}% of the screenshot ({})", top * 100.0, shot.display());
}
