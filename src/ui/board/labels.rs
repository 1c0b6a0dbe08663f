//! The board views' label layer: the place names and the targets' badges (costs, odds, risks) are
//! sized for the camera's zoom within readable bounds — printed at a fixed size in world units, a
//! label is seen at that size while it stays between its least and greatest size on screen, so it
//! reads at the zoom where a player plans and does not swell when close — and they never overprint:
//! where two would overlap at the current zoom, the one of lower priority gives way (badges before
//! place names, a larger place's name before a smaller's). Refitted only when the zoom or the labels
//! change.

use bevy::prelude::*;

use crate::ui::Frame;
use crate::ui::camera::{MapCamera, map_scale};

/// A label on the map.
#[derive(Component, Clone, Debug)]
pub struct Label {
    /// Its centre, in world units.
    pub at: Vec2,
    /// Its size in world units as printed (at transform scale 1).
    pub size: Vec2,
    /// Its font size as printed, in world units.
    pub px: f32,
    /// The least and greatest size of its font on screen, in pixels.
    pub screen: (f32, f32),
    /// Which label keeps its place where two would overlap: the higher.
    pub priority: u32,
    /// Other centres it may stand at, tried in order where `at` is taken.
    pub alternates: Vec<Vec2>,
    /// Shown only while the camera is at least this far out (world units per pixel): a planning
    /// face that gives way to the pieces' own print once that reads.
    pub far_only: Option<f32>,
    /// A rectangle (world units) it stands beside — above it, else below, right or left, clear of
    /// it by a few pixels at the label's size for the zoom — instead of at `at` and `alternates`.
    pub beside: Option<Rect>,
}

impl Label {
    /// The scale the label is drawn at with the camera at `cam` world units per pixel.
    pub fn scale(&self, cam: f32) -> f32 {
        let cam = cam.max(1e-3);
        (self.px / cam).clamp(self.screen.0, self.screen.1) * cam / self.px
    }

    /// Its rectangle in world units with the camera at `cam`, centred at `at`.
    pub fn rect_at(&self, at: Vec2, cam: f32) -> Rect {
        Rect::from_center_size(at, self.size * self.scale(cam))
    }
}

/// The pixel size place names are drawn at (shown smaller or larger by their sprite's size).
pub const NAME_PX: f32 = 40.0;

/// A place's name as a period map prints it: serif italic in a brown ink with a light halo, drawn
/// at [`NAME_PX`]; the image's width and height and its RGBA.
pub fn place_name(fonts: &crate::ui::art::Fonts, name: &str) -> (u32, u32, Vec<u8>) {
    place_name_in(fonts, name, [74, 36, 24, 255])
}

/// A place's name in another ink (water's blue, an objective's red), with the same light halo.
pub fn place_name_in(fonts: &crate::ui::art::Fonts, name: &str, ink: crate::ui::art::Rgba) -> (u32, u32, Vec<u8>) {
    use crate::ui::art::{Align, Canvas};
    let halo = NAME_PX * 0.09;
    let w = (Canvas::text_width(&fonts.serif_italic, NAME_PX, name) + 4.0 * halo).ceil() as u32;
    let h = (NAME_PX * 1.4).ceil() as u32;
    let mut c = Canvas::new(w, h);
    c.text_halo(&fonts.serif_italic, NAME_PX, w as f32 / 2.0, NAME_PX * 1.02, Align::Center, ink, [250, 244, 228, 225], halo, name);
    (w, h, c.to_rgba())
}

/// Something printed on the map that labels must not overprint (an area's box, a stack): its
/// rectangle in world units.
#[derive(Component, Clone, Copy, Debug)]
pub struct LabelObstacle(pub Rect);

/// How a label is fitted: shown or not, its scale, and where it stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fitted {
    pub shown: bool,
    pub scale: f32,
    pub at: Vec2,
}

