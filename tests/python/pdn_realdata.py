"""The independent side of the real-PDN tests: pydraughts' engine replays the
source games and our exported PDN, in one process for many files.

Usage:
  pdn_realdata.py MANIFEST.json            # what tests/pdn_realdata.rs writes; prints JSON
  pdn_realdata.py --binary GAMESCRIBE [--sample] DIR...  # drives a gamescribe binary (before/after
                                           # figures); --sample: the games it rejects, those with White
                                           # to move first, and every k-th

The manifest lists, per file: the source path, our written PDN, and per game its byte
span in the source, whether we accept it (no error) and its main-line moves (squares).
Per game this prints: whether the rules accept it as pydraughts' engine applies them
(every line, main line and variations; a setup with a man on its crowning row, more
than twelve pieces a side or two pieces on a square is impossible; text among the
moves that is no PDN token makes the game unreadable); and the moves
pydraughts plays when it reads our written game back.

An ambiguous printed capture (`10x26` where two jump paths end there) is taken as
the one path after which the rest of its line replays; none or several is a reject.
"""
import json
import os
import re
import subprocess
import sys

from draughts import Board
from draughts.PDN import PDNReader

TOKEN = re.compile(
    r"""(?P<comment>\{[^}]*\}?)
      | (?P<escape>(?:(?<=\n)|^)%[^\n]*)
      | (?P<linecomment>;[^\n]*)
      | (?P<tag>\[[^\]\n]*\])
      | (?P<open>\()
      | (?P<close>\))
      | (?P<result>(?:1/2-1/2|1-0|0-1|2-0|0-2|1-1|\*)(?=[\s{}()\[;]|$))
      | (?P<number>\d+\.+)
      | (?P<move>\d+(?:[-xX]\d+)+[!?*]*(?=[\s{}()\[;]|$))
      | (?P<nag>\$\d+)
      | (?P<junk>[^\s{}()\[;]+)
      | (?P<space>\s+)""",
    re.X,
)


def tokens(text):
    for m in TOKEN.finditer(text):
        kind = m.lastgroup
        if kind != "space":
            yield kind, m.group(), m.start()


def split_games(text):
    """Game texts, split as PDN readers do: at a tag after movetext, or after a
    result that a tag (or the end) follows. A `*` inside movetext is a strength mark."""
    toks = list(tokens(text))
    games, start, started = [], None, False
    for i, (kind, value, at) in enumerate(toks):
        if start is None:
            start = at
        if kind == "tag" and started:
            games.append(text[start:at])
            start, started = at, False
        elif kind == "result":
            nxt = toks[i + 1][0] if i + 1 < len(toks) else "tag"
            if value == "*" and nxt != "tag":
                continue
            games.append(text[start:at + len(value)])
            start, started = None, False
        elif kind not in ("tag", "escape", "linecomment"):
            started = True
    if start is not None and (started or any(k == "tag" for k, _, a in toks if a >= start)):
        games.append(text[start:])
    return games


def parse_game(text):
    """(tags, main line); a line is a list of ('move', squares) and ('var', line)."""
    tags, stack = {}, [[]]
    for kind, value, _ in tokens(text):
        if kind == "tag":
            m = re.match(r'\[\s*(\w+)\s*"(.*)"\s*\]$', value)
            if m and m.group(1) not in tags:
                tags[m.group(1)] = m.group(2)
        elif kind == "move":
            stack[-1].append(("move", [int(s) for s in re.split(r"[-xX]", value.rstrip("!?*"))]))
        elif kind == "open":
            var = []
            stack[-1].append(("var", var))
            stack.append(var)
        elif kind == "close" and len(stack) > 1:
            stack.pop()
    return tags, stack[0]


def steps(move):
    return [int(s) for s in move.steps_move]


def candidates(board, want):
    legal = []
    for m in board.legal_moves():
        path = steps(m)
        if path[0] == want[0] and path[-1] == want[-1] and (len(want) == 2 or path == want):
            legal.append((m, path))
    exact = [m for m, path in legal if path == want]
    return exact if len(legal) > 1 and len(exact) == 1 else [m for m, _ in legal]


def rest_plays(board, moves, depth=0):
    """Whether the printed moves replay from `board` (ambiguities tried both ways)."""
    if not moves or depth > 400:
        return True
    for m in candidates(board, moves[0]):
        board.push(m)
        ok = rest_plays(board, moves[1:], depth + 1)
        board.pop()
        if ok:
            return True
    return False


