//! The report's HTML: the page for one source and the index over several.
//! Every line is a `<details>` nested in its parent at the move it branches
//! from; moves sit beside the text they were read from; boards come from
//! `board_svg`, positions from `position`. A game's section is `game.rs`,
//! the diagnostics `diagnostics.rs`, where each belongs in the tree `place.rs`.

mod diagnostics;
mod game;
mod place;

pub use place::has_start_board;

use crate::report::board_svg;
use crate::report::position::GameKind;
use crate::report::summary::{exit_reason, Tally};
use crate::diagnostic::{excerpt_with, LineStarts, Severity};
use crate::tree::{Line, LineStatus, Outcome, Source};
use diagnostics::diagnostics_section;
use game::game_section;
use place::{error_plies, At, Locator, Place};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write;
use std::io;

/// What a page is written for.
#[derive(Clone, Debug, Default)]
pub struct PageOptions {
    /// Explain the exit code as `check --strict` would give it.
    pub strict: bool,
    /// A link back to the index page, when there is one.
    pub index_href: Option<String>,
}

/// What a page holds, for the command's own summary and the tests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageStats {
    pub boards: usize,
    pub lines: usize,
    pub diagnostics: usize,
}

/// One source in the index page.
pub struct IndexEntry<'a> {
    pub name: &'a str,
    pub href: &'a str,
    pub tally: &'a Tally,
    pub boards: usize,
}

pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

const CSS: &str = "body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1200px;padding:0 1em 4em;color:#222}\
h1{font-size:1.5em}h2{font-size:1.25em;border-bottom:1px solid #ccc;margin-top:2em}\
table{border-collapse:collapse;font-variant-numeric:tabular-nums}td,th{border:1px solid #ccc;padding:.15em .5em;text-align:right}\
td:first-child,th:first-child{text-align:left}tr.total{font-weight:bold;background:#f4f4f4}\
.exit{font-weight:bold;padding:.4em .6em;border-left:4px solid #888;background:#f6f6f6}.exit.e1{border-color:#c22}.exit.e0{border-color:#2a2}\
details.line{border-left:3px solid #9bb;margin:.4em 0 .4em .2em;padding:.1em 0 .1em .6em}\
details.line>summary{cursor:pointer}details.partial,details.unreadable{border-color:#d88}details.repaired{border-color:#db8}\
.st{font-size:.8em;padding:0 .4em;border-radius:3px;background:#e4efe4}.st.partial,.st.unreadable{background:#f6dada}.st.repaired{background:#f6ecd2}\
.moves{font-family:ui-monospace,monospace;font-size:.9em;line-height:1.9}\
.moves i{font-style:normal;margin-right:.55em}.moves i small{color:#777;margin-left:.2em}\
.moves i small::before{content:'\\2190 '}.moves>b{color:#999;font-weight:normal;margin-right:.2em}\
.moves i.r{background:#fff0c0;outline:1px solid #e0c060}.moves i.r em{font-style:normal;color:#950;font-size:.85em;margin-left:.3em}\
.moves i.x{background:#fbd}.moves .a{color:#357;font-size:.85em;margin-right:.5em}\
.unread{font-family:ui-monospace,monospace;white-space:pre-wrap;background:#fde8e8;border:1px dashed #c66;padding:.2em .4em;max-height:12em;overflow:auto}\
.boards{display:flex;flex-wrap:wrap;gap:.8em;align-items:flex-start}figure{margin:.3em 0}figcaption{font-size:.8em;color:#555;max-width:200px}\
.cands{border:1px solid #e99;padding:.3em;display:flex;gap:.5em;flex-wrap:wrap}.cands figcaption{max-width:128px}\
svg.board text{font-family:sans-serif}ul.diags{list-style:none;padding:0}ul.diags li{margin:.6em 0;padding-left:.5em;border-left:3px solid #aaa}\
li.error{border-color:#c22!important}li.warning{border-color:#c90!important}li.note{border-color:#48a!important}\
pre.ex{background:#f7f7f7;padding:.2em .4em;overflow-x:auto;margin:.2em 0}pre.ex mark{background:#fbb}\
.sev{font-weight:bold;text-transform:uppercase;font-size:.8em}.dl{font-size:.85em}.dl span{margin-right:1em}.dl .error{color:#b00}.result{color:#264}.verdict{margin-left:.5em}.verdict:empty{display:none}\
nav ol{columns:3}dl.tags{display:grid;grid-template-columns:max-content auto;gap:0 1em;font-size:.85em}dl.tags dt{color:#666}dl.tags dd{margin:0}";

