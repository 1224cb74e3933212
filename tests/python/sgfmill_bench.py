"""Time sgfmill loading SGF files and replaying every line, for `gamescribe bench sgf`.

Usage: sgfmill_bench.py FILE...
Each file is read as a collection (every game tree), each game loaded
(Sgf_game.from_coarse_game_tree) and every line replayed on sgfmill's Board:
each node's setup (AB/AW/AE) then its move, a copy of the board kept at each
branch point. Prints one JSON object: {"seconds": s, "bytes": n, "games": n,
"nodes": n, "moves": n}; the time excludes starting python.
"""
import json
import sys
import time

from sgfmill import boards, sgf, sgf_grammar


def replay(game):
    size = game.get_size()
    nodes = moves = 0
    stack = [(game.get_root(), boards.Board(size))]
    while stack:
        node, board = stack.pop()
        nodes += 1
        ab, aw, ae = node.get_setup_stones()
        if ab or aw or ae:
            board.apply_setup(ab, aw, ae)
        colour, point = node.get_move()
        if colour is not None and point is not None:
            try:
                board.play(point[0], point[1], colour)
                moves += 1
            except ValueError:
                continue
        children = list(node)
        for child in children[1:]:
            stack.append((child, board.copy()))
        if children:
            stack.append((children[0], board))
    return nodes, moves


def main():
    started = time.perf_counter()
    total = {"bytes": 0, "games": 0, "nodes": 0, "moves": 0}
    for path in sys.argv[1:]:
        with open(path, "rb") as f:
            data = f.read()
        total["bytes"] += len(data)
        try:
            trees = sgf_grammar.parse_sgf_collection(data)
        except ValueError:
            continue
        for tree in trees:
            try:
                game = sgf.Sgf_game.from_coarse_game_tree(tree)
            except ValueError:
                continue
            total["games"] += 1
            n, m = replay(game)
            total["nodes"] += n
            total["moves"] += m
    total["seconds"] = time.perf_counter() - started
    print(json.dumps(total))


if __name__ == "__main__":
    main()
