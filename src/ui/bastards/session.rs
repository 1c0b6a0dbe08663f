//! The game of Into the Bastards! in the window: the shell's [`GameSession`] on `Bastards`, with its
//! typed sides and the snapshot the map draws from.

use crate::rulesets::bastards::Bastards;
use crate::rulesets::bastards::map::Situation;
use crate::rulesets::bastards::units::Side;
use crate::ui::session::{GameSession, Seat};

/// The game in the window.
pub type PlaySession = GameSession<Bastards>;

impl GameSession<Bastards> {
    /// The side that must decide now.
    pub fn to_move(&self) -> Option<Side> {
        self.side_to_move().as_deref().and_then(Side::from_id)
    }

    pub fn seat(&self, side: Side) -> Seat {
        self.seat_of(side.id())
    }

    pub fn situation(&self) -> Situation {
        Situation::capture(self.game.world())
    }
}
