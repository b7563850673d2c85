#!/usr/bin/env bash
# Lints every shell script the repository holds (the Tools scripts in every room, the Slurm script in
# Deploy/cluster, .ci/run) with shellcheck, and checks each parses (bash -n). Seconds; .ci/run starts it
# beside the tests.
#
#   Tools/checks/check-shell.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v shellcheck >/dev/null || { echo "Tools/checks/check-shell.sh: shellcheck is not installed; run Tools/setup.sh" >&2; exit 1; }
mapfile -t scripts < <(git ls-files '*.sh' '*.sbatch' .ci/run)
for script in "${scripts[@]}"; do
    bash -n "$script" || { echo "Tools/checks/check-shell.sh: $script has a bash syntax error" >&2; exit 1; }
done
shellcheck "${scripts[@]}" || { echo "Tools/checks/check-shell.sh: shellcheck found problems (above)" >&2; exit 1; }
echo "Tools/checks/check-shell.sh: ${#scripts[@]} scripts pass bash -n and shellcheck"
