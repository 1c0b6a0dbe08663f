//! Where Salient finds its data (shipped scenarios and tables) and keeps the user's files (saves,
//! mods, settings).

use std::path::PathBuf;

/// The folder holding `assets/` and `scenarios/`: `$SALIENT_DATA_DIR` if set; otherwise the first
/// folder holding `assets/rulesets` found walking up from the program's location; otherwise the
/// source tree it was built from; otherwise the current folder.
pub fn data_root() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("SALIENT_DATA_DIR") {
        return Some(PathBuf::from(dir));
    }
    if let Ok(exe) = std::env::current_exe() {
        let mut dir = exe.parent().map(|p| p.to_path_buf());
        while let Some(d) = dir {
            if d.join("assets/rulesets").is_dir() {
                return Some(d);
            }
            dir = d.parent().map(|p| p.to_path_buf());
        }
    }
    let built = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if built.join("assets/rulesets").is_dir() {
        return Some(built);
    }
    std::env::current_dir().ok()
}

/// The user's own folder: `$SALIENT_USER_DIR`, else `$XDG_DATA_HOME/salient`, else
/// `~/.local/share/salient`.
pub fn user_dir() -> PathBuf {
    if let Ok(dir) = std::env::var("SALIENT_USER_DIR") {
        return PathBuf::from(dir);
    }
    if let Ok(dir) = std::env::var("XDG_DATA_HOME")
        && !dir.is_empty()
    {
        return PathBuf::from(dir).join("salient");
    }
    let home = std::env::var("HOME").unwrap_or_else(|_| ".".into());
    PathBuf::from(home).join(".local/share/salient")
}

/// Saved games.
pub fn saves_dir() -> PathBuf {
    user_dir().join("saves")
}

/// Scenarios written by the user or downloaded (searched beside the shipped ones).
pub fn mods_dir() -> PathBuf {
    user_dir().join("mods")
}
