//! The game tree every reader produces and every writer consumes.
//!
//! It knows no rules: a move is kept as the squares (or points) it touches and
//! its canonical text, so draughts, Lasca and Go share one tree.

pub mod coverage;
mod counted;

use crate::diagnostic::Diagnostic;
use crate::span::Span;
use serde::{Deserialize, Serialize};

mod go;
mod kinds;
mod links;
mod notation;
mod prose;
mod start;
mod stats;
mod study;
mod walk;
pub use counted::{CountedGame, CountedPart, GamePiece, LineCounts};
pub use go::{move_text as go_move_text, ExpectedCount, GoGameInfo, GoLineInfo, GoMove, GoNode, MoveHeld, PathStep, SetupChange};
pub use notation::{GameKind, Notation};
pub use kinds::{AnnotationKind, EditKind};
pub use links::{LinkEvidence, LinkTarget, Page, PageSource, SimilarLink};
pub use start::Start;
pub use walk::{ancestors, Ancestors, Branch};
pub use prose::{PointClaim, PointReading, PointReference, Prose, RecordCheck};
pub use stats::{GameStats, RowWise, SetupFix};
pub use study::{squares_of, Contributor, Side, Study, StudyStart};

/// One input file, read.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Source {
    pub name: String,
    /// The notation it was read in (`numeric`, `pdn`, …).
    pub notation: Notation,
    pub games: Vec<Game>,
    /// Text outside any game that no reader took (prose, page furniture).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unread: Vec<Unread>,
    /// Text outside any game that a reader took for what it is: prose, page
    /// headers, headings, definitions, lists. Kept so nothing read is lost.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<Diagnostic>,
    /// Text a reader read as prose, with the points it names (the Go essay).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prose: Vec<Prose>,
}

/// What a reader that streams hands on as it reads: a game, or the rest of
/// a finished stretch of text (a book of the 1852 text: its diagnostics,
/// unread text, notes and prose), so a large text is checked without holding
/// either.
#[derive(Clone, Debug, PartialEq)]
pub enum Streamed {
    Game(Game),
    /// A source with no games: what a stretch of text gave besides its games.
    Parts(Source),
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// A name for people: the opening, the PDN Event, or "game 3".
    pub name: String,
    /// Header tags in source order (PDN tags, or facts a layout reader found).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<(String, String)>,
    /// What the reader counted while reading it (never written as tags).
    #[serde(default, skip_serializing_if = "GameStats::is_empty")]
    pub stats: GameStats,
    /// Where play starts (written as the game's own position format: PDN FEN for draughts).
    pub start: Start,
    /// `lines[0]` is the trunk; the others are variations.
    pub lines: Vec<Line>,
    pub span: Span,
    /// A Go game's title, rules, komi, result and root properties (see `go.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub go: Option<Box<GoGameInfo>>,
    /// A critical position read as a game: its number, task and where its start comes from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub study: Option<Box<Study>>,
    /// The printed pages the game's lines stand on (`Line::pages` points here).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pages: Vec<Page>,
}

/// The trunk or one variation.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Line {
    /// The book's name for it: "trunk", "1", "V.2", …
    pub label: String,
    /// Index in `Game::lines` of the line it branches from; `None` for the trunk.
    pub parent: Option<usize>,
    /// Moves played from the game's start (or from the parent's own `start`)
    /// before this line's first move: its first move replaces the parent's move
    /// at this ply. Counted from the start of the game, not within the parent,
    /// for every reader, so a nested variation's branch ply is at least its
    /// parent's.
    pub branch_ply: usize,
    /// Where a line with no parent starts when that is not the game's start:
    /// a printed variation whose branch point could not be read, replayed from
    /// the position its own moves imply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Start>,
    /// How the line came to stand where it does: as printed, or placed by
    /// the reader where the text lost its place.
    #[serde(default, skip_serializing_if = "LineOrigin::is_printed")]
    pub origin: LineOrigin,
    pub moves: Vec<MoveNode>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stated_result: Option<StatedResult>,
    /// What an engine says of `stated_result` where the line ends (set by
    /// `crate::verdict`, after reading).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
    pub status: LineStatus,
    /// Text after the last move that could be read: kept, never guessed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unread: Option<Unread>,
    /// Where the line stops because its next move reads about equally well as
    /// several legal moves: those moves, from the position the line stops in.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub readings: Vec<Reading>,
    /// Where the line stops at a move the rules refuse and the reader knows
    /// which move was meant: that move, from the position the line stops in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<Reading>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub annotations: Vec<Annotation>,
    /// Who sent the line in, as printed under it (or given by a corrections entry).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contributor: Option<Contributor>,
    /// The `s` signs printed in the line and the lines they point at.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub similar: Vec<SimilarLink>,
    /// The pages the line is printed on: indices in `Game::pages`, in print order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pages: Vec<usize>,
    pub span: Span,
    /// The entries of a corrections file that changed this line (its moves,
    /// branch point, start, result or contributor), in the order applied.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corrections: Vec<Correction>,
    /// A Go line's moveless nodes, dead stones and stated count (see `go.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub go: Option<Box<GoLineInfo>>,
}

