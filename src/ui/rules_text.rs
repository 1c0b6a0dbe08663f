//! The rulebook's text, keyed by the rule ids the events and refusals carry, for the popup that opens
//! when a rule number is clicked. Read from `<data root>/assets/ui/bastards-rules.ron` (so a player can
//! correct it), falling back to the copy built into the program.

use std::collections::BTreeMap;

use bevy::prelude::*;
use serde::Deserialize;

/// The copy built into the program.
pub const BUILTIN: &str = include_str!("../../assets/ui/bastards-rules.ron");

#[derive(Clone, Debug, Deserialize)]
pub struct RuleText {
    pub title: String,
    pub text: String,
}

#[derive(Resource, Clone, Debug, Deserialize, Default)]
#[serde(rename = "RuleTexts")]
pub struct RuleTexts {
    pub ruleset: String,
    pub rules: BTreeMap<String, RuleText>,
    #[serde(default)]
    pub aliases: BTreeMap<String, String>,
}

impl RuleTexts {
    pub fn parse(text: &str) -> Result<RuleTexts, String> {
        ron::from_str(text).map_err(|e| e.to_string())
    }

    /// The file in the data folder, or the built-in copy.
    pub fn load() -> RuleTexts {
        let from_disk = crate::engine::paths::data_root()
            .map(|d| d.join("assets/ui/bastards-rules.ron"))
            .and_then(|p| std::fs::read_to_string(p).ok())
            .and_then(|t| RuleTexts::parse(&t).ok());
        from_disk.or_else(|| RuleTexts::parse(BUILTIN).ok()).unwrap_or_default()
    }

    /// The text of a rule id: exact, an alias, or the nearest parent section ("2.3.1" → "2.3").
    pub fn get(&self, id: &str) -> Option<(&str, &RuleText)> {
        let id = id.trim();
        if let Some((k, r)) = self.rules.get_key_value(id) {
            return Some((k.as_str(), r));
        }
        if let Some(target) = self.aliases.get(id) {
            return self.rules.get_key_value(target.as_str()).map(|(k, r)| (k.as_str(), r));
        }
        let mut parent = id;
        while let Some((head, _)) = parent.rsplit_once('.') {
            if let Some((k, r)) = self.rules.get_key_value(head) {
                return Some((k.as_str(), r));
            }
            parent = head;
        }
        None
    }
}

pub fn plugin(app: &mut App) {
    app.insert_resource(RuleTexts::load());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_id_the_engine_uses_has_a_text() {
        let texts = RuleTexts::parse(BUILTIN).expect("the built-in rule texts parse");
        for id in [
            "ZoC", "LoS", "LoC", "Stacking", "SoP", "2.1", "2.2", "2.3", "2.3.3", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "Tanks", "4.1",
            "4.2", "5", "6", "7.1", "7.2", "8", "9", "10", "11", "S1", "S2", "O1", "O2", "O3", "Terrain Table", "Scenarios",
        ] {
            assert!(texts.get(id).is_some(), "no text for rule {id}");
        }
        assert_eq!(texts.get("3.3.1").map(|r| r.0), Some("3.3"));
        assert!(texts.get("nonsense").is_none());
    }
}
