//! The strategies (5, 12): the two-sided counters, their timing, and drawing them (5).

use serde::{Deserialize, Serialize};

use super::units::Side;

/// Every strategy printed on a counter side (12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Strategy {
    // 12.1.1 Franco-Belgian, reusable
    BarelyWithinOurMeans,
    InTheMud,
    CoordinatedAssault,
    ExcessiveAttack,
    CounterOrder,
    // 12.1.2 Franco-Belgian, one-time
    RonarchSupply,
    FloodingOfTheYser,
    GrossettiOffensive,
    GermanOffensiveOnTervaete,
    KingAlbert,
    // 12.2.1 German, reusable
    GermanCoordinatedAssault,
    GermanExcessiveAttack,
    Waterfront,
    Taube,
    // 12.2.2 German, one-time
    AlliedOffensiveOnTervaete,
    GeneralOffensive,
    CannonWornOut,
    HeavyArtilleryRedeployed,
    NoMoreShells,
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
