//! Hex boards (DESIGN.md, Boards): hexx axial coordinates underneath, offset labels on top exactly as
//! the rulebooks write them (`K05`, `AA12`: row letters, then the column number), terrain per hex, hex
//! features (trench lines with their owner...) and hexside features (roads, streams, wire).
//!
//! Map space: x grows to the east, y to the south (row A is at the top); the distance between two
//! adjacent hex centres is 1.

use std::collections::HashMap;

use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::engine::source::{Problems, nearest};

/// Which way the hexes point. With `PointyTop` the rows are straight lines and the columns zig-zag;
/// with `FlatTop` the columns are straight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema)]
pub enum Orientation {
    /// Hexes with a point up: rows are straight, columns zig-zag (the default).
    #[default]
    PointyTop,
    /// Hexes with a flat side up: columns are straight, rows zig-zag.
    FlatTop,
}

/// Which lines sit half a hex out of line, counting from 1 as the labels do: with `Even`, rows B, D,
/// F... (pointy top) sit half a hex to the east of rows A, C, E...; columns 02, 04... (flat top) sit
/// half a hex to the south.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema)]
pub enum Shifted {
    /// The even lines (B, D... or 02, 04...) are shifted (the default).
    #[default]
    Even,
    /// The odd lines (A, C... or 01, 03...) are shifted.
    Odd,
}

/// A side of the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum MapEdge {
    /// The top edge (row A).
    North,
    /// The bottom edge (the last row).
    South,
    /// The right edge (the last column).
    East,
    /// The left edge (column 01).
    West,
}

/// The six directions of a pointy-top hex, clockwise from north-east.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Direction {
    /// Up and to the right.
    NorthEast,
    /// Straight to the right.
    East,
    /// Down and to the right.
    SouthEast,
    /// Down and to the left.
    SouthWest,
    /// Straight to the left.
    West,
    /// Up and to the left.
    NorthWest,
}

impl Direction {
    pub const ALL: [Direction; 6] =
        [Direction::NorthEast, Direction::East, Direction::SouthEast, Direction::SouthWest, Direction::West, Direction::NorthWest];

    /// The axial step for this direction on a pointy-top board (x east, y south).
    pub fn pointy_step(self) -> Hex {
        match self {
            Direction::East => Hex::new(1, 0),
            Direction::West => Hex::new(-1, 0),
            Direction::SouthEast => Hex::new(0, 1),
            Direction::SouthWest => Hex::new(-1, 1),
            Direction::NorthEast => Hex::new(1, -1),
            Direction::NorthWest => Hex::new(0, -1),
        }
    }
}

/// Rounds fractional axial coordinates to the nearest hex (cube rounding).
fn cube_round(x: f64, y: f64) -> Hex {
    let z = -x - y;
    let (mut rx, mut ry, rz) = (x.round(), y.round(), z.round());
    let (dx, dy, dz) = ((rx - x).abs(), (ry - y).abs(), (rz - z).abs());
    if dx > dy && dx > dz {
        rx = -ry - rz;
    } else if dy > dz {
        ry = -rx - rz;
    }
    Hex::new(rx as i32, ry as i32)
}

/// Row letters as wargames print them: A..Z, then AA, BB, CC...
pub fn row_letters(row: u32) -> String {
    let letter = (b'A' + (row % 26) as u8) as char;
    std::iter::repeat_n(letter, (row / 26 + 1) as usize).collect()
}

fn parse_row_letters(s: &str) -> Option<u32> {
    let first = s.chars().next()?;
    if !first.is_ascii_uppercase() || !s.chars().all(|c| c == first) {
        return None;
    }
    Some((first as u8 - b'A') as u32 + 26 * (s.len() as u32 - 1))
}

