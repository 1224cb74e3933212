//! The solutions of Hoyle's end games: period notation one move a line, variation
//! marks (`V.1—10.60`, `A—17.21`, `S—15.10`), "Variation 1." and lettered blocks,
//! "Continue as trunk at S", and stated results.

use crate::diagnostic::{Code, Diagnostic};
use crate::text::draughts::{check_result, describe, scan, stated_result, BookDraughts, ReadOptions};
use crate::repair::{self, build_line, Decoded, Token, TokenKind};
use crate::rules::draughts::{self, Color, Move, Position};
use crate::span::Span;
use crate::tree::{Annotation, AnnotationKind, Edit, Game, Line, LineStatus, Repair, StatedResult, Unread};
use regex::Regex;
use serde::Serialize;
use std::borrow::Cow;
use std::collections::VecDeque;
use std::sync::LazyLock;

static TASK: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\[(White|Black) to Move and (Win|Draw)\.?\]").expect("task pattern is valid"));
static MARKED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^(?:V\.\s*(\d+)|([A-Z]))\s*[—–-]\s*(.+)$").expect("marker pattern is valid"));
static VARIATION: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^Variation\s+(\d+)\.?$").expect("variation pattern is valid"));
static RESULT_LINE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^((?:[BW]\.\s*wins|Drawn)\.?)\s*(.*)$").expect("result pattern is valid"));

/// Printed moves read in one solution, variations included; it ends before the
/// next, and the lines from there on are kept unread. The longest of the book
/// has a few dozen; a solution's moves are held, with their readings, while it
/// is read: without a bound, one endless solution would take memory without end.
pub const MAX_MOVES: usize = 10_000;

/// What the side to move is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Task {
    pub side: Color,
    /// `true` for "to Move and Win", `false` for "and Draw".
    pub win: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Marker {
    Variation(String),
    Letter(char),
}

/// One printed move line, with the mark before it if any.
#[derive(Clone, Debug)]
pub(crate) struct MoveItem {
    pub marker: Option<(Marker, Span)>,
    /// The move itself (after any mark).
    pub span: Span,
}

#[derive(Clone, Debug)]
pub(crate) struct RawLine {
    pub label: String,
    /// Which mark places this line: `None` for a trunk.
    pub placed_by: Option<Marker>,
    pub items: Vec<MoveItem>,
    pub result: Option<StatedResult>,
    pub comment: Option<Span>,
    pub continue_at: Option<(char, Span)>,
    pub span: Span,
}

/// One solution as printed: a trunk and its variations.
#[derive(Clone, Debug)]
pub(crate) struct RawSolution {
    pub title: String,
    /// Whether its title was printed: an untitled solution is called
    /// `solution`, which names no diagram.
    pub titled: bool,
    pub task: Option<Task>,
    pub lines: Vec<RawLine>,
    pub span: Span,
}

fn new_line(label: String, placed_by: Option<Marker>, at: usize) -> RawLine {
    RawLine { label, placed_by, items: Vec::new(), result: None, comment: None, continue_at: None, span: Span::new(at, at) }
}

/// Whether a line is printed movetext: `22.18`, `10.60`, `09.13`.
fn is_move_text(s: &str) -> bool {
    let s = s.trim();
    !s.is_empty() && s.len() <= 12 && s.chars().any(|c| c.is_ascii_digit()) && s.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | ',' | '-' | ' ' | '—' | '–'))
}

/// Whether a line that is not clean movetext is a move line damaged in print:
/// short, with a digit, and either mostly digits and stops or followed by
/// movetext, a result or a variation heading (`next`: the next line with text).
fn looks_like_damaged_move<'a>(t: &str, next: impl FnOnce() -> Option<&'a str>) -> bool {
    let chars = t.chars().count();
    if chars > 16 || !t.chars().any(|c| c.is_ascii_digit()) {
        return false;
    }
    let numeric = t.chars().filter(|c| c.is_ascii_digit() || *c == '.').count();
    if numeric * 2 > chars {
        return true;
    }
    let Some(next) = next() else { return false };
    is_move_text(next) || RESULT_LINE.is_match(next) || VARIATION.is_match(next) || MARKED.captures(next).is_some_and(|c| is_move_text(&c[3]))
}

