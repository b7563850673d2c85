#!/usr/bin/env bash
# Soak: renders FRAMES (default 10000) small frames of all four effects on each backend in one
# process, through the frame pipeline (Tests/ShatterGLTests/SoakTests.swift, run alone on the debug
# build), and fails when resident memory grows by more than SHATTER_SOAK_ALLOWED_MB (default 6)
# between the end of warm-up and the last frame. A leak of one 48×48 frame per frame would be 90 MB
# over 10,000 frames; of one 375×667 screen per effect rebuild, 7 MB over 300.
# The test itself checks, in every `swift test`, that unused textures, grids and GL objects are freed;
# resident memory is checked only here, where nothing else runs in the process.
#
#   Tools/checks/soak.sh            # 10,000 frames per backend
#   Tools/checks/soak.sh 2000
set -euo pipefail
cd "$(dirname "$0")/../.."
frames=${1:-10000}
if ! [[ "$frames" =~ ^[0-9]+$ ]] || [ "$frames" -lt 100 ]; then echo "usage: Tools/checks/soak.sh [FRAMES ≥ 100]" >&2; exit 64; fi
allowed=$(( ${SHATTER_SOAK_ALLOWED_MB:-6} * 1024 * 1024 ))

log=$(mktemp "${TMPDIR:-/tmp}/shatter-soak.XXXXXX")
trap 'rm -f "$log"' EXIT
status=0
SHATTER_SOAK_FRAMES="$frames" swift test --filter SoakTests >"$log" 2>&1 || status=$?
grep -E '^soak |✘|passed after|failed after|error:' "$log" || true
[ "$status" -eq 0 ] || { echo "Tools/checks/soak.sh: the soak tests failed (exit $status)" >&2; exit "$status"; }

checked=0
while read -r _ backend growth; do
    checked=$((checked + 1))
    if [ "$growth" -gt "$allowed" ]; then
        echo "Tools/checks/soak.sh: resident memory on $backend grew by $growth bytes over $frames frames, over the allowed $allowed" >&2
        status=1
    fi
done < <(grep -E '^soak-resident [a-z]+ -?[0-9]+$' "$log")
[ "$checked" -gt 0 ] || { echo "Tools/checks/soak.sh: the soak tests printed no resident-memory figures" >&2; exit 1; }
[ "$status" -eq 0 ] && echo "Tools/checks/soak.sh: resident memory stayed within $allowed bytes on $checked backend(s) over $frames frames"
exit "$status"
