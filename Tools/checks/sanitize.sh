#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer (all tests) and ThreadSanitizer (the concurrent parts:
# frame pipeline, CLI, renderers, soak), each in its own build folder so the normal .build stays.
#
#   Tools/checks/sanitize.sh            # both
#   Tools/checks/sanitize.sh address    # one
#
# The CLI tests run the shatter binary of the same build, so it is checked under the sanitizer too.
set -euo pipefail
cd "$(dirname "$0")/../.."
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(address thread)

# Swift's crash backtracer reads memory in ways the sanitizers report as errors of their own.
export SWIFT_BACKTRACE=enable=no
# halt_on_error: the first report fails the run. Leaks at exit are not checked here: XCTest and
# ArgumentParser leave a few hundred bytes reachable only from exiting frames, once per process.
# Leaks that grow are what matter; the fuzzers check those per input and the soak test over frames.
export ASAN_OPTIONS="${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=0}"
# No suppressions: state shared between threads is behind ShatterCore's `Locked` (a pthread mutex,
# which TSan sees), not Synchronization.Mutex, whose futex calls TSan cannot see on Linux.
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}"

status=0
for kind in "${kinds[@]}"; do
    case "$kind" in
        address) filter=() ;;
        thread) filter=(--filter 'ShatterTests|shatterCLITests|ShatterGLTests|ShatterSoftwareTests') ;;
        *) echo "usage: Tools/checks/sanitize.sh [address] [thread]" >&2; exit 64 ;;
    esac
    echo "== swift test --sanitize=$kind ${filter[*]}" >&2
    mkdir -p ".build-$kind"
    log=".build-$kind/sanitize.log"
    set +e +o pipefail
    swift test --sanitize="$kind" --scratch-path ".build-$kind" "${filter[@]}" 2>&1 | tee "$log" \
        | grep -E 'Sanitizer|SUMMARY|✘|Test run with|error:'
    tests_status=${PIPESTATUS[0]}
    set -e -o pipefail
    if [ "$tests_status" -ne 0 ] || grep -q 'Sanitizer' "$log"; then
        echo "== $kind: FAILED (see $log)" >&2
        status=1
    else
        echo "== $kind: clean" >&2
    fi
done
exit $status
