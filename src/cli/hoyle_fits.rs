//! `gamescribe positions` on Hoyle's solutions: for each start the reader had
//! to infer (the diagrams are lost), every king choice that replays the whole
//! printed solution, and which of them make the printed task true.

use std::path::Path;

use super::{solve, CheckFormat, EXIT_CLEAN, EXIT_USAGE};
use crate::notation::hoyle::{self, HoyleOptions};
use crate::notation::position_list::Fit;
use crate::rules::draughts::write_fen;
use crate::tree::VerdictClass;
use crate::verdict::{judge_fits, outcome_words, Judge};

/// A fit under which the task is proven or at least engine-consistent.
fn holds(fit: &Fit) -> bool {
    fit.verdict.as_ref().is_some_and(|v| matches!(v.class, VerdictClass::Proven | VerdictClass::EngineConsistent))
}

pub fn run(path: &Path, text: &str, format: CheckFormat) -> u8 {
    let name = path.display().to_string();
    let mut solutions = hoyle::solution_fits(&name, text, &HoyleOptions { infer: true, ..HoyleOptions::default() });
    let (database, database_note) = solve::load_database(None);
    judge_fits(&mut solutions, &Judge { db: &database, budget: crate::verdict::CHECK_BUDGET });
    solve::report_database_problems(&database);
    match format {
        CheckFormat::Json => match serde_json::to_string_pretty(&serde_json::json!({ "solutions": solutions })) {
            Ok(j) => println!("{j}"),
            Err(e) => {
                eprintln!("error: cannot write JSON: {e}");
                return EXIT_USAGE;
            }
        },
        CheckFormat::Human => {
            println!("Hoyle's solutions whose start is inferred: king choices that replay the whole solution,");
            println!("and which make the printed task true (judged with the {database_note})");
            println!("{:<28} {:<30} {:>5} {:>6} {:>5} {:>9}  fits after (proven or engine-consistent)", "solution", "task", "tried", "before", "after", "p/c/d/u");
            for (k, s) in solutions.iter().enumerate() {
                let class = |c| s.fits.iter().filter(|f| f.verdict.as_ref().is_some_and(|v| v.class == c)).count();
                let (p, c, d, u) = (class(VerdictClass::Proven), class(VerdictClass::EngineConsistent), class(VerdictClass::Disputed), class(VerdictClass::Unknown));
                let task = s.task.map_or("-".to_string(), |t| format!("{:?} to play, {}", t.side, outcome_words(t.claim)));
                let kept: Vec<String> = s.fits.iter().filter(|f| holds(f)).map(|f| write_fen(&f.position)).collect();
                let classes = format!("{p}/{c}/{d}/{u}");
                let kept = if kept.is_empty() { "-".to_string() } else { kept.join("  ") };
                println!("{:<28} {:<30} {:>5} {:>6} {:>5} {:>9}  {kept}", s.title, task, s.tried, s.fits.len(), p + c, classes);
                // The last solution of that title before this one (a text may print a title again).
                if let Some(before) = s.same_diagram_as.as_ref().and_then(|t| solutions[..k].iter().rev().find(|b| &b.title == t)) {
                    let both: Vec<String> = s.fits.iter().filter(|f| holds(f) && before.fits.iter().any(|b| holds(b) && b.kings == f.kings)).map(|f| write_fen(&f.position)).collect();
                    let listed = if both.is_empty() { "-".to_string() } else { both.join("  ") };
                    println!("{:<28} one diagram with {}: {} of its {} fits make both tasks true: {listed}", "", before.title, both.len(), before.fits.len());
                }
                for f in &s.fits {
                    let Some(v) = &f.verdict else { continue };
                    if v.class == VerdictClass::Disputed {
                        let found = v.found.map_or("", outcome_words);
                        println!("{:<28} fit {} disputes the task: {found} is proven; {}", "", write_fen(&f.position), v.line.join(" "));
                    }
                }
            }
        }
    }
    EXIT_CLEAN
}