/// A text's lines, split as they are asked for and forgotten once passed, so
/// that finding the solutions of a long text holds a few of its lines, not a
/// table of all of them.
struct TextLines<'a> {
    text: &'a str,
    kept: VecDeque<(usize, &'a str)>,
    /// The number of the first kept line.
    first: usize,
    /// Where the text not yet split begins.
    split_to: usize,
}

impl<'a> TextLines<'a> {
    fn new(text: &'a str) -> TextLines<'a> {
        TextLines { text, kept: VecDeque::new(), first: 0, split_to: 0 }
    }

    /// Line `k` (counted from 0): where it starts and its text without the line end.
    fn get(&mut self, k: usize) -> Option<(usize, &'a str)> {
        while self.first + self.kept.len() <= k {
            let line = self.split_next()?;
            self.kept.push_back(line);
        }
        self.kept.get(k.checked_sub(self.first)?).copied()
    }

    /// The first line from `k` on with more than blanks, trimmed.
    fn next_with_text(&mut self, mut k: usize) -> Option<&'a str> {
        loop {
            let t = self.get(k)?.1.trim();
            if !t.is_empty() {
                return Some(t);
            }
            k += 1;
        }
    }

    fn split_next(&mut self) -> Option<(usize, &'a str)> {
        let rest = self.text.get(self.split_to..).filter(|r| !r.is_empty())?;
        let len = rest.find('\n').map_or(rest.len(), |p| p + 1);
        let at = self.split_to;
        self.split_to += len;
        Some((at, rest[..len].trim_end_matches(['\n', '\r'])))
    }

    /// Forget the lines before `k`, each shown to `passed` in order first.
    fn forget_before(&mut self, k: usize, mut passed: impl FnMut(usize, &str)) {
        while self.first < k {
            let line = match self.kept.pop_front() {
                Some(line) => line,
                None => match self.split_next() {
                    Some(line) => line,
                    None => return,
                },
            };
            passed(self.first, line.1);
            self.first += 1;
        }
    }
}

/// The heading of the solution below, kept up to date as the lines above it
/// pass: the nearest short title line, and the tasks ("[… to Move and …]")
/// printed from it on, each where it was printed last.
#[derive(Default)]
struct Heading {
    title: Option<String>,
    /// Per task: the line it was last printed on, and its place among that line's tasks.
    tasks: Vec<(Task, usize, usize)>,
}

impl Heading {
    fn pass(&mut self, number: usize, line: &str) {
        let t = line.trim();
        let words = t.split_whitespace().count();
        let is_title = t.ends_with('.') && (1..=5).contains(&words) && t.chars().next().is_some_and(char::is_uppercase) && !t.starts_with("Fig") && t != "Position." && t != "Solution.";
        if is_title {
            self.title = Some(t.trim_end_matches('.').to_string());
            self.tasks.clear();
        }
        for (place, caps) in TASK.captures_iter(t).enumerate() {
            let task = Task { side: if &caps[1] == "White" { Color::White } else { Color::Black }, win: &caps[2] == "Win" };
            match self.tasks.iter_mut().find(|(known, _, _)| *known == task) {
                // Of one line's copies (the figure captions repeat it), the first counts.
                Some((_, on, _)) if *on == number => {}
                Some(seen) => *seen = (task, number, place),
                None => self.tasks.push((task, number, place)),
            }
        }
    }

    /// The title (`solution` if none is printed) and the tasks in print order,
    /// each where it was printed last (the captions repeat them).
    fn title_and_tasks(&self) -> (String, Vec<Task>) {
        let mut tasks = self.tasks.clone();
        tasks.sort_by_key(|&(_, line, place)| (line, place));
        (self.title.clone().unwrap_or_else(|| "solution".to_string()), tasks.into_iter().map(|t| t.0).collect())
    }
}

/// The solutions of a Hoyle text, found as they are asked for: each section
/// with a "Solution." gives one per trunk, titled by the nearest short
/// heading above it, with the tasks printed between.
pub(crate) struct Solutions<'a> {
    lines: TextLines<'a>,
    heading: Heading,
    /// The number of the next line to look at.
    next: usize,
    /// A section's second trunk and after, waiting.
    waiting: VecDeque<RawSolution>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> Solutions<'a> {
    pub(crate) fn new(text: &'a str) -> Solutions<'a> {
        Solutions { lines: TextLines::new(text), heading: Heading::default(), next: 0, waiting: VecDeque::new(), diagnostics: Vec::new() }
    }

    /// What finding the solutions so far found ("Continue as" with no point named).
    pub(crate) fn take_diagnostics(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.diagnostics)
    }
}

