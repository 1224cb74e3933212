"""Wall time and peak memory of gamescribe beside pydraughts and sgfmill on the
same files, in one run (the acceptance figures of issue 20).

Usage: side_by_side.py GAMESCRIBE [--before OLD_GAMESCRIBE] FILE...
Every PDN file is run through `GAMESCRIBE check` (read, replay every line,
judge results) and tests/python/pydraughts_bench.py (pydraughts reads it and
replays the main lines); every SGF file through `GAMESCRIBE check` and
tests/python/sgfmill_bench.py (sgfmill loads it and replays every line). A
folder stands for its .sgf files, taken together in one process each.
Each tool is one child process; its peak resident memory is GNU time's
maximum resident set size, its time the wall time, python's start-up included. The python is $GAMESCRIBE_PYTHON (else `python3`).
`check` runs without the endgame database (XDG_CACHE_HOME points at an empty
folder): a draughts file that needs it would otherwise load hundreds of MB.
"""
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = os.environ.get("GAMESCRIBE_PYTHON") or "python3"


def measure(cmd, env=None):
    """Wall seconds, peak RSS in bytes, exit code, stderr: GNU time measures the
    child alone (a forked python's own pages would count in wait4's ru_maxrss)."""
    with tempfile.NamedTemporaryFile("r") as report:
        started = time.perf_counter()
        run = subprocess.run(["/usr/bin/time", "-o", report.name, "-f", "%M"] + cmd, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, env=env)
        seconds = time.perf_counter() - started
        peak_kb = int(report.read().split()[-1])
    return seconds, peak_kb * 1024, run.returncode, run.stderr.decode("utf8", "replace")


def files_of(path):
    if os.path.isdir(path):
        return sorted(os.path.join(d, f) for d, _, fs in os.walk(path) for f in fs if f.endswith(".sgf"))
    return [path]


def main():
    args = sys.argv[1:]
    binaries = [("gamescribe", args.pop(0))]
    if args and args[0] == "--before":
        args.pop(0)
        binaries.insert(0, ("gamescribe before", args.pop(0)))
    empty = tempfile.mkdtemp()
    env = dict(os.environ, XDG_CACHE_HOME=empty)
    print(f"{'input':<34} {'MB':>7} {'tool':<18} {'seconds':>8} {'MB/s':>7} {'peak MB':>8} {'peak/input':>10} exit")
    for path in args:
        files = files_of(path)
        size = sum(os.path.getsize(f) for f in files)
        sgf = files[0].endswith(".sgf")
        oracle = ("sgfmill", [PYTHON, os.path.join(HERE, "sgfmill_bench.py")] + files) if sgf else \
            ("pydraughts", [PYTHON, os.path.join(HERE, "pydraughts_bench.py")] + files)
        runs = [(name, [b, "check"] + files, env) for name, b in binaries] + [(oracle[0], oracle[1], None)]
        name = os.path.basename(path.rstrip("/")) + (f" ({len(files)} files)" if len(files) > 1 else "")
        for tool, cmd, e in runs:
            secs, rss, code, err = measure(cmd, e)
            mb = size / 1048576
            print(f"{name[:34]:<34} {mb:>7.2f} {tool:<18} {secs:>8.2f} {mb / secs:>7.2f} {rss / 1048576:>8.1f} {rss / size:>10.2f} {code}")
            if code not in (0, 1):
                print(f"  {tool} failed: {err.strip()[-300:]}", file=sys.stderr)
    os.rmdir(empty)


if __name__ == "__main__":
    main()
