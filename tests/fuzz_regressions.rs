//! Every input the fuzzers ever found a crash with, kept as a regression test (issue 7). Each file
//! in `tests/data/fuzz/<target>/` is fed to the same harness as `fuzz/fuzz_targets/<target>.rs`.

use std::path::Path;

fn replay(target: &str, run: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz").join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let bytes = std::fs::read(entry.path()).unwrap();
        run(&bytes);
        n += 1;
    }
    n
}

#[test]
fn scenario_inputs_that_once_crashed_are_handled() {
    replay("scenario", salient::fuzzing::scenario_input);
}

#[test]
fn save_inputs_that_once_crashed_are_handled() {
    replay("save", salient::fuzzing::save_input);
}

#[test]
fn command_streams_that_once_crashed_are_handled() {
    replay("commands", salient::fuzzing::command_input);
    // And a few fixed streams, so the harness itself is exercised on every run.
    for seed in 0u8..4 {
        let stream: Vec<u8> = (0..600u32).map(|i| (i.wrapping_mul(97).wrapping_add(u32::from(seed) * 31) % 251) as u8).collect();
        let mut data = vec![seed];
        data.extend(stream);
        salient::fuzzing::command_input(&data);
    }
}
