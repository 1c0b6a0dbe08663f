//! The areas' names printed on the map, as a period area map prints its place names: serif italic
//! with a light halo, under the area's village or woods at its `site`, clear of the box and stacks;
//! on the label layer (`board::labels`: sized for the zoom, never overprinting — a larger area's
//! name before a smaller's).

use bevy::prelude::*;

use crate::ui::Playing;
use crate::ui::art;
use crate::ui::board::labels::{Label, NAME_PX, place_name};
use crate::ui::map::image_from_rgba;

use super::outline::AreaShape;
use super::paint::z;
use super::{AreaMapArt, DrawnAreaMap, Look};

/// An area's name on the map, drawn for the map of this key.
#[derive(Component)]
pub(super) struct AreaName(String);

/// The font size of a name as printed, in world units, and its least and greatest size on screen:
/// a place (village, town, wood) larger than open ground.
fn printed(look: Look) -> (f32, (f32, f32)) {
    match look {
        Look::Village | Look::Town | Look::Woods => (66.0, (14.0, 30.0)),
        _ => (52.0, (12.0, 22.0)),
    }
}

/// The other places a name may stand, nearest first: around its art, then nearer the middle of the
/// area; each inside the area.
fn places(shape: &AreaShape, at: Vec2) -> Vec<Vec2> {
    let around = [(0.0, -110.0), (0.0, 110.0), (-160.0, 0.0), (160.0, 0.0), (0.0, -220.0), (0.0, 220.0), (-160.0, -110.0), (160.0, 110.0)];
    let mut out: Vec<Vec2> = around.iter().map(|&(x, y)| at + Vec2::new(x, y)).chain([shape.site]).collect();
    out.retain(|p| shape.contains(*p) && *p != at);
    out
}

/// Which name keeps its place where two would meet: a place (village, town, wood) before open
/// ground, then the larger area.
fn priority(look: Look, cells: usize) -> u32 {
    let place = matches!(look, Look::Village | Look::Town | Look::Woods);
    u32::from(place) * 10_000 + cells.min(9_999) as u32
}

/// Prints every area's name once per map drawn.
pub(super) fn spawn_names(
    mut commands: Commands,
    art: Option<Res<AreaMapArt>>,
    drawn: Option<Res<DrawnAreaMap>>,
    screen: Res<State<Playing>>,
    names: Query<(Entity, &AreaName)>,
    mut images: ResMut<Assets<Image>>,
) {
    let (Some(art), Some(drawn)) = (art, drawn) else { return };
    if drawn.key != art.key || names.iter().any(|(_, n)| n.0 == drawn.key) {
        return;
    }
    for (e, _) in &names {
        commands.entity(e).despawn();
    }
    let Some(fonts) = art::Fonts::load() else { return };
    for a in &art.areas {
        let (Some(name), Some(shape)) = (&a.name, drawn.shapes.areas.get(&a.id)) else { continue };
        let (w, h, rgba) = place_name(&fonts, name);
        let (px, screen_px) = printed(a.look);
        // Beside the houses, on the side away from the box.
        let beside = if matches!(a.look, Look::Village | Look::Town) { 100.0 } else { 0.0 };
        let at = shape.site + Vec2::new(0.0, if shape.site.y >= shape.pole.y { beside } else { -beside });
        let size = Vec2::new(w as f32, h as f32) * (px / NAME_PX);
        commands.spawn((
            DespawnOnExit(*screen.get()),
            AreaName(drawn.key.clone()),
            Label {
                at,
                size,
                px,
                screen: screen_px,
                priority: priority(a.look, a.cells.len()),
                alternates: places(shape, at),
                far_only: None,
                beside: None,
            },
            Sprite { image: images.add(image_from_rgba(w, h, rgba)), custom_size: Some(size), ..default() },
            Transform::from_translation(at.extend(z::NAME)),
        ));
    }
}