/// An entry of a corrections file (`BOOK.fixes`) that changed the tree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Correction {
    pub kind: CorrectionKind,
    /// 1-based line of the entry in the corrections file.
    pub entry_line: usize,
    /// The entry's note: where the corrected text came from (`scan p. 14`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CorrectionKind {
    /// Text replaced at a place in the source before it was read.
    Text,
    /// A whole line typed in.
    Moves,
    /// One move replaced or added.
    Move,
    /// Where a variation leaves its parent.
    BranchPoint,
    /// The position a line starts from.
    Start,
    Result,
    Contributor,
}

/// Where a move in the tree comes from. A move mended by the decoder is
/// `Printed` with its `repair` log; a corrected one replaces what was printed.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Origin {
    /// Read from the source text (as printed, or mended: see `MoveNode::repair`).
    #[default]
    Printed,
    /// Given by a corrections file entry. Boxed: rare, and every move has an origin.
    Corrected(Box<Correction>),
}

impl Origin {
    pub fn is_printed(&self) -> bool {
        matches!(self, Origin::Printed)
    }
}

/// How a line came to stand where it does in its game. A line that is not
/// `Printed` was placed by the reader, and its diagnostics say on what grounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LineOrigin {
    /// Where the source puts it: the trunk, or a variation at its printed mark.
    #[default]
    Printed,
    /// Its mark was not read; placed at the one earlier position its moves fit.
    Matched,
    /// Where it branches was not read: replayed from the start its own moves
    /// imply (`Line::start`).
    InferredStart,
    /// The rest of the printed line `of` (an index in `Game::lines`) after its
    /// reading stopped, as the line's `piece`-th part (2 for the first rest).
    /// `inferred`: read from the start its own moves imply, no gap being
    /// certain; otherwise from the one position the gap leads to.
    Resumed { of: usize, piece: usize, inferred: bool },
}

impl LineOrigin {
    pub fn is_printed(&self) -> bool {
        *self == LineOrigin::Printed
    }

    pub fn is_resumed(&self) -> bool {
        matches!(self, LineOrigin::Resumed { .. })
    }
}

/// One legal move an ambiguous stop's text could be read as.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Reading {
    /// Canonical text, as in `MoveNode::text`.
    pub text: String,
    /// Every square the move touches, as in `MoveNode::squares`.
    pub squares: Vec<u8>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MoveNode {
    /// Canonical text, e.g. `11-15` or `22x15` or `9x18x25`.
    pub text: String,
    /// Every square the move touches: from, each landing square.
    pub squares: Vec<u8>,
    /// The bytes of the source it was read from.
    pub span: Span,
    /// The source text as printed.
    pub printed: String,
    /// How a misprinted move was mended. Boxed: most moves are read as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repair: Option<Box<Repair>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub annotations: Vec<Annotation>,
    /// Printed (or repaired), or corrected by a corrections file.
    #[serde(default, skip_serializing_if = "Origin::is_printed")]
    pub origin: Origin,
    /// A Go move: its colour and point and what its node holds (see `go.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub go: Option<Box<GoMove>>,
}

/// How a printed move was mended into a legal one.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Repair {
    pub edits: Vec<Edit>,
    pub cost: f64,
    /// 0..1, from the margin to the next-best reading.
    pub confidence: f64,
}

/// One change made to the printed text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Edit {
    pub span: Span,
    /// What was printed there.
    pub from: String,
    /// What it was read as.
    pub to: String,
    /// Which OCR error this edit undoes.
    pub kind: EditKind,
    pub cost: f64,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LineStatus {
    /// Every move legal as printed.
    #[default]
    Legal,
    /// Legal after logged repairs.
    Repaired,
    /// A legal prefix; the rest is kept in `unread`.
    Partial,
    /// Not one move could be read.
    Unreadable,
}

