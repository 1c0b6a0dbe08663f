#!/usr/bin/env bash
# Seeds the fuzz corpora from the shipped files (issue 7):
#   scenario  every scenario, map and table file under scenarios/ and assets/rulesets/
#   save      saves of each shipped scenario at the start and after a few random decisions (`salient sim --keep`)
#   commands  one stream per scenario and seed: a scenario byte, then "legal command k" triples
# Run from anywhere: fuzz/seed.sh. Existing corpus entries are kept.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p fuzz/corpus/scenario fuzz/corpus/save fuzz/corpus/commands

for f in $(find scenarios assets/rulesets -name '*.ron'); do
  cp "$f" "fuzz/corpus/scenario/shipped-$(echo "$f" | tr '/' '_')"
done

cargo build --quiet --release --no-default-features
BIN="${CARGO_TARGET_DIR:-target}/release/salient"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for s in $(grep -lE '^Scenario\(' -r scenarios | sort); do
  name=$(basename "$s" .ron)
  for n in 0 1 3 6; do
    # 30 n decisions by two random players: a save with a real command list and journal (of every
    # ruleset: `sim` plays any scenario)
    "$BIN" sim "$s" --games 1 --seed "$n" --controllers random,random --max-decisions $((30 * n)) --keep "$tmp/$name-$n" >/dev/null 2>&1 || true
    cp "$tmp/$name-$n/game-$n.save" "fuzz/corpus/save/shipped-$name-$n.ron" 2>/dev/null || true
  done
done

for i in 0 1 2 3 4 5; do
  # byte 0: scenario (the shipped scenarios of every registered ruleset, in turn) and seed; then
  # 100 "legal command k" triples
  python3 - "$i" > "fuzz/corpus/commands/seed-$i" <<'EOF'
import sys, random
i = int(sys.argv[1])
r = random.Random(i)
out = bytes([i]) + b"".join(bytes([r.randrange(160), r.randrange(256), r.randrange(256)]) for _ in range(100))
sys.stdout.buffer.write(out)
EOF
done
echo "corpora: $(ls fuzz/corpus/scenario | wc -l) scenario, $(ls fuzz/corpus/save | wc -l) save, $(ls fuzz/corpus/commands | wc -l) commands"
