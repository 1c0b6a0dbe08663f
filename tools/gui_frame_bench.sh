#!/bin/sh
# Frame-time benchmark of the game window (DESIGN.md, Targets: "a steady frame under Mesa's software
# renderer (Xvfb + lavapipe) no slower than 1.5x an empty Bevy 2D scene's, measured side by side").
#
#   tools/gui_frame_bench.sh [FRAMES]       (default 300)
#   SALIENT_BIN=/path/to/salient tools/gui_frame_bench.sh   (that binary, not this tree's)
#
# Builds the release binary, then runs, one after the other in the same virtual display settings:
#   1. an empty Bevy 2D scene (a camera and nothing else), with the same window, plugins and present
#      mode (SALIENT_BENCH_EMPTY=1);
#   2. the game window on scenario 2 (the whole Villers-Bretonneux map, every counter, the panels),
#      fitted to the window, hot-seat so no computer player runs in the background (the hand-over
#      screen is not shown while benchmarking).
#   3. the main menu, for its start-up time and memory.
# Each times FRAMES frames after a 60-frame warm-up (SALIENT_BENCH_FRAMES=N, a hidden switch of
# `salient play`) and prints mean, median and 95th percentile, the resident memory at the end and at
# its peak, and the time from the process's start to its first frame. The script prints the ratio of
# the medians (issue 13's target: 1.3), the map's resident memory against the empty scene's (target:
# 1.3x) and the menu's start-up (target: under 2 s), and exits 1 if the frame ratio is above 1.5.
set -eu
cd "$(dirname "$0")/.."
FRAMES=${1:-300}
TARGET=${CARGO_TARGET_DIR:-target}
# SALIENT_BIN=path: measure that binary instead of building this tree's (a before/after comparison).
if [ -n "${SALIENT_BIN:-}" ]; then
    BIN="$SALIENT_BIN"
else
    cargo build --release --quiet
    BIN="$TARGET/release/salient"
fi
USER_DIR=$(mktemp -d)
trap 'rm -rf "$USER_DIR"' EXIT
run() {
    env SALIENT_USER_DIR="$USER_DIR" VK_ICD_FILENAMES="${VK_ICD_FILENAMES:-/usr/share/vulkan/icd.d/lvp_icd.x86_64.json}" \
        xvfb-run -a -s "-screen 0 1600x900x24" "$@" 2>/dev/null | grep '^bench'
}
EMPTY=$(SALIENT_BENCH_EMPTY=1 SALIENT_BENCH_FRAMES=$FRAMES run "$BIN" play)
MAP=$(SALIENT_BENCH_FRAMES=$FRAMES run "$BIN" play scenarios/bastards/second-villers-bretonneux.ron --ai none)
MENU=$(SALIENT_BENCH_FRAMES=$FRAMES run "$BIN" play)
echo "$EMPTY"
echo "$MAP"
echo "$MENU"
median() { sed -n 's/.*median \([0-9.]*\) ms.*/\1/p'; }
E=$(echo "$EMPTY" | median)
M=$(echo "$MAP" | median)
RATIO=$(awk -v m="$M" -v e="$E" 'BEGIN { printf "%.2f", m / e }')
echo "ratio (map / empty scene, medians): $RATIO (target <= 1.5; issue 13: 1.3)"
rss() { sed -n 's/.* rss \([0-9]*\) MB.*/\1/p'; }
awk -v m="$(echo "$MAP" | rss)" -v e="$(echo "$EMPTY" | rss)" 'BEGIN { printf "resident memory: map %d MB, empty scene %d MB, ratio %.2f (target <= 1.3)\n", m, e, m / e }'
echo "start-up to the menu's first frame: $(echo "$MENU" | sed -n 's/.*first-frame \([0-9]*\) ms.*/\1/p') ms (target < 2000)"
awk -v r="$RATIO" 'BEGIN { exit !(r <= 1.5) }'
