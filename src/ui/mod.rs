//! The window (feature `gui`).

use crate::cli::PlayArgs;

pub fn run(_args: PlayArgs) -> i32 {
    eprintln!("salient: the window is not built yet");
    2
}
