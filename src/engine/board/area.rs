//! Area (zone) boards (DESIGN.md, Boards): numbered areas with explicit adjacency, attributes on the
//! borders between them (canal, bridge, river), and optional shapes drawn as sets of cells of a hex
//! grid. Adjacency is what the rules say it is: corner contact is not adjacency, so shapes that touch
//! without being adjacent must be listed in `not_adjacent`, and the validator checks the geometry
//! against the declared adjacency.

use std::collections::{BTreeMap, BTreeSet};

use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::hex::{HexBoard, Orientation, Shifted};
use crate::engine::source::Problems;

/// The RON description of an area map (`AreaMap(...)` files).
#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename = "AreaMap", deny_unknown_fields)]
pub struct AreaMapSpec {
    /// File format version (1).
    pub format: u32,
    /// The ruleset whose terrain names and tags this map uses.
    pub ruleset: String,
    /// The map's name, as the window shows it.
    pub name: String,
    /// Where the map comes from; say here what is reconstructed and from what.
    #[serde(default)]
    pub source: String,
    /// The cell grid the shapes are drawn on, if the map has shapes.
    #[serde(default)]
    pub grid: Option<CellGridSpec>,
    /// Every area (or zone) of the map, each id once.
    pub areas: Vec<AreaSpec>,
    /// Attributes of borders between adjacent areas.
    #[serde(default)]
    pub borders: Vec<BorderSpec>,
    /// Pairs of areas whose shapes touch but which the rules do not count as adjacent.
    #[serde(default)]
    pub not_adjacent: Vec<(u32, u32)>,
    /// Lines printed on the map that the rules do not read (roads, railways), for the window.
    #[serde(default)]
    pub lines: Vec<LineSpec>,
}

/// A line printed on an area map, through the centres of cells of its grid.
#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LineSpec {
    /// What it is: `road` or `railway` (the window draws other kinds as a thin line).
    pub kind: String,
    /// Its name, for the modder (`Cambrai - Bapaume road`).
    #[serde(default)]
    pub name: String,
    /// The cells (labels of the grid) it passes through, in order; two or more.
    pub cells: Vec<String>,
}

/// A line of a built board: its kind and the cells it runs through.
#[derive(Clone, Debug, PartialEq)]
pub struct MapLine {
    pub kind: String,
    pub cells: Vec<Hex>,
}

#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CellGridSpec {
    /// Which way the grid's cells point.
    #[serde(default)]
    pub orientation: Orientation,
    /// Which rows (pointy top) or columns (flat top) sit half a cell out of line.
    #[serde(default)]
    pub shifted: Shifted,
    /// The number of columns of cells, numbered from 01 in cell labels.
    pub columns: u32,
    /// The number of rows of cells, lettered A, B... in cell labels.
    pub rows: u32,
}

#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AreaSpec {
    /// The area's number, as the rulebook prints it (RTC's areas, Dixmude's zones); each once.
    pub id: u32,
    /// The area's name, if it has one (a village, a wood), shown in the window.
    #[serde(default)]
    pub name: String,
    /// The ruleset's terrain name for the area.
    #[serde(default)]
    pub terrain: String,
    /// Free attributes the ruleset reads (`victory`, `supply:german`...).
    #[serde(default)]
    pub tags: Vec<String>,
    /// The areas this one is adjacent to; each must list this one back.
    pub adjacent: Vec<u32>,
    /// The cells (hex labels of the grid) making up the area's shape.
    #[serde(default)]
    pub cells: Vec<String>,
}

#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BorderSpec {
    /// The two adjacent areas the border separates, by id.
    pub between: (u32, u32),
    /// What the border is, by names the ruleset reads (`canal`, `bridge`...).
    pub kinds: Vec<String>,
}

/// One area of a built board.
#[derive(Clone, Debug)]
pub struct Area {
    pub id: u32,
    pub name: String,
    pub terrain: String,
    pub tags: Vec<String>,
    pub adjacent: Vec<u32>,
    pub cells: Vec<Hex>,
}

