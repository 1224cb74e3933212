//! Lasca text read, written and read again: writing the second reading gives
//! the same text as writing the first.
#![no_main]

use gamescribe::notation::lasca;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() > 16 * 1024 {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let (written, _) = lasca::write_source(&lasca::read("fuzz.lasca", &text));
    let (again, _) = lasca::write_source(&lasca::read("fuzz.lasca", &written));
    assert_eq!(written, again, "Lasca round trip changed the tree");
});
