//! Numeric text read, written and read again: writing the second reading gives
//! the same text as writing the first (the tree survives its writer).
#![no_main]

use gamescribe::notation::numeric::{self, ReadOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() > 16 * 1024 {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let first = numeric::read("fuzz", &text, &ReadOptions::default());
    let Ok((written, _)) = numeric::write_source(&first) else { return };
    let second = numeric::read("fuzz", &written, &ReadOptions::default());
    let (again, _) = numeric::write_source(&second).expect("written numeric text starts from the initial position");
    assert_eq!(written, again, "numeric round trip changed the tree");
});
