//! The colours of counters and highlights, in a period palette (khaki, horizon blue, field grey) and
//! a colour-blind-safe one (after Okabe & Ito: the two sides are orange and blue, and highlights never
//! rely on red against green).

use super::Rgba;

/// Which army a counter belongs to, for its colours and badge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Nation {
    British,
    French,
    Australian,
    German,
}

impl Nation {
    pub fn name(self) -> &'static str {
        match self {
            Nation::British => "British",
            Nation::French => "French",
            Nation::Australian => "Australian",
            Nation::German => "German",
        }
    }
}

/// The colours of one army's counters.
#[derive(Clone, Copy, Debug)]
pub struct CounterColours {
    /// The face.
    pub body: Rgba,
    /// The designation band and the border.
    pub band: Rgba,
    /// Ink: symbols and text.
    pub ink: Rgba,
    /// Text on the band.
    pub band_ink: Rgba,
}

/// Every colour the window uses that depends on the palette setting.
#[derive(Clone, Debug)]
pub struct Palette {
    pub colour_blind: bool,
    pub british: CounterColours,
    pub french: CounterColours,
    pub australian: CounterColours,
    pub german: CounterColours,
    /// Legal destinations of a movement.
    pub moves: Rgba,
    /// Hexes a unit could reach if it were activated.
    pub moves_hypothetical: Rgba,
    /// Fire targets.
    pub fire: Rgba,
    /// Assault targets.
    pub assault: Rgba,
    /// Infiltration and withdrawal hexes.
    pub step: Rgba,
    /// Hexes where an artillery marker can go, and placed barrages.
    pub barrage: Rgba,
    /// Units that can be chosen (activation, hero, mechanic, reorganisation).
    pub choosable: Rgba,
    pub los_clear: Rgba,
    pub los_blocked: Rgba,
    /// The active unit's outline.
    pub active: Rgba,
    pub selected: Rgba,
    /// Side colours for tracks and plots.
    pub allied: Rgba,
    pub german_side: Rgba,
}

impl Palette {
    pub fn new(colour_blind: bool) -> Palette {
        if colour_blind {
            Palette {
                colour_blind,
                british: CounterColours {
                    body: [240, 190, 110, 255],
                    band: [196, 120, 20, 255],
                    ink: [40, 24, 6, 255],
                    band_ink: [255, 250, 235, 255],
                },
                french: CounterColours {
                    body: [250, 232, 140, 255],
                    band: [190, 160, 20, 255],
                    ink: [48, 40, 4, 255],
                    band_ink: [30, 24, 0, 255],
                },
                australian: CounterColours {
                    body: [236, 160, 120, 255],
                    band: [190, 80, 20, 255],
                    ink: [44, 16, 4, 255],
                    band_ink: [255, 245, 235, 255],
                },
                german: CounterColours {
                    body: [150, 200, 236, 255],
                    band: [0, 94, 150, 255],
                    ink: [6, 26, 44, 255],
                    band_ink: [240, 248, 255, 255],
                },
                moves: [0, 114, 178, 80],
                moves_hypothetical: [0, 114, 178, 38],
                fire: [230, 159, 0, 255],
                assault: [213, 94, 0, 255],
                step: [86, 180, 233, 140],
                barrage: [204, 121, 167, 255],
                choosable: [240, 228, 66, 255],
                los_clear: [86, 180, 233, 255],
                los_blocked: [213, 94, 0, 255],
                active: [240, 228, 66, 255],
                selected: [255, 255, 255, 255],
                allied: [230, 159, 0, 255],
                german_side: [0, 114, 178, 255],
            }
        } else {
            Palette {
                colour_blind,
                british: CounterColours {
                    body: [196, 176, 120, 255],
                    band: [110, 84, 46, 255],
                    ink: [38, 28, 14, 255],
                    band_ink: [246, 236, 206, 255],
                },
                french: CounterColours {
                    body: [150, 178, 206, 255],
                    band: [44, 70, 120, 255],
                    ink: [16, 28, 52, 255],
                    band_ink: [236, 242, 250, 255],
                },
                australian: CounterColours {
                    body: [206, 186, 136, 255],
                    band: [58, 86, 52, 255],
                    ink: [34, 30, 14, 255],
                    band_ink: [240, 236, 210, 255],
                },
                german: CounterColours {
                    body: [150, 158, 150, 255],
                    band: [44, 48, 46, 255],
                    ink: [18, 20, 20, 255],
                    band_ink: [232, 232, 224, 255],
                },
                moves: [70, 150, 255, 72],
                moves_hypothetical: [70, 150, 255, 34],
                fire: [255, 150, 30, 255],
                assault: [230, 40, 40, 255],
                step: [80, 220, 220, 120],
                barrage: [200, 40, 40, 255],
                choosable: [255, 215, 60, 255],
                los_clear: [60, 210, 90, 255],
                los_blocked: [235, 50, 50, 255],
                active: [255, 210, 50, 255],
                selected: [255, 255, 255, 255],
                allied: [170, 140, 70, 255],
                german_side: [90, 100, 96, 255],
            }
        }
    }

    pub fn counter(&self, nation: Nation) -> CounterColours {
        match nation {
            Nation::British => self.british,
            Nation::French => self.french,
            Nation::Australian => self.australian,
            Nation::German => self.german,
        }
    }
}
