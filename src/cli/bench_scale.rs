//! `bench scale`: each reader on its own corpus text repeated to 1, 4, …
//! megabytes, timed in this process, and `check` on the same file in a child
//! process for its peak memory. A reader whose time grows faster than its
//! input (the `growth` column well above the size ratio) has a quadratic path.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::{usage_error, EXIT_CLEAN};
use crate::notation::{self, Reader};

/// Each reader and the file it repeats, relative to the project.
const SEEDS: [(Reader, &str); 8] = [
    (Reader::Numeric, "tests/corpus/numeric/valid/clean.txt"),
    (Reader::Pdn, "tests/corpus/pdn/valid/annotated.pdn"),
    (Reader::Anderson, "corpus/anderson-1852-ocr.txt"),
    (Reader::Hoyle, "corpus/hoyle-draughts.txt"),
    (Reader::Paterson, "tests/corpus/verdicts/paterson.txt"),
    (Reader::Lasca, "corpus/lasca-1911-ocr.txt"),
    (Reader::Go, "corpus/go/diagram-10.wq"),
    // Written as SGF by our writer (no SGF file in the corpus is whole).
    (Reader::Sgf, "corpus/go/diagram-10.wq"),
];

pub(super) struct ScaleOptions {
    pub megabytes: Vec<f64>,
    pub readers: Vec<Reader>,
    /// The project folder the seeds are read from.
    pub root: PathBuf,
    /// Where the repeated inputs are written for the `check` child (kept).
    pub dir: PathBuf,
    /// Also run `check` in a child process for its peak memory.
    pub memory: bool,
}

pub(super) fn run(opts: &ScaleOptions) -> u8 {
    if let Err(e) = std::fs::create_dir_all(&opts.dir) {
        return usage_error(&format!("cannot create {}: {e}", opts.dir.display()));
    }
    say!("reader      seed                                        MB   read s    MB/s  growth  check peak RSS  × input");
    for &(reader, seed) in SEEDS.iter().filter(|(r, _)| opts.readers.is_empty() || opts.readers.contains(r)) {
        let seed_path = opts.root.join(seed);
        let mut text = match std::fs::read_to_string(&seed_path) {
            Ok(t) => t,
            Err(e) => return usage_error(&format!("cannot read the seed {}: {e} (run from the project folder, or give --root)", seed_path.display())),
        };
        if reader == Reader::Sgf {
            text = crate::notation::sgf::write(&notation::read(Reader::Go, &seed_path, &text).games);
        }
        let mut previous: Option<(f64, Duration)> = None;
        for &mb in &opts.megabytes {
            let input = repeated(&text, reader, (mb * 1024.0 * 1024.0) as usize);
            let extension = if reader == Reader::Sgf { "sgf" } else { seed_path.extension().and_then(|e| e.to_str()).unwrap_or("txt") };
            let file = opts.dir.join(format!("{}-{mb}mb.{extension}", reader_name(reader)));
            if let Err(e) = std::fs::write(&file, &input) {
                return usage_error(&format!("cannot write {}: {e}", file.display()));
            }
            let started = Instant::now();
            let source = notation::read(reader, &file, &input);
            let took = started.elapsed();
            drop(source);
            let size = input.len() as f64 / 1e6;
            let growth = previous.map_or("-".to_string(), |(s, t)| format!("{:.1}×/{:.1}×", took.as_secs_f64() / t.as_secs_f64().max(1e-9), size / s));
            let (peak, ratio) = if opts.memory {
                match peak_rss_of_check(&file, reader) {
                    Ok(kb) => (format!("{:.1} MB", kb as f64 / 1024.0), format!("{:.1}", kb as f64 * 1024.0 / input.len() as f64)),
                    Err(e) => (format!("({e})"), "-".into()),
                }
            } else {
                ("-".into(), "-".into())
            };
            say!(
                "{:<11} {:<40} {:>6.1} {:>8.3} {:>7.2} {:>9} {:>15} {:>8}",
                reader_name(reader),
                seed,
                size,
                took.as_secs_f64(),
                size / took.as_secs_f64().max(1e-9),
                growth,
                peak,
                ratio
            );
            previous = Some((size, took));
        }
    }
    EXIT_CLEAN
}

/// `text` repeated to about `bytes`, whole copies only, separated so each copy
/// reads as it does alone (a blank line between copies; SGF collections need none).
fn repeated(text: &str, reader: Reader, bytes: usize) -> String {
    let copy = match reader {
        Reader::Sgf => text.trim().to_string(),
        _ => format!("{}\n\n", text.trim_end()),
    };
    let copies = bytes.div_ceil(copy.len().max(1)).max(1);
    copy.repeat(copies)
}

fn reader_name(reader: Reader) -> String {
    format!("{reader:?}").to_lowercase()
}

/// Peak resident memory of `gamescribe check` on `file` (kB): the child's
/// high-water mark, read from /proc while it runs (it only grows, so the last
/// reading before the child ends is its peak, to within a few milliseconds).
fn peak_rss_of_check(file: &Path, reader: Reader) -> Result<u64, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut child = std::process::Command::new(exe)
        .args(["check", "--notation", &reader_name(reader)])
        .arg(file)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| e.to_string())?;
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        if let Ok(s) = std::fs::read_to_string(&status) {
            if let Some(kb) = s.lines().find_map(|l| l.strip_prefix("VmHWM:")).and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok()) {
                peak = peak.max(kb);
            }
        }
        if child.try_wait().map_err(|e| e.to_string())?.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    if peak == 0 { Err("no /proc".into()) } else { Ok(peak) }
}
