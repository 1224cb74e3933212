//! SGF parsed, written and parsed again: writing the second reading gives the
//! same text as writing the first.
#![no_main]

use gamescribe::notation::sgf;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() > 16 * 1024 {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let written = sgf::write(&sgf::parse(&text).games);
    let again = sgf::write(&sgf::parse(&written).games);
    assert_eq!(written, again, "SGF round trip changed the games");
});
