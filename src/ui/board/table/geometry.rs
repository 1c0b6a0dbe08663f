//! The table's geometry in yards, free of the ECS: a stand from its place, the stand under a point,
//! which band of a zone a point is in, and the outlines the zones are drawn with.

use std::f32::consts::{FRAC_PI_2, PI};

use bevy::prelude::*;

use crate::engine::board::tabletop::{Stand, Yards};
use crate::ui::board::{Piece, Place};

use super::{FireZone, ZoneShape};

/// How near (in yards) a bare point's piece (a stand of no size) must be to be picked.
pub const POINT_PICK: f32 = 4.0;

pub fn yards(p: Vec2) -> Yards {
    Yards::new(p.x, p.y)
}

pub fn vec(p: Yards) -> Vec2 {
    Vec2::new(p.x, p.y)
}

/// The stand at a table place (`None` for another kind of place).
pub fn stand_of(place: Place) -> Option<Stand> {
    match place {
        Place::Table { at, facing, size } => Some(Stand { centre: yards(at), facing, frontage: size.x, depth: size.y }),
        _ => None,
    }
}

/// The rectangle a piece's stand covers in world units (its turned base's bounds; a small square
/// round a bare point), for the label layer.
pub fn stand_rect(place: Place) -> Option<Rect> {
    let stand = stand_of(place)?;
    if stand.frontage <= 0.0 || stand.depth <= 0.0 {
        return Some(Rect::from_center_size(super::to_world(vec(stand.centre)), Vec2::splat(6.0 * super::YARD)));
    }
    let corners = stand.corners().map(|c| super::to_world(vec(c)));
    Some(corners.iter().fold(Rect::from_center_size(corners[0], Vec2::ZERO), |r, c| r.union_point(*c)))
}

/// Whether a table point (yards) is on the piece's stand (or near its point, for a piece of no
/// size).
pub fn on_piece(piece: &Piece, p: Vec2) -> bool {
    let Some(stand) = piece.place.and_then(stand_of) else { return false };
    if stand.frontage <= 0.0 || stand.depth <= 0.0 {
        return stand.centre.distance(yards(p)) <= POINT_PICK;
    }
    stand.contains(yards(p))
}

/// The piece under a table point: the last in the model's order (drawn on top) whose stand holds it.
pub fn piece_at(pieces: &[Piece], p: Vec2) -> Option<&Piece> {
    pieces.iter().rev().find(|piece| on_piece(piece, p))
}

impl ZoneShape {
    /// How far a table point is, as this shape measures, if it lies in the shape's direction from the
    /// stand (whatever the range).
    pub fn reach(self, stand: &Stand, p: Vec2) -> Option<f32> {
        let (across, ahead) = stand.local(yards(p));
        let (hw, hd) = (stand.frontage / 2.0, stand.depth / 2.0);
        let beyond = ahead - hd;
        match self {
            ZoneShape::Corridor => (across.abs() <= hw + 1e-4 && beyond >= -1e-4).then_some(beyond.max(0.0)),
            ZoneShape::Forward => {
                let aside = (across.abs() - hw).max(0.0);
                (beyond >= -1e-4).then(|| (aside * aside + beyond.max(0.0).powi(2)).sqrt())
            }
            ZoneShape::AllRound => Some(stand.distance_to(yards(p))),
            ZoneShape::Arc { half_angle } => {
                let off = Vec2::new(across, beyond);
                let angle = across.abs().atan2(beyond);
                (off.length() < 1e-4 || angle <= half_angle + 1e-4).then_some(off.length())
            }
        }
    }

