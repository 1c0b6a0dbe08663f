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

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::ui::presenter::default_seats;
    use crate::ui::session::open_game;

    /// The log's lines carry the turn they happened in: a new turn begins with its own event.
    #[test]
    fn the_log_is_split_by_turn() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bastards/first-tank-battle.ron");
        let game = open_game::<Bastards>(&path, 1).expect("scenario 1 opens");
        let mut s = PlaySession::new(game, default_seats(&["allied".into(), "german".into()]));
        while s.view.turn < 2 {
            let cmd = s.legal.first().cloned().expect("a legal command");
            s.submit(cmd).expect("a legal command is accepted");
        }
        let first_of_turn_2 = s.log.iter().position(|l| l.turn == 2).expect("turn 2 is in the log");
        assert!(s.log[first_of_turn_2].line.text().contains('2'), "{:?}", s.log[first_of_turn_2].line);
        assert!(s.log[..first_of_turn_2].iter().all(|l| l.turn == 1));
        assert!(s.log[first_of_turn_2..].iter().all(|l| l.turn == 2));
    }

    /// The replay viewer steps an Into the Bastards! game forward and back; leaving the game screen
    /// leaves neither the session nor the replay behind.
    #[test]
    fn a_replay_steps_forward_and_back() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/bastards/first-tank-battle.ron");
        crate::ui::replay::check_stepping::<Bastards>(&path);
        crate::ui::replay::check_leaving::<Bastards>(&path);
    }
}
