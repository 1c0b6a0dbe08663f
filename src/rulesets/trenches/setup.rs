//! Set-up (13.2): each side places its units in their set-up areas, three to a hex at most (2.8),
//! the operation's first side first; units in a hex with cover start hidden (7.24). Before a unit
//! is placed its player may give it another formation ID letter, within the limits of 5.1.

use crate::engine::Refusal;

use super::events::{Command, EventKind};
use super::refuse;
use super::sequence::{next_placer, put, unplaced};
use super::state::{Pos, Rt, Where};
use super::units::Kind;

/// Placements for the side to place: every unplaced unit in every hex of its area with room; and
/// the letters it may take instead of its own (13.2).
pub fn candidates(p: &Pos) -> Vec<Command> {
    if p.r.registering.is_some() {
        return super::register::candidates(p);
    }
    let Some(side) = p.r.placing else { return Vec::new() };
    let mut out = Vec::new();
    for u in unplaced(p, side) {
        let mut hexes: Vec<_> = p.sc.setup[u].iter().filter(|&h| p.side_in(h, side).count() < 3).collect();
        hexes.sort_by_key(|h| p.sc.board.index(*h));
        for h in hexes {
            out.push(Command::Place(p.id(u).to_string(), p.hex_label(h)));
        }
    }
    for u in unplaced(p, side) {
        out.extend(letters(p, u).into_iter().map(|l| Command::Letter(p.id(u).to_string(), l)));
    }
    out
}

/// The units identical to `u` (5.1: same side and sub-type), `u` left out.
fn identical(p: &Pos, u: usize) -> impl Iterator<Item = usize> + '_ {
    (0..p.units.len()).filter(move |&o| o != u && p.side(o) == p.side(u) && p.spec(o).subtype == p.spec(u).subtype)
}

/// How many identical units may share a letter (5.1, 13.2): four infantry, three of anything else.
pub fn letter_max(p: &Pos, u: usize) -> u32 {
    let f = &p.sc.tables.formations;
    if p.kind(u) == Kind::Infantry { f.infantry_max } else { f.other_max }
}

/// The letters `u` may take other than its own (13.2): those of its identical units with room for
/// one more, and the first letter none of them carries.
pub fn letters(p: &Pos, u: usize) -> Vec<char> {
    let used: Vec<char> = identical(p, u).map(|o| p.letter(o)).collect();
    let mut out: Vec<char> =
        ('A'..='Z').filter(|l| used.contains(l) && used.iter().filter(|x| *x == l).count() < letter_max(p, u) as usize).collect();
    if let Some(free) = ('A'..='Z').find(|l| !used.contains(l)) {
        out.push(free);
    }
    out.retain(|&l| l != p.letter(u));
    out.sort_unstable();
    out
}

pub fn check(p: &Pos, c: &Command) -> Result<(), Refusal> {
    if p.r.registering.is_some() {
        return super::register::check(p, c);
    }
    if let Command::Letter(id, letter) = c {
        return check_letter(p, id, *letter);
    }
    let Command::Place(id, hex) = c else { return Err(refuse("place your units first", "13.2")) };
    let side = p.r.placing.ok_or_else(|| refuse("set-up is over", "13.2"))?;
    let u = p.find(id).ok_or_else(|| refuse(format!("there is no unit `{id}`"), "13.2"))?;
    if p.side(u) != side {
        return Err(refuse(format!("the {} place their units now", side.name()), "13.2"));
    }
    if p.units[u].at != Where::Unplaced {
        return Err(refuse(format!("{id} is already placed"), "13.2"));
    }
    let h = p.parse_hex(hex).ok_or_else(|| refuse(format!("`{hex}` is not a hex of the map"), "13.2"))?;
    if !p.sc.setup[u].contains(&h) {
        return Err(refuse(format!("{hex} is not in {id}'s set-up area `{}`", p.spec(u).setup), "13.2"));
    }
    if p.side_in(h, side).count() >= 3 {
        return Err(refuse(format!("{hex} already holds three units of a side"), "2.8"));
    }
    Ok(())
}

fn check_letter(p: &Pos, id: &str, letter: char) -> Result<(), Refusal> {
    let side = p.r.placing.ok_or_else(|| refuse("set-up is over", "13.2"))?;
    let u = p.find(id).ok_or_else(|| refuse(format!("there is no unit `{id}`"), "13.2"))?;
    if p.side(u) != side || unplaced(p, side).all(|o| o != u) {
        return Err(refuse(format!("{id} is not a unit of the {} still to place", side.name()), "13.2"));
    }
    if !letters(p, u).contains(&letter) {
        let max = letter_max(p, u);
        return Err(refuse(
            format!(
                "{id} cannot take the letter {letter}: {max} identical units share a letter at most, and a new letter is the first free one (5.1)"
            ),
            "13.2",
        ));
    }
    Ok(())
}

pub fn exec(p: &mut Pos, rt: &mut Rt, c: Command) {
    if p.r.registering.is_some() {
        return super::register::exec(p, rt, c);
    }
    if let Command::Letter(id, letter) = c {
        let u = p.find(&id).expect("checked");
        p.units[u].letter = letter;
        rt.log("13.2", format!("{} takes the letter {letter}.", p.name(u)), EventKind::Lettered { unit: id, letter });
        return;
    }
    let Command::Place(id, hex) = c else { unreachable!("checked") };
    let u = p.find(&id).expect("checked");
    let h = p.parse_hex(&hex).expect("checked");
    put(p, u, h);
    rt.log("13.2", format!("{} is placed in {hex}.", p.name(u)), EventKind::Placed { unit: id, hex });
    next_placer(p, rt);
}
