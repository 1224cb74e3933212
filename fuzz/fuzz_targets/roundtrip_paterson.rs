//! Paterson's natural notation as `convert --to paterson` writes it: read,
//! written and read again gives the same text (the tree survives its writer).
#![no_main]

use gamescribe::diagnostic::Severity;
use gamescribe::notation::paterson::{read_written, write_paterson};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() > 16 * 1024 {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let (written, problems) = write_paterson(&read_written("fuzz", &text));
    if problems.iter().any(|d| d.severity == Severity::Error) {
        return; // a line the writer refuses, said so; nothing to compare
    }
    let (again, _) = write_paterson(&read_written("fuzz", &written));
    assert_eq!(written, again, "Paterson round trip changed the tree");
});