impl Iterator for Solutions<'_> {
    type Item = RawSolution;

    fn next(&mut self) -> Option<RawSolution> {
        if let Some(waiting) = self.waiting.pop_front() {
            return Some(waiting);
        }
        let i = loop {
            let heading = &mut self.heading;
            self.lines.forget_before(self.next, |number, line| heading.pass(number, line));
            let (_, line) = self.lines.get(self.next)?;
            if line.trim() == "Solution." {
                break self.next;
            }
            self.next += 1;
        };
        let at = self.lines.get(i).map_or(0, |l| l.0);
        let (title, tasks) = self.heading.title_and_tasks();
        let titled = self.heading.title.is_some();
        let (solutions, k) = solution_lines(&mut self.lines, i, &mut self.diagnostics);
        // Variations printed after a second trunk belong to it; those before, to the first.
        let count = solutions.len();
        for (n, lines_of) in solutions.into_iter().enumerate() {
            let span = lines_of.iter().map(|l| l.span).reduce(Span::join).unwrap_or(Span::new(at, at));
            let name = if count > 1 { format!("{title} ({})", n + 1) } else { title.clone() };
            self.waiting.push_back(RawSolution { title: name, titled, task: tasks.get(n).copied(), lines: lines_of, span });
        }
        self.next = k.max(i + 1);
        self.waiting.pop_front()
    }
}

/// Every solution of a Hoyle text, with what finding them found.
pub(crate) fn parse_solutions(text: &str, diagnostics: &mut Vec<Diagnostic>) -> Vec<RawSolution> {
    let mut found = Solutions::new(text);
    let solutions = found.by_ref().collect();
    diagnostics.extend(found.take_diagnostics());
    solutions
}

/// The lines of the solution headed at line `i`, one list per trunk (a
/// second task's solution follows the first's result), and the index of the
/// first line after it.
fn solution_lines(lines: &mut TextLines, i: usize, diagnostics: &mut Vec<Diagnostic>) -> (Vec<Vec<RawLine>>, usize) {
    let mut solution_lines: Vec<RawLine> = vec![new_line("trunk".into(), None, lines.get(i).map_or(0, |l| l.0))];
    let mut solutions: Vec<Vec<RawLine>> = Vec::new();
    let mut k = i + 1;
    let mut after_result = false;
    let mut moves = 0;
    while let Some((at, raw)) = lines.get(k) {
        let t = raw.trim();
        let lead = raw.len() - raw.trim_start().len();
        let span = Span::new(at + lead, at + lead + t.len());
        k += 1;
        if t.is_empty() {
            continue;
        }
        if let Some(caps) = VARIATION.captures(t) {
            solution_lines.push(new_line(caps[1].to_string(), Some(Marker::Variation(caps[1].to_string())), span.start));
            after_result = false;
            continue;
        }
        if t.len() == 1 && t.chars().all(|c| c.is_ascii_uppercase()) {
            let c = t.chars().next().unwrap_or('?');
            solution_lines.push(new_line(t.to_string(), Some(Marker::Letter(c)), span.start));
            after_result = false;
            continue;
        }
        if t.starts_with("Continue as") {
            let (target, end) = continue_target(lines, &mut k, t, span);
            if let Some(line) = solution_lines.last_mut() {
                match target {
                    Some(c) => line.continue_at = Some((c, Span::new(span.start, end))),
                    None => diagnostics.push(Diagnostic::warning(Code::HoyleContinueWithoutTarget, "\"Continue as …\" names no point to continue from", Span::new(span.start, end))),
                }
            }
            continue;
        }
        if let Some(caps) = RESULT_LINE.captures(t) {
            let (result, _) = stated_result(&caps[1], span.start);
            if let Some(line) = solution_lines.last_mut() {
                line.result = result;
                line.span = line.span.join(span);
                if let Some(c) = caps.get(2).filter(|c| !c.as_str().is_empty()) {
                    line.comment = Some(Span::new(span.start + c.start(), span.start + c.end()));
                }
            }
            after_result = true;
            continue;
        }
        // A move line damaged in print (`09.1#3`) stays in the solution, where
        // the decoder reads what it can and keeps the rest unread with a diagnostic;
        // ending the solution there would drop the moves after it unseen.
        let damaged = looks_like_damaged_move(t, || lines.next_with_text(k));
        let Some((marker, move_span)) = move_line(t, span, damaged) else {
            k -= 1;
            break;
        };
        if moves == MAX_MOVES {
            diagnostics.push(
                Diagnostic::error(Code::HoyleSolutionTooLong, format!("the solution has more than {MAX_MOVES} moves; it is read to here, and the lines from here on are kept unread"), span)
                    .with_label("the first move not read"),
            );
            k -= 1;
            break;
        }
        moves += 1;
        if after_result && marker.is_none() && solution_lines.last().is_some_and(|l| l.placed_by.is_none()) {
            // Moves after a trunk's result and before any variation: the next task's solution.
            solutions.push(std::mem::take(&mut solution_lines));
            solution_lines.push(new_line("trunk".into(), None, span.start));
        }
        after_result = false;
        if let Some(line) = solution_lines.last_mut() {
            line.span = line.span.join(move_span);
            line.items.push(MoveItem { marker, span: move_span });
        }
    }
    solutions.push(solution_lines);
    // A long solution's items are kept while it is read: without the room their growth left.
    for line in solutions.iter_mut().flatten() {
        line.items.shrink_to_fit();
    }
    (solutions, k)
}

