#!/usr/bin/env bash
# Checks Shatter's OBS Studio transition in the real libobs (Debian's OBS 29), headless under Xvfb. Run
# by .ci/run after `swift test` (whose build gives the debug `shatter` used here: Tools/checks/debug-shatter.sh):
#   1. installs what is missing of obs-studio, libobs-dev, xvfb (and libx11-dev to build the host);
#   2. Tools/install-obs.sh into a scratch HOME, as a newcomer installs it; what the module needs
#      (libc, libm, libstdc++, libgcc_s, libobs) and exports (OBS's module functions alone);
#   3. starts Xvfb on a free display and runs a host of our own (Tools/hosts/obs-test-host.c), which loads
#      the installed module through OBS's module path and checks the transition is listed, its
#      properties, the first frame (the outgoing scene), the last (the incoming), falling pieces in
#      between, the scenes' sound crossfaded, no allocation by the module per frame, and no leak over many transitions, at two canvas
#      sizes; the module prints nothing on stdout;
#   4. every frame the host took at a fixed instant (defaults, each property changed, reversed; the dust
#      with 32 and 16 layers) against `shatter render shatter` or `shatter join --transition dust` at
#      that instant: FuzzyRule.parity (`shatter compare --images`);
#   5. OBS Studio itself starts under Xvfb with the plugin and a scene collection holding the Shatter and
#      Shatter dust transitions: its log lists the module, and no error making either.
# It stops what it started (Xvfb, OBS) and removes its scratch folder.
#
#   Tools/checks/check-obs.sh [KEEP-DIR]   (KEEP-DIR: where to copy the host's frames, for a look)
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() { echo "Tools/checks/check-obs.sh: $*" >&2; exit 1; }
keep=${1:-}

