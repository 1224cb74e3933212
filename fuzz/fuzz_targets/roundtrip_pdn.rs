//! PDN read, written and read again: writing the second reading gives the
//! same text as writing the first.
#![no_main]

use gamescribe::export::pdn::write_pdn;
use gamescribe::notation::pdn;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() > 16 * 1024 {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let written = write_pdn(&pdn::read("fuzz.pdn", &text));
    let again = write_pdn(&pdn::read("fuzz.pdn", &written));
    assert_eq!(written, again, "PDN round trip changed the tree");
});
