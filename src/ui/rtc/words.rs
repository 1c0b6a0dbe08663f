//! Orders in words: how the area window names each command of `rulesets::rtc` on its buttons,
//! in the log of orders and in tooltips.

use crate::rulesets::rtc::map::Ctx;
use crate::rulesets::rtc::state::Phase;
use crate::rulesets::rtc::{BarrageKind, Command, Target};

fn unit_name(ctx: &Ctx, id: &str) -> String {
    ctx.find(id).map(|u| u.spec.name.clone()).unwrap_or_else(|| id.to_string())
}

/// A command in words (the area ones name what they do there).
pub fn describe(ctx: &Ctx, c: &Command) -> String {
    match c {
        Command::Place(u, a) => format!("Place {} in area {a}", unit_name(ctx, u)),
        Command::ReturnTank(u, a) => format!("Return {} to area {a} (spent)", unit_name(ctx, u)),
        Command::Bombard { lead, target, at, hurricane } => format!(
            "{}{} bombards area {target} ({})",
            if *hurricane { "Hurricane: " } else { "" },
            unit_name(ctx, lead),
            if *at == Target::Artillery { "artillery" } else { "troops" }
        ),
        Command::Support(u) => format!("Support with {}", unit_name(ctx, u)),
        Command::Fire => "Fire the bombardment".into(),
        Command::Barrage(u, a, k) => {
            format!("{} barrage on area {a} by {}", if *k == BarrageKind::Rolling { "Rolling" } else { "Interdiction" }, unit_name(ctx, u))
        }
        Command::Activate(a) => format!("Activate area {a}"),
        Command::Add(u) => format!("Add {} to the group", unit_name(ctx, u)),
        Command::MoveTo(a) => format!("Move the group into area {a}"),
        Command::AttackHere => "Attack the enemy in this area".into(),
        Command::Halt => "Halt the group".into(),
        Command::EndActivation => "End the activation".into(),
        Command::Lead(u) => format!("Lead with {}", unit_name(ctx, u)),
        Command::Defend { lead, guns, sos } => {
            let mut s = format!("Defend with {}", unit_name(ctx, lead));
            if let Some(g) = guns {
                s.push_str(&format!(", guns of {}", unit_name(ctx, g)));
            }
            if let Some(g) = sos {
                s.push_str(&format!(", SOS barrage by {}", unit_name(ctx, g)));
            }
            s
        }
        Command::Flip(u) => format!("Flip {}", unit_name(ctx, u)),
        Command::Eliminate(u) => format!("Eliminate {}", unit_name(ctx, u)),
        Command::Retreat(u, a) => format!("Retreat {} to area {a}", unit_name(ctx, u)),
        Command::Fatigue(a) => format!("Fatigue the units in area {a}"),
        Command::BreakDown(u) => format!("{} breaks down (10.6)", unit_name(ctx, u)),
        Command::FriendlyFire(u) => format!("Friendly fire eliminates {} (7.9)", unit_name(ctx, u)),
        Command::Done => match ctx.phase {
            Some(Phase::Reinforcement) => "Done placing".into(),
            Some(Phase::Bombardment) => "Pass (no bombardment)".into(),
            Some(Phase::Barrage) => "Done with barrages".into(),
            Some(Phase::Action) => "Pass the impulse".into(),
            Some(Phase::Administration) => "Done fatiguing".into(),
            _ => "Done".into(),
        },
    }
}