/// "Continue as / trunk at / S." over up to three lines from `first` (at
/// `span`): the point named, and where the phrase ends. `k` moves past the
/// lines read.
fn continue_target(lines: &mut TextLines, k: &mut usize, first: &str, span: Span) -> (Option<char>, usize) {
    let mut target = None;
    let mut end = span.end;
    let mut words = first.to_string();
    while target.is_none() && lines.get(*k).is_some() && words.split_whitespace().count() < 8 {
        if let Some(last) = words.split_whitespace().last().filter(|w| w.trim_end_matches('.').len() == 1) {
            target = last.chars().next().filter(char::is_ascii_uppercase);
            if target.is_some() {
                break;
            }
        }
        let Some((nat, next)) = lines.get(*k) else { break };
        let nt = next.trim();
        *k += 1;
        if nt.is_empty() {
            continue;
        }
        words.push(' ');
        words.push_str(nt);
        end = nat + (next.len() - next.trim_start().len()) + nt.len();
    }
    (target, end)
}

/// A line of moves (`t` at `span`), with the variation number or letter that
/// may mark it; `None` if it is no move line (the solution ends before it).
fn move_line(t: &str, span: Span, damaged: bool) -> Option<(Option<(Marker, Span)>, Span)> {
    match MARKED.captures(t) {
        Some(caps) if is_move_text(&caps[3]) || damaged => {
            let m = caps.get(3).map_or(0, |m| m.start());
            let marker = match (caps.get(1), caps.get(2)) {
                (Some(n), _) => Marker::Variation(n.as_str().to_string()),
                (None, Some(c)) => Marker::Letter(c.as_str().chars().next().unwrap_or('?')),
                _ => Marker::Letter('?'),
            };
            Some((Some((marker, Span::new(span.start, span.start + m))), Span::new(span.start + m, span.end)))
        }
        _ if is_move_text(t) || damaged => Some((None, span)),
        _ => None,
    }
}

/// What replaying a solution from a position came to.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SolutionReport {
    pub title: String,
    pub start: String,
    /// How the start was found: `given`, `classical: First Position`, `inferred`, or `none`.
    pub start_from: String,
    pub lines_printed: usize,
    /// Lines read to their end, every move legal (as printed or repaired).
    pub lines_replayed: usize,
    pub moves_printed: usize,
    pub moves_read: usize,
    pub moves_repaired: usize,
    /// "Continue as trunk at S": whether the variation reaches the trunk's position and the trunk plays on from it.
    pub continuations: Vec<(String, bool)>,
    /// Stated results the board contradicts.
    pub contradicted_results: usize,
    /// How the start relates to a published setting of a classical position, if it does.
    pub classical: Option<String>,
}

impl SolutionReport {
    pub fn complete(&self) -> bool {
        self.lines_printed > 0 && self.lines_replayed == self.lines_printed && self.contradicted_results == 0 && self.continuations.iter().all(|c| c.1)
    }
}

