//! `convert`: one file read and written in another form (draughts, Lasca and
//! Go writers, the tree as JSON, YAML or CSV).

use std::fs;
use std::io::Write;
use std::path::Path;

use super::{exit_after_writing, usage_error, Target};
use crate::export;
use crate::input::{read_input, read_input_with};
use crate::notation::{self, Reader};
use crate::tree::{GameKind, Streamed};

pub(super) fn convert(path: &Path, notation: Reader, to: Target, output: Option<&Path>, given: &notation::Given) -> u8 {
    let input = match read_input_with(path, &given.fixes) {
        Ok(input) => input,
        Err(e) => return usage_error(&e),
    };
    // Go is refused below, read whole: Go games are not written as PDN.
    if matches!(to, Target::Pdn)
        && let Some(reader) = input.game_by_game(notation, given)
        && !matches!(reader, Reader::Go | Reader::Sgf)
    {
        return convert_to_pdn_game_by_game(&input, reader, output, given);
    }
    let source = input.read_with_positions(notation, given);
    let read_as = if notation == Reader::Auto { Reader::detect(path, &input.text) } else { notation };
    if read_as == Reader::Volpicelli && matches!(to, Target::Pdn | Target::Numeric | Target::Paterson | Target::Lasca) {
        return usage_error(&format!("{} is Volpicelli's essay on Go: prose naming points, no game; --to sgf marks its points on boards, --to json lists them", path.display()));
    }
    if matches!(read_as, Reader::Go | Reader::Sgf) && matches!(to, Target::Pdn | Target::Numeric | Target::Paterson | Target::Lasca) {
        return usage_error(&format!("{} is a Go file; Go games are written only as Go: --to sgf, go-corner or volpicelli (or json, yaml, csv)", path.display()));
    }
    let lasca = source.notation.game() == Some(GameKind::Lasca);
    let written = match to {
        Target::Lasca if !lasca => Err(format!("--to lasca needs Lasca input; {} was read as {}", source.name, source.notation)),
        Target::Numeric | Target::Paterson if lasca => Err("Lasca games cannot be written in draughts notations; choose --to lasca, pdn, json, yaml or csv".to_string()),
        Target::Lasca => Ok(notation::lasca::write_source(&source)).map(|(text, not_written)| {
            if not_written > 0 {
                eprintln!("note: {not_written} line(s) not written (variations, or no move read; --to pdn keeps them)");
            }
            text
        }),
        Target::Pdn => {
            let (text, written) = export::pdn::write_pdn_counted(&source);
            eprintln!("note: {written}");
            Ok(text)
        }
        Target::Json => export::to_json(&source),
        Target::Yaml => export::to_yaml(&source),
        Target::Csv => export::to_csv(&source),
        Target::Sgf | Target::GoCorner | Target::Volpicelli => Err("Go targets are written by convert_go".to_string()),
        Target::Numeric => notation::numeric::write_source(&source).map(|(text, empty)| {
            if empty > 0 {
                eprintln!("note: {empty} line(s) with no move read are not written (numeric text cannot hold them; --to pdn keeps their text)");
            }
            text
        }),
        Target::Paterson => {
            let (text, problems) = notation::paterson::write_paterson(&source);
            let text = if text.ends_with('\n') { text } else { text + "\n" };
            let (errors, notes): (Vec<_>, Vec<_>) = problems.iter().partition(|d| d.is_error());
            for note in notes {
                eprintln!("note: {}", note.message);
            }
            if errors.is_empty() { Ok(text) } else { Err(errors.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("; ")) }
        }
    };
    let written = match written {
        Ok(w) => w,
        Err(e) => return usage_error(&format!("cannot write output: {e}")),
    };
    let result = match output {
        Some(p) => fs::write(p, written).map_err(|e| format!("cannot write {}: {e}", p.display())),
        None => std::io::stdout().lock().write_all(written.as_bytes()).map_err(|e| e.to_string()),
    };
    if let Err(e) = result {
        return usage_error(&e);
    }
    exit_after_writing(&source)
}

/// `convert --to pdn` of a file whose reader hands its games on: each game
/// is written as it is read and dropped, so a large database converts in the
/// memory of one game, into the same bytes as the whole tree written at once.
fn convert_to_pdn_game_by_game(input: &crate::input::Input, read_as: Reader, output: Option<&Path>, given: &notation::Given) -> u8 {
    let notation = read_as.read_as().expect("a notation, not auto");
    let sink: Box<dyn Write> = match output {
        Some(p) => match fs::File::create(p) {
            Ok(f) => Box::new(f),
            Err(e) => return usage_error(&format!("cannot write {}: {e}", p.display())),
        },
        None => Box::new(std::io::stdout().lock()),
    };
    let mut sink = std::io::BufWriter::new(sink);
    let (mut written, mut text, mut failed) = (export::pdn::Written::default(), String::new(), None);
    let mut errors = 0;
    let mut write = |game: &crate::tree::Game| {
        text.clear();
        written.add_game(&mut text, game, notation);
        if failed.is_none() {
            failed = sink.write_all(text.as_bytes()).err();
        }
    };
    let rest = input.read_visiting(read_as, given, &mut |part| match part {
        Streamed::Game(game) => write(&game),
        Streamed::Parts(parts) => {
            errors += parts.error_count();
            parts.games.iter().for_each(&mut write);
        }
    });
    rest.games.iter().for_each(&mut write);
    errors += rest.error_count();
    if let Some(e) = failed.or_else(|| sink.flush().err()) {
        let to = output.map_or("standard output".to_string(), |p| p.display().to_string());
        return usage_error(&format!("cannot write {to}: {e}"));
    }
    eprintln!("note: {written}");
    super::exit_after_writing_with(&rest.name, errors)
}