    /// The outline of the shape out to `range` yards, in the stand's frame (x to its right, y ahead of
    /// its centre), and whether it closes on itself. Every range gives the same number of points, so
    /// two outlines bound a band.
    pub fn outline(self, stand: &Stand, range: f32) -> (Vec<Vec2>, bool) {
        const STEPS: usize = 12;
        let (hw, hd) = (stand.frontage / 2.0, stand.depth / 2.0);
        let round = |centre: Vec2, from: f32, to: f32| {
            (0..=STEPS).map(move |k| {
                let a = from + (to - from) * k as f32 / STEPS as f32;
                centre + range * Vec2::new(a.cos(), a.sin())
            })
        };
        // Angles in the stand's frame: 0 to its right, π/2 ahead, π to its left.
        match self {
            ZoneShape::Corridor => (vec![Vec2::new(-hw, hd + range), Vec2::new(hw, hd + range)], false),
            ZoneShape::Forward => {
                let mut out: Vec<Vec2> = round(Vec2::new(-hw, hd), PI, FRAC_PI_2).collect();
                out.extend(round(Vec2::new(hw, hd), FRAC_PI_2, 0.0));
                (out, false)
            }
            ZoneShape::AllRound => {
                let mut out: Vec<Vec2> = round(Vec2::new(-hw, hd), PI, FRAC_PI_2).collect();
                out.extend(round(Vec2::new(hw, hd), FRAC_PI_2, 0.0));
                out.extend(round(Vec2::new(hw, -hd), 0.0, -FRAC_PI_2));
                out.extend(round(Vec2::new(-hw, -hd), -FRAC_PI_2, -PI));
                (out, true)
            }
            ZoneShape::Arc { half_angle } => {
                let half = half_angle.clamp(0.0, PI);
                (round(Vec2::new(0.0, hd), FRAC_PI_2 + half, FRAC_PI_2 - half).collect(), half >= PI - 1e-3)
            }
        }
    }
}

impl FireZone {
    /// The band (0 the nearest) a table point lies in, `None` outside the zone.
    pub fn band_at(&self, p: Vec2) -> Option<usize> {
        let stand = stand_of(self.from)?;
        let reach = self.shape.reach(&stand, p)?;
        self.bands.iter().position(|b| reach <= b.to + 1e-4)
    }
}

/// A point of a stand's frame on the table.
pub fn from_frame(stand: &Stand, p: Vec2) -> Vec2 {
    vec(stand.point(p.x, p.y))
}

