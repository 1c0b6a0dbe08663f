//! Aviation (the Aviation Rules): close support craft attack any land target within 400 yards all
//! round, as cannon or machine-gun fire at the 301+ yard range; bombs are shell fire and ignore
//! earthworks and cover as howitzers do; the target fires back as anti-aircraft fire (musketry needs
//! a 9, machine guns and cannon a 9 or 0), and a stand of two craft takes four hits.

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
    let st = &mut p.units[flight];
    st.air_hits += hits;
    let lost = st.air_hits / av.hits_per_stand;
    st.air_hits %= av.hits_per_stand;
    if lost > 0 {
        super::fire::lose_castings(p, rt, flight, lost);
    }
    hits
}