/// A read move belongs to the printed line its last number stands in (a repair may
/// reach back into the line before, as a stray zero does).
fn ends_in(read: Span, printed: Span) -> bool {
    read.end > printed.start && read.end <= printed.end
}

/// The tokens of a line's moves. A printed `90` (40–90 with a trailing zero) can
/// only be the square 9 with an OCR zero after it: it is read as `9`, keeping its
/// span, and the edit is logged on the move by `log_ocr_zeros`.
pub(super) fn tokens_of(text: &str, items: &[MoveItem]) -> (Vec<Token>, Vec<Span>) {
    let mut zeros = Vec::new();
    let mut tokens = items
        .iter()
        .flat_map(|it| scan(it.span.slice(text), it.span.start))
        .map(|mut t| {
            let b = t.text.as_bytes();
            if t.kind == TokenKind::Number && b.len() == 2 && (b'4'..=b'9').contains(&b[0]) && b[1] == b'0' {
                zeros.push(t.span);
                t.text.truncate(1);
            }
            t
        })
        .collect::<Vec<Token>>();
    // Collected without knowing how many: up to twice the room, which a long line would keep.
    tokens.shrink_to_fit();
    (tokens, zeros)
}

/// Record each OCR zero read away as an edit of the move it stands in.
fn log_ocr_zeros(text: &str, line: &mut Line, zeros: &[Span], diagnostics: &mut Vec<Diagnostic>) {
    for &z in zeros {
        let Some(node) = line.moves.iter_mut().find(|m| z.start < m.span.end && m.span.start < z.end) else { continue };
        let printed = z.slice(text).to_string();
        let edit = Edit { span: z, from: printed.clone(), to: printed[..1].to_string(), kind: crate::tree::EditKind::OcrZero, cost: 0.0 };
        node.repair.get_or_insert_with(|| Box::new(Repair { edits: Vec::new(), cost: 0.0, confidence: 1.0 })).edits.push(edit);
        diagnostics.push(
            Diagnostic::note(Code::HoyleOcrZero, format!("{printed:?} read as {}: no square is numbered {printed}", &printed[..1]), z).with_label(format!("read as {}", &printed[..1])),
        );
        if line.status == LineStatus::Legal {
            line.status = LineStatus::Repaired;
        }
    }
}

/// Replay a solution from `start`: every line read with the repair decoder from
/// the position where its mark places it.
pub(crate) fn read_solution(text: &str, raw: &RawSolution, start: &Position, opts: &ReadOptions) -> (Game, SolutionReport, Vec<Diagnostic>) {
    read_solution_with_trunk(text, raw, start, opts, None)
}

/// The trunk's tokens (see [`trunk_tokens`]) and its reading from one start,
/// already made by the search for a lost diagram (see [`super::tried::Tried::trunk_reads`]).
pub(crate) struct KnownTrunk<'a> {
    pub tokens: &'a [Token],
    pub zeros: &'a [Span],
    pub decoded: &'a Decoded<Move>,
}

