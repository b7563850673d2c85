#!/usr/bin/env bash
# Checks Shatter's frei0r plugins in real hosts. Run by .ci/run after `swift test` (whose build
# gives the debug `shatter` used here: Tools/checks/debug-shatter.sh), since it needs the release plugins (Tools/install-frei0r.sh) and the
# hosts' own programs rather than anything a test target links:
#   1. what each plugin needs and exports: libc, libm, libstdc++, libgcc_s and the loader; f0r_* alone;
#   2. a host of our own (Tools/hosts/frei0r-host.c, through the C interface alone): a good guest
#      (frame sizes, threads, allocations, hostile parameters) that prints nothing on stdout, and the
#      same bytes as the command line: `shatter render shatter --point-size auto` at t = p · 1.2 s, and
#      `shatter join --transition dust` at t = p · the dust's length;
#   3. melt joins two ffmpeg-made clips with frei0r.shatter into an MP4 with sound, from the command
#      line and from an MLT XML project (Kdenlive's shape: two tracks and a transition), with
#      threads=0 too (MLT's slices), also with the plugin as a plain `swift build` makes it;
#   4. gst-launch-1.0 runs frei0r-mixer-shatter between two test sources.
#
#   Tools/checks/check-frei0r.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD

fail() { echo "Tools/checks/check-frei0r.sh: $*" >&2; exit 1; }
for tool in swift cc readelf nm ffmpeg ffprobe melt gst-launch-1.0 python3; do
    command -v "$tool" >/dev/null || fail "$tool is not on PATH; run Tools/setup.sh"
