#!/bin/sh
# Seed each fuzz target's corpus (fuzz/corpus/<target>/, ignored by git) from
# the project's corpus, its test corpus and the real data beside the project.
# The real data is copied at run time only: it is never committed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
realdata=${GAMESCRIBE_REALDATA:-$root/../shared/realdata}
[ -d "$realdata" ] || echo "note: no real data at $realdata; seeding from the project corpus only" >&2

# seed TARGET FILE...: copy each regular file under 64 KB, named by its content hash.
seed() {
    target=$1; shift
    mkdir -p "$here/corpus/$target"
    for f in "$@"; do
        [ -f "$f" ] || continue
        [ "$(wc -c <"$f")" -le 65536 ] || continue
        cp "$f" "$here/corpus/$target/$(sha1sum "$f" | cut -c1-16)"
    done
}
# slices TARGET FILE: a large book cut into 4 KB pieces on line boundaries.
slices() {
    mkdir -p "$here/corpus/$1"
    [ -f "$2" ] || return 0
    split -C 4096 -d -a 4 "$2" "$here/corpus/$1/$(basename "$2")."
}
pick() { find "$@" -type f 2>/dev/null | sort | head -n 300; }

pdn=$(pick "$root/tests/corpus/pdn" "$realdata/pdn")
sgf=$(pick "$root/tests/corpus/go" "$root/corpus/go" "$realdata/sgf" -name '*.sgf')
wq=$(pick "$root/corpus/go" "$root/tests/corpus/go" -name '*.wq')
numeric=$(pick "$root/tests/corpus/numeric")

for t in read_numeric roundtrip_numeric; do seed $t $numeric; slices $t "$root/corpus/anderson-1852-ocr.txt"; done
for t in read_pdn roundtrip_pdn; do seed $t $pdn; done
for t in read_anderson read_paterson; do slices $t "$root/corpus/anderson-1852-ocr.txt"; seed $t "$root/corpus/anderson-1852-ocr.txt"; done
seed read_hoyle "$root/corpus/hoyle-draughts.txt"; slices read_hoyle "$root/corpus/hoyle-draughts.txt"
for t in read_lasca roundtrip_lasca; do slices $t "$root/corpus/lasca-1911-ocr.txt"; done
for t in read_go roundtrip_go; do seed $t $wq; slices $t "$root/corpus/volpicelli-weichi.txt"; done
for t in read_sgf roundtrip_sgf count_sgf; do seed $t $sgf; done
# The written natural notation exists only as the writer's output: made with a
# release binary when one is built.
bin=${GAMESCRIBE:-$root/target/release/gamescribe}
if [ -x "$bin" ]; then
    for book in anderson-1852-ocr.txt hoyle-draughts.txt; do
        "$bin" convert "$root/corpus/$book" --to paterson -o "$here/$book.paterson" 2>/dev/null || true
        slices roundtrip_paterson "$here/$book.paterson"
        rm -f "$here/$book.paterson"
    done
else
    echo "note: no gamescribe binary at $bin; roundtrip_paterson starts from an empty corpus" >&2
fi
seed read_auto $numeric $wq $(echo "$pdn" | head -n 50) $(echo "$sgf" | head -n 50) "$root"/corpus/*.txt
for f in "$root"/corpus/*.txt; do slices read_auto "$f"; done
for d in "$here"/corpus/*; do echo "$(basename "$d"): $(ls "$d" | wc -l) seeds"; done
