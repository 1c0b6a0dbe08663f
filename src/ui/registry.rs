//! The window's view of the registry: the presenters `rulesets::presenters()` wires, looked up by id.

use super::presenter::Presenter;

/// Every ruleset's presenter.
pub fn presenters() -> &'static [&'static dyn Presenter] {
    crate::rulesets::presenters()
}

/// The presenter of a ruleset id, if the window plays it.
pub fn presenter(ruleset: &str) -> Option<&'static dyn Presenter> {
    presenters().iter().copied().find(|p| p.id() == ruleset)
}
