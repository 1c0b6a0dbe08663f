//! The main menu.

use bevy::prelude::*;

use super::session::{PlaySession, seats_from};
use super::{Launch, MenuMessage, Screen};

/// Opens the game the command line names (a scenario or a save), straight away.
fn start_from_command_line(mut commands: Commands, launch: Res<Launch>, mut next: ResMut<NextState<Screen>>, mut message: ResMut<MenuMessage>) {
    let args = &launch.args;
    let Some(path) = args.scenario.clone() else { return };
    let seats = match seats_from(args.side.as_deref(), &args.ai) {
        Ok(s) => s,
        Err(e) => {
            message.0 = Some(e);
            return;
        }
    };
    match PlaySession::open(&path, args.seed.unwrap_or(1), seats) {
        Ok(s) => {
            commands.insert_resource(s);
            next.set(Screen::Game);
        }
        Err(e) => message.0 = Some(e),
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, start_from_command_line);
}
