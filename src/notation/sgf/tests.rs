//! The reader and writer on small texts: what is read, what is kept, what is written back.

use super::*;
use super::lex::Token;
use crate::tree::{Game, GoMove, GoNode};
use crate::rules::go::{Color, Move, Point};

#[test]
fn reads_root_setup_moves_passes_comments_and_variations() {
    let text = "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[5.5]RE[W+R]RU[Chinese]GN[t]C[game]AB[aa][cc:dd]AW[ee]PL[W]\n;W[ff]C[a \\] b \\\\ c];B[]\n(;W[tt];B[gg])(;W[hh]LB[hh:x]))";
    let p = parse(text);
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
    let g = &p.games[0];
    let (info, setup) = (g.go_info().unwrap(), g.go_setup().unwrap());
    assert_eq!((setup.size, info.komi, info.result.as_deref(), info.ruleset.as_deref()), (9, Some(5.5), Some("W+R"), Some("Chinese")));
    assert_eq!(setup.black.len(), 1 + 4);
    assert_eq!(setup.to_move, Color::White);
    assert_eq!(g.lines.len(), 2);
    assert_eq!(g.lines[0].moves.len(), 4);
    assert_eq!(go(g, 0, 0).comments(), ["a ] b \\ c".to_string()]);
    assert_eq!(go(g, 0, 1).mv, Move::Pass);
    assert_eq!(g.lines[0].moves[1].text, "B pass");
    // tt on 9 lines is off the board, so it is a bad point, not a pass... unless ≤ 19: it is a pass.
    assert_eq!(go(g, 0, 2).mv, Move::Pass);
    assert_eq!((g.lines[1].parent, g.lines[1].branch_ply), (Some(0), 2));
    assert_eq!(go(g, 1, 0).extra(), [("LB".to_string(), vec!["hh:x".to_string()])]);
}

/// A line's moves get their room at once (a long game is not copied as it
/// grows): five moves on the trunk, three in the variation.
#[test]
fn each_line_has_room_for_its_moves_at_once() {
    let p = parse("(;SZ[9];B[aa];W[bb];B[cc](;W[dd];B[ee])(;W[ff];B[gg];W[hh]))");
    let room: Vec<(usize, usize)> = p.games[0].lines.iter().map(|l| (l.moves.len(), l.moves.capacity())).collect();
    assert_eq!(room, [(5, 5), (3, 3)]);
}

#[test]
fn writes_what_it_reads() {
    let text = "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[5.5]GN[t]C[x]AB[aa]AW[ee]\n;B[ff]C[a \\] b \\\\ c];W[]\n(;B[gg];W[hh](;B[aa])(;B[bb]))(;B[hh]))";
    let first = parse(text);
    let written = write(&first.games);
    let second = parse(&written);
    assert!(second.diagnostics.is_empty(), "{written}\n{:?}", second.diagnostics);
    assert_eq!(strip(&second.games), strip(&first.games), "{written}");
}

#[test]
fn damage_is_reported_and_kept() {
    let text = "junk before (;GM[1]SZ[9];B[zz] what? ;W[ab]) ) (;SZ[40];B[aa]) (;B[aa]C[never closed";
    let p = parse(text);
    let codes: Vec<&str> = p.diagnostics.iter().map(|d| d.code.as_str()).collect();
    for want in ["sgf::bad-point", "sgf::junk", "sgf::unmatched-close", "sgf::bad-size", "sgf::unterminated-value", "sgf::unclosed"] {
        assert!(codes.contains(&want), "{want} in {codes:?}");
    }
    assert_eq!(p.unread[0].raw, "junk before");
    assert_eq!(p.games.len(), 2, "the 40-line game is not read; the others are");
}

/// Count nodes of SGF text the simple way: `;` outside values.
fn node_count(text: &str) -> usize {
    lex::tokens(text).filter(|(t, _)| *t == Token::NodeStart).count()
}

