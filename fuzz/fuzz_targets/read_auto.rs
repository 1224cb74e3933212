//! Any bytes read as Auto (through `Input`, as a file is) never panic, and every span stays in the file.
#![no_main]

#[path = "common.rs"]
mod common;

use gamescribe::notation::Reader;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    common::read("fuzz", Reader::Auto, data);
});
