//! The map's questions (10): terrain as it stands (craters, scrapes and wire change it), elevation
//! and crests (10.6, 10.7), fortifications and dugouts (10.5), movement costs (10.2, 10.8), lines
//! of sight with obstacles, concealment and elevation (7.2, 10.3, 10.6, 10.7).

use hexx::Hex;

use super::state::{Fort, Pos};
use super::tables::TerrainRow;
use super::units::Kind;

/// A fortification a unit may be IN (10.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fortification {
    Trench,
    Strongpoint,
    Scrape,
}

/// A line of sight (7.21): where it stops, and the concealed hexes it crosses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sight {
    /// The hex where the line stops before the target, if it does.
    pub blocked_at: Option<Hex>,
    pub concealed: u32,
}

impl Sight {
    pub fn clear(&self) -> bool {
        self.blocked_at.is_none()
    }
}

static OPEN: TerrainRow = TerrainRow { cost: 1, cover: 0, natural: false, obstacle: false, concealment: false, crater: false };

impl Pos {
    fn feature(&self, h: Hex, kind: &str) -> bool {
        self.sc.board.hex_features(h).iter().any(|f| f.kind == kind)
    }

    /// Elevation level (10.6): the highest `levelN` feature of the hex.
    pub fn level(&self, h: Hex) -> i32 {
        self.sc
            .board
            .hex_features(h)
            .iter()
            .filter_map(|f| f.kind.strip_prefix("level").and_then(|n| n.parse::<i32>().ok()))
            .max()
            .unwrap_or(0)
    }

    /// A hill crest hex: it shows two elevations (10.7).
    pub fn crest(&self, h: Hex) -> bool {
        self.feature(h, "crest")
    }

    pub fn cratered(&self, h: Hex) -> bool {
        self.r.craters.contains(&h)
    }

    /// The hex's terrain row as it stands: a crater counter replaces all but hills (10.4).
    pub fn terrain_row(&self, h: Hex) -> &TerrainRow {
        let t = &self.sc.tables.terrain;
        if self.cratered(h) {
            return t.get("crater").unwrap_or(&OPEN);
        }
        self.sc.board.terrain(h).and_then(|n| t.get(n)).unwrap_or(&OPEN)
    }

