//! Stands and formations (1.2, 3): a unit's castings are mounted on basic stands, so many to a stand
//! by formation (1.2a-d, 3.2: skirmishers three foot or one mounted casting a stand), and its stands
//! are laid out in straight lines by its formation around the centre of its front edge, its anchor:
//! line side by side, column back to front (3.2), native mass in ranks and double column (3.24),
//! the European square (3.2), limbered and unlimbered guns (3.5), and aviation in a flight. A unit
//! therefore always keeps its formation, and its own stands never interpenetrate.

use std::f32::consts::{FRAC_PI_2, PI};

use serde::{Deserialize, Serialize};

use crate::engine::board::tabletop::{Stand, Yards};

use super::tables::{Army, Kind, Tables, UnitType};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Formation {
    /// Stands side by side (3.2).
    Line,
    /// Stands back to front (3.2).
    Column,
    /// Open order, skirmish deployed (3.2, 3.3).
    Skirmish,
    /// Native multi-rank mass (3.24).
    Mass,
    /// Native double column (3.24).
    DoubleColumn,
    /// European square (3.2).
    Square,
    /// Artillery hitched to its limbers, ready to move (4.5, 6.11).
    Limbered,
    /// Artillery deployed to fire (6.11).
    Unlimbered,
    /// Aviation.
    Flight,
}

impl Formation {
    pub const ALL: [Formation; 9] = [
        Formation::Line,
        Formation::Column,
        Formation::Skirmish,
        Formation::Mass,
        Formation::DoubleColumn,
        Formation::Square,
        Formation::Limbered,
        Formation::Unlimbered,
        Formation::Flight,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Formation::Line => "line",
            Formation::Column => "column",
            Formation::Skirmish => "skirmish order",
            Formation::Mass => "mass",
            Formation::DoubleColumn => "double column",
            Formation::Square => "square",
            Formation::Limbered => "limbered",
            Formation::Unlimbered => "unlimbered",
            Formation::Flight => "flight",
        }
    }
    /// Native mass formations are Mass Infantry targets (6.7c, 7.5).
    pub fn is_mass(self) -> bool {
        matches!(self, Formation::Mass | Formation::DoubleColumn)
    }
}

/// Whether a unit type may take a formation (3.2-3.5).
pub fn allowed(f: Formation, ty: &UnitType, army: &Army) -> Result<(), String> {
    if ty.hero {
        // Heroic Characters: one stand that melees "as if Formed troops".
        return if f == Formation::Line {
            Ok(())
        } else {
            Err("a heroic character is one formed stand: it stays in line (Heroic Characters)".into())
        };
    }
    let ok = match ty.kind {
        Kind::Infantry => match f {
            Formation::Line | Formation::Column => true,
            Formation::Skirmish => ty.skirmishers,
            Formation::Square => army.european,
            Formation::Mass | Formation::DoubleColumn => !army.european,
            _ => false,
        },
        Kind::Cavalry | Kind::LightCavalry => match f {
            Formation::Line | Formation::Column | Formation::Skirmish => true,
            Formation::Mass | Formation::DoubleColumn => !army.european,
            _ => false,
        },
        Kind::Artillery => matches!(f, Formation::Limbered | Formation::Unlimbered),
        Kind::Aviation => f == Formation::Flight,
        // Steam Power Vehicle Rules: vehicles side by side or one behind another.
        Kind::Recon | Kind::Assault | Kind::Skimmer => matches!(f, Formation::Line | Formation::Column),
    };
    if ok {
        return Ok(());
    }
    Err(match (ty.kind, f) {
        (Kind::Infantry, Formation::Square) => "only European trained units form square (3.2)".into(),
        (_, Formation::Mass | Formation::DoubleColumn) if army.european => "only native units use the mass and double column (3.24)".into(),
        (Kind::Infantry, Formation::Skirmish) => format!("a {} does not deploy as skirmishers (3.2)", ty.name),
        _ => format!("a {} cannot be in {} (3)", ty.kind.name(), f.name()),
    })
}

/// Castings a stand holds in a formation (1.2a-d, 3.2, 3.3).
pub fn per_stand(t: &Tables, ty: &UnitType, f: Formation) -> u32 {
    match f {
        Formation::Skirmish if ty.kind.mounted() => t.skirmish_castings.mounted,
        Formation::Skirmish => t.skirmish_castings.foot,
        _ => ty.per_stand.max(1),
    }
}

/// The castings on each stand, full stands first (the last holds what is left).
pub fn castings_by_stand(t: &Tables, ty: &UnitType, f: Formation, castings: u32) -> Vec<u32> {
    if ty.kind == Kind::Artillery {
        // 6.11: a section's crew on each section's stand.
        let n = ty.sections.max(1);
        return (0..n).map(|i| castings / n + u32::from(i < castings % n)).filter(|&c| c > 0).collect();
    }
    let cap = per_stand(t, ty, f);
    let mut out = vec![cap; (castings / cap) as usize];
    if !castings.is_multiple_of(cap) {
        out.push(castings % cap);
    }
    out
}

