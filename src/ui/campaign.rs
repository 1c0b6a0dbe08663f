//! Campaigns in the window (docs/campaigns.md, docs/gui.md "Campaigns"): the menu's Campaigns page
//! (every campaign file found, those whose rule systems this version cannot play listed as not yet
//! playable), the campaign page — the battles played and to come, the score, what carries over —
//! which is also the between-battles screen (the last result, the losses, the next briefing) and,
//! once the last battle is over, the campaign's game-over screen. A battle is played as an ordinary
//! save with its campaign attached: it opens, saves and loads like any game.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::egui;

use crate::engine::campaign::{Campaign, CampaignRecord, load_campaign_save};
use crate::engine::paths;
use crate::engine::scenario::top_level_name;
use crate::engine::source::SourceFile;
use crate::rulesets::registry;

use super::presenter::{Opening, Presenter, Seats};
use super::saves::save_presenter;
use super::session::Seat;
use super::theme::{self, BRASS, DIM, GREEN, PARCHMENT, RED};

/// The campaign being played in the window, if any, and whether the menu should show its page.
#[derive(Resource, Default)]
pub struct CampaignInWindow {
    pub active: Option<ActiveCampaign>,
    /// Set when a battle of it ends: the menu opens on the campaign page.
    pub show: bool,
}

/// A campaign in play: its file, its record and where its save is kept.
#[derive(Clone)]
pub struct ActiveCampaign {
    pub campaign: Campaign,
    pub record: CampaignRecord,
    pub save: PathBuf,
}

/// One campaign file found, with what stops it being played.
#[derive(Clone)]
pub struct CampaignEntry {
    pub path: PathBuf,
    pub campaign: Result<Campaign, String>,
    /// Why some of its battles cannot be played in this version (an empty list: playable).
    pub unplayable: Vec<String>,
}

/// The folder of campaign saves.
pub fn campaign_saves_dir() -> PathBuf {
    paths::saves_dir().join("campaigns")
}

/// A campaign's save file.
pub fn campaign_save_path(record: &CampaignRecord, campaign: &Campaign) -> PathBuf {
    campaign_saves_dir().join(format!("{}-{}.ron", campaign.spec.id, record.seed))
}

/// The save of the battle being played.
fn battle_save_path(campaign: &Campaign, record: &CampaignRecord) -> PathBuf {
    campaign_saves_dir().join(format!("{}-{}-battle-{}.ron", campaign.spec.id, record.seed, record.finished.len() + 1))
}

fn find_files(dir: &Path, out: &mut Vec<PathBuf>, depth: u32) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() && depth < 4 {
            find_files(&p, out, depth + 1);
        } else if p.extension().is_some_and(|x| x == "ron")
            && std::fs::read_to_string(&p).is_ok_and(|t| top_level_name(&t) == Some("Campaign"))
        {
            out.push(p);
        }
    }
}

/// Every campaign file under the shipped scenarios and the mods folder.
pub fn scan() -> Vec<CampaignEntry> {
    let registry = registry();
    let mut files = Vec::new();
    for (dir, _) in super::catalog::folders() {
        find_files(&dir, &mut files, 0);
    }
    files
        .into_iter()
        .map(|path| {
            let campaign = Campaign::read(&path).map_err(|ds| ds.first().map(|d| d.to_string()).unwrap_or_default());
            let unplayable = campaign.as_ref().map(|c| c.unplayable(&registry)).unwrap_or_default();
            CampaignEntry { path, campaign, unplayable }
        })
        .collect()
}

/// Begins a campaign: its record, saved at once.
pub fn begin(path: &Path, seed: u64) -> Result<ActiveCampaign, String> {
    let campaign = Campaign::read(path).map_err(|ds| ds.first().map(|d| d.to_string()).unwrap_or_default())?;
    let record = CampaignRecord::begin(&campaign, seed);
    let save = campaign_save_path(&record, &campaign);
    record.save(&save)?;
    Ok(ActiveCampaign { campaign, record, save })
}

/// Continues a campaign from its save (replayed and checked).
pub fn resume(path: &Path) -> Result<ActiveCampaign, String> {
    let file = SourceFile::read(path).map_err(|d| d.to_string())?;
    let record = load_campaign_save(&file, &registry())?;
    let campaign = record.campaign()?;
    Ok(ActiveCampaign { campaign, record, save: path.to_path_buf() })
}

/// Opens the next battle in the window: written as an ordinary save with the campaign attached (and
/// the units carried into it), then loaded with the campaign's side the player's and the others the
/// computer's.
pub fn open_next(active: &ActiveCampaign) -> Result<(&'static dyn Presenter, Opening), String> {
    let battle = active.record.next_battle(&active.campaign).ok_or("the campaign is over")?.clone();
    let session = active.record.open_next(&active.campaign, &registry())?;
    let path = battle_save_path(&active.campaign, &active.record);
    session.save(&path)?;
    let p = save_presenter(&path)?;
    let side = battle.side.clone();
    let seats = move |sides: &[String]| -> Result<Seats, String> {
        Ok(sides.iter().map(|s| (s.clone(), if *s == side { Seat::Human } else { Seat::Computer })).collect())
    };
    Ok((p, p.load(&path, Some(&seats))?))
}

