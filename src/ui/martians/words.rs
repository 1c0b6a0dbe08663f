//! Martians's commands in words, for the order sheet, the choice among orders and the badges.

use crate::rulesets::martians::Command;
use crate::rulesets::martians::state::{Action, Pos};

/// A bearing from the unit's facing in words.
pub fn bearing(b: i32) -> String {
    match b {
        0 => "straight ahead".into(),
        180 => "back".into(),
        90 => "to the left".into(),
        -90 => "to the right".into(),
        b if b > 0 => format!("{b}° left"),
        b => format!("{}° right", -b),
    }
}

/// A turn in words.
pub fn turn(t: i32) -> String {
    match t {
        180 => "about face".into(),
        t if t > 0 => format!("{t}° left"),
        t => format!("{}° right", -t),
    }
}

pub fn action(a: Action) -> &'static str {
    match a {
        Action::Move => "move (black card)",
        Action::Fire => "fire (red card)",
    }
}

/// The rule a command answers to.
pub fn rule(c: &Command) -> &'static str {
    match c {
        Command::Begin(..) | Command::Motivate(..) => "2.5",
        Command::EndRegiment => "2.6",
        Command::Move(..) => "4",
        Command::Face(..) => "4.4",
        Command::Form(..) => "3",
        Command::Charge(..) => "8.1",
        Command::Fire(..) => "7.3",
        Command::Split(..) => "6.7b",
        Command::Evade(..) => "8.2a",
        Command::Advance(..) => "8.3",
        Command::Attach(..) => "2.11",
        Command::Unload(..) => "11.0",
        Command::Order(..) | Command::Done => "1.3",
    }
}

/// A command in words, naming units by their type.
pub fn command(p: &Pos, c: &Command) -> String {
    let name = |id: &str| p.find(id).map(|u| format!("{id} ({})", p.ty(u).name)).unwrap_or_else(|| id.to_string());
    let reg = |id: &str| p.find_regiment(id).map(|r| p.sc.spec.regiments[r].name.clone()).unwrap_or_else(|| id.to_string());
    match c {
        Command::Begin(r, a) => format!("{}: {}", reg(r), action(*a)),
        Command::Motivate(r, a) => format!("Motivation card: {} again, {}", reg(r), action(*a)),
        Command::EndRegiment => "End the regiment's activity".into(),
        Command::Move(u, b, y) => format!("{u}: move {y} yds {}", bearing(*b)),
        Command::Face(u, t) => format!("{u}: wheel {}", turn(*t)),
        Command::Form(u, f) => format!("{u}: form {}", f.name()),
        Command::Charge(u, t) => format!("{u}: charge {}", name(t)),
        Command::Fire(u, t) => format!("{u}: fire at {}", name(t)),
        Command::Split(u, shares) => {
            let parts: Vec<String> = shares.iter().map(|(t, d)| format!("{d} at {t}")).collect();
            format!("{u}: split its dice, {}", parts.join(", "))
        }
        Command::Evade(u) => format!("{u}: evade the charge (flee)"),
        Command::Advance(u) => format!("{u}: advance into the ground won"),
        Command::Attach(c, u) => {
            let who = p.find_commander(c).map(|c| p.commander_name(c).to_string()).unwrap_or_else(|| c.clone());
            format!("{who}: ride to {}", name(u))
        }
        Command::Unload(t) => {
            let cargo = p.find(t).and_then(|t| p.cargo(t)).map(|c| format!("{} ({})", p.id(c), p.ty(c).name)).unwrap_or_default();
            format!("{t}: unload {cargo} and leave")
        }
        Command::Order(first) => format!("Move {} in the {} phase", if *first { "first" } else { "last" }, p.r.phase.name()),
        Command::Done => "Done".into(),
    }
}

/// The unit a command orders, if any.
pub fn actor(c: &Command) -> Option<&str> {
    match c {
        Command::Move(u, ..)
        | Command::Face(u, _)
        | Command::Form(u, _)
        | Command::Charge(u, _)
        | Command::Fire(u, _)
        | Command::Split(u, _)
        | Command::Evade(u)
        | Command::Unload(u)
        | Command::Advance(u) => Some(u),
        _ => None,
    }
}

/// The enemy a command aims at, if any.
pub fn aim(c: &Command) -> Option<&str> {
    match c {
        Command::Charge(_, t) | Command::Fire(_, t) => Some(t),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearings_and_turns_read_as_a_player_says_them() {
        assert_eq!(bearing(0), "straight ahead");
        assert_eq!(bearing(-30), "30° right");
        assert_eq!(bearing(45), "45° left");
        assert_eq!(turn(180), "about face");
        assert_eq!(turn(-90), "90° right");
        assert_eq!(actor(&Command::Fire("a".into(), "b".into())), Some("a"));
        assert_eq!(aim(&Command::Charge("a".into(), "b".into())), Some("b"));
        assert_eq!(actor(&Command::Done), None);
    }
}
