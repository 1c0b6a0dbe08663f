//! The window's half of the registry (`rulesets::registry()` is the rules' half): the presenter of
//! every ruleset the window plays. The one place in the shell that names the rulesets.

use super::presenter::Presenter;

/// Every ruleset's presenter.
pub fn presenters() -> &'static [&'static dyn Presenter] {
    &[&super::bastards::Window, &super::rtc::Window]
}

/// The presenter of a ruleset id, if the window plays it.
pub fn presenter(ruleset: &str) -> Option<&'static dyn Presenter> {
    presenters().iter().copied().find(|p| p.id() == ruleset)
}
