#!/usr/bin/env bash
# The parity matrix: every effect compared with the CPU renderer on every GL this machine can reach, as
# one Markdown table (docs/parity-matrix.md is its last run here; the first run on a GPU box goes to the
# README). The GLs: the default platform (llvmpipe here; the first hardware device on a GPU box), Mesa's
# softpipe (GALLIUM_DRIVER=softpipe, a second, independent GLES), zink (Mesa's GL over Vulkan, here over
# lavapipe: its shaders go through SPIR-V rather than Mesa's GL backend; needs mesa-vulkan-drivers) and
# every EGL device `shatter info` lists (Mesa's software device here, each NVIDIA GPU on a GPU box), and
# last Chrome's GL, ANGLE over SwiftShader, through headless Chromium's WebGL2 (the GL backend's calls
# recorded by `shatter preview` and replayed there; docs/parity.md). Each EGL GL's first row is `shatter
# probe` (its rules against the CPU renderer's); each other cell is `shatter compare EFFECT` (WebGL2: the
# preview page's own check, every frame) under FuzzyRule.parity, the rule the tests use; a GL that cannot
# be reached is a row saying why.
#
#   Tools/checks/parity-matrix.sh [--fps N] [--size WxH] [--out FILE.md] [--shatter BIN] [--no-webgl]
#
# --fps (default 10) thins every effect's timeline (the effect's own rate when 0); --size renders the
# effects that take one at that size (default: each effect's own); --no-webgl leaves out the WebGL2 rows
# (SwiftShader is a CPU GL: at 1080p its rows take minutes). The default binary is the release
# build (`swift build -c release --product shatter` first when missing). Exit code: 0 when every cell
# that ran passed, 1 when one failed, 2 on a usage or build error.
set -euo pipefail
cd "$(dirname "$0")/../.."

fps=10 size="" out="" shatter="" webgl=true
usage() { sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p}' "$0"; }
while [ $# -gt 0 ]; do
    case "$1" in
    --fps) fps="${2:?--fps needs a number}"; shift 2 ;;
    --size) size="${2:?--size needs WxH}"; shift 2 ;;
    --out) out="${2:?--out needs a file}"; shift 2 ;;
    --shatter) shatter="${2:?--shatter needs a binary}"; shift 2 ;;
    --no-webgl) webgl=false; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "Tools/checks/parity-matrix.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
case "$fps" in '' | *[!0-9]*) echo "Tools/checks/parity-matrix.sh: --fps takes a whole number, not '$fps'" >&2; exit 2 ;; esac

if [ -z "$shatter" ]; then
    shatter=.build/release/shatter
    [ -x "$shatter" ] || swift build -c release --product shatter >&2 || exit 2
