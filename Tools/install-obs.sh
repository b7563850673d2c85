#!/usr/bin/env bash
# Builds Shatter's OBS Studio scene transition in release and installs it where OBS 29+ looks for a
# user's plugins (docs/obs.md):
#   DIR/bin/64bit/shatter.so   the module: the "Shatter" and "Shatter dust" transitions (OBS source ids
#                              shatter_transition, shatter_dust_transition)
#   DIR/data/shatter.effect    their drawing programs, which OBS compiles for its GPU
#   DIR/data/dust.effect
# DIR defaults to ${XDG_CONFIG_HOME:-$HOME/.config}/obs-studio/plugins/shatter. Restart OBS, then add
# Shatter (or Shatter dust) under Scene Transitions.
#
# Like the frei0r plugins (Tools/install-frei0r.sh), the module carries the Swift standard library
# (-static-stdlib), so it needs only libc, libm, libstdc++, libgcc_s and OBS's own libobs; it exports only
# OBS's module functions; it is never unloaded (-z nodelete: threads keep the Swift runtime's thread-local
# data); it is built for any x86-64, in its own scratch folder, .build/obs. Each file is written under a
# temporary name (mktemp, in its own folder) and renamed, so OBS never loads half a file and a link in
# the way is replaced, never written through.
#
#   Tools/install-obs.sh [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."

config=${XDG_CONFIG_HOME:-$HOME/.config}
dir=${1:-$config/obs-studio/plugins/shatter}
scratch=${SHATTER_OBS_SCRATCH:-.build/obs}
[ -f /usr/include/obs/obs-module.h ] \
    || { echo "Tools/install-obs.sh: libobs' headers (/usr/include/obs/obs-module.h) are missing; install libobs-dev (apt-get install libobs-dev)" >&2; exit 1; }
for folder in "$dir" "$dir/bin" "$dir/bin/64bit" "$dir/data"; do
    [ ! -L "$folder" ] || { echo "Tools/install-obs.sh: $folder is a symbolic link; give a real folder (or remove the link) so nothing is written through it" >&2; exit 1; }
done

# shellcheck source=Tools/lib/scratch-lock.sh
source Tools/lib/scratch-lock.sh
hold_scratch "$scratch"
flags=(-c release --scratch-path "$scratch" -Xswiftc -static-stdlib
    -Xlinker --version-script="$PWD/Deploy/obs/exports.map" -Xlinker -z -Xlinker nodelete -Xlinker -s -Xlinker -lobs)
swift build "${flags[@]}" --product shatter-obs >&2
bin=$(swift build "${flags[@]}" --show-bin-path)
# Read whole before grep looks (a pipe into grep -q fails under pipefail: Tools/checks/check-shell.sh).
symbols=$(nm -D --defined-only "$bin/libshatter-obs.so")
grep -q ' T obs_module_load$' <<<"$symbols" \
    || { echo "Tools/install-obs.sh: the built module has no obs_module_load (were libobs' headers found?)" >&2; exit 1; }

mkdir -p "$dir/bin/64bit" "$dir/data"
# install_file SOURCE DEST: a temporary in DEST's folder, renamed over DEST.
install_file() {
    local tmp
    tmp=$(mktemp "$(dirname "$2")/.$(basename "$2").XXXXXX")
    cp "$1" "$tmp"
    chmod 644 "$tmp"
    mv -f "$tmp" "$2"
}
install_file "$bin/libshatter-obs.so" "$dir/bin/64bit/shatter.so"
install_file Deploy/obs/shatter.effect "$dir/data/shatter.effect"
install_file Deploy/obs/dust.effect "$dir/data/dust.effect"
echo "Tools/install-obs.sh: $dir/bin/64bit/shatter.so ($(du -h "$dir/bin/64bit/shatter.so" | cut -f1)), $dir/data/shatter.effect, $dir/data/dust.effect" >&2
