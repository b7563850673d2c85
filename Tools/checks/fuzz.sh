#!/usr/bin/env bash
# Runs Shatter's libFuzzer targets one after the other, SECONDS each (default 600).
#
#   Tools/checks/fuzz.sh 600                 # every target, 10 minutes each
#   Tools/checks/fuzz.sh 60 fuzz-png         # one target
#   Tools/checks/fuzz.sh repro fuzz-png FILE # re-run one input (a crash-* file) under the same build
#
# Targets (Tools/checks/fuzz/Sources): fuzz-png feeds bytes to PNGDecoder.decode; fuzz-manifest feeds bytes
# to FrameManifest.decode and merges what decodes, then reads it as a folder's manifest (file names must be
# plain names beside it); fuzz-pattern opens clip paths with printf-style patterns (parsed by Shatter, width
# bounded: refused in one line at once); fuzz-options feeds newline-separated argument lists
# to the CLI's parser and every validate(). All are built with
# -sanitize=fuzzer,address (linked with lld: gold fails on the fuzzer runtime), so out-of-bounds accesses, use-after-free and leaks count as crashes too.
# The committed seeds (Tools/checks/fuzz/corpus/<target>) are read, never written: what the fuzzer learns
# goes to .build-fuzz/corpus/<target>, and any crash to .build-fuzz/crashes/<target>/<date>/.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
scratch="$root/.build-fuzz"

build() {
    swift build --package-path Tools/checks/fuzz --scratch-path "$scratch/build" -c debug \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld --product "$1" >&2
    echo "$scratch/build/debug/$1"
}

seeds_for() { case "$1" in fuzz-png) echo png ;; fuzz-manifest) echo manifest ;; fuzz-pattern) echo pattern ;; fuzz-options) echo options ;; *) echo "unknown target $1" >&2; exit 64 ;; esac; }
max_len_for() { case "$1" in fuzz-png | fuzz-manifest) echo 16384 ;; *) echo 1024 ;; esac; }

if [ "${1:-}" = "repro" ]; then
    [ $# -eq 3 ] || { echo "usage: Tools/checks/fuzz.sh repro TARGET FILE" >&2; exit 64; }
    SWIFT_BACKTRACE=enable=no exec "$(build "$2")" "$3"
fi

seconds=${1:-600}
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then echo "usage: Tools/checks/fuzz.sh SECONDS [TARGET...]" >&2; exit 64; fi
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz-png fuzz-manifest fuzz-pattern fuzz-options)

status=0
for target in "${targets[@]}"; do
    seeds="$root/Tools/checks/fuzz/corpus/$(seeds_for "$target")"
    binary=$(build "$target")
    crashes="$scratch/crashes/$target/$(date +%Y%m%d-%H%M%S)"  # a fresh folder: earlier finds stay
    mkdir -p "$scratch/corpus/$target" "$crashes"
    echo "== $target: ${seconds} s" >&2
    # One job at a time: the machine is shared. -rss_limit_mb catches runaway allocation as a crash.
    set +e +o pipefail
    # SWIFT_BACKTRACE off: Swift's crash backtracer reads memory in ways ASan reports as its own crash.
    SWIFT_BACKTRACE=enable=no \
    "$binary" "$scratch/corpus/$target" "$seeds" -max_total_time="$seconds" -max_len="$(max_len_for "$target")" \
        -rss_limit_mb=2048 -timeout=20 -print_final_stats=1 -artifact_prefix="$crashes/" \
        2>&1 | tee "$scratch/$target.log" | grep -E '^(#[0-9]+ +(DONE|pulse)|==[0-9]+==|SUMMARY|stat::)|Test unit written' >&2
    fuzzer_status=${PIPESTATUS[0]}
    set -e -o pipefail
    if [ "$fuzzer_status" -ne 0 ] || [ -n "$(ls -A "$crashes")" ]; then
        echo "== $target: FOUND A CRASH, see $scratch/$target.log and $crashes/" >&2
        status=1
    else
        echo "== $target: no crash in ${seconds} s" >&2
    fi
done
exit $status