/// Ends the battle of a game over in the window: records it in its campaign, saves the campaign
/// and returns it (the menu then shows the between-battles page).
pub fn finish_battle(game: &mut dyn crate::engine::Session) -> Result<ActiveCampaign, String> {
    let mut record = game.campaign_record().cloned().ok_or("this game is not a battle of a campaign")?;
    let campaign = record.campaign()?;
    record.finish(&campaign, game)?;
    let save = campaign_save_path(&record, &campaign);
    record.save(&save)?;
    Ok(ActiveCampaign { campaign, record, save })
}

/// What the player chose on a campaign page.
pub enum CampaignChoice {
    Begin(PathBuf),
    Resume(PathBuf),
    PlayNext,
    Back,
}

/// The Campaigns page: each campaign file with its battles, Begin for those this version plays, and
/// the campaigns saved.
pub fn campaigns_page(ui: &mut egui::Ui, entries: &[CampaignEntry]) -> Option<CampaignChoice> {
    let mut choice = None;
    ui.vertical_centered(|ui| {
        ui.label(theme::title("Campaigns", 30.0));
        ui.set_max_width(760.0);
    });
    egui::ScrollArea::vertical().max_height(ui.available_height() - 40.0).show(ui, |ui| {
        ui.vertical_centered(|ui| {
            ui.set_max_width(760.0);
            for e in entries {
                egui::Frame::group(ui.style()).fill(theme::PANEL).show(ui, |ui| {
                    ui.set_width(740.0);
                    match &e.campaign {
                        Err(msg) => {
                            ui.label(egui::RichText::new(e.path.display().to_string()).color(PARCHMENT));
                            ui.label(egui::RichText::new(msg).color(RED));
                        }
                        Ok(c) => {
                            ui.horizontal(|ui| {
                                ui.label(theme::title(&c.spec.name, 20.0));
                                ui.label(egui::RichText::new(&c.spec.date).color(DIM));
                            });
                            ui.label(egui::RichText::new(&c.spec.introduction).color(PARCHMENT));
                            let battles: Vec<&str> = c.spec.battles.iter().map(|b| b.id.as_str()).collect();
                            ui.label(egui::RichText::new(format!("Battles: {}", battles.join(" · "))).color(DIM));
                            if e.unplayable.is_empty() {
                                if ui.button(theme::strong("Begin the campaign")).clicked() {
                                    choice = Some(CampaignChoice::Begin(e.path.clone()));
                                }
                            } else {
                                ui.label(egui::RichText::new("Not yet playable in this version:").color(RED));
                                for why in &e.unplayable {
                                    ui.label(egui::RichText::new(format!("  {why}")).color(DIM).small());
                                }
                            }
                        }
                    }
                });
                ui.add_space(6.0);
            }
            let saves = saved_campaigns();
            if !saves.is_empty() {
                ui.label(theme::title("Campaigns saved", 20.0));
                for (path, line) in saves {
                    ui.horizontal(|ui| {
                        if ui.button("Continue").clicked() {
                            choice = Some(CampaignChoice::Resume(path.clone()));
                        }
                        ui.label(egui::RichText::new(line).color(PARCHMENT));
                    });
                }
            }
        });
    });
    ui.vertical_centered(|ui| {
        if ui.button("◀ Back").clicked() {
            choice = Some(CampaignChoice::Back);
        }
    });
    choice
}

/// The campaign saves, newest first, each with a line (name, battles played, score).
fn saved_campaigns() -> Vec<(PathBuf, String)> {
    let Ok(rd) = std::fs::read_dir(campaign_saves_dir()) else { return Vec::new() };
    let mut out: Vec<(std::time::SystemTime, PathBuf, String)> = rd
        .flatten()
        .filter_map(|e| {
            let path = e.path();
            let text = std::fs::read_to_string(&path).ok()?;
            if top_level_name(&text) != Some("CampaignSave") {
                return None;
            }
            let r: CampaignRecord = SourceFile::new(&path, text).parse().ok()?;
            let name = r.campaign().map(|c| c.spec.name).unwrap_or_else(|_| r.campaign.clone());
            let state = if r.is_over() { "over".to_string() } else { format!("next: {}", r.next.clone().unwrap_or_default()) };
            let line = format!("{name} — {} battle(s) played, score {}, {state}", r.finished.len(), r.score);
            Some((e.metadata().ok()?.modified().ok()?, path, line))
        })
        .collect();
    out.sort_by_key(|(t, _, _)| std::cmp::Reverse(*t));
    out.into_iter().map(|(_, p, l)| (p, l)).collect()
}