/// [`read_solution`], with the trunk already read from `start`.
pub(crate) fn read_solution_with_trunk(text: &str, raw: &RawSolution, start: &Position, opts: &ReadOptions, trunk: Option<KnownTrunk>) -> (Game, SolutionReport, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let mut lines: Vec<Line> = Vec::new();
    let mut starts: Vec<Position> = Vec::new();
    let mut report = SolutionReport { title: raw.title.clone(), start: draughts::write_fen(&start.setup()), lines_printed: raw.lines.len(), ..SolutionReport::default() };
    let find_mark = |lines: &[Line], marker: &Marker| find_mark(raw, lines, marker);
    for (li, rl) in raw.lines.iter().enumerate() {
        report.moves_printed += rl.items.len();
        let placed = match &rl.placed_by {
            None => Some((None, 0, *start)),
            Some(marker) => find_mark(&lines, marker).map(|(p, k)| branch_point(&lines[p], starts[p], p, k)),
        };
        let Some((parent, branch_ply, line_start)) = placed else {
            let (line, diagnostic) = unplaced_variation(text, rl);
            diagnostics.push(diagnostic);
            lines.push(line);
            starts.push(*start);
            continue;
        };
        let made;
        let (tokens, zeros, decoded) = match &trunk {
            // The same tokens from the same start: the same reading.
            Some(known) if li == 0 && parent.is_none() => (known.tokens, known.zeros, Cow::Borrowed(known.decoded)),
            _ => {
                made = tokens_of(text, &rl.items);
                (&made.0[..], &made.1[..], Cow::Owned(repair::decode(&BookDraughts, &line_start, &made.0, &opts.decode)))
            }
        };
        let reading = build_line(&BookDraughts, &line_start, text, &decoded, describe);
        diagnostics.extend(reading.diagnostics);
        let mut line = Line {
            label: if rl.placed_by.is_some() && rl.label.chars().all(|c| c.is_ascii_digit()) { format!("V.{}", rl.label) } else { rl.label.clone() },
            parent,
            branch_ply,
            origin: crate::tree::LineOrigin::Printed,
            moves: reading.moves,
            status: reading.status,
            unread: reading.unread,
            readings: reading.readings,
            refused: None,
            annotations: reading.annotations,
            span: rl.span,
            stated_result: rl.result.clone(),
            verdict: None,
            start: None,
            corrections: Vec::new(),
            go: None,
            contributor: None,
            similar: Vec::new(),
            pages: Vec::new(),
        };
        keep_marks(text, rl, &mut line, tokens, &decoded, zeros, &mut diagnostics);
        count_line(&mut report, &line, &line_start, &mut diagnostics);
        lines.push(line);
        starts.push(line_start);
    }
    check_continuations(raw, &mut lines, &starts, &find_mark, &mut report, &mut diagnostics);
    let game = Game {
        name: raw.title.clone(),
        tags: raw.task.map(|t| vec![("Task".to_string(), format!("{} to move and {}", if t.side == Color::White { "White" } else { "Black" }, if t.win { "win" } else { "draw" }))]).unwrap_or_default(),
        start: crate::tree::Start::Draughts(start.setup()),
        lines,
        span: raw.span,
        ..Game::default()
    };
    (game, report, diagnostics)
}

/// Where a mark stands among the lines read so far: (line index, move index).
fn find_mark(raw: &RawSolution, lines: &[Line], marker: &Marker) -> Option<(usize, usize)> {
    for (li, rl) in raw.lines.iter().enumerate().take(lines.len()) {
        for it in &rl.items {
            if let Some((m, _)) = &it.marker
                && m == marker
            {
                let k = lines[li].moves.iter().position(|mv| ends_in(mv.span, it.span))?;
                return Some((li, k));
            }
        }
    }
    None
}

/// A variation branching at move `k` of line `p` (read from `from`): its
/// parent, its branch ply from the game's start, and the position there.
fn branch_point(parent: &Line, from: Position, p: usize, k: usize) -> (Option<usize>, usize, Position) {
    let mut pos = from;
    for node in parent.moves.iter().take(k) {
        if let Ok(mv) = draughts::resolve(&pos, &node.squares) {
            pos = pos.play(&mv);
        }
    }
    // The tree counts a branch from the game's start (see `tree::Line::branch_ply`).
    (Some(p), parent.branch_ply + k, pos)
}

/// A variation no read move carries the mark of: kept unread, with an error.
fn unplaced_variation(text: &str, rl: &RawLine) -> (Line, Diagnostic) {
    let diagnostic = Diagnostic::error(Code::HoyleUnplacedVariation, format!("variation {:?}: no read move carries its mark", rl.label), rl.span)
        .with_help("the move it branches from was not read, or the mark is missing");
    let mut line = Line { label: rl.label.clone(), span: rl.span, status: LineStatus::Unreadable, ..Line::trunk() };
    line.unread = Some(Unread { raw: rl.span.slice(text).to_string(), span: rl.span });
    (line, diagnostic)
}