/// An area board ready for the rules.
#[derive(Clone, Debug)]
pub struct AreaBoard {
    pub name: String,
    pub areas: BTreeMap<u32, Area>,
    pub borders: BTreeMap<(u32, u32), Vec<String>>,
    /// The cell grid of the shapes (for drawing and picking), if any.
    pub grid: Option<HexBoard>,
    /// Roads and railways, for drawing.
    pub lines: Vec<MapLine>,
}

fn pair(a: u32, b: u32) -> (u32, u32) {
    (a.min(b), a.max(b))
}

impl AreaBoard {
    /// Builds the board, reporting duplicate ids, references to undefined areas, asymmetric
    /// adjacency, borders between non-adjacent areas, and shapes that disagree with the adjacency.
    pub fn from_spec(spec: &AreaMapSpec, problems: &mut Problems) -> AreaBoard {
        let grid = spec.grid.as_ref().map(|g| HexBoard::blank(g.columns, g.rows, g.orientation, g.shifted, "cell"));
        let mut areas = BTreeMap::new();
        for (i, a) in spec.areas.iter().enumerate() {
            if areas.contains_key(&a.id) {
                problems.push(format!("areas.{i}.id"), format!("area {} is defined twice", a.id));
                continue;
            }
            let mut cells = Vec::new();
            for (j, label) in a.cells.iter().enumerate() {
                match &grid {
                    None => {
                        problems.push(format!("areas.{i}.cells"), "cells are given but the map has no `grid`");
                        break;
                    }
                    Some(g) => match g.parse(label) {
                        Ok(h) => cells.push(h),
                        Err(e) => problems.push(format!("areas.{i}.cells.{j}"), e),
                    },
                }
            }
            areas.insert(
                a.id,
                Area {
                    id: a.id,
                    name: a.name.clone(),
                    terrain: a.terrain.clone(),
                    tags: a.tags.clone(),
                    adjacent: a.adjacent.clone(),
                    cells,
                },
            );
        }
        for (i, a) in spec.areas.iter().enumerate() {
            for (j, other) in a.adjacent.iter().enumerate() {
                let path = format!("areas.{i}.adjacent.{j}");
                match areas.get(other) {
                    None => problems.push(path, format!("area {} lists area {other} as adjacent, but there is no area {other}", a.id)),
                    Some(o) if *other == a.id => problems.push(path, format!("area {} lists itself as adjacent", o.id)),
                    Some(o) if !o.adjacent.contains(&a.id) => problems.push(
                        path,
                        format!("asymmetric adjacency: area {} lists {other} as adjacent but area {other} does not list {}", a.id, a.id),
                    ),
                    Some(_) => {}
                }
            }
        }
        let mut borders = BTreeMap::new();
        for (i, b) in spec.borders.iter().enumerate() {
            let (x, y) = b.between;
            let adjacent = areas.get(&x).is_some_and(|a| a.adjacent.contains(&y));
            if !areas.contains_key(&x) || !areas.contains_key(&y) {
                problems.push(format!("borders.{i}.between"), format!("border {x}-{y} names an area that is not defined"));
            } else if !adjacent {
                problems.push(format!("borders.{i}.between"), format!("areas {x} and {y} are not adjacent, so they have no border"));
            }
            borders.insert(pair(x, y), b.kinds.clone());
        }
        if let Some(g) = &grid {
            let mut owner: BTreeMap<(i32, i32), u32> = BTreeMap::new();
            for (i, a) in spec.areas.iter().enumerate() {
                let Some(area) = areas.get(&a.id) else { continue };
                for (j, c) in area.cells.iter().enumerate() {
                    if let Some(prev) = owner.insert((c.x, c.y), a.id)
                        && prev != a.id
                    {
                        problems.push(
                            format!("areas.{i}.cells.{j}"),
                            format!("cell {} belongs to both area {prev} and area {}", g.label(*c), a.id),
                        );
                    }
                }
            }
            let not_adjacent: BTreeSet<(u32, u32)> = spec.not_adjacent.iter().map(|(a, b)| pair(*a, *b)).collect();
            let mut touching: BTreeSet<(u32, u32)> = BTreeSet::new();
            for (&(x, y), &id) in &owner {
                for n in Hex::new(x, y).all_neighbors() {
                    if let Some(&other) = owner.get(&(n.x, n.y))
                        && other != id
                    {
                        touching.insert(pair(id, other));
                    }
                }
            }
            let with_shapes: BTreeSet<u32> = areas.values().filter(|a| !a.cells.is_empty()).map(|a| a.id).collect();
            for (i, a) in spec.areas.iter().enumerate() {
                for (j, other) in a.adjacent.iter().enumerate() {
                    if a.id < *other
                        && with_shapes.contains(&a.id)
                        && with_shapes.contains(other)
                        && !touching.contains(&pair(a.id, *other))
                    {
                        problems.push(
                            format!("areas.{i}.adjacent.{j}"),
                            format!("areas {} and {other} are declared adjacent but their shapes do not touch", a.id),
                        );
                    }
                }
            }
            for &(x, y) in &touching {
                let declared = areas.get(&x).is_some_and(|a| a.adjacent.contains(&y));
                if !declared && !not_adjacent.contains(&(x, y)) {
                    let i = spec.areas.iter().position(|a| a.id == x).unwrap_or(0);
                    problems.push(
                        format!("areas.{i}.adjacent"),
                        format!(
                            "the shapes of areas {x} and {y} touch but they are not declared adjacent (list them in `not_adjacent` if the rules do not count this contact)"
                        ),
                    );
                }
            }
        }
        let mut lines = Vec::new();
        for (i, l) in spec.lines.iter().enumerate() {
            let Some(g) = &grid else {
                problems.push(format!("lines.{i}"), "lines are given but the map has no `grid` to draw them on");
                break;
            };
            if l.cells.len() < 2 {
                problems.push(format!("lines.{i}.cells"), "a line runs through two cells or more");
            }
            let mut cells = Vec::new();
            for (j, label) in l.cells.iter().enumerate() {
                match g.parse(label) {
                    Ok(h) => cells.push(h),
                    Err(e) => problems.push(format!("lines.{i}.cells.{j}"), e),
                }
            }
            lines.push(MapLine { kind: l.kind.clone(), cells });
        }
        AreaBoard { name: spec.name.clone(), areas, borders, grid, lines }
    }

