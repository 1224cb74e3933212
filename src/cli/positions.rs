//! `positions`: numbered positions printed as square lists, turned into FEN
//! with every choice of kings that makes the printed solution legal.

use std::path::Path;

use super::{hoyle_fits, solve, usage_error, use_color, CheckFormat, ColorChoice, EXIT_CLEAN, EXIT_ERRORS};
use crate::diagnostic::Severity;
use crate::input::read_input;
use crate::notation;
use crate::rules::draughts::write_fen;

pub(super) fn run(path: &Path, format: CheckFormat, color: ColorChoice) -> u8 {
    let input = match read_input(path) {
        Ok(i) => i,
        Err(e) => return usage_error(&e),
    };
    let (mut found, mut diagnostics) = notation::position_list::read_position_lists(&input.text);
    if found.is_empty() && notation::hoyle::looks_like_solutions(&input.text) {
        return hoyle_fits::run(path, &input.text, format);
    }
    for d in &mut diagnostics {
        d.span = input.span_to_original(d.span);
    }
    diagnostics.splice(0..0, input.findings.iter().cloned());
    let (database, database_note) = solve::load_database(None);
    crate::verdict::judge_listed(&mut found, &crate::verdict::Judge { db: &database, budget: crate::verdict::CHECK_BUDGET });
    solve::report_database_problems(&database);
    let errors = diagnostics.iter().filter(|d| d.severity == Severity::Error).count();
    match format {
        CheckFormat::Json => match serde_json::to_string_pretty(&serde_json::json!({ "positions": found, "diagnostics": diagnostics })) {
            Ok(j) => say!("{j}"),
            Err(e) => return usage_error(&format!("cannot write JSON: {e}")),
        },
        CheckFormat::Human => {
            let rendered = input.render(&diagnostics, use_color(color));
            if !rendered.is_empty() {
                say!("{rendered}");
            }
            say!("stated results judged with the {database_note}");
            say!(
                "{:<15} {:<14} {:>6} {:>5} {:>6} {:>6} {:>5} {:>15}  {:<14} {:<10} {}",
                "position", "by", "pieces", "moves", "tried", "before", "after", "result p/c/d/u", "always kings", "always men", "fewest kings"
            );
            let list = |v: &[u8]| if v.is_empty() { "-".to_string() } else { v.iter().map(u8::to_string).collect::<Vec<_>>().join(",") };
            for p in &found {
                let first = p.fits.first().map_or("-".to_string(), |f| write_fen(&f.position));
                let class = |c| p.fits.iter().filter(|f| f.verdict.as_ref().is_some_and(|v| v.class == c)).count();
                let judged = format!(
                    "{}/{}/{}/{}",
                    class(crate::tree::VerdictClass::Proven),
                    class(crate::tree::VerdictClass::EngineConsistent),
                    class(crate::tree::VerdictClass::Disputed),
                    class(crate::tree::VerdictClass::Unknown)
                );
                // Fits after the stated result: those under which it is proven or engine-consistent.
                let after = class(crate::tree::VerdictClass::Proven) + class(crate::tree::VerdictClass::EngineConsistent);
                say!(
                    "{:<15} {:<14} {:>6} {:>5} {:>6} {:>6} {:>5} {:>15}  {:<14} {:<10} {}",
                    p.title,
                    p.author,
                    p.black.len() + p.white.len() + p.lost_black + p.lost_white,
                    p.solution.len(),
                    p.tried,
                    p.fits.len(),
                    after,
                    judged,
                    list(&p.always_kings),
                    list(&p.always_men),
                    first
                );
                if let Some(f) = p.fits.first() {
                    say!("{:<15} the move: {}", "", f.the_move);
                }
                for f in p.fits.iter().filter(|f| f.verdict.as_ref().is_some_and(|v| v.class == crate::tree::VerdictClass::Disputed)) {
                    let v = f.verdict.as_ref().expect("filtered on a verdict");
                    let found = v.found.map_or("", crate::verdict::outcome_words);
                    say!("{:<15} fit {} disputes \"{}\": {found} is proven; {}", "", write_fen(&f.position), p.task, v.line.join(" "));
                }
            }
        }
    }
    if errors > 0 { EXIT_ERRORS } else { EXIT_CLEAN }
}