/// The triangles of the band between two outlines of the same shape (inner and outer), as table
/// points and indices.
pub fn band_mesh(inner: &[Vec2], outer: &[Vec2], closed: bool) -> (Vec<Vec2>, Vec<u32>) {
    let n = inner.len().min(outer.len());
    let mut pos: Vec<Vec2> = Vec::with_capacity(2 * n);
    let mut idx = Vec::new();
    for i in 0..n {
        pos.push(inner[i]);
        pos.push(outer[i]);
    }
    let segments = if closed { n } else { n.saturating_sub(1) };
    for i in 0..segments {
        let (a, b) = (2 * i as u32, 2 * ((i + 1) % n) as u32);
        idx.extend_from_slice(&[a, a + 1, b + 1, a, b + 1, b]);
    }
    (pos, idx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::board::table::RangeBand;
    use crate::ui::board::{PieceState, TargetKind};

    fn place(x: f32, y: f32, facing: f32) -> Place {
        Place::Table { at: Vec2::new(x, y), facing, size: Vec2::new(30.0, 20.0) }
    }

    fn piece(id: &str, at: Place) -> Piece {
        Piece {
            id: id.into(),
            side: "a".into(),
            place: Some(at),
            face: "inf".into(),
            label: id.into(),
            markers: vec![],
            state: PieceState::Ready,
        }
    }

    #[test]
    fn the_stand_under_the_pointer_is_found_in_its_turned_rectangle() {
        // A stand at (100, 100) facing north-east (45°), 30 yards of frontage and 20 of depth; another
        // facing east just beside it, and one drawn over the first.
        let a = piece("a", place(100.0, 100.0, FRAC_PI_2 / 2.0));
        let b = piece("b", place(140.0, 100.0, 0.0));
        assert_eq!(piece_at(&[a.clone(), b.clone()], Vec2::new(100.0, 100.0)).map(|p| p.id.as_str()), Some("a"));
        // 9 yards ahead of a's centre, along its facing: on it; 11.5 yards ahead: past its front edge.
        let ahead = |d: f32| Vec2::new(100.0, 100.0) + d * Vec2::from_angle(FRAC_PI_2 / 2.0);
        assert!(on_piece(&a, ahead(9.0)));
        assert!(!on_piece(&a, ahead(11.5)));
        // The corner of a's axis-aligned bounding box is not on the turned stand.
        assert!(!on_piece(&a, Vec2::new(113.0, 113.0)));
        // b faces east: its frontage runs north-south, 15 yards each side of its centre.
        assert_eq!(piece_at(&[a.clone(), b.clone()], Vec2::new(140.0, 114.0)).map(|p| p.id.as_str()), Some("b"));
        assert_eq!(piece_at(&[a.clone(), b.clone()], Vec2::new(152.0, 100.0)).map(|p| p.id.as_str()), None);
        // The later piece of the model is on top.
        let c = piece("c", place(100.0, 100.0, 0.0));
        assert_eq!(piece_at(&[a, b, c], Vec2::new(100.0, 100.0)).map(|p| p.id.as_str()), Some("c"));
    }

    #[test]
    fn a_bare_point_is_picked_near_it_only() {
        let p = piece("courier", Place::Table { at: Vec2::new(50.0, 50.0), facing: 0.0, size: Vec2::ZERO });
        assert!(on_piece(&p, Vec2::new(53.0, 50.0)));
        assert!(!on_piece(&p, Vec2::new(56.0, 50.0)));
    }

    fn zone(shape: ZoneShape) -> FireZone {
        FireZone {
            from: place(0.0, 0.0, FRAC_PI_2),
            shape,
            bands: vec![RangeBand { to: 100.0, label: "short".into() }, RangeBand { to: 300.0, label: "long".into() }],
            kind: TargetKind::Fire,
        }
    }

    #[test]
    fn a_kill_zone_is_as_wide_as_the_stand_and_never_angled() {
        // The stand faces +y; its front edge is at y = 10, from x = -15 to 15.
        let z = zone(ZoneShape::Corridor);
        assert_eq!(z.band_at(Vec2::new(0.0, 60.0)), Some(0));
        assert_eq!(z.band_at(Vec2::new(14.0, 200.0)), Some(1));
        assert_eq!(z.band_at(Vec2::new(14.0, 311.0)), None, "past 300 yards from the front edge");
        assert_eq!(z.band_at(Vec2::new(16.0, 60.0)), None, "beside the stand's width");
        assert_eq!(z.band_at(Vec2::new(0.0, -60.0)), None, "behind it");
    }

    #[test]
    fn forward_all_round_and_arc_zones_measure_as_they_say() {
        let fwd = zone(ZoneShape::Forward);
        // 60 to the side of the left end of the front edge, level with it: forward, 60 yards.
        assert_eq!(fwd.band_at(Vec2::new(-75.0, 10.0)), Some(0));
        assert_eq!(fwd.band_at(Vec2::new(-75.0, 5.0)), None, "behind the line of the front edge");
        // 80 ahead and 80 aside of the right end: 113 yards, the long band.
        assert_eq!(fwd.band_at(Vec2::new(95.0, 90.0)), Some(1));
        let round = zone(ZoneShape::AllRound);
        assert_eq!(round.band_at(Vec2::new(0.0, -100.0)), Some(0), "90 yards behind the rear edge");
        assert_eq!(round.band_at(Vec2::new(0.0, -120.0)), Some(1));
        assert_eq!(round.band_at(Vec2::new(0.0, 0.0)), Some(0), "on the stand itself");
        let arc = zone(ZoneShape::Arc { half_angle: 0.5 });
        // From the middle of the front edge (0, 10), half an angle of 0.5 rad (28.6°) each side.
        assert_eq!(arc.band_at(Vec2::new(0.0, 60.0)), Some(0));
        assert_eq!(arc.band_at(Vec2::new(25.0, 60.0)), Some(0), "26.6° off the facing");
        assert_eq!(arc.band_at(Vec2::new(30.0, 60.0)), None, "31° off the facing");
    }

    #[test]
    fn outlines_of_a_shape_have_the_same_points_at_every_range() {
        let stand = stand_of(place(0.0, 0.0, 0.0)).unwrap();
        for shape in [ZoneShape::Corridor, ZoneShape::Forward, ZoneShape::AllRound, ZoneShape::Arc { half_angle: 0.7 }] {
            let (a, _) = shape.outline(&stand, 0.0);
            let (b, closed) = shape.outline(&stand, 250.0);
            assert_eq!(a.len(), b.len(), "{shape:?}");
            // Every point of the outer outline is at the range the shape measures.
            for p in &b {
                let at = from_frame(&stand, *p);
                let reach = shape.reach(&stand, at).expect("in the shape's direction");
                assert!((reach - 250.0).abs() < 0.5, "{shape:?} {p} measures {reach}");
            }
            let (_, idx) = band_mesh(&a, &b, closed);
            assert_eq!(idx.len(), 6 * if closed { a.len() } else { a.len() - 1 });
        }
    }
}
