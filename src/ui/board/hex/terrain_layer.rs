//! The terrain tiles drawn into an image the size of the window, and that image shown under the
//! rest of the map as one rectangle. The tiles are the only layer that covers the whole map, and
//! under a software renderer they were most of a frame's cost (docs/gui.md, Frame time): now they are
//! drawn again only when the view or the map changes (a pan, a zoom, a resize, a new map), and a
//! frame that stands still costs one textured rectangle for them.
//!
//! The tile map itself is bevy_ecs_tilemap's (`map.rs`), on its own render layer, seen only by the
//! terrain camera; that camera copies the map camera's position and zoom. The printed features and
//! the dimmed cells out of play, as still as the tiles, are on the same layer and baked into the
//! same image.

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ImageRenderTarget, RenderTarget};
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::window::PrimaryWindow;

use super::map::DrawnMap;
use crate::ui::board::BoardFrame;
use crate::ui::camera::{MapCamera, MapViewport};
use crate::ui::map::z;
use crate::ui::{Launch, Screen};

/// The render layer of the terrain tiles.
pub const TERRAIN_LAYER: usize = 1;

/// After a change, the terrain is drawn again for this many frames: the tiles of a new map may take a
/// frame or two to reach the renderer.
const SETTLE_FRAMES: u32 = 30;

/// The camera that draws the tiles into the image.
#[derive(Component)]
struct TerrainCamera;

/// The rectangle that shows the image, centred on the map camera.
#[derive(Component)]
struct TerrainImage;

/// What the image was last drawn for, and how many more frames to draw it.
#[derive(Resource, Default)]
struct TerrainState {
    image: Option<Handle<Image>>,
    size: UVec2,
    drawn_for: Option<(Vec3, f32, bool)>,
    frames_left: u32,
}

/// The layer the tilemap is put on (so only the terrain camera draws it).
pub fn layer() -> RenderLayers {
    RenderLayers::layer(TERRAIN_LAYER)
}

fn spawn(mut commands: Commands) {
    commands.spawn((
        Camera2d,
        Camera { order: -1, is_active: false, clear_color: ClearColorConfig::Custom(Color::NONE), ..default() },
        Projection::Orthographic(OrthographicProjection::default_2d()),
        Msaa::Off,
        layer(),
        TerrainCamera,
    ));
    commands.spawn((Sprite::default(), Transform::from_xyz(0.0, 0.0, z::TILES), Visibility::Hidden, TerrainImage));
}

/// Follows the map camera and the window; turns the terrain camera on only when the image must be
/// drawn again.
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn follow(
    mut commands: Commands,
    window: Single<&Window, With<PrimaryWindow>>,
    map_cam: Query<(&Transform, &Projection), (With<MapCamera>, Without<TerrainCamera>, Without<TerrainImage>)>,
    mut terrain_cam: Query<(Entity, &mut Camera, &mut Transform, &mut Projection), (With<TerrainCamera>, Without<TerrainImage>)>,
    mut sprite: Query<(&mut Sprite, &mut Transform, &mut Visibility), With<TerrainImage>>,
    drawn: Option<Res<DrawnMap>>,
    frame: Option<Res<BoardFrame>>,
    viewport: Res<MapViewport>,
    screen: Res<State<Screen>>,
    launch: Res<Launch>,
    mut state: ResMut<TerrainState>,
    mut images: ResMut<Assets<Image>>,
) {
    let (Ok((tf, proj)), Ok((cam_entity, mut camera, mut cam_tf, mut cam_proj)), Ok((mut sprite, mut sprite_tf, mut visible))) =
        (map_cam.single(), terrain_cam.single_mut(), sprite.single_mut())
    else {
        return;
    };
    let Projection::Orthographic(ortho) = proj else { return };
    let shown = drawn.is_some() && *screen.get() == Screen::Game && !launch.hides("tiles");
    if !shown {
        camera.is_active = false;
        visible.set_if_neq(Visibility::Hidden);
        state.drawn_for = None;
        return;
    }
    // An image the size of the window, made again when the window's size changes.
    let size = window.physical_size().max(UVec2::ONE);
    if state.image.is_none() || state.size != size {
        let image = images.add(Image::new_target_texture(size.x, size.y, TextureFormat::Rgba8UnormSrgb, None));
        commands
            .entity(cam_entity)
            .insert(RenderTarget::Image(ImageRenderTarget { handle: image.clone(), scale_factor: window.scale_factor() }));
        sprite.image = image.clone();
        state.image = Some(image);
        state.size = size;
        state.frames_left = SETTLE_FRAMES;
    }
    if drawn.as_ref().is_some_and(|d| d.is_changed()) {
        state.frames_left = SETTLE_FRAMES;
    }
    let key = (tf.translation, ortho.scale, true);
    if state.drawn_for != Some(key) {
        state.drawn_for = Some(key);
        state.frames_left = state.frames_left.max(2);
    }
    // Components are written only when they change, so a still map lets the window sleep (`idle`).
    let active = state.frames_left > 0;
    if camera.is_active != active {
        camera.is_active = active;
    }
    state.frames_left = state.frames_left.saturating_sub(1);
    cam_tf.set_if_neq(*tf);
    if let (Projection::Orthographic(now), Projection::Orthographic(want)) = (cam_proj.as_ref(), proj)
        && now.scale != want.scale
    {
        *cam_proj = proj.clone();
    }
    // The image covers the window, one texel per pixel; only the part of it where the map is, and
    // that the panels (opaque) leave, is shown: every pixel drawn costs the same under a software
    // renderer, terrain or not.
    let Some(frame) = frame else { return };
    let half = Vec2::new(window.width(), window.height()) * ortho.scale / 2.0;
    let view = Rect::from_center_half_size(tf.translation.truncate(), half);
    let to_world = |p: Vec2| Vec2::new(view.min.x + p.x * ortho.scale, view.max.y - p.y * ortho.scale);
    let free = viewport.free.map_or(view, |f| Rect::from_corners(to_world(f.min), to_world(f.max)));
    let shown_part = view.intersect(free).intersect(frame.world);
    if shown_part.is_empty() {
        visible.set_if_neq(Visibility::Hidden);
        return;
    }
    let to_texels = window.scale_factor() / ortho.scale;
    let texels = |p: Vec2| Vec2::new(p.x - view.min.x, view.max.y - p.y) * to_texels;
    let rect = Some(Rect::from_corners(
        texels(Vec2::new(shown_part.min.x, shown_part.max.y)),
        texels(Vec2::new(shown_part.max.x, shown_part.min.y)),
    ));
    if sprite.rect != rect || sprite.custom_size != Some(shown_part.size()) {
        sprite.rect = rect;
        sprite.custom_size = Some(shown_part.size());
    }
    let at = shown_part.center().extend(z::TILES);
    if sprite_tf.translation != at {
        sprite_tf.translation = at;
    }
    visible.set_if_neq(Visibility::Visible);
}

pub fn plugin(app: &mut App) {
    app.init_resource::<TerrainState>()
        .add_systems(Startup, spawn)
        .add_systems(PostUpdate, follow.before(bevy::transform::TransformSystems::Propagate));
}
