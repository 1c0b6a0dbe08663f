//! The three kinds of board (DESIGN.md, Boards).

pub mod area;
pub mod hex;
pub mod tabletop;

pub use area::{AreaBoard, AreaMapSpec};
pub use hex::{HexBoard, HexMapSpec, MapEdge};
pub use tabletop::{Tabletop, TabletopSpec};
