#!/usr/bin/env bash
# Builds the DocC documentation of every library module and fails on any warning: a ``link`` that names
# nothing (a symbol renamed or moved), a parameter documented that does not exist. The symbol graphs hold
# internal symbols too, so a link in an internal symbol's comment, or a link to an internal symbol, is
# checked as a public one is. Run by .ci/run after the tests. DocC resolves a module's links within that module only (this toolchain's external links
# pass unchecked, whatever they name), so another module's symbol is written in code voice,
# `FrameTimeline`, not as a link that would look checked and is not.
#
#   Tools/checks/check-docs.sh [OUTPUT_DIR]    (archives kept in OUTPUT_DIR, else a temporary folder)
set -euo pipefail
cd "$(dirname "$0")/../.."

# The library modules.
modules=(
    ShatterCore ShatterAnimation ShatterDigest ShatterDrawing ShatterScenes ShatterCompare ShatterShaders
    ShatterPNG ShatterEffects ShatterPointSprites ShatterSoftware ShatterGL Shatter ShatterTesting
    ShatterSnapshotTesting
)

out=${1:-}
if [[ -z $out ]]; then
    out=$(mktemp -d "${TMPDIR:-/tmp}/shatter-docs.XXXXXX")
    trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"

# Internal and public symbols and their doc comments, from the debug build `swift test` leaves.
swift package dump-symbol-graph --minimum-access-level internal >"$out/dump.log" 2>&1 || { cat "$out/dump.log" >&2; exit 1; }
graphs=$(sed -n 's/^Files written to //p' "$out/dump.log" | tail -1)
[[ -d $graphs ]] || { echo "check-docs: no symbol graphs in the dump's output" >&2; cat "$out/dump.log" >&2; exit 1; }

failed=0
for module in "${modules[@]}"; do
    [[ -f $graphs/$module.symbols.json ]] || continue  # a module this checkout does not have
    input="$out/graphs/$module"
    mkdir -p "$input"
    cp "$graphs/$module.symbols.json" "$input/"
    cp "$graphs/$module"@*.symbols.json "$input/" 2>/dev/null || true  # its extensions of other modules
    archive="$out/$module.doccarchive"
    if ! docc convert --additional-symbol-graph-dir "$input" --fallback-display-name "$module" \
        --fallback-bundle-identifier "$module" --output-path "$archive" >"$out/$module.log" 2>&1; then
        echo "check-docs: docc failed on $module:" >&2
        cat "$out/$module.log" >&2
        failed=1
    fi
    if grep -q "^warning\|^error" "$out/$module.log"; then
        grep "^warning\|^error" "$out/$module.log" | sed "s/^/$module: /" >&2
        failed=1
    fi
done
if [[ $failed -ne 0 ]]; then
    echo "check-docs: fix the links above (another module's symbol: in code voice, \`Name\`)" >&2
    exit 1
fi
echo "check-docs: ${#modules[@]} modules' documentation built with no warning"
