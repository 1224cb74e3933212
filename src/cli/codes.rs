//! `gamescribe codes [NAME…]`: what each diagnostic code means, from the one
//! table in `diagnostic/code.rs`.

use clap::Args;

use super::{EXIT_CLEAN, EXIT_USAGE};
use crate::diagnostic::Code;

#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  gamescribe codes                      # every code, by namespace\n  gamescribe codes repair::ambiguous     # one code\n  gamescribe codes pdn                   # every pdn:: code\n\nExit codes: 0 listed, 2 a name that is no code or namespace.")]
pub struct CodesArgs {
    /// Codes (`pdn::bad-fen`) or namespaces (`pdn`) to describe; none lists them all.
    pub names: Vec<String>,
}

pub fn run(args: CodesArgs) -> u8 {
    let mut chosen: Vec<Code> = Vec::new();
    for name in &args.names {
        let found = select(name);
        if found.is_empty() {
            eprintln!("error: {name:?} is no diagnostic code or namespace (`gamescribe codes` lists them)");
            return EXIT_USAGE;
        }
        chosen.extend(found);
    }
    if args.names.is_empty() {
        chosen = Code::ALL.to_vec();
    }
    print!("{}", listing(&chosen));
    EXIT_CLEAN
}

/// The code a name gives, or every code of a namespace.
fn select(name: &str) -> Vec<Code> {
    match Code::from_name(name) {
        Some(code) => vec![code],
        None => Code::ALL.iter().copied().filter(|code| code.namespace() == name.trim_end_matches("::")).collect(),
    }
}

/// One line a code: its name, padded, and what it means.
fn listing(codes: &[Code]) -> String {
    let width = codes.iter().map(|code| code.as_str().len()).max().unwrap_or(0);
    codes.iter().map(|code| format!("{:<width$}  {}\n", code.as_str(), code.description())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_a_namespace_or_nothing() {
        assert_eq!(select("repair::ambiguous"), [Code::RepairAmbiguous]);
        let pdn = select("pdn::");
        assert!(pdn.len() > 5 && pdn.iter().all(|code| code.namespace() == "pdn"));
        assert!(select("pdn::no-such-code").is_empty());
        assert!(select("").is_empty());
        let text = listing(&[Code::RepairAmbiguous, Code::PdnBadFen]);
        assert!(text.starts_with("repair::ambiguous  A line stops"), "{text}");
        assert_eq!(text.lines().count(), 2);
    }
}