def play_line(board, line, played):
    """Replay a line from `board`; `played` gets the line's squares. None or an error."""
    moves_seen, last = 0, None
    for k, (kind, item) in enumerate(line):
        if kind == "var":
            # A variation replaces the move before it (or, before any, the line's first).
            if last is not None:
                board.pop()
            branch = board.copy()
            if last is not None:
                board.push(last)
            err = play_line(branch, item, None)
            if err:
                return "variation: " + err
            continue
        found = candidates(board, item)
        if len(found) > 1:
            rest = [i for kk, i in line[k + 1:] if kk == "move"]
            found = [m for m in found if (board.push(m), rest_plays(board, rest), board.pop())[1]]
        if len(found) != 1:
            return f"{'-'.join(map(str, item))}: {len(found)} legal moves fit"
        last = found[0]
        board.push(last)
        moves_seen += 1
        if played is not None:
            played.append(steps(last))
    return None


def impossible(fen):
    """The rules' objections to a setup pydraughts would take as it is."""
    m = re.match(r"^\s*([BW])?:?(.*)$", fen.rstrip(". "))
    seen, counts = set(), {"B": 0, "W": 0}
    for part in m.group(2).split(":"):
        if not part:
            continue
        colour, squares = part[0], part[1:]
        for sq in filter(None, squares.split(",")):
            king = sq.startswith("K")
            ranges = sq.lstrip("K").split("-")
            if not all(r.isdigit() for r in ranges):
                return f"unreadable square {sq}"
            lo, hi = int(ranges[0]), int(ranges[-1])
            for s in range(lo, hi + 1):
                if s in seen:
                    return f"two pieces on {s}"
                seen.add(s)
                counts[colour] = counts.get(colour, 0) + 1
                if not king and ((colour == "B" and s >= 29) or (colour == "W" and s <= 4)):
                    return f"a man on his crowning row ({s})"
    if max(counts.values()) > 12:
        return "more than twelve pieces a side"
    if not m.group(1):
        return "no side to move"
    return None


def oracle(game_text):
    # Text that is no PDN token among the moves (`8-11Redoverstepped…`) is not a readable game.
    junk = [v for k, v, _ in tokens(game_text) if k == "junk"]
    if junk:
        return False, f"not PDN movetext: {junk[0][:40]!r}"
    tags, line = parse_game(game_text)
    if tags.get("GameType", "21").split(",")[0].strip() != "21":
        return False, "not English draughts"
    fen = tags.get("FEN")
    if fen is not None:
        why = impossible(fen)
        if why:
            return False, "setup: " + why
    try:
        board = Board(variant="english", fen=fen.rstrip(".") if fen else "startpos")
        err = play_line(board, line, None)
    except Exception as e:  # pydraughts cannot take it: a reject, reported
        return False, f"pydraughts: {e!r}"
    return err is None, err


def read_back(game_text):
    """Our written game as pydraughts' own PDN reader takes it (its main-line move
    list, paired by move numbers), each move then played by its engine."""
    tags, _ = parse_game(game_text)
    fen = tags.get("FEN")
    played = []
    try:
        games = PDNReader(pdn_text=game_text).games
        if len(games) != 1:
            return {"ok": False, "moves": [], "error": f"PDNReader found {len(games)} games in one"}
        line = []
        for text in games[0].moves:
            if not re.fullmatch(r"\d+([-xX]\d+)+[!?*]*", text):
                return {"ok": False, "moves": [], "error": f"PDNReader's move list holds {text!r}"}
            line.append(("move", [int(s) for s in re.split(r"[-xX]", text.rstrip("!?*"))]))
        board = Board(variant="english", fen=fen.rstrip(".") if fen else "startpos")
        err = play_line(board, line, played)
    except Exception as e:
        err = f"pydraughts: {e!r}"
    return {"ok": err is None, "moves": played, "error": err}


def reader_moves(game_text):
    """The move list pydraughts' PDN reader takes from a game text, or None."""
    try:
        games = PDNReader(pdn_text=game_text).games
        return games[0].moves if len(games) == 1 else None
    except Exception:
        return None


def same_misreading(source_text, written_text, back):
    """A read-back that fails only as pydraughts fails on the source itself
    (its reader doubles the first move of a game whose FEN has Black to move):
    the reader takes the same move list from both texts."""
    if back.get("ok"):
        return False
    theirs = reader_moves(source_text)
    return theirs is not None and theirs == reader_moves(written_text)


