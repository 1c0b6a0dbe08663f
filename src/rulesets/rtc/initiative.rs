//! 5.0 Initiative determination phase.

use bevy::prelude::*;

use super::events::EventKind;
use super::map::Ctx;
use super::ops;
use super::state::Clock;
use super::units::{Kind, Side};

/// A side's initiative modifier (5.1): British +1 per tank unit on the map and per BR area
/// controlled; German +1 per Stosstruppen unit on the map.
pub fn modifier(ctx: &Ctx, side: Side) -> i32 {
    let t = &ctx.sc.tables.initiative;
    match side {
        Side::British => {
            let tanks = ctx.sit.on_map().filter(|u| u.kind() == Kind::Tank).count() as i32;
            tanks * t.per_tank + ctx.br_areas(Side::British) as i32 * t.per_br_area
        }
        Side::German => ctx.sit.on_map().filter(|u| u.kind() == Kind::Stosstruppen).count() as i32 * t.per_stosstruppen,
    }
}

/// 5.1: the British have the initiative in turns 1-3; afterwards each player rolls two dice plus
/// his modifier and the higher total moves first. The rules do not say what a tie does: both roll
/// again (docs/rtc.md).
pub fn determine(world: &mut World) {
    let ctx = Ctx::capture(world);
    let t = ctx.sc.tables.initiative.clone();
    if t.british_turns.contains(&ctx.turn) {
        world.resource_mut::<Clock>().initiative = Side::British;
        ops::log(
            world,
            "5.1",
            format!("Turn {}: the British have the initiative", ctx.turn),
            EventKind::Initiative { side: Side::British, british: None, german: None },
        );
        return;
    }
    let (bm, gm) = (modifier(&ctx, Side::British), modifier(&ctx, Side::German));
    for _ in 0..50 {
        let b = ops::roll(world, t.dice, "British initiative", "5.1");
        let g = ops::roll(world, t.dice, "German initiative", "5.1");
        let (bt, gt) = (b as i32 + bm, g as i32 + gm);
        if bt == gt {
            ops::log(world, "5.1", format!("Initiative tied at {bt}: both roll again"), EventKind::Note);
            continue;
        }
        let side = if bt > gt { Side::British } else { Side::German };
        world.resource_mut::<Clock>().initiative = side;
        ops::log(
            world,
            "5.1",
            format!(
                "Initiative: British {b}{bm:+} = {bt}, German {g}{gm:+} = {gt}: the {} have the initiative",
                if side == Side::British { "British" } else { "Germans" }
            ),
            EventKind::Initiative { side, british: Some((b, bm)), german: Some((g, gm)) },
        );
        return;
    }
    world.resource_mut::<Clock>().initiative = Side::British;
}
