//! Transports: skimmers (11.0) and air transport raiders (the Aviation Rules' ATR). "A skimmer model
//! represents enough actual craft to transport an artillery section or 12 casting infantry unit";
//! skimmers "can not voluntarily move any closer than 200 yards to the nearest enemy unit", and "Once a
//! Skimmer is unloaded, it cannot be reloading during the battle. It must leave the battle area"; ATR
//! units "can land and deploy their cargo no closer than 200 yards from the nearest enemy LAND unit".
//! A unit starts aboard its transport (the battle's `aboard`) and is off the table until `Unload`.

use crate::engine::Refusal;
use crate::engine::board::tabletop::Yards;

use super::events::EventKind;
use super::refuse;
use super::state::{Gone, Pos, Rt};
use super::tables::Kind;

/// Whether a unit is a transport: a skimmer or an air transport raider.
pub fn transport(p: &Pos, t: usize) -> bool {
    p.ty(t).carries(&p.sc.tables.transports).is_some()
}

/// The position once transport `t` has unloaded: its cargo stands where the transport was, facing its
/// way, in the formation the battle gives it (RECONSTRUCTED: the text says where it may unload, not how
/// the unit deploys); the transport has left.
fn unloaded(p: &Pos, t: usize, cargo: usize) -> Pos {
    let mut q = p.clone();
    let (at, facing) = (p.units[t].at, p.units[t].facing);
    q.units[t].gone = Some(Gone::Withdrawn);
    let c = &mut q.units[cargo];
    c.aboard = None;
    c.at = at;
    c.facing = facing;
    q
}

/// Whether transport `t` may unload now (apart from whose decision it is): it carries a unit, and the
/// unit fits where it would stand, no closer than 200 yards to the nearest enemy land unit.
pub fn check_unload(p: &Pos, t: usize) -> Result<usize, Refusal> {
    if !transport(p, t) || !p.units[t].on_table() {
        return Err(refuse(format!("{} is not a transport on the table", p.id(t)), "11.0"));
    }
    let cargo = p.cargo(t).ok_or_else(|| refuse(format!("{} carries no unit: a transport is not reloaded (11.0)", p.id(t)), "11.0"))?;
    let q = unloaded(p, t, cargo);
    let keep_off = p.sc.tables.transports.keep_off;
    let near = q.nearest_enemy(cargo);
    if near < keep_off {
        return Err(refuse(
            format!("{} would deploy {near:.0} yards from the enemy: no closer than {keep_off:.0} (11.0, ATR)", p.id(cargo)),
            "11.0",
        ));
    }
    super::movement::fits(&q, cargo, &q.footprint(cargo), None)?;
    Ok(cargo)
}

/// Unloads transport `t` (checked): its cargo deploys, and the transport leaves the battle (11.0). The
/// unit has moved this turn: a gun unloaded does not fire this turn (6.4).
pub fn unload(p: &mut Pos, rt: &mut Rt, t: usize) {
    let Some(cargo) = p.cargo(t) else { return };
    *p = unloaded(p, t, cargo);
    p.units[cargo].has_moved = true;
    p.r.flown.insert(t);
    let at = p.units[cargo].at;
    rt.log(
        "11.0",
        format!("{} unloads {} and leaves the battle", p.name(t), p.name(cargo)),
        EventKind::Unloaded { transport: p.id(t).to_string(), unit: p.id(cargo).to_string(), at: (at.x, at.y) },
    );
}

/// 11.0: "they can not voluntarily move any closer than 200 yards to the nearest enemy unit": a skimmer's
/// move to `to` is refused if it ends nearer than 200 yards and nearer than it began.
pub fn skimmer_keeps_off(p: &Pos, u: usize, to: Yards) -> Result<(), Refusal> {
    if p.kind(u) != Kind::Skimmer {
        return Ok(());
    }
    let st = &p.units[u];
    let keep_off = p.sc.tables.transports.keep_off;
    let after = p.nearest_enemy_at(u, to, st.facing, st.formation);
    if after < keep_off && after < p.nearest_enemy(u) - 0.01 {
        return Err(refuse(format!("skimmers do not move closer than {keep_off:.0} yards to the nearest enemy unit"), "11.0"));
    }
    Ok(())
}

/// A transport lost with a unit aboard takes it with it (RECONSTRUCTED: the text does not say; a
/// skimmer is "fragile", a flight of transports destroyed in the air).
pub fn lost_with(p: &mut Pos, rt: &mut Rt, t: usize) {
    if let Some(cargo) = p.cargo(t) {
        p.units[cargo].gone = Some(Gone::Destroyed);
        let words = format!("is lost with {}", p.id(t));
        rt.log("11.0", format!("{} {words}", p.name(cargo)), EventKind::Removed { unit: p.id(cargo).to_string(), why: words });
    }
}
