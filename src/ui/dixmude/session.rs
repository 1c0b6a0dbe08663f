//! The Tempête sur Dixmude game in the window: the shell's [`GameSession`] on `Dixmude`, with its
//! typed sides and the position the rules see.

use crate::rulesets::dixmude::Dixmude;
use crate::rulesets::dixmude::state::Pos;
use crate::rulesets::dixmude::units::Side;
use crate::ui::session::{GameSession, Seat};

/// The game in the window.
pub type DixSession = GameSession<Dixmude>;

impl GameSession<Dixmude> {
    /// The position as the rules see it.
    pub fn pos(&self) -> Pos {
        Pos::capture(self.game.world())
    }

    /// The side that must decide now.
    pub fn to_move(&self) -> Option<Side> {
        self.side_to_move().as_deref().and_then(Side::from_id)
    }

    pub fn seat(&self, side: Side) -> Seat {
        self.seat_of(side.id())
    }

    /// The side whose strategy hand the window may show: a person's, never the computer's; in a
    /// hot-seat game only the side to move (the hand-over screen covers the change of player).
    pub fn hand_shown(&self) -> Option<Side> {
        let people: Vec<Side> = Side::BOTH.into_iter().filter(|s| self.seat(*s) == Seat::Human).collect();
        match people.as_slice() {
            [one] => Some(*one),
            [_, _] => self.to_move(),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn open(seats: [(Side, Seat); 2]) -> DixSession {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/dixmude/dixmude-1914.ron");
        let seats = seats.into_iter().map(|(s, seat)| (s.id().to_string(), seat)).collect::<BTreeMap<_, _>>();
        DixSession::open(&path, 1, seats).expect("the scenario opens")
    }

    /// The hand shown is the person's own: never the computer's, and in a hot-seat game the side to move's.
    #[test]
    fn only_a_persons_own_hand_is_shown() {
        let s = open([(Side::FrancoBelgian, Seat::Human), (Side::German, Seat::Computer)]);
        assert_eq!(s.hand_shown(), Some(Side::FrancoBelgian));
        let s = open([(Side::FrancoBelgian, Seat::Computer), (Side::German, Seat::Human)]);
        assert_eq!(s.hand_shown(), Some(Side::German));
        let s = open([(Side::FrancoBelgian, Seat::Human), (Side::German, Seat::Human)]);
        assert_eq!(s.hand_shown(), s.to_move());
        let s = open([(Side::FrancoBelgian, Seat::Computer), (Side::German, Seat::Computer)]);
        assert_eq!(s.hand_shown(), None);
    }

    /// The replay viewer steps a Dixmude game forward and back.
    #[test]
    fn a_replay_steps_forward_and_back() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/dixmude/dixmude-1914.ron");
        crate::ui::replay::check_stepping::<Dixmude>(&path);
        crate::ui::replay::check_leaving::<Dixmude>(&path);
    }
}
