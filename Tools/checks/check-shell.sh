#!/usr/bin/env bash
# Lints every shell script the repository holds (the Tools scripts in every room, the Slurm script in
# Deploy/cluster, .ci/run) with shellcheck, checks each parses (bash -n), and finds what shellcheck
# lets pass: a pipe into a reader that may stop early (`grep -q`, `grep -m`, `head`). Under pipefail
# such a pipe fails when the reader, having what it wants, exits before the writer has written all:
# the writer dies of SIGPIPE (status 141), and the pipe with it. Tools/install-obs.sh's `nm | grep -q`
# failed so in CI (nm's 4,150 bytes, two writes: six runs in ten here). Give the reader the text whole
# instead (`grep -q PATTERN <<<"$text"`). Seconds; .ci/run starts it beside the tests.
#
#   Tools/checks/check-shell.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v shellcheck >/dev/null || { echo "Tools/checks/check-shell.sh: shellcheck is not installed; run Tools/setup.sh" >&2; exit 1; }
mapfile -t scripts < <(git ls-files '*.sh' '*.sbatch' .ci/run)
for script in "${scripts[@]}"; do
    bash -n "$script" || { echo "Tools/checks/check-shell.sh: $script has a bash syntax error" >&2; exit 1; }
done
# A single | (not ||) into head, or into grep with -q, --quiet, --silent or -m among its options,
# outside comments.
early_reader='(^|[^|])\|[[:space:]]*(head([[:space:]]|$)|grep([[:space:]]+-[^[:space:]]+)*[[:space:]]+(-[[:alnum:]]*[qm][[:alnum:]]*|--quiet|--silent|--max-count[=[:alnum:]]*)([[:space:]]|$))'
if found=$(grep -nE "$early_reader" "${scripts[@]}" | grep -Ev '^[^:]+:[0-9]+:[[:space:]]*#'); then
    echo "Tools/checks/check-shell.sh: a pipe into grep -q, grep -m or head fails under pipefail when the reader quits before the writer ends (SIGPIPE); give it the text whole (grep -q PATTERN <<<\"\$text\"):" >&2
    echo "$found" >&2
    exit 1
fi
shellcheck "${scripts[@]}" || { echo "Tools/checks/check-shell.sh: shellcheck found problems (above)" >&2; exit 1; }
echo "Tools/checks/check-shell.sh: ${#scripts[@]} scripts pass bash -n and shellcheck, and none pipes into a reader that stops early"
