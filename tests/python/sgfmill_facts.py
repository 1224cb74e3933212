"""What sgfmill reads in SGF files, for comparison with gamescribe.

Usage: sgfmill_facts.py < LIST
LIST has one path a line. Prints one JSON object a line, in the same order:
{"ok": bool, "error": str|null, "size": n, "final": str, "stopped": int|null,
 "nodes": n, "text": str}

- final: the board after the main line (the leftmost variation), as `size`
  rows from the top of `.`, `X` (Black), `O` (White). Every node's setup
  (AB, AW, AE) is applied first (sgfmill's Board.apply_setup, which takes off
  chains left without a liberty), then its move (Board.play: captures, no ko
  or suicide check). A move on an occupied point stops the line: `stopped`
  is then the number of moves played before it.
- nodes: the number of nodes in the whole tree.
- text: every node's properties in tree order (depth first), as sgfmill
  interprets them (points, text with escapes undone), one line per property;
  CA, FF and GM are left out (the writer sets them), as is SZ (compared as
  `size`).
- undecodable: some text is not valid in the file's charset (sgfmill cannot
  decode it; its text is then compared as decoded with replacement).
"""
import json
import sys
import time

from sgfmill import boards, sgf

LEFT_OUT = {"CA", "FF", "GM", "SZ"}


def board_text(board, size):
    rows = []
    for row in range(size - 1, -1, -1):
        line = ""
        for col in range(size):
            c = board.get(row, col)
            line += "." if c is None else ("X" if c == "b" else "O")
        rows.append(line)
    return "\n".join(rows)


def value_text(node, ident, undecodable):
    try:
        v = node.get(ident)
    except UnicodeDecodeError:
        undecodable.append(ident)
        v = [b.decode(node.get_encoding(), "replace") for b in node.get_raw_list(ident)]
    except Exception:
        v = [b.decode(node.get_encoding(), "replace") for b in node.get_raw_list(ident)]
    if isinstance(v, (set, frozenset)):
        v = sorted(v)
    return repr(v)


def facts(path):
    with open(path, "rb") as f:
        data = f.read()
    game = sgf.Sgf_game.from_bytes(data)
    size = game.get_size()
    board = boards.Board(size)
    stopped = None
    played = 0
    for node in game.get_main_sequence():
        ab, aw, ae = node.get_setup_stones()
        if ab or aw or ae:
            board.apply_setup(ab, aw, ae)
        colour, point = node.get_move()
        if colour is None or point is None:
            if colour is not None:
                played += 1
            continue
        try:
            board.play(point[0], point[1], colour)
        except ValueError:
            stopped = played
            break
        played += 1
    nodes = 0
    lines = []
    undecodable = []
    stack = [game.get_root()]
    while stack:
        node = stack.pop()
        nodes += 1
        for ident in sorted(node.properties()):
            if ident in LEFT_OUT:
                continue
            lines.append(f"{ident} {value_text(node, ident, undecodable)}")
        lines.append(";")
        stack.extend(reversed(list(node)))
    return {
        "ok": True,
        "error": None,
        "size": size,
        "final": board_text(board, size),
        "stopped": stopped,
        "nodes": nodes,
        "text": "\n".join(lines),
        "undecodable": bool(undecodable),
    }


def main():
    started = time.perf_counter()
    out = sys.stdout
    for path in sys.stdin.read().splitlines():
        try:
            r = facts(path)
        except Exception as e:
            r = {"ok": False, "error": f"{type(e).__name__}: {e}"}
        out.write(json.dumps(r) + "\n")
    sys.stderr.write(f"sgfmill: {time.perf_counter() - started:.3f} s\n")


if __name__ == "__main__":
    main()
