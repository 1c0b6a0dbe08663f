//! The rulebooks' text, keyed by the rule ids the events and refusals carry, for the popup that
//! opens when a rule number is clicked. One file per ruleset, `<data root>/assets/ui/<ruleset>-rules.ron`
//! (so a player can correct it), falling back to the copy built into the program (its presenter's
//! `builtin_rules`). Also the clickable rule number and the popup window every board uses.

use std::collections::BTreeMap;

use bevy::prelude::*;
use bevy_egui::egui;
use serde::Deserialize;

use super::theme::{self, BRASS, PARCHMENT};

/// The built-in rule texts of a ruleset, if the window plays it.
pub fn builtin(ruleset: &str) -> Option<&'static str> {
    super::registry::presenter(ruleset).map(|p| p.builtin_rules())
}

/// The file name of a ruleset's rule texts under `assets/ui/`.
pub fn file_name(ruleset: &str) -> String {
    format!("{ruleset}-rules.ron")
}

#[derive(Clone, Debug, Deserialize)]
pub struct RuleText {
    pub title: String,
    pub text: String,
}

/// The rule texts of one ruleset ([`RuleBooks`] holds every one).
#[derive(Clone, Debug, Deserialize, Default)]
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

    /// A ruleset's texts: `<data root>/assets/ui/<ruleset>-rules.ron` if it reads, else the built-in copy.
    pub fn load_for(ruleset: &str) -> RuleTexts {
        let from_disk = crate::engine::paths::data_root()
            .map(|d| d.join("assets/ui").join(file_name(ruleset)))
            .and_then(|p| std::fs::read_to_string(p).ok())
            .and_then(|t| RuleTexts::parse(&t).ok());
        from_disk.or_else(|| builtin(ruleset).and_then(|t| RuleTexts::parse(t).ok())).unwrap_or_default()
    }

    /// The text of a rule id: exact, an alias, or the nearest parent section ("2.3.1" → "2.3",
    /// "7.64" → "7.6", "9.1" → the chapter's alias).
    pub fn get(&self, id: &str) -> Option<(&str, &RuleText)> {
        let id = id.trim();
        let find = |k: &str| -> Option<(&str, &RuleText)> {
            if let Some((k, r)) = self.rules.get_key_value(k) {
                return Some((k.as_str(), r));
            }
            let target = self.aliases.get(k)?;
            self.rules.get_key_value(target.as_str()).map(|(k, r)| (k.as_str(), r))
        };
        if let Some(found) = find(id) {
            return Some(found);
        }
        let mut parent = id.to_string();
        loop {
            // "7.63" → "7.6", "2.3.1" → "2.3", "7.6" → "7".
            match parent.rsplit_once('.') {
                Some((head, tail)) if tail.len() > 1 && tail.chars().all(|c| c.is_ascii_digit()) => {
                    parent = format!("{head}.{}", &tail[..tail.len() - 1])
                }
                Some((head, _)) => parent = head.to_string(),
                None => return None,
            }
            if let Some(found) = find(&parent) {
                return Some(found);
            }
        }
    }
}

/// The rule texts of every ruleset, by ruleset id.
#[derive(Resource, Clone, Debug, Default)]
pub struct RuleBooks(pub BTreeMap<String, RuleTexts>);

impl RuleBooks {
    pub fn load() -> RuleBooks {
        RuleBooks(super::registry::presenters().iter().map(|p| (p.id().to_string(), RuleTexts::load_for(p.id()))).collect())
    }
    pub fn of(&self, ruleset: &str) -> Option<&RuleTexts> {
        self.0.get(ruleset)
    }
}

/// A clickable rule reference (`§7.63`, or a name like `SoP`): a click puts it in `open`.
pub fn rule_link(ui: &mut egui::Ui, rule: &str, open: &mut Option<String>) {
    if rule.is_empty() {
        return;
    }
    let label = if rule.chars().next().is_some_and(|c| c.is_ascii_digit()) { format!("§{rule}") } else { rule.to_string() };
    let resp = ui.add(egui::Button::new(egui::RichText::new(label).small().color(BRASS)).frame(false));
    if resp.clicked() {
        *open = Some(rule.to_string());
    }
    resp.on_hover_text("Show the rule");
}

/// Finds the rule numbers written in a text ("… (9.34)", "[7.63]", "rule 10.31") in order, once each.
pub fn rule_ids_in(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit() && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '.'));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len() && (chars[j].is_ascii_digit() || (chars[j] == '.' && j + 1 < chars.len() && chars[j + 1].is_ascii_digit())) {
            j += 1;
        }
        let id: String = chars[i..j].iter().collect();
        // A rule number has a dot and a number of at most two digits before it ("10.31", not "1916.5").
        if id.contains('.') && id.split('.').next().is_some_and(|h| h.len() <= 2) && !out.contains(&id) {
            out.push(id);
        }
        i = j.max(i + 1);
    }
    out
}

/// A rule's heading without the number the window's title already gives ("5.2 Fire" under "Rule 5.2").
fn heading_of(key: &str, title: &str) -> String {
    title.strip_prefix(key).map(|t| t.trim_start_matches([' ', ':', '.', '-', '—'])).unwrap_or(title).to_string()
}

