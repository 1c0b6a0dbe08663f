//! The one integration-test binary (so the tests link once).

mod bastards;
mod engine_tests;
