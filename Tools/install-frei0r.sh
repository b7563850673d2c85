#!/usr/bin/env bash
# Builds Shatter's frei0r plugins in release and installs them where MLT (melt, Kdenlive, Shotcut) and
# GStreamer's frei0r elements look for them:
#   DIR/shatter.so        the shattered transition: MLT service frei0r.shatter, GStreamer frei0r-mixer-shatter
#   DIR/shatter_dust.so   the dust revealing the next clip: frei0r.shatter_dust, frei0r-mixer-shatter-dust
#   KDENLIVE-DIR/frei0r_shatter.xml, frei0r_shatter_dust.xml   Kdenlive's descriptions of the two compositions
# DIR defaults to $HOME/.frei0r-1/lib (in MLT's and GStreamer's default search path), KDENLIVE-DIR to
# ${XDG_DATA_HOME:-$HOME/.local/share}/kdenlive/transitions. docs/frei0r.md says how each is used.
#
# Each plugin carries the Swift standard library (-static-stdlib), so it needs only libc, libm,
# libstdc++ and libgcc_s, which every Linux desktop has; it exports only frei0r's functions; and it is
# never unloaded (-z nodelete), because the threads a host lent it keep thread-local data whose
# destructors live in it (MLT unloads plugins before its slice threads end). It is built for any
# x86-64 (the CPU renderer picks its AVX2 kernels at run time), in its own scratch folder,
# .build/frei0r, apart from the normal .build.
#
#   Tools/install-frei0r.sh [DIR [KDENLIVE-DIR]]
#
# A relative DIR is taken from the folder you run the script in. Everything is checked before the
# build: a folder name that is a file, or a shatter.so, shatter_dust.so or .xml there that is anything but
# a plain file (a link, a folder), is refused in one line and left as it is. Each file is copied to a
# temporary from mktemp beside it, and only when every copy is whole are they renamed into place, so a
# full disk or a read-only folder installs nothing and leaves no temporary.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/.."

if [ -z "${HOME:-}" ] && { [ $# -eq 0 ] || { [ $# -eq 1 ] && [ -z "${XDG_DATA_HOME:-}" ]; }; }; then
    echo "Tools/install-frei0r.sh: HOME is not set; name the folders: Tools/install-frei0r.sh DIR KDENLIVE-DIR" >&2
    exit 64
fi
dir=${1:-${HOME:-}/.frei0r-1/lib}
kdenlive=${2:-${XDG_DATA_HOME:-${HOME:-}/.local/share}/kdenlive/transitions}
# Relative to where the user stands, not to the clone this script moved into.
case $dir in /*) ;; *) dir=$caller/$dir ;; esac
case $kdenlive in /*) ;; *) kdenlive=$caller/$kdenlive ;; esac
scratch=${SHATTER_FREI0R_SCRATCH:-.build/frei0r}
[ -f /usr/include/frei0r.h ] || [ -f /usr/local/include/frei0r.h ] \
    || { echo "Tools/install-frei0r.sh: frei0r.h is missing; run Tools/setup.sh (or install frei0r-plugins-dev)" >&2; exit 1; }

plugins=(shatter shatter_dust)
targets=()
for plugin in "${plugins[@]}"; do targets+=("$dir/$plugin.so" "$kdenlive/frei0r_$plugin.xml"); done
for folder in "$dir" "$kdenlive"; do
    if [ -e "$folder" ] && [ ! -d "$folder" ]; then
        echo "Tools/install-frei0r.sh: $folder is not a folder; name a folder" >&2
        exit 1
    fi
done
for target in "${targets[@]}"; do
    if [ -L "$target" ] || { [ -e "$target" ] && [ ! -f "$target" ]; }; then
        echo "Tools/install-frei0r.sh: $target exists and is not a plain file; remove it or name another folder" >&2
        exit 1
    fi
done
mkdir -p "$dir" "$kdenlive"
for folder in "$dir" "$kdenlive"; do
    [ -w "$folder" ] || { echo "Tools/install-frei0r.sh: cannot write into $folder; name a folder you can write" >&2; exit 1; }
done

# shellcheck source=Tools/lib/scratch-lock.sh
source Tools/lib/scratch-lock.sh
hold_scratch "$scratch"
flags=(-c release --scratch-path "$scratch" -Xswiftc -static-stdlib
    -Xlinker --version-script="$PWD/Deploy/frei0r/exports.map" -Xlinker -z -Xlinker nodelete -Xlinker -s)
bin=$(swift build "${flags[@]}" --show-bin-path)
for plugin in "${plugins[@]}"; do
    product=frei0r-${plugin//_/-}
    swift build "${flags[@]}" --product "$product" >&2
done

# Every copy is made under a name mktemp chose (unguessable, created exclusively), removed on any exit.
temporaries=()
trap 'rm -f "${temporaries[@]}"' EXIT
for plugin in "${plugins[@]}"; do
    product=frei0r-${plugin//_/-}
    temporary=$(mktemp "$dir/.$plugin.so.XXXXXX")
    temporaries+=("$temporary")
    cp "$bin/lib$product.so" "$temporary"
    chmod 755 "$temporary"
    temporary=$(mktemp "$kdenlive/.frei0r_$plugin.xml.XXXXXX")
    temporaries+=("$temporary")
    cp "Deploy/frei0r/frei0r_$plugin.xml" "$temporary"
    chmod 644 "$temporary"
done
# Renamed into place (-T: a folder planted since the check is an error, never a place to move into), so
# a host scanning DIR never loads half a file.
for i in "${!targets[@]}"; do mv -fT "${temporaries[$i]}" "${targets[$i]}"; done
trap - EXIT
for plugin in "${plugins[@]}"; do
    echo "Tools/install-frei0r.sh: $dir/$plugin.so ($(du -h "$dir/$plugin.so" | cut -f1)), $kdenlive/frei0r_$plugin.xml" >&2
done
