#!/usr/bin/env bash
# Builds a self-contained Linux bundle of `shatter` for a bare GPU machine:
#   dist/shatter-linux-<arch>/shatter    release binary: Swift runtime and Foundation linked in
#                                        (--static-swift-stdlib), libpng, zlib, libdeflate, OpenSSL's
#                                        libcrypto (SHA-256) and libxxhash (XXH3-128) linked in statically;
#                                        on x86_64 compiled for
#                                        x86-64-v3 (SHATTER_BUNDLE_CPU=baseline: for any x86-64)
#   dist/shatter-linux-<arch>/README.md  how to run it
#   dist/shatter-linux-<arch>/frei0r/    the frei0r plugins and Kdenlive's descriptions (Tools/install-frei0r.sh)
# The binary needs only glibc: EGL and GLES (libEGL.so.1, libGLESv2.so.2, through libglvnd) and
# libgbm.so.1 are opened at run time, only by the GL backend. The script checks the ELF NEEDED list
# and fails on anything but glibc's libraries.
# Usage: Tools/bundle.sh [OUTPUT-FOLDER]   (a separate scratch folder, .build/bundle, keeps it apart
# from the normal .build, so it can run while `swift test` holds that one).
set -euo pipefail
cd "$(dirname "$0")/.."

arch=$(uname -m)
dist=${1:-dist/shatter-linux-$arch}
scratch=${SHATTER_BUNDLE_SCRATCH:-.build/bundle}
static="$scratch/static-libs"
# shellcheck source=Tools/lib/scratch-lock.sh
source Tools/lib/scratch-lock.sh
hold_scratch "$scratch"
mkdir -p "$static" "$dist"

# `-lpng16` comes from libpng's pkg-config file and would find libpng16.so. A libpng.pc of our own,
# found first through PKG_CONFIG_PATH, names the static archives instead, under names no shared
# library has (the system folder is searched before ours), plus zlib, which libpng needs; and a
# libdeflate.pc and a libcrypto.pc the same way.
libdir=$(pkg-config --variable=libdir libpng)
zlibdir=$(pkg-config --variable=libdir zlib 2>/dev/null || echo "$libdir")
# Debian's libdeflate.pc names /usr/lib, while the archive sits beside libpng's.
deflatedir=$(pkg-config --variable=libdir libdeflate 2>/dev/null || echo "$libdir")
[ -f "$deflatedir/libdeflate.a" ] || deflatedir=$libdir
cryptodir=$(pkg-config --variable=libdir libcrypto 2>/dev/null || echo "$libdir")
xxhashdir=$(pkg-config --variable=libdir libxxhash 2>/dev/null || echo "$libdir")
for archive in "$libdir/libpng16.a" "$zlibdir/libz.a" "$deflatedir/libdeflate.a" "$cryptodir/libcrypto.a" "$xxhashdir/libxxhash.a"; do
    [ -f "$archive" ] || { echo "Tools/bundle.sh: $archive is missing; install libpng-dev, zlib1g-dev, libdeflate-dev, libssl-dev and libxxhash-dev" >&2; exit 1; }
done
ln -sf "$libdir/libpng16.a" "$static/libshatter-png-static.a"
ln -sf "$zlibdir/libz.a" "$static/libshatter-z-static.a"
ln -sf "$deflatedir/libdeflate.a" "$static/libshatter-deflate-static.a"
ln -sf "$cryptodir/libcrypto.a" "$static/libshatter-crypto-static.a"
ln -sf "$xxhashdir/libxxhash.a" "$static/libshatter-xxhash-static.a"
static_abs=$(cd "$static" && pwd)
# static_pc NAME DESCRIPTION LIBS: a NAME.pc that names the static archives (LIBS) instead of the shared
# library, with the system's version and include flags for NAME.
static_pc() {
    cat > "$static/$1.pc" <<PC
Name: $1
Description: $2, static, for the Shatter bundle
Version: $(pkg-config --modversion "$1")
Cflags: $(pkg-config --cflags "$1")
Libs: -L$static_abs $3
PC
}
static_pc libpng "libpng and zlib" "-lshatter-png-static -lshatter-z-static -lm"
static_pc libdeflate libdeflate -lshatter-deflate-static
# Only SHA256_Init/_Update/_Final are called: no provider or configuration file is loaded at run time.
static_pc libcrypto "OpenSSL's libcrypto" "-lshatter-crypto-static -ldl -pthread"
static_pc libxxhash libxxhash -lshatter-xxhash-static