impl LineStatus {
    /// The word tables and JSON print.
    pub fn as_str(self) -> &'static str {
        match self {
            LineStatus::Legal => "legal",
            LineStatus::Repaired => "repaired",
            LineStatus::Partial => "partial",
            LineStatus::Unreadable => "unreadable",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    BlackWins,
    WhiteWins,
    Draw,
    Unknown,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StatedResult {
    pub outcome: Outcome,
    /// As printed: `Drawn.`, `W. wins`, `1-0`.
    pub printed: String,
    pub span: Span,
}

/// An engine's judgement of a stated result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    pub class: VerdictClass,
    /// The outcome the engine proved (for `proven` and `disputed`), or leans
    /// to (for `engine-consistent`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub found: Option<Outcome>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<VerdictMethod>,
    /// Deepest search iteration completed, in plies (0 without a search).
    #[serde(default)]
    pub depth: u32,
    #[serde(default)]
    pub nodes: u64,
    /// For `disputed`: the moves (canonical text) that refute the claim from
    /// where the line ends; elsewhere the engine's best line, if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub line: Vec<String>,
    /// Why there is no verdict (for `unknown`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<UnknownReason>,
    /// The position judged (written in the game's own position format: PDN FEN for draughts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Start>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VerdictClass {
    /// The stated result is proven.
    Proven,
    /// A bounded search agrees with the claim; it proves nothing.
    EngineConsistent,
    /// The opposite of the claim is proven.
    Disputed,
    Unknown,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VerdictMethod {
    /// The side to move has no move (or no piece, or the game is counted out).
    GameOver,
    /// The endgame database.
    Database,
    /// A search that visited every line to a decided end.
    ExhaustiveSearch,
    /// A search bounded by depth or nodes (for `engine-consistent`).
    BoundedSearch,
    /// Go: the engine's count of the final board.
    Count,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnknownReason {
    /// The line stops before the book's end of it (unread text, a refused move).
    LineIncomplete,
    /// The stated result itself says nothing (`*`, unknown).
    NoClaim,
    /// The position where the line ends could not be set up.
    NoPosition,
    /// The search ran out of budget without a decision either way.
    Undecided,
    /// No engine judges this game's results yet.
    NoEngine,
    /// Go: won by resignation, time or forfeit; the board does not decide it.
    NotCounted,
    /// Go: the record marks no dead stones and gives no count, so which stones
    /// are dead (and so the count) is not known.
    NoDeadStones,
    /// Go: neutral points remain, and the count comes after they are filled.
    NeutralPoints,
    /// Go: the count depends on a convention the record does not state
    /// (handicap compensation, seki, dame): a margin other than the stated one
    /// refutes nothing.
    CountConvention,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Annotation {
    pub kind: AnnotationKind,
    pub text: String,
    pub span: Span,
}

/// Source text no reader could take.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unread {
    pub raw: String,
    pub span: Span,
}

/// A piece of a book outside its games, as the reader recognised it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Note {
    pub kind: NoteKind,
    /// As printed.
    pub text: String,
    pub span: Span,
    /// For an opening definition: the moves it names, replayed from the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<Line>,
}

/// What a [`Note`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoteKind {
    /// Running text: introductions, explanations, remarks between games.
    Prose,
    /// A printed page's running head or page number.
    PageHeader,
    /// A chapter or section title.
    Heading,
    /// The name and opening moves of an opening, as the book defines it.
    OpeningDefinition,
    /// A list of the players or correspondents who contributed games.
    Contributors,
    /// A critical position printed as a diagram or a list of pieces.
    CriticalPosition,
    /// A row of a printed table not attached to a game: column numbers, the
    /// results under columns, pairings.
    TableRow,
}

impl Line {
    pub fn trunk() -> Line {
        Line {
            label: "trunk".into(),
            ..Line::default()
        }
    }
}

impl Source {
    /// The whole source a streamed read hands on: its games and parts in the
    /// order handed on, then what the read gave back.
    pub fn gathered(read: impl FnOnce(&mut dyn FnMut(Streamed)) -> Source) -> Source {
        let mut whole = Source::default();
        let rest = read(&mut |part| match part {
            Streamed::Game(game) => whole.games.push(game),
            Streamed::Parts(parts) => whole.append_parts(parts),
        });
        let (name, notation) = (rest.name.clone(), rest.notation);
        whole.append_parts(rest);
        Source { name, notation, ..whole }
    }

    /// Take in what a stretch of text gave besides games (see [`Streamed::Parts`]), after what is here.
    pub fn append_parts(&mut self, mut parts: Source) {
        self.games.append(&mut parts.games);
        self.unread.append(&mut parts.unread);
        self.notes.append(&mut parts.notes);
        self.diagnostics.append(&mut parts.diagnostics);
        self.prose.append(&mut parts.prose);
    }

    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    pub fn lines(&self) -> impl Iterator<Item = &Line> {
        self.games.iter().flat_map(|g| g.lines.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_stay_compact() {
        // A long Go record holds a `MoveNode` a move and a `Line` a variation;
        // a large field on either multiplies by the input (a Lasca start,
        // 25 stacks inline, once made every `Line` 1632 bytes).
        assert!(std::mem::size_of::<Start>() <= 64, "Start: {}", std::mem::size_of::<Start>());
        assert!(std::mem::size_of::<Origin>() <= 8, "Origin: {}", std::mem::size_of::<Origin>());
        // A move's repair is boxed: most moves have none, and inline it cost every move 32 bytes.
        assert!(std::mem::size_of::<MoveNode>() <= 136, "MoveNode: {}", std::mem::size_of::<MoveNode>());
        // What else a Go move's node holds is boxed: a plain move (most are) was 136 bytes with it inline.
        assert!(std::mem::size_of::<GoMove>() <= 16, "GoMove: {}", std::mem::size_of::<GoMove>());
        assert!(std::mem::size_of::<Line>() <= 640, "Line: {}", std::mem::size_of::<Line>());
        assert!(std::mem::size_of::<Game>() <= 336, "Game: {}", std::mem::size_of::<Game>());
    }
}
