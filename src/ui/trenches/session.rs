//! The game of In the Trenches in the window: the shell's [`GameSession`] on `Trenches`, with its
//! typed sides, the position the panels read, and the side whose eyes the map sees with (hidden
//! units, 7.24, and the other side's set-up, 13.2, are not shown to the wrong player).

use crate::rulesets::trenches::Trenches;
use crate::rulesets::trenches::state::{Phase, Pos, Where};
use crate::rulesets::trenches::units::Side;
use crate::ui::session::{GameSession, Seat};

/// The game in the window.
pub type TrenchSession = GameSession<Trenches>;

impl GameSession<Trenches> {
    /// The side that must decide now.
    pub fn to_move(&self) -> Option<Side> {
        self.side_to_move().as_deref().and_then(Side::from_id)
    }

    pub fn seat(&self, side: Side) -> Seat {
        self.seat_of(side.id())
    }

    /// The position as the rules hold it.
    pub fn pos(&self) -> Pos {
        Pos::capture(self.game.world())
    }

    /// Whose eyes the map sees with: the one person against the computer; at a hot-seat game the
    /// side to decide (the hand-over screen stands between the players); nobody's (everything
    /// shown) when the computer plays both sides or a replay is watched.
    pub fn viewer(&self) -> Option<Side> {
        let humans: Vec<Side> = Side::BOTH.iter().copied().filter(|s| self.seat(*s) == Seat::Human).collect();
        match humans.as_slice() {
            [one] => Some(*one),
            [_, _] => self.to_move().or(self.last_human.as_deref().and_then(Side::from_id)),
            _ => None,
        }
    }
}

/// Whether the viewer may see unit `u`: its own side's always; the other side's once set-up is over
/// and it is not hidden (7.24).
pub fn visible(p: &Pos, viewer: Option<Side>, u: usize) -> bool {
    let Some(v) = viewer else { return true };
    if p.side(u) == v {
        return true;
    }
    if p.r.phase != Phase::Rounds && p.r.outcome.is_none() {
        return false;
    }
    !p.units[u].hidden || !matches!(p.units[u].at, Where::Hex(_))
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::ui::presenter::default_seats;
    use crate::ui::session::open_game;

    fn open(name: &str) -> TrenchSession {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/trenches").join(name);
        let game = open_game::<Trenches>(&path, 1).expect("the operation opens");
        TrenchSession::new(game, default_seats(&["central".into(), "allied".into()]))
    }

    /// The other side's set-up is not shown; the player's own units are.
    #[test]
    fn the_other_sides_set_up_is_not_shown() {
        let mut s = open("hill-142.ron");
        // The Germans place first; the person plays the first side of the scenario (the Germans).
        assert_eq!(s.viewer(), Some(Side::Central));
        while s.to_move() == Some(Side::Central) {
            let c = s.legal.first().cloned().expect("a placement");
            s.submit(c).expect("legal");
        }
        let p = s.pos();
        let german = (0..p.units.len()).find(|&u| p.side(u) == Side::Central).unwrap();
        assert!(visible(&p, Some(Side::Central), german));
        assert!(!visible(&p, Some(Side::Allied), german));
    }

    /// The replay viewer steps a game forward and back; leaving leaves nothing behind.
    #[test]
    fn a_replay_steps_forward_and_back() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/trenches/hill-142.ron");
        crate::ui::replay::check_stepping::<Trenches>(&path);
        crate::ui::replay::check_leaving::<Trenches>(&path);
    }

    /// Writes saves at moments worth looking at in the window (`cargo test -- --ignored
    /// write_sample_saves`): the Marines able to fire, the Marines to react, a finished game.
    #[test]
    #[ignore]
    fn write_sample_saves() {
        use crate::rulesets::trenches::Command;
        use crate::rulesets::trenches::view::{Stage, stage};
        let dir = std::env::temp_dir();
        for name in ["hill-142.ron", "lucys-corner.ron", "wasteland.ron"] {
            let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/trenches").join(name);
            let mut game = open_game::<Trenches>(&path, 7).expect("the operation opens");
            let (mut fire, mut react) = (false, false);
            for _ in 0..4000 {
                if game.is_over() {
                    break;
                }
                let p = Pos::capture(game.world());
                let legal = game.legal().to_vec();
                let stem = name.trim_end_matches(".ron");
                if !fire && stage(&p) == Some(Stage::Force(Side::Allied)) && legal.iter().any(|c| matches!(c, Command::Fire(..))) {
                    game.save(&dir.join(format!("trenches-{stem}-fire.ron"))).expect("saved");
                    fire = true;
                }
                for (what, kind) in [("range", 0), ("effect", 1)] {
                    let file = dir.join(format!("trenches-{stem}-{what}.ron"));
                    let found = legal.iter().any(|c| matches!((c, kind), (Command::Range(..), 0) | (Command::FireForEffect(..), 1)));
                    if found && !file.exists() && stage(&p) == Some(Stage::Force(Side::Central)) {
                        game.save(&file).expect("saved");
                    }
                }
                if !react && stage(&p) == Some(Stage::Reaction(Side::Allied)) && legal.len() > 1 {
                    game.save(&dir.join(format!("trenches-{stem}-react.ron"))).expect("saved");
                    react = true;
                }
                let Some(c) = crate::ai::choose(&mut game) else { break };
                game.submit(c).expect("the computer plays legal commands");
            }
            if game.is_over() {
                game.save(&dir.join(format!("trenches-{}-over.ron", name.trim_end_matches(".ron")))).expect("saved");
            }
        }
    }
}
