//! The HTML report a person reads: one self-contained page per source (inline
//! CSS and SVG, no script, no network) with the check summary, every game as
//! a tree of lines, a board at each line's set start, at every error and stop
//! and at each line's end, and every diagnostic with its shortened excerpt.
//! It consumes the tree (`tree::Source`) and the engines, nothing else.

pub mod board_svg;
pub mod html;
pub mod position;
pub mod summary;

pub use html::{index_page, source_page, write_source_page, PageOptions};
pub use position::GameKind;
pub use summary::{exit_reason, Tally};
