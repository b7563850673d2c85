# shellcheck shell=bash
# Sourced (not run) by the scripts that build in a scratch folder of their own: Tools/bundle.sh,
# Tools/install-frei0r.sh, Tools/install-obs.sh.
#
# hold_scratch FOLDER waits until no other of them builds in FOLDER, then holds it until the script
# ends. SwiftPM waits for its own lock while it builds, but `swift build --show-bin-path` opens the
# build database without it and fails on a build in progress ("database is locked"); two installs at
# once (CI's release builds beside the README's commands, or a user's two terminals) now take turns.
hold_scratch() {
    mkdir -p "$1"
    # The folder itself is locked, opened for reading: no lock file is made, and nothing planted in
    # the folder (a link, a FIFO) is opened or written through.
    exec 9<"$1"
    if ! flock -n 9; then
        echo "Tools/${0##*/}: waiting for another build in $1 to finish" >&2
        flock 9
    fi
}
