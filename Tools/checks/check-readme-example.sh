#!/usr/bin/env bash
# Builds and runs the README's library example ("As a library") as a new user would: a fresh package
# whose Package.swift and main.swift are the README's two Swift blocks verbatim, with this checkout
# beside it as `../shatter` (a link). Usage: Tools/checks/check-readme-example.sh [--resolve-only]
#   --resolve-only   check only that the manifest resolves (package and product names), in seconds;
#                    without it the consumer is built from scratch and run (minutes).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
resolve_only=false
case "${1:-}" in
    --resolve-only) resolve_only=true ;;
    "") ;;
    *) echo "usage: Tools/checks/check-readme-example.sh [--resolve-only]" >&2; exit 64 ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$repo" "$work/shatter"
mkdir -p "$work/Renders/Sources/Renders"

# The Swift blocks of the README's "As a library" section, in order: Package.swift, then main.swift.
awk -v out="$work/Renders" '
    /^## As a library/ { inside = 1; next }
    /^## / && inside { exit }
    inside && /^```swift$/ { block++; writing = 1; next }
    writing && /^```$/ { writing = 0; next }
    writing && block == 1 { print > (out "/Package.swift") }
    writing && block == 2 { print > (out "/Sources/Renders/main.swift") }
' README.md
for f in Package.swift Sources/Renders/main.swift; do
    [ -s "$work/Renders/$f" ] || { echo "check-readme-example: the README's example has no $f block" >&2; exit 1; }
done

cd "$work/Renders"
if $resolve_only; then
    if ! log=$(swift package show-dependencies 2>&1); then
        echo "$log" >&2
        exit 1
    fi
    echo "check-readme-example: the README's Package.swift resolves against this checkout"
    exit 0
fi
swift build -c release 2>&1 | tail -3
swift run -c release Renders
if [ ! -f frame.png ] || [ ! -f frames/manifest.json ]; then
    echo "check-readme-example: the example wrote no frame.png or frames/manifest.json" >&2
    exit 1
fi
echo "check-readme-example: the README's example builds and runs"
