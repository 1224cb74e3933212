//! `gamescribe report`: one self-contained HTML page per source, and an index
//! page over them when there are several.

use super::{collect_files, read_source, usage_error, GivenArgs, EXIT_CLEAN, EXIT_ERRORS, EXIT_USAGE};
use crate::notation::Reader;
use crate::report::{self, html::IndexEntry, PageOptions, Tally};
use std::fs;
use std::io::BufWriter;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  gamescribe report corpus/anderson-1852-ocr.txt -o anderson.html\n  gamescribe report corpus/ -o report/          # one page per file and report/index.html\n  gamescribe report corpus/lasca-1911-ocr.txt -o out/ --strict\n\nEach page holds the check table and why check would exit as it does, every game as a\ntree of lines (variations nested at the move they replace), the moves beside the text\nthey were read from, a board at each set start, error and stop and at each line's end,\none small board per possible reading where a line stops as ambiguous, and every\ndiagnostic with its place and the source shortened around it. No script, no network.")]
pub struct ReportArgs {
    /// Files or directories (read recursively, as `check` does).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// A directory for the pages (created if missing), or a `.html` file when one source is given.
    #[arg(short, long)]
    output: PathBuf,
    #[arg(long, value_enum, default_value = "auto")]
    notation: Reader,
    /// Explain the exit code as `check --strict` gives it (repaired lines and warnings count).
    #[arg(long)]
    strict: bool,
    #[command(flatten)]
    given: GivenArgs,
}

/// A page's file name from its source's path: `corpus/go/diagram-08.wq` → `diagram-08.wq.html`.
fn page_name(path: &Path, taken: &mut Vec<String>) -> String {
    let stem = path.file_name().map_or("source".into(), |n| n.to_string_lossy().into_owned());
    let stem: String = stem.chars().map(|c| if c.is_alphanumeric() || "-_.".contains(c) { c } else { '_' }).collect();
    let mut name = format!("{stem}.html");
    let mut n = 2;
    while taken.contains(&name) || name == "index.html" {
        name = format!("{stem}-{n}.html");
        n += 1;
    }
    taken.push(name.clone());
    name
}

/// Write one source's page to `target`: what it holds, and its size in bytes.
fn write_page(target: &Path, source: &crate::tree::Source, text: &str, opts: &PageOptions) -> std::io::Result<(report::html::PageStats, u64)> {
    let mut out = BufWriter::new(fs::File::create(target)?);
    let stats = report::write_source_page(&mut out, source, text, opts)?;
    let file = out.into_inner().map_err(std::io::IntoInnerError::into_error)?;
    Ok((stats, file.metadata()?.len()))
}

pub fn run(args: ReportArgs) -> u8 {
    let given = match args.given.read() {
        Ok(g) => g,
        Err(e) => return usage_error(&e),
    };
    let files = match collect_files(&args.paths) {
        Ok(f) => f,
        Err(e) => return usage_error(&e),
    };
    let single_file = files.len() == 1 && args.output.extension().is_some_and(|x| x.eq_ignore_ascii_case("html"));
    let dir = if single_file { args.output.parent().map(Path::to_path_buf).unwrap_or_default() } else { args.output.clone() };
    if !dir.as_os_str().is_empty()
        && let Err(e) = fs::create_dir_all(&dir)
    {
        return usage_error(&format!("cannot create {}: {e}", dir.display()));
    }
    let several = files.len() > 1;
    let opts = PageOptions { strict: args.strict, index_href: several.then(|| "index.html".to_string()) };
    let mut taken = Vec::new();
    let mut written: Vec<(String, String, Tally, usize)> = Vec::new();
    let mut unreadable = 0;
    let (database, _) = super::solve::load_database(None);
    let judge = crate::verdict::Judge { db: &database, budget: crate::verdict::CHECK_BUDGET };
    for file in &files {
        let started = Instant::now();
        let (mut source, input) = match read_source(file, args.notation, &given) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: {e}");
                unreadable += 1;
                continue;
            }
        };
        crate::verdict::judge_source(&mut source, &judge);
        let read_secs = started.elapsed().as_secs_f64();
        // The page shows the normalised text (one line ending), so its spans point there.
        if !input.is_verbatim() {
            crate::input::for_each_span(&mut source, |s| *s = input.span_to_normalised(*s));
        }
        let name = if single_file { args.output.file_name().map_or("report.html".into(), |n| n.to_string_lossy().into_owned()) } else { page_name(file, &mut taken) };
        let target = dir.join(&name);
        // Written as it is built: the page of a large database is never held whole.
        let (stats, bytes) = match write_page(&target, &source, &input.text, &opts) {
            Ok(written) => written,
            Err(e) => return usage_error(&format!("cannot write {}: {e}", target.display())),
        };
        eprintln!(
            "wrote {}: {:.2} MB, {} boards, {} lines, {} diagnostics (read and checked in {read_secs:.2} s, page in {:.2} s)",
            target.display(),
            bytes as f64 / 1e6,
            stats.boards,
            stats.lines,
            stats.diagnostics,
            started.elapsed().as_secs_f64() - read_secs
        );
        written.push((source.name.clone(), name, Tally::of(&source), stats.boards));
    }
    super::solve::report_database_problems(&database);
    if several {
        let entries: Vec<IndexEntry> = written.iter().map(|(n, h, t, b)| IndexEntry { name: n, href: h, tally: t, boards: *b }).collect();
        let index = dir.join("index.html");
        if let Err(e) = fs::write(&index, report::index_page(&entries, args.strict)) {
            return usage_error(&format!("cannot write {}: {e}", index.display()));
        }
        eprintln!("wrote {}", index.display());
    }
    let rows: Vec<(&str, &Tally)> = written.iter().map(|(n, _, t, _)| (n.as_str(), t)).collect();
    let (code, why) = report::exit_reason(&rows, args.strict, unreadable);
    eprintln!("{why}");
    match code {
        0 => EXIT_CLEAN,
        1 => EXIT_ERRORS,
        _ => EXIT_USAGE,
    }
}
