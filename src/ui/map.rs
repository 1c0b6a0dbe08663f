//! What every board view shares: the z layers of a map, the images and fonts drawn on it (hexagon
//! fills and rings for highlights, the map fonts), and images made from RGBA pixels. The hex view is
//! `ui::board::hex`.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use super::art::{self, Canvas, terrain};

/// Z layers of the map, bottom to top.
pub mod z {
    pub const TILES: f32 = 0.0;
    pub const FEATURES: f32 = 1.0;
    pub const DIM: f32 = 2.0;
    pub const LABELS: f32 = 3.0;
    pub const HIGHLIGHT: f32 = 4.0;
    pub const BARRAGE: f32 = 5.0;
    pub const COUNTERS: f32 = 10.0;
    pub const HOVER: f32 = 30.0;
    pub const LINE_OF_SIGHT: f32 = 35.0;
    pub const FLOATING_TEXT: f32 = 40.0;
}

/// Images and fonts the boards share.
#[derive(Resource)]
pub struct MapArt {
    /// A filled white hexagon at tile size: tinted for highlights and dimming.
    pub hex_fill: Handle<Image>,
    /// A white hexagon outline: hover and selection.
    pub hex_ring: Handle<Image>,
    pub font_bold: Handle<Font>,
    pub font_regular: Handle<Font>,
    pub font_serif: Handle<Font>,
}

/// Makes a Bevy image from straight-alpha RGBA pixels, kept only on the GPU once uploaded (no second
/// copy in the main world: nothing reads the pixels back).
pub fn image_from_rgba(width: u32, height: u32, data: Vec<u8>) -> Image {
    Image::new(
        Extent3d { width, height, depth_or_array_layers: 1 },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

fn hex_image(ring: bool) -> Image {
    let (w, h) = (terrain::TILE_W, terrain::TILE_H);
    let mut c = Canvas::new(w, h);
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    let r = w as f32 / 3f32.sqrt();
    if ring {
        if let Some(p) = art::polygon(&art::hex_corners(cx, cy, r - 5.0)) {
            c.stroke(&p, [255, 255, 255, 255], 7.0);
        }
    } else {
        c.fill_poly(&art::hex_corners(cx, cy, r - 1.0), [255, 255, 255, 255]);
    }
    image_from_rgba(w, h, c.to_rgba())
}

fn load_art(mut commands: Commands, mut images: ResMut<Assets<Image>>, mut fonts: ResMut<Assets<Font>>) {
    commands.insert_resource(MapArt {
        hex_fill: images.add(hex_image(false)),
        hex_ring: images.add(hex_image(true)),
        font_bold: fonts.add(Font::from_bytes(art::FONT_BOLD.to_vec())),
        font_regular: fonts.add(Font::from_bytes(art::FONT_REGULAR.to_vec())),
        font_serif: fonts.add(Font::from_bytes(art::FONT_SERIF_ITALIC.to_vec())),
    });
}

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, load_art);
}