fn status_name(s: LineStatus) -> &'static str {
    match s {
        LineStatus::Legal => "legal",
        LineStatus::Repaired => "repaired",
        LineStatus::Partial => "partial",
        LineStatus::Unreadable => "unreadable",
    }
}

fn severity_name(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::BlackWins => "Black wins",
        Outcome::WhiteWins => "White wins",
        Outcome::Draw => "drawn",
        Outcome::Unknown => "outcome not stated",
    }
}

/// The badge for a stated result's verdict: its class, how it was reached,
/// and for a disputed claim what is proven and the refuting line.
fn verdict_badge(line: &Line) -> String {
    use crate::tree::VerdictClass;
    let Some(v) = &line.verdict else { return String::new() };
    let class = match v.class {
        VerdictClass::Proven => "proven",
        VerdictClass::EngineConsistent => "engine-consistent",
        VerdictClass::Disputed => "disputed",
        VerdictClass::Unknown => "unknown",
    };
    let mut text = format!("verdict: {class}");
    if let Some(method) = v.method {
        let _ = write!(text, " ({})", crate::verdict::method_words(method));
    }
    if let (VerdictClass::Disputed, Some(found)) = (v.class, v.found) {
        let _ = write!(text, ": {} is proven", crate::verdict::outcome_words(found));
    }
    if let Some(reason) = v.reason.and_then(|r| serde_json::to_value(r).ok()).and_then(|r| r.as_str().map(str::to_string)) {
        let _ = write!(text, ": {reason}");
    }
    if v.class == VerdictClass::Disputed && !v.line.is_empty() {
        let _ = write!(text, "; refutation {}", v.line.join(" "));
    }
    format!("<span class=\"verdict-{class}\">{}</span>", escape(&text))
}

fn tally_row(s: &mut String, name: &str, t: &Tally, class: &str) {
    let _ = write!(
        s,
        "<tr{class}><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}/{}/{}/{}</td><td>{}</td></tr>",
        name,
        t.games,
        t.lines,
        t.legal,
        t.repaired,
        t.partial,
        t.unreadable,
        t.moves,
        t.errors,
        t.warnings,
        t.verdicts.proven,
        t.verdicts.engine_consistent,
        t.verdicts.disputed,
        t.verdicts.unknown,
        t.notes
    );
}

const TALLY_HEAD: &str = "<tr><th>file</th><th>games</th><th>lines</th><th>legal</th><th>repaired</th><th>partial</th><th>unreadable</th><th>moves</th><th>errors</th><th>warnings</th><th title=\"stated results: proven / engine-consistent / disputed / unknown\">verdicts p/c/d/u</th><th>notes</th></tr>";

fn page_head(title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><meta name=viewport content=\"width=device-width\"><title>{} — gamescribe report</title><style>{CSS}{}</style></head><body>\n",
        escape(title),
        board_svg::board_css()
    )
}

/// Everything the page needs to know about one source, computed once.
struct Ctx<'a> {
    source: &'a Source,
    text: &'a str,
    /// Where each line of `text` starts: a diagnostic's line is looked up, not counted.
    lines: LineStarts,
    kind: GameKind,
    places: Vec<Option<Place>>,
    /// Moves a diagnostic links to get an id.
    targets: HashSet<(usize, usize, usize)>,
    /// Diagnostics by (game, line).
    by_line: HashMap<(usize, usize), Vec<usize>>,
    error_plies: HashMap<(usize, usize), BTreeSet<usize>>,
    boards: usize,
}

/// The page for one source, and what it holds.
pub fn source_page(source: &Source, text: &str, opts: &PageOptions) -> (String, PageStats) {
    let mut page = Vec::new();
    let stats = write_source_page(&mut page, source, text, opts).expect("writing to memory does not fail");
    (String::from_utf8(page).expect("the page is built from strings"), stats)
}

/// How much of a page is built before it is written out: a page of a large
/// database runs to hundreds of megabytes, and is never held whole.
const PIECE: usize = 1 << 20;

