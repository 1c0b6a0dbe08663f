//! What an order would do, for the window's order sheet and the board's badges, read from the same
//! functions the rules use: a shot's range, dice and to-hit numbers with the modifiers that made them
//! (artillery 6.7, musketry 7.4-7.5, skirmish fire 7.3, aviation), the chance of a hit; a charge's
//! distance against the charge rate and the contact it makes (4.1b, 8.1); a move's distance against
//! the allowance (4). The window holds no rule: it shows these.

use super::artillery;
use super::fire;
use super::formations::Formation;
use super::movement;
use super::state::Pos;
use super::table::{self, Terrain};
use super::tables::Kind;

/// A shot as the order sheet shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct FirePreview {
    /// Musketry, skirmish fire, artillery or an aviation attack, and its rule.
    pub what: &'static str,
    pub rule: &'static str,
    pub range: f32,
    pub dice: u32,
    /// The d10 faces that hit (10 is the 0).
    pub hits_on: Vec<u32>,
    /// The chance one die hits, the hits expected and the chance of at least one.
    pub per_die: f32,
    pub expected: f32,
    pub any_hit: f32,
    /// What made the dice, each with its rule.
    pub notes: Vec<(String, &'static str)>,
}

/// The shot `u` would fire at `target` now, if it may (the refusal otherwise, in words and rule).
pub fn fire(p: &Pos, u: usize, target: usize) -> Result<FirePreview, (String, String)> {
    let shot = fire::can_fire(p, u, target).map_err(|r| (r.reason.clone(), r.rule.clone().unwrap_or_default()))?;
    let per_die = fire::hit_chance(p, target, shot.skirmish);
    let hits_on = if shot.skirmish { p.sc.tables.to_hit.open.clone() } else { fire::to_hit(p, target) };
    let (what, rule, notes) = match p.kind(u) {
        Kind::Aviation => ("aviation attack", "Aviation", Vec::new()),
        Kind::Artillery => ("artillery", "6.7", artillery_notes(p, u, target, shot.range)),
        _ if p.vehicle(u) => ("vehicle fire", "Vehicles", vehicle_notes(p, u, target, shot.range)),
        _ if shot.skirmish => ("skirmish fire", "7.3", musketry_notes(p, u, target, shot.range, true)),
        _ => ("musketry", "7.3", musketry_notes(p, u, target, shot.range, false)),
    };
    let mut notes = notes;
    notes.push((
        format!("hits on {} ({})", faces(&hits_on), target_class(p, target)),
        if p.kind(u) == Kind::Artillery { "6.7" } else { "7.5" },
    ));
    let n = shot.dice as i32;
    Ok(FirePreview {
        what,
        rule,
        // In contact the stands' gap is zero or less: no negative range shown.
        range: shot.range.max(0.0),
        dice: shot.dice,
        hits_on,
        per_die,
        expected: per_die * shot.dice as f32,
        any_hit: 1.0 - (1.0 - per_die).powi(n),
        notes,
    })
}

/// A Gatling's split fire (6.7b): each target's shot with the share of the dice it is given.
pub fn split(p: &Pos, u: usize, shares: &[(String, u32)]) -> Result<Vec<(usize, FirePreview)>, (String, String)> {
    let shots = artillery::check_split(p, u, shares).map_err(|r| (r.reason.clone(), r.rule.clone().unwrap_or_default()))?;
    let mut out = Vec::new();
    for (t, shot) in shots {
        let mut f = fire(p, u, t)?;
        let all = f.dice;
        f.dice = shot.dice;
        f.expected = f.per_die * shot.dice as f32;
        f.any_hit = 1.0 - (1.0 - f.per_die).powi(shot.dice as i32);
        f.notes.push((format!("{} of the {all} dice it could fire at this target", shot.dice), "6.7b"));
        f.rule = "6.7b";
        out.push((t, f));
    }
    Ok(out)
}

/// The d10 faces in words ("1-3", "1, 2 and 0").
fn faces(f: &[u32]) -> String {
    let show = |x: u32| if x == 10 { "0".to_string() } else { x.to_string() };
    match f {
        [] => "nothing".into(),
        [one] => show(*one),
        [first, .., last] if f.windows(2).all(|w| w[1] == w[0] + 1) => format!("{}-{}", show(*first), show(*last)),
        _ => f.iter().map(|x| show(*x)).collect::<Vec<_>>().join(", "),
    }
}

/// The target's class on the to-hit table (6.7c-e, 7.4c-d).
fn target_class(p: &Pos, target: usize) -> &'static str {
    let st = &p.units[target];
    if table::terrain_at(p.sc.ground(), st.at).contains(&Terrain::Earthworks) {
        return "in earthworks";
    }
    match (p.kind(target), st.formation) {
        (_, Formation::Skirmish | Formation::Unlimbered) => "open order",
        (Kind::Artillery, _) => "limbered guns",
        (k, _) if k.mounted() => "mounted",
        (_, f) if f.is_mass() => "a mass",
        _ => "formed infantry",
    }
}

/// The terrain the target stands in that changes the dice.
fn target_ground(p: &Pos, target: usize) -> Vec<Terrain> {
    table::terrain_at(p.sc.ground(), p.units[target].at)
}

