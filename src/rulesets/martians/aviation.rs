//! Aviation (the Aviation Rules): close support craft attack any land target within 400 yards all
//! round, as cannon or machine-gun fire at the 301+ yard range; bombs are shell fire and ignore
//! earthworks and cover as howitzers do; the target fires back as anti-aircraft fire (musketry needs
//! a 9, machine guns and cannon a 9 or 0), and a stand of two craft takes four hits. Air superiority
//! fighters attack only other flights, a d10 per machine gun hitting on a 9 or 0, and the flight
//! answers with its machine guns (0; a fighter's 9 or 0); a fighter within 400 yards of an enemy flight
//! attacking a land unit or landing its cargo ambushes it first, once a turn.

use super::events::EventKind;
use super::musketry::Shot;
use super::state::{Pos, Rt};
use super::table::{self, Terrain};
use super::tables::Kind;

/// An attack from a flight at a land unit: `None` out of range.
pub fn shot(p: &Pos, u: usize, target: usize) -> Option<Shot> {
    let av = &p.sc.tables.aviation;
    let craft = p.ty(u).craft.as_deref()?;
    let at = p.units[u].at;
    let range = p.stands(target).iter().map(|s| s.distance_to(at)).fold(f32::INFINITY, f32::min);
    if range > av.range {
        return None;
    }
    let per = *av.attack_dice.get(craft)?;
    let a = &p.sc.tables.artillery;
    let ground = table::terrain_at(p.sc.ground(), p.units[target].at);
    let bombs = craft == "LLB";
    let mut mods = 0;
    if !bombs {
        if ground.contains(&Terrain::Earthworks) {
            mods += a.earthworks.1;
        } else if ground.contains(&Terrain::Cover) {
            mods += a.protective.1;
        }
    }
    if ground.iter().any(|t| matches!(t, Terrain::Woods | Terrain::Rough)) {
        mods += a.woods_rough.1;
    }
    let dice = (per * p.units[u].castings) as i32 + mods;
    Some(Shot { range, dice: dice.max(0) as u32, skirmish: false })
}

/// The target's anti-aircraft fire at an attacking flight: a die per stand of musketry (hits on 9), a
/// die per working gun of machine guns and cannon (9 or 0). Returns the hits.
pub fn anti_aircraft(p: &mut Pos, rt: &mut Rt, target: usize, flight: usize) -> u32 {
    let av = p.sc.tables.aviation.clone();
    let (dice, on) = match p.kind(target) {
        Kind::Artillery => (super::artillery::guns_working(p, target), av.aa_guns.clone()),
        Kind::Aviation => (0, Vec::new()),
        _ if p.ty(target).weapon.is_some() => (p.castings_by_stand(target).len() as u32, av.aa_musketry.clone()),
        _ => (0, Vec::new()),
    };
    if dice == 0 {
        return 0;
    }
    let hits = (0..dice)
        .filter(|k| on.contains(&rt.d10(format!("{}'s anti-aircraft fire (die {})", p.id(target), k + 1), "Aviation")))
        .count() as u32;
    rt.log(
        "Aviation",
        format!("{} fires at {} overhead: {dice} dice, {hits} hits", p.name(target), p.name(flight),),
        EventKind::AntiAircraft { unit: p.id(target).to_string(), target: p.id(flight).to_string(), hits },
    );
    super::fire::stand_hits(p, rt, flight, hits);
    hits
}

/// The distance between two flights (their stands).
fn between(p: &Pos, a: usize, b: usize) -> f32 {
    let theirs = p.stands(b);
    p.stands(a).iter().flat_map(|m| theirs.iter().map(move |t| m.gap(t))).fold(f32::INFINITY, f32::min)
}

/// A fighter's attack on an enemy flight within 400 yards: "ASF units will roll a d10 per MG"; `None`
/// out of range or not a fighter.
pub fn air_shot(p: &Pos, u: usize, target: usize) -> Option<Shot> {
    if !p.fighter(u) || p.kind(target) != Kind::Aviation {
        return None;
    }
    let range = between(p, u, target);
    (range <= p.sc.tables.aviation.range).then(|| Shot { range, dice: p.ty(u).mgs * p.units[u].castings, skirmish: false })
}

/// A fighter attacks a flight, and the flight answers with its machine guns: "ASF units will attack
/// other Aviation units with MGs and they can only respond with MGs, not cannon or bombs"; "Unless ASF,
/// other aviation units will roll a d10 per MG and get a hit on a 0 result". Both fire with the stands
/// they had before the exchange (RECONSTRUCTED: the text gives no order).
pub fn dogfight(p: &mut Pos, rt: &mut Rt, fighter: usize, flight: usize) {
    let Some(shot) = air_shot(p, fighter, flight) else { return };
    let answer = p.ty(flight).mgs * p.units[flight].castings;
    super::fire::resolve(p, rt, fighter, flight, &shot, "Aviation");
    if answer == 0 || !p.units[fighter].on_table() {
        return;
    }
    let av = &p.sc.tables.aviation;
    let hits_on = if p.fighter(flight) { av.asf_hits.clone() } else { av.other_hits.clone() };
    let rolls: Vec<u32> =
        (0..answer).map(|k| rt.d10(format!("{} answers {} (die {})", p.id(flight), p.id(fighter), k + 1), "Aviation")).collect();
    let hits = rolls.iter().filter(|r| hits_on.contains(r)).count() as u32;
    rt.log(
        "Aviation",
        format!("{} answers with its machine guns: {answer} dice, {hits} hits", p.name(flight)),
        EventKind::Fired { unit: p.id(flight).to_string(), target: p.id(fighter).to_string(), dice: answer, hits, rolls },
    );
    super::fire::stand_hits(p, rt, fighter, hits);
}

/// "They can attack at any time (opportunity ambushes) an enemy aviation unit comes within a 400 yard
/// range": before an enemy flight attacks or lands its cargo, each enemy fighter within 400 yards that
/// has not yet acted this turn attacks it (RECONSTRUCTED: once a turn, its action for the turn; taken
/// for the player, who would always take it).
pub fn intercept(p: &mut Pos, rt: &mut Rt, flight: usize) {
    let side = p.side(flight);
    let fighters: Vec<usize> = p
        .on_table()
        .filter(|&f| p.side(f) != side && p.fighter(f) && !p.r.flown.contains(&f) && air_shot(p, f, flight).is_some())
        .collect();
    for f in fighters {
        if !p.units[flight].on_table() || !p.units[f].on_table() {
            return;
        }
        p.r.flown.insert(f);
        dogfight(p, rt, f, flight);
    }
}