/// The RON description of a hex map (`HexMap(...)` files).
#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(rename = "HexMap", deny_unknown_fields)]
pub struct HexMapSpec {
    /// File format version.
    pub format: u32,
    /// The ruleset whose terrain and feature names this map uses.
    pub ruleset: String,
    /// The map's name, as the window shows it.
    pub name: String,
    /// Where the map comes from; say here what is reconstructed and from what.
    #[serde(default)]
    pub source: String,
    /// Which way the hexes point.
    #[serde(default)]
    pub orientation: Orientation,
    /// Which rows (pointy top) or columns (flat top) sit half a hex out of line.
    #[serde(default)]
    pub shifted: Shifted,
    /// The number of columns, numbered from 01 in hex labels (the validator allows 1 to 200).
    #[schemars(range(min = 1, max = 200))]
    pub columns: u32,
    /// The number of rows, lettered A, B... Z, AA, BB... in hex labels (the validator allows 1 to 104).
    #[schemars(range(min = 1, max = 104))]
    pub rows: u32,
    /// Metres from one hex centre to the next.
    #[serde(default)]
    pub hex_metres: u32,
    /// One character per terrain type, used in `terrain`.
    pub legend: std::collections::BTreeMap<char, String>,
    /// One string per row, row A first; one legend character per hex, columns in order. Spaces are
    /// ignored, so rows may be indented to show their stagger.
    pub terrain: Vec<String>,
    /// Named localities (towns, woods): the hexes that make them up.
    #[serde(default)]
    pub places: Vec<PlaceSpec>,
    /// Features inside hexes: trench hexes, wire...
    #[serde(default)]
    pub hex_features: Vec<HexFeatureSpec>,
    /// Features on the boundaries between hexes: roads (given as a path of hexes), streams (given as
    /// pairs of adjacent hexes)...
    #[serde(default)]
    pub hexside_features: Vec<HexsideFeatureSpec>,
    /// Which side's map edge is which.
    #[serde(default)]
    pub edges: Vec<EdgeSpec>,
}

#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlaceSpec {
    /// The place's name, as scenarios and the rules name it (`Villers-Bretonneux`); each name once.
    pub name: String,
    /// The hexes it is made of, as labels (`K05`).
    pub hexes: Vec<String>,
}

#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexFeatureSpec {
    /// The feature's name: one of the ruleset's feature names (its scenario page lists them).
    pub kind: String,
    /// The side a feature belongs to (a trench's owner), by the side's id.
    #[serde(default)]
    pub owner: Option<String>,
    /// The hexes that hold it, as labels (`K05`).
    pub hexes: Vec<String>,
}

#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexsideFeatureSpec {
    /// The feature's name: one of the ruleset's feature names (its scenario page lists them).
    pub kind: String,
    /// The side a feature belongs to, by the side's id; none for most (roads, streams).
    #[serde(default)]
    pub owner: Option<String>,
    /// A chain of adjacent hexes: the feature crosses each hexside between two consecutive ones (roads).
    #[serde(default)]
    pub path: Vec<String>,
    /// Explicit hexsides, each as the two hexes it separates (streams, wire).
    #[serde(default)]
    pub sides: Vec<(String, String)>,
}

#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EdgeSpec {
    /// The side, by its id (one of the ruleset's side names).
    pub side: String,
    /// The edge of the map that is that side's.
    pub edge: MapEdge,
}

/// A feature on a hex or a hexside: its kind and optional owner, both as names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Feature {
    pub kind: String,
    pub owner: Option<String>,
}

/// A named locality.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    pub name: String,
    pub hexes: Vec<Hex>,
}

/// A hex board ready for the rules: dense per-hex terrain, features and lookups.
#[derive(Clone, Debug)]
pub struct HexBoard {
    pub name: String,
    pub orientation: Orientation,
    pub shifted: Shifted,
    pub columns: u32,
    pub rows: u32,
    pub hex_metres: u32,
    /// Terrain names, indexed by `terrain`'s values.
    pub terrain_names: Vec<String>,
    terrain: Vec<u8>,
    hex_features: Vec<Vec<Feature>>,
    hexsides: HashMap<(Hex, Hex), Vec<Feature>>,
    /// Per hexside feature kind: for each hex, a bit per direction (of `Hex::all_neighbors`) that
    /// carries it — a fast lookup for movement.
    side_masks: Vec<(String, Vec<u8>)>,
    pub places: Vec<Place>,
    pub edges: Vec<(String, MapEdge)>,
}

