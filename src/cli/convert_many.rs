//! `convert` over several files or a directory: one output per input, written
//! into the directory `-o` names (created if missing), each named after its
//! input with the target's extension. One input and no directory keeps the
//! single-file behaviour (`-o` a file, or standard output).

use super::convert::{convert, convert_go};
use super::{collect_files, usage_error, Target, EXIT_CLEAN, EXIT_USAGE};
use crate::notation::{self, Reader};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The file name extension of each target's output.
fn extension(to: Target) -> &'static str {
    match to {
        Target::Pdn => "pdn",
        Target::Json => "json",
        Target::Yaml => "yaml",
        Target::Csv => "csv",
        Target::Numeric | Target::Paterson => "txt",
        Target::Lasca => "lasca",
        Target::Sgf => "sgf",
        Target::GoCorner => "wq",
        Target::Volpicelli => "txt",
    }
}

/// Convert one input: Go targets through the Go writers, the rest through the tree.
fn convert_one(path: &Path, notation: Reader, to: Target, output: Option<&Path>, given: &notation::Given) -> u8 {
    match to {
        Target::Sgf | Target::GoCorner | Target::Volpicelli => convert_go(path, notation, to, output),
        _ => convert(path, notation, to, output, given),
    }
}

/// Where each input's output goes: `dir/<stem>.<ext>`; two inputs that would
/// write the same file are refused.
fn outputs(files: &[PathBuf], dir: &Path, to: Target) -> Result<Vec<PathBuf>, String> {
    let mut seen: BTreeMap<PathBuf, &Path> = BTreeMap::new();
    let mut out = Vec::new();
    for file in files {
        let stem = file.file_stem().map(|s| s.to_os_string()).unwrap_or_else(|| "output".into());
        let mut target = dir.join(stem);
        target.set_extension(extension(to));
        if let Some(first) = seen.insert(target.clone(), file) {
            return Err(format!("{} and {} would both be written to {}; convert them separately", first.display(), file.display(), target.display()));
        }
        out.push(target);
    }
    Ok(out)
}

/// `convert PATH... --to T [-o OUT]`. The exit code is the worst of the inputs'.
pub(super) fn convert_paths(paths: &[PathBuf], notation: Reader, to: Target, output: Option<&Path>, given: &notation::Given) -> u8 {
    let single = paths.len() == 1 && !paths[0].is_dir();
    if single {
        return convert_one(&paths[0], notation, to, output, given);
    }
    let files = match collect_files(paths) {
        Ok(f) => f,
        Err(e) => return usage_error(&e),
    };
    if files.is_empty() {
        return usage_error(&format!("no files to convert in {}", paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")));
    }
    let Some(dir) = output else {
        return usage_error("several inputs need -o DIR: one output file per input is written there");
    };
    if dir.exists() && !dir.is_dir() {
        return usage_error(&format!("{} is a file; with several inputs -o names a directory", dir.display()));
    }
    if let Err(e) = std::fs::create_dir_all(dir) {
        return usage_error(&format!("cannot create {}: {e}", dir.display()));
    }
    let targets = match outputs(&files, dir, to) {
        Ok(t) => t,
        Err(e) => return usage_error(&e),
    };
    let mut worst = EXIT_CLEAN;
    for (file, target) in files.iter().zip(&targets) {
        let code = convert_one(file, notation, to, Some(target), given);
        // Usage errors (2) outrank remaining errors (1).
        worst = worst.max(code).min(EXIT_USAGE);
    }
    worst
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_output_per_input_and_clashes_refused() {
        let files = [PathBuf::from("a/x.txt"), PathBuf::from("a/y.pdn")];
        let out = outputs(&files, Path::new("out"), Target::Pdn).unwrap();
        assert_eq!(out, [PathBuf::from("out/x.pdn"), PathBuf::from("out/y.pdn")]);
        let clash = [PathBuf::from("a/x.txt"), PathBuf::from("b/x.pdn")];
        assert!(outputs(&clash, Path::new("out"), Target::Pdn).unwrap_err().contains("both be written to out/x.pdn"));
    }
}
