#!/bin/sh
# Frame-time benchmark of the game window (DESIGN.md, Targets: "a steady frame under Mesa's software
# renderer (Xvfb + lavapipe) no slower than 1.5x an empty Bevy 2D scene's, measured side by side").
#
#   tools/gui_frame_bench.sh [FRAMES]       (default 300)
#
# Builds the release binary, then runs, one after the other in the same virtual display settings:
#   1. an empty Bevy 2D scene (a camera and nothing else), with the same window, plugins and present
#      mode (SALIENT_BENCH_EMPTY=1);
#   2. the game window on scenario 2 (the whole Villers-Bretonneux map, every counter, the panels),
#      fitted to the window, hot-seat so no computer player runs in the background (the hand-over
#      screen is not shown while benchmarking).
# Each times FRAMES frames after a 60-frame warm-up (SALIENT_BENCH_FRAMES=N, a hidden switch of
# `salient play`) and prints mean, median and 95th percentile; the script prints the ratio of the
# medians and exits 1 if it is above 1.5.
set -eu
cd "$(dirname "$0")/.."
FRAMES=${1:-300}
TARGET=${CARGO_TARGET_DIR:-target}
cargo build --release --quiet
BIN="$TARGET/release/salient"
USER_DIR=$(mktemp -d)
trap 'rm -rf "$USER_DIR"' EXIT
run() {
    env SALIENT_USER_DIR="$USER_DIR" VK_ICD_FILENAMES="${VK_ICD_FILENAMES:-/usr/share/vulkan/icd.d/lvp_icd.x86_64.json}" \
        xvfb-run -a -s "-screen 0 1600x900x24" "$@" 2>/dev/null | grep '^bench'
}
EMPTY=$(SALIENT_BENCH_EMPTY=1 SALIENT_BENCH_FRAMES=$FRAMES run "$BIN" play)
MAP=$(SALIENT_BENCH_FRAMES=$FRAMES run "$BIN" play scenarios/bastards/second-villers-bretonneux.ron --ai none)
echo "$EMPTY"
echo "$MAP"
median() { sed -n 's/.*median \([0-9.]*\) ms.*/\1/p'; }
E=$(echo "$EMPTY" | median)
M=$(echo "$MAP" | median)
RATIO=$(awk -v m="$M" -v e="$E" 'BEGIN { printf "%.2f", m / e }')
echo "ratio (map / empty scene, medians): $RATIO (target <= 1.5)"
awk -v r="$RATIO" 'BEGIN { exit !(r <= 1.5) }'