/// Write the output of a conversion to a file or standard output.
fn emit(written: &str, output: Option<&Path>) -> Result<(), String> {
    match output {
        Some(p) => fs::write(p, written).map_err(|e| format!("cannot write {}: {e}", p.display())),
        None => std::io::stdout().lock().write_all(written.as_bytes()).map_err(|e| e.to_string()),
    }
}

pub(super) fn convert_go(path: &Path, notation: Reader, to: Target, output: Option<&Path>) -> u8 {
    use crate::notation::go_record::{self, Style};
    let input = match read_input(path) {
        Ok(i) => i,
        Err(e) => return usage_error(&e),
    };
    let text = &input.text;
    if (if notation == Reader::Auto { Reader::detect(path, text) } else { notation }) == Reader::Volpicelli {
        return convert_essay(path, &input, to, output);
    }
    let read_as = if notation == Reader::Auto { Reader::detect(path, text) } else { notation };
    if !matches!(read_as, Reader::Go | Reader::Sgf) {
        // A draughts (or Lasca) file: a Go reader would not help, a draughts target would.
        let name = read_as.read_as().map_or("draughts", crate::tree::Notation::as_str);
        return usage_error(&format!(
            "{} reads as {name}, not Go; --to sgf, go-corner and volpicelli write Go games only: write it with --to pdn, numeric, paterson or lasca (or json, yaml, csv)",
            path.display()
        ));
    }
    // Read once: the tree holds everything the Go writers write.
    let source = input.read(notation, &notation::Given::default());
    let games = &source.games;
    let written = match to {
        Target::Sgf => notation::sgf::write(games),
        Target::GoCorner | Target::Volpicelli => {
            let style = if matches!(to, Target::GoCorner) { Style::Chinese } else { Style::Volpicelli };
            games.iter().map(|g| go_record::write(g, style)).collect::<Vec<_>>().join("\n")
        }
        _ => return usage_error("not a Go target"),
    };
    if let Err(e) = emit(&written, output) {
        return usage_error(&e);
    }
    if games.len() > 1 && !matches!(to, Target::Sgf) {
        eprintln!("note: {} games written one after another; the record format holds one game per file", games.len());
    }
    exit_after_writing(&source)
}

/// The essay has no game: `--to sgf` marks its placed points on empty boards;
/// the record formats refuse it.
fn convert_essay(path: &Path, input: &crate::input::Input, to: Target, output: Option<&Path>) -> u8 {
    if !matches!(to, Target::Sgf) {
        return usage_error(&format!("{} is Volpicelli's essay: it names points but records no game to write as a record; --to sgf marks its points, and its diagrams rebuilt as games are the go/*.wq records", path.display()));
    }
    let source = input.read(Reader::Volpicelli, &notation::Given::default());
    let Some(written) = notation::volpicelli::write_sgf(&source) else {
        return usage_error(&format!("{}: no point is placed on a board, nothing to write", path.display()));
    };
    if let Err(e) = emit(&written, output) {
        return usage_error(&e);
    }
    exit_after_writing(&source)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdn_written_game_by_game_is_the_whole_tree_written_at_once() {
        let dir = std::env::temp_dir().join(format!("gamescribe-convert-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let given = notation::Given::default();
        for (k, path) in ["corpus/lasca-1911-ocr.txt", "corpus/hoyle-draughts.txt", "tests/corpus/pdn/valid/annotated.pdn", "tests/corpus/numeric/valid/clean.txt"].iter().enumerate() {
            let input = read_input_with(Path::new(path), &given.fixes).unwrap();
            let read_as = Reader::detect(&input.path, &input.text);
            assert!(input.streams(read_as), "{path} is read game by game");
            let out = dir.join(format!("{k}.pdn"));
            let code = convert_to_pdn_game_by_game(&input, read_as, Some(&out), &given);
            let whole = input.read(read_as, &given);
            let (text, written) = export::pdn::write_pdn_counted(&whole);
            assert!(written.games > 0, "{path}");
            assert_eq!(fs::read_to_string(&out).unwrap(), text, "{path}");
            assert_eq!(code, super::super::exit_after_writing(&whole), "{path}");
        }
        fs::remove_dir_all(&dir).ok();
    }
}