/// A stand's place in its unit's frame: across (to the right), ahead (of the anchor), and how far it
/// is turned from the unit's facing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot {
    pub across: f32,
    pub ahead: f32,
    pub turn: f32,
}

/// The slots of `n` stands in a formation (3.2-3.5).
pub fn slots(f: Formation, n: usize, w: f32, d: f32) -> Vec<Slot> {
    let row = |m: usize, j: usize| (j as f32 - (m as f32 - 1.0) / 2.0) * w;
    let slot = |across, ahead, turn| Slot { across, ahead, turn };
    match f {
        Formation::Column | Formation::Limbered => (0..n).map(|i| slot(0.0, -d / 2.0 - i as f32 * d, 0.0)).collect(),
        Formation::Mass => {
            let width = n.div_ceil(2).max(1);
            (0..n).map(|i| slot(row(width.min(n - (i / width) * width), i % width), -d / 2.0 - (i / width) as f32 * d, 0.0)).collect()
        }
        Formation::DoubleColumn => (0..n)
            .map(|i| slot(if n == 1 { 0.0 } else { row(2.min(n - (i / 2) * 2), i % 2) }, -d / 2.0 - (i / 2) as f32 * d, 0.0))
            .collect(),
        Formation::Square if n == 2 => vec![slot(0.0, -d / 2.0, 0.0), slot(0.0, -1.5 * d, PI)],
        Formation::Square => square(n, w, d),
        _ => (0..n).map(|i| slot(row(n, i), -d / 2.0, 0.0)).collect(),
    }
}

/// 3.2: "Three stands are in a triangular arrangement. Four or more stands are placed in a box
/// arrangement with as near as equal sides as possible": sides front, back, left, right, each facing out.
fn square(n: usize, w: f32, d: f32) -> Vec<Slot> {
    let k = n.div_ceil(4).max(1);
    let h = k as f32 * w / 2.0;
    let centre = -(h + d);
    // How many stands on each side: front, back, left, right (three stands: front, left, right).
    let mut counts = [0usize; 4];
    let order: &[usize] = if n == 3 { &[0, 2, 3] } else { &[0, 1, 2, 3] };
    for i in 0..n {
        counts[order[i % order.len()]] += 1;
    }
    let mut out = Vec::new();
    for (side, &m) in counts.iter().enumerate() {
        for j in 0..m {
            let along = (j as f32 - (m as f32 - 1.0) / 2.0) * w;
            out.push(match side {
                0 => Slot { across: along, ahead: centre + h + d / 2.0, turn: 0.0 },
                1 => Slot { across: -along, ahead: centre - h - d / 2.0, turn: PI },
                2 => Slot { across: -(h + d / 2.0), ahead: centre + along, turn: FRAC_PI_2 },
                _ => Slot { across: h + d / 2.0, ahead: centre - along, turn: -FRAC_PI_2 },
            });
        }
    }
    out
}

/// The stands of a unit on the table: anchor (centre of the front edge) and facing in radians.
pub fn layout(t: &Tables, ty: &UnitType, f: Formation, castings: u32, at: (f32, f32), facing: f32) -> Vec<Stand> {
    let n = castings_by_stand(t, ty, f, castings).len();
    place(&slots(f, n, t.stand.frontage, t.stand.depth), at, facing, t.stand.frontage, t.stand.depth)
}

/// What a unit occupies on the table: its stands and, for a square of three stands or more, the
/// hollow they enclose (no stand may enter a square: its sides would otherwise close on it as it
/// shrinks, 3.2).
pub fn footprint(t: &Tables, ty: &UnitType, f: Formation, castings: u32, at: (f32, f32), facing: f32) -> Vec<Stand> {
    let mut stands = layout(t, ty, f, castings, at, facing);
    let n = stands.len();
    if f == Formation::Square && n >= 3 {
        let (w, d) = (t.stand.frontage, t.stand.depth);
        let h = n.div_ceil(4) as f32 * w / 2.0;
        let hollow = Slot { across: 0.0, ahead: -(h + d), turn: 0.0 };
        let mut s = place(&[hollow], at, facing, 2.0 * h, 2.0 * h);
        stands.append(&mut s);
    }
    stands
}

/// Slots placed on the table.
pub fn place(slots: &[Slot], at: (f32, f32), facing: f32, w: f32, d: f32) -> Vec<Stand> {
    let (s, c) = facing.sin_cos();
    let (fwd, right) = (Yards::new(c, s), Yards::new(s, -c));
    slots
        .iter()
        .map(|sl| Stand {
            centre: Yards::new(at.0 + right.x * sl.across + fwd.x * sl.ahead, at.1 + right.y * sl.across + fwd.y * sl.ahead),
            facing: facing + sl.turn,
            frontage: w,
            depth: d,
        })
        .collect()
}