/// The campaign page: between battles (the last result and losses, what carries over, the next
/// briefing) and, once the campaign is over, its result.
pub fn campaign_page(ui: &mut egui::Ui, active: &ActiveCampaign) -> Option<CampaignChoice> {
    let mut choice = None;
    let (c, r) = (&active.campaign, &active.record);
    ui.vertical_centered(|ui| {
        ui.set_max_width(780.0);
        ui.label(theme::title(&c.spec.name, 30.0));
        ui.label(egui::RichText::new(format!("Campaign score: {}", r.score)).size(20.0).color(BRASS).strong());
        if let Some(level) = r.final_level(c) {
            ui.add_space(6.0);
            ui.label(egui::RichText::new("The campaign is over").size(18.0).color(PARCHMENT));
            ui.label(theme::title(&level.name, 26.0));
        }
    });
    ui.add_space(8.0);
    egui::ScrollArea::vertical().max_height(ui.available_height() - 50.0).show(ui, |ui| {
        ui.vertical_centered(|ui| {
            ui.set_max_width(780.0);
            egui::Frame::group(ui.style()).fill(theme::PANEL).show(ui, |ui| {
                ui.set_width(760.0);
                ui.label(theme::title("Battles", 20.0));
                for (k, f) in r.finished.iter().enumerate() {
                    let colour = match f.level {
                        crate::engine::campaign::ResultLevel::Victory => GREEN,
                        crate::engine::campaign::ResultLevel::Draw => BRASS,
                        crate::engine::campaign::ResultLevel::Defeat => RED,
                    };
                    let side = c.battle(&f.battle).map(|b| b.side.clone()).unwrap_or_default();
                    ui.horizontal_wrapped(|ui| {
                        ui.label(egui::RichText::new(format!("{}. {}", k + 1, f.battle)).strong().color(PARCHMENT));
                        ui.label(egui::RichText::new(format!("{} ({} for {side})", f.result, f.level.word())).color(colour));
                        ui.label(egui::RichText::new(format!("+{} points", f.points)).color(BRASS));
                    });
                    let losses: Vec<String> = f.losses.iter().map(|(s, u)| format!("{s} lost {}", u.len())).collect();
                    if !losses.is_empty() {
                        ui.label(egui::RichText::new(format!("     Losses: {}", losses.join(", "))).color(DIM));
                    }
                }
                if let Some(next) = r.next_battle(c) {
                    ui.horizontal(|ui| {
                        ui.label(egui::RichText::new(format!("{}. {}", r.finished.len() + 1, next.id)).strong().color(BRASS));
                        ui.label(egui::RichText::new(format!("next — you command `{}`", next.side)).color(PARCHMENT));
                    });
                }
                // Battles that may still come (by any result).
                let to_come = battles_to_come(c, r);
                if !to_come.is_empty() {
                    ui.label(egui::RichText::new(format!("Still to come, depending on the results: {}", to_come.join(", "))).color(DIM));
                }
            });
            ui.add_space(6.0);
            egui::Frame::group(ui.style()).fill(theme::PANEL).show(ui, |ui| {
                ui.set_width(760.0);
                ui.label(theme::title("What carries over", 20.0));
                ui.label(egui::RichText::new(format!("The campaign score ({}).", r.score)).color(PARCHMENT));
                if r.carried.is_empty() {
                    ui.label(egui::RichText::new("No units: each battle begins with its own order of battle.").color(DIM));
                } else {
                    for u in &r.carried {
                        let strength = [u.steps.map(|s| format!("{s} steps")), u.medals.map(|m| format!("{m} medals"))]
                            .into_iter()
                            .flatten()
                            .collect::<Vec<_>>()
                            .join(", ");
                        ui.label(egui::RichText::new(format!("{} — {} {strength}", u.id, u.status)).color(PARCHMENT));
                    }
                }
            });
            if let Some(next) = r.next_battle(c) {
                ui.add_space(6.0);
                egui::Frame::group(ui.style()).fill(theme::PANEL).show(ui, |ui| {
                    ui.set_width(760.0);
                    ui.label(theme::title(format!("Next: {}", next.id), 20.0));
                    ui.label(egui::RichText::new(&next.briefing).color(PARCHMENT));
                    ui.label(
                        egui::RichText::new(format!(
                            "Points: victory {}, draw {}, defeat {}",
                            next.points.victory, next.points.draw, next.points.defeat
                        ))
                        .color(DIM),
                    );
                });
            }
        });
    });
    ui.vertical_centered(|ui| {
        ui.horizontal(|ui| {
            if ui.button("◀ Campaigns").clicked() {
                choice = Some(CampaignChoice::Back);
            }
            if r.next.is_some() && ui.button(theme::strong("Play the next battle ▶")).clicked() {
                choice = Some(CampaignChoice::PlayNext);
            }
        });
        ui.label(egui::RichText::new(format!("Saved as {}", active.save.display())).small().color(DIM));
    });
    choice
}

/// The battles not yet played that some result could still lead to.
fn battles_to_come(c: &Campaign, r: &CampaignRecord) -> Vec<String> {
    let Some(next) = r.next.as_deref() else { return Vec::new() };
    let mut seen = vec![next.to_string()];
    let mut k = 0;
    while k < seen.len() {
        if let Some(b) = c.battle(&seen[k]) {
            for (t, _) in b.next.targets() {
                if !seen.iter().any(|s| s == t) {
                    seen.push(t.to_string());
                }
            }
        }
        k += 1;
    }
    seen.remove(0);
    seen
}

pub fn plugin(app: &mut App) {
    app.init_resource::<CampaignInWindow>();
}
