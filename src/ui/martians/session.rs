//! The Martians game in the window: the shell's [`GameSession`] on `Martians`, with the position the
//! rules see and the units a person may look at.

use crate::rulesets::martians::Martians;
use crate::rulesets::martians::state::Pos;
use crate::ui::session::GameSession;

/// The game in the window.
pub type MarSession = GameSession<Martians>;

impl GameSession<Martians> {
    /// The position as the rules see it.
    pub fn pos(&self) -> Pos {
        Pos::capture(self.game.world())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::ui::session::Seat;

    fn path() -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/martians/syrtis-kopje.ron")
    }

    /// The session opens a battle with the first decision awaited and legal orders to give.
    #[test]
    fn a_battle_opens_in_the_window_session() {
        let seats: BTreeMap<String, Seat> = [("british".to_string(), Seat::Human), ("indunas".to_string(), Seat::Human)].into();
        let s = MarSession::open(&path(), 3, seats).expect("the scenario opens");
        assert!(s.game.pending().is_some());
        assert!(!s.legal.is_empty());
        // Every unit, and every commander (a stand the campaign may carry, 2.31), is in the view.
        assert_eq!(s.pos().units.len() + s.pos().r.leaders.len(), s.view.units.len());
    }

    /// The replay viewer steps a Martians game forward and back.
    #[test]
    fn a_replay_steps_forward_and_back() {
        crate::ui::replay::check_stepping::<Martians>(&path());
        crate::ui::replay::check_leaving::<Martians>(&path());
    }
}
