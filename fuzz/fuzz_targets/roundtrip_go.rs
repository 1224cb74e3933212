//! A Go record parsed, written (both styles) and parsed again: writing the
//! second reading gives the same text as writing the first.
#![no_main]

use gamescribe::notation::go_record::{self, Style};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() > 16 * 1024 {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let game = go_record::parse(&text).game;
    for style in [Style::Chinese, Style::Volpicelli] {
        let written = go_record::write(&game, style);
        let again = go_record::write(&go_record::parse(&written).game, style);
        assert_eq!(written, again, "Go record round trip ({style:?}) changed the game");
    }
});
