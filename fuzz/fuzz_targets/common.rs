//! What every reader target checks beyond "no panic": the bytes go through
//! the same door as a file (`Input`), and every span the tree holds lies
//! inside the file on whole characters.

use gamescribe::input::{for_each_span, Input};
use gamescribe::notation::{Given, Reader};
use gamescribe::tree::Source;
use std::path::Path;

/// Larger inputs only slow the fuzzer down; the readers' time bounds are benchmarked elsewhere.
pub const MAX_LEN: usize = 64 * 1024;

pub fn read(path: &str, notation: Reader, data: &[u8]) -> Option<Source> {
    if data.len() > MAX_LEN {
        return None;
    }
    let input = Input::from_bytes(Path::new(path), data);
    let mut source = input.read(notation, &Given::default());
    // Read as `check` reads it, a game (and a stretch's diagnostics) at a time: the same source.
    let streamed = Source::gathered(|visit| input.read_visiting(notation, &Given::default(), visit));
    assert_eq!(streamed, source, "read streamed, then whole");
    for_each_span(&mut source, |s| {
        assert!(s.start <= s.end && s.end <= data.len(), "span {s:?} outside {} bytes", data.len());
    });
    Some(source)
}
