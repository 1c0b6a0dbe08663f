//! Arbitrary command streams against each shipped scenario: legal commands keep every invariant,
//! illegal ones are refused without changing the state, and nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    salient::fuzzing::command_input(data);
});
