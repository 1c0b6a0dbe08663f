//! The Royal Tank Corps game in the window: the shell's [`GameSession`] on `Rtc`, with its typed
//! sides and the snapshot of the position the rules see.

use crate::rulesets::rtc::Rtc;
use crate::rulesets::rtc::map::Ctx;
use crate::rulesets::rtc::units::Side;
use crate::ui::session::{GameSession, Seat};

/// The game in the window.
pub type AreaSession = GameSession<Rtc>;

impl GameSession<Rtc> {
    /// A snapshot of the position as the rules see it.
    pub fn ctx(&self) -> Ctx {
        Ctx::capture(self.game.world())
    }

    /// The side that must decide now.
    pub fn to_move(&self) -> Option<Side> {
        self.side_to_move().as_deref().and_then(side_from_id)
    }

    pub fn seat(&self, side: Side) -> Seat {
        self.seat_of(side.id())
    }
}

pub fn side_from_id(id: &str) -> Option<Side> {
    Side::BOTH.into_iter().find(|s| s.id() == id)
}

#[cfg(test)]
mod tests {
    /// The replay viewer steps a Royal Tank Corps game forward and back.
    #[test]
    fn a_replay_steps_forward_and_back() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rtc/cambrai.ron");
        crate::ui::replay::check_stepping::<crate::rulesets::rtc::Rtc>(&path);
        crate::ui::replay::check_leaving::<crate::rulesets::rtc::Rtc>(&path);
    }
}
