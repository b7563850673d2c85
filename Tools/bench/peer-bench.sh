#!/usr/bin/env bash
# Times Shatter against its speed peer (Tools/bench/peer/peer.py: moderngl on EGL, numpy, Pillow) on one
# spec: the shattered transition of a 1920×1080 noisy-checker snapshot over a flat destination,
# 25 frames at 20 fps, written as PNGs, for each point size. Each figure is a whole process, start
# to exit (decoding the inputs, building the grid, rendering, encoding and writing every frame),
# into a folder that does not exist yet. The two programs take turns, the peer first in odd runs,
# Shatter first in even ones, so that machine noise falls on both. Prints a Markdown table.
# See docs/peer-benchmark.md. Not part of `swift test` or CI: it takes minutes and needs a quiet machine.
#
#   Tools/bench/peer-bench.sh                          # point sizes 1 2 4 16, 3 runs each
#   RUNS=5 POINT_SIZES="2 16" Tools/bench/peer-bench.sh
#   SHATTER=/path/to/release/shatter Tools/bench/peer-bench.sh   # a binary built elsewhere
#   SNAPSHOT=ui Tools/bench/peer-bench.sh      # a snapshot that compresses like a UI screen (the demo's page,
#                                        # drawn by Shatter at 1920×1080) instead of the noisy checker
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${RUNS:-3}
read -r -a sizes <<<"${POINT_SIZES:-1 2 4 16}"
if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then echo "Tools/bench/peer-bench.sh: RUNS must be a whole number ≥ 1, not '$runs'" >&2; exit 64; fi
for size in "${sizes[@]}"; do
    if ! [[ "$size" =~ ^[1-9][0-9]*$ ]]; then
        echo "Tools/bench/peer-bench.sh: POINT_SIZES must be whole numbers ≥ 1 separated by spaces, not '$size'" >&2
        exit 64
    fi
done
width=1920 height=1080 fps=20 frames=25

# What both programs need: EGL and Mesa's llvmpipe (Tools/setup.sh), the peer's pinned packages in
# their own virtual environment, and Shatter's release build.
Tools/setup.sh
venv=.build/peer-venv
shatter=$(Tools/bench/peer/prepare.sh)

work=.build/peer-bench
mkdir -p "$work"
"$venv/bin/python" Tools/bench/peer/make-inputs.py --size "${width}x${height}" "$work/from.png" "$work/to.png"
case "${SNAPSHOT:-noisy}" in
noisy) ;;
ui)
    rm -rf "$work/ui"
    "$shatter" render shatter --size "${width}x${height}" --frames 0-0 --backend cpu --quiet --out "$work/ui"
    cp "$work/ui/frame-00000.png" "$work/from.png" ;;
*) echo "Tools/bench/peer-bench.sh: SNAPSHOT must be noisy or ui, not '${SNAPSHOT}'" >&2; exit 64 ;;
esac
log="$work/last-run.log"
results="$work/times.tsv"
: >"$results"

# time_one LABEL POINT_SIZE: runs one program into a fresh folder, checks it wrote every frame,
# appends "size<TAB>label<TAB>seconds" to the results and removes the frames (outside the timing).
time_one() {
    local label=$1 size=$2 out="$work/frames-$1"
    rm -rf "$out"
    local command=()
    case $label in
    peer)
        command=("$venv/bin/python" Tools/bench/peer/peer.py --from "$work/from.png" --to "$work/to.png"
            --size "${width}x${height}" --fps "$fps" --frames "$frames" --point-size "$size" --out "$out") ;;
    shatter)
        command=("$shatter" render shatter --from "$work/from.png" --to "$work/to.png"
            --size "${width}x${height}" --fps "$fps" --frames "0-$((frames - 1))" --point-size "$size"
            --backend cpu --quiet --out "$out") ;;
    esac
    local start end
    start=$(date +%s%N)
    if ! "${command[@]}" >"$log" 2>&1; then
        echo "Tools/bench/peer-bench.sh: $label failed at point size $size:" >&2
        cat "$log" >&2
        exit 1
    fi
    end=$(date +%s%N)
    local written
    written=$(find "$out" -name '*.png' | wc -l)
    if [ "$written" -ne "$frames" ]; then
        echo "Tools/bench/peer-bench.sh: $label wrote $written PNGs at point size $size, not $frames" >&2
        exit 1
    fi
    rm -rf "$out"
    printf '%s\t%s\t%s\n' "$size" "$label" "$(((end - start) / 1000000))" >>"$results"
}

echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores" >&2
"$venv/bin/python" -c 'import moderngl; c = moderngl.create_standalone_context(backend="egl"); print("peer GL:", c.info["GL_RENDERER"], "/", c.info["GL_VERSION"])' >&2
echo "shatter: $("$shatter" --version 2>/dev/null || echo unknown), --backend cpu" >&2
for size in "${sizes[@]}"; do
    for ((run = 1; run <= runs; run++)); do
        echo "point size $size, run $run of $runs" >&2
        if ((run % 2 == 1)); then order=(peer shatter); else order=(shatter peer); fi
        for label in "${order[@]}"; do time_one "$label" "$size"; done
    done
done

python3 - "$results" "$runs" "${SNAPSHOT:-noisy}" <<'EOF'
import statistics, sys
rows = [line.split("\t") for line in open(sys.argv[1]).read().splitlines()]
times = {}
for size, label, ms in rows:
    times.setdefault(int(size), {}).setdefault(label, []).append(int(ms) / 1000)
def cell(values):
    return f"{min(values):.2f}–{max(values):.2f}, {statistics.median(values):.2f}"
print(f"1920×1080, {sys.argv[3]} snapshot, 25 frames at 20 fps, whole process incl. PNG; {sys.argv[2]} runs each, min–max, median")
print()
print("| point size | peer s | Shatter s | speed-up |")
print("|---:|---:|---:|---:|")
for size, t in times.items():
    ratio = statistics.median(t["peer"]) / statistics.median(t["shatter"])
    print(f"| {size} | {cell(t['peer'])} | {cell(t['shatter'])} | {ratio:.1f}× |")
EOF
