//! What a ruleset gives the window shell (docs/gui.md, "Adding a ruleset's window"): its board view
//! and panels (a Bevy plugin whose systems run in [`Playing`](super::Playing)`(id)`), its catalogue
//! card for a scenario file, how to open a scenario or load a save into the window, and its rule
//! texts. The shell (menu, catalogue, saves, rule popups, window title) knows rulesets only through
//! this trait; `ui::registry` lists one presenter per ruleset.

use std::collections::BTreeMap;
use std::path::Path;

use bevy::prelude::*;

use crate::engine::scenario::ScenarioInfo;
use crate::engine::source::{Diagnostic, SourceFile};
use crate::engine::{Game, Ruleset};

use super::replay::Replay;
use super::saves::load_save_of;
use super::session::{GameSession, Seat, WindowSession, open_game};

/// Who sits at each side, by the scenario's side ids.
pub type Seats = BTreeMap<String, Seat>;

/// How the seats of a game are chosen once its sides are known: the menu's choice, or `--side` and
/// `--ai` read against the game's side ids ([`seats_from`]).
pub type SeatChoice<'a> = &'a dyn Fn(&[String]) -> Result<Seats, String>;

/// A game ready to be put in the window: it inserts the ruleset's session into the world.
pub type Opening = Box<dyn FnOnce(&mut World) + Send>;

/// A scenario as the menu shows it.
#[derive(Clone)]
pub struct ScenarioCard {
    /// Name, date, introduction, sides, sources.
    pub info: ScenarioInfo,
    /// Its length ("12 turns, from … to …").
    pub length: String,
    /// A further detail (the map rows in play), if any.
    pub note: Option<String>,
    /// A picture of the map: (width, height, RGBA).
    pub thumbnail: Option<(u32, u32, Vec<u8>)>,
    /// How to win, read from the scenario's victory data: lines of (whom the line is about, a
    /// side's name or "The end", and what it says, with its rule number), each side's way to win
    /// and when the game ends.
    pub victory: Vec<(String, String)>,
}

/// A side's name by its id, from the scenario's sides (the id if none has it).
pub fn side_name<'a>(info: &'a ScenarioInfo, id: &'a str) -> &'a str {
    info.sides.iter().find(|s| s.id == id).map(|s| s.name.as_str()).unwrap_or(id)
}

/// A list in words: "a", "a or b", "a, b or c" (`last` the word before the last item).
pub fn list_text<S: AsRef<str>>(items: &[S], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., tail] => {
            format!("{} {last} {}", init.iter().map(|s| s.as_ref()).collect::<Vec<_>>().join(", "), tail.as_ref())
        }
    }
}

/// A shipped scenario's victory lines as one text, a line each (`who: how`), for tests.
#[cfg(test)]
pub fn victory_text(p: &dyn Presenter, scenario: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios").join(scenario);
    let file = SourceFile::read(&path).expect("the scenario reads");
    let card = p.card(&file, false).expect("a card");
    card.victory.iter().map(|(who, how)| format!("{who}: {how}\n")).collect()
}

/// Numbers in words: "2, 3, 5 or 8", or "2 to 8" when three or more follow each other.
pub fn numbers_text(ids: &[u32], last: &str) -> String {
    if ids.len() >= 3 && ids.windows(2).all(|w| w[1] == w[0] + 1) {
        return format!("{} to {}", ids[0], ids[ids.len() - 1]);
    }
    list_text(&ids.iter().map(|n| n.to_string()).collect::<Vec<_>>(), last)
}

/// A ruleset's window, as the shell sees it.
pub trait Presenter: Send + Sync + 'static {
    /// The registry's id of the ruleset (its scenario and save files name it).
    fn id(&self) -> &'static str;
    /// Its name, for the menu and the window title.
    fn name(&self) -> &'static str;
    /// A line under its name on the menu's ruleset page.
    fn blurb(&self) -> &'static str;
    /// The board view, the panels and the computer player: systems that run in `Playing(id)`.
    fn plugin(&self, app: &mut App);
    /// The rule texts built into the program (`assets/ui/<id>-rules.ron`).
    fn builtin_rules(&self) -> &'static str;
    /// The difficulties its computer opponent plays (Hard only with a look-ahead).
    fn difficulties(&self) -> &'static [crate::engine::Difficulty];
    /// Reads a scenario file of this ruleset for the catalogue, with a thumbnail of its map if asked.
    fn card(&self, file: &SourceFile, thumbnail: bool) -> Result<ScenarioCard, String>;
    /// Opens a scenario: the game and its seats, ready to be put in the window.
    fn open(&self, path: &Path, seed: u64, seats: SeatChoice) -> Result<Opening, String>;
    /// Loads a save, with the seats chosen, or the ones written beside it if `None`.
    fn load(&self, path: &Path, seats: Option<SeatChoice>) -> Result<Opening, String>;
}

/// The side ids of a game, from its scenario.
pub fn sides_of<R: Ruleset>(game: &Game<R>) -> Vec<String> {
    R::sides(&game.origin().scenario)
}

