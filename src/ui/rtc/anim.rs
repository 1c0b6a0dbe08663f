//! Royal Tank Corps's events as the area view animates them: a group that moved (or a unit that
//! retreated) slides as a stack chip from area to area, and what the dice did — attack and
//! bombardment results, loss points, flips, eliminations, breakdowns — floats up from the area.

use crate::rulesets::rtc::map::Ctx;
use crate::rulesets::rtc::{Event, EventKind};
use crate::ui::board::area::Beat;

use super::board::face;

/// What the events of a change show, in order (pure, for tests): moves and retreats slide, results float.
pub fn beats<'a>(ctx: &Ctx, events: impl IntoIterator<Item = &'a Event>) -> Vec<Beat> {
    let mut out = Vec::new();
    let mut last_area: Option<u32> = None;
    let unit = |id: &str| ctx.sit.units.iter().find(|u| u.spec.id == id);
    let name = |id: &str| unit(id).map(|u| u.spec.name.clone()).unwrap_or_else(|| id.to_string());
    for e in events {
        match &e.kind {
            EventKind::Moved { units, from, to, .. } => {
                let Some(side) = units.first().and_then(|u| unit(u)).map(|u| u.side().id().to_string()) else { continue };
                let faces = units.iter().filter_map(|u| face(ctx, u)).map(String::from).collect();
                out.push(Beat::Slide { side, faces, from: *from, to: *to });
            }
            EventKind::Retreated { unit: id, to } => {
                let (Some(side), Some(from)) = (unit(id).map(|u| u.side().id().to_string()), last_area) else { continue };
                let faces = face(ctx, id).map(String::from).into_iter().collect();
                out.push(Beat::Slide { side, faces, from, to: *to });
                out.push(Beat::Float { area: *to, text: format!("{} retreats", name(id)), colour: [1.0, 0.8, 0.4] });
            }
            EventKind::Attack { area, ot, dt, success, .. } => {
                last_area = Some(*area);
                let text =
                    if *success { format!("OT {ot} vs DT {dt}: {} CP", ot - dt) } else { format!("OT {ot} vs DT {dt}: attack fails") };
                out.push(Beat::Float { area: *area, text, colour: [1.0, 0.55, 0.35] });
            }
            EventKind::Bombardment { target, loss_points, .. } => {
                last_area = Some(*target);
                let text = if *loss_points > 0 { format!("bombardment: {loss_points} CP") } else { "bombardment: no effect".to_string() };
                out.push(Beat::Float { area: *target, text, colour: [1.0, 0.7, 0.3] });
            }
            EventKind::Overrun { .. } => {
                if let Some(area) = last_area {
                    out.push(Beat::Float { area, text: "OVERRUN".into(), colour: [1.0, 0.9, 0.4] });
                }
            }
            kind => {
                let (id, placed, what, colour) = match kind {
                    EventKind::Flipped { unit } => (unit, None, "spent", [1.0, 0.75, 0.45]),
                    EventKind::Eliminated { unit } => (unit, None, "ELIMINATED", [1.0, 0.3, 0.25]),
                    EventKind::BrokeDown { unit } => (unit, None, "BREAKDOWN", [1.0, 0.7, 0.2]),
                    EventKind::Fatigued { unit } => (unit, None, "fatigued", [0.9, 0.8, 0.6]),
                    EventKind::FriendlyFire { unit, .. } => (unit, None, "friendly fire", [1.0, 0.4, 0.3]),
                    EventKind::Placed { unit, area, .. } => (unit, Some(*area), "arrives", [0.7, 1.0, 0.7]),
                    _ => continue,
                };
                let Some(area) = unit(id).and_then(|u| u.area()).or(last_area).or(placed) else { continue };
                out.push(Beat::Float { area, text: format!("{}: {what}", name(id)), colour });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::path::Path;

    use super::*;
    use crate::rulesets::rtc::Command;
    use crate::rulesets::rtc::units::Side;
    use crate::ui::rtc::session::AreaSession;
    use crate::ui::session::Seat;
    use crate::ui::widgets::events_from;

    /// A group that moves slides from its area to the next; an attack's result floats up there.
    #[test]
    fn a_move_slides_and_an_attack_floats() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rtc/cambrai.ron");
        let seats = BTreeMap::from([(Side::British.id().to_string(), Seat::Human), (Side::German.id().to_string(), Seat::Human)]);
        let mut s = AreaSession::open(&path, 1, seats).expect("cambrai opens");
        for c in [
            Command::Done,
            Command::Done,
            Command::Done,
            Command::Activate(38),
            Command::Add("gb-tank-d".into()),
            Command::Add("gb-152".into()),
        ] {
            s.submit(c).expect("legal");
        }
        let target = s.legal.iter().find_map(|c| match c {
            Command::MoveTo(a) if !s.ctx().sit.has(*a, Side::German) => Some(*a),
            _ => None,
        });
        let Some(to) = target else { panic!("no move into an empty area: {:?}", s.legal) };
        s.submit(Command::MoveTo(to)).expect("legal");
        let b = beats(&s.ctx(), events_from(&s.log, s.new_from, s.game.journal()));
        assert!(
            matches!(&b[..], [Beat::Slide { side, from: 38, to: t, faces }] if side == "british" && *t == to && faces.len() == 2),
            "{b:?}"
        );
    }
}
