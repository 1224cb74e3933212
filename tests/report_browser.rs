//! The HTML report seen in a real browser: the Anderson, Lasca, Hoyle and one
//! Go page are opened in headless Chromium, which must load each without a
//! console error, draw as many board SVGs as the tree has starts, errors,
//! stops, ends and candidate readings (counted here from the tree), resolve
//! every shared board definition, and write a screenshot.
//!
//! Without Chromium the test says so loudly, and fails when `CI=true`.

use gamescribe::notation::{self, Given, Reader};
use gamescribe::report::position::{initial_board, start_board};
use gamescribe::report::{self, GameKind, PageOptions};
use gamescribe::tree::Source;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const CORPUS: [&str; 4] = ["corpus/anderson-1852-ocr.txt", "corpus/lasca-1911-ocr.txt", "corpus/hoyle-draughts.txt", "corpus/go/diagram-10.wq"];

fn chromium() -> Option<PathBuf> {
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        if let Ok(out) = Command::new("which").arg(name).output()
            && out.status.success()
        {
            let path = String::from_utf8_lossy(&out.stdout).trim().to_string();
            if !path.is_empty() {
                return Some(PathBuf::from(path));
            }
        }
    }
    None
}

/// Boards the report must draw, counted from the tree: each line's end (or
/// stop), its start when set or inferred, one per candidate reading, and the
/// position before each move an error sits on.
fn expected_boards(source: &Source) -> usize {
    let kind = GameKind::of(source);
    let mut count = 0;
    for game in &source.games {
        for line in &game.lines {
            count += 1 + line.readings.len();
            let own_start = line.start.is_some();
            let set_start = line.parent.is_none() && !game.start.is_unset() && start_board(kind, &game.start).is_some_and(|b| Some(b) != initial_board(kind));
            count += usize::from(own_start || set_start);
        }
    }
    // An error's board: the first line (in tree order) whose move holds the error's start,
    // unless an earlier line's stop holds it.
    let mut plies = BTreeSet::new();
    for d in source.diagnostics.iter().filter(|d| d.is_error()) {
        let s = d.span.start;
        'find: for (g, game) in source.games.iter().enumerate() {
            for (l, line) in game.lines.iter().enumerate() {
                if let Some(k) = line.moves.iter().position(|m| m.span.start <= s && (s < m.span.end || s == m.span.start)) {
                    plies.insert((g, l, k));
                    break 'find;
                }
                if line.unread.as_ref().is_some_and(|u| u.span.start <= s && s <= u.span.end) {
                    break 'find;
                }
            }
        }
    }
    count + plies.len()
}

/// Run Chromium with the issue's flags and a fresh profile; kill it after `limit`.
fn run_chromium(browser: &Path, extra: &[&str], url: &str, limit: Duration) -> (String, String) {
    let profile = tempdir("profile");
    let mut child = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(["--enable-logging=stderr", "--v=0"])
        .args(extra)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chromium");
    let started = Instant::now();
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out_thread = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stdout, &mut s);
        s
    });
    let err_thread = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut s);
        s
    });
    loop {
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium did not finish {url} within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_dir_all(&profile);
    (out_thread.join().unwrap_or_default(), err_thread.join().unwrap_or_default())
}

