//! Orders in words: how the Dixmude window names each command on its buttons and in tooltips.

use crate::rulesets::dixmude::Command;
use crate::rulesets::dixmude::state::{Phase, Pos};
use crate::rulesets::dixmude::units::Side;

/// A unit's name, or its id if the scenario does not know it.
pub fn unit_name(p: &Pos, id: &str) -> String {
    p.find(id).map(|u| p.spec(u).name.clone()).unwrap_or_else(|| id.to_string())
}

fn names(p: &Pos, ids: &[String]) -> String {
    ids.iter().map(|id| unit_name(p, id)).collect::<Vec<_>>().join(", ")
}

/// A command in words.
pub fn describe(p: &Pos, c: &Command) -> String {
    match c {
        Command::Buy(s) => format!("Buy {} ({})", s.name(), if s.reusable() { "reusable side" } else { "one-time side" }),
        Command::BuyRandom => "Buy a counter drawn at random".into(),
        Command::Enter(u, z) => format!("{} enters zone {z}", unit_name(p, u)),
        Command::Exit(u) => format!("{} goes back to the HQ zone", unit_name(p, u)),
        Command::Play(s) => format!("Play {}", s.name()),
        Command::Bomb(g, z) => format!("{} bombs zone {z}", unit_name(p, g)),
        Command::CounterBattery(g) => format!("Counter-battery with {}", unit_name(p, g)),
        Command::NoCounterBattery => "No counter-battery".into(),
        Command::Activate(z, units) => format!("Activate zone {z}: {}", names(p, units)),
        Command::Permute(a, b) => format!("Exchange {} and {}", unit_name(p, a), unit_name(p, b)),
        Command::Shift(u, z) => format!("Move {} to zone {z} (free, in place of an activation)", unit_name(p, u)),
        Command::Move(units, z) => format!("Move {} into zone {z}", names(p, units)),
        Command::Detach(u) => format!("{} detaches a company", unit_name(p, u)),
        Command::Assault { from, target, night: false } => format!("Assault zone {target} from zone {from}"),
        Command::Assault { from, target, night: true } => format!("Night infiltration: assault zone {target} from zone {from}"),
        Command::DefensiveFire(true) => "Defensive fire with an artillery barrage".into(),
        Command::DefensiveFire(false) => "Defensive fire (no barrage)".into(),
        Command::Charge => "Charge: press the assault".into(),
        Command::BreakOff => "Break off the assault".into(),
        Command::Raise(units) => format!("Raise {} one level", names(p, units)),
        Command::Rebuild(u) => format!("Rebuild {}", unit_name(p, u)),
        Command::Dig(zones) => {
            format!(
                "Dig trenches in zone{} {}",
                if zones.len() > 1 { "s" } else { "" },
                zones.iter().map(|z| z.to_string()).collect::<Vec<_>>().join(", ")
            )
        }
        Command::Done => match p.r.phase {
            Phase::Strategies => "No second counter".into(),
            Phase::Operational if p.r.end_of_d.is_some() => "Play nothing now".into(),
            Phase::Operational => "Done with operational movement".into(),
            Phase::Bombing => "Stop bombing".into(),
            Phase::Activation if p.r.impulse.act.is_some() => "End the activation".into(),
            Phase::Activation if p.r.impulse.follow_up => "No follow-up".into(),
            Phase::Activation => "Pass".into(),
            Phase::Reorganisation => "Done reorganising".into(),
            Phase::TurnStart => "Done".into(),
        },
    }
}

/// What an order costs in resource points (4.2, 5), where the tables say it.
pub fn cost(p: &Pos, c: &Command) -> Option<u32> {
    let t = &p.sc.tables;
    match c {
        Command::Activate(..) | Command::Permute(..) => Some(t.resource_points.activation),
        Command::Buy(_) if p.r.buying == Some(Side::German) => Some(t.strategies.german_choice),
        Command::Buy(_) => Some(t.strategies.franco_belgian_choice),
        Command::BuyRandom => Some(t.strategies.german_random),
        Command::Rebuild(_) => Some(t.reorganisation.rebuild),
        _ => None,
    }
}