/// A piece of a rule's text: running text, or a Markdown table (`| a | b |` rows, the second row
/// `|---|---|`).
#[derive(Debug, PartialEq)]
enum Block<'a> {
    Text(String),
    Table { header: Vec<&'a str>, rows: Vec<Vec<&'a str>> },
}

/// A table row's cells.
fn cells(line: &str) -> Vec<&str> {
    line.trim().trim_matches('|').split('|').map(str::trim).collect()
}

/// Splits a rule's text into running text and tables.
fn blocks(text: &str) -> Vec<Block<'_>> {
    let is_rule =
        |l: &str| l.trim().trim_matches('|').split('|').all(|c| !c.trim().is_empty() && c.trim().chars().all(|ch| matches!(ch, '-' | ':')));
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut prose: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let table_starts =
            lines[i].trim_start().starts_with('|') && lines.get(i + 1).is_some_and(|l| l.trim_start().starts_with('|') && is_rule(l));
        if !table_starts {
            prose.push(lines[i]);
            i += 1;
            continue;
        }
        if !prose.is_empty() {
            out.push(Block::Text(prose.join("\n").trim_end().to_string()));
            prose.clear();
        }
        let header = cells(lines[i]);
        i += 2;
        let mut rows = Vec::new();
        while i < lines.len() && lines[i].trim_start().starts_with('|') {
            rows.push(cells(lines[i]));
            i += 1;
        }
        out.push(Block::Table { header, rows });
    }
    if !prose.is_empty() {
        out.push(Block::Text(prose.join("\n").trim_end().to_string()));
    }
    out
}

/// A rule's text, its tables drawn as tables (issue 20: they showed as raw Markdown).
fn rule_body(ui: &mut egui::Ui, text: &str) {
    for (n, block) in blocks(text).into_iter().enumerate() {
        match block {
            Block::Text(t) if t.trim().is_empty() => {}
            Block::Text(t) => {
                ui.label(egui::RichText::new(t).color(PARCHMENT));
            }
            Block::Table { header, rows } => {
                ui.add_space(4.0);
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    egui::Grid::new(("rule-table", n)).striped(true).spacing([14.0, 4.0]).show(ui, |ui| {
                        for h in &header {
                            ui.label(theme::strong(*h));
                        }
                        ui.end_row();
                        for row in &rows {
                            for c in row {
                                ui.add(egui::Label::new(egui::RichText::new(*c).color(PARCHMENT)).wrap());
                            }
                            ui.end_row();
                        }
                    });
                });
                ui.add_space(4.0);
            }
        }
    }
}

/// The popup with a rule's text, centred on `centre` at first; closing it clears `open`.
pub fn rule_window(ctx: &egui::Context, texts: Option<&RuleTexts>, ruleset: &str, open: &mut Option<String>, centre: egui::Pos2) {
    let Some(rule) = open.clone() else { return };
    let mut keep = true;
    let (key, heading, text) = match texts.and_then(|t| t.get(&rule)) {
        Some((k, t)) => (k.to_string(), heading_of(k, &t.title), t.text.clone()),
        None => (rule.clone(), String::new(), format!("This rule's text is not in assets/ui/{}.", file_name(ruleset))),
    };
    egui::Window::new(theme::title(format!("Rule {key}"), 18.0))
        .id("rule-popup".into())
        .open(&mut keep)
        .default_width(480.0)
        .default_pos(centre - egui::vec2(240.0, 220.0))
        .show(ctx, |ui| {
            if !heading.is_empty() {
                ui.label(theme::strong(heading));
                ui.add_space(4.0);
            }
            egui::ScrollArea::vertical().max_height(440.0).show(ui, |ui| rule_body(ui, &text));
        });
    if !keep {
        *open = None;
    }
}

pub fn plugin(app: &mut App) {
    app.insert_resource(RuleBooks::load());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every presenter's built-in rule texts parse and are its ruleset's.
    #[test]
    fn a_markdown_table_in_a_rule_is_a_table_and_the_heading_drops_the_number() {
        let text = "Zones of control.\n| Unit | Extra MPs |\n|---|---|\n| Battalion | +2 MPs |\n| Tank | +1 MP |\nAfter.";
        assert_eq!(
            blocks(text),
            vec![
                Block::Text("Zones of control.".into()),
                Block::Table { header: vec!["Unit", "Extra MPs"], rows: vec![vec!["Battalion", "+2 MPs"], vec!["Tank", "+1 MP"]] },
                Block::Text("After.".into()),
            ]
        );
        assert_eq!(blocks("a | b\nno table"), vec![Block::Text("a | b\nno table".into())]);
        assert_eq!(heading_of("5.2", "5.2 Fire"), "Fire");
        assert_eq!(heading_of("ZoC", "Zone of Control"), "Zone of Control");
    }

    #[test]
    fn every_ruleset_has_its_builtin_rule_texts() {
        for p in super::super::registry::presenters() {
            let texts = RuleTexts::parse(p.builtin_rules()).unwrap_or_else(|e| panic!("{}: {e}", p.id()));
            assert_eq!(texts.ruleset, p.id());
            assert!(!texts.rules.is_empty());
        }
        assert!(builtin("chess").is_none());
    }
}
