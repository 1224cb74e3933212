//! Every point of the board round-trips through every corner name that reaches
//! it, in every script, and through SGF and GTP names.

use gamescribe::notation::go_corner::{
    from_gtp, from_sgf, parse_corner_point, reach, to_gtp, to_sgf, Corner, CornerPoint,
};
use gamescribe::rules::go::Point;
use proptest::prelude::*;

/// Round-trip one point on a `size` board through all its names; returns how many names were tried.
fn round_trip(p: Point, size: u8) -> usize {
    let names = CornerPoint::names_of(p, size);
    assert!(!names.is_empty(), "{p:?} on {size} is reached by no corner");
    let mut tried = 0;
    for cp in &names {
        assert_eq!(cp.to_point(size), Some(p));
        let mut texts = vec![
            cp.write_chinese(),
            cp.write_arabic(),
            format!("{} {} {}", cp.corner.romanised(), cp.ordinate, cp.abscissa),
            format!("{} {}-{}", cp.corner.english(), cp.ordinate, cp.abscissa),
        ];
        let volpicelli = cp.write_volpicelli().expect("ordinates up to 13 have letters");
        texts.push(format!("{} {volpicelli}", cp.corner));
        for text in &texts {
            assert_eq!(parse_corner_point(text, None), Ok(*cp), "{text}");
            tried += 1;
        }
        // Volpicelli's bare form, with the corner set by the block.
        assert_eq!(parse_corner_point(&volpicelli, Some(cp.corner)), Ok(*cp));
        tried += 1;
    }
    let canonical = CornerPoint::canonical(p, size).unwrap();
    assert_eq!(canonical, names[0], "canonical is the first of 平 上 去 入 that reaches");
    assert_eq!(from_sgf(&to_sgf(p), size), Some(p));
    assert_eq!(from_gtp(&to_gtp(p, size), size), Some(p));
    tried + 2
}

#[test]
fn all_361_points_round_trip_through_every_corner_that_reaches_them() {
    let mut points = 0;
    let mut names = 0;
    let mut per_count = [0usize; 5];
    for y in 0..19 {
        for x in 0..19 {
            let p = Point::new(x, y);
            names += round_trip(p, 19);
            per_count[CornerPoint::names_of(p, 19).len()] += 1;
            points += 1;
        }
    }
    // 4 quarters of 9×9 reached by one corner, 4 half-lines of 9 by two, the centre by four.
    assert_eq!(per_count, [0, 324, 36, 0, 1]);
    assert_eq!(points, 361);
    println!("points {points}, names tried {names}");
}

#[test]
fn reach_is_the_middle_line() {
    assert_eq!(reach(19), 10);
    assert_eq!(reach(9), 5);
    assert_eq!(reach(10), 5);
    assert_eq!(reach(25), 13);
}

proptest! {
    #[test]
    fn any_point_on_any_board_round_trips(size in 1u8..=25, x in 0u8..25, y in 0u8..25) {
        let p = Point::new(x % size, y % size);
        round_trip(p, size);
        // Names beyond the quarter still name the right point when read back.
        for corner in Corner::ALL {
            let cp = CornerPoint::from_point(p, corner, size).unwrap();
            prop_assert_eq!(cp.to_point(size), Some(p));
            prop_assert_eq!(parse_corner_point(&cp.write_arabic(), None), Ok(cp));
        }
    }
}

#[test]
fn coord_command_converts_go_points() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gamescribe")).args(args).output().unwrap();
        (out.status.code(), String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    assert_eq!(run(&["coord", "--game", "go", "平 c 4", "--to", "sgf"]), (Some(0), "dq".into()));
    assert_eq!(run(&["coord", "--game", "go", "平 c 4", "--to", "gtp"]), (Some(0), "D3".into()));
    assert_eq!(run(&["coord", "--game", "go", "D3", "--to", "go-corner"]), (Some(0), "平 三 四".into()));
    assert_eq!(run(&["coord", "--game", "go", "dq", "--to", "volpicelli"]), (Some(0), "平 c 4".into()));
    assert_eq!(run(&["coord", "--game", "go", "上 a 9", "--to", "gtp"]), (Some(0), "A11".into()));
    assert_eq!(run(&["coord", "--game", "go", "平 c 4", "--to", "gtp", "--size", "9"]), (Some(0), "D3".into()));
    assert_eq!(run(&["coord", "--game", "go", "junk", "--to", "gtp"]).0, Some(2));
    assert_eq!(run(&["coord", "--game", "go", "平 c 4", "--to", "paterson"]).0, Some(2));
    assert_eq!(run(&["coord", "--game", "english", "11", "--to", "paterson"]), (Some(0), "33".into()));
}