    /// The rows of the hex's features that cost or cover (a stream...); none once cratered.
    pub fn feature_rows(&self, h: Hex) -> impl Iterator<Item = &TerrainRow> + '_ {
        let cratered = self.cratered(h);
        self.sc.board.hex_features(h).iter().filter(move |_| !cratered).filter_map(|f| self.sc.tables.features.get(&f.kind))
    }

    /// Whether the hex blocks and conceals as an obstacle or concealment (7.21, 10.3); every hex
    /// conceals on the operation's concealment turns.
    fn screens(&self, h: Hex) -> (bool, bool) {
        let row = self.terrain_row(h);
        let (mut obstacle, mut concealment) = (row.obstacle, row.concealment);
        for f in self.feature_rows(h) {
            obstacle |= f.obstacle;
            concealment |= f.concealment;
        }
        // 7.5, 7.21: gas and smoke counters conceal, filling their hex.
        concealment |= self.r.gas.contains(&h) || self.r.smoke.contains(&h);
        (obstacle, concealment)
    }

    /// Concealment that fills every hex this turn (Operation 1's early morning, 7.21).
    pub fn all_concealed(&self) -> bool {
        self.sc.spec.concealment_turns.contains(&self.r.turn)
    }

    /// The fortification of a hex a unit may be IN (10.5), best cover first; none once cratered.
    pub fn fortification(&self, h: Hex) -> Option<Fortification> {
        if self.cratered(h) {
            return None;
        }
        if self.feature(h, "strongpoint") {
            Some(Fortification::Strongpoint)
        } else if self.feature(h, "trench") {
            Some(Fortification::Trench)
        } else if self.r.scrapes.contains(&h) {
            Some(Fortification::Scrape)
        } else {
            None
        }
    }

    pub fn fortification_cover(&self, f: Fortification) -> i32 {
        let t = &self.sc.tables.fortifications;
        match f {
            Fortification::Trench => t.trench,
            Fortification::Strongpoint => t.strongpoint,
            Fortification::Scrape => t.scrape,
        }
    }

    /// A fortress in the hex (10.52): the map's `fortress` feature; units go IN it beneath its FORT
    /// counter.
    pub fn fortress(&self, h: Hex) -> bool {
        self.feature(h, "fortress")
    }

    /// A dugout beneath the hex (10.52): from the tables' time frame, under their terrains and features.
    pub fn dugout(&self, h: Hex) -> bool {
        let f = &self.sc.tables.fortifications;
        if self.cratered(h) || (self.sc.spec.era as u8) < (f.dugouts_from as u8) {
            return false;
        }
        let terrain = self.sc.board.terrain(h).unwrap_or("");
        f.dugouts_under.iter().any(|n| n == terrain || self.feature(h, n))
    }

    pub fn trench(&self, h: Hex) -> bool {
        self.fortification(h) == Some(Fortification::Trench)
    }

    /// Natural cover of the hex (10.1): the best of its terrain and features.
    pub fn natural_cover(&self, h: Hex) -> i32 {
        let row = self.terrain_row(h);
        let mut best = if row.natural { row.cover } else { 0 };
        for f in self.feature_rows(h) {
            if f.natural {
                best = best.max(f.cover);
            }
        }
        best
    }

    /// Cover that is not natural (a stream bank...) from terrain rows.
    pub fn other_cover(&self, h: Hex) -> i32 {
        let row = self.terrain_row(h);
        let mut best = if row.natural { 0 } else { row.cover };
        for f in self.feature_rows(h) {
            if !f.natural {
                best = best.max(f.cover);
            }
        }
        best
    }

    /// The greatest cover modifier in a hex, a dugout included (7.861: cratering).
    pub fn greatest_cover(&self, h: Hex) -> i32 {
        let mut best = self.natural_cover(h).max(self.other_cover(h));
        if let Some(f) = self.fortification(h) {
            best = best.max(self.fortification_cover(f));
        }
        if self.dugout(h) {
            best = best.max(self.sc.tables.fortifications.dugout);
        }
        best
    }

    /// The movement points (whole) to enter `to` from `from` for unit `u`, and whether it is along
    /// a road, and the fortification state it arrives in (8, 10.2, 10.51, 10.53, 10.8).
    pub fn entry_cost(&self, u: usize, from: Hex, to: Hex) -> (u32, bool, Fort) {
        let kind = self.kind(u);
        let st = &self.units[u];
        // 10.51: along a trench line, or from scrape to scrape, for one point, staying IN.
        if st.fort == Fort::In {
            let (a, b) = (self.fortification(from), self.fortification(to));
            if (a == Some(Fortification::Trench) && b == Some(Fortification::Trench))
                || (a == Some(Fortification::Scrape) && b == Some(Fortification::Scrape))
            {
                return (1, false, Fort::In);
            }
        }
        let road = self.sc.board.hexside_has(from, to, "road");
        let mut cost = if road {
            self.sc.tables.road_cost
        } else {
            let mut c = self.terrain_row(to).cost;
            for f in self.feature_rows(to) {
                c = c.max(f.cost);
            }
            c
        };
        let mut fort = Fort::Out;
        if self.r.wire.contains(&to) {
            let w = &self.sc.tables.fortifications;
            match kind {
                Kind::Afv => cost = cost.max(w.wire_afv),
                _ => cost = cost.max(w.wire_infantry),
            }
            fort = Fort::OnWire;
        }
        (cost, road, fort)
    }

    /// The line of sight from `a` to `b` (7.21, 10.6, 10.7). Obstacles and concealment fill their
    /// hex (the maps draw no artwork finer than a hex); where the line runs along a hexside it is
    /// affected only if the hexes on both sides affect it.
    pub fn sight(&self, a: Hex, b: Hex) -> Sight {
        let mut s = Sight { blocked_at: None, concealed: 0 };
        if a == b {
            return s;
        }
        let (la, lb) = (self.level(a), self.level(b));
        let (hi, lo) = (la.max(lb), la.min(lb));
        let higher = if la >= lb { a } else { b };
        // 10.7: only a crest hex sees, and is seen from, lower ground.
        if la != lb && !self.crest(higher) {
            let first = self.sc.board.line_between(a, b).first().map(|p| p.0).unwrap_or(b);
            s.blocked_at = Some(first);
            return s;
        }
        let all = self.all_concealed();
        let effect = |h: Hex| -> (bool, bool) {
            let lh = self.level(h);
            // Ground higher than both ends, or as high as the higher end of a downward line (10.7).
            if lh > hi || (la != lb && lh >= hi) {
                return (true, false);
            }
            let (obstacle, concealment) = self.screens(h);
            let mut out = (false, all);
            if obstacle || concealment {
                let past = lo > lh; // both ends at least one level above the feature's base
                let down = la != lb && hi >= lh + 2 && self.crest(higher);
                if !(past || down) {
                    out.0 |= obstacle;
                    out.1 |= concealment;
                }
            }
            out
        };
        let stop = self.sc.tables.fire.concealment_stop.max(1);
        // 7.21: smoke in the shooter's hex counts, the three-hex count starting there.
        if self.r.smoke.contains(&a) {
            s.concealed += 1;
        }
        for (p, m) in self.sc.board.line_between(a, b) {
            let (ep, em) = (effect(p), effect(m));
            if ep.0 && em.0 {
                s.blocked_at = Some(p);
                return s;
            }
            if ep.1 && em.1 {
                s.concealed += 1;
                if s.concealed >= stop {
                    s.blocked_at = Some(p);
                    return s;
                }
            }
        }
        s
    }
}
