#!/usr/bin/env bash
# For the benchmarks that compare Shatter with a peer (Tools/bench/peer-bench.sh, Tools/bench/fpnge-bench.sh), run
# from the repository root: installs the peer's pinned Python packages into their own virtual
# environment, .build/peer-venv (its Python also draws the inputs, Tools/bench/peer/make-inputs.py), and
# prints the path of the shatter binary to time: $SHATTER where set, else this checkout's release
# build, built first (its output on standard error).
set -euo pipefail
venv=.build/peer-venv
[ -x "$venv/bin/python" ] || python3 -m venv "$venv" >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r Tools/bench/peer/requirements.txt >&2
if [ -n "${SHATTER:-}" ]; then
    [ -x "$SHATTER" ] || { echo "SHATTER=$SHATTER is not an executable" >&2; exit 64; }
    echo "$SHATTER"
else
    swift build -c release --product shatter >&2
    echo "$(swift build -c release --show-bin-path)/shatter"
fi
