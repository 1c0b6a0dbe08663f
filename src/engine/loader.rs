//! Reading scenario files and what they refer to (maps, tables), either from disk or from the copies
//! embedded in a save, and remembering every file read so a save can embed them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::paths;
use super::source::{Diagnostic, SourceFile};

/// Files a game was built from: relative name → text. A save embeds them so that a later edit of the
/// scenario cannot break the replay of an older save.
pub type FileSet = BTreeMap<String, String>;

/// Where scenario files and their references come from.
pub struct Loader {
    /// Files served from memory instead of disk (a save's embedded copies), by name.
    embedded: Option<FileSet>,
    /// Every file read so far, by name, in the form a save embeds.
    pub read: FileSet,
}

impl Default for Loader {
    fn default() -> Self {
        Self::from_disk()
    }
}

impl Loader {
    pub fn from_disk() -> Self {
        Loader { embedded: None, read: FileSet::new() }
    }

    pub fn from_embedded(files: FileSet) -> Self {
        Loader { embedded: Some(files), read: FileSet::new() }
    }

    /// The name under which a file is recorded: its path as given, with `\` turned into `/`.
    fn name_of(path: &Path) -> String {
        path.to_string_lossy().replace('\\', "/")
    }

    /// Reads a file by path (from disk, or from the embedded set).
    pub fn load(&mut self, path: &Path) -> Result<SourceFile, Diagnostic> {
        let name = Self::name_of(path);
        let file = match &self.embedded {
            Some(files) => match files.get(&name) {
                Some(text) => SourceFile::new(path, text.clone()),
                None => {
                    return Err(Diagnostic {
                        file: path.to_path_buf(),
                        line: 1,
                        col: 1,
                        message: "the save does not contain this file".into(),
                    });
                }
            },
            None => SourceFile::read(path)?,
        };
        self.read.insert(name, file.text.clone());
        Ok(file)
    }

    /// Reads a file named relative to the file `from` (a scenario naming its map). The name may not
    /// be absolute, nor lead out of `from`'s folder tree other than into the game's data folder
    /// ([`check_reference`]).
    pub fn load_relative(&mut self, from: &Path, relative: &str) -> Result<SourceFile, Diagnostic> {
        let base = from.parent().unwrap_or(Path::new(""));
        let path = normalize(&base.join(relative));
        if self.embedded.is_none() {
            check_reference(base, relative, &path).map_err(|message| Diagnostic { file: from.to_path_buf(), line: 1, col: 1, message })?;
        }
        self.load(&path)
    }

    /// Reads a ruleset's tables: `assets/rulesets/<id>/tables.ron` under the data folder, falling back
    /// to the copy compiled into the program.
    pub fn load_tables(&mut self, ruleset: &str, builtin: &'static str) -> SourceFile {
        let name = format!("assets/rulesets/{ruleset}/tables.ron");
        if let Some(files) = &self.embedded
            && let Some(text) = files.get(&name)
        {
            self.read.insert(name.clone(), text.clone());
            return SourceFile::new(name, text.clone());
        }
        let on_disk = paths::data_root().map(|r| r.join(&name)).and_then(|p| std::fs::read_to_string(&p).ok());
        let text = on_disk.unwrap_or_else(|| builtin.to_string());
        self.read.insert(name.clone(), text.clone());
        SourceFile::new(name, text)
    }
}

/// A file a scenario names must be inside the scenario's own folder tree or the game's data folder
/// (issue 18): never an absolute path, never `..` that leads elsewhere — so a scenario cannot read
/// any file on the disk (and show its first word in an error).
pub fn check_reference(base: &Path, relative: &str, resolved: &Path) -> Result<(), String> {
    let given = Path::new(relative);
    if given.is_absolute() || given.has_root() || relative.contains(':') {
        return Err(format!("`{relative}` is an absolute path: name files relative to the scenario's folder (like `maps/my-map.ron`)"));
    }
    let inside = |root: &Path| {
        let root = normalize(root);
        (resolved.starts_with(&root) && !resolved.components().any(|c| c == std::path::Component::ParentDir))
            || absolute(resolved).zip(absolute(&root)).is_some_and(|(r, root)| r.starts_with(root))
    };
    if inside(base) || paths::data_root().is_some_and(|d| inside(&d)) {
        Ok(())
    } else {
        Err(format!(
            "`{relative}` leads out of the scenario's folder: a scenario may name only files in its own folder tree or in the game's data folder"
        ))
    }
}

/// A path made absolute (against the current folder) and normalized, without touching the disk.
fn absolute(p: &Path) -> Option<PathBuf> {
    if p.is_absolute() { Some(normalize(p)) } else { std::env::current_dir().ok().map(|d| normalize(&d.join(p))) }
}

/// Removes `.` and `a/..` components without touching the file system.
pub fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}
