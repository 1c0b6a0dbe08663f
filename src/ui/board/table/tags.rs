//! The units' tags at planning zoom: where a stand's own label is too small to read, each unit of
//! the [`TableOverlay`] gets one tag beside its stands — a plate in its side's colours with its type
//! symbol, its strength figure large and its designation, its state in red beneath — on the label
//! layer (`board::labels`): kept at a readable size on screen, never over a stand, another tag or a
//! name, and hidden once the camera is close enough for the stands' own print.

use bevy::prelude::*;

use crate::ui::Screen;
use crate::ui::art::nato::symbol;
use crate::ui::art::palette::CounterColours;
use crate::ui::art::{Align, Canvas, Fonts, mix};
use crate::ui::board::BoardModel;
use crate::ui::board::labels::Label;
use crate::ui::map::image_from_rgba;

use super::geometry::stand_rect;
use super::paint::rgba;
use super::{TableMap, TableOverlay, UnitTag, YARD};

/// The tags' z: over the stands and zones, under the targets' badges.
const Z: f32 = 28.0;
/// The plate's height as printed (world units), and its least and greatest height on screen.
const PRINTED: f32 = 30.0 * YARD;
const SCREEN: (f32, f32) = (26.0, 34.0);
/// Closer than this (world units per pixel) the stands' own labels read, and the tags give way.
pub const FAR: f32 = 1.5;
/// Above every place name.
const PRIORITY: u32 = 50_000;
/// The plate's height in pixels of its image, without and with its row of flags.
const PLATE: f32 = 64.0;
const FLAGS: f32 = 24.0;

/// A tag on the table, with what it shows.
#[derive(Component)]
pub(super) struct TagPiece(UnitTag);

/// A tag's image: the plate in the side's colour under a dark rim, the symbol in its frame, the
/// figure and the designation in the side's trim, the flags in white on red beneath.
pub(super) fn tag_image(tag: &UnitTag, body: Color, trim: Color, fonts: &Fonts) -> Canvas {
    let (body, trim) = (rgba(body), rgba(trim));
    let ink = mix(body, [0, 0, 0, 255], 0.7);
    let figure_px = 44.0;
    let name_px = 24.0;
    let symbol_w = if tag.symbol.is_some() { 84.0 } else { 8.0 };
    let figure_w = if tag.figure.is_empty() { 0.0 } else { Canvas::text_width(&fonts.bold, figure_px, &tag.figure) + 12.0 };
    let name_w = Canvas::text_width(&fonts.bold, name_px, &tag.name) + 16.0;
    let flags = tag.flags.join(" · ").to_uppercase();
    let flags_w = Canvas::text_width(&fonts.bold, 17.0, &flags) + 24.0;
    let h = PLATE + if flags.is_empty() { 0.0 } else { FLAGS };
    let w = (symbol_w + figure_w + name_w).max(flags_w).ceil() + 8.0;
    let mut c = Canvas::new(w as u32, h.ceil() as u32 + 4);
    if let Some(p) = Canvas::rounded_rect(4.0, 5.0, w - 6.0, h - 3.0, 9.0) {
        c.fill(&p, [0, 0, 0, 90]);
    }
    let Some(plate) = Canvas::rounded_rect(2.0, 2.0, w - 6.0, h - 4.0, 9.0) else { return c };
    c.fill(&plate, body);
    if !flags.is_empty() {
        c.fill_rect(5.0, PLATE - 2.0, w - 12.0, FLAGS - 3.0, [176, 30, 24, 255]);
        c.text(&fonts.bold, 17.0, w / 2.0 - 2.0, PLATE + FLAGS * 0.55, Align::Center, [255, 246, 230, 255], &flags, Some(w - 20.0));
    }
    c.stroke(&plate, ink, 4.0);
    let mut x = 8.0;
    if let Some(s) = tag.symbol {
        let col = CounterColours { body: mix(body, [255, 255, 255, 255], 0.55), band: body, ink, band_ink: trim };
        symbol(&mut c, s, x + 38.0, PLATE / 2.0 + 1.0, col);
        x += symbol_w;
    }
    if !tag.figure.is_empty() {
        c.text(&fonts.bold, figure_px, x, PLATE / 2.0 + figure_px * 0.36, Align::Left, trim, &tag.figure, None);
        x += figure_w;
    }
    c.text(&fonts.bold, name_px, x, PLATE / 2.0 + name_px * 0.36, Align::Left, trim, &tag.name, None);
    c
}