/// 7.4, 7.5: the weapon and its ratio at the range, the grade bonus and the target's cover.
fn musketry_notes(p: &Pos, u: usize, target: usize, range: f32, skirmish: bool) -> Vec<(String, &'static str)> {
    let m = &p.sc.tables.musketry;
    let mut out = Vec::new();
    if let Some(w) = p.ty(u).weapon.as_deref().and_then(|w| m.weapons.get(w)) {
        if skirmish {
            out.push((format!("{}: {} skirmish dice, half to the flank", w.name, w.skirmish_dice), "7.4"));
        } else {
            let ratio = p.ty(u).weapon.as_deref().map_or(0, |w| super::musketry::ratio(p, w, range));
            out.push((format!("{} at {:.0} yds: a die per {ratio} castings in the kill zone", w.name, range), "7.5"));
        }
    }
    if p.units[u].grade >= 3 && m.grade_high != 0 {
        out.push((format!("grade {}: {:+} die", p.units[u].grade, m.grade_high), "7.4"));
    }
    let ground = target_ground(p, target);
    if ground.contains(&Terrain::Earthworks) {
        out.push((format!("target in earthworks: {:+} dice", m.earthworks), "7.5"));
    } else if ground.contains(&Terrain::Cover) {
        out.push((format!("target in protective cover: {:+} dice", m.protective), "7.5"));
    }
    out
}

/// A vehicle's fire (Steam Power Vehicle Rules): its machine guns and cannon at the artillery chart's
/// dice by range, with the chart's cover modifiers (`vehicles::shot`).
fn vehicle_notes(p: &Pos, u: usize, target: usize, range: f32) -> Vec<(String, &'static str)> {
    let ty = p.ty(u);
    let cannon = ty.gun.as_deref().map(|g| format!(" and a {g} gun")).unwrap_or_default();
    let mut out = vec![(format!("{} machine guns{cannon} a vehicle, at the artillery chart's dice by range", ty.mgs), "6.7")];
    let cover = artillery::cover_dice(p, target, range, false);
    if cover != 0 {
        out.push((format!("target in cover: {cover:+} dice"), "6.7"));
    }
    out
}

/// 6.7: the gun's dice at the range and the modifiers of the Artillery Fire Charts.
fn artillery_notes(p: &Pos, u: usize, target: usize, range: f32) -> Vec<(String, &'static str)> {
    let a = &p.sc.tables.artillery;
    let mut out = Vec::new();
    let Some(g) = artillery::gun(p, u) else { return out };
    let band = a.bands.iter().position(|b| range <= *b).unwrap_or(a.bands.len());
    out.push((
        format!("{:.0} yds: {} dice a gun, {} guns working", range, g.dice.get(band).copied().unwrap_or(0), artillery::guns_working(p, u)),
        "6.7",
    ));
    let near = range <= 300.0;
    let pick = |m: (i32, i32)| if near { m.0 } else { m.1 };
    let ground = target_ground(p, target);
    if !g.howitzer {
        if ground.contains(&Terrain::Earthworks) {
            out.push((format!("target in earthworks: {:+} dice", pick(a.earthworks)), "6.7"));
        } else if ground.contains(&Terrain::Cover) {
            out.push((format!("target in protective cover: {:+} dice", pick(a.protective)), "6.7"));
        }
    }
    if ground.iter().any(|t| matches!(t, Terrain::Woods | Terrain::Rough)) {
        out.push((format!("target in woods or rough: {:+} dice", pick(a.woods_rough)), "6.7"));
    }
    if p.units[u].last_target == Some(target) {
        out.push((format!("the same target again: {:+} dice", pick(a.consecutive)), "6.7"));
    }
    if p.units[u].castings <= p.ty(u).sections {
        out.push(("crews down to their last man: half dice".into(), "6.2"));
    }
    out
}

/// A charge as the order sheet shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ChargePreview {
    pub distance: f32,
    pub rate: f32,
    /// On the defender's flank or rear (8.1).
    pub flank: bool,
}

/// The charge of `u` at `target`: its distance, the charge rate and the contact.
pub fn charge(p: &Pos, u: usize, target: usize) -> ChargePreview {
    let (_, _, flank) = movement::contact_place(p, u, target);
    ChargePreview { distance: p.gap(u, target), rate: movement::charge_rate(p, u), flank }
}

/// What evading a charge would do, against standing (8.2a): the yards the skirmishers flee (`None`:
/// a gun crew flees without its guns, the section lost), and the melee if they stand: the hits they
/// would inflict and receive, expected (8.5).
#[derive(Clone, Debug, PartialEq)]
pub struct EvadePreview {
    pub flee: Option<f32>,
    pub inflict: f32,
    pub receive: f32,
}

pub fn evade(p: &Pos, u: usize, charger: usize) -> EvadePreview {
    let flank = p.r.contacts.iter().any(|c| c.attacker == charger && c.defender == u && c.flank);
    let exp = |a: usize, b: usize, fl: bool| {
        let (k, tenths) = super::melee::kills(p, super::melee::value(p, a, b, fl), &super::melee::weapon(p, a));
        k as f32 + tenths as f32 / 10.0
    };
    let flee = (p.kind(u) != Kind::Artillery).then(|| p.sc.tables.movement.of(p.kind(u)).road);
    EvadePreview { flee, inflict: exp(u, charger, flank), receive: exp(charger, u, false) }
}

/// The farthest a unit may move now (4) and the charge rate (4.1b).
pub fn reach(p: &Pos, u: usize) -> (f32, f32) {
    (movement::allowance(p, u), movement::charge_rate(p, u))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_read_as_the_table_prints_them() {
        assert_eq!(faces(&[1, 2, 3]), "1-3");
        assert_eq!(faces(&[1]), "1");
        assert_eq!(faces(&[1, 2, 10]), "1, 2, 0");
        assert_eq!(faces(&[]), "nothing");
        assert_eq!(faces(&[9, 10]), "9-0");
        assert_eq!(faces(&[10, 1]), "0, 1");
    }
}