/// The unread rest of a line as its own text only, the OCR zeros undone, and
/// the marks and comment printed with the line kept as annotations.
fn keep_marks(text: &str, rl: &RawLine, line: &mut Line, tokens: &[Token], decoded: &Decoded<Move>, zeros: &[Span], diagnostics: &mut Vec<Diagnostic>) {
    if let (Some(stop), Some(unread)) = (&decoded.stop, line.unread.as_mut()) {
        // The line's own text only, not the blank lines and marks between its moves.
        let rest: Vec<&Token> = tokens.iter().skip(stop.at_token).collect();
        if let (Some(first), Some(last)) = (rest.first(), rest.last()) {
            unread.raw = rest.iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(" ");
            unread.span = first.span.join(last.span);
        }
    }
    log_ocr_zeros(text, line, zeros, diagnostics);
    for it in &rl.items {
        if let Some((m, span)) = &it.marker {
            let text = match m {
                Marker::Variation(n) => format!("V.{n}"),
                Marker::Letter(c) => c.to_string(),
            };
            if let Some(node) = line.moves.iter_mut().find(|mv| ends_in(mv.span, it.span)) {
                node.annotations.push(Annotation { kind: AnnotationKind::VariationMark, text, span: *span });
            }
        }
    }
    if let Some(span) = rl.comment {
        line.annotations.push(Annotation { kind: AnnotationKind::Comment, text: span.slice(text).to_string(), span });
    }
}

/// A line's stated result checked and its figures added to the report.
fn count_line(report: &mut SolutionReport, line: &Line, line_start: &Position, diagnostics: &mut Vec<Diagnostic>) {
    if let Some(r) = &line.stated_result
        && line.unread.is_none()
    {
        let found = check_result(line_start, line, r);
        report.contradicted_results += found.iter().filter(|d| d.severity == crate::diagnostic::Severity::Error).count();
        diagnostics.extend(found);
    }
    if line.unread.is_none() && matches!(line.status, LineStatus::Legal | LineStatus::Repaired) {
        report.lines_replayed += 1;
    }
    report.moves_read += line.moves.len();
    report.moves_repaired += line.moves.iter().filter(|m| m.repair.is_some()).count();
}

/// "Continue as trunk at S": the variation should reach the trunk's position after S, and the trunk play on.
fn check_continuations(raw: &RawSolution, lines: &mut [Line], starts: &[Position], find_mark: &dyn Fn(&[Line], &Marker) -> Option<(usize, usize)>, report: &mut SolutionReport, diagnostics: &mut Vec<Diagnostic>) {
for (li, rl) in raw.lines.iter().enumerate() {
    let Some((target, span)) = rl.continue_at else { continue };
    let ok = continue_check(lines, starts, li, &Marker::Letter(target), find_mark);
    lines[li].annotations.push(Annotation { kind: AnnotationKind::CrossReference, text: format!("continue as trunk at {target}"), span });
    if !ok {
        diagnostics.push(
            Diagnostic::error(Code::HoyleContinuationFails, format!("after this variation the trunk cannot be continued at {target}"), span)
                .with_label("the position differs from the trunk's, or the trunk's moves cannot be played"),
        );
    }
    report.continuations.push((format!("{} at {target}", lines[li].label), ok));
}
}

/// The tokens of the trunk (the first line, where it branches from nothing),
/// which the search for a lost diagram reads from every start it guesses.
/// With them, the OCR zeros read away (see [`tokens_of`]).
pub(crate) fn trunk_tokens(text: &str, raw: &RawSolution) -> Option<(Vec<Token>, Vec<Span>)> {
    let trunk = raw.lines.first()?;
    Some(tokens_of(text, &trunk.items))
}

fn end_of(line: &Line, start: Position) -> Option<Position> {
    let mut pos = start;
    for node in &line.moves {
        pos = pos.play(&draughts::resolve(&pos, &node.squares).ok()?);
    }
    Some(pos)
}