/// The rectangle the tag's stands cover on the table (world units), if any is on it.
fn stands_rect(tag: &UnitTag, model: &BoardModel) -> Option<Rect> {
    model.pieces.iter().filter(|p| tag.stands.contains(&p.id)).filter_map(|p| p.place.and_then(stand_rect)).reduce(|a, b| a.union(b))
}

/// Keeps one tag entity per unit of the overlay: a tag whose looks changed is drawn again, one whose
/// stands moved only stands beside them anew.
pub(super) fn sync_tags(
    mut commands: Commands,
    map: Res<TableMap>,
    model: Res<BoardModel>,
    overlay: Res<TableOverlay>,
    mut images: ResMut<Assets<Image>>,
    mut tags: Query<(Entity, &TagPiece, &mut Label)>,
    mut drawn_for: Local<Option<u64>>,
) {
    if *drawn_for == Some(model.revision) && !overlay.is_changed() && !map.is_changed() {
        return;
    }
    *drawn_for = Some(model.revision);
    let mut kept = vec![false; overlay.tags.len()];
    for (entity, drawn, mut label) in &mut tags {
        let found = overlay.tags.iter().position(|t| *t == drawn.0).filter(|&i| !kept[i] && !map.is_changed());
        let Some((i, rect)) = found.and_then(|i| stands_rect(&overlay.tags[i], &model).map(|r| (i, r))) else {
            commands.entity(entity).despawn();
            continue;
        };
        kept[i] = true;
        if label.beside != Some(rect) {
            label.beside = Some(rect);
            label.at = rect.center();
        }
    }
    let Some(fonts) = Fonts::load() else { return };
    for (tag, _) in overlay.tags.iter().zip(&kept).filter(|(_, k)| !**k) {
        let Some(rect) = stands_rect(tag, &model) else { continue };
        let side = map.side(&tag.side);
        let c = tag_image(tag, side.colour, side.trim, &fonts);
        let (w, h) = (c.width(), c.height());
        let size = Vec2::new(w as f32, h as f32) * (PRINTED / PLATE);
        let px = PRINTED * h as f32 / PLATE;
        commands.spawn((
            TagPiece(tag.clone()),
            DespawnOnExit(Screen::Game),
            Label {
                at: rect.center(),
                size,
                px,
                screen: (SCREEN.0 * px / PRINTED, SCREEN.1 * px / PRINTED),
                priority: PRIORITY,
                alternates: Vec::new(),
                far_only: Some(FAR),
                beside: Some(rect),
            },
            Sprite { image: images.add(image_from_rgba(w, h, c.to_rgba())), custom_size: Some(size), ..default() },
            Transform::from_translation(rect.center().extend(Z)),
            Visibility::Hidden,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Tabletop;
    use crate::ui::art::nato::Symbol;
    use crate::ui::board::table::TableSide;
    use crate::ui::board::{Piece, PieceState, Place};

    fn stand(id: &str, x: f32) -> Piece {
        Piece {
            id: id.into(),
            side: "red".into(),
            place: Some(Place::Table { at: Vec2::new(x, 50.0), facing: 0.0, size: Vec2::new(20.0, 10.0) }),
            face: "stand".into(),
            label: id.into(),
            markers: vec![],
            state: PieceState::Ready,
        }
    }

    fn tag(stands: &[&str], figure: &str, flags: &[&str]) -> UnitTag {
        UnitTag {
            stands: stands.iter().map(|s| s.to_string()).collect(),
            side: "red".into(),
            symbol: Some(Symbol::Infantry),
            figure: figure.into(),
            name: "1/24th".into(),
            flags: flags.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).init_resource::<Assets<Image>>();
        let mut map = TableMap::new("t", Tabletop { name: "t".into(), width: 400.0, depth: 300.0, features: vec![] });
        map.sides.push(TableSide { id: "red".into(), colour: Color::srgb(0.7, 0.1, 0.1), trim: Color::WHITE });
        app.insert_resource(map).init_resource::<BoardModel>().init_resource::<TableOverlay>().add_systems(Update, sync_tags);
        app
    }

    fn tags(app: &mut App) -> Vec<(Entity, Label)> {
        let world = app.world_mut();
        world.query::<(Entity, &Label, &TagPiece)>().iter(world).map(|(e, l, _)| (e, l.clone())).collect()
    }

    /// One tag per unit, beside all its stands, shown only at planning zoom; moving the unit moves
    /// the tag without drawing it again; a changed strength draws it again.
    #[test]
    fn a_unit_has_one_tag_beside_its_stands_at_planning_zoom() {
        let mut app = app();
        app.world_mut().resource_mut::<BoardModel>().update(vec![stand("a0", 100.0), stand("a1", 130.0)], vec![], vec![], None);
        app.world_mut().resource_mut::<TableOverlay>().tags = vec![tag(&["a0", "a1"], "12", &[])];
        app.update();
        let first = tags(&mut app);
        assert_eq!(first.len(), 1);
        let beside = first[0].1.beside.expect("beside its stands");
        // Both stands (depth 10 yards along x from 100 and 130, frontage 20 along y) are inside it.
        assert!((beside.min.x - 95.0 * YARD).abs() < 1e-3 && (beside.max.x - 135.0 * YARD).abs() < 1e-3, "{beside:?}");
        assert!((beside.min.y - 40.0 * YARD).abs() < 1e-3 && (beside.max.y - 60.0 * YARD).abs() < 1e-3, "{beside:?}");
        assert_eq!(first[0].1.far_only, Some(FAR));

        app.world_mut().resource_mut::<BoardModel>().update(vec![stand("a0", 200.0), stand("a1", 230.0)], vec![], vec![], None);
        app.update();
        let moved = tags(&mut app);
        assert_eq!(moved[0].0, first[0].0, "the same entity, not drawn again");
        assert!((moved[0].1.beside.unwrap().min.x - 195.0 * YARD).abs() < 1e-3);

        app.world_mut().resource_mut::<TableOverlay>().tags = vec![tag(&["a0", "a1"], "9", &["disrupted"])];
        app.update();
        let hit = tags(&mut app);
        assert_eq!(hit.len(), 1);
        assert_ne!(hit[0].0, first[0].0, "drawn again with its new strength");
        assert!(hit[0].1.size.y > first[0].1.size.y, "with its row of flags");
    }

    #[test]
    fn a_tag_shows_its_figure_and_flags_in_the_sides_colours() {
        let fonts = Fonts::load().unwrap();
        let c = tag_image(&tag(&["a"], "12", &["halted"]), Color::srgb(0.7, 0.1, 0.1), Color::WHITE, &fonts);
        let rgba = c.to_rgba();
        let px = |x: u32, y: u32| &rgba[((y * c.width() + x) * 4) as usize..][..4];
        // The plate's body is the side's red; the flags' row a darker red with light text.
        let body = px(c.width() - 12, 10);
        assert!(body[0] > 150 && body[1] < 60, "{body:?}");
        assert!(c.height() as f32 > PLATE + FLAGS - 4.0);
        assert!((0..c.width()).any(|x| px(x, (PLATE + FLAGS * 0.4) as u32)[1] > 200), "flag text drawn");
    }
}
