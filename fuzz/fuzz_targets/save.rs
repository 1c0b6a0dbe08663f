//! The save loader on arbitrary bytes: a clear error or a game, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    salient::fuzzing::save_input(data);
});
