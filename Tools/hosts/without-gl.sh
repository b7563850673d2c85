#!/usr/bin/env bash
# Runs a program as if this machine had no GL libraries at all: in a private mount namespace the
# system library folder is replaced by a copy holding only the libraries the program links (as
# ldd lists them), so libEGL, libGLESv2, libgbm and the Mesa drivers are absent, not merely unused.
# Nothing outside the namespace changes.
#   Tools/hosts/without-gl.sh PROGRAM [ARGUMENTS…]
# Needs unshare(1) (util-linux) and root or unprivileged user namespaces.
set -euo pipefail

if [ "${1:-}" = "--inside" ]; then
    scratch=$2
    shift 2
    libc=$(ldd "$1" | awk '$1 ~ /^libc\.so/ {print $3}')
    libdir=$(dirname "$(realpath "$libc")")
    mount -t tmpfs tmpfs "$scratch"
    # Every library of the program that lives in the system folder, under the name it is asked by.
    ldd "$1" | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// {print $1}' | while read -r lib; do
        if [ "$(dirname "$(realpath "$lib")")" = "$libdir" ]; then
            cp -L "$lib" "$scratch/$(basename "$lib")"
        fi
    done
    mount --bind "$scratch" "$libdir"
    if [ -e "$libdir/libEGL.so.1" ] || [ -e "$libdir/libGLESv2.so.2" ]; then
        echo "Tools/hosts/without-gl.sh: the program itself links the GL libraries" >&2
        exit 1
    fi
    exec "$@"
fi

[ "$#" -ge 1 ] || { echo "usage: Tools/hosts/without-gl.sh PROGRAM [ARGUMENTS…]" >&2; exit 64; }
program=$(command -v "$1") || { echo "Tools/hosts/without-gl.sh: $1 not found" >&2; exit 64; }
shift
scratch=$(mktemp -d)
self=$(realpath "$0")
status=0
if unshare --mount --map-root-user true 2>/dev/null; then
    unshare --mount --map-root-user --propagation private "$self" --inside "$scratch" "$program" "$@" || status=$?
else
    unshare --mount --propagation private "$self" --inside "$scratch" "$program" "$@" || status=$?
fi
rmdir "$scratch"
exit "$status"
