//! What the consumer tests share: where the real files are, which python runs
//! the independent readers, how a missing one is reported, and how the built
//! binary is run. A test that
//! cannot run says so loudly, and fails under `CI=true` / `GAMESCRIBE_REQUIRE_PY=1`.
#![allow(dead_code)] // each test binary uses its own part

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `../shared/realdata/<sub>` beside the project (or `$GAMESCRIBE_REALDATA/<sub>`).
pub fn realdata(sub: &str) -> Option<PathBuf> {
    let root = std::env::var_os("GAMESCRIBE_REALDATA").map(PathBuf::from).unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/realdata"));
    let dir = root.join(sub);
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(std::env::var("CI").as_deref() != Ok("true"), "CI=true but the real data folder {} is missing", dir.display());
    eprintln!("\n*** SKIPPED: {} not found; the real-file tests did not run (set GAMESCRIBE_REALDATA) ***\n", dir.display());
    None
}

/// The python with the oracle (`what`: pydraughts, sgfmill) installed, from `GAMESCRIBE_PYTHON`.
pub fn python(what: &str) -> Option<String> {
    match std::env::var("GAMESCRIBE_PYTHON") {
        Ok(p) if !p.is_empty() => Some(p),
        _ => {
            assert!(std::env::var("GAMESCRIBE_REQUIRE_PY").as_deref() != Ok("1"), "GAMESCRIBE_REQUIRE_PY=1 but GAMESCRIBE_PYTHON is not set");
            eprintln!("\n*** SKIPPED: set GAMESCRIBE_PYTHON to a python with {what} (see .ci/run) ***\n");
            None
        }
    }
}

/// Every file under `root` whose extension is `ext` (any file when `None`), in path order.
pub fn files_under(root: &Path, ext: Option<&str>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("list real data").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if ext.is_none_or(|e| path.extension().is_some_and(|x| x == e)) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Run the built binary from the project root, colour off, its cache in
/// `cache` (never the user's).
pub fn gamescribe(args: &[&str], cache: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamescribe"))
        .args(args)
        .env("NO_COLOR", "1")
        .env("XDG_CACHE_HOME", cache)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run gamescribe")
}

/// Standard output then standard error, as text.
pub fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}
