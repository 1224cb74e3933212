"""Read a PDN file with pydraughts, then replay every line of it, variations included.

Usage: pydraughts_variations.py FILE.pdn
Prints one JSON object:
  {"reader": {"games": n, "moves": [per game]},      # PDNReader over the whole file
   "games": [{"read": n, "main": n,                  # PDNReader over this game's text alone
              "lines": n, "moves": n, "ok": bool, "errors": [str],
              "kept": [{"label": str, "moves": n, "ok": bool, "error": str|null}]}]}
pydraughts' PDNReader drops variations (RAV) and comments and keeps the main line, so every
line, main line and RAV alike, is replayed here with pydraughts' own engine: a RAV from the
position before the move it replaces (PDN's rule, as in PGN), nested RAVs likewise.
A line gamescribe keeps as a note (`{note: variation L (line i) kept as text, ...: start FEN;
...; moves: ...}`, a start of its own that no move reaches) is replayed from that start.
(PDNReader over a whole file stops after a game whose main line has no move: pydraughts 0.6
returns before it keeps the rest of the text; hence the reading of each game alone.)
"""
import json
import re
import sys

from draughts import Board
from draughts.PDN import PDNReader

TOKEN = re.compile(r"\{[^}]*\}|\(|\)|\d+\.(?:\.\.)?|\d+(?:[-x]\d+)+[!?*]*|\$\d+|\S+")
MOVE = re.compile(r"\d+(?:[-x]\d+)+[!?*]*")
RESULTS = {"1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"}


def squares(text):
    return [int(s) for s in re.split(r"[-x]", text.strip("!?*"))]


def find(board, text):
    want = squares(text)
    found = [m for m in board.legal_moves()
             if [int(s) for s in m.steps_move][0] == want[0] and [int(s) for s in m.steps_move][-1] == want[-1]
             and (len(want) == 2 or [int(s) for s in m.steps_move] == want)]
    return found[0] if len(found) == 1 else None


def split_games(text):
    """Our writer starts every game with an [Event] tag."""
    return [p for p in re.split(r"(?m)^(?=\[Event )", text) if p.strip()]


def replay_kept(note):
    """A kept line's moves from the start its note gives."""
    label = re.match(r"\{note: variation (.*?) \(line \d+\) kept as text", note).group(1)  # the note is `{...}`
    text = " ".join(note[1:-1].replace("\u2060", "").split())
    start = re.search(r": start ([^;]+);", text)
    at = text.find("; moves: ")
    if start is None or at < 0:
        return None
    moves = text[at + len("; moves: "):]
    n = 1
    while n:  # each move's own notes, in parentheses
        moves, n = re.subn(r"\([^()]*\)", " ", moves)
    moves = [t for t in moves.split(";")[0].split() if MOVE.fullmatch(t)]
    try:
        board = Board(variant="english", fen=start.group(1).rstrip("."))
    except Exception as e:
        return {"label": label, "moves": len(moves), "ok": False, "error": f"start {start.group(1)}: {e!r}"}
    for i, token in enumerate(moves):
        move = find(board, token)
        if move is None:
            return {"label": label, "moves": len(moves), "ok": False, "error": f"move {i}: {token} not legal once"}
        board.push(move)
    return {"label": label, "moves": len(moves), "ok": True, "error": None}


def replay_game(game_text):
    fen = "startpos"
    body = []
    for line in game_text.split("\n"):
        if line.startswith("[FEN "):
            fen = line.split('"')[1].rstrip(".")
        elif not line.startswith(("[", "%")):
            body.append(line)
    # Each open line: its board now, and the board before its last move (where a RAV starts).
    stack = [{"board": Board(variant="english", fen=fen), "before": None, "dead": False}]
    lines, moves, errors, kept = 1, 0, [], []
    for token in TOKEN.findall(" ".join(body)):
        top = stack[-1]
        if token.startswith("{note: variation ") and " kept as text" in token:
            replayed = replay_kept(token)
            if replayed is not None:
                kept.append(replayed)
            continue
        if token.startswith("{") or token.startswith("$") or token.endswith("."):
            continue
        if token == "(":
            lines += 1
            if top["before"] is None:
                errors.append(f"line {lines}: a variation with no move before it")
                stack.append({"board": None, "before": None, "dead": True})
            else:
                stack.append({"board": top["before"].copy(), "before": None, "dead": top["dead"]})
        elif token == ")":
            if len(stack) > 1:
                stack.pop()
        elif MOVE.fullmatch(token) and 0 not in squares(token):
            if top["dead"]:
                continue
            move = find(top["board"], token)
            if move is None:
                errors.append(f"line {lines}: {token} not legal once among {[m.pdn_move for m in top['board'].legal_moves()]}")
                top["dead"] = True
                continue
            top["before"] = top["board"].copy()
            top["board"].push(move)
            moves += 1
        elif token not in RESULTS:
            errors.append(f"line {lines}: token {token!r} outside a comment")
    read = PDNReader(pdn_text=game_text).games
    return {"read": len(read), "main": len(read[0].moves) if read else 0,
            "lines": lines, "moves": moves, "ok": not errors, "errors": errors, "kept": kept}


def main():
    with open(sys.argv[1], encoding="utf8") as f:
        text = f.read()
    reader = PDNReader(pdn_text=text)
    out = {"reader": {"games": len(reader.games), "moves": [len(g.moves) for g in reader.games]},
           "games": [replay_game(g) for g in split_games(text)]}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
