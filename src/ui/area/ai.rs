//! The computer opponent for Royal Tank Corps, off the frame: the window's computer player
//! (`ui::ai_worker::ComputerPlayer`) on this ruleset. The window never waits for it; it waits for
//! the window: the next command is asked for once the last one's animations have played.

use bevy::prelude::*;

use crate::rulesets::rtc::Rtc;
use crate::ui::ai_worker::{ComputerPlayer, pace};
use crate::ui::counters::Animations;
use crate::ui::session::Seat;
use crate::ui::settings::Settings;

use super::session::AreaSession;

/// The computer player of Royal Tank Corps.
pub type AreaAi = ComputerPlayer<Rtc>;

/// Keeps the worker in step, applies its answer, and asks it to move when the computer is to decide.
fn drive(mut ai: Option<ResMut<AreaAi>>, mut session: Option<ResMut<AreaSession>>, settings: Res<Settings>, animations: Res<Animations>) {
    let (Some(ai), Some(session)) = (ai.as_mut(), session.as_mut()) else { return };
    ai.sync(&session.game, session.generation);
    if let Some(cmd) = ai.answer(session.revision) {
        let result = session.submit(cmd.clone()).map_err(|r| r.to_string());
        ai.played(&cmd, result);
        // Its animations start next frame; ask again once they have played.
        return;
    }
    if session.to_move().is_some_and(|s| session.seat(s) == Seat::Computer) && !animations.busy() {
        ai.ask(session.revision, pace(&settings));
    }
}

pub fn plugin(app: &mut App) {
    if let Some(w) = AreaAi::spawn() {
        app.insert_resource(w);
    }
    app.add_systems(Update, drive.after(super::anim::AreaAnimate).run_if(in_state(crate::ui::Screen::AreaGame)));
}
