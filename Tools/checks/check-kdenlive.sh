#!/usr/bin/env bash
# Checks Shatter's compositions in the real Kdenlive (Debian's 22.12), driven as a user drives it: a
# project of two overlapping clips with sound (Tools/hosts/two-clips.kdenlive.in: clip A on V1 and A1,
# frames 0-74; clip B on V2 and A2, frames 50-124) is opened in Kdenlive under Xvfb, with a scratch HOME
# into which Tools/install-frei0r.sh installed the plugins and descriptions with its defaults. For each
# composition, Shatter and Shatter dust, in a Kdenlive of its own:
#   1. the composition is dragged from the Compositions list (filtered by its name) onto B, at the
#      overlap's start, as a user drops one; Kdenlive makes it 3 s long (its default length), so its end
#      is dragged back to the end of A, as a user trims one to the overlap;
#   2. the project is saved (Ctrl+S) and Kdenlive quit; the saved file must hold the composition over
#      frames 50-74 with the description's values: progress "0=0;-1=1" and every default, and
#      Kdenlive's log must have read the description's parameters and no others;
#   3. the saved project is rendered by kdenlive_render (with a <consumer>, as Kdenlive's render
#      dialog writes its render scripts) to an MP4 that must have 125 frames and sound; frame 45 is clip
#      A, frame 80 clip B, and frame 62 neither (the pieces or the dust in mid-fall).
# 0.17.0's descriptions fail step 3: their dropped composition never moved (progress stayed "0=0").
# Everything it starts (Xvfb, D-Bus, Kdenlive) is stopped when it ends; KDENLIVE_CHECK_KEEP=1 keeps
# the scratch folder (screenshots of each step, logs, the rendered videos) and says where.
#
#   Tools/checks/check-kdenlive.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
me=Tools/checks/check-kdenlive.sh
for tool in kdenlive kdenlive_render melt Xvfb xdotool import dbus-run-session ffmpeg ffprobe python3; do
    command -v "$tool" >/dev/null || { echo "$me: $tool is not on PATH; run Tools/setup.sh" >&2; exit 1; }
done
scratch=$(mktemp -d "${TMPDIR:-/tmp}/shatter-check-kdenlive.XXXXXX")
kdenlive_pids=() xvfb_pid=""
# stop PID...: each process and its children, asked first, then made to.
stop() {
    local pid
    for pid in "$@"; do pkill -TERM -P "$pid" 2>/dev/null || true; kill -TERM "$pid" 2>/dev/null || true; done
    sleep 1
    for pid in "$@"; do pkill -KILL -P "$pid" 2>/dev/null || true; kill -KILL "$pid" 2>/dev/null || true; done
}
finish() {
    stop "${kdenlive_pids[@]}" $xvfb_pid
    if [ "${KDENLIVE_CHECK_KEEP:-}" = 1 ]; then echo "$me: kept $scratch" >&2; else rm -rf "$scratch"; fi
}
trap finish EXIT
fail() { echo "$me: $*" >&2; exit 1; }
frames() { python3 "$repo/Tools/hosts/frames.py" "$@"; }

# The clips: 3 s at 25 fps, 320x180, each with a tone of its own.
ffmpeg -loglevel error -f lavfi -i testsrc=size=320x180:rate=25 -f lavfi -i sine=frequency=440 -t 3 \
    -c:v libx264 -pix_fmt yuv420p -c:a aac "$scratch/a.mp4"
ffmpeg -loglevel error -f lavfi -i mandelbrot=size=320x180:rate=25 -f lavfi -i sine=frequency=660 -t 3 \
    -c:v libx264 -pix_fmt yuv420p -c:a aac "$scratch/b.mp4"
for clip in a b; do ffmpeg -loglevel error -i "$scratch/$clip.mp4" -f rawvideo -pix_fmt rgba "$scratch/$clip.rgba"; done

# The plugins and descriptions, where a user's Tools/install-frei0r.sh puts them (its defaults, under
# the scratch HOME); every Kdenlive below starts from a copy of this HOME.
HOME="$scratch/home" Tools/install-frei0r.sh >"$scratch/install.log" 2>&1 \
    || { tail -20 "$scratch/install.log" >&2; fail "Tools/install-frei0r.sh failed"; }

