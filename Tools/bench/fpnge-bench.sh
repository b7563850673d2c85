#!/usr/bin/env bash
# Times Shatter's level-1 PNG encoder (with the file's CRC and the frame's two XXH3-128 digests, what
# `shatter render` spends on a frame after drawing it) beside fpnge (github veluca93/fpnge, the fastest
# PNG encoder known) at its level 1 and its default level, on the shattered transition's own 1080p
# frames: the noisy checker snapshot (Tools/bench/peer/make-inputs.py) and the demo's UI page, each over a
# flat destination, at 10 fps (every frame of the transition) and point sizes 1, 4 and 16. One process
# per frame set, one core; for each frame the three encoders take turns REPEAT times, and each one's
# median thread CPU time is kept (Tools/bench/fpnge-bench.cc). Prints a Markdown table; the ratios
# are within one run, so machine noise falls on all three. Not part of `swift test` or CI.
#
#   Tools/bench/fpnge-bench.sh FPNGE_SOURCE_DIR                    # a checkout of veluca93/fpnge
#   REPEAT=5 SHATTER=/path/to/release/shatter Tools/bench/fpnge-bench.sh FPNGE_SOURCE_DIR
#
# fpnge is built with g++ $FPNGE_FLAGS (-O3 -mavx2 unless set; -march=native, as fpnge's build.sh, also
# gives it PCLMUL for its CRC); Shatter's encoder is compiled from this checkout with clang -O3 and run
# as its AVX2 twin (TWIN=0 runs the baseline one). KEEP_ALPHA=1 has Shatter write every frame as RGBA, as
# `--keep-alpha` does (and fpnge always does), instead of RGB where the frame is opaque.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [[ $# -ne 1 || ! -f "$1/fpnge.cc" ]]; then
    echo "usage: Tools/bench/fpnge-bench.sh FPNGE_SOURCE_DIR (a checkout of github.com/veluca93/fpnge, with fpnge.cc)" >&2
    exit 64
fi
fpnge=$1
repeat=${REPEAT:-3}
twin=${TWIN:-1}
keep_alpha=${KEEP_ALPHA:-0}
if ! [[ "$repeat" =~ ^[1-9][0-9]*$ ]]; then echo "Tools/bench/fpnge-bench.sh: REPEAT must be a whole number ≥ 1, not '$repeat'" >&2; exit 64; fi
if ! [[ "$twin" =~ ^[01]$ ]]; then echo "Tools/bench/fpnge-bench.sh: TWIN must be 0 (baseline) or 1 (AVX2), not '$twin'" >&2; exit 64; fi
if ! [[ "$keep_alpha" =~ ^[01]$ ]]; then echo "Tools/bench/fpnge-bench.sh: KEEP_ALPHA must be 0 or 1, not '$keep_alpha'" >&2; exit 64; fi
alpha=()
if [[ "$keep_alpha" == 1 ]]; then alpha=(keep-alpha); fi
work=.build/fpnge-bench
mkdir -p "$work"

# The noisy snapshot's drawing needs the peer's pinned packages; and the shatter binary.
venv=.build/peer-venv
shatter=$(Tools/bench/peer/prepare.sh)
"$venv/bin/python" Tools/bench/peer/make-inputs.py --size 1920x1080 "$work/noisy.png" "$work/flat.png"
rm -rf "$work/ui"
"$shatter" render shatter --size 1920x1080 --frames 0-0 --backend cpu --quiet --out "$work/ui"
cp "$work/ui/frame-00000.png" "$work/ui.png"

include=(-ISources/CFastPNG/include -ISources/CShatterCPU/include -ISources/CFastDigest/include -I"$fpnge")
read -r -a flags <<<"${FPNGE_FLAGS:--O3 -mavx2}"
g++ "${flags[@]}" -DNDEBUG -c "$fpnge/fpnge.cc" -o "$work/fpnge.o"
# Shatter's side as the shatter binary builds it: the encoder, the opaque rows' packer, and the digests'
# loops (CFastDigest's twins, the widest the processor runs picked by CShatterCPU's probe).
shatter_c=(Sources/CFastPNG/fast_png.c Sources/CFastPNG/opaque_rgb.c Sources/CShatterCPU/cpu_tier.c Sources/CFastDigest/fast_digest.c
    Sources/CFastDigest/xxh3_avx2.c Sources/CFastDigest/xxh3_avx512.c)
objects=()
for source in "${shatter_c[@]}"; do
    object="$work/$(basename "$source" .c).o"
    clang -O3 "${include[@]}" -c "$source" -o "$object"
    objects+=("$object")
done
g++ -O3 "${include[@]}" Tools/bench/fpnge-bench.cc "$work/fpnge.o" "${objects[@]}" -ldeflate -lxxhash -o "$work/bench"

echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg); fpnge: g++ ${flags[*]}; Shatter: $([[ "$keep_alpha" == 1 ]] && echo "every frame RGBA" || echo "RGB where opaque")" >&2
echo "| frames | Shatter level 1 + digests | fpnge level 1 | fpnge default (4) | Shatter − fpnge default | Shatter's size ÷ fpnge default's |"
echo "|---|---:|---:|---:|---:|---:|"
for snapshot in noisy ui; do
    for size in 1 4 16; do
        frames="$work/$snapshot-p$size.rgba"
        "$shatter" render shatter --from "$work/$snapshot.png" --to "$work/flat.png" --size 1920x1080 --fps 10 \
            --point-size "$size" --backend cpu --quiet --pipe rgba >"$frames"
        "$work/bench" "$frames" 1920 1080 "$repeat" "$twin" "${alpha[@]}" | awk -F'\t' -v name="$snapshot p$size" '{
            split($3, s, " "); split($4, a, " "); split($5, b, " ");
            printf "| %s (%s) | %s ms, %s kB | %s ms, %s kB | %s ms, %s kB | %+.2f ms | %.2f |\n",
                name, $2, s[2], s[4], a[2], a[4], b[2], b[4], s[2] - b[2], s[4] / b[4] }'
        rm -f "$frames"
    done
done