#[test]
fn moveless_nodes_stay_in_place_and_their_setup_is_replayed() {
    let text = "(;GM[1]SZ[5];AB[aa][ba]C[setup];W[ab];AE[aa]AW[cc];B[aa](;W[dd])(;AB[ee];W[ed]))";
    let p = parse(text);
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
    let g = &p.games[0];
    assert_eq!(g.lines.len(), 2);
    assert_eq!(g.lines[0].moves.len(), 3);
    assert_eq!(go(g, 0, 0).before()[0].setup.black, vec![Point::new(0, 0), Point::new(1, 0)]);
    assert_eq!(go(g, 0, 0).before()[0].comments, vec!["setup".to_string()]);
    // The variation leaves after `B[aa]`, its setup node first.
    assert_eq!((g.lines[1].branch_ply, g.lines[1].go_info().branch_nodes, go(g, 1, 0).before().len()), (2, 0, 1));
    let r = go_record::replay(g);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    let end = &r.lines[0].end;
    // W[ab] took nothing; AE[aa] cleared a1's stone, AW[cc] set one, B[aa] played again.
    assert_eq!((end.at(Point::new(0, 0)), end.at(Point::new(2, 2)), end.at(Point::new(3, 3))), (Some(Color::Black), Some(Color::White), Some(Color::White)));
    assert_eq!(r.lines[1].end.at(Point::new(4, 4)), Some(Color::Black));
    assert_eq!(r.lines[1].end.at(Point::new(3, 3)), None);
    let written = write(&p.games);
    assert_eq!(node_count(&written), node_count(text), "{written}");
    let back = parse(&written);
    assert!(back.diagnostics.is_empty(), "{:?}", back.diagnostics);
    assert_eq!(strip(&back.games), strip(&p.games), "{written}");
}

#[test]
fn a_point_cleared_by_ae_can_be_played() {
    // KataGo's sampletest9x9.sgf: `AE[hc]` then `B[hc]`.
    let p = parse("(;SZ[9]AB[hc];W[aa];AE[hc];B[hc])");
    let r = go_record::replay(&p.games[0]);
    assert!(r.diagnostics.is_empty(), "{:?}", r.diagnostics);
    assert_eq!(r.lines[0].played, 2);
}

#[test]
fn a_variation_that_leaves_after_a_setup_node_keeps_that_setup() {
    let text = "(;SZ[5];B[aa];AB[cc](;W[bb])(;W[dd]))";
    let p = parse(text);
    let g = &p.games[0];
    assert_eq!((g.lines[1].branch_ply, g.lines[1].go_info().branch_nodes), (1, 1));
    let r = go_record::replay(g);
    assert_eq!(r.lines[1].end.at(Point::new(2, 2)), Some(Color::Black));
    let written = write(&p.games);
    assert_eq!(node_count(&written), 5, "{written}");
    assert_eq!(strip(&parse(&written).games), strip(&p.games));
    let (pos, _) = go_record::position_at(g, 1, None).unwrap();
    assert_eq!((pos.at(Point::new(2, 2)), pos.at(Point::new(3, 3))), (Some(Color::Black), Some(Color::White)));
}

#[test]
fn properties_given_twice_and_long_names_are_written_once_and_short() {
    let p = parse("(;SZ[9];AddBlack[aa]AB[bb];B[cc]TR[aa]TR[bb])");
    let codes: Vec<&str> = p.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, vec!["sgf::duplicate-property", "sgf::duplicate-property"]);
    let written = write(&p.games);
    assert!(written.contains(";AB[aa][bb]\n") || written.contains(";AB[aa][bb];"), "{written}");
    assert!(written.contains("TR[aa][bb]"), "{written}");
}

#[test]
fn unknown_properties_are_written_back_as_given() {
    let text = "(;SZ[9]PB[A \\ B]XY[q\\:r];B[aa]LB[aa:x\\:y];XZ[1])";
    let p = parse(text);
    let written = write(&p.games);
    for kept in ["PB[A \\ B]", "XY[q\\:r]", "LB[aa:x\\:y]", ";XZ[1]"] {
        assert!(written.contains(kept), "{kept} in {written}");
    }
}

/// The Go payload of move `k` of line `l`.
fn go(g: &Game, l: usize, k: usize) -> &GoMove {
    g.lines[l].moves[k].go.as_deref().unwrap()
}

fn strip(games: &[Game]) -> Vec<Game> {
    fn node(n: &mut GoNode) {
        n.span = Span::default();
    }
    games
        .iter()
        .map(|g| {
            let mut g = g.clone();
            g.span = Span::default();
            for l in &mut g.lines {
                l.span = Span::default();
                if let Some(info) = l.go.as_mut() {
                    info.after.iter_mut().for_each(node);
                }
                for m in &mut l.moves {
                    m.span = Span::default();
                    m.printed.clear();
                    if let Some(g) = m.go.as_mut() {
                        g.before_mut().iter_mut().for_each(node);
                    }
                }
            }
            g
        })
        .collect()
}

#[test]
fn deep_nesting_does_not_overflow() {
    let depth = 200_000;
    let text = format!("(;GM[1]SZ[19]{}{}", "(;B[aa]".repeat(depth), ")".repeat(depth + 1));
    let p = parse(&text);
    assert!(p.diagnostics.is_empty());
    assert_eq!(p.games[0].lines[0].moves.len(), depth);
    let written = write(&p.games);
    assert_eq!(parse(&written).games[0].lines[0].moves.len(), depth);
}
