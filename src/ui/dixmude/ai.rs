//! The computer opponent for Tempête sur Dixmude, off the frame: the shell's computer player
//! (`ui::ai_worker`) on this ruleset. The window never waits for it; it waits for the window: the
//! next command is asked for once the last one's animations have played.

use bevy::prelude::*;

use crate::rulesets::dixmude::Dixmude;
use crate::ui::ai_worker::{ComputerPlayer, drive_computer, spawn_computer};

use super::session::DixSession;

/// The computer player of Tempête sur Dixmude.
pub type DixAi = ComputerPlayer<Dixmude>;

pub fn plugin(app: &mut App) {
    spawn_computer::<Dixmude>(app);
    app.add_systems(Update, drive_computer::<DixSession>.after(crate::ui::board::area::AreaAnimate).run_if(in_state(super::SCREEN)));
}