/// Where a page goes, a piece at a time; the first failure to write is kept
/// and nothing more is written after it.
struct Spill<'w> {
    out: &'w mut dyn io::Write,
    failed: Option<io::Error>,
}

impl Spill<'_> {
    /// Write out what is built so far, if it has grown to a piece.
    fn when_large(&mut self, s: &mut String) {
        if s.len() >= PIECE {
            self.now(s);
        }
    }

    fn now(&mut self, s: &mut String) {
        if self.failed.is_none()
            && let Err(e) = self.out.write_all(s.as_bytes())
        {
            self.failed = Some(e);
        }
        s.clear();
    }
}

/// [`source_page`] written to `out` as it is built, a piece at a time.
pub fn write_source_page(out: &mut dyn io::Write, source: &Source, text: &str, opts: &PageOptions) -> io::Result<PageStats> {
    let mut spill = Spill { out, failed: None };
    let kind = GameKind::of(source);
    let locator = Locator::new(source);
    let places: Vec<Option<Place>> = source.diagnostics.iter().map(|d| if d.file.is_some() { None } else { locator.locate(d) }).collect();
    let mut targets = HashSet::new();
    let mut by_line: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
    for (i, p) in places.iter().enumerate() {
        if let Some(p) = p {
            if let At::Move(k) = p.at {
                targets.insert((p.game, p.line, k));
            }
            by_line.entry((p.game, p.line)).or_default().push(i);
        }
    }
    let error_plies = error_plies(source, &locator);
    let lines = LineStarts::new(text);
    let mut cx = Ctx { source, text, lines, kind, places, targets, by_line, error_plies, boards: 0 };
    let mut s = page_head(&source.name);
    s.push_str(&board_svg::defs());
    if let Some(href) = &opts.index_href {
        let _ = write!(s, "<p><a href=\"{}\">← all sources</a></p>", escape(href));
    }
    let _ = write!(s, "<h1>{}</h1><p>Read as <b>{}</b> by gamescribe {}.</p>", escape(&source.name), escape(&source.notation.to_string()), env!("CARGO_PKG_VERSION"));
    summary(&mut s, &cx, opts);
    contents(&mut s, &cx);
    for g in 0..source.games.len() {
        game_section(&mut s, &mut cx, g);
        spill.when_large(&mut s);
    }
    if !source.unread.is_empty() {
        s.push_str("<h2 id=unread>Text outside any game</h2>");
        for u in &source.unread {
            let ex = excerpt_with(text, u.span, &cx.lines);
            let _ = write!(s, "<p>{}:{}:{}</p><div class=unread>{}</div>", escape(&source.name), ex.line, ex.col, escape(&u.raw));
        }
    }
    diagnostics_section(&mut s, &cx, &mut |s| spill.when_large(s));
    s.push_str("</body></html>\n");
    spill.now(&mut s);
    if let Some(e) = spill.failed {
        return Err(e);
    }
    Ok(PageStats { boards: cx.boards, lines: source.lines().count(), diagnostics: source.diagnostics.len() })
}

fn summary(s: &mut String, cx: &Ctx, opts: &PageOptions) {
    let t = Tally::of(cx.source);
    s.push_str("<h2 id=summary>Summary</h2><table>");
    s.push_str(TALLY_HEAD);
    tally_row(s, &escape(&cx.source.name), &t, "");
    tally_row(s, "all", &t, " class=total");
    s.push_str("</table>");
    let (code, why) = exit_reason(&[(&cx.source.name, &t)], opts.strict, 0);
    let _ = write!(s, "<p class=\"exit e{}\">gamescribe check{}: {}</p>", code.min(1), if opts.strict { " --strict" } else { "" }, escape(&why));
}

