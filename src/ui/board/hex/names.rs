//! The names of the map's places (the board's named places: villages, woods, the objectives of the
//! victory conditions) on the label layer (`labels`: sized for the zoom, never overprinting): in the
//! italic of a period map with a light halo, under the counters as printed names are.

use bevy::prelude::*;

use super::map::{DrawnMap, of_map};
use crate::ui::Frame;
use crate::ui::art;
use crate::ui::board::labels::{Label, NAME_PX, place_name};
use crate::ui::geometry::{HEX, hex_to_world};
use crate::ui::map::{image_from_rgba, z};

/// A place of this many hexes or more has the larger name.
const LARGE_PLACE: usize = 10;

/// A place's name on the map.
#[derive(Component)]
pub struct PlaceName;

/// The font size of a name as printed, in world units: larger for a place of [`LARGE_PLACE`] hexes or
/// more; and its least and greatest size on screen, in pixels.
fn printed(hexes: usize) -> (f32, (f32, f32)) {
    if hexes >= LARGE_PLACE { (25.0, (17.0, 30.0)) } else { (20.0, (14.0, 24.0)) }
}

/// Draws each place's name once per map drawn.
fn spawn_names(mut commands: Commands, drawn: Res<DrawnMap>, mut images: ResMut<Assets<Image>>) {
    let Some(fonts) = art::Fonts::load() else { return };
    let board = &drawn.board;
    for place in board.places.iter().filter(|p| !p.hexes.is_empty()) {
        let n = place.hexes.len() as f32;
        let centre = place.hexes.iter().map(|h| hex_to_world(board, *h)).sum::<Vec2>() / n;
        let (w, h, rgba) = place_name(&fonts, &place.name);
        let (px, screen) = printed(place.hexes.len());
        let at = centre - Vec2::new(0.0, HEX * 0.48);
        let size = Vec2::new(w as f32, h as f32) * (px / NAME_PX);
        commands.spawn((
            of_map(),
            PlaceName,
            Label {
                at,
                size,
                px,
                screen,
                priority: place.hexes.len().min(9_999) as u32,
                alternates: Vec::new(),
                far_only: None,
                beside: None,
            },
            Sprite { image: images.add(image_from_rgba(w, h, rgba)), custom_size: Some(size), ..default() },
            Transform::from_translation(at.extend(z::LABELS + 0.5)),
        ));
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        spawn_names
            .run_if(resource_exists_and_changed::<DrawnMap>)
            .in_set(Frame::Map)
            .after(super::map::DrawHexMap)
            .run_if(in_state(crate::ui::Screen::Game)),
    );
}