/// Which labels show, where and at what scale, with the camera at `cam`: the greatest priority
/// first, each at the first of its places clear of the obstacles and of the labels already shown
/// (by a margin of a few pixels), else hidden; a label only for the far zoom is hidden closer.
pub fn fit(labels: &[Label], obstacles: &[Rect], cam: f32) -> Vec<Fitted> {
    let mut order: Vec<usize> = (0..labels.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(labels[i].priority));
    let mut out: Vec<Fitted> = labels.iter().map(|l| Fitted { shown: false, scale: l.scale(cam), at: l.at }).collect();
    let mut shown: Vec<Rect> = obstacles.to_vec();
    for i in order {
        let l = &labels[i];
        if l.far_only.is_some_and(|far| cam < far) {
            continue;
        }
        let clear = |rect: Rect| shown.iter().all(|r| r.inflate(3.0 * cam).intersect(rect).is_empty());
        let places: Vec<Vec2> = match l.beside {
            Some(r) => around(r, l.size * l.scale(cam), 6.0 * cam),
            None => std::iter::once(l.at).chain(l.alternates.iter().copied()).collect(),
        };
        if let Some(at) = places.into_iter().find(|at| clear(l.rect_at(*at, cam))) {
            shown.push(l.rect_at(at, cam));
            out[i] = Fitted { shown: true, scale: l.scale(cam), at };
        }
    }
    out
}

/// The centres of a label of `size` beside the rectangle `r`, `gap` clear of it: above, below,
/// right, left, then above and below a label's height further out.
fn around(r: Rect, size: Vec2, gap: f32) -> Vec<Vec2> {
    let (c, h) = (r.center(), size / 2.0 + Vec2::splat(gap));
    let (above, below) = (Vec2::new(c.x, r.max.y + h.y), Vec2::new(c.x, r.min.y - h.y));
    let further = Vec2::new(0.0, size.y + gap);
    vec![above, below, Vec2::new(r.max.x + h.x, c.y), Vec2::new(r.min.x - h.x, c.y), above + further, below - further]
}

/// Sizes and hides the labels for the camera's zoom; only when it or the labels changed.
fn fit_labels(
    camera: Query<&Projection, With<MapCamera>>,
    mut labels: Query<(Ref<Label>, &mut Transform, &mut Visibility)>,
    obstacles: Query<Ref<LabelObstacle>>,
    mut fitted: Local<Option<f32>>,
    mut removed: RemovedComponents<Label>,
    mut cleared: RemovedComponents<LabelObstacle>,
) {
    let Some(cam) = map_scale(camera) else {
        return;
    };
    let removed = removed.read().count() + cleared.read().count() > 0;
    if *fitted == Some(cam) && !removed && !labels.iter().any(|(l, _, _)| l.is_changed()) && !obstacles.iter().any(|o| o.is_changed()) {
        return;
    }
    *fitted = Some(cam);
    let all: Vec<Label> = labels.iter().map(|(l, _, _)| Label::clone(&l)).collect();
    let blocked: Vec<Rect> = obstacles.iter().map(|o| o.0).collect();
    for ((_, mut tf, mut vis), f) in labels.iter_mut().zip(fit(&all, &blocked, cam)) {
        tf.scale = Vec3::new(f.scale, f.scale, 1.0);
        tf.translation = f.at.extend(tf.translation.z);
        *vis = if f.shown { Visibility::Inherited } else { Visibility::Hidden };
    }
}

/// The label layer's system, added once whichever views use it ([`add_to`]).
struct LabelLayer;

impl Plugin for LabelLayer {
    /// The labels are fitted after the map, the pieces and the targets have spawned theirs.
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            fit_labels
                .in_set(Frame::Visuals)
                .after(super::hex::targets::DrawTargets)
                .after(super::table::TableDraw)
                .run_if(in_state(crate::ui::Screen::Game)),
        );
    }
}

