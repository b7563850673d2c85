#!/usr/bin/env bash
# The first NVIDIA run of docs/gpu-box.md, as one script a GPU box runs unattended: every step bounded
# in time, its output in one log, its records beside it. Steps: the machine, `shatter info`, `probe
# --json`, the EGL shutdown trace, the parity matrix at 1920x1080, `bench` with one process and with
# four on the same GPU, and `render` at 1920x1080 on all cores, four and one (frames per second per core
# for render + encode + digest + write, the GPU box's real figure).
#
#   Tools/gpu-box-run.sh [--shatter BIN] [--out DIR]
#
# --shatter defaults to dist/shatter-linux-<arch>/shatter (Tools/bundle.sh); --out to gpu-box-run/.
# Rerunning replaces the records in --out. Exit code: 0 when it ran to the end (a step that failed says
# so in the log with its exit code), 2 on a usage error.
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd) || exit 2

shatter="$repo/dist/shatter-linux-$(uname -m)/shatter" out=gpu-box-run
while [ $# -gt 0 ]; do
    case "$1" in
    --shatter) shatter="${2:?--shatter needs a binary}"; shift 2 ;;
    --out) out="${2:?--out needs a folder}"; shift 2 ;;
    -h | --help) sed -n '2,12s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "Tools/gpu-box-run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
shatter=$(realpath -- "$shatter")
[ -x "$shatter" ] || { echo "Tools/gpu-box-run.sh: no shatter binary at $shatter; run Tools/bundle.sh or pass --shatter" >&2; exit 2; }
mkdir -p "$out" || exit 2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
hd=(--size 1920x1080)

# Runs one step under a time limit, its output into the log, and says how it ended.
step() {
    local limit=$1 name=$2
    shift 2
    echo "=== $(date +%T) $name: $*"
    timeout "$limit" "$@"
    echo "=== $name: exit $?"
}
render() { step "$1" "render on cores $2" taskset -c "$2" "$shatter" render shatter --backend gpu "${hd[@]}" --point-size auto --out "$scratch/render-$2" --overwrite; }

{
    echo "=== machine"
    nvidia-smi -L 2>&1
    echo "cores: $(nproc)"; grep -m1 'model name' /proc/cpuinfo
    step 30 version "$shatter" --version
    step 60 info "$shatter" info
    step 60 probe "$shatter" probe --json "$out/probe.json"
    SHATTER_EGL_TRACE=1 step 60 "shutdown trace" "$shatter" render shatter --backend gpu --frames 0-3 --out "$scratch/trace" --overwrite
    # Without the WebGL2 rows: SwiftShader is a CPU GL (proven in CI) and at 1080p would take the step's time.
    step 300 "parity matrix" "$repo/Tools/checks/parity-matrix.sh" --shatter "$shatter" "${hd[@]}" --no-webgl --out "$out/parity-matrix.md"
    step 180 "bench, one process" "$shatter" bench --backends gpu,cpu --point-sizes 1,2,4,8,16,32,auto "${hd[@]}" \
        --frame-count 12 --json "$out/bench.json"
    echo "=== bench, four processes on one GPU"
    for i in 1 2 3 4; do
        timeout 180 "$shatter" bench --backends gpu --point-sizes 1,4,16,auto "${hd[@]}" --frame-count 12 \
            --json "$out/bench-4-processes-$i.json" >"$scratch/bench-$i.txt" 2>&1 &
    done
    wait
    cat "$scratch"/bench-*.txt
    last=$(($(nproc) - 1))
    render 120 "0-$last"
    render 120 0-3
    render 180 0
    echo "=== $(date +%T) done"
} 2>&1 | tee "$out/log.txt"
