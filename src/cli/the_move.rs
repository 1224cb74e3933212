//! `move`: who has "the move" in a draughts position, by Paterson's and Payne's rules.

use crate::diagnostic::Code;
use super::{usage_error, use_color, CheckFormat, ColorChoice, EXIT_CLEAN, EXIT_USAGE};
use crate::diagnostic;
use crate::rules::draughts::{parse_fen, Position};

pub(super) fn run(fen: &str, format: CheckFormat) -> u8 {
    let setup = match parse_fen(fen) {
        Ok(s) => s,
        Err(e) => {
            let diag = crate::diagnostic::Diagnostic::error(Code::FenInvalid, e.message.clone(), crate::span::Span::new(e.offset.min(fen.len()), (e.offset + 1).min(fen.len())))
                .with_label("here")
                .with_help("a position is written like B:W18,24,K10:B12,16 (side to move, then each side's squares, K for kings)");
            eprint!("{}", diagnostic::render(&[diag], "FEN", fen, use_color(ColorChoice::Auto)));
            return EXIT_USAGE;
        }
    };
    if let Err(e) = Position::from_setup(setup) {
        eprintln!("warning: the position is not one that can arise in play ({e}); counting anyway");
    }
    let report = crate::rules::the_move::the_move(&setup);
    match format {
        CheckFormat::Human => say!("{}", report.summary()),
        CheckFormat::Json => match serde_json::to_string_pretty(&report) {
            Ok(j) => say!("{j}"),
            Err(e) => return usage_error(&format!("cannot write JSON: {e}")),
        },
    }
    EXIT_CLEAN
}
