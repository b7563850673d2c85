#!/usr/bin/env bash
# Prints the path of the debug `shatter` the checks compare with: $SHATTER where set (.ci/run sets it to
# the tests' own build, so that a check can start while `swift test` holds SwiftPM's lock on .build),
# else this checkout's, built first (the build's output on standard error if it fails).
#
#   shatter=$(Tools/checks/debug-shatter.sh)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -n "${SHATTER:-}" ]; then
    [ -x "$SHATTER" ] || { echo "Tools/checks/debug-shatter.sh: SHATTER=$SHATTER is not an executable" >&2; exit 64; }
    echo "$SHATTER"
else
    log=$(swift build --product shatter 2>&1) \
        || { echo "$log" >&2; echo "Tools/checks/debug-shatter.sh: swift build --product shatter failed" >&2; exit 1; }
    echo "$(swift build --show-bin-path)/shatter"
fi
