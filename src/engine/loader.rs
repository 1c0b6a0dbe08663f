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

    /// Reads a file named relative to the file `from` (a scenario naming its map).
    pub fn load_relative(&mut self, from: &Path, relative: &str) -> Result<SourceFile, Diagnostic> {
        let base = from.parent().unwrap_or(Path::new(""));
        self.load(&normalize(&base.join(relative)))
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
