//! Diagnostic codes: one stable name for each kind of finding.
//!
//! A code is what scripts, tests and the JSON report match on, so it is an
//! enum checked by the compiler rather than a string at each call site. Its
//! name (`pdn::bad-fen`) is what JSON and the rendered report show; the
//! one-line description is what `gamescribe codes` prints. To add a code, add
//! a line here: the list, the names and the descriptions are made from it.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Declares `Code` with its name and description for each variant, and the
/// list of all codes, from one table.
macro_rules! codes {
    ($( $(#[doc = $doc:literal])+ $variant:ident = $name:literal, )+) => {
        /// What a diagnostic is about, by notation or stage (`pdn::…`, `repair::…`).
        #[non_exhaustive]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Code {
            $( $(#[doc = $doc])+ $variant, )+
        }

        impl Code {
            /// Every code, in the order of the table.
            pub const ALL: &'static [Code] = &[$(Code::$variant),+];

            /// The stable name, e.g. `pdn::unterminated-comment`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $name,)+
                }
            }

            /// What the code means, in one line.
            pub fn description(self) -> &'static str {
                match self {
                    $(Code::$variant => concat!($($doc),+).trim_start(),)+
                }
            }
        }
    };
}

codes! {
    // Anderson's 1852 book.
    /// A lost or garbled stretch of a column read as the only plies after which the rest reads as printed.
    AndersonBridged = "anderson::bridged",
    /// A move printed cleanly in its own cell, kept though the garbled text after it is refused.
    AndersonCleanMoveKept = "anderson::clean-move-kept",
    /// A cell cut at the page's edge that several legal moves fit equally well: the line stops there.
    AndersonCutCellAmbiguous = "anderson::cut-cell-ambiguous",
    /// A cell cut at the page's edge read as the only legal move its visible digits allow that lets the column read on.
    AndersonCutCellRead = "anderson::cut-cell-read",
    /// A column whose cells the OCR ran together into one line; read in print order.
    AndersonFlattened = "anderson::flattened",
    /// A game with more cells than any game has; its rows from there on kept unread.
    AndersonGameTooLong = "anderson::game-too-long",
    /// A variation whose branch mark was not read, replayed from the start its own moves imply.
    AndersonInferredStart = "anderson::inferred-start",
    /// The contents page lists variations that no column header of the text names.
    AndersonListedNotFound = "anderson::listed-not-found",
    /// A page printed with no header, numbered by the columns missing between the headers around it.
    AndersonPageNumbered = "anderson::page-numbered",
    /// A page printed with no header whose columns the headers around it do not decide: kept unread.
    AndersonPageUnplaced = "anderson::page-unplaced",
    /// A move that would read only by mending the text on a board that was itself guessed.
    AndersonMendRefused = "anderson::mend-refused",
    /// A variation with no marked move to branch from and no start its moves fix.
    AndersonNoBranchPoint = "anderson::no-branch-point",
    /// No `GAME.` line or page header of column numbers: nothing to read as Anderson.
    AndersonNoGames = "anderson::no-games",
    /// A gap several ply sequences bridge equally: not bridged, the candidates listed.
    AndersonNotBridged = "anderson::not-bridged",
    /// The trunk's moves differ from the opening the contents page names for the game.
    AndersonOpeningDisagrees = "anderson::opening-disagrees",
    /// A variation whose mark was lost, placed at the one earlier position its moves fit.
    AndersonPlacedByPosition = "anderson::placed-by-position",
    /// A critical position whose diagram is lost, its solution replayed from the start its own moves imply.
    AndersonPositionInferred = "anderson::position-inferred",
    /// A critical position whose diagram is lost and whose solution's moves fix no start: kept unread.
    AndersonPositionUnread = "anderson::position-unread",
    /// A stopped column whose rest is replayed from the position its own moves imply (no certain gap found).
    AndersonRestInferred = "anderson::rest-inferred",
    /// A stopped column read on after a gap, the gap's moves found by the rules.
    AndersonResumed = "anderson::resumed",
    /// An `s` sign (a similar position elsewhere) linked to the line it points at.
    AndersonSimilarLinked = "anderson::similar-linked",
    /// An `s` sign whose target line was not found: no naming, no other sign, no one place with its position.
    AndersonSimilarUnresolved = "anderson::similar-unresolved",
    // FEN given on the command line.
    /// A FEN position given on the command line that cannot be read.
    FenInvalid = "fen::invalid",
    // The corrections file.
    /// A corrections entry whose replacement the source already holds.
    FixesAlreadyApplied = "fixes::already-applied",
    /// A corrections entry whose position is not a PDN FEN.
    FixesBadPosition = "fixes::bad-position",
    /// A corrections entry not applied because the line it makes is not legal.
    FixesContradiction = "fixes::contradiction",
    /// Two corrections entries set the same thing of one game.
    FixesDuplicateEntry = "fixes::duplicate-entry",
    /// Two corrections entries overlap in the source.
    FixesDuplicatePlace = "fixes::duplicate-place",
    /// A by-byte corrections entry whose span and expected text differ in length.
    FixesGuardLength = "fixes::guard-length",
    /// A corrections entry whose expected text is no longer what the source holds there.
    FixesGuardMismatch = "fixes::guard-mismatch",
    /// A move given by a corrections entry that the rules refuse.
    FixesIllegalMove = "fixes::illegal-move",
    /// A corrections entry that replaces nothing with nothing.
    FixesNoChange = "fixes::no-change",
    /// A corrections entry for a line whose start position cannot be found.
    FixesNoStart = "fixes::no-start",
    /// Structure entries (by game and line) given for a source that is not draughts.
    FixesNotDraughts = "fixes::not-draughts",
    /// A corrections entry that points past the end of the source.
    FixesOutOfRange = "fixes::out-of-range",
    /// How many corrections entries were read and applied.
    FixesRead = "fixes::read",
    /// A line of the corrections file that is not an entry.
    FixesSyntax = "fixes::syntax",
    /// A corrections entry for a game number the source does not have.
    FixesUnknownGame = "fixes::unknown-game",
    /// A corrections entry for a line its game does not have.
    FixesUnknownLine = "fixes::unknown-line",
    // Go replay (record and SGF).
    /// A Go setup that is not a position (a point twice, off the board, …).
    GoBadSetup = "go::bad-setup",
    /// The stones a move is said to take differ from those the rules take.
    GoCapturesDiffer = "go::captures-differ",
    /// The count the text gives differs from the engine's count of the final board.
    GoCountDiffers = "go::count-differs",
    /// A point marked dead that holds no stone.
    GoDeadEmpty = "go::dead-empty",
    /// A Go move the rules refuse.
    GoIllegalMove = "go::illegal-move",
    /// A Go record that places no stone and plays no move.
    GoNoGame = "go::no-game",
    /// A move the text calls unplayable that the rules allow.
    GoNotRefused = "go::not-refused",
    /// A move the text calls unplayable, refused by the rules for another reason.
    GoRefusedOtherwise = "go::refused-otherwise",
    /// A setup chain without a liberty, taken off the board.
    GoSetupWithoutLiberty = "go::setup-without-liberty",
    // Hoyle's draughts chapter.
    /// A variation after which the trunk cannot go on where the text says.
    HoyleContinuationFails = "hoyle::continuation-fails",
    /// "Continue as …" with no point to continue from.
    HoyleContinueWithoutTarget = "hoyle::continue-without-target",
    /// A Hoyle solution with no position to replay it from.
    HoyleNoPosition = "hoyle::no-position",
    /// No "Solution." heading in a text read as Hoyle.
    HoyleNoSolutions = "hoyle::no-solutions",
    /// A two-digit number ending in a zero no square has (`40`…`90`), read as its first digit.
    HoyleOcrZero = "hoyle::ocr-zero",
    /// An opening definition whose stated number of moves differs from those given.
    HoyleOpeningCount = "hoyle::opening-count",
    /// An opening definition with a move the rules refuse.
    HoyleOpeningIllegal = "hoyle::opening-illegal",
    /// A solution with more moves than any has; it ends there, the rest kept unread.
    HoyleSolutionTooLong = "hoyle::solution-too-long",
    /// A position given on the command line for a title no solution has.
    HoylePositionUnused = "hoyle::position-unused",
    /// A variation whose mark no read move carries.
    HoyleUnplacedVariation = "hoyle::unplaced-variation",
    // Reading a file: charsets and limits.
    /// A UTF-16 file with bad code units, read as U+FFFD.
    InputBadUtf16 = "input::bad-utf16",
    /// A byte-order mark, used to decode the file and kept out of the text.
    InputBom = "input::bom",
    /// A file decoded in a charset other than UTF-8.
    InputCharset = "input::charset",
    /// Bytes outside the file's charset, read as U+FFFD.
    InputNotInCharset = "input::not-in-charset",
    /// A file that is not valid UTF-8, bad bytes read as U+FFFD.
    InputNotUtf8 = "input::not-utf8",
    /// `--position` given for a file not read as Hoyle.
    InputPositionUnused = "input::position-unused",
    /// Reading stopped after the diagnostics limit; the rest is kept unread.
    InputTooManyErrors = "input::too-many-errors",
    // Lasker's Lasca book.
    /// A Lasca start position that cannot be read.
    LascaBadSetup = "lasca::bad-setup",
    /// Garbled plies replaced by the only legal plies that let the game read on.
    LascaBridged = "lasca::bridged",
    /// A described square with no men named on it.
    LascaEmptyColumn = "lasca::empty-column",
    /// The stated ending holds: the side to play has no move.
    LascaEndingConfirmed = "lasca::ending-confirmed",
    /// The text says a side cannot move, but it can.
    LascaEndingContradicted = "lasca::ending-contradicted",
    /// No ending stated; the side to play has no move and loses.
    LascaEndingDerived = "lasca::ending-derived",
    /// The stated win is not forced within the searched depth.
    LascaEndingNotProven = "lasca::ending-not-proven",
    /// No ending stated, and the side to play still has moves.
    LascaEndingOpen = "lasca::ending-open",
    /// The stated win is forced (every defence searched).
    LascaEndingProven = "lasca::ending-proven",
    /// The stated ending cannot be checked: not every move before it was read.
    LascaEndingUnchecked = "lasca::ending-unchecked",
    /// Closing words that state no result the rules can check.
    LascaEndingUnread = "lasca::ending-unread",
    /// A described position that cannot be set up.
    LascaImpossibleSetup = "lasca::impossible-setup",
    /// The described position has the leaders the text counts.
    LascaLeadersAgree = "lasca::leaders-agree",
    /// The described position's leaders differ from the text's count.
    LascaLeadersDisagree = "lasca::leaders-disagree",
    /// Garbled plies with no single legal bridge to the text after them.
    LascaNoBridge = "lasca::no-bridge",
    /// No small change of the described position both makes the solution legal and keeps the stated leaders.
    LascaNoFixKeepingLeaders = "lasca::no-fix-keeping-leaders",
    /// A game's moves longer than any game's; read to the bound, the rest kept unread.
    LascaGameTooLong = "lasca::game-too-long",
    /// No numbered Lasca moves and no game heading.
    LascaNoGames = "lasca::no-games",
    /// No small change of the described position makes the solution legal.
    LascaNoSetupFix = "lasca::no-setup-fix",
    /// A proposition with no SOLUTION after it.
    LascaNoSolution = "lasca::no-solution",
    /// The plies read differ from what the move numbers suggest.
    LascaPlyCount = "lasca::ply-count",
    /// A proposition's solution breaks from the described position.
    LascaPropositionIllegal = "lasca::proposition-illegal",
    /// The position a proposition describes, as read.
    LascaPropositionSetup = "lasca::proposition-setup",
    /// A proposition's solution replays and leaves Black without a move.
    LascaPropositionSolved = "lasca::proposition-solved",
    /// A proposition's solution replays, but the loser still has a move.
    LascaPropositionUnfinished = "lasca::proposition-unfinished",
    /// A change of the described position that makes the solution legal.
    LascaSetupFix = "lasca::setup-fix",
    /// Such a change that also keeps the stated leaders.
    LascaSetupFixKeepingLeaders = "lasca::setup-fix-keeping-leaders",
    /// A square described twice in a position.
    LascaSquareTwice = "lasca::square-twice",
    // Numeric draughts text.
    /// Numeric movetext that is not a move.
    NumericBad = "numeric::bad",
    /// A block too long to be one game, kept unread.
    NumericBlockTooLong = "numeric::block-too-long",
    /// A numeric text with no movetext.
    NumericNoGames = "numeric::no-games",
    /// A number that is not a square of the board.
    NumericNoSquare = "numeric::no-square",
    /// Text that is not movetext, kept unread.
    NumericProse = "numeric::prose",
    // Paterson's natural notation.
    /// A capture that could be several, settled by the text after it.
    PatersonAmbiguitySettled = "paterson::ambiguity-settled",
    /// A capture that could be several, each letting the text read on.
    PatersonAmbiguousCapture = "paterson::ambiguous-capture",
    /// A Paterson start that is not a FEN.
    PatersonBadStart = "paterson::bad-start",
    /// A variation whose parent is not there, or parents that form a cycle.
    PatersonBadTree = "paterson::bad-tree",
    /// A specimen game that agrees with the same game read in another notation.
    PatersonCrossCheck = "paterson::cross-check",
    /// A cell beyond the last column, kept unread.
    PatersonExtraCell = "paterson::extra-cell",
    /// A garbled footnote mark read as the only one left.
    PatersonFootnoteMarkRead = "paterson::footnote-mark-read",
    /// A table or line with more rows than any game has; the rows after them kept unread.
    PatersonGameTooLong = "paterson::game-too-long",
    /// A capture mark on a move that takes nothing.
    PatersonMarkOnStep = "paterson::mark-on-step",
    /// A capture printed without its mark.
    PatersonMissingMark = "paterson::missing-mark",
    /// The marks' count of "the move" disagrees with the board.
    PatersonMoveChangeDisagrees = "paterson::move-change-disagrees",
    /// A variation whose mark no move of its game carries.
    PatersonNoBranchMark = "paterson::no-branch-mark",
    /// A specimens heading with no table under it.
    PatersonNoColumns = "paterson::no-columns",
    /// No page of specimens in natural notation.
    PatersonNoSpecimens = "paterson::no-specimens",
    /// A variation column with no game before it.
    PatersonOrphanVariation = "paterson::orphan-variation",
    /// A game or line written as `name (2)` (or `name #2`): as named, the written text would not read back as it.
    PatersonRenamed = "paterson::renamed",
    /// A specimen that differs from the same game in another notation.
    PatersonSpecimenDiffers = "paterson::specimen-differs",
    /// A mark outside any move, kept as an annotation.
    PatersonStrayMark = "paterson::stray-mark",
    /// A sign before the first move that is not a footnote mark.
    PatersonUnknownMark = "paterson::unknown-mark",
    /// A Paterson move the rules refuse.
    PatersonUnplayable = "paterson::unplayable",
    /// A capture with the wrong mark for the pieces it takes.
    PatersonWrongMark = "paterson::wrong-mark",
    // PDN.
    /// A capture written by its ends, resolved by the line that follows.
    PdnAmbiguousCaptureResolved = "pdn::ambiguous-capture-resolved",
    /// A capture written by its ends that stays ambiguous.
    PdnAmbiguousMove = "pdn::ambiguous-move",
    /// A FEN tag that cannot be read.
    PdnBadFen = "pdn::bad-fen",
    /// A move with a square outside 1 to 32.
    PdnBadMove = "pdn::bad-move",
    /// A tag that is not `[Name "value"]` on one line.
    PdnBadTag = "pdn::bad-tag",
    /// A game with more moves than any game has; the rest of its movetext kept unread.
    PdnGameTooLong = "pdn::game-too-long",
    /// A GameType that is not English draughts; its moves kept unread.
    PdnGameType = "pdn::game-type",
    /// A PDN move the rules refuse.
    PdnIllegalMove = "pdn::illegal-move",
    /// A FEN position that cannot occur.
    PdnIllegalPosition = "pdn::illegal-position",
    /// A `;` comment holding moves that are not played.
    PdnMovesInComment = "pdn::moves-in-comment",
    /// A PDN file with no tags and no movetext.
    PdnNoGames = "pdn::no-games",
    /// A number too large to read.
    PdnNumberOutOfRange = "pdn::number-out-of-range",
    /// The movetext's result differs from the Result tag.
    PdnResultMismatch = "pdn::result-mismatch",
    /// Variations nested beyond the limit, kept unread.
    PdnTooDeep = "pdn::too-deep",
    /// A `)` that closes no variation.
    PdnUnopenedVariation = "pdn::unopened-variation",
    /// Text that is not PDN movetext.
    PdnUnreadable = "pdn::unreadable",
    /// A comment that never closes; the rest kept unread.
    PdnUnterminatedComment = "pdn::unterminated-comment",
    /// Variations still open at the end of a game.
    PdnUnterminatedVariation = "pdn::unterminated-variation",
    /// A variation branching where its parent has no legal move.
    PdnVariationWithoutPosition = "pdn::variation-without-position",
    /// A move marked as a capture that takes nothing.
    PdnXOnStep = "pdn::x-on-step",
    // Hoyle's diagram position lists.
    /// A diagram square lost in the OCR; every empty square is tried for it.
    PositionsLostSquare = "positions::lost-square",
    /// No choice of kings makes a Hoyle solution legal.
    PositionsNoFit = "positions::no-fit",
    /// Diagram squares with no solution after them.
    PositionsNoSolution = "positions::no-solution",
    /// Both square lists given to one side.
    PositionsSameSide = "positions::same-side",
    // The Go record format (`.wq`).
    /// A record value that is not black or white.
    RecordBadColour = "record::bad-colour",
    /// A corner point that cannot be read.
    RecordBadCorner = "record::bad-corner",
    /// A `count:` line not of the form `count: black N white M`.
    RecordBadCount = "record::bad-count",
    /// A komi that is not a number.
    RecordBadKomi = "record::bad-komi",
    /// A number of moves that is not a number.
    RecordBadPly = "record::bad-ply",
    /// A point that cannot be read.
    RecordBadPoint = "record::bad-point",
    /// A rule word the record format does not know.
    RecordBadRule = "record::bad-rule",
    /// A scoring that is not area or territory.
    RecordBadScoring = "record::bad-scoring",
    /// A board size that cannot be read or is out of range.
    RecordBadSize = "record::bad-size",
    /// A record with more moves than any game has; the rest of it is not read.
    RecordGameTooLong = "record::game-too-long",
    /// A point off the board.
    RecordOffBoard = "record::off-board",
    /// A size given after a point.
    RecordSizeLate = "record::size-late",
    /// A `takes` list with no point; nothing is checked.
    RecordTakesNothing = "record::takes-nothing",
    /// A record key the format does not know.
    RecordUnknownKey = "record::unknown-key",
    /// A line whose parent names no earlier line.
    RecordUnknownLine = "record::unknown-line",
    /// A record line that cannot be read.
    RecordUnreadable = "record::unreadable",
    // The OCR repair decoder.
    /// Text after the game is over, kept unread.
    RepairAfterGameEnd = "repair::after-game-end",
    /// A line stops: the text reads about equally well as different moves.
    RepairAmbiguous = "repair::ambiguous",
    /// A move read through an OCR repair, with its edits and confidence.
    RepairMoveRepaired = "repair::move-repaired",
    /// A line stops: no legal move reads like the text.
    RepairNoLegalReading = "repair::no-legal-reading",
    /// A speck after the last move, kept as an annotation.
    RepairTrailingJunk = "repair::trailing-junk",
    // Stated results against the final board.
    /// A stated win that the position where the line ends does not bear out.
    ResultClaimAgainstBoard = "result::claim-against-board",
    /// A stated result against the board: the side to move cannot move and so has lost.
    ResultContradictsBoard = "result::contradicts-board",
    // SGF.
    /// A `PL` value that is not B or W.
    SgfBadColour = "sgf::bad-colour",
    /// A property name without a capital letter.
    SgfBadIdent = "sgf::bad-ident",
    /// A `KM` value that is not a number, kept as text.
    SgfBadKomi = "sgf::bad-komi",
    /// A point that is not on the board.
    SgfBadPoint = "sgf::bad-point",
    /// A board size that is not a square board within the limit.
    SgfBadSize = "sgf::bad-size",
    /// A `CA` value that names no known charset.
    SgfCharset = "sgf::charset",
    /// A property given twice in one node, read as one.
    SgfDuplicateProperty = "sgf::duplicate-property",
    /// Text that is not SGF.
    SgfJunk = "sgf::junk",
    /// A `KM` number longer than a number holds, kept as printed.
    SgfKomiAsText = "sgf::komi-as-text",
    /// A move in the root node, read as setup.
    SgfMoveInRoot = "sgf::move-in-root",
    /// An SGF text with no `(;` game tree.
    SgfNoGames = "sgf::no-games",
    /// A `GM` that is not Go, read as Go.
    SgfNotGo = "sgf::not-go",
    /// A property before any `;` node.
    SgfPropertyOutsideNode = "sgf::property-outside-node",
    /// U+FFFD in the text: bytes the charset could not decode.
    SgfReplacementCharacter = "sgf::replacement-character",
    /// A `C` with several values, kept as written.
    SgfSeveralComments = "sgf::several-comments",
    /// A node with two moves; the second is not replayed.
    SgfTwoMoves = "sgf::two-moves",
    /// A game tree not closed with `)`.
    SgfUnclosed = "sgf::unclosed",
    /// A `)` that closes no game tree.
    SgfUnmatchedClose = "sgf::unmatched-close",
    /// A value whose `]` never comes.
    SgfUnterminatedValue = "sgf::unterminated-value",
    // Verdicts on stated results.
    /// A stated result the engine's proof refutes.
    VerdictDisputed = "verdict::disputed",
    // Volpicelli's essay on Go.
    /// A point named twice in one list.
    VolpicelliNamedTwice = "volpicelli::named-twice",
    /// A point reference kept as prose, with the reason.
    VolpicelliPointKeptAsProse = "volpicelli::point-kept-as-prose",
    /// A claim of the essay that its Go record contradicts.
    VolpicelliRecordDisagrees = "volpicelli::record-disagrees",
    /// A Go record beside the essay that cannot be read.
    VolpicelliRecordUnreadable = "volpicelli::record-unreadable",
    /// How many point references were read and checked.
    VolpicelliSummary = "volpicelli::summary",
}

