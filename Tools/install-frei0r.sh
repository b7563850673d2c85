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
set -euo pipefail
cd "$(dirname "$0")/.."

dir=${1:-$HOME/.frei0r-1/lib}
kdenlive=${2:-${XDG_DATA_HOME:-$HOME/.local/share}/kdenlive/transitions}
scratch=${SHATTER_FREI0R_SCRATCH:-.build/frei0r}
[ -f /usr/include/frei0r.h ] || [ -f /usr/local/include/frei0r.h ] \
    || { echo "Tools/install-frei0r.sh: frei0r.h is missing; run Tools/setup.sh (or install frei0r-plugins-dev)" >&2; exit 1; }

flags=(-c release --scratch-path "$scratch" -Xswiftc -static-stdlib
    -Xlinker --version-script="$PWD/Tools/frei0r/exports.map" -Xlinker -z -Xlinker nodelete -Xlinker -s)
bin=$(swift build "${flags[@]}" --show-bin-path)
mkdir -p "$dir" "$kdenlive"
for plugin in shatter shatter_dust; do
    product=frei0r-${plugin//_/-}
    swift build "${flags[@]}" --product "$product" >&2
    # Copied under a temporary name and renamed, so a host scanning DIR never loads half a file.
    cp "$bin/lib$product.so" "$dir/.$plugin.so.tmp-$$"
    mv -f "$dir/.$plugin.so.tmp-$$" "$dir/$plugin.so"
    cp "Tools/frei0r/frei0r_$plugin.xml" "$kdenlive/frei0r_$plugin.xml"
    echo "Tools/install-frei0r.sh: $dir/$plugin.so ($(du -h "$dir/$plugin.so" | cut -f1)), $kdenlive/frei0r_$plugin.xml" >&2
done