/// Canonical key of the hexside between two adjacent hexes.
fn side_key(a: Hex, b: Hex) -> (Hex, Hex) {
    if (a.x, a.y) <= (b.x, b.y) { (a, b) } else { (b, a) }
}

impl HexBoard {
    /// A plain board of one terrain, for tests and tools.
    pub fn blank(columns: u32, rows: u32, orientation: Orientation, shifted: Shifted, terrain: &str) -> Self {
        HexBoard {
            name: "blank".into(),
            orientation,
            shifted,
            columns,
            rows,
            hex_metres: 0,
            terrain_names: vec![terrain.to_string()],
            terrain: vec![0; (columns * rows) as usize],
            hex_features: vec![Vec::new(); (columns * rows) as usize],
            hexsides: HashMap::new(),
            side_masks: Vec::new(),
            places: Vec::new(),
            edges: Vec::new(),
        }
    }

    /// Builds a board from its RON description, checking every hex label, terrain character and
    /// feature. `terrains` and `features`, when given, are the names the ruleset knows; `sides` the
    /// side ids features may belong to.
    pub fn from_spec(
        spec: &HexMapSpec,
        terrains: Option<&[&str]>,
        features: Option<&[&str]>,
        sides: Option<&[&str]>,
        problems: &mut Problems,
    ) -> Option<HexBoard> {
        if spec.columns == 0 || spec.columns > 200 {
            problems.push("columns", format!("{} columns is out of range (1 to 200)", spec.columns));
        }
        if spec.rows == 0 || spec.rows > 26 * 4 {
            problems.push("rows", format!("{} rows is out of range (1 to 104)", spec.rows));
        }
        if !problems.is_empty() {
            return None;
        }
        let mut board = HexBoard::blank(spec.columns, spec.rows, spec.orientation, spec.shifted, "");
        board.name = spec.name.clone();
        board.hex_metres = spec.hex_metres;
        board.terrain_names.clear();
        let mut legend: HashMap<char, u8> = HashMap::new();
        for (ch, name) in &spec.legend {
            if let Some(known) = terrains
                && !known.contains(&name.as_str())
            {
                let hint = nearest(name, known.iter().copied()).map(|n| format!("; did you mean `{n}`?")).unwrap_or_else(|| {
                    format!("; the ruleset knows {}", known.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", "))
                });
                problems.push(format!("legend.{ch}"), format!("unknown terrain `{name}`{hint}"));
            }
            let index = match board.terrain_names.iter().position(|n| n == name) {
                Some(i) => i,
                None => {
                    board.terrain_names.push(name.clone());
                    board.terrain_names.len() - 1
                }
            };
            legend.insert(*ch, index as u8);
        }
        if spec.terrain.len() != spec.rows as usize {
            problems.push("terrain", format!("the map has {} rows but `terrain` gives {} lines", spec.rows, spec.terrain.len()));
        }
        for (r, line) in spec.terrain.iter().enumerate().take(spec.rows as usize) {
            let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != spec.columns as usize {
                problems.push(
                    format!("terrain.{r}"),
                    format!("row {} has {} hexes but the map has {} columns", row_letters(r as u32), cells.len(), spec.columns),
                );
            }
            for (c, ch) in cells.iter().enumerate().take(spec.columns as usize) {
                match legend.get(ch) {
                    Some(t) => board.terrain[r * spec.columns as usize + c] = *t,
                    None => problems.push(
                        format!("terrain.{r}"),
                        format!("hex {}{:02}: the character `{ch}` is not in the legend", row_letters(r as u32), c + 1),
                    ),
                }
            }
        }
        let check_owner = |owner: &Option<String>, path: String, problems: &mut Problems| {
            if let (Some(o), Some(sides)) = (owner, sides)
                && !sides.contains(&o.as_str())
            {
                problems.push(path, format!("unknown side `{o}`; sides are {}", sides.join(", ")));
            }
        };
        let check_feature = |kind: &str, path: String, problems: &mut Problems| {
            if let Some(known) = features
                && !known.contains(&kind)
            {
                let hint = nearest(kind, known.iter().copied()).map(|n| format!("; did you mean `{n}`?")).unwrap_or_default();
                problems.push(path, format!("unknown feature `{kind}`{hint}"));
            }
        };
        for (i, place) in spec.places.iter().enumerate() {
            let mut hexes = Vec::new();
            for (j, label) in place.hexes.iter().enumerate() {
                if let Some(h) = board.parse_checked(label, &format!("places.{i}.hexes.{j}"), problems) {
                    hexes.push(h);
                }
            }
            if spec.places[..i].iter().any(|p| p.name == place.name) {
                problems.push(format!("places.{i}.name"), format!("the place `{}` is named twice", place.name));
            }
            board.places.push(Place { name: place.name.clone(), hexes });
        }
        for (i, f) in spec.hex_features.iter().enumerate() {
            check_feature(&f.kind, format!("hex_features.{i}.kind"), problems);
            check_owner(&f.owner, format!("hex_features.{i}.owner"), problems);
            for (j, label) in f.hexes.iter().enumerate() {
                if let Some(h) = board.parse_checked(label, &format!("hex_features.{i}.hexes.{j}"), problems) {
                    let idx = board.index(h).unwrap_or_default();
                    board.hex_features[idx].push(Feature { kind: f.kind.clone(), owner: f.owner.clone() });
                }
            }
        }
        for (i, f) in spec.hexside_features.iter().enumerate() {
            check_feature(&f.kind, format!("hexside_features.{i}.kind"), problems);
            check_owner(&f.owner, format!("hexside_features.{i}.owner"), problems);
            if f.path.is_empty() && f.sides.is_empty() {
                problems.push(format!("hexside_features.{i}"), "give either `path` or `sides`");
            }
            let feature = Feature { kind: f.kind.clone(), owner: f.owner.clone() };
            let path: Vec<Option<Hex>> = f
                .path
                .iter()
                .enumerate()
                .map(|(j, l)| board.parse_checked(l, &format!("hexside_features.{i}.path.{j}"), problems))
                .collect();
            for (j, pair) in path.windows(2).enumerate() {
                if let [Some(a), Some(b)] = pair {
                    if a.unsigned_distance_to(*b) != 1 {
                        problems.push(
                            format!("hexside_features.{i}.path.{}", j + 1),
                            format!("{} is not adjacent to {}: a path must go from hex to adjacent hex", board.label(*b), board.label(*a)),
                        );
                    } else {
                        board.hexsides.entry(side_key(*a, *b)).or_default().push(feature.clone());
                    }
                }
            }
            for (j, (la, lb)) in f.sides.iter().enumerate() {
                let a = board.parse_checked(la, &format!("hexside_features.{i}.sides.{j}"), problems);
                let b = board.parse_checked(lb, &format!("hexside_features.{i}.sides.{j}"), problems);
                if let (Some(a), Some(b)) = (a, b) {
                    if a.unsigned_distance_to(b) != 1 {
                        problems.push(
                            format!("hexside_features.{i}.sides.{j}"),
                            format!("{la} and {lb} are not adjacent, so they share no hexside"),
                        );
                    } else {
                        board.hexsides.entry(side_key(a, b)).or_default().push(feature.clone());
                    }
                }
            }
        }
        for (i, e) in spec.edges.iter().enumerate() {
            check_owner(&Some(e.side.clone()), format!("edges.{i}.side"), problems);
            board.edges.push((e.side.clone(), e.edge));
        }
        board.index_hexsides();
        Some(board)
    }

    fn parse_checked(&self, label: &str, path: &str, problems: &mut Problems) -> Option<Hex> {
        match self.parse(label) {
            Ok(h) => Some(h),
            Err(e) => {
                problems.push(path, e);
                None
            }
        }
    }

    /// Axial hex of a column and row (both from 0).
    pub fn hex_at(&self, col: u32, row: u32) -> Hex {
        let (c, r) = (col as i32, row as i32);
        // `s` is 1 when the lines numbered 2, 4... (0-based odd) are the shifted ones.
        match (self.orientation, self.shifted) {
            (Orientation::PointyTop, Shifted::Even) => Hex::new(c - (r - (r & 1)) / 2, r),
            (Orientation::PointyTop, Shifted::Odd) => Hex::new(c - (r + (r & 1)) / 2, r),
            (Orientation::FlatTop, Shifted::Even) => Hex::new(c, r - (c - (c & 1)) / 2),
            (Orientation::FlatTop, Shifted::Odd) => Hex::new(c, r - (c + (c & 1)) / 2),
        }
    }

    /// Column and row (from 0) of an axial hex; may be off the map.
    pub fn offset_of(&self, h: Hex) -> (i32, i32) {
        match (self.orientation, self.shifted) {
            (Orientation::PointyTop, Shifted::Even) => (h.x + (h.y - (h.y & 1)) / 2, h.y),
            (Orientation::PointyTop, Shifted::Odd) => (h.x + (h.y + (h.y & 1)) / 2, h.y),
            (Orientation::FlatTop, Shifted::Even) => (h.x, h.y + (h.x - (h.x & 1)) / 2),
            (Orientation::FlatTop, Shifted::Odd) => (h.x, h.y + (h.x + (h.x & 1)) / 2),
        }
    }

    pub fn contains(&self, h: Hex) -> bool {
        let (c, r) = self.offset_of(h);
        c >= 0 && r >= 0 && (c as u32) < self.columns && (r as u32) < self.rows
    }

    /// Dense index of an on-map hex.
    pub fn index(&self, h: Hex) -> Option<usize> {
        let (c, r) = self.offset_of(h);
        (c >= 0 && r >= 0 && (c as u32) < self.columns && (r as u32) < self.rows).then(|| r as usize * self.columns as usize + c as usize)
    }

    /// The hex of a dense index (the inverse of [`HexBoard::index`]).
    pub fn hex_of_index(&self, i: usize) -> Hex {
        self.hex_at(i as u32 % self.columns, i as u32 / self.columns)
    }

    pub fn len(&self) -> usize {
        (self.columns * self.rows) as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every hex of the map, row by row.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.rows).flat_map(move |r| (0..self.columns).map(move |c| self.hex_at(c, r)))
    }

    /// The label the rulebook uses: row letters then the two-digit column number (`K05`).
    pub fn label(&self, h: Hex) -> String {
        let (c, r) = self.offset_of(h);
        if r < 0 || c < 0 {
            return format!("off-map({},{})", h.x, h.y);
        }
        format!("{}{:02}", row_letters(r as u32), c + 1)
    }

    /// Parses a label such as `K05` or `AA12`; an error sentence names what is wrong.
    pub fn parse(&self, label: &str) -> Result<Hex, String> {
        let letters: String = label.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
        let digits = &label[letters.len()..];
        let row = parse_row_letters(&letters);
        let col: Option<u32> = if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) { digits.parse().ok() } else { None };
        match (row, col) {
            (Some(r), Some(c)) if c >= 1 && r < self.rows && c <= self.columns => {
                // One spelling per hex, the rulebook's (`K05`, not `K5` or `k05`): a command names a
                // hex as the legal commands list it.
                let h = self.hex_at(c - 1, r);
                let canonical = self.label(h);
                if canonical == label { Ok(h) } else { Err(format!("write hex {label} as {canonical}")) }
            }
            (Some(_), Some(_)) => {
                Err(format!("hex {label} is off the map (rows A to {}, columns 01 to {:02})", row_letters(self.rows - 1), self.columns))
            }
            _ => Err(format!("`{label}` is not a hex label; write the row letters then the column number, like K05")),
        }
    }

    /// Terrain name of an on-map hex.
    pub fn terrain(&self, h: Hex) -> Option<&str> {
        self.index(h).map(|i| self.terrain_names[self.terrain[i] as usize].as_str())
    }

    /// Terrain index (into `terrain_names`) of an on-map hex.
    pub fn terrain_index(&self, h: Hex) -> Option<u8> {
        self.index(h).map(|i| self.terrain[i])
    }

    pub fn hex_features(&self, h: Hex) -> &[Feature] {
        self.index(h).map(|i| self.hex_features[i].as_slice()).unwrap_or(&[])
    }

    fn index_hexsides(&mut self) {
        let mut masks: Vec<(String, Vec<u8>)> = Vec::new();
        for ((a, b), features) in &self.hexsides {
            for f in features {
                let slot = match masks.iter().position(|(k, _)| *k == f.kind) {
                    Some(i) => i,
                    None => {
                        masks.push((f.kind.clone(), vec![0; self.len()]));
                        masks.len() - 1
                    }
                };
                for (x, y) in [(*a, *b), (*b, *a)] {
                    if let (Some(i), Some(d)) = (self.index(x), x.all_neighbors().iter().position(|n| *n == y)) {
                        masks[slot].1[i] |= 1 << d;
                    }
                }
            }
        }
        self.side_masks = masks;
    }

    /// True if the hexside between two adjacent hexes carries a feature of this kind.
    pub fn hexside_has(&self, a: Hex, b: Hex, kind: &str) -> bool {
        let Some((_, mask)) = self.side_masks.iter().find(|(k, _)| k == kind) else { return false };
        let Some(i) = self.index(a) else { return false };
        a.all_neighbors().iter().position(|n| *n == b).is_some_and(|d| mask[i] & (1 << d) != 0)
    }

    pub fn hexside_features(&self, a: Hex, b: Hex) -> &[Feature] {
        self.hexsides.get(&side_key(a, b)).map(|v| v.as_slice()).unwrap_or(&[])
    }

    /// Every hexside that carries a feature, with its features.
    pub fn all_hexsides(&self) -> impl Iterator<Item = (Hex, Hex, &[Feature])> {
        self.hexsides.iter().map(|((a, b), f)| (*a, *b, f.as_slice()))
    }

    /// On-map neighbours.
    pub fn neighbors(&self, h: Hex) -> impl Iterator<Item = Hex> + '_ {
        h.all_neighbors().into_iter().filter(|n| self.contains(*n))
    }

    pub fn place(&self, name: &str) -> Option<&Place> {
        self.places.iter().find(|p| p.name == name)
    }

    /// The edge belonging to a side, if the map names one.
    pub fn edge_of(&self, side: &str) -> Option<MapEdge> {
        self.edges.iter().find(|(s, _)| s == side).map(|(_, e)| *e)
    }

    /// True if the hex lies on the given map edge.
    pub fn on_edge(&self, h: Hex, edge: MapEdge) -> bool {
        let (c, r) = self.offset_of(h);
        if !self.contains(h) {
            return false;
        }
        match edge {
            MapEdge::West => c == 0,
            MapEdge::East => c as u32 == self.columns - 1,
            MapEdge::North => r == 0,
            MapEdge::South => r as u32 == self.rows - 1,
        }
    }

    pub fn edge_hexes(&self, edge: MapEdge) -> Vec<Hex> {
        self.hexes().filter(|h| self.on_edge(*h, edge)).collect()
    }

    /// Centre of a hex in map space (x east, y south, neighbouring centres 1 apart).
    pub fn center(&self, h: Hex) -> (f32, f32) {
        let (q, r) = (h.x as f32, h.y as f32);
        match self.orientation {
            Orientation::PointyTop => (q + r / 2.0, r * 3f32.sqrt() / 2.0),
            Orientation::FlatTop => (q * 3f32.sqrt() / 2.0, r + q / 2.0),
        }
    }

    /// The hexes a line from centre to centre passes through, excluding both ends, as pairs: where the
    /// line runs exactly along a hexside, the pair holds the hexes on either side; elsewhere both are
    /// the same hex. A line of sight is blocked at a pair only if both of its hexes block.
    pub fn line_between(&self, a: Hex, b: Hex) -> Vec<(Hex, Hex)> {
        let n = a.unsigned_distance_to(b);
        let mut out = Vec::new();
        // Nudged off the exact line by unequal amounts on the two axes, so that the two nudges
        // separate the hexes on either side of a hexside in all three "between" directions.
        const EPS: (f64, f64) = (1e-6, 2e-6);
        for i in 1..n {
            let t = i as f64 / n as f64;
            let x = a.x as f64 + (b.x - a.x) as f64 * t;
            let y = a.y as f64 + (b.y - a.y) as f64 * t;
            let plus = cube_round(x + EPS.0, y + EPS.1);
            let minus = cube_round(x - EPS.0, y - EPS.1);
            out.push((plus, minus));
        }
        out
    }

    /// Line of sight from centre to centre: clear unless some point of the line has a blocking hex on
    /// every side of it (a line exactly along a hexside between a blocking and a clear hex is clear).
    pub fn line_of_sight(&self, a: Hex, b: Hex, blocks: impl Fn(Hex) -> bool) -> Result<(), Hex> {
        for (p, m) in self.line_between(a, b) {
            if blocks(p) && blocks(m) {
                return Err(p);
            }
        }
        Ok(())
    }

    /// The hex `n` steps from `h` in a direction (pointy-top boards).
    pub fn step(&self, h: Hex, dir: Direction, n: i32) -> Hex {
        h + dir.pointy_step() * n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_round_trip_and_rows_after_z_double() {
        let b = HexBoard::blank(30, 27, Orientation::PointyTop, Shifted::Even, "clear");
        for h in b.hexes() {
            assert_eq!(b.parse(&b.label(h)).unwrap(), h);
        }
        assert_eq!(b.label(b.hex_at(11, 26)), "AA12");
        assert_eq!(b.label(b.hex_at(4, 10)), "K05");
        assert!(b.parse("AB01").is_err());
        assert!(b.parse("BB01").unwrap_err().contains("off the map"));
        // One spelling per hex (the fuzzer's "AA7" was accepted though "AA07" is what is listed).
        assert_eq!(b.parse("AA7").unwrap_err(), "write hex AA7 as AA07");
        assert!(b.parse("K005").is_err());
    }

    #[test]
    fn even_rows_sit_east_on_pointy_boards() {
        let b = HexBoard::blank(10, 10, Orientation::PointyTop, Shifted::Even, "clear");
        let a1 = b.parse("A01").unwrap();
        let b1 = b.parse("B01").unwrap();
        assert!(b.center(b1).0 > b.center(a1).0);
        assert_eq!(a1.unsigned_distance_to(b1), 1);
        assert_eq!(b.parse("A02").unwrap().unsigned_distance_to(b1), 1);
        let odd = HexBoard::blank(10, 10, Orientation::PointyTop, Shifted::Odd, "clear");
        assert!(odd.center(odd.parse("B01").unwrap()).0 < odd.center(odd.parse("A01").unwrap()).0);
    }

    #[test]
    fn line_along_a_hexside_reports_both_sides() {
        let b = HexBoard::blank(10, 10, Orientation::PointyTop, Shifted::Even, "clear");
        // C03 to A03 runs due north, exactly between B02 and B03 (row B sits half a hex east).
        let from = b.parse("C03").unwrap();
        let to = b.parse("A03").unwrap();
        let line = b.line_between(from, to);
        assert_eq!(line.len(), 1);
        let (p, m) = line[0];
        let mut names = [b.label(p), b.label(m)];
        names.sort();
        assert_eq!(names, ["B02".to_string(), "B03".to_string()]);
        // The three directions that run along hexsides all give two distinct hexes, each adjacent to
        // both ends.
        let c = b.parse("E05").unwrap();
        for step in [Hex::new(1, -2), Hex::new(2, -1), Hex::new(1, 1)] {
            let (p, m) = b.line_between(c, c + step)[0];
            assert_ne!(p, m);
            for h in [p, m] {
                assert_eq!(h.unsigned_distance_to(c), 1);
                assert_eq!(h.unsigned_distance_to(c + step), 1);
            }
        }
        // A line through hex centres gives one hex per point.
        let (p, m) = b.line_between(c, c + Hex::new(2, 0))[0];
        assert_eq!(p, m);
    }
}