fn continue_check(lines: &[Line], starts: &[Position], li: usize, marker: &Marker, find_mark: &dyn Fn(&[Line], &Marker) -> Option<(usize, usize)>) -> bool {
    if lines[li].unread.is_some() {
        return false;
    }
    let (Some((p, k)), Some(end)) = (find_mark(lines, marker), end_of(&lines[li], starts[li])) else { return false };
    // The trunk's position just after the marked move.
    let mut pos = starts[p];
    for node in lines[p].moves.iter().take(k + 1) {
        match draughts::resolve(&pos, &node.squares) {
            Ok(mv) => pos = pos.play(&mv),
            Err(_) => return false,
        }
    }
    if pos != end {
        return false;
    }
    let mut at = end;
    for node in lines[p].moves.iter().skip(k + 1) {
        match draughts::resolve(&at, &node.squares) {
            Ok(mv) => at = at.play(&mv),
            Err(_) => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<(String, Vec<Task>, usize)> {
        Solutions::new(text).map(|r| (r.title, r.task.into_iter().collect(), r.lines.iter().map(|l| l.items.len()).sum())).collect()
    }

    const WHITE_DRAWS: Task = Task { side: Color::White, win: false };
    const BLACK_WINS: Task = Task { side: Color::Black, win: true };

    #[test]
    fn each_solution_takes_the_nearest_title_and_the_tasks_printed_since() {
        let text = "Sixth Position.\n[Black to Move and Win.]\nSolution.\n\n22.18\n15.22\nB. wins.\n\nFig. 7.\nSeventh Position.\nFig. 7. [White to Move and Draw.]\n[White to Move and Draw.]\nSolution.\n9.14\n";
        assert_eq!(found(text), vec![("Sixth Position".to_string(), vec![BLACK_WINS], 2), ("Seventh Position".to_string(), vec![WHITE_DRAWS], 1)]);
    }

    #[test]
    fn a_second_trunk_takes_the_second_task_in_print_order() {
        // Tasks ordered by where each was printed last: the captions repeat them.
        let text = "Tenth Position.\n[White to Move and Draw.]\n[Black to Move and Win.]\n[White to Move and Draw.] [Black to Move and Win.]\nSolution.\n22.18\nDrawn.\n10.15\n";
        let solutions: Vec<RawSolution> = Solutions::new(text).collect();
        assert_eq!(solutions.iter().map(|r| (r.title.as_str(), r.task)).collect::<Vec<_>>(), vec![("Tenth Position (1)", Some(WHITE_DRAWS)), ("Tenth Position (2)", Some(BLACK_WINS))]);
    }

    #[test]
    fn without_a_title_a_solution_is_named_solution_and_takes_every_task_above() {
        let text = "[Black to Move and Win.]\nsome words here that are not a title\nSolution.\n22.18\n";
        assert_eq!(found(text), vec![("solution".to_string(), vec![BLACK_WINS], 1)]);
    }

    #[test]
    fn lines_passed_are_forgotten() {
        // Finding the solutions of a long text keeps only the lines near the one it looks at.
        let section = "Some Position.\n[Black to Move and Win.]\nSolution.\n22.18\n15.22\nB. wins.\n\n";
        let text = section.repeat(500);
        let mut solutions = Solutions::new(&text);
        let mut most_kept = 0;
        while solutions.next().is_some() {
            most_kept = most_kept.max(solutions.lines.kept.len());
        }
        assert!(most_kept < 16, "{most_kept} lines kept at once");
        assert_eq!(found(&text).len(), 500);
    }

    #[test]
    fn a_solution_past_the_most_moves_ends_there() {
        let head = "Long Position.\n[Black to Move and Win.]\nSolution.\n";
        let moves = "4.8\n29.25\n".repeat(MAX_MOVES / 2);
        let text = format!("{head}{moves}8.11\n25.22\nB. wins.\n\nNext Position.\nSolution.\n22.18\n");
        let mut diagnostics = Vec::new();
        let solutions = parse_solutions(&text, &mut diagnostics);
        let items: Vec<usize> = solutions.iter().map(|r| r.lines.iter().map(|l| l.items.len()).sum()).collect();
        assert_eq!(items, [MAX_MOVES, 1], "the next solution is still found");
        assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
        assert_eq!(diagnostics[0].code, Code::HoyleSolutionTooLong);
        assert_eq!(diagnostics[0].span.slice(&text), "8.11");
        assert_eq!(diagnostics[0].span.start, head.len() + moves.len());
        assert_eq!(solutions[0].span.end, head.len() + moves.len() - 1, "the solution ends before the first move not read");
    }

    #[test]
    fn continue_as_with_no_point_is_reported_and_the_next_solution_still_found() {
        let text = "One Position.\nSolution.\n22.18\nContinue as\n\nSolution.\n9.14\n";
        let mut diagnostics = Vec::new();
        let solutions = parse_solutions(text, &mut diagnostics);
        assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
        assert_eq!(diagnostics[0].code, Code::HoyleContinueWithoutTarget);
        assert_eq!(solutions.len(), 1, "the phrase reads on over the lines after it, the next heading too");
    }
}