done
scratch=$(mktemp -d "${TMPDIR:-/tmp}/shatter-check-frei0r.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
plugins="$scratch/plugins"
frames_py="$PWD/Tools/hosts/frames.py"
frames() { python3 "$frames_py" "$@"; }

# 1. The release plugins, as a newcomer installs them.
Tools/install-frei0r.sh "$plugins" "$scratch/kdenlive" 2>"$scratch/install.log" \
    || { tail -30 "$scratch/install.log" >&2; fail "Tools/install-frei0r.sh failed"; }
for plugin in shatter shatter_dust; do
    so="$plugins/$plugin.so"
    [ -f "$scratch/kdenlive/frei0r_$plugin.xml" ] || fail "no Kdenlive description for $plugin"
    needed=$(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
    unexpected=$(grep -Ev '^(libc|libm|libstdc\+\+|libgcc_s|ld-linux-[a-z0-9_-]+)\.so' <<<"$needed" || true)
    [ -z "$unexpected" ] || fail "$plugin.so needs libraries an editor's machine may lack: $(echo "$unexpected" | tr '\n' ' ')"
    exported=$(nm -D --defined-only --extern-only "$so" | awk '{print $3}' | grep -v '^f0r_' || true)
    [ -z "$exported" ] || fail "$plugin.so exports more than frei0r's functions: $(head -3 <<<"$exported" | tr '\n' ' ')"
    grep -q 'Flags:.*NODELETE' <<<"$(readelf -d "$so")" || fail "$plugin.so can be unloaded (it must be linked -z nodelete)"
done
echo "Tools/checks/check-frei0r.sh: the plugins need only $(echo "$needed" | tr '\n' ' ')and export f0r_* alone" >&2

# 2. Our own host: a good guest, silent on stdout.
cc -O2 -Wall -Wextra -rdynamic Tools/hosts/frei0r-host.c -o "$scratch/frei0r-host" -ldl -lpthread -lm
for plugin in shatter shatter_dust; do
    "$scratch/frei0r-host" guest "$plugins/$plugin.so" >"$scratch/stdout" || fail "$plugin.so is not a good guest"
    [ ! -s "$scratch/stdout" ] || fail "$plugin.so printed on stdout: $(head -c 200 "$scratch/stdout")"
done

# The same bytes as the command line, for two pictures of an odd size.
shatter=$(Tools/checks/debug-shatter.sh) || fail "no debug shatter to compare with (above)"
w=321 h=181
ffmpeg -loglevel error -f lavfi -i "testsrc=size=${w}x$h" -frames:v 1 "$scratch/a.png"
ffmpeg -loglevel error -f lavfi -i "mandelbrot=size=${w}x$h" -frames:v 1 "$scratch/b.png"
for picture in a b; do
    ffmpeg -loglevel error -i "$scratch/$picture.png" -f rawvideo -pix_fmt rgba "$scratch/$picture.rgba"
done
# same PLUGIN CLI.rgba SECONDS FPS COUNT [-p NAME=VALUE]...: every frame of CLI.rgba whose instant p · SECONDS
# gives back exactly, drawn by the plugin at progress p, must be that frame byte for byte.
same() {
    local plugin=$1 cli=$2 seconds=$3 fps=$4 count=$5
    shift 5
    mapfile -t chosen < <(frames progresses "$fps" "$seconds" "$count")
    [ ${#chosen[@]} -ge 5 ] || fail "$plugin: only ${#chosen[@]} frames have an exact progress"
    mapfile -t progresses < <(printf '%s\n' "${chosen[@]}" | cut -d' ' -f2)
    "$scratch/frei0r-host" render "$plugins/$plugin.so" $w $h "$scratch/a.rgba" "$scratch/b.rgba" "$scratch/host.rgba" \
        "$@" "${progresses[@]}" || fail "$plugin: frei0r-host render failed"
    frames same $w $h "$cli" "$(printf '%s\n' "${chosen[@]}" | cut -d' ' -f1 | paste -sd,)" "$scratch/host.rgba" \
        || fail "$plugin: the plugin's frame is not the command line's"
    echo "Tools/checks/check-frei0r.sh: $plugin.so drew ${#chosen[@]} of $count frames of the command line's, byte for byte" >&2
}
"$shatter" render shatter --from "$scratch/a.png" --to "$scratch/b.png" --point-size auto --fps 40 --backend cpu \
    --quiet --pipe rgba >"$scratch/cli-shatter.rgba"
same shatter "$scratch/cli-shatter.rgba" 1.2 40 49
"$shatter" render shatter --from "$scratch/a.png" --to "$scratch/b.png" --point-size 3 --seed 7 --physics textbook,euler60 \
    --fps 40 --backend cpu --quiet --pipe rgba >"$scratch/cli-options.rgba"
same shatter "$scratch/cli-options.rgba" 1.2 40 49 -p point_size=0.046875 -p seed=0.007 -p physics=0.8
"$shatter" join "$scratch/a.png" "$scratch/b.png" --transition dust --fps 20 --backend cpu --quiet \
    --video "$scratch/dust.mkv"
ffmpeg -loglevel error -i "$scratch/dust.mkv" -f rawvideo -pix_fmt rgba "$scratch/cli-dust.rgba"
dust_seconds=$(python3 -c 'print(repr(1.35 * 31 / 32 + 1.0))')  # DustEffect.Parameters.duration, 32 layers
same shatter_dust "$scratch/cli-dust.rgba" "$dust_seconds" 20 47

# 3. melt, as the README runs it: two clips with sound, 3 s at 25 fps each, joined over 25 frames.
cd "$scratch"
ffmpeg -loglevel error -f lavfi -i testsrc=size=320x180:rate=25 -f lavfi -i sine=frequency=440 -t 3 \
    -c:v libx264 -pix_fmt yuv420p -c:a aac a.mp4
ffmpeg -loglevel error -f lavfi -i mandelbrot=size=320x180:rate=25 -f lavfi -i sine=frequency=660 -t 3 \
    -c:v libx264 -pix_fmt yuv420p -c:a aac b.mp4
for clip in a b; do ffmpeg -loglevel error -i $clip.mp4 -f rawvideo -pix_fmt rgba $clip-clip.rgba; done
# joined VIDEO: 125 frames and a sound stream as long as the picture; before the transition the first
# clip, after it the second, and in its middle (frame 62: 12 of its 25) neither: the pieces.
joined() {
    local video=$1
    counts=$(ffprobe -v error -count_frames -show_entries stream=codec_type,nb_read_frames -of csv=p=0 "$video")
    grep -qx 'video,125' <<<"$counts" || fail "$video: not 125 video frames ($(echo "$counts" | tr '\n' ' '))"
    grep -q '^audio,' <<<"$counts" || fail "$video has no sound"
    sound=$(ffprobe -v error -select_streams a -show_entries stream=duration -of csv=p=0 "$video")
    python3 -c "import sys; sys.exit(0 if abs(float('$sound') - 5.0) < 0.1 else 1)" || fail "$video: $sound s of sound, not 5"
    ffmpeg -loglevel error -i "$video" -f rawvideo -pix_fmt rgba "${video%.mp4}.rgba"
    before=$(frames differ 320 180 "${video%.mp4}.rgba" 40 a-clip.rgba 40)
    after=$(frames differ 320 180 "${video%.mp4}.rgba" 100 b-clip.rgba 50)
    from=$(frames differ 320 180 "${video%.mp4}.rgba" 62 a-clip.rgba 62)
    to=$(frames differ 320 180 "${video%.mp4}.rgba" 62 b-clip.rgba 12)
    python3 -c "import sys; sys.exit(0 if $before < 4 and $after < 4 and $from > 12 and $to > 12 else 1)" \
        || fail "$video: frame 40 is $before from the first clip, 100 is $after from the second, the middle $from and $to"
    echo "Tools/checks/check-frei0r.sh: $video: 125 frames, 5 s of sound; mid-transition frame $from and $to from each clip" >&2
}
FREI0R_PATH="$plugins" melt a.mp4 b.mp4 -mix 25 -mixer mix:-1 -mixer frei0r.shatter progress="0=0;-1=1" \
    -consumer avformat:joined.mp4 vcodec=libx264 acodec=aac >melt.log 2>&1 || { tail -5 melt.log >&2; fail "melt failed"; }
joined joined.mp4
# The README's melt command, verbatim: a join of the size its -profile names (1080p, 25 fps) whose sound
# crossfades from a's 440 Hz tone to b's 660 Hz one over the transition (2 s to 3 s), with no step where
# it starts or ends (MLT's `-mixer mix` without `:-1` holds both at half: a 6 dB step at each end).
readme_melt=$(grep -m1 '^melt .*frei0r.shatter' "$repo/README.md") || fail "README.md has no melt command"
output=$(sed -n 's/.*-consumer avformat:\([^ ]*\).*/\1/p' <<<"$readme_melt")
FREI0R_PATH="$plugins" eval "$readme_melt" >melt.log 2>&1 </dev/null || { tail -5 melt.log >&2; fail "the README's melt command failed"; }
size=$(ffprobe -v error -select_streams v -count_frames -show_entries stream=width,height,nb_read_frames -of csv=p=0 "$output")
[ "$size" = "1920,1080,125" ] || fail "the README's melt join is $size (width, height, frames), not 1920,1080,125"
ffmpeg -loglevel error -i "$output" -ac 1 -ar 8000 -f s16le joined.s16
frames crossfade joined.s16 8000 2 3 440 660 >crossfade.log || { cat crossfade.log >&2; fail "the README's melt join does not crossfade its sound"; }
echo "Tools/checks/check-frei0r.sh: the README's melt command: 1920x1080, 125 frames, the sound crossfaded over the transition" >&2
# MLT's slices: the documented default (no threads property) draws whole frames; threads=0 must not crash.
FREI0R_PATH="$plugins" melt a.mp4 b.mp4 -mix 25 -mixer mix:-1 -mixer frei0r.shatter progress="0=0;-1=1" threads=0 \
    -consumer avformat:sliced.mp4 vcodec=libx264 acodec=aac >melt.log 2>&1 || { tail -5 melt.log >&2; fail "melt with threads=0 failed"; }
# The same with the package's products as a plain `swift build` makes them (no install script, no
# `-z nodelete` link flag): the plugin keeps itself loaded (CFrei0r/stay_loaded.c), so melt's slice
# threads never run a destructor of an unloaded library at exit (issue 48's L13). Three runs, as the
# crash came at some exits and not others.
plain_so="$(dirname "$shatter")/libfrei0r-shatter.so"
if [ ! -f "$plain_so" ]; then
    (cd "$repo" && swift build --product frei0r-shatter >"$scratch/plain-build.log" 2>&1) \
        || { tail -20 "$scratch/plain-build.log" >&2; fail "swift build --product frei0r-shatter failed"; }
    plain_so="$(cd "$repo" && swift build --show-bin-path)/libfrei0r-shatter.so"
fi
mkdir -p plain && cp "$plain_so" plain/shatter.so
for run in 1 2 3; do
    FREI0R_PATH="$PWD/plain" melt a.mp4 b.mp4 -mix 25 -mixer mix:-1 -mixer frei0r.shatter progress="0=0;-1=1" threads=0 \
        -consumer avformat:plain.mp4 vcodec=libx264 acodec=aac >melt.log 2>&1 \
        || { tail -5 melt.log >&2; fail "melt with threads=0 and the plain swift build's plugin failed (run $run)"; }
done
joined plain.mp4
# An MLT XML project as Kdenlive writes one: the clips on two tracks, overlapping by 25 frames, and the
# composition and a sound mix between the tracks.
cat >project.mlt <<'MLT'
<?xml version="1.0" encoding="utf-8"?>
<mlt>
  <producer id="a"><property name="resource">a.mp4</property></producer>
  <producer id="b"><property name="resource">b.mp4</property></producer>
  <playlist id="first"><entry producer="a" in="0" out="74"/></playlist>
  <playlist id="second"><blank length="50"/><entry producer="b" in="0" out="74"/></playlist>
  <tractor id="join">
    <track producer="first"/>
    <track producer="second"/>
    <transition mlt_service="frei0r.shatter" in="50" out="74">
      <property name="a_track">0</property>
      <property name="b_track">1</property>
      <property name="progress">0=0;-1=1</property>
    </transition>
    <transition mlt_service="mix" in="50" out="74">
      <property name="a_track">0</property>
      <property name="b_track">1</property>
      <property name="start">0</property>
      <property name="end">1</property>
    </transition>
  </tractor>
</mlt>
MLT
FREI0R_PATH="$plugins" melt project.mlt -consumer avformat:project.mp4 vcodec=libx264 acodec=aac >melt.log 2>&1 \
    || { tail -5 melt.log >&2; fail "melt project.mlt failed"; }
joined project.mp4

# 4. GStreamer: frei0r-mixer-shatter between two test sources, half-way through.
FREI0R_PATH="$plugins" gst-launch-1.0 -q \
    videotestsrc pattern=smpte num-buffers=10 ! video/x-raw,format=RGBA,width=320,height=180,framerate=25/1 ! mix.sink_0 \
    videotestsrc pattern=ball num-buffers=10 ! video/x-raw,format=RGBA,width=320,height=180,framerate=25/1 ! mix.sink_1 \
    frei0r-mixer-shatter name=mix progress=0.5 ! filesink location=gst.rgba >gst.log 2>&1 \
    || { tail -5 gst.log >&2; fail "gst-launch-1.0 with frei0r-mixer-shatter failed"; }
FREI0R_PATH="$plugins" gst-launch-1.0 -q videotestsrc pattern=smpte num-buffers=1 \
    ! video/x-raw,format=RGBA,width=320,height=180 ! filesink location=smpte.rgba >gst.log 2>&1
FREI0R_PATH="$plugins" gst-launch-1.0 -q videotestsrc pattern=ball num-buffers=1 \
    ! video/x-raw,format=RGBA,width=320,height=180 ! filesink location=ball.rgba >gst.log 2>&1
[ "$(stat -c %s gst.rgba)" -eq $((320 * 180 * 4 * 10)) ] || fail "frei0r-mixer-shatter gave $(stat -c %s gst.rgba) bytes, not 10 frames"
"$scratch/frei0r-host" render "$plugins/shatter.so" 320 180 smpte.rgba ball.rgba host-gst.rgba 0.5
frames same 320 180 gst.rgba 0 host-gst.rgba || fail "GStreamer's first frame is not the plugin's own at progress 0.5"
echo "Tools/checks/check-frei0r.sh: gst-launch-1.0 ran frei0r-mixer-shatter: 10 frames, the first the plugin's own" >&2
echo "Tools/checks/check-frei0r.sh: the frei0r plugins pass in our host, melt (command line, XML project, slices) and GStreamer"