impl Code {
    /// The code with this name, if there is one.
    pub fn from_name(name: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|code| code.as_str() == name)
    }

    /// The part of the name before `::`: the notation or stage that reports it.
    pub fn namespace(self) -> &'static str {
        self.as_str().split("::").next().unwrap_or_default()
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Tests and scripts compare a code with its printed name.
impl PartialEq<str> for Code {
    fn eq(&self, name: &str) -> bool {
        self.as_str() == name
    }
}

impl PartialEq<&str> for Code {
    fn eq(&self, name: &&str) -> bool {
        self.as_str() == *name
    }
}

impl Serialize for Code {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Code, D::Error> {
        let name = String::deserialize(deserializer)?;
        Code::from_name(&name).ok_or_else(|| serde::de::Error::custom(format!("unknown diagnostic code {name:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn names_are_unique_and_namespaced_kebab_case() {
        let mut seen = HashSet::new();
        for code in Code::ALL {
            let name = code.as_str();
            assert!(seen.insert(name), "{name} twice");
            let (space, rest) = name.split_once("::").unwrap_or_else(|| panic!("{name} has no namespace"));
            for part in [space, rest] {
                assert!(!part.is_empty() && part.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'), "{name}");
            }
            assert_eq!(code.namespace(), space);
        }
    }

    #[test]
    fn every_code_is_described_in_a_sentence() {
        for code in Code::ALL {
            let text = code.description();
            assert!(text.ends_with('.') && text.chars().next().is_some_and(|c| !c.is_lowercase()), "{code}: {text:?}");
        }
    }

    #[test]
    fn a_name_reads_back_as_its_code_and_serde_uses_the_name() {
        for &code in Code::ALL {
            assert_eq!(Code::from_name(code.as_str()), Some(code));
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("{:?}", code.as_str()));
            assert_eq!(serde_json::from_str::<Code>(&json).unwrap(), code);
        }
        assert_eq!(Code::from_name("pdn::no-such-code"), None);
        assert!(serde_json::from_str::<Code>("\"pdn::no-such-code\"").is_err());
    }
}