# 1. Debian's OBS, its headers, and an X server without a screen.
packages=(obs-studio libobs-dev xvfb libx11-dev libpng-dev pkg-config)
missing=()
for package in "${packages[@]}"; do
    [ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" = "install ok installed" ] || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "Tools/checks/check-obs.sh: installing ${missing[*]} (Debian, apt-get)" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
for tool in swift cc readelf nm Xvfb obs ffmpeg; do
    command -v "$tool" >/dev/null || fail "$tool is not on PATH after installing ${packages[*]}"
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/shatter-check-obs.XXXXXX")
xvfb_pid="" obs_pid=""
cleanup() {
    [ -z "$obs_pid" ] || kill "$obs_pid" 2>/dev/null || true
    [ -z "$xvfb_pid" ] || kill "$xvfb_pid" 2>/dev/null || true
    [ -z "$obs_pid" ] || wait "$obs_pid" 2>/dev/null || true
    [ -z "$xvfb_pid" ] || wait "$xvfb_pid" 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT
home="$scratch/home"
mkdir -p "$home"

# 2. The release module, installed where OBS reads a user's plugins, in the scratch HOME (named, so
#    that swift keeps the real HOME's caches).
plugins="$home/.config/obs-studio/plugins"
Tools/install-obs.sh "$plugins/shatter" 2>"$scratch/install.log" \
    || { tail -30 "$scratch/install.log" >&2; fail "Tools/install-obs.sh failed"; }
so="$plugins/shatter/bin/64bit/shatter.so"
for file in "$so" "$plugins/shatter/data/shatter.effect" "$plugins/shatter/data/dust.effect"; do
    [ -f "$file" ] || fail "Tools/install-obs.sh left no $file"
done
needed=$(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
unexpected=$(grep -Ev '^(libc|libm|libstdc\+\+|libgcc_s|libobs|ld-linux-[a-z0-9_-]+)\.so' <<<"$needed" || true)
[ -z "$unexpected" ] || fail "shatter.so needs libraries an OBS user may lack: $(echo "$unexpected" | tr '\n' ' ')"
exported=$(nm -D --defined-only --extern-only "$so" | awk '{print $3}' | grep -Ev '^(obs_module_.*|obs_current_module)$' || true)
[ -z "$exported" ] || fail "shatter.so exports more than OBS's module functions: $(head -3 <<<"$exported" | tr '\n' ' ')"
grep -q 'Flags:.*NODELETE' <<<"$(readelf -d "$so")" || fail "shatter.so can be unloaded (it must be linked -z nodelete)"
echo "Tools/checks/check-obs.sh: shatter.so needs only $(echo "$needed" | tr '\n' ' ')and exports OBS's module functions alone" >&2

# 3. Xvfb on a display no one holds, and the host.
display=""
for n in $(seq 90 140); do
    if [ ! -e "/tmp/.X$n-lock" ] && [ ! -e "/tmp/.X11-unix/X$n" ]; then display=":$n"; break; fi
done
[ -n "$display" ] || fail "no free X display in :90 … :140"
Xvfb "$display" -screen 0 1280x720x24 -nolisten tcp >"$scratch/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
kill -0 "$xvfb_pid" 2>/dev/null || fail "Xvfb $display did not start: $(tail -3 "$scratch/xvfb.log")"

read -ra host_flags <<<"$(pkg-config --cflags --libs libobs x11 libpng)"
cc -O2 -Wall -Wextra -rdynamic Tools/hosts/obs-test-host.c -o "$scratch/obs-test-host" "${host_flags[@]}" -lpthread -ldl -lm
for size in 480x270 332x190; do
    w=${size%x*} h=${size#*x}
    out="$scratch/host-$size"
    mkdir -p "$out"
    HOME="$home" DISPLAY="$display" timeout 300 "$scratch/obs-test-host" "$plugins" "$out" "$w" "$h" \
        >"$out/stdout" 2>"$out/stderr" || { cat "$out/stderr" >&2; fail "the libobs host failed at $size (libobs' log: $out/libobs.log)"; }
    [ ! -s "$out/stdout" ] || fail "something printed on stdout in libobs at $size: $(head -c 200 "$out/stdout")"
    sed "s/^/  $size /" "$out/stderr" >&2
done

# 4. Each shot against the command line at its instant. The shatter: t · fall seconds (reversed:
#    (1 − t) · fall seconds, from the incoming picture to the outgoing), frame t·1000 of a 1000 fps
#    render. The dust: t · its length, 1.35·(N − 1)/N + 1 s for N layers, which is k/640 s for the N
#    the host uses: frame 640·length of `shatter join --transition dust` at 640/t fps, so the instant
#    is exact.
shatter=$(Tools/checks/debug-shatter.sh) || fail "no debug shatter to compare with (above)"
physics_names=("original,closed" "textbook,closed" "original,euler60" "textbook,euler60")
compared=0 identical=0
# same NAME SIZE CLI.png OBS.png: the two frames within FuzzyRule.parity.
same() {
    local name=$1 size=$2 cli=$3 obs=$4
    if ! "$shatter" compare --images "$cli" "$obs" --out "$scratch/compare-$size-$name" \
        >"$scratch/compare-$size-$name.txt" 2>&1; then
        cat "$scratch/compare-$size-$name.txt" >&2
        [ -z "$keep" ] || { mkdir -p "$keep" && cp -r "$scratch/compare-$size-$name" "$scratch/host-$size" "$keep/"; }
        fail "OBS's frame $name at $size is not the command line's at the same instant within FuzzyRule.parity"
    fi
    compared=$((compared + 1))
    ! grep -q IDENTICAL "$scratch/compare-$size-$name.txt" || identical=$((identical + 1))
}
for size in 480x270 332x190; do
    out="$scratch/host-$size"
    while read -r kind name t rest; do
        if [ "$kind" = dust ]; then
            read -r layers seed <<<"$rest"
            fps=$(awk -v t="$t" 'BEGIN { printf "%.6f", 640 / t }')
            frame=$(awk -v n="$layers" 'BEGIN { printf "%d", 640 * (1.35 * (n - 1) / n + 1) + 0.5 }')
            "$shatter" join "$out/a.png" "$out/b.png" --transition dust --layers "$layers" --seed "$seed" --fps "$fps" \
                --frames "$frame" --backend cpu --quiet --video "$scratch/cli-$size-$name.mkv" \
                || fail "shatter join failed for $name at $size"
            ffmpeg -nostdin -loglevel error -i "$scratch/cli-$size-$name.mkv" -frames:v 1 "$scratch/cli-$size-$name.png"
            same "$name" "$size" "$scratch/cli-$size-$name.png" "$out/$name.png"
            continue
        fi
        read -r point_size duration seed physics reverse <<<"$rest"
        seconds=$(awk -v t="$t" -v d="$duration" -v r="$reverse" 'BEGIN { printf "%.6f", (r == 1 ? 1 - t : t) * d }')
        frame=$(awk -v s="$seconds" 'BEGIN { printf "%d", s * 1000 + 0.5 }')
        from="$out/a.png" to="$out/b.png"
        [ "$reverse" = 0 ] || { from="$out/b.png"; to="$out/a.png"; }
        size_option=auto
        [ "$point_size" = 0 ] || size_option=$point_size
        "$shatter" render shatter --from "$from" --to "$to" --size "$size" --point-size "$size_option" \
            --duration "$duration" --seed "$seed" --physics "${physics_names[$physics]}" --fps 1000 \
            --frames "$frame" --backend cpu --quiet --out "$scratch/cli-$size-$name" \
            || fail "shatter render failed for $name at $size"
        same "$name" "$size" "$(printf '%s/cli-%s-%s/frame-%05d.png' "$scratch" "$size" "$name" "$frame")" "$out/$name.png"
    done <"$out/shots.txt"
done
echo "Tools/checks/check-obs.sh: $compared OBS frames equal the command line's at their instants within FuzzyRule.parity ($identical byte for byte)" >&2

# 5. OBS Studio itself, with the plugin in the scratch HOME and a scene collection holding both
#    transitions (Shatter the current one): once started, its log lists shatter.so among the loaded
#    modules, and it made them (without the plugin it logs "Source ID 'shatter_transition' not found").
mkdir -p "$home/.config/obs-studio/basic/scenes"
cat >"$home/.config/obs-studio/basic/scenes/Untitled.json" <<'JSON'
{"name": "Untitled", "current_scene": "Scene", "current_program_scene": "Scene", "scene_order": [{"name": "Scene"}],
 "sources": [{"id": "scene", "versioned_id": "scene", "name": "Scene", "settings": {"items": []}}],
 "transitions": [{"id": "shatter_transition", "name": "Shatter", "settings": {"seed": 5}},
                 {"id": "shatter_dust_transition", "name": "Shatter dust", "settings": {"layers": 16}}],
 "current_transition": "Shatter", "transition_duration": 1000}
JSON
HOME="$home" DISPLAY="$display" LIBGL_ALWAYS_SOFTWARE=1 obs --minimize-to-tray --disable-updater \
    >"$scratch/obs.out" 2>&1 &
obs_pid=$!
started=""
for _ in $(seq 240); do
    # OBS names its logs by date and time: the last in order is this run's.
    log=$(find "$home/.config/obs-studio/logs" -name '*.txt' 2>/dev/null | sort | tail -1 || true)
    if [ -n "$log" ] && grep -q "Startup complete" "$log"; then started=$log; break; fi
    kill -0 "$obs_pid" 2>/dev/null || break
    sleep 0.5
done
[ -n "$started" ] || fail "OBS Studio did not start under Xvfb: $(tail -5 "$scratch/obs.out")"
sleep 2  # the scene collection, with its transition, loads after startup
grep -Eq '^[0-9:.]+: +shatter\.so$' <<<"$(sed -n '/Loaded Modules:/,/----/p' "$started")" \
    || fail "OBS Studio's list of loaded modules lacks shatter.so ($started)"
grep -q "Loaded scenes:" "$started" || fail "OBS Studio loaded no scene collection ($started)"
! grep -Eq "Source ID 'shatter_(dust_)?transition' not found|Failed to create source 'Shatter( dust)?'" "$started" \
    || fail "OBS Studio could not make the Shatter transitions: $(grep -m1 -E "shatter_|'Shatter" "$started")"
kill "$obs_pid"
wait "$obs_pid" 2>/dev/null || true
obs_pid=""
echo "Tools/checks/check-obs.sh: OBS Studio started under Xvfb, loaded shatter.so and made its scene collection's Shatter and Shatter dust transitions" >&2

[ -z "$keep" ] || { mkdir -p "$keep" && cp -r "$scratch"/host-* "$keep/"; }
echo "Tools/checks/check-obs.sh: all checks passed" >&2
