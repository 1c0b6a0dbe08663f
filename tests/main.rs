//! The one integration-test binary (so the tests link once).

mod ai_tests;
mod bastards;
mod campaigns;
mod cli_tests;
mod difficulty;
mod dixmude;
mod engine_tests;
mod fuzz_regressions;
#[cfg(feature = "gui")]
mod gui_smoke;
mod martians;
mod properties;
mod reference_tests;
mod rtc;
mod style;
mod trenches;