# An X server of our own, on a display it picks (-displayfd), 1600x1000.
exec 5>"$scratch/display"
Xvfb -displayfd 5 -screen 0 1600x1000x24 -nolisten tcp >"$scratch/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 1 100); do [ -s "$scratch/display" ] && break; sleep 0.1; done
exec 5>&-
[ -s "$scratch/display" ] || fail "Xvfb did not start: $(tail -3 "$scratch/xvfb.log")"
DISPLAY=":$(cat "$scratch/display")"
export DISPLAY

# wait_window TITLE-REGEX SECONDS: the first window whose title matches, or nothing.
wait_window() {
    local id
    for _ in $(seq 1 $(($2 * 2))); do
        id=$(xdotool search --name "$1" 2>/dev/null || true)
        id=${id%%$'\n'*}
        [ -n "$id" ] && { echo "$id"; return 0; }
        sleep 0.5
    done
    return 1
}
# drag X1 Y1 X2 Y2: a mouse drag in small steps, as a hand moves (Qt starts a drag after some motion).
drag() {
    local i
    xdotool mousemove "$1" "$2" mousedown 1
    sleep 0.3
    for i in $(seq 1 20); do
        xdotool mousemove $(($1 + ($3 - $1) * i / 20)) $(($2 + ($4 - $2) * i / 20))
        sleep 0.05
    done
    sleep 0.4
    xdotool mousemove $(($3 + 1)) $(($4 + 1))
    sleep 0.3
    xdotool mouseup 1
    sleep 2
}
# Where things are in Kdenlive 22.12's first-run layout on this screen, with the project's zoom (4):
# frame 0 of the timeline at x 170.5, 3.187 px a frame; track V2 at y 551; the Compositions tab, its
# filter field, and the filtered list's first and second rows.
frame_x() { python3 -c "print(round(170.5 + 3.187 * $1))"; }
compositions_tab=(81 392) filter_field=(100 75) v2_y=551 composition_y=566