    pub fn adjacent(&self, a: u32, b: u32) -> bool {
        self.areas.get(&a).is_some_and(|x| x.adjacent.contains(&b))
    }

    /// The attributes of the border between two adjacent areas (empty if none).
    pub fn border(&self, a: u32, b: u32) -> &[String] {
        self.borders.get(&pair(a, b)).map(|v| v.as_slice()).unwrap_or(&[])
    }

    /// Fewest area-to-area moves from `from` to `to` through areas accepted by `pass` (breadth first).
    pub fn distance(&self, from: u32, to: u32, pass: impl Fn(u32) -> bool) -> Option<u32> {
        let mut seen = BTreeSet::from([from]);
        let mut frontier = vec![from];
        let mut d = 0;
        while !frontier.is_empty() {
            if frontier.contains(&to) {
                return Some(d);
            }
            let mut next = Vec::new();
            for a in frontier {
                for &n in self.areas.get(&a).map(|x| x.adjacent.as_slice()).unwrap_or(&[]) {
                    if (n == to || pass(n)) && seen.insert(n) {
                        next.push(n);
                    }
                }
            }
            frontier = next;
            d += 1;
        }
        None
    }

    /// The area whose shape holds a cell.
    pub fn area_at(&self, cell: Hex) -> Option<u32> {
        self.areas.values().find(|a| a.cells.contains(&cell)).map(|a| a.id)
    }
}
