//! The draughts text kernel: English draughts moves as books print them
//! (`11 15`, `11-15`, `11x18x25`, `22.18`, OCR'd or clean), shared by the
//! numeric, Anderson, Hoyle and Paterson readers, the PDN resolver and the
//! decoder's noise benchmark.
//!
//! - [`scan`]: text to tokens (nom, OCR-tolerant); every byte in a token or blank.
//! - [`parse_clean`]: clean movetext by the pest grammar `grammars/numeric.pest`.
//! - [`BookDraughts`], [`move_text`], [`describe`]: how a move is spelled.
//! - [`read_line`], [`read_tokens`], [`read_tokens_with`]: a line from a start, clean or decoded.
//! - [`stated_result`], [`check_result`]: a printed result, and the board's word on it.

mod clean;
mod line;
mod result;
mod scan;
mod spelling;

pub use clean::{parse_clean, RawMove};
pub use line::{read_line, read_tokens, read_tokens_with, ReadOptions};
pub use result::{check_result, stated_result};
pub use scan::scan;
pub use spelling::{describe, move_text, move_text_among, BookDraughts};