def run(manifest):
    out = []
    for entry in manifest:
        with open(entry["path"], "rb") as f:
            data = f.read()
        games = []
        keep = [g.get("keep", True) for g in entry["games"]]
        for g, k in zip(entry["games"], keep):
            text = data[g["start"]:g["end"]].decode("utf8", "replace")
            accept, why = oracle(text) if k else (None, "not sampled")
            games.append({"accept": accept, "why": why})
        with open(entry["written"], encoding="utf8") as f:
            written = split_games(f.read())
        if len(written) == len(keep):
            back = [read_back(t) if k else {"ok": None, "moves": [], "error": "not sampled"} for t, k in zip(written, keep)]
            for b, t, g in zip(back, written, entry["games"]):
                if b["ok"] is False:
                    b["source_same"] = same_misreading(data[g["start"]:g["end"]].decode("utf8", "replace"), t, b)
        else:  # the games do not pair up: every one is read back
            back = [read_back(t) for t in written]
        out.append({"path": entry["path"], "games": games, "written": back})
    return out


def from_binary(binary, paths, tmp, sample):
    """A manifest from a gamescribe binary's `check --format json` and `convert --to pdn`."""
    manifest = []
    for n, path in enumerate(paths):
        check = subprocess.run([binary, "check", "--format", "json", path], capture_output=True)
        source = json.loads(check.stdout)[0]
        errors = [d["span"] for d in source.get("diagnostics", []) if d["severity"] == "error"]
        written = os.path.join(tmp, f"{n}.pdn")
        subprocess.run([binary, "convert", path, "--to", "pdn", "-o", written], capture_output=True)
        games = []
        stride = max(1, len(source["games"]) // 10) if sample else 1
        for i, g in enumerate(source["games"]):
            s, e = g["span"]["start"], g["span"]["end"]
            bad = any(s <= d["start"] < e or (d["start"] == e == s) for d in errors)
            games.append({"start": s, "end": e, "accept": not bad, "keep": not sample or bad or i % stride == 0 or g["start"].startswith("W"),
                          "moves": [m["squares"] for m in g["lines"][0]["moves"]] if g["lines"] else []})
        manifest.append({"path": path, "written": written, "games": games})
    return manifest


def table(manifest, results):
    rows = []
    tot = [0] * 7
    for entry, res in zip(manifest, results):
        pairs = [(g, r, b) for g, r, b in zip(entry["games"], res["games"], res["written"] + [None] * len(entry["games"])) if r["accept"] is not None]
        ours = [g["accept"] for g, _, _ in pairs]
        theirs = [r["accept"] for _, r, _ in pairs]
        agree = sum(a == b for a, b in zip(ours, theirs))
        same = sum(1 for g, _, b in pairs if b and b["ok"] and b["moves"] == g["moves"])
        as_source = sum(1 for _, _, b in pairs if b and b.get("source_same"))
        row = [len(ours), sum(ours), sum(theirs), agree, len(res["written"]) if len(res["written"]) != len(entry["games"]) else len(pairs), same, as_source]
        tot = [a + b for a, b in zip(tot, row)]
        rows.append((os.path.basename(entry["path"]), row))
        for i, (g, r, b) in enumerate(pairs):
            if g["accept"] != r["accept"]:
                print(f"  disagree {entry['path']} sampled game {i + 1}: ours {g['accept']}, rules {r['accept']} ({r['why']})", file=sys.stderr)
            if not (b and b["ok"] and b["moves"] == g["moves"]):
                also = " (pydraughts reads the source the same way)" if b and b.get("source_same") else ""
                print(f"  read back differs {entry['path']} sampled game {i + 1}: {b and b['error']}{also}", file=sys.stderr)
    print(f"{'file':<28} {'games':>6} {'we accept':>10} {'rules accept':>12} {'agree':>6} {'written':>8} {'read back same':>15} {'misread as source':>18}")
    for name, r in rows + [("all", tot)]:
        print(f"{name[:28]:<28} {r[0]:>6} {r[1]:>10} {r[2]:>12} {r[3]:>6} {r[4]:>8} {r[5]:>15} {r[6]:>18}")


def main():
    if sys.argv[1] == "--binary":
        import tempfile
        sample = "--sample" in sys.argv
        args = [a for a in sys.argv[2:] if a != "--sample"]
        binary, paths = args[0], []
        for root in args[1:]:
            if os.path.isdir(root):
                for d, _, files in os.walk(root):
                    paths += [os.path.join(d, f) for f in files if f.endswith(".pdn")]
            else:
                paths.append(root)
        with tempfile.TemporaryDirectory() as tmp:
            manifest = from_binary(binary, sorted(paths), tmp, sample)
            table(manifest, run(manifest))
        return
    with open(sys.argv[1], encoding="utf8") as f:
        manifest = json.load(f)
    print(json.dumps(run(manifest)))


if __name__ == "__main__":
    main()
