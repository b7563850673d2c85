#!/usr/bin/env bash
# Checks the scheduler files in Tools/cluster: the Slurm script passes bash -n and shellcheck (with
# the other Tools scripts), the Kubernetes jobs pass kubernetes-validate --strict and the render job
# is a sharded GPU render, and three Slurm array tasks run here, with the environment Slurm gives each, merge
# into the whole render. Run by .ci/run after `swift test` (whose build gives the shatter binary).
#
#   Tools/check-cluster.sh
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "Tools/check-cluster.sh: $*" >&2; exit 1; }
slurm=Tools/cluster/shatter-array.sbatch
kubernetes=Tools/cluster/shatter-indexed-job.yaml

bash -n "$slurm" || fail "$slurm has a bash syntax error"
command -v shellcheck >/dev/null || fail "shellcheck is not installed; run Tools/setup.sh"
shellcheck "$slurm" Tools/*.sh .ci/run || fail "shellcheck found problems (above)"

if command -v kubernetes-validate >/dev/null; then
    for job in Tools/cluster/*.yaml; do
        kubernetes-validate --strict "$job" >/dev/null || fail "$job fails kubernetes-validate --strict"
    done
else
    # Tools/setup.sh installs it from PyPI where it can; without it only the schema check is left out.
    echo "Tools/check-cluster.sh: skipped the Kubernetes schema check: kubernetes-validate is not installed (pip install kubernetes-validate)"
fi
# What makes it a sharded render on GPU nodes, whatever the schema allows.
for needle in "completionMode: Indexed" "nvidia.com/gpu: 1" "--shards=8" "completions: 8" "mountPath: /out" \
    "key: nvidia.com/gpu.product"; do
    grep -qF -- "$needle" "$kubernetes" || fail "$kubernetes lacks '$needle'"
done

swift build --product shatter >/dev/null
shatter="$(swift build --show-bin-path)/shatter"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/shatter-check-cluster.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
out="$scratch/frames"
for task in 1 2 3; do  # sbatch --array=1-3
    SLURM_ARRAY_TASK_ID=$task SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_COUNT=3 \
        SHATTER_BIN="$shatter" SHATTER_OUT="$out" SHATTER_BACKEND=cpu \
        "$slurm" shatter --size 32x24 --fps 10 >/dev/null || fail "Slurm array task $task failed"
done
shards=$(cd "$out" && printf '%s ' *)
[ "$shards" = "shard-0 shard-1 shard-2 " ] || fail "the array tasks wrote $shards, not shard-0…2"
shard2=("$out"/shard-2/frame-*.png)
[ "${shard2[0]##*/}" = "frame-00002.png" ] || fail "shard 2 does not start at frame 2 but at ${shard2[0]##*/}"
merged=$("$shatter" manifest merge "$out"/shard-0 "$out"/shard-1 "$out"/shard-2)
[[ "$merged" == "Merged 3 manifests: 13 of 13 frames"* ]] || fail "the shards do not merge into 13 frames: $merged"
echo "Tools/check-cluster.sh: Slurm and Kubernetes files check out; 3 array tasks merge into 13 of 13 frames"
