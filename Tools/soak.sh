#!/usr/bin/env bash
# Soak: renders FRAMES (default 10000) small frames of all four effects on each backend in one
# process, through the frame pipeline, and prints resident memory and live GL objects after warm-up
# and at the end. Runs only the soak tests (Tests/ShatterGLTests/SoakTests.swift), alone, on the debug build.
#
#   Tools/soak.sh            # 10,000 frames per backend
#   Tools/soak.sh 2000
set -euo pipefail
cd "$(dirname "$0")/.."
frames=${1:-10000}
[[ "$frames" =~ ^[0-9]+$ ]] && [ "$frames" -ge 100 ] || { echo "usage: Tools/soak.sh [FRAMES ≥ 100]" >&2; exit 64; }
SHATTER_SOAK_FRAMES="$frames" swift test --filter SoakTests 2>&1 | grep -E '^soak |✘|passed after|failed after|error:'