/// Adds the label layer unless another view has.
pub fn add_to(app: &mut App) {
    if !app.is_plugin_added::<LabelLayer>() {
        app.add_plugins(LabelLayer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(x: f32, priority: u32) -> Label {
        Label {
            at: Vec2::new(x, 0.0),
            size: Vec2::new(100.0, 24.0),
            px: 20.0,
            screen: (14.0, 24.0),
            priority,
            alternates: Vec::new(),
            far_only: None,
            beside: None,
        }
    }

    #[test]
    fn labels_stay_readable_when_zoomed_out_and_do_not_swell_when_close() {
        let l = label(0.0, 0);
        // At 3 world units per pixel the printed 20 would be under 7 px on screen: drawn at 14 px.
        assert!((l.scale(3.0) * 20.0 / 3.0 - 14.0).abs() < 1e-4);
        assert_eq!(l.scale(1.0), 1.0);
        // Close (0.4 per pixel: 50 px printed), kept at 24 px.
        assert!((l.scale(0.4) * 20.0 / 0.4 - 24.0).abs() < 1e-4);
    }

    #[test]
    fn overlapping_labels_give_way_to_the_higher_priority() {
        let labels = [label(0.0, 1), label(60.0, 5), label(400.0, 0)];
        // At 1 world unit per pixel the first two overlap (100 wide, 60 apart): the first gives way.
        let fitted = fit(&labels, &[], 1.0);
        assert_eq!(fitted.iter().map(|f| f.shown).collect::<Vec<_>>(), [false, true, true]);
        // Closer (0.4 per pixel: 24 px of font, scale 0.48), they no longer meet.
        assert!(fit(&labels, &[], 0.4).iter().all(|f| f.shown));
    }

    /// A label never overprints an obstacle (an area box, a stack), whatever its priority.
    #[test]
    fn a_label_gives_way_to_an_obstacle() {
        let labels = [label(0.0, 9), label(400.0, 0)];
        let boxed = [Rect::from_center_size(Vec2::new(40.0, 0.0), Vec2::new(50.0, 50.0))];
        assert_eq!(fit(&labels, &boxed, 1.0).iter().map(|f| f.shown).collect::<Vec<_>>(), [false, true]);
        assert!(fit(&labels, &[], 1.0).iter().all(|f| f.shown));
        // With another place to stand, it moves there instead of giving way.
        let moved = Label { alternates: vec![Vec2::new(0.0, -100.0)], ..label(0.0, 9) };
        let f = fit(&[moved], &boxed, 1.0);
        assert!(f[0].shown);
        assert_eq!(f[0].at, Vec2::new(0.0, -100.0));
    }

    /// A planning face (the tabletop's unit tags) shows from its zoom out, and gives way to the
    /// pieces' own print closer in.
    #[test]
    fn a_far_only_label_shows_only_when_zoomed_out() {
        let tag = Label { far_only: Some(2.0), ..label(0.0, 9) };
        assert!(fit(std::slice::from_ref(&tag), &[], 2.5)[0].shown);
        assert!(!fit(std::slice::from_ref(&tag), &[], 1.0)[0].shown);
        assert!(fit(&[label(0.0, 9)], &[], 1.0)[0].shown);
    }

    /// A unit's tag stands beside its stands, never on them: above, else below where above is
    /// taken, at its size for the zoom.
    #[test]
    fn a_label_beside_a_rectangle_stands_clear_of_it() {
        let unit = Rect::from_center_size(Vec2::ZERO, Vec2::new(200.0, 40.0));
        let tag = Label { beside: Some(unit), ..label(0.0, 9) };
        for cam in [1.0, 3.0] {
            let f = fit(std::slice::from_ref(&tag), &[unit], cam)[0];
            assert!(f.shown, "at {cam}");
            let r = tag.rect_at(f.at, cam);
            assert!(r.min.y > unit.max.y, "above at {cam}: {r:?}");
            assert!((r.center().x).abs() < 1e-3);
        }
        let roof = Rect::from_center_size(Vec2::new(0.0, 60.0), Vec2::new(300.0, 60.0));
        let f = fit(std::slice::from_ref(&tag), &[unit, roof], 1.0)[0];
        assert!(f.shown && tag.rect_at(f.at, 1.0).max.y < unit.min.y, "below: {f:?}");
    }
}