# check_composition NAME ROW SERVICE PARAMETERS: the user's steps for one composition, then the
# saved project and its render.
check_composition() {
    local name=$1 row=$2 service=$3 parameters=$4
    local dir="$scratch/$service" window
    mkdir -p "$dir"
    cp -a "$scratch/home" "$dir/home"
    mkdir -p "$dir/tmp" "$dir/run"
    chmod 700 "$dir/run"
    sed "s|@DIR@|$scratch|g" Tools/hosts/two-clips.kdenlive.in >"$dir/project.kdenlive"
    # TMPDIR too: Kdenlive keeps a lock file there that makes its next start ask about a crash.
    HOME="$dir/home" TMPDIR="$dir/tmp" XDG_RUNTIME_DIR="$dir/run" \
        dbus-run-session -- kdenlive "$dir/project.kdenlive" >"$dir/kdenlive.log" 2>&1 &
    kdenlive_pids=($!)
    # The first start greets with a list of optional things missing (mediainfo, Debian's frei0r set).
    if window=$(wait_window "Welcome to Kdenlive" 120); then
        xdotool windowfocus --sync "$window" key --window "$window" Return
    fi
    wait_window "^project " 60 >/dev/null || { import -window root "$dir/failed.png"; fail "$name: Kdenlive did not open the project"; }
    sleep 3
    xdotool mousemove "${compositions_tab[@]}" click 1
    sleep 1
    xdotool mousemove "${filter_field[@]}" click 1
    xdotool type --delay 40 "Shatter"
    sleep 1
    import -window root "$dir/1-list.png"
    drag 55 $((100 + 17 * (row - 1))) "$(frame_x 50)" $v2_y
    import -window root "$dir/2-dropped.png"
    grep -q "found $parameters parameters" "$dir/kdenlive.log" \
        || fail "$name: Kdenlive did not read $parameters parameters from the description: $(grep -m1 'found .* parameters' "$dir/kdenlive.log" || echo 'no composition added')"
    ! grep -q 'Unknown type' "$dir/kdenlive.log" || fail "$name: Kdenlive met a parameter of no type: $(grep -m1 'Unknown type' "$dir/kdenlive.log")"
    drag "$(frame_x 124.5)" $composition_y "$(frame_x 75)" $composition_y
    import -window root "$dir/3-trimmed.png"
    local saved_before
    saved_before=$(stat -c %Y "$dir/project.kdenlive")
    xdotool key ctrl+s
    for _ in $(seq 1 40); do
        grep -q "$service" "$dir/project.kdenlive" && break
        sleep 0.5
    done
    xdotool key ctrl+q
    sleep 2
    stop "${kdenlive_pids[@]}"
    kdenlive_pids=()
    grep -q "$service" "$dir/project.kdenlive" \
        || fail "$name: the saved project holds no $service (kept screenshots in $dir; saved at $saved_before)"
    python3 - "$dir/project.kdenlive" "$service" "$repo/Deploy/frei0r/frei0r_${service#frei0r.}.xml" <<'PY' || fail "$name: the saved composition is not the description's"
import sys, xml.etree.ElementTree as tree
project, service, description = sys.argv[1:]
transitions = [t for t in tree.parse(project).iter("transition")
               if any(p.get("name") == "mlt_service" and p.text == service for p in t.iter("property"))]
if len(transitions) != 1:
    sys.exit(f"{len(transitions)} {service} compositions in the saved project")
t = transitions[0]
values = {p.get("name"): p.text for p in t.iter("property")}
# Kdenlive writes in and out as clock times at 25 fps: frames 50 and 74.
if (t.get("in"), t.get("out")) != ("00:00:02.000", "00:00:02.960"):
    sys.exit(f"the composition spans {t.get('in')}..{t.get('out')}, not the overlap (frames 50-74)")
def same(value, default):
    # Kdenlive writes numbers to 5 decimals (32/255 as 0.12549, which the plugin still reads as 32 layers).
    try:
        return abs(float(value) - float(default)) < 1e-5
    except (TypeError, ValueError):
        return value == default
for parameter in tree.parse(description).iter("parameter"):
    name, default = parameter.get("name"), parameter.get("default")
    if not same(values.get(name), default):
        sys.exit(f"{name} is {values.get(name)!r}, not the description's default {default!r}")
print(f"{service}: frames 50-74, " + ", ".join(f"{k}={values[k]}" for k in values if not k.startswith(("a_", "b_", "kdenlive", "mlt_", "version"))))
PY
    # The render script Kdenlive's render dialog writes: the project with a consumer.
    sed "s|</mlt>|<consumer in=\"0\" out=\"124\" mlt_service=\"avformat\" target=\"$dir/render.mp4\" vcodec=\"libx264\" acodec=\"aac\" pix_fmt=\"yuv420p\" real_time=\"-1\"/></mlt>|" \
        "$dir/project.kdenlive" >"$dir/render.mlt"
    HOME="$dir/home" TMPDIR="$dir/tmp" QT_QPA_PLATFORM=offscreen timeout 600 kdenlive_render /usr/bin/melt "$dir/render.mlt" "$dir/render.mp4" \
        >"$dir/render.log" 2>&1 || { tail -5 "$dir/render.log" >&2; fail "$name: kdenlive_render failed"; }
    local counts
    counts=$(ffprobe -v error -count_frames -show_entries stream=codec_type,nb_read_frames -of csv=p=0 "$dir/render.mp4")
    grep -qx 'video,125' <<<"$counts" || fail "$name: the render has not 125 video frames ($(echo "$counts" | tr '\n' ' '))"
    grep -q '^audio,' <<<"$counts" || fail "$name: the render has no sound"
    ffmpeg -loglevel error -i "$dir/render.mp4" -f rawvideo -pix_fmt rgba "$dir/render.rgba"
    local before after from to
    before=$(frames differ 320 180 "$dir/render.rgba" 45 "$scratch/a.rgba" 45)
    after=$(frames differ 320 180 "$dir/render.rgba" 80 "$scratch/b.rgba" 30)
    from=$(frames differ 320 180 "$dir/render.rgba" 62 "$scratch/a.rgba" 62)
    to=$(frames differ 320 180 "$dir/render.rgba" 62 "$scratch/b.rgba" 12)
    python3 -c "import sys; sys.exit(0 if $before < 6 and $after < 6 and $from > 12 and $to > 12 else 1)" \
        || fail "$name: frame 45 is $before from clip A, 80 is $after from clip B, 62 is $from and $to from each (its composition did not animate)"
    echo "$me: $name dropped in Kdenlive, trimmed to the overlap, saved and rendered: 125 frames with sound; mid-transition frame 62 is $from and $to from each clip" >&2
}

check_composition "Shatter" 1 frei0r.shatter 5
check_composition "Shatter dust" 2 frei0r.shatter_dust 4
echo "$me: both compositions animate when dropped in Kdenlive $(dpkg-query -W -f '${Version}' kdenlive 2>/dev/null || true)"
