#!/usr/bin/env bash
# Times the shattered transition at 1920x1080 for each backend and point size, from a release build:
# ms per frame for rendering alone (GL: draw + readback), for PNG encoding + writing (on the other
# cores, overlapping the next render), and for render + PNG end to end (wall time / frames).
# Usage: Tools/measure-shatter.sh [runs=5] [frames=21]. Prints medians over the runs.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
frames=${2:-21}
swift build -c release --product shatter >/dev/null
bin=.build/release/shatter
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
duration=$(python3 -c "print(($frames - 1) / 20)")
printf '%-8s %6s %7s %16s %14s %22s\n' backend point frames "render ms/frame" "PNG ms/frame" "render+PNG ms/frame"
for backend in cpu gl; do
    for point in 1 2 4 16; do
        renders=() totals=() encodes=()
        for _ in $(seq "$runs"); do
            line=$("$bin" render shatter --size 1920x1080 --point-size "$point" --duration "$duration" --fps 20 \
                --backend "$backend" --out "$out/$backend-$point")
            # "Rendered N frames to DIR/ in T s (...; render R s, PNG P s over all cores)"
            totals+=("$(sed -E 's/.* in ([0-9.]+) s .*/\1/' <<<"$line")")
            renders+=("$(sed -E 's/.*render ([0-9.]+) s.*/\1/' <<<"$line")")
            encodes+=("$(sed -E 's/.*PNG ([0-9.]+) s.*/\1/' <<<"$line")")
        done
        python3 - "$frames" "${renders[*]}" "${totals[*]}" "${encodes[*]}" "$backend" "$point" <<'PY'
import statistics, sys
frames = int(sys.argv[1])
def per_frame(values):
    return statistics.median(float(x) for x in values.split()) * 1000 / frames
render, total, encode = per_frame(sys.argv[2]), per_frame(sys.argv[3]), per_frame(sys.argv[4])
print(f"{sys.argv[5]:<8} {sys.argv[6]:>6} {frames:>7} {render:>16.1f} {encode:>14.1f} {total:>22.1f}")
PY
    done
done