fn contents(s: &mut String, cx: &Ctx) {
    s.push_str("<h2 id=contents>Games</h2><table><tr><th>game</th><th>lines</th><th>legal</th><th>repaired</th><th>partial</th><th>unreadable</th><th>moves</th><th>repairs</th><th>errors</th></tr>");
    let mut errors_in = vec![0usize; cx.source.games.len()];
    for (d, p) in cx.source.diagnostics.iter().zip(&cx.places) {
        if let (true, Some(p)) = (d.is_error(), p) {
            errors_in[p.game] += 1;
        }
    }
    for (g, game) in cx.source.games.iter().enumerate() {
        let count = |st: LineStatus| game.lines.iter().filter(|l| l.status == st).count();
        let _ = write!(
            s,
            "<tr><td><a href=\"#g{g}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&game.name),
            game.lines.len(),
            count(LineStatus::Legal),
            count(LineStatus::Repaired),
            count(LineStatus::Partial),
            count(LineStatus::Unreadable),
            game.lines.iter().map(|l| l.moves.len()).sum::<usize>(),
            game.lines.iter().flat_map(|l| &l.moves).filter(|m| m.repair.is_some()).count(),
            errors_in[g]
        );
    }
    s.push_str("</table><p><a href=\"#diagnostics\">All diagnostics</a></p>");
}

