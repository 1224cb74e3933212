"""Load SGF files with sgfmill and report what it reads, for comparison.

Usage: sgfmill_load.py FILE.sgf...
Prints one JSON object: {"files": [{"ok": bool, "error": str|null, "size": n,
"black": [[x, y]...], "white": [...], "to_play": "b"|"w"|null,
"main": [[colour, x, y] | [colour, null, null]...], "main_comments": [str...],
"move_nodes": n, "leaves": n}]}
Points are given as gamescribe has them: x column from the left, y row from the top.
"""
import json
import sys

from sgfmill import sgf


def ours(size, point):
    row, col = point
    return [col, size - 1 - row]


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    game = sgf.Sgf_game.from_bytes(data)
    size = game.get_size()
    root = game.get_root()
    black, white, _empty = root.get_setup_stones()
    main = []
    comments = []
    for node in game.get_main_sequence()[1:]:
        colour, point = node.get_move()
        if colour is None:
            continue
        main.append([colour] + (ours(size, point) if point is not None else [None, None]))
        if node.has_property("C"):
            comments.append(node.get("C"))
    move_nodes = 0
    leaves = 0
    stack = list(root)
    while stack:
        node = stack.pop()
        if node.get_move()[0] is not None:
            move_nodes += 1
        children = list(node)
        if not children:
            leaves += 1
        stack.extend(children)
    return {
        "ok": True,
        "error": None,
        "size": size,
        "black": sorted(ours(size, p) for p in black),
        "white": sorted(ours(size, p) for p in white),
        "to_play": root.get("PL") if root.has_property("PL") else None,
        "main": main,
        "main_comments": comments,
        "move_nodes": move_nodes,
        "leaves": leaves,
    }


def main():
    files = []
    for path in sys.argv[1:]:
        try:
            files.append(load(path))
        except Exception as e:  # report, let the Rust side fail with the message
            files.append({"ok": False, "error": f"{type(e).__name__}: {e}"})
    print(json.dumps({"files": files}))


if __name__ == "__main__":
    main()
