#!/usr/bin/env bash
# Checks the scheduler files in Deploy/cluster: the Slurm script passes bash -n (shellcheck lints it with
# every other script: Tools/checks/check-shell.sh), the Kubernetes jobs pass kubernetes-validate --strict and the render job
# is a sharded GPU render, and the Slurm script runs as a job array of three tasks on a single-node
# Slurm started here for the purpose (Tools/checks/local-slurm.sh), whose shards merge into the whole render.
# Where that Slurm cannot start (not root, or slurm-wlm and munge missing) the tasks run with the
# environment Slurm gives each instead, and the output says it was a simulation and why.
# Run by .ci/run beside the tests, once their build gives the shatter binary (Tools/checks/debug-shatter.sh).
#
#   Tools/checks/check-cluster.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() { echo "Tools/checks/check-cluster.sh: $*" >&2; exit 1; }
slurm=Deploy/cluster/shatter-array.sbatch
kubernetes=Deploy/cluster/shatter-indexed-job.yaml

bash -n "$slurm" || fail "$slurm has a bash syntax error"

if command -v kubernetes-validate >/dev/null; then
    for job in Deploy/cluster/*.yaml; do
        kubernetes-validate --strict "$job" >/dev/null || fail "$job fails kubernetes-validate --strict"
    done
else
    # Tools/setup.sh installs it from PyPI where it can; without it only the schema check is left out.
    echo "Tools/checks/check-cluster.sh: skipped the Kubernetes schema check: kubernetes-validate is not installed (pip install kubernetes-validate)"
fi
# What makes it a sharded render on GPU nodes, whatever the schema allows.
for needle in "completionMode: Indexed" "nvidia.com/gpu: 1" "--shards=8" "completions: 8" "mountPath: /out" \
    "key: nvidia.com/gpu.product"; do
    grep -qF -- "$needle" "$kubernetes" || fail "$kubernetes lacks '$needle'"
done

shatter=$(Tools/checks/debug-shatter.sh) || fail "no debug shatter (above)"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/shatter-check-cluster.XXXXXX")
chmod 711 "$scratch" # munged wants every folder above its socket searchable by all (not readable)
slurm_dir="$scratch/slurm"
sbatch_pid=""
# On any exit, Ctrl-C included: the waiting sbatch, then the jobs and daemons, then the files.
clean_up() {
    [ -z "$sbatch_pid" ] || kill "$sbatch_pid" 2>/dev/null || true
    Tools/checks/local-slurm.sh stop "$slurm_dir" || true
    rm -rf "$scratch"
}
trap clean_up EXIT
out="$scratch/frames"
logs="$scratch/logs"
mkdir "$logs"
options=(shatter --size 32x24 --fps 10) # 13 frames
# The script's own defaults ask for a GPU; these machines have none, so the tasks render on the CPU.
export SHATTER_BIN="$shatter" SHATTER_OUT="$out" SHATTER_BACKEND=cpu

# A real single-node Slurm where one can start (root, Debian's slurm-wlm and munge); else the
# tasks run here with the environment Slurm would give them, and the output says so.
if Tools/checks/local-slurm.sh start "$slurm_dir" 2>"$scratch/slurm-start"; then
    export SLURM_CONF="$slurm_dir/slurm.conf"
    # The script's #SBATCH lines ask for a GPU, 4 CPUs and 8 GB each; the command line overrides them
    # for a node without GPUs and with 2 cores, and collects the tasks' logs where they are read below.
    # In the background, so that a signal reaches this script (and clean_up) at once.
    timeout 300 sbatch --wait --parsable --array=1-3 --gres=none --cpus-per-task=1 --mem=256M \
        --output="$logs/task-%a.log" "$slurm" "${options[@]}" >"$scratch/job" &
    sbatch_pid=$!
    status=0
    wait "$sbatch_pid" || status=$?
    sbatch_pid=""
    job=$(<"$scratch/job")
    [ "$status" -eq 0 ] || fail "the Slurm array (job ${job:-not submitted}) failed (sbatch exit $status);" \
        "its tasks' logs: $(tail -n 3 "$logs"/* 2>/dev/null)"
    tasks=$(scontrol -o show job "$job" | awk '{
        for (i = 1; i <= NF; i++) { split($i, pair, "="); field[pair[1]] = pair[2] }
        print field["ArrayTaskId"], field["JobState"], field["ExitCode"] }' | sort)
    expected=$(printf '%s COMPLETED 0:0\n' 1 2 3)
    [ "$tasks" = "$expected" ] || fail "Slurm's record of the array's tasks is not 3 completed with exit 0: $tasks"
    ran="on a real single-node Slurm ($(sinfo -V))"
else
    [ $? -eq 2 ] || fail "a local Slurm failed to start: $(cat "$scratch/slurm-start")"
    echo "Tools/checks/check-cluster.sh: SIMULATED Slurm, no scheduler runs the array here ($(cat "$scratch/slurm-start")):" \
        "its 3 tasks run one after another with the environment Slurm gives each"
    for task in 1 2 3; do # sbatch --array=1-3
        SLURM_ARRAY_TASK_ID=$task SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_COUNT=3 \
            "$slurm" "${options[@]}" >"$logs/task-$task.log" 2>&1 || fail "simulated Slurm array task $task failed"
    done
    ran="in a SIMULATED Slurm (see above)"
fi

# Each task says what it did: task t renders shard t − 1, frames ≡ t − 1 (mod 3) of 0…12.
for task in 1 2 3; do
    frames=$((task == 1 ? 5 : 4))
    grep -qF "Rendered $frames frames to $out/shard-$((task - 1))/" "$logs/task-$task.log" \
        || fail "array task $task did not say it rendered $frames frames into shard-$((task - 1)); its log: $(cat "$logs/task-$task.log")"
done
shards=$(cd "$out" && printf '%s ' *)
[ "$shards" = "shard-0 shard-1 shard-2 " ] || fail "the array tasks wrote $shards, not shard-0…2"
shard2=("$out"/shard-2/frame-*.png)
[ "${shard2[0]##*/}" = "frame-00002.png" ] || fail "shard 2 does not start at frame 2 but at ${shard2[0]##*/}"
merged=$("$shatter" manifest merge "$out"/shard-0 "$out"/shard-1 "$out"/shard-2 --out "$scratch/manifest.json")
[[ "$merged" == "Merged 3 manifests: 13 of 13 frames"* ]] || fail "the shards do not merge into 13 frames: $merged"
# The shards together are the whole render, byte for byte.
"$shatter" render "${options[@]}" --backend cpu --out "$scratch/whole" >/dev/null
for frame in "$scratch"/whole/frame-*.png; do
    cmp -s "$frame" "$out"/shard-*/"${frame##*/}" || fail "${frame##*/} from the shards differs from the whole render's"
done
echo "Tools/checks/check-cluster.sh: Slurm and Kubernetes files check out; 3 array tasks ran $ran and merge into" \
    "13 of 13 frames, equal to a whole render"
