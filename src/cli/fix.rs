//! `gamescribe fix`: the source written back with every certain repair and
//! every correction by place applied, every other byte unchanged (as
//! `ruff --fix` and `rustfix` do); what is not certain is left and listed.

use super::{usage_error, use_color, ColorChoice, GivenArgs, EXIT_CLEAN, EXIT_ERRORS};
use crate::corrections::write::{self, TextRead, DEFAULT_MIN_CONFIDENCE};
use crate::corrections::{errors_in_the_corrections_file, Loaded};
use crate::diagnostic::LineStarts;
use crate::input::{read_bytes, read_input_with, Encoding, Input};
use crate::notation::{Given, Reader};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  gamescribe fix corpus/anderson-1852-ocr.txt --diff          # what would change\n  gamescribe fix corpus/hoyle-draughts.txt -o hoyle-clean.txt\n  gamescribe fix book.txt --in-place --min-confidence 0.99\n  gamescribe fix book.txt --fixes my.fixes --diff\n\nWritten: every correction by place of the corrections file (BOOK.fixes beside BOOK.txt,\nor --fixes), and every repair the decoder made with confidence at least --min-confidence\n(default 0.95: a margin of 3 cost units over the next reading), each on its own: the\nwritten text is read again and what is certain then is written, until nothing changes\n(at most 8 rounds; a round that would lose or change a move read is refused and\nreported), so fix on its own output changes nothing. Left and listed: weaker\nrepairs, stops where the text reads as several moves, lines that stop. Entries by\nstructure (typed-in lines, moves, branch points, starts, results) cannot be written into\nthe book's layout: they stay in the corrections file, read with the source each time.\nWithout --diff, -o or --in-place the fixed text goes to standard output. A corrections\nfile with errors stops fix (exit 1) before anything is written.")]
pub struct FixArgs {
    /// The source to fix.
    path: PathBuf,
    #[arg(long, value_enum, default_value = "auto")]
    notation: Reader,
    /// Print a unified diff of the changes instead of the text.
    #[arg(long, conflicts_with_all = ["output", "in_place"])]
    diff: bool,
    /// Write the fixed text here.
    #[arg(short, long, conflicts_with = "in_place")]
    output: Option<PathBuf>,
    /// Replace the source (through a temporary file renamed into place); applied
    /// place entries of the corrections file are then commented out there.
    #[arg(long)]
    in_place: bool,
    /// Write only repairs at least this confident (0..1).
    #[arg(long, default_value_t = DEFAULT_MIN_CONFIDENCE)]
    min_confidence: f64,
    #[arg(long, value_enum, default_value = "auto")]
    color: ColorChoice,
    #[command(flatten)]
    given: GivenArgs,
}

