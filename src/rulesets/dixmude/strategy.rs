//! The strategies (5, 12): the two-sided counters, their timing, and drawing them (5).

use serde::{Deserialize, Serialize};

use super::units::Side;

/// Every strategy printed on a counter side (12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Strategy {
    // 12.1.1 Franco-Belgian, reusable
    /// Barely within our means (12.1.1, phase E): when a German assault would make the defender retreat, it takes one more hit instead and the assault fails.
    BarelyWithinOurMeans,
    /// In the mud (12.1.1, end of phase D): a German battalion in good order on the map becomes weakened.
    InTheMud,
    /// Coordinated assault (12.1.1, phase F): after one zone's activation, the units of another zone activate at once (2 RP in all).
    CoordinatedAssault,
    /// Excessive attack (12.1.1, phase F): the units just activated activate again for a second assault (1 RP).
    ExcessiveAttack,
    /// Counter order (12.1.1): the German Allied Offensive on Tervaete and French heavy artillery redeployed take effect a turn later.
    CounterOrder,
    // 12.1.2 Franco-Belgian, one-time
    /// Ronarc'h obtains supply (12.1.2, phase G): 2 more RP to spend at once.
    RonarchSupply,
    /// Flooding of the Yser (12.1.2, phase G): zone 1 is closed to both sides from the next turn's phase G; only after an Offensive on Tervaete.
    FloodingOfTheYser,
    /// Grossetti Offensive (12.1.2, phase G): the 8th BCP and 151st RI arrive for a turn, and the Franco-Belgian player has the initiative and three activations in a row.
    GrossettiOffensive,
    /// German Offensive on Tervaete (12.1.2, phase G): four battalions of the 85RB leave for a turn and come back with 4 hits; zone 1 opens to the German.
    GermanOffensiveOnTervaete,
    /// King Albert of Belgium (12.1.2, phase G): three Belgian battalions are raised one level free.
    KingAlbert,
    // 12.2.1 German, reusable
    /// Coordinated assault (12.2.1, phase F): after one zone's activation, the units of another zone activate at once (2 RP in all).
    GermanCoordinatedAssault,
    /// Excessive attack (12.2.1, phase F): the units just activated activate again for a second assault (1 RP).
    GermanExcessiveAttack,
    /// Waterfront (12.2.1, end of phase D): a Franco-Belgian battalion in good order becomes weakened.
    Waterfront,
    /// Taube (12.2.1, phase E): +1 to the die of the German heavy artillery's bombing this turn.
    Taube,
    // 12.2.2 German, one-time
    /// Allied Offensive on Tervaete (12.2.2, phase G): a Belgian battalion is removed for good, a marine fusilier and a Belgian battalion leave for a turn and come back with a hit each; zone 1 opens to the Franco-Belgian player.
    AlliedOffensiveOnTervaete,
    /// General offensive (12.2.2, phase G): BrErB9-12 and FAErAb18 arrive by the northern edge for a turn, and the German has three activations in a row.
    GeneralOffensive,
    /// 75 mm cannon worn out (12.2.2, phase E): GR Pontus & 3e RA bomb with strength 2 for the rest of the game.
    CannonWornOut,
    /// French heavy artillery redeployed (12.2.2, phase G): Det RAL 120 leaves the game, Det RAL 155 at the next phase G.
    HeavyArtilleryRedeployed,
    /// No more shells for the 75 (12.2.2, phase G): GR Pontus & 3e RA may not fire next turn.
    NoMoreShells,
    /// Night infiltration (12.2.2, phase F): no defensive fire against an assault of at least two battalions, with free follow-up assaults if it succeeds.
    NightInfiltration,
}

/// When a strategy may be played (12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// At the end of phase D.
    EndOfD,
    /// Phase E.
    Bombing,
    /// Phase F, after an activation has been resolved (coordinated assault, excessive attack).
    AfterActivation,
    /// Phase F, with the declaration of an assault (night infiltration).
    WithAssault,
    /// Phase G.
    Reorganisation,
}

impl Strategy {
    pub fn side(self) -> Side {
        use Strategy::*;
        match self {
            BarelyWithinOurMeans
            | InTheMud
            | CoordinatedAssault
            | ExcessiveAttack
            | CounterOrder
            | RonarchSupply
            | FloodingOfTheYser
            | GrossettiOffensive
            | GermanOffensiveOnTervaete
            | KingAlbert => Side::FrancoBelgian,
            _ => Side::German,
        }
    }

    /// Black text: reusable (5.1.1).
    pub fn reusable(self) -> bool {
        use Strategy::*;
        matches!(
            self,
            BarelyWithinOurMeans
                | InTheMud
                | CoordinatedAssault
                | ExcessiveAttack
                | CounterOrder
                | GermanCoordinatedAssault
                | GermanExcessiveAttack
                | Waterfront
                | Taube
        )
    }

    pub fn timing(self) -> Timing {
        use Strategy::*;
        match self {
            InTheMud | Waterfront => Timing::EndOfD,
            BarelyWithinOurMeans | Taube | CannonWornOut => Timing::Bombing,
            CoordinatedAssault | ExcessiveAttack | GermanCoordinatedAssault | GermanExcessiveAttack => Timing::AfterActivation,
            NightInfiltration => Timing::WithAssault,
            _ => Timing::Reorganisation,
        }
    }

    /// The rule that describes it.
    pub fn rule(self) -> &'static str {
        match (self.side(), self.reusable()) {
            (Side::FrancoBelgian, true) => "12.1.1",
            (Side::FrancoBelgian, false) => "12.1.2",
            (Side::German, true) => "12.2.1",
            (Side::German, false) => "12.2.2",
        }
    }

    pub fn name(self) -> &'static str {
        use Strategy::*;
        match self {
            BarelyWithinOurMeans => "Barely within our means",
            InTheMud => "In the mud",
            CoordinatedAssault | GermanCoordinatedAssault => "Coordinated assault",
            ExcessiveAttack | GermanExcessiveAttack => "Excessive attack",
            CounterOrder => "Counter order",
            RonarchSupply => "Ronarc'h obtains supply",
            FloodingOfTheYser => "Flooding of the Yser",
            GrossettiOffensive => "Grossetti Offensive",
            GermanOffensiveOnTervaete => "German Offensive on Tervaete",
            KingAlbert => "King Albert of Belgium",
            Waterfront => "Waterfront",
            Taube => "Taube",
            AlliedOffensiveOnTervaete => "Allied Offensive on Tervaete",
            GeneralOffensive => "General offensive",
            CannonWornOut => "75 mm cannon worn out",
            HeavyArtilleryRedeployed => "French heavy artillery redeployed",
            NoMoreShells => "No more shells for the 75",
            NightInfiltration => "Night Infiltration",
        }
    }

    pub fn is_coordinated(self) -> bool {
        matches!(self, Strategy::CoordinatedAssault | Strategy::GermanCoordinatedAssault)
    }
    pub fn is_excessive(self) -> bool {
        matches!(self, Strategy::ExcessiveAttack | Strategy::GermanExcessiveAttack)
    }
}
