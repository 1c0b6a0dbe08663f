//! Harnesses for the fuzz targets (`fuzz/`, run with `cargo +nightly fuzz run <target>`) and for the
//! regression test that replays every crash input ever found (`tests/data/fuzz/`). Each takes
//! arbitrary bytes and must never panic, except on a broken rule of the engine contract (an illegal
//! command accepted, a refused command that changed the state, a broken invariant), which is a bug.
//! Every ruleset of the registry takes part, through its shipped scenarios
//! ([`RulesetEntry::shipped`]) and the ruleset-independent [`Session`].

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

use crate::engine::loader::{FileSet, Loader};
use crate::engine::scenario::{FileKind, file_kind, header};
use crate::engine::session::{RulesetEntry, Session};
use crate::engine::source::SourceFile;
use crate::engine::validate::{find_ruleset, validate_source};
use crate::rulesets::registry;

/// A ruleset's shipped files, as a loader reads them from memory.
fn shipped_files(entry: &RulesetEntry) -> FileSet {
    entry.shipped.iter().map(|(path, text)| (path.to_string(), text.to_string())).collect()
}

/// The paths of a ruleset's shipped scenarios, in their order.
fn shipped_scenarios(entry: &RulesetEntry) -> Vec<&'static str> {
    let is_scenario = |(path, text): &&(&str, &str)| matches!(file_kind(&SourceFile::new(*path, text.to_string())), Ok(FileKind::Scenario));
    entry.shipped.iter().filter(is_scenario).map(|(path, _)| *path).collect()
}

/// Opens a scenario from files in memory.
fn open(entry: &RulesetEntry, files: FileSet, path: &Path, seed: u64) -> Option<Box<dyn Session>> {
    (entry.open)(Loader::from_embedded(files), path, seed, Vec::new()).ok()
}

/// Arbitrary text as a scenario of the ruleset it names (beside that ruleset's shipped maps), and
/// through the validator as whatever it says it is. A scenario that loads is played a little at
/// random.
pub fn scenario_input(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let registry = registry();
    let named = SourceFile::new("fuzz.ron", text.to_string());
    let entry = header(&named).ok().and_then(|(_, id)| find_ruleset(&registry, &id).ok()).or(registry.first());
    let Some(entry) = entry else { return };
    let folder = shipped_scenarios(entry).first().and_then(|p| Path::new(p).parent()).map(Path::to_path_buf).unwrap_or_default();
    let path: PathBuf = folder.join("fuzz.ron");
    let _ = validate_source(&SourceFile::new(&path, text.to_string()), &registry);
    let mut files = shipped_files(entry);
    files.insert(path.to_string_lossy().replace('\\', "/"), text.to_string());
    if let Some(mut game) = open(entry, files, &path, data.len() as u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(data.len() as u64);
        for _ in 0..60 {
            if game.is_over() || !game.step_random(&mut rng) {
                break;
            }
        }
    }
}

/// Arbitrary bytes as a save file, loaded by the ruleset it names.
pub fn save_input(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let file = SourceFile::new("fuzz-save.ron", text.to_string());
    if !matches!(file_kind(&file), Ok(FileKind::Save)) {
        return;
    }
    let registry = registry();
    if let Ok((format, id)) = header(&file)
        && let Ok(entry) = find_ruleset(&registry, &id)
    {
        let _ = (entry.load_save)(&file, format);
    }
}

/// Every shipped scenario of every registered ruleset, opened once (a stream restarts it with its
/// own seed).
fn shipped(i: usize) -> Option<Box<dyn Session>> {
    static GAMES: OnceLock<Mutex<Vec<Box<dyn Session>>>> = OnceLock::new();
    let games = GAMES.get_or_init(|| {
        let mut games = Vec::new();
        for entry in registry() {
            for path in shipped_scenarios(&entry) {
                games.extend(open(&entry, shipped_files(&entry), Path::new(path), 0));
            }
        }
        Mutex::new(games)
    });
    let games = games.lock().ok()?;
    let game = games.get(i % games.len().max(1))?;
    Some(game.restart(i as u64))
}

/// Characters an arbitrary command's text may be mutated with: written inside a quoted name, or as a
/// digit of a number, they keep the text in the form the rules write it, so "listed as legal" can be
/// checked by comparing texts.
const NAME_CHARS: &[u8] = b"0123456789ABKPQZabz-";

/// An arbitrary command from three bytes: a command listed as legal earlier in the stream (likely
/// illegal now), with one character of a name or number changed when the bytes say so.
fn arbitrary(op: u8, a: u8, b: u8, seen: &[String]) -> String {
    let Some(base) = seen.get(usize::from(a) % seen.len().max(1)) else { return "Done".into() };
    let mut bytes = base.clone().into_bytes();
    let at = usize::from(b) % bytes.len().max(1);
    let quoted = bytes[..at].iter().filter(|&&c| c == b'"').count() % 2 == 1 && bytes.get(at) != Some(&b'"');
    let digit = bytes.get(at).is_some_and(u8::is_ascii_digit);
    let leading = at == 0 || !bytes[at - 1].is_ascii_digit();
    let pick = usize::from(op);
    if quoted {
        bytes[at] = NAME_CHARS[pick % NAME_CHARS.len()];
    } else if digit {
        // No leading zero: `07` is not how the rules write 7.
        bytes[at] = if leading { b'1' + (op % 9) } else { b'0' + (op % 10) };
    }
    String::from_utf8(bytes).unwrap_or_else(|_| base.clone())
}

/// A command stream against a shipped scenario: the first byte picks the scenario (of any registered
/// ruleset) and the seed, then each three bytes are a command: a legal one picked by index (bytes
/// below 160), or an arbitrary one, legal or not (at most 150 commands: longer streams only slow the
/// fuzzer down).
pub fn command_input(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else { return };
    let Some(mut game) = shipped(usize::from(first)) else { return };
    let (mut seen, mut known) = (Vec::new(), HashSet::new());
    for chunk in rest.chunks_exact(3).take(150) {
        if game.is_over() {
            break;
        }
        let legal = game.legal_ron();
        for c in &legal {
            if known.insert(c.clone()) {
                seen.push(c.clone());
            }
        }
        let command = if chunk[0] < 160 && !legal.is_empty() {
            legal[(usize::from(chunk[1]) << 8 | usize::from(chunk[2])) % legal.len()].clone()
        } else {
            arbitrary(chunk[0], chunk[1], chunk[2], &seen)
        };
        let before = game.checksum();
        let listed = legal.contains(&command);
        match game.submit_ron(&command) {
            Ok(()) => {
                assert!(listed, "{command} was accepted but is not a legal command");
                let broken = game.invariants();
                assert!(broken.is_empty(), "after {command}: {broken:?}");
            }
            Err(_) => {
                assert!(!listed, "{command} is listed as legal but was refused");
                assert_eq!(game.checksum(), before, "the refused {command} changed the state");
            }
        }
    }
}
