"""Replay the main line of every game in a PDN file with pydraughts.

Usage: pydraughts_replay.py FILE.pdn
Prints one JSON object: {"games": [{"moves": n, "ok": bool, "illegal_at": i | null, "error": str | null}]}.
pydraughts numbers the English board as the books do (Black on 1-12 moves first), so moves are
compared square for square: from, to, and every landing square when the PDN gives the full path.
"""
import json
import re
import sys

from draughts import Board
from draughts.PDN import PDNReader


def squares(text):
    return [int(s) for s in re.split(r"[-x]", text.strip("!?*"))]


def steps(move):
    # pydraughts keeps every square a move touches in `steps_move`.
    return [int(s) for s in move.steps_move]


def main_line(game_text):
    """Main-line moves of one game, with comments and variations removed."""
    text = "\n".join(l for l in game_text.split("\n") if not l.startswith(("[", "%")))
    for pattern in (r"\{[^{}]*\}", r"\([^()]*\)"):
        n = 1
        while n:
            text, n = re.subn(pattern, " ", text)
    # Results (`1-0`, `0-1`, `2-0`) look like moves but name square 0.
    return [t for t in text.split() if re.fullmatch(r"\d+([-x]\d+)+[!?*]*", t) and 0 not in squares(t)]


def split_games(text):
    """Our writer starts every game with an [Event] tag."""
    parts = re.split(r"(?m)^(?=\[Event )", text)
    return [p for p in parts if p.strip()]


def replay(game, game_text):
    # PDNReader gives the tags (the FEN); its move list pairs moves by number as if
    # the side on move first were White, which English numbering does not do, so the
    # movetext is read here and every move is checked by pydraughts' own engine.
    fen = game.tags.get("FEN", "startpos").rstrip(".")
    board = Board(variant="english", fen=fen)
    moves = main_line(game_text)
    for i, text in enumerate(moves):
        want = squares(text)
        legal = board.legal_moves()
        found = [m for m in legal if steps(m)[0] == want[0] and steps(m)[-1] == want[-1]
                 and (len(want) == 2 or steps(m) == want)]
        if len(found) != 1:
            return {"moves": len(moves), "ok": False, "illegal_at": i,
                    "error": f"{text}: {len(found)} matches among {[m.pdn_move for m in legal]}"}
        board.push(found[0])
    return {"moves": len(moves), "ok": True, "illegal_at": None, "error": None}


def main():
    with open(sys.argv[1], encoding="utf8") as f:
        texts = split_games(f.read())
    # Each game is given to PDNReader on its own: pydraughts 0.6 stops reading a
    # file at a game with no moves (it never sets the rest of the file), and our
    # writer keeps columns it could not place as such games.
    out = []
    for game_text in texts:
        games = PDNReader(pdn_text=game_text).games
        if len(games) != 1:
            out.append({"moves": 0, "ok": False, "illegal_at": None, "error": f"PDNReader found {len(games)} games in one"})
            continue
        game = games[0]
        if game.variant not in (None, "english"):
            out.append({"moves": 0, "ok": False, "illegal_at": None, "error": f"variant {game.variant}"})
            continue
        try:
            out.append(replay(game, game_text))
        except Exception as e:  # a pydraughts failure is a failed replay, reported
            out.append({"moves": len(game.moves), "ok": False, "illegal_at": None, "error": repr(e)})
    print(json.dumps({"games": out}))


if __name__ == "__main__":
    main()
