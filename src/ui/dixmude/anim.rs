//! Tempête sur Dixmude's events as the area view animates them: units that moved, entered from the
//! HQ zone or retreated slide as a stack chip from zone to zone, and what the dice did — bombing,
//! defensive fire and assault results, the Yser crossing, hits, units out of action, the ruins of
//! Diksmuide — floats up from the zone.

use crate::rulesets::dixmude::state::Pos;
use crate::rulesets::dixmude::{Event, EventKind};
use crate::ui::board::area::Beat;

use super::board::face;

const RESULT: [f32; 3] = [1.0, 0.6, 0.35];
const LOSS: [f32; 3] = [1.0, 0.35, 0.28];

/// What the events of a change show, in order (pure, for tests): moves and retreats slide, results float.
pub fn beats<'a>(p: &Pos, events: impl IntoIterator<Item = &'a Event>) -> Vec<Beat> {
    let mut out = Vec::new();
    let mut last_zone: Option<u32> = None;
    let unit = |id: &str| p.find(id);
    let name = |id: &str| unit(id).map(|u| p.spec(u).name.clone()).unwrap_or_else(|| id.to_string());
    let zone_of = |id: &str| unit(id).and_then(|u| p.zone_of(u));
    for e in events {
        match &e.kind {
            EventKind::Moved { units, from, to } => {
                let Some(side) = units.first().and_then(|u| unit(u)).map(|u| p.side(u).id().to_string()) else { continue };
                let faces = units.iter().filter_map(|u| unit(u)).map(|u| face(p.kind(u)).to_string()).collect();
                out.push(Beat::Slide { side, faces, from: *from, to: *to });
                last_zone = Some(*to);
            }
            EventKind::Retreated { unit: id, to } => {
                let Some(u) = unit(id) else { continue };
                if let Some(from) = last_zone {
                    out.push(Beat::Slide { side: p.side(u).id().into(), faces: vec![face(p.kind(u)).into()], from, to: *to });
                }
                out.push(Beat::Float { area: *to, text: format!("{} retreats", name(id)), colour: [1.0, 0.8, 0.4] });
            }
            EventKind::Bombing { zone, hits, .. } => {
                last_zone = Some(*zone);
                let text = if *hits > 0 {
                    format!("bombing: {hits} hit{}", if *hits == 1 { "" } else { "s" })
                } else {
                    "bombing: no effect".into()
                };
                out.push(Beat::Float { area: *zone, text, colour: RESULT });
            }
            EventKind::DefensiveFire { zone, hits, .. } => {
                let text = if *hits > 0 {
                    format!("defensive fire: {hits} hit{}", if *hits == 1 { "" } else { "s" })
                } else {
                    "defensive fire: no hit".into()
                };
                out.push(Beat::Float { area: last_zone.unwrap_or(*zone), text, colour: RESULT });
            }
            EventKind::Assault { target, success, attacker_hits, defender_hits, .. } => {
                last_zone = Some(*target);
                let text =
                    format!("{} ({attacker_hits}/{defender_hits} hits)", if *success { "assault succeeds" } else { "assault fails" });
                out.push(Beat::Float { area: *target, text, colour: RESULT });
            }
            EventKind::YserCrossing { success, .. } => {
                if let Some(zone) = last_zone {
                    let text = if *success { "the Yser is crossed" } else { "the crossing fails" };
                    out.push(Beat::Float { area: zone, text: text.into(), colour: [0.6, 0.8, 1.0] });
                }
            }
            EventKind::Ruins { bonus } => {
                if let Some(zone) = last_zone {
                    out.push(Beat::Float { area: zone, text: format!("Diksmuide in ruins: +{bonus}"), colour: LOSS });
                }
            }
            EventKind::Hit { unit: id, level } => {
                let Some(zone) = zone_of(id).or(last_zone) else { continue };
                let what = level.map(|l| l.id().replace('_', " ")).unwrap_or_else(|| "hit".into());
                out.push(Beat::Float { area: zone, text: format!("{}: {what}", name(id)), colour: [1.0, 0.75, 0.45] });
            }
            EventKind::OutOfAction { unit: id } | EventKind::Removed { unit: id } => {
                let Some(zone) = last_zone else { continue };
                let what = if matches!(e.kind, EventKind::OutOfAction { .. }) { "out of action" } else { "removed" };
                out.push(Beat::Float { area: zone, text: format!("{}: {what}", name(id)), colour: LOSS });
            }
            EventKind::Arrived { unit: id, zone } => {
                out.push(Beat::Float { area: *zone, text: format!("{} arrives", name(id)), colour: [0.7, 1.0, 0.7] });
            }
            EventKind::Trenches { zone, dug } => {
                let text = if *dug { "trenches dug" } else { "trenches destroyed" };
                out.push(Beat::Float { area: *zone, text: text.into(), colour: [0.9, 0.8, 0.6] });
            }
            _ => {}
        }
    }
    out
}
