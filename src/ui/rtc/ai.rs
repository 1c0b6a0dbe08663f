//! The computer opponent for Royal Tank Corps, off the frame: the shell's computer player
//! (`ui::ai_worker`) on this ruleset. The window never waits for it; it waits for the window: the
//! next command is asked for once the last one's animations have played.

use bevy::prelude::*;

use crate::rulesets::rtc::Rtc;
use crate::ui::ai_worker::{ComputerPlayer, drive_computer, spawn_computer};

use super::session::AreaSession;

/// The computer player of Royal Tank Corps.
pub type AreaAi = ComputerPlayer<Rtc>;

pub fn plugin(app: &mut App) {
    spawn_computer::<Rtc>(app);
    app.add_systems(Update, drive_computer::<AreaSession>.after(crate::ui::board::area::AreaAnimate).run_if(in_state(super::SCREEN)));
}