fi
[ -x "$shatter" ] || { echo "Tools/checks/parity-matrix.sh: no shatter binary at $shatter" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
rows=()
effects=(shatter breathe dust splash sprite)

# The GL configurations: a label, then the environment and options that reach it.
configs=("default platform||")
configs+=("softpipe|GALLIUM_DRIVER=softpipe|")
# zink over lavapipe, the Vulkan ICD of mesa-vulkan-drivers; Vulkan's loader wants a runtime folder.
lavapipe=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json
mkdir -m 700 "$work/runtime"
if [ -f "$lavapipe" ]; then
    configs+=("zink|GALLIUM_DRIVER=zink LIBGL_ALWAYS_SOFTWARE=1 VK_ICD_FILENAMES=$lavapipe XDG_RUNTIME_DIR=$work/runtime|")
else
    rows+=("| zink | all | — | not run: no $lavapipe (Debian's mesa-vulkan-drivers; Tools/setup.sh installs it) | | | |")
fi
while read -r index; do
    configs+=("EGL device $index||--device $index")
done < <("$shatter" info 2>/dev/null | sed -n 's/^ *\[\([0-9][0-9]*\)\].*/\1/p')

for config in "${configs[@]}"; do
    IFS='|' read -r label environment options <<<"$config"
    read -r -a environment <<<"$environment"
    read -r -a options <<<"$options"
    info=$(env "${environment[@]}" "$shatter" info "${options[@]}" 2>/dev/null)
    version=$(sed -n '/^GL version: /{s///p;q}' <<<"$info")
    echo "Tools/checks/parity-matrix.sh: $label: shatter probe ${options[*]}" >&2
    set +e
    env "${environment[@]}" "$shatter" probe --json "$work/probe.json" "${options[@]}" >"$work/probe.txt" 2>"$work/stderr"
    code=$?
    set -e
    [ "$code" = 0 ] || status=1
    rows+=("$(python3 - "${version:-no GL}" "$code" "$work/probe.json" "$work/stderr" <<'PY'
import json, sys
version, code, report, stderr = sys.argv[1:]
try:
    r = json.load(open(report))
except Exception:
    why = open(stderr).read().strip().splitlines()
    print(f"| {version} | probe | — | not run: {why[-1] if why else 'exit ' + code} | | | |")
    sys.exit()
findings = r["findings"]
agreeing = [f for f in findings if f["agrees"]]
differing = "; ".join(f["rule"] for f in findings if not f["agrees"])
result = "pass" if code == "0" else f"FAIL ({differing})"
print(f"| {r['renderer']} ({r['platform']}), {version} | probe | {result} | {len(agreeing)}/{len(findings)} rules | | | |")
PY
)")
    rm -f "$work/probe.json"
    for effect in "${effects[@]}"; do
        args=(compare "$effect" --json --out "$work/$effect-${label// /-}" --overwrite)
        [ "$fps" != 0 ] && args+=(--fps "$fps")
        [ -n "$size" ] && [ "$effect" != sprite ] && args+=(--size "$size")
        args+=("${options[@]}")
        echo "Tools/checks/parity-matrix.sh: $label: shatter ${args[*]}" >&2
        set +e
        env "${environment[@]}" "$shatter" "${args[@]}" >"$work/report.json" 2>"$work/stderr"
        code=$?
        set -e
        [ "$code" = 1 ] && status=1
        rows+=("$(python3 - "${version:-no GL}" "$effect" "$code" "$work/report.json" "$work/stderr" <<'PY'
import json, sys
version, effect, code, report, stderr = sys.argv[1:]
try:
    r = json.load(open(report))
except Exception:
    why = open(stderr).read().strip().splitlines()
    print(f"| {version} | {effect} | — | not run: {why[-1] if why else 'exit ' + code} | | | |")
    sys.exit()
frames = r["frames"]
passed = sum(1 for f in frames if f["passed"])
worst = min(frames, key=lambda f: (f["passed"], -f["differingFraction"]))
within = 100 * (1 - max(f["differingFraction"] for f in frames))
largest = max(f["largestChannelDifference"] for f in frames)
summed = max(f["largestSummedDifference"] for f in frames)
result = "pass" if r["passed"] else f"FAIL (frame {worst['index']})"
print(f"| {r['actualRenderer']}, {version} | {effect} | {result} | {passed}/{len(frames)} | {within:.3f}% | {largest} | {summed} |")
PY
)")
        # The frame count and size, for the WebGL2 rows' pages.
        if [ "$label" = "default platform" ]; then
            python3 -c 'import json, sys; f = json.load(open(sys.argv[1]))["frames"]; print(len(f), f[0]["comparedPixels"])' \
                "$work/report.json" >"$work/frames-$effect" 2>/dev/null || true
        fi
    done
done

# Chrome's GL, ANGLE over SwiftShader, in headless Chromium's WebGL2: each effect's frames recorded from the
# GL backend (`shatter preview`, every frame checked) in pages of at most ~20 MB of reference frames, each
# page replayed and judged in the browser by the parity rule's twin (parity.js).
chromium=$(command -v chromium || command -v chromium-browser || true)
effects_webgl=("${effects[@]}")
$webgl || effects_webgl=()
for effect in "${effects_webgl[@]}"; do
    if [ -z "$chromium" ]; then
        rows+=("| ANGLE over SwiftShader (WebGL2) | $effect | — | not run: no chromium (Tools/setup.sh installs it) | | | |")
        continue
    fi
    if ! read -r total pixels <"$work/frames-$effect" 2>/dev/null; then
        rows+=("| ANGLE over SwiftShader (WebGL2) | $effect | — | not run: the default platform's compare gave no frame count | | | |")
        continue
    fi
    chunk=$((20000000 / (pixels * 5)))
    [ "$chunk" -lt 1 ] && chunk=1
    [ "$chunk" -gt 16 ] && chunk=16
    rm -f "$work"/webgl-*.dom
    why=""
    for ((first = 0; first < total; first += chunk)); do
        last=$((first + chunk - 1))
        [ "$last" -ge "$total" ] && last=$((total - 1))
        args=(preview "$effect" --frames "$first-$last" --check-frames all --out "$work/webgl.html")
        [ "$fps" != 0 ] && args+=(--fps "$fps")
        [ -n "$size" ] && [ "$effect" != sprite ] && args+=(--size "$size")
        echo "Tools/checks/parity-matrix.sh: WebGL2: shatter ${args[*]}" >&2
        if ! "$shatter" "${args[@]}" >/dev/null 2>"$work/stderr"; then
            why=$(tail -1 "$work/stderr")
            break
        fi
        timeout 600 "$chromium" --headless --no-sandbox --use-angle=swiftshader --enable-unsafe-swiftshader \
            --disable-dev-shm-usage --user-data-dir="$work/chromium" --dump-dom "file://$work/webgl.html" \
            >"$work/webgl-$(printf '%06d' "$first").dom" 2>/dev/null || { why="chromium exited $?"; break; }
    done
    row=$(python3 - "$effect" "$why" "$work" <<'PY'
import glob, html, json, re, sys
effect, why, work = sys.argv[1:]
if why:
    print(f"| ANGLE over SwiftShader (WebGL2) | {effect} | — | not run: {why} | | | |")
    sys.exit()
renderer, frames = "WebGL2", []
for path in sorted(glob.glob(work + "/webgl-*.dom")):
    first = int(re.search(r"webgl-(\d+)", path).group(1))
    dom = open(path).read()
    found = re.search(r'<p id="renderer">Drawn by ([^<]*)</p>', dom)
    renderer = html.unescape(found.group(1)) + " (WebGL2)" if found else renderer
    figures = re.search(r'<pre id="parity-figures" hidden="">([^<]*)</pre>', dom)
    if not figures:
        print(f"| {renderer} | {effect} | — | not run: the page gave no verdict | | | |")
        sys.exit(1)
    frames += [dict(f, index=first + f["index"]) for f in json.loads(html.unescape(figures.group(1)))]
passed = sum(1 for f in frames if f["passed"])
worst = min(frames, key=lambda f: (f["passed"], f["within"]))
result = "pass" if passed == len(frames) else f"FAIL (frame {worst['index']})"
within = 100 * min(f["within"] for f in frames)
largest = max(f["largest"] for f in frames)
summed = max(f["largestSum"] for f in frames)
print(f"| {renderer} | {effect} | {result} | {passed}/{len(frames)} | {within:.3f}% | {largest} | {summed} |")
PY
) || status=1
    case "$row" in *"| FAIL"*) status=1 ;; esac
    rows+=("$row")
done

table=$(
    echo "| GL | effect | result | frames passing | worst frame within 1 | largest channel Δ | largest summed Δ |"
    echo "|---|---|---|---:|---:|---:|---:|"
    printf '%s\n' "${rows[@]}"
)
{
    echo "# Parity matrix"
    echo
    echo "Every effect rendered on each GL and on Shatter's CPU renderer, judged by \`FuzzyRule.parity\` (a pixel"
    echo "differs beyond 1 per channel; 99.9% must match; no pixel's summed RGBA difference over 32; where the"
    echo "CPU renderer counted n blended fragments at a pixel, n times that: docs/parity.md, \"Blending\"). The"
    echo "differences are per blended fragment where counted."
    echo "Made by \`Tools/checks/parity-matrix.sh --fps $fps${size:+ --size $size}\` with Shatter $("$shatter" --version) on $(uname -m)."
    echo
    echo "$table"
} >"${out:-/dev/stdout}"
[ -n "$out" ] && echo "$table" && echo "Tools/checks/parity-matrix.sh: wrote $out" >&2
exit "$status"
