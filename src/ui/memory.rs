//! Gives back to the system the memory the window freed after building a board. Drawing a map's
//! art (tiles, counters, features, area outlines) allocates large pixel buffers that are freed once
//! they are uploaded, but glibc's allocator keeps freed memory in its arenas, so the process would
//! go on holding the peak of the build as resident memory. A few frames after a game screen opens
//! (when its board has been built and uploaded), the allocator is asked to return what it holds
//! unused (`malloc_trim`). Elsewhere than Linux with glibc this does nothing.

use bevy::prelude::*;

use super::Screen;

#[cfg(all(target_os = "linux", target_env = "gnu"))]
unsafe extern "C" {
    fn malloc_trim(pad: usize) -> i32;
}

/// Returns the allocator's free memory to the system.
pub fn trim() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory of glibc's own heap; it touches no live allocation.
    unsafe {
        malloc_trim(0);
    }
}

/// Frames since the screen changed; the board is built and uploaded within the first few.
#[derive(Resource, Default)]
struct SinceScreen(u32);

/// Frames after a screen opens at which the freed memory is given back (the board built; its
/// textures uploaded and their main-world copies dropped).
const TRIM_AT: [u32; 2] = [10, 90];

fn count(mut since: ResMut<SinceScreen>, screen: Res<State<Screen>>) {
    if screen.is_changed() {
        since.0 = 0;
    }
    since.0 = since.0.saturating_add(1);
    if TRIM_AT.contains(&since.0) {
        trim();
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<SinceScreen>().add_systems(Last, count);
}
