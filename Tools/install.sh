#!/usr/bin/env bash
# Builds `shatter` as the one-file binary Tools/bundle.sh makes (release, needing only glibc:
# dist/shatter-linux-<arch>/shatter) and installs a copy of it as DIR/shatter, ~/.local/bin/shatter by
# default, so that the README's examples find it on PATH. Where DIR is not on PATH it says so and
# prints the line that puts it there. Run it in the clone, after Tools/setup.sh; run it again after a
# `git pull` to install the new build (the build is then incremental, and in CI it reuses the one
# Tools/checks/check-bundle.sh made).
#
#   Tools/install.sh [DIR]
#
# A relative DIR is taken from the folder you run the script in.
#
# On x86-64 the bundle is built for x86-64-v3 (AVX2 and FMA); where this processor lacks them, the
# build that refuses to start is replaced by one for any x86-64 (SHATTER_BUNDLE_CPU=baseline).
# The copy is a plain file (it keeps working when the clone's builds are cleaned); an existing
# DIR/shatter that is a plain file is replaced whole (a temporary name in DIR, then renamed), anything
# else there (a link, a folder, a device) is refused and left as it is.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/.."

case "${1:-}" in
    -h | --help)
        echo "usage: Tools/install.sh [DIR]   (builds the release shatter and copies it to DIR, default ~/.local/bin)"
        exit 0
        ;;
    -*)
        echo "Tools/install.sh: unknown option $1; usage: Tools/install.sh [DIR]" >&2
        exit 64
        ;;
esac
[ $# -le 1 ] || { echo "Tools/install.sh: one folder at most; usage: Tools/install.sh [DIR]" >&2; exit 64; }
[ -n "${HOME:-}" ] || [ $# -eq 1 ] || { echo "Tools/install.sh: HOME is not set; name the folder: Tools/install.sh DIR" >&2; exit 64; }
dir=${1:-$HOME/.local/bin}
# Relative to where the user stands, not to the clone this script moved into.
case $dir in /*) ;; *) dir=$caller/$dir ;; esac

target="$dir/shatter"
# Checked before the build, so a refusal costs nothing.
if [ -e "$dir" ] && [ ! -d "$dir" ]; then
    echo "Tools/install.sh: $dir is not a folder; name a folder" >&2
    exit 1
fi
if [ -L "$target" ] || { [ -e "$target" ] && [ ! -f "$target" ]; }; then
    echo "Tools/install.sh: $target exists and is not a plain file; remove it or name another folder" >&2
    exit 1
fi

dist="dist/shatter-linux-$(uname -m)"
echo "Tools/install.sh: building $dist/shatter with Tools/bundle.sh (minutes the first time)" >&2
Tools/bundle.sh "$dist" >&2
if ! refusal=$("$dist/shatter" --version 2>&1); then
    grep -q "built for x86-64-v3" <<<"$refusal" \
        || { echo "Tools/install.sh: the built $dist/shatter does not run: $refusal" >&2; exit 1; }
    echo "Tools/install.sh: this processor lacks x86-64-v3; building for any x86-64 instead" >&2
    SHATTER_BUNDLE_CPU=baseline Tools/bundle.sh "$dist" >&2
fi

mkdir -p "$dir"
temporary=$(mktemp "$dir/.shatter.XXXXXX")
trap 'rm -f "$temporary"' EXIT
cp "$dist/shatter" "$temporary"
chmod 755 "$temporary"
mv -f "$temporary" "$target"
trap - EXIT
echo "Tools/install.sh: installed $target (shatter $("$target" --version), a copy of $dist/shatter)"

# Is DIR on PATH, as the folder's own name or through a link to it?
resolved=$(cd "$dir" && pwd -P)
on_path=false
IFS=: read -r -a entries <<<"${PATH:-}"
for entry in "${entries[@]}"; do
    [ -n "$entry" ] && [ -d "$entry" ] && [ "$(cd "$entry" && pwd -P)" = "$resolved" ] && on_path=true && break
done
if $on_path; then
    found=$(command -v shatter || true)
    [ -z "$found" ] || [ "$(cd "$(dirname "$found")" && pwd -P)" = "$resolved" ] \
        || echo "Tools/install.sh: note: another shatter comes first on your PATH: $found" >&2
else
    # The line to type, as the README's set-up line has it ($HOME, $PATH unexpanded) for the default
    # folder. That set-up line runs it right after this script, so this shell needs nothing more; what
    # a newcomer misses is that a new shell that is not a login one (another terminal, `bash`) reads
    # ~/.bashrc, not ~/.profile.
    shown=$dir
    # shellcheck disable=SC2016
    if [ "$dir" = "${HOME:-}/.local/bin" ]; then shown='$HOME/.local/bin'; fi
    line="export PATH=\"$shown:\$PATH\""
    echo "Tools/install.sh: $dir is not on your PATH yet: the README's set-up line runs $line next;" \
        "for new shells, add that line to ~/.bashrc (and ~/.profile for login shells), or call $target" >&2
fi
