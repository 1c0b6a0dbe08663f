//! Rule events (DESIGN.md, core contract 3) and the journal that keeps them in order with the dice.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::dice::{Dice, DieRoll};

/// What every rule event can say about itself: a sentence for the log and the rule that produced it.
pub trait Describe {
    /// The event in words, as the log panel prints it.
    fn describe(&self) -> String;
    /// The rule number ("3.3", "4.1"), or "" when no single rule applies.
    fn rule(&self) -> &str;
    /// The turn this event begins, if it begins one (the log's turn separators).
    fn turn_began(&self) -> Option<u32>;
}

/// What the log asks of a ruleset's typed event data.
pub trait EventKind {
    /// The turn this event begins, if it begins one.
    fn turn_began(&self) -> Option<u32>;
}

/// A rule event, the one event type of every ruleset: the rule that produced it, the sentence the
/// log prints, and the ruleset's typed data `K` (an enum tagged by `event`, whose fields are
/// flattened into the same object in saves and in `salient script` JSON).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RuleEvent<K> {
    pub rule: String,
    pub text: String,
    #[serde(flatten)]
    pub kind: K,
}

impl<K: EventKind> Describe for RuleEvent<K> {
    fn describe(&self) -> String {
        self.text.clone()
    }
    fn rule(&self) -> &str {
        &self.rule
    }
    fn turn_began(&self) -> Option<u32> {
        self.kind.turn_began()
    }
}

/// An event as the journal stores it: the event and how many dice had been rolled when it happened,
/// which places it among the rolls.
#[derive(Clone, Debug, Serialize)]
pub struct Logged<E> {
    pub after_rolls: usize,
    pub event: E,
}

/// All the rule events of a game, in order.
#[derive(Resource, Clone, Debug)]
pub struct Journal<E> {
    entries: Vec<Logged<E>>,
}

impl<E> Default for Journal<E> {
    fn default() -> Self {
        Journal { entries: Vec::new() }
    }
}

impl<E: Clone> Journal<E> {
    pub fn push(&mut self, event: E, dice: &Dice) {
        self.entries.push(Logged { after_rolls: dice.rolls(), event });
    }
    pub fn entries(&self) -> &[Logged<E>] {
        &self.entries
    }
    pub fn events(&self) -> impl Iterator<Item = &E> {
        self.entries.iter().map(|l| &l.event)
    }
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// One line of the merged log: a die roll or a rule event, in the order they happened.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum JournalLine {
    Roll { index: usize, sides: u32, value: u32, purpose: String, rule: String, forced: bool },
    Event { rule: String, text: String, data: serde_json::Value },
}

impl JournalLine {
    pub fn rule(&self) -> &str {
        match self {
            JournalLine::Roll { rule, .. } | JournalLine::Event { rule, .. } => rule,
        }
    }
    pub fn text(&self) -> String {
        match self {
            JournalLine::Roll { sides, value, purpose, forced, .. } => {
                let die = if *sides == 6 { "d6".to_string() } else { format!("1-{sides}") };
                format!("{die} = {value} ({purpose}){}", if *forced { " [forced]" } else { "" })
            }
            JournalLine::Event { text, .. } => text.clone(),
        }
    }
}

fn roll_line(r: &DieRoll) -> JournalLine {
    JournalLine::Roll { index: r.index, sides: r.sides, value: r.value, purpose: r.purpose.clone(), rule: r.rule.clone(), forced: r.forced }
}

/// Merges the events and the dice rolls into one ordered log, starting at event `from_event` and
/// roll `from_roll` (so a reader can ask only for what is new).
pub fn merged<E: Describe + Serialize + Clone>(journal: &Journal<E>, dice: &Dice, from_event: usize, from_roll: usize) -> Vec<JournalLine> {
    let rolls = dice.log();
    let mut out = Vec::new();
    let mut r = from_roll;
    for logged in journal.entries().iter().skip(from_event) {
        while r < logged.after_rolls.min(rolls.len()) {
            out.push(roll_line(&rolls[r]));
            r += 1;
        }
        // The event's own fields, without the rule and text already given.
        let mut data = serde_json::to_value(&logged.event).unwrap_or(serde_json::Value::Null);
        if let serde_json::Value::Object(m) = &mut data {
            m.remove("rule");
            m.remove("text");
        }
        out.push(JournalLine::Event { rule: logged.event.rule().to_string(), text: logged.event.describe(), data });
    }
    while r < rolls.len() {
        out.push(roll_line(&rolls[r]));
        r += 1;
    }
    out
}
