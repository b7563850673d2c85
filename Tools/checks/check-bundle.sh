#!/usr/bin/env bash
# Checks the GPU-box bundle: Tools/bundle.sh builds it (a release build in its own scratch folder,
# .build/bundle), and the binary, copied alone into an empty folder, runs `shatter info` with an
# environment that points nowhere near the Swift toolchain. Run by .ci/run beside the tests, once
# their build is done (the debug `shatter` it compares with: Tools/checks/debug-shatter.sh).
#
#   Tools/checks/check-bundle.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

for tool in swift pkg-config readelf; do
    command -v "$tool" >/dev/null || { echo "Tools/checks/check-bundle.sh: $tool is not on PATH; run Tools/setup.sh" >&2; exit 1; }
done
scratch=$(mktemp -d "${TMPDIR:-/tmp}/shatter-check-bundle.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

fail() { echo "Tools/checks/check-bundle.sh: $*" >&2; exit 1; }

dist="$scratch/dist/shatter-linux"
build_log=$(Tools/bundle.sh "$dist" 2>&1) || { printf '%s\n' "$build_log" | tail -40 >&2; fail "Tools/bundle.sh failed"; }
grep -q "needs: " <<<"$build_log" || fail "Tools/bundle.sh did not list the libraries the binary needs"
[ -f "$dist/README.md" ] || fail "the bundle has no README.md"

for plugin in shatter shatter_dust; do
    for file in "$plugin.so" "frei0r_$plugin.xml"; do [ -f "$dist/frei0r/$file" ] || fail "the bundle has no frei0r/$file"; done
done

clean="$scratch/clean"
mkdir -p "$clean"
cp "$dist/shatter" "$clean/shatter"
info=$(cd "$clean" && env -i PATH=/usr/bin:/bin HOME="$clean" ./shatter info 2>&1) \
    || { printf '%s\n' "$info" >&2; fail "the bundled shatter info failed in a clean folder"; }
grep -q "CPU renderer: Shatter CPU renderer" <<<"$info" || { printf '%s\n' "$info" >&2; fail "shatter info names no CPU renderer"; }
grep -q "auto picks: " <<<"$info" || { printf '%s\n' "$info" >&2; fail "shatter info does not say what auto picks"; }
# GL is opened at run time: the bundle links no GL library, and renders on the CPU where none exists.
needed=$(readelf -d "$dist/shatter" | grep NEEDED || true)
if grep -Eq 'libEGL|libGLESv2|libgbm|libGL\.' <<<"$needed"; then
    fail "the bundle links a GL library: $(tr -s ' ' <<<"$needed")"
fi
if unshare --mount true 2>/dev/null || unshare --mount --map-root-user true 2>/dev/null; then
    Tools/hosts/without-gl.sh "$clean/shatter" render shatter --size 32x24 --fps 5 --backend cpu --quiet --out "$scratch/bare" \
        || fail "the bundle cannot render on the CPU without GL libraries"
fi
# The bundle is compiled for another instruction set than `swift build` (x86-64-v3 on x86_64): its
# frames must be the same bytes as the default build's.
reference=$(Tools/checks/debug-shatter.sh) || fail "no debug shatter to compare with (above)"
for render in "shatter --size 120x90 --point-size 1" "shatter --size 120x90 --point-size 3 --scale 2" "dust --size 60x45" \
    "splash --size 60x107"; do
    for build in bundle reference; do
        binary=$([ $build = bundle ] && echo "$clean/shatter" || echo "$reference")
        # shellcheck disable=SC2086  # the render's words
        "$binary" render $render --fps 8 --backend cpu --quiet --out "$scratch/same-$build" --overwrite \
            || fail "$build: render $render failed"
        sed -n 's/.*"pixels" *: *"\([0-9a-z:-]*\)".*/\1/p' "$scratch/same-$build/manifest.json" > "$scratch/same-$build.sums"
    done
    [ -s "$scratch/same-bundle.sums" ] || fail "render $render: the manifest lists no pixel hashes"
    cmp -s "$scratch/same-bundle.sums" "$scratch/same-reference.sums" \
        || fail "render $render: the bundle's frames differ from swift build's"
done
echo "Tools/checks/check-bundle.sh: the bundle builds and runs from a clean folder $(tail -1 <<<"$build_log" | sed 's/^.*\/shatter (/(/')"