pub fn run(args: FixArgs) -> u8 {
    if !(0.0..=1.0).contains(&args.min_confidence) {
        return usage_error(&format!("--min-confidence {} is not between 0 and 1", args.min_confidence));
    }
    if args.in_place && args.path == Path::new(crate::input::STDIN) {
        return usage_error("--in-place needs a file, not standard input");
    }
    let given = match args.given.read() {
        Ok(g) => g,
        Err(e) => return usage_error(&e),
    };
    let bytes = match read_bytes(&args.path) {
        Ok(b) => b,
        Err(e) => return usage_error(&e),
    };
    let input = match read_input_with(&args.path, &given.fixes) {
        Ok(i) => i,
        Err(e) => return usage_error(&e),
    };
    if input.encoding != Encoding::Utf8 {
        return usage_error(&format!("{} is not UTF-8 text; fix writes UTF-8 sources only (convert it first)", input.name));
    }
    let spinner = super::reading_spinner(&input.name);
    let first = read_for_fix(&input, args.notation, &given, &bytes, args.min_confidence);
    if !first.fixes_errors.is_empty() {
        spinner.finish_and_clear();
        eprint!("{}", input.render(&first.fixes_errors, use_color(args.color)));
        eprintln!("error: the corrections file has {} errors; nothing written", first.fixes_errors.len());
        return EXIT_ERRORS;
    }
    // Each round's text is read as the source was: same path, same corrections file.
    let pristine = input.fixes.as_ref().map(|f| Loaded::from_text(&f.name, &f.text));
    let mut read_again = |text: &[u8]| {
        let mut again = Input::from_bytes(&args.path, text);
        if let Some(f) = &pristine {
            again.attach_fixes(f.clone());
        }
        read_for_fix(&again, args.notation, &given, text, args.min_confidence)
    };
    let outcome = write::fixed_point(&bytes, first, &mut read_again);
    spinner.finish_and_clear();
    let fixed = outcome.bytes.clone();
    let (corrections, repairs) = (outcome.corrections(), outcome.repairs());
    let name = input.name.clone();
    let result = if args.diff {
        let old = String::from_utf8_lossy(&bytes);
        let new = String::from_utf8_lossy(&fixed);
        let diff = similar::TextDiff::from_lines(old.as_ref(), new.as_ref());
        let text = diff.unified_diff().context_radius(2).header(&format!("a/{name}"), &format!("b/{name}")).to_string();
        std::io::stdout().lock().write_all(text.as_bytes()).map_err(|e| e.to_string())
    } else if args.in_place {
        let retired = input.fixes.as_ref().filter(|f| !f.applied.is_empty()).map(|f| (PathBuf::from(&f.name), write::retire_applied(f)));
        replace_file(&args.path, &fixed).and_then(|()| match &retired {
            Some((path, text)) => replace_file(path, text.as_bytes()),
            None => Ok(()),
        })
    } else if let Some(out) = &args.output {
        fs::write(out, &fixed).map_err(|e| format!("cannot write {}: {e}", out.display()))
    } else {
        std::io::stdout().lock().write_all(&fixed).map_err(|e| e.to_string())
    };
    if let Err(e) = result {
        return usage_error(&e);
    }
    eprintln!(
        "{name}: {} edits applied ({corrections} corrections, {repairs} repairs at confidence >= {:.2}, in {} rounds), {} left for a person; {} entries by structure stay in the corrections file",
        corrections + repairs,
        args.min_confidence,
        outcome.rounds.len(),
        outcome.left.len(),
        outcome.structure_entries
    );
    if let Some(why) = &outcome.refused {
        eprintln!("{name}: warning: {why}; the text before that round is written");
    }
    let text = String::from_utf8_lossy(&bytes);
    let lines = LineStarts::new(&text);
    for l in &outcome.left {
        let (line, col) = lines.line_and_column(&text, l.span.start);
        eprintln!("  left {name}:{line}:{col}: {}", l.what);
    }
    if args.in_place && outcome.rounds.is_empty() {
        eprintln!("{name}: nothing to change; the file was rewritten with the same bytes");
    }
    EXIT_CLEAN
}

/// What a round of fix needs of `input` (whose bytes on disk are `bytes`):
/// read a game at a time where its reader hands its games on, so that a
/// large database is fixed without its tree held (see [`TextRead`]). A
/// source with a corrections file (`BOOK.fixes` beside it, or `--fixes`) is
/// read whole and its games handed on after.
fn read_for_fix(input: &Input, notation: Reader, given: &Given, bytes: &[u8], min_confidence: f64) -> TextRead {
    let mut read = TextRead::with_fixes(input.fixes.clone());
    let mut fixes_errors = Vec::new();
    input.each_game(notation, given, &mut |game| read.add_game(game, bytes, min_confidence), &mut |d| fixes_errors.extend(errors_in_the_corrections_file(d).cloned()));
    read.fixes_errors = fixes_errors;
    read
}

/// Write `bytes` to a temporary file beside `path`, then rename it over
/// `path`: a crash leaves the old file or the new one, never half of one.
fn replace_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map_or("source".into(), |n| n.to_string_lossy().into_owned());
    let temp = dir.join(format!(".{name}.gamescribe-fix-{}", std::process::id()));
    let written = (|| -> std::io::Result<()> {
        let mut f = fs::File::create(&temp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        if let Ok(meta) = fs::metadata(path) {
            fs::set_permissions(&temp, meta.permissions())?;
        }
        fs::rename(&temp, path)
    })();
    written.map_err(|e| {
        let _ = fs::remove_file(&temp);
        format!("cannot replace {}: {e}", path.display())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Read a game at a time, every corpus file gives fix what it gives read whole.
    #[test]
    fn a_text_read_game_by_game_gives_fix_what_it_gives_read_whole() {
        let files = crate::input::small_corpus_files();
        let mut streamed = 0;
        for file in &files {
            let input = crate::input::read_input(file).expect("readable");
            let bytes = fs::read(file).expect("readable");
            let given = Given::default();
            streamed += usize::from(input.game_by_game(Reader::Auto, &given).is_some() && input.fixes.is_none());
            let by_game = read_for_fix(&input, Reader::Auto, &given, &bytes, DEFAULT_MIN_CONFIDENCE);
            let whole = TextRead::of_source(&input.read_with_positions(Reader::Auto, &given), input.fixes.clone(), &bytes, DEFAULT_MIN_CONFIDENCE);
            assert!(by_game.reads_as(&whole), "{}", file.display());
        }
        assert!(streamed > 10, "only {streamed} of {} files read game by game", files.len());
    }
}
