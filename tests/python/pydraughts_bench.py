"""Time pydraughts reading and replaying a PDN file (main lines), for comparison
with `gamescribe bench pdn`. Usage: pydraughts_bench.py FILE.pdn"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from pydraughts_replay import split_games, replay  # noqa: E402
from draughts.PDN import PDNReader  # noqa: E402

path = sys.argv[1]
size = os.path.getsize(path) / (1024 * 1024)
t0 = time.perf_counter()
reader = PDNReader(filename=path)
with open(path, encoding="utf8") as f:
    texts = split_games(f.read())
t1 = time.perf_counter()
moves = errors = 0
for game, text in zip(reader.games, texts):
    r = replay(game, text)
    moves += r["moves"]
    errors += 0 if r["ok"] else 1
t2 = time.perf_counter()
print(f"pydraughts: {size:.1f} MB, {len(reader.games)} games, {moves} moves, {errors} errors; "
      f"read {t1 - t0:.2f} s, replay {t2 - t1:.2f} s, total {t2 - t0:.2f} s = {size / (t2 - t0):.3f} MB/s")