/// Why a scenario does not load, in one line: its first problem.
pub fn first_problem(ds: &[Diagnostic]) -> String {
    ds.first().map(|d| d.to_string()).unwrap_or_else(|| "the scenario does not load".into())
}

/// Opens a scenario into a new session `S` (a presenter's `open`).
pub fn open_session<S: WindowSession>(path: &Path, seed: u64, seats: SeatChoice) -> Result<Opening, String> {
    let game = open_game::<S::R>(path, seed)?;
    let seats = seats(&sides_of(&game))?;
    let session = GameSession::<S::R>::new(game, seats);
    Ok(Box::new(move |world: &mut World| world.insert_resource(session)))
}

/// Loads a save into a new session `S` (a presenter's `load`): the seats chosen, or the save's own;
/// with every seat a watcher, into the replay viewer (`ui::replay`).
pub fn load_session<S: WindowSession>(path: &Path, seats: Option<SeatChoice>) -> Result<Opening, String> {
    let game = load_save_of::<S::R>(path)?;
    let chosen = seats.map(|choose| choose(&sides_of(&game))).transpose()?;
    let watching = chosen.as_ref().is_some_and(|s| s.values().all(|s| *s == Seat::Watcher));
    if watching {
        // Every seat a watcher: the replay viewer, from the start of the game.
        let (replay, start) = Replay::of(&game)?;
        let session = GameSession::<S::R>::new(start, chosen.unwrap_or_default());
        return Ok(Box::new(move |world: &mut World| {
            world.insert_resource(session);
            world.insert_resource(replay);
        }));
    }
    let mut session = GameSession::<S::R>::new(game, chosen.clone().unwrap_or_default());
    if chosen.is_none() {
        session.seats_from_save(path);
    }
    session.save_path = Some(path.to_path_buf());
    Ok(Box::new(move |world: &mut World| world.insert_resource(session)))
}

/// The seats from `--side` and `--ai` for a game with these sides: the side named by `--side` is the
/// player's and the others the computer's; each `--ai SIDE` gives a side to the computer; `--ai none`
/// makes it a hot-seat game. Without either, the player has the first side.
pub fn seats_from(sides: &[String], ruleset: &str, side: Option<&str>, ai: &[String]) -> Result<Seats, String> {
    let all = |seat: Seat| sides.iter().map(|s| (s.clone(), seat)).collect::<Seats>();
    if ai.iter().any(|a| a.eq_ignore_ascii_case("none")) {
        return Ok(all(Seat::Human));
    }
    let parse = |s: &str| {
        let id = s.to_lowercase();
        if sides.contains(&id) { Ok(id) } else { Err(format!("`{s}` is not a side of {ruleset} ({})", sides.join(" or "))) }
    };
    let mut seats = match side {
        Some(s) => {
            let mut seats = all(Seat::Computer);
            seats.insert(parse(s)?, Seat::Human);
            seats
        }
        None if ai.is_empty() => {
            let mut seats = all(Seat::Computer);
            if let Some(first) = sides.first() {
                seats.insert(first.clone(), Seat::Human);
            }
            seats
        }
        None => all(Seat::Human),
    };
    for a in ai {
        seats.insert(parse(a)?, Seat::Computer);
    }
    Ok(seats)
}

/// The default seats of a new game: the first side a person's, the others the computer's.
pub fn default_seats(sides: &[String]) -> Seats {
    seats_from(sides, "", None, &[]).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(a: &str, b: &str) -> Vec<String> {
        vec![a.to_string(), b.to_string()]
    }

    #[test]
    fn seats_follow_the_command_line() {
        let sides = ids("allied", "german");
        let s = seats_from(&sides, "Into the Bastards!", Some("german"), &[]).unwrap();
        assert_eq!(s["german"], Seat::Human);
        assert_eq!(s["allied"], Seat::Computer);
        let s = seats_from(&sides, "Into the Bastards!", None, &["allied".into()]).unwrap();
        assert_eq!(s["allied"], Seat::Computer);
        assert_eq!(s["german"], Seat::Human);
        assert!(seats_from(&sides, "Into the Bastards!", Some("french"), &[]).is_err());
        let s = seats_from(&sides, "Into the Bastards!", None, &["none".into()]).unwrap();
        assert!(s.values().all(|x| *x == Seat::Human));
    }

    #[test]
    fn rtc_seats_follow_the_command_line() {
        let sides = ids("british", "german");
        let seat = |side: Option<&str>, ai: &[String]| seats_from(&sides, "Royal Tank Corps", side, ai);
        let s = seat(None, &[]).unwrap();
        assert_eq!((s["british"], s["german"]), (Seat::Human, Seat::Computer));
        let s = seat(Some("german"), &[]).unwrap();
        assert_eq!((s["british"], s["german"]), (Seat::Computer, Seat::Human));
        let s = seat(None, &["british".into()]).unwrap();
        assert_eq!((s["british"], s["german"]), (Seat::Computer, Seat::Human));
        assert!(seat(None, &["none".into()]).unwrap().values().all(|x| *x == Seat::Human));
        let e = seat(Some("allied"), &[]).unwrap_err();
        assert!(e.contains("not a side of Royal Tank Corps (british or german)"), "{e}");
    }
}
