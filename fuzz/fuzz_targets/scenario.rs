//! The scenario loader and validator on arbitrary text: every input gives diagnostics or a
//! scenario, never a panic. The input is tried as a scenario (with the shipped map beside it), as a
//! map, and as a tables file.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    salient::fuzzing::scenario_input(data);
});