/// The index over several sources: their check table with totals, and why
/// `check` would exit as it does.
pub fn index_page(entries: &[IndexEntry], strict: bool) -> String {
    let mut s = page_head("gamescribe report");
    s.push_str("<h1>gamescribe report</h1><table>");
    s.push_str(TALLY_HEAD.replace("<th>notes</th>", "<th>notes</th><th>boards</th>").as_str());
    let mut total = Tally::default();
    for e in entries {
        total.add(e.tally);
        let mut row = String::new();
        tally_row(&mut row, &format!("<a href=\"{}\">{}</a>", escape(e.href), escape(e.name)), e.tally, "");
        s.push_str(&row.replace("</td></tr>", &format!("</td><td>{}</td></tr>", e.boards)));
    }
    let mut row = String::new();
    tally_row(&mut row, "all", &total, " class=total");
    s.push_str(&row.replace("</td></tr>", &format!("</td><td>{}</td></tr>", entries.iter().map(|e| e.boards).sum::<usize>())));
    s.push_str("</table>");
    let rows: Vec<(&str, &Tally)> = entries.iter().map(|e| (e.name, e.tally)).collect();
    let (code, why) = exit_reason(&rows, strict, 0);
    let _ = writeln!(s, "<p class=\"exit e{}\">gamescribe check{}: {}</p></body></html>", code.min(1), if strict { " --strict" } else { "" }, escape(&why));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Span;
    use crate::diagnostic::Diagnostic;
    use crate::tree::{Game, MoveNode, Reading, Unread};

    fn source() -> (Source, String) {
        let text = "11-15 23-19 8-1l zz".to_string();
        let mut trunk = Line::trunk();
        for (t, sq, span) in [("11-15", vec![11, 15], Span::new(0, 5)), ("23-19", vec![23, 19], Span::new(6, 11))] {
            trunk.moves.push(MoveNode { text: t.into(), squares: sq, span, printed: span.slice(&text).into(), ..MoveNode::default() });
        }
        trunk.unread = Some(Unread { raw: "8-1l zz".into(), span: Span::new(12, 19) });
        trunk.status = LineStatus::Partial;
        trunk.readings = vec![Reading { text: "8-11".into(), squares: vec![8, 11] }, Reading { text: "9-14".into(), squares: vec![9, 14] }];
        trunk.span = Span::new(0, 19);
        let game = Game { name: "Game <1>".into(), lines: vec![trunk], span: Span::new(0, 19), ..Game::default() };
        let diag = Diagnostic::error(crate::diagnostic::Code::RepairAmbiguous, "the line stops here", Span::new(12, 16));
        (Source { name: "t.txt".into(), notation: crate::tree::Notation::Numeric, games: vec![game], diagnostics: vec![diag], ..Source::default() }, text)
    }

    #[test]
    fn a_stopped_line_gets_its_stop_board_and_one_per_reading() {
        let (src, text) = source();
        let (html, stats) = source_page(&src, &text, &PageOptions::default());
        assert_eq!(stats.boards, 3);
        assert_eq!(html.matches("<svg class=\"board").count(), 3);
        assert_eq!(html.matches("class=arrow").count(), 2);
        assert!(html.contains("Game &lt;1&gt;"), "names are escaped");
        assert!(html.contains("<a href=\"#s0-0\">"), "the diagnostic links to the stop");
        assert!(html.contains("<mark>8-1l</mark>"));
        assert!(html.contains("exit 1: 1 error remains"));
        assert!(!html.contains("<script"));
    }

    #[test]
    fn an_error_on_a_move_gets_a_board_before_it_and_a_link() {
        let (mut src, text) = source();
        src.diagnostics.push(Diagnostic::error(crate::diagnostic::Code::NumericProse, "bad", Span::new(7, 8)));
        let (html, stats) = source_page(&src, &text, &PageOptions::default());
        assert_eq!(stats.boards, 4);
        assert!(html.contains("id=m0-0-1") && html.contains("href=\"#m0-0-1\""));
        assert!(html.contains("before move 2 (23-19): an error"));
    }

    #[test]
    fn a_variation_is_nested_in_its_parent_after_the_move_it_replaces() {
        let (mut src, text) = source();
        let mut v = Line::trunk();
        v.label = "V.1".into();
        v.parent = Some(0);
        v.branch_ply = 1;
        v.moves.push(MoveNode { text: "22-18".into(), squares: vec![22, 18], ..MoveNode::default() });
        src.games[0].lines.push(v);
        let (html, _) = source_page(&src, &text, &PageOptions::default());
        let at_v = html.find("id=g0-l1").unwrap();
        assert!(html.find(">23-19").unwrap() < at_v && at_v < html.find("Stops after").unwrap(), "{html}");
        assert!(html.find("id=g0-l0").unwrap() < at_v);
    }

    #[test]
    fn a_refused_move_is_drawn_on_the_stop_board() {
        let (mut src, text) = source();
        src.games[0].lines[0].readings.clear();
        src.games[0].lines[0].refused = Some(Reading { text: "9-13".into(), squares: vec![9, 13] });
        let (html, stats) = source_page(&src, &text, &PageOptions::default());
        assert_eq!(stats.boards, 1);
        assert_eq!(html.matches("class=arrow").count(), 1);
        assert!(html.contains("the next move as printed, 9-13, is against the rules"), "{html}");
    }

    /// Takes what it is given, or fails once `limit` bytes are taken.
    struct Taker {
        taken: Vec<u8>,
        writes: usize,
        limit: usize,
    }

    impl io::Write for Taker {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.taken.len() + buf.len() > self.limit {
                return Err(io::Error::other("disk full"));
            }
            self.writes += 1;
            self.taken.extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// A page of several pieces, each game and diagnostic repeated: written
    /// out as it is built, it is the page built whole, byte for byte; a
    /// writer that fails part way is an error, not a panic or a short page
    /// passed off as written.
    #[test]
    fn a_page_written_in_pieces_is_the_page_built_whole() {
        let (mut src, text) = source();
        let game = src.games[0].clone();
        let diagnostic = src.diagnostics[0].clone();
        src.games = vec![game; 1500];
        src.diagnostics = vec![diagnostic; 3000];
        let (whole, stats) = source_page(&src, &text, &PageOptions::default());
        assert!(whole.len() > 3 * PIECE, "a page of {} bytes tests no pieces", whole.len());
        let mut taker = Taker { taken: Vec::new(), writes: 0, limit: usize::MAX };
        assert_eq!(write_source_page(&mut taker, &src, &text, &PageOptions::default()).expect("written"), stats);
        assert!(taker.writes >= 3, "written in {} pieces", taker.writes);
        assert_eq!(taker.taken, whole.as_bytes());
        let mut full = Taker { taken: Vec::new(), writes: 0, limit: PIECE * 2 };
        let failed = write_source_page(&mut full, &src, &text, &PageOptions::default()).expect_err("the writer fails");
        assert_eq!(failed.to_string(), "disk full");
    }

    #[test]
    fn a_corrections_file_diagnostic_names_its_file_not_a_place_in_the_source() {
        let (mut src, text) = source();
        let mut d = Diagnostic::error(crate::diagnostic::Code::FixesGuardMismatch, "the text here is not \"98 29\"", Span::new(12, 16));
        d.file = Some("book.fixes".into());
        src.diagnostics.push(d);
        let (html, _) = source_page(&src, &text, &PageOptions::default());
        assert!(html.contains("<code>book.fixes (bytes 12..16)</code>"), "{html}");
        assert_eq!(html.matches("<mark>8-1l</mark>").count(), 1, "only the source's own diagnostic quotes the source");
    }
}
