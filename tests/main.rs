//! The one integration-test binary (so the tests link once).

mod bastards;
mod rtc;
mod engine_tests;
mod fuzz_regressions;
mod properties;
mod ai_tests;
#[cfg(feature = "gui")] mod gui_smoke;