fn tempdir(what: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("report-browser-{what}-{}-{:?}", std::process::id(), std::thread::current().id()).replace(['(', ')'], ""));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Records what a person's browser would report: errors, boards, unresolved `<use>`s, load time.
const PROBE: &str = r#"<script>
window.__gs = [];
window.addEventListener('error', e => __gs.push('error: ' + (e.message || (e.target && (e.target.src || e.target.href)) || 'resource')), true);
for (const k of ['error', 'warn']) { const f = console[k]; console[k] = (...a) => { __gs.push(k + ': ' + a.join(' ')); f.apply(console, a); }; }
window.addEventListener('load', () => {
  const ms = Math.round(performance.now());
  const boards = [...document.querySelectorAll('svg.board')];
  const drawn = boards.filter(b => { const r = b.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).length;
  const missing = [...document.querySelectorAll('use')].filter(u => !document.getElementById((u.getAttribute('href') || '').slice(1))).length;
  const pre = document.createElement('pre');
  pre.id = 'gs-probe';
  // The markers are joined here so the script's own text never contains them.
  pre.textContent = 'GS' + 'PROBE ' + JSON.stringify({boards: boards.length, drawn, missing, errors: __gs, ms}) + ' GS' + 'END';
  document.body.appendChild(pre);
});
</script>"#;

#[test]
fn reports_load_in_chromium_with_every_board_drawn() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Some(browser) = chromium() else {
        let msg = "report_browser: Chromium not found (Debian: apt-get install -y chromium); the HTML reports were NOT checked in a browser";
        if std::env::var("CI").as_deref() == Ok("true") {
            panic!("{msg}");
        }
        eprintln!("\n!!!!!!!!!! SKIPPED: {msg} !!!!!!!!!!\n");
        return;
    };
    let dir = tempdir("pages");
    for rel in CORPUS {
        let path = root.join(rel);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let source = notation::read_given(Reader::Auto, Path::new(rel), &text, &Given::default());
        let expected = expected_boards(&source);
        let (html, stats) = report::source_page(&source, &text, &PageOptions::default());
        assert_eq!(stats.boards, expected, "{rel}: boards written");
        assert!(!html.contains("<script"), "{rel}: the report itself has no script");
        let stem = path.file_name().unwrap().to_string_lossy().to_string();
        let page = dir.join(format!("{stem}.html"));
        std::fs::write(&page, &html).expect("write page");
        let probed = dir.join(format!("{stem}.probe.html"));
        std::fs::write(&probed, html.replacen("<head>", &format!("<head>{PROBE}"), 1)).expect("write probe page");

        let (dom, log) = run_chromium(&browser, &["--dump-dom", "--virtual-time-budget=10000"], &format!("file://{}", probed.display()), Duration::from_secs(120));
        let json = dom.split("GSPROBE ").nth(1).unwrap_or_else(|| panic!("{rel}: the probe did not run; chromium said:\n{log}"));
        let json = json.split(" GSEND").next().unwrap_or("").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
        let probe: serde_json::Value = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{rel}: probe output {json:?}: {e}"));
        let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE(")).collect();
        eprintln!(
            "report_browser: {rel}: {} bytes, boards in DOM {} (tree says {expected}), drawn {}, unresolved <use> {}, page errors {}, console lines {}, loaded in {} ms",
            html.len(),
            probe["boards"],
            probe["drawn"],
            probe["missing"],
            probe["errors"],
            console.len(),
            probe["ms"]
        );
        assert_eq!(probe["errors"].as_array().map(Vec::len), Some(0), "{rel}: errors on the page: {}", probe["errors"]);
        assert!(console.is_empty(), "{rel}: console messages:\n{}", console.join("\n"));
        assert_eq!(probe["boards"].as_u64(), Some(expected as u64), "{rel}: board SVGs in the DOM");
        assert_eq!(probe["drawn"].as_u64(), Some(expected as u64), "{rel}: board SVGs with a size on screen");
        assert_eq!(probe["missing"].as_u64(), Some(0), "{rel}: <use> pointing at no definition");

        let shot = dir.join(format!("{stem}.png"));
        let _ = std::fs::remove_file(&shot);
        let (_, log) = run_chromium(&browser, &[&format!("--screenshot={}", shot.display()), "--window-size=1200,1600", "--hide-scrollbars"], &format!("file://{}", page.display()), Duration::from_secs(120));
        let size = std::fs::metadata(&shot).map(|m| m.len()).unwrap_or_else(|_| panic!("{rel}: no screenshot written; chromium said:\n{log}"));
        assert!(size > 10_000, "{rel}: screenshot is only {size} bytes");
        let png = std::fs::read(&shot).expect("read screenshot");
        assert_eq!(&png[1..4], b"PNG", "{rel}: screenshot is a PNG");
        eprintln!("report_browser: {rel}: screenshot {} ({size} bytes)", shot.display());
    }
}

/// The command writes the same page the library makes.
#[test]
fn the_report_command_writes_the_page_and_explains_the_exit_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempdir("cli");
    let out = Command::new(env!("CARGO_BIN_EXE_gamescribe"))
        .args(["report", "corpus/lasca-1911-ocr.txt", "-o"])
        .arg(dir.join("lasca.html"))
        .current_dir(root)
        .output()
        .expect("run gamescribe");
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("exit 1: 1 error remains (corpus/lasca-1911-ocr.txt 1)"), "{said}");
    let written = std::fs::read_to_string(dir.join("lasca.html")).expect("page written");
    let text = std::fs::read_to_string(root.join("corpus/lasca-1911-ocr.txt")).expect("corpus");
    let mut source = notation::read_given(Reader::Auto, Path::new("corpus/lasca-1911-ocr.txt"), &text, &Given::default());
    // The command judges stated results before drawing them (Lasca's need no database).
    let empty = gamescribe::rules::draughts::egdb::Egdb::empty();
    gamescribe::verdict::judge_source(&mut source, &gamescribe::verdict::Judge { db: &empty, budget: gamescribe::verdict::CHECK_BUDGET });
    assert_eq!(written, report::source_page(&source, &text, &PageOptions::default()).0);
    assert!(written.contains("lasca::proposition-illegal"));
}
