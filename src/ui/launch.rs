//! The window's launch options (`salient play`): they belong to the window, and are built even
//! without it (feature `gui` off) so that `salient play` still parses and can say the window is missing.

use std::path::PathBuf;

#[derive(clap::Args, Debug, Default, Clone)]
pub struct LaunchArgs {
    /// A scenario file to open straight into.
    pub scenario: Option<PathBuf>,
    /// The side you play (the other is the computer unless --ai says otherwise).
    #[arg(long)]
    pub side: Option<String>,
    /// A side the computer plays (repeat for both).
    #[arg(long)]
    pub ai: Vec<String>,
    #[arg(long)]
    pub seed: Option<u64>,
    /// A save to load.
    #[arg(long)]
    pub load: Option<PathBuf>,
    /// A save, or a folder of games kept by `salient sim --keep`, to watch in the replay viewer.
    #[arg(long)]
    pub replay: Option<PathBuf>,
    /// Take a screenshot into this file, then quit (with --exit-after-frames).
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
    #[arg(long)]
    pub exit_after_frames: Option<u32>,
}