# The Swift runtime asks for -lstdc++; the same folder (searched before gcc's, which holds
# libstdc++.so) offers only the static archive, so the C++ runtime is linked in too.
stdcxx=$(g++ -print-file-name=libstdc++.a 2>/dev/null || true)
[ -f "$stdcxx" ] || stdcxx=$(find /usr/lib/gcc -name libstdc++.a 2>/dev/null | sort -V | tail -1)
[ -f "$stdcxx" ] || { echo "Tools/bundle.sh: libstdc++.a is missing; install libstdc++-12-dev (or your gcc's)" >&2; exit 1; }
ln -sf "$stdcxx" "$static/libstdc++.a"
# On x86-64 the bundle is compiled for x86-64-v3 (AVX2 and FMA: every x86-64 server processor since
# 2013 for Intel, 2017 for AMD, so every GPU box): the CPU renderer is about 20% faster, with the same
# pixels (Swift never fuses a multiply and an add, and C is told not to). `shatter` refuses to start,
# in one line, on a processor without them. SHATTER_BUNDLE_CPU=baseline builds for any x86-64.
cpu_flags=()
if [ "$arch" = x86_64 ] && [ "${SHATTER_BUNDLE_CPU:-x86-64-v3}" != baseline ]; then
    [ "${SHATTER_BUNDLE_CPU:-x86-64-v3}" = x86-64-v3 ] \
        || { echo "Tools/bundle.sh: SHATTER_BUNDLE_CPU is x86-64-v3 (the default) or baseline, not $SHATTER_BUNDLE_CPU" >&2; exit 1; }
    # Swift's LLVM names x86-64-v3 by its first processor.
    cpu_flags=(-Xswiftc -target-cpu -Xswiftc haswell -Xcc -march=haswell -Xcc -ffp-contract=off)
fi
PKG_CONFIG_PATH="$static_abs${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" \
    swift build -c release --product shatter --scratch-path "$scratch" --static-swift-stdlib "${cpu_flags[@]}" \
    -Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
    -Xlinker -s

binary="$(swift build -c release --scratch-path "$scratch" "${cpu_flags[@]}" --show-bin-path)/shatter"
cp "$binary" "$dist/shatter"

# Everything the binary loads at start must be glibc's; GL comes later, through dlopen.
allowed='^(libc|libm|libdl|libpthread|librt|ld-linux-[a-z0-9_-]+)\.so'
needed=$(readelf -d "$dist/shatter" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
unexpected=$(printf '%s\n' "$needed" | grep -Ev "$allowed" || true)
if [ -n "$unexpected" ]; then
    echo "Tools/bundle.sh: the binary needs libraries a bare GPU machine may lack: $(echo "$unexpected" | tr '\n' ' ')" >&2
    exit 1
fi

# The frei0r plugins for video editors (docs/frei0r.md): built for any x86-64, since an editor's
# machine may be older than a GPU box, with Kdenlive's descriptions beside them.
Tools/install-frei0r.sh "$dist/frei0r" "$dist/frei0r" >&2

cat > "$dist/README.md" <<README
# shatter for Linux ($arch)

One binary$([ ${#cpu_flags[@]} -gt 0 ] && echo ", compiled for x86-64-v3 (AVX2 and FMA; on a processor without them it says so and stops)"). It needs only glibc; the Swift runtime, Foundation, libpng, zlib, libdeflate and OpenSSL's
libcrypto are inside.
Libraries it loads at start: $(echo "$needed" | tr '\n' ' ')
The GL backends (gl, gpu) open the GPU driver's EGL through libglvnd at run time (libEGL.so.1,
libGLESv2.so.2; Debian and Ubuntu: libegl1 libgles2; on NVIDIA the driver's libEGL_nvidia, registered
by 10_nvidia.json), and libgbm.so.1 only for EGL's GBM platform. Without them \`--backend cpu\` and
\`auto\` still render, and \`shatter info\` names the library that is missing.

    ./shatter info                      # EGL devices, which one is used, what --backend auto picks
    ./shatter render shatter --size 1920x1080 --backend gpu --out frames   # refuses llvmpipe
    ./shatter compare shatter --size 1920x1080     # NVIDIA vs the CPU renderer
    ./shatter bench --size 1920x1080

\`frei0r/\` holds the frei0r transitions for MLT (melt, Kdenlive, Shotcut) and GStreamer, shatter.so and
shatter_dust.so (they need only libc, libm, libstdc++ and libgcc_s), and Kdenlive's descriptions of them:
copy the .so files into ~/.frei0r-1/lib and the .xml files into ~/.local/share/kdenlive/transitions.

On an NVIDIA machine with no X server, the EGL device platform picks the GPU: every hardware device
in turn, the scheduler's (CUDA_VISIBLE_DEVICES, NVIDIA_VISIBLE_DEVICES, SLURM_STEP_GPUS) first;
--device N (or SHATTER_EGL_DEVICE=N) picks one of the devices \`shatter info\` lists.
README
echo "Tools/bundle.sh: $dist/shatter ($(du -h "$dist/shatter" | cut -f1)), needs: $(echo "$needed" | tr '\n' ' ')"
