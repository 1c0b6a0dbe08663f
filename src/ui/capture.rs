//! `--screenshot FILE --exit-after-frames N`: take a screenshot of the window at frame N and quit;
//! `--exit-after-frames N` alone quits at frame N. And the frame-time benchmark
//! (`SALIENT_BENCH_FRAMES=N`): after a warm-up, time N frames and print the figures on standard
//! output, then quit (see tools/gui_frame_bench.sh).

use std::time::Instant;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use super::Launch;

/// Frames drawn before the benchmark starts timing.
const BENCH_WARMUP: u32 = 60;

#[derive(Default)]
struct Counter {
    frames: u32,
    requested: bool,
    bench: Vec<f64>,
    last: Option<Instant>,
    /// Milliseconds from the process's start to the first frame (the start-up the benchmark reports).
    first_frame_ms: u64,
}

/// The process's resident memory now and at its peak, in MB (`/proc/self/status`; 0 elsewhere).
fn resident_mb() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .unwrap_or(0)
            / 1024
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Milliseconds since the process started (Linux: its start time in `/proc/self/stat` against the
/// system's uptime, to the clock tick; 0 elsewhere).
fn since_process_start_ms() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let uptime = std::fs::read_to_string("/proc/uptime").unwrap_or_default();
    // The fields after the command name (which is in parentheses); the start time is field 22.
    let after = stat.rsplit_once(')').map(|(_, rest)| rest).unwrap_or("");
    let start_ticks = after.split_whitespace().nth(19).and_then(|v| v.parse::<f64>().ok());
    let up = uptime.split_whitespace().next().and_then(|v| v.parse::<f64>().ok());
    match (start_ticks, up) {
        // Linux's clock tick is 100 Hz on every common configuration.
        (Some(t), Some(up)) => ((up - t / 100.0).max(0.0) * 1000.0) as u64,
        _ => 0,
    }
}

fn count_frames(mut state: Local<Counter>, launch: Res<Launch>, mut commands: Commands, mut exit: MessageWriter<AppExit>) {
    state.frames += 1;
    let frame = state.frames;
    if frame == 1 {
        state.first_frame_ms = since_process_start_ms();
    }
    if let Some(n) = launch.bench_frames {
        let now = Instant::now();
        if frame > BENCH_WARMUP
            && let Some(last) = state.last
        {
            state.bench.push(now.duration_since(last).as_secs_f64() * 1000.0);
        }
        state.last = Some(now);
        if state.bench.len() >= n as usize {
            let mut v = state.bench.clone();
            v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
            let mean = v.iter().sum::<f64>() / v.len() as f64;
            let median = v[v.len() / 2];
            let p95 = v[(v.len() * 95 / 100).min(v.len() - 1)];
            let (rss, peak) = resident_mb();
            println!(
                "bench {}: frames {} mean {mean:.2} ms median {median:.2} ms p95 {p95:.2} ms rss {rss} MB peak {peak} MB first-frame {} ms",
                if launch.bench_empty { "empty-2d-scene" } else { "salient-map" },
                v.len(),
                state.first_frame_ms
            );
            exit.write(AppExit::Success);
        }
        return;
    }
    let screenshot = launch.args.screenshot.clone();
    let at = launch.args.exit_after_frames.unwrap_or(90);
    match screenshot {
        Some(path) if frame >= at && !state.requested => {
            state.requested = true;
            let mut save = save_to_disk(path);
            commands.spawn(Screenshot::primary_window()).observe(move |ev: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                save(ev);
                exit.write(AppExit::Success);
            });
        }
        Some(_) if frame > at + 600 => {
            error!("the screenshot was not captured; quitting");
            exit.write(AppExit::error());
        }
        None if launch.args.exit_after_frames.is_some() && frame >= at => {
            exit.write(AppExit::Success);
        }
        _ => {}
    }
}

/// Frame benchmark: hides the layers `SALIENT_BENCH_HIDE` names.
#[allow(clippy::type_complexity)]
fn hide_layers(
    launch: Res<Launch>,
    mut tiles: Query<
        &mut Visibility,
        (
            With<bevy_ecs_tilemap::prelude::TileStorage>,
            Without<super::board::hex::map::FeatureSquare>,
            Without<super::board::hex::pieces::Counter>,
        ),
    >,
    mut features: Query<&mut Visibility, (With<super::board::hex::map::FeatureSquare>, Without<super::board::hex::pieces::Counter>)>,
    mut counters: Query<&mut Visibility, With<super::board::hex::pieces::Counter>>,
) {
    if launch.hides("tiles") {
        tiles.iter_mut().for_each(|mut v| *v = Visibility::Hidden);
    }
    if launch.hides("features") {
        features.iter_mut().for_each(|mut v| *v = Visibility::Hidden);
    }
    if launch.hides("counters") {
        counters.iter_mut().for_each(|mut v| *v = Visibility::Hidden);
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(Last, count_frames);
    app.add_systems(PostUpdate, hide_layers.run_if(|l: Res<Launch>| !l.bench_hide.is_empty()));
}
