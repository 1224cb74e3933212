//! The closed vocabularies of the tree: what an annotation is, and which OCR
//! error a repair's edit undoes. Each is an enum written under a stable
//! kebab-case name (JSON, PDN comments, the HTML report), so a reader and a
//! writer cannot drift apart on a spelling.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Declares a unit enum with its stable names, `as_str`, `from_name`,
/// `Display`, and comparison with a name (as tests and JSON use them).
macro_rules! named {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $( $(#[doc = $doc:literal])+ $variant:ident = $text:literal, )+ }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        $vis enum $name {
            $( $(#[doc = $doc])+ #[serde(rename = $text)] $variant, )+
        }

        impl $name {
            /// Every kind, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }

            pub fn from_name(name: &str) -> Option<$name> {
                match name {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, name: &&str) -> bool {
                self.as_str() == *name
            }
        }
    };
}

named! {
    /// What an [`Annotation`](super::Annotation) holds.
    pub enum AnnotationKind {
        /// A comment of the source, as printed.
        Comment = "comment",
        /// A remark on a line: the book's own, or one a writer adds.
        Note = "note",
        /// Text a PDN reader kept unread inside the movetext.
        Unread = "unread",
        /// A PDN numeric annotation glyph (`$1`).
        Nag = "nag",
        /// A PDN escape line (`%…`).
        Escape = "escape",
        /// A move-strength mark after a move (`!`, `?`, `*`).
        StrengthMark = "strength-mark",
        /// A Paterson capture mark on a move (`.`, `,`, `:`).
        Mark = "mark",
        /// The sign that a variation branches at this move.
        VariationMark = "variation-mark",
        /// A footnote sign before a line's first move (Paterson).
        FootnoteMark = "footnote-mark",
        /// A crowning sign after a Lasca move.
        PromotionMark = "promotion-mark",
        /// A mark standing outside any move (Paterson).
        StrayMark = "stray-mark",
        /// The captures a move could be, when the text cannot tell them apart.
        AmbiguousCapture = "ambiguous-capture",
        /// Where the text sends the reader on (`continue as trunk at …`).
        CrossReference = "cross-reference",
        /// Anderson's `*`: from here the book gives a result other authors do not.
        Star = "star",
        /// Anderson's `s`: a similar position stands elsewhere in the book.
        SimilarPosition = "similar-position",
        /// A speck after the last move.
        Junk = "junk",
        /// Who sent the line in (given by a corrections entry).
        Contributor = "contributor",
        /// Text a corrections entry replaced.
        Superseded = "superseded",
        /// How a move was mended from the OCR (the PDN writer's comment, read back).
        Repaired = "repaired",
        /// Stones a Go node puts on or clears from the board.
        Setup = "setup",
        /// The stones a Go move is said to take.
        Captures = "captures",
        /// A Go move the text says cannot be played.
        Refused = "refused",
    }
}

named! {
    /// Which OCR error an [`Edit`](super::Edit) undoes.
    pub enum EditKind {
        /// Read as printed (never logged as an edit).
        Exact = "exact",
        /// A letter printed for a digit (`l5` for 15).
        LetterForDigit = "letter-for-digit",
        /// One digit printed for another of the same length.
        DigitConfusion = "digit-confusion",
        /// A digit printed twice.
        Doubled = "doubled",
        /// A digit too many.
        Inserted = "inserted",
        /// A digit lost.
        Dropped = "dropped",
        /// A number cut at the edge of the page or column.
        CutAtEdge = "cut-at-edge",
        /// Two numbers printed without a space between them.
        RunTogether = "run-together",
        /// One number printed as two pieces.
        Split = "split",
        /// A number lost from the print, supplied by the rules.
        NumberLost = "number-lost",
        /// A speck between moves, passed over.
        JunkSkipped = "junk-skipped",
        /// A number that is no part of a move, passed over.
        StrayNumberSkipped = "stray-number-skipped",
        /// A stretch of numbers printed again, passed over.
        RepeatSkipped = "repeat-skipped",
        /// A zero no square has (`40`), read as its first digit (Hoyle).
        OcrZero = "ocr-zero",
        /// Garbled Lasca plies replaced by the only legal plies that let the game read on.
        Reconstructed = "reconstructed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_serde_writes_the_name() {
        for &kind in AnnotationKind::ALL {
            assert_eq!(AnnotationKind::from_name(kind.as_str()), Some(kind));
            assert_eq!(serde_json::to_string(&kind).unwrap(), format!("{:?}", kind.as_str()));
        }
        for &kind in EditKind::ALL {
            assert_eq!(EditKind::from_name(kind.as_str()), Some(kind));
            assert_eq!(serde_json::from_str::<EditKind>(&format!("{:?}", kind.as_str())).unwrap(), kind);
        }
        assert_eq!(AnnotationKind::from_name("no-such-kind"), None);
    }
}
