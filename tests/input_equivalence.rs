//! The same text in any encoding dress reads the same (issue 23): every file of
//! `corpus/` and `tests/corpus/` read with LF, CRLF and lone CR line endings,
//! and with a UTF-8 byte-order mark, gives the same tree and the same
//! diagnostics once its spans are mapped back, and every span points at the
//! same text in the file as it is on disk.

use gamescribe::input::{for_each_span, Input};
use gamescribe::notation::{Given, Reader};
use gamescribe::span::Span;
use gamescribe::tree::Source;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

fn game_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut stack = vec![root.join("corpus"), root.join("tests/corpus")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("list corpus") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_none_or(|x| x != "md") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Every line ending made LF.
fn to_lf(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => {}
            b'\r' => out.push(b'\n'),
            b => out.push(b),
        }
        i += 1;
    }
    out
}

fn dress(lf: &[u8], variant: &str) -> Vec<u8> {
    let with = |end: &[u8]| lf.iter().flat_map(|&b| if b == b'\n' { end.to_vec() } else { vec![b] }).collect::<Vec<u8>>();
    match variant {
        "lf" => lf.to_vec(),
        "crlf" => with(b"\r\n"),
        "cr" => with(b"\r"),
        "bom+crlf" => [b"\xEF\xBB\xBF".as_slice(), &with(b"\r\n")].concat(),
        _ => unreachable!("no variant {variant}"),
    }
}

fn spans(source: &Source) -> Vec<Span> {
    let mut copy = source.clone();
    let mut out = Vec::new();
    for_each_span(&mut copy, |s| out.push(*s));
    out
}

/// Compare one dressed file with its LF reading; problems as text.
fn compare(path: &Path, variant: &str, base: &(Input, Source)) -> Vec<String> {
    let lf = base.0.text.as_bytes();
    let bytes = dress(lf, variant);
    let input = Input::from_bytes(path, &bytes);
    let mut problems = Vec::new();
    let name = format!("{} ({variant})", path.display());
    if input.text != base.0.text {
        problems.push(format!("{name}: normalised text differs"));
        return problems;
    }
    let source = input.read(Reader::Auto, &Given::default());
    // Spans point at the bytes on disk, on character boundaries, at the same text.
    let original = std::str::from_utf8(&bytes).expect("dressed corpus is UTF-8");
    // The BOM's own note points at the three bytes kept out of the text; every other span at text.
    let mut text_spans = source.clone();
    text_spans.diagnostics.retain(|d| !(d.code == "input::bom" && d.span == Span::new(0, 3) && bytes.starts_with(b"\xEF\xBB\xBF")));
    if variant.starts_with("bom") && text_spans.diagnostics.len() + 1 != source.diagnostics.len() {
        problems.push(format!("{name}: no input::bom note on the three bytes of the mark"));
    }
    for s in spans(&text_spans) {
        if s.start > s.end || s.end > bytes.len() || !original.is_char_boundary(s.start) || !original.is_char_boundary(s.end) {
            problems.push(format!("{name}: span {s:?} is not a span of the file"));
            continue;
        }
        let back = input.span_to_normalised(s);
        let on_disk = String::from_utf8(to_lf(&bytes[s.start..s.end])).expect("UTF-8");
        if on_disk != back.slice(&input.text) {
            problems.push(format!("{name}: span {s:?} covers {on_disk:?} on disk but {:?} as read", back.slice(&input.text)));
        }
    }
    // The same tree and diagnostics once mapped back; a BOM adds exactly one note.
    let mut back = source.clone();
    for_each_span(&mut back, |s| *s = input.span_to_normalised(*s));
    let bom = variant.starts_with("bom");
    let first = back.diagnostics.first().map(|d| d.code.as_str());
    if bom {
        if first != Some("input::bom") {
            problems.push(format!("{name}: the BOM is not recorded first (first diagnostic {first:?})"));
        } else {
            back.diagnostics.remove(0);
        }
    }
    let codes = |s: &Source| s.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>();
    if codes(&back) != codes(&base.1) {
        problems.push(format!("{name}: diagnostic codes differ:\n  {:?}\n  {:?}", codes(&back), codes(&base.1)));
    } else if back != base.1 {
        problems.push(format!("{name}: the tree differs once spans are mapped back"));
    }
    problems
}

#[test]
fn every_corpus_file_reads_the_same_in_any_line_ending_and_with_a_bom() {
    // The LF reading is the reference; a BOM is tried with CRLF, where both maps compose.
    const VARIANTS: [&str; 3] = ["crlf", "cr", "bom+crlf"];
    let files = game_files();
    assert!(files.len() >= 10, "the corpus is missing: {files:?}");
    let bases: Vec<(Input, Source)> = files
        .iter()
        .map(|p| {
            let lf = to_lf(&std::fs::read(p).expect("read corpus file"));
            let input = Input::from_bytes(p, &lf);
            let source = input.read(Reader::Auto, &Given::default());
            (input, source)
        })
        .collect();
    let jobs: Vec<(usize, &str)> = (0..files.len()).flat_map(|f| VARIANTS.iter().map(move |v| (f, *v))).collect();
    let next = AtomicUsize::new(0);
    let problems = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).min(4);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(&(f, v)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let found = compare(&files[f], v, &bases[f]);
                    problems.lock().expect("lock").extend(found);
                }
            });
        }
    });
    let problems = problems.into_inner().expect("lock");
    let moves: usize = bases.iter().map(|b| b.1.lines().map(|l| l.moves.len()).sum::<usize>()).sum();
    eprintln!("line-ending/BOM equivalence: {} files x {} dresses = {} readings ({moves} moves in the LF readings), {} problems", files.len(), VARIANTS.len(), jobs.len(), problems.len());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The Go data's own spans (a moveless node, a stated count, a stated result)
/// are taken back to the bytes on disk like every other span.
#[test]
fn go_data_spans_point_at_the_bytes_on_disk() {
    let sgf = b"(;GM[1]SZ[9]\r\n;B[aa]\r\n;C[x]\r\n(;W[bb])(;W[cc]))\r\n";
    let source = Input::from_bytes(Path::new("t.sgf"), sgf).read(Reader::Auto, &Given::default());
    let game = &source.games[0];
    let mut nodes: Vec<Span> = game.lines.iter().flat_map(|l| l.go.iter().flat_map(|g| g.after.iter().map(|n| n.span))).collect();
    nodes.extend(game.lines.iter().flat_map(|l| l.moves.iter().flat_map(|m| m.go.iter().flat_map(|g| g.before().iter().map(|n| n.span)))));
    assert!(!nodes.is_empty(), "the moveless node is kept");
    for span in nodes {
        assert_eq!(&sgf[span.start..span.end], b";C[x]", "{span:?}");
    }

    let record = b"size: 9\r\nblack: c 3\r\nwhite: d 4\r\nB e 5\r\ncount: black 40 white 41\r\nresult: W+1\r\n";
    let source = Input::from_bytes(Path::new("t.wq"), record).read(Reader::Go, &Given::default());
    let game = &source.games[0];
    let count = game.lines[0].go.as_ref().and_then(|g| g.expected_count.as_ref()).expect("the count is read");
    assert!(std::str::from_utf8(&record[count.span.start..count.span.end]).unwrap().contains("40"), "{:?}", count.span);
    let result = game.go.as_ref().and_then(|g| g.result_span).expect("the result is read");
    assert!(std::str::from_utf8(&record[result.start..result.end]).unwrap().contains("W+1"), "{result:?}");
}
