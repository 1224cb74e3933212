//! Nothing read is lost: on every file of the corpus, each non-whitespace
//! byte is covered by an element of its tree (a game, move, note, unread
//! span) or by a diagnostic. `gamescribe check --coverage` shows the same.

use gamescribe::input::{collect_files, read_source};
use gamescribe::notation::{Given, Reader};
use gamescribe::tree::coverage::of_input;
use std::path::PathBuf;

#[test]
fn every_corpus_byte_is_covered() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let files = collect_files(&[root.join("corpus"), root.join("tests/corpus")]).expect("the corpus folders are readable");
    assert!(files.len() >= 15, "the corpus holds {} files; expected at least 15", files.len());
    let mut lost = Vec::new();
    for file in &files {
        let (source, input) = read_source(file, Reader::Auto, &Given::default()).expect("corpus file reads");
        let found = of_input(&source, &input);
        if !found.is_lossless() {
            let first: Vec<String> = found.uncovered.iter().take(5).map(|s| format!("{:?} {:?}", s, s.slice(&input.text))).collect();
            lost.push(format!("{}: {} bytes uncovered, first: {}", file.display(), found.uncovered_bytes, first.join("; ")));
        }
    }
    assert!(lost.is_empty(), "bytes no element covers:\n{}", lost.join("\n"));
}

#[test]
fn hoyle_keeps_its_prose_and_opening_definitions_as_typed_notes() {
    use gamescribe::tree::NoteKind;
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/hoyle-draughts.txt");
    let (source, _) = read_source(&path, Reader::Hoyle, &Given::default()).expect("Hoyle reads");
    let definitions: Vec<_> = source.notes.iter().filter(|n| n.kind == NoteKind::OpeningDefinition).collect();
    assert!(definitions.len() >= 10, "{} opening definitions kept", definitions.len());
    assert!(definitions.iter().all(|d| d.line.as_ref().is_some_and(|l| !l.moves.is_empty())), "each definition holds its moves");
    assert!(source.notes.iter().any(|n| n.kind == NoteKind::Prose && n.text.contains("Three Kings") || n.kind == NoteKind::Heading && n.text.contains("Three Kings")));
    assert!(source.notes.iter().any(|n| n.kind == NoteKind::CriticalPosition));
}
