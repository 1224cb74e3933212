//! Which files a command reads: the paths given, folders walked in name
//! order, hidden files, notes and files that are not text passed over.

use super::{looks_like_text, SNIFF_BYTES, STDIN};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Files found under the paths given, and what was passed over.
#[derive(Clone, Debug, Default)]
pub struct Collected {
    pub files: Vec<PathBuf>,
    /// Files inside folders that are not text (images, archives, noise).
    pub skipped: Vec<PathBuf>,
}

/// Inside a directory, hidden files, Markdown notes (a corpus's README) and
/// corrections files (`BOOK.fixes`) are not game files.
fn is_hidden_or_documentation(path: &Path) -> bool {
    let hidden = path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'));
    let markdown = path.extension().is_some_and(|x| x.eq_ignore_ascii_case("md"));
    // A corrections file is read with its source, not as one.
    let fixes = path.extension().is_some_and(|x| x == "fixes");
    hidden || markdown || fixes
}

fn is_text_file(path: &Path) -> bool {
    let Ok(file) = fs::File::open(path) else {
        return true; // reading it later reports why it cannot be read
    };
    let mut head = Vec::with_capacity(SNIFF_BYTES);
    match file.take(SNIFF_BYTES as u64).read_to_end(&mut head) {
        Ok(_) => looks_like_text(&head),
        Err(_) => true,
    }
}

/// Every file under the given paths (`-` is standard input), directories
/// walked in name order. In a directory, files that are not text are
/// skipped; a path that does not exist, or a directory with no file to
/// read, is an error.
pub fn collect(paths: &[PathBuf]) -> Result<Collected, String> {
    let mut found = Collected::default();
    for p in paths {
        if p == Path::new(STDIN) {
            found.files.push(p.clone());
            continue;
        }
        let meta = fs::metadata(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
        if !meta.is_dir() {
            found.files.push(p.clone());
            continue;
        }
        let before = found.files.len();
        let mut stack = vec![p.clone()];
        while let Some(dir) = stack.pop() {
            let mut entries: Vec<PathBuf> = fs::read_dir(&dir)
                .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            entries.sort();
            for e in entries.into_iter().rev() {
                if e.is_dir() {
                    stack.push(e);
                } else if !is_hidden_or_documentation(&e) {
                    if is_text_file(&e) { found.files.push(e) } else { found.skipped.push(e) }
                }
            }
        }
        if found.files.len() == before {
            return Err(format!("{} holds no file to read", p.display()));
        }
    }
    found.files.sort();
    found.skipped.sort();
    Ok(found)
}

/// [`collect`], with one note on standard error naming the files skipped.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let found = collect(paths)?;
    if !found.skipped.is_empty() {
        let names: Vec<String> = found.skipped.iter().map(|p| p.display().to_string()).collect();
        eprintln!("note: skipped {} file(s) that are not text: {}", names.len(), names.join(", "));
    }
    Ok(found.files)
}
