#!/usr/bin/env bash
# Renders a fixed list of configurations with two shatter binaries on the CPU backend and fails on any
# frame that differs, naming it: the check that a refactor left every frame byte for byte as it was.
#
#   Tools/checks/frame-identity.sh OLD_SHATTER NEW_SHATTER
#
# Frames are compared as decoded pixels (`shatter compare --dirs … --max-different-pixels 0`, the
# new binary's) and, first, as PNG bytes; manifests are not compared (they name the build). About
# a minute on two cores for a release build.
set -euo pipefail

if [[ $# -ne 2 || ! -x "$1" || ! -x "$2" ]]; then
    echo "usage: Tools/checks/frame-identity.sh OLD_SHATTER NEW_SHATTER (two executable shatter binaries)" >&2
    exit 2
fi
old=$1
new=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/frame-identity.XXXXXX")
trap 'rm -rf "$work"' EXIT

# name | render arguments. The shattered transition on every sprite path (the small-sprite kernel at
# point sizes 1 and 2, the binned path above and without a tap table, the stepped physics, pieces of
# two widths at sizes off the whole pixels), then the other effects, the dust at every kind of layer
# count, size and scale (its layer spans, `dust_layers.c`).
configurations=(
    "shatter-p1|shatter --point-size 1 --fps 10"
    "shatter-p2|shatter --point-size 2 --fps 10"
    "shatter-p3|shatter --point-size 3 --fps 10"
    "shatter-p4|shatter --point-size 4 --fps 10"
    "shatter-p8|shatter --point-size 8 --fps 10"
    "shatter-p16|shatter --point-size 16 --fps 10"
    "shatter-scale2-p1|shatter --scale 2 --point-size 1 --fps 10"
    "shatter-textbook|shatter --physics textbook --fps 10"
    "shatter-euler60|shatter --physics textbook,euler60 --fps 10"
    "shatter-euler60-p1|shatter --physics textbook,euler60 --point-size 1 --fps 10"
    "shatter-nearest-p1|shatter --filter nearest --point-size 1 --fps 10"
    "shatter-nearest-p2|shatter --filter nearest --point-size 2 --fps 10"
    "shatter-nearest-p4|shatter --filter nearest --point-size 4 --fps 10"
    "shatter-480-p1|shatter --size 480x270 --point-size 1 --fps 10"
    "shatter-480-p2|shatter --size 480x270 --point-size 2 --fps 10"
    "shatter-480-p5|shatter --size 480x270 --point-size 5 --fps 10"
    "shatter-480-euler60|shatter --size 480x270 --physics textbook,euler60 --point-size 2 --fps 10"
    "shatter-480-nearest|shatter --size 480x270 --filter nearest --point-size 1 --fps 10"
    "shatter-1080-p1|shatter --size 1920x1080 --point-size 1 --fps 5"
    "shatter-1080-p2|shatter --size 1920x1080 --point-size 2 --fps 5"
    "shatter-1080-nearest-p1|shatter --size 1920x1080 --filter nearest --point-size 1 --fps 5"
    "shatter-1080-auto|shatter --size 1920x1080 --point-size auto --fps 5"
    "shatter-480-p1.375|shatter --size 480x270 --point-size 1.375 --fps 10"
    "shatter-480-p2.5-nearest|shatter --size 480x270 --point-size 2.5 --filter nearest --fps 10"
    "shatter-480-p5.375-euler60|shatter --size 480x270 --point-size 5.375 --physics textbook,euler60 --fps 10"
    "breathe|breathe --fps 5"
    "dust|dust --fps 5"
    "dust-reverse|dust --reverse --fps 5"
    "dust-layers1|dust --layers 1 --fps 5"
    "dust-layers255|dust --layers 255 --fps 5"
    "dust-1001x777|dust --size 1001x777 --fps 5"
    "dust-scale2|dust --scale 2 --fps 5"
    "dust-css-seed7|dust --path css --seed 7 --background 204060 --fps 5"
    "dust-1080|dust --size 1920x1080 --fps 5"
    "splash|splash --fps 5"
    "sprite|sprite --fps 5"
)
# A snapshot of the user's kind: an odd size, stretched to the screen, with translucent pixels (the
# texel taps clamped at its edges, the blends' alpha). Drawn by ffmpeg, which Tools/setup.sh installs.
if command -v ffmpeg >/dev/null; then
    ffmpeg -v error -f lavfi -i "testsrc2=size=333x517:rate=1,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='mod(7*X+13*Y,256)'" \
        -frames:v 1 "$work/odd.png"
    for size in 1 2 4; do configurations+=("shatter-odd-p$size|shatter --from $work/odd.png --size 480x270 --point-size $size --fps 10"); done
    configurations+=("shatter-odd-nearest-p1|shatter --from $work/odd.png --size 480x270 --filter nearest --point-size 1 --fps 10")
    # The dust of a translucent snapshot stretched to another size (texels per pixel off 1).
    configurations+=("dust-odd|dust --from $work/odd.png --size 480x270 --fps 5")
else
    echo "frame-identity: no ffmpeg on PATH, so no odd-sized translucent snapshot (Tools/setup.sh installs it)" >&2
fi

failed=0
for configuration in "${configurations[@]}"; do
    name=${configuration%%|*}
    read -r -a arguments <<<"${configuration#*|}"
    for side in old new; do
        binary=$old
        [[ $side == new ]] && binary=$new
        if ! "$binary" render "${arguments[@]}" --backend cpu --compression 1 --out "$work/$side/$name" \
            >"$work/$side-$name.log" 2>&1; then
            echo "FAIL $name: $side binary failed: $(tail -n 1 "$work/$side-$name.log")"
            failed=1
            continue 2
        fi
    done
    count=0
    differing=()
    for frame in "$work/old/$name"/*.png; do
        base=$(basename "$frame")
        count=$((count + 1))
        if [[ ! -f "$work/new/$name/$base" ]]; then
            differing+=("$base (missing)")
        elif ! cmp -s "$frame" "$work/new/$name/$base"; then
            differing+=("$base")
        fi
    done
    extra=$(comm -13 <(cd "$work/old/$name" && find . -maxdepth 1 -name '*.png' | sort) <(cd "$work/new/$name" && find . -maxdepth 1 -name '*.png' | sort) | wc -l)
    if ((${#differing[@]} > 0 || extra > 0 || count == 0)); then
        # Bytes differ: the decoded pixels decide.
        if ((extra == 0 && count > 0)) &&
            "$new" compare --dirs "$work/old/$name" "$work/new/$name" --max-different-pixels 0 --out "$work/report-$name" \
                >"$work/compare-$name.log" 2>&1; then
            echo "ok   $name: $count frames, pixels identical (PNG bytes differ: ${differing[*]})"
            continue
        fi
        echo "FAIL $name: $count frames; differing: ${differing[*]:-none}; frames only in the new: $extra"
        failed=1
    else
        echo "ok   $name: $count frames identical"
    fi
    rm -rf "$work/old/$name" "$work/new/$name"
done
if ((failed)); then
    echo "frame-identity: some frames differ" >&2
    exit 1
fi
echo "frame-identity: every frame identical"
