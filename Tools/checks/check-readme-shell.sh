#!/usr/bin/env bash
# Runs every ```sh block of README.md, in order and verbatim, as a newcomer would type them into one
# shell: starting in this clone, with HOME in a scratch folder (so ~ in the README is the scratch
# folder), no `shatter` on PATH until the README's set-up puts it there, and stdin empty. Exports and
# `cd`s carry over from one command to the next, as in a terminal. Every command must exit 0
# (pipelines under pipefail); a failure stops the check with the README's line, the exit status and
# the command's output. At the end nothing in the clone may have changed but its builds (.build/,
# .swiftpm/, Package.resolved, dist/: what the set-up's Tools/install.sh builds, all ignored by git):
# `git status --porcelain --ignored` before and after, and any file written in it while the examples
# ran. The scratch folder is removed (README_SHELL_KEEP=1 keeps it and says where). The whole run is
# stopped after README_SHELL_TIMEOUT seconds (1800), naming the command it was in.
# Run by .ci/run once the tests' build is done, after its release builds, whose bundle the set-up's
# Tools/install.sh reuses (without it, that is a release build of its own: minutes).
#
#   Tools/checks/check-readme-shell.sh
#
# The README runs its set-up in the clone, then moves to a folder of its own (`cd ~/shatter-try`)
# before its first example: a command that runs the clone's Tools/ belongs before that `cd`.
#
# Skipped, and only this: a command that runs `swift test` (the README's test command), which .ci/run
# runs first; the check says so in its output. Anything else must run, or be written in the README as
# something other than a ```sh block (a synopsis is ```text).
#
# A command is one line, or the lines up to where `bash -n` finds it complete (a trailing `\`, an open
# quote, a loop). Each command's words are looked up in make_input below: a word naming an input that
# does not exist in the folder the command runs in is made there first (a word's trailing / is
# dropped, so `golden/` is the folder golden). They are small: still PNGs of 390x844, clips of
# 320x180 and 2 s with sound, folders of 13 frames at 120x90, a sounds folder of half-second tones.
# To add an input: add a case to make_input that makes the file or folder named by its argument in the
# current folder (ffmpeg, or `shatter`, which is on PATH once the README's set-up has run).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
me=Tools/checks/check-readme-shell.sh
for tool in git ffmpeg; do
    command -v "$tool" >/dev/null || { echo "$me: $tool is not on PATH; run Tools/setup.sh" >&2; exit 1; }
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/shatter-readme-shell.XXXXXX")
if [ "${README_SHELL_KEEP:-}" = 1 ]; then
    trap 'echo "$me: the scratch folder is kept: $scratch" >&2' EXIT
else
    trap 'rm -rf "$scratch"' EXIT
fi
mkdir -p "$scratch/home" "$scratch/tmp" "$scratch/logs"

# Makes input $1 in the current folder; returns 99 when $1 names no input.
make_input() {
    case "$1" in
        login.png) ffmpeg -v error -f lavfi -i testsrc2=size=390x844 -frames:v 1 -update 1 login.png ;;
        home.png) ffmpeg -v error -f lavfi -i smptehdbars=size=390x844 -frames:v 1 -update 1 home.png ;;
        expected.png | actual.png) ffmpeg -v error -f lavfi -i testsrc=size=120x90 -frames:v 1 -update 1 "$1" ;;
        a.mp4 | b.mp4 | c.mp4)
            local picture
            picture=$(case "$1" in a.mp4) echo testsrc ;; b.mp4) echo mandelbrot ;; *) echo smptebars ;; esac)
            ffmpeg -v error -f lavfi -i "$picture=size=320x180:rate=30" -f lavfi -i sine=frequency=440 -t 2 \
                -c:v libx264 -pix_fmt yuv420p -c:a aac -shortest "$1"
            ;;
        golden | new)
            command -v shatter >/dev/null || { echo "input $1 needs shatter, which is not on PATH yet" >&2; return 1; }
            # golden on the CPU renderer, new on whatever auto picks (GL on a GPU box): the README's pair.
            shatter render shatter --size 120x90 --fps 10 --quiet --backend "$([ "$1" = golden ] && echo cpu || echo auto)" \
                --out "$1"
            ;;
        sounds)
            # The user's copies of the original's sounds (Shatter ships none): a tone of its own for each.
            mkdir sounds
            local name frequency=300
            for name in thanos_snap_sound thanos_dust_{1..6} thanos_reverse_sound; do
                ffmpeg -v error -f lavfi -i "sine=frequency=$frequency:duration=0.5" "sounds/$name.wav"
                frequency=$((frequency + 100))
            done
            ;;
        *) return 99 ;;
    esac
}

# The driver: runs in a clean environment, in one bash process, the commands listed in $1 (a line
# `LINE<TAB>text` for each line of a block, `END` after each block). Its own names start with
# readme_check_, so that no command of the README's can change them.
# shellcheck disable=SC2154  # readme_check_me and readme_check_logs: set by the driver's first line
run_commands() {
    set -o pipefail
    trap 'trap - EXIT; exit 124' TERM # the time limit, which the check reports itself
    local readme_check_test='(^|[;&|[:space:]])swift[[:space:]]+test([[:space:]]|$)'
    local readme_check_record readme_check_line readme_check_command="" readme_check_first=0 readme_check_log
    local readme_check_status readme_check_started readme_check_ms readme_check_word readme_check_words readme_check_made
    while IFS= read -r readme_check_record <&3; do
        if [ "$readme_check_record" = END ]; then
            [ -z "$readme_check_command" ] \
                || { echo "$readme_check_me: README.md:$readme_check_first: the block ends inside a command" >&2; return 1; }
            continue
        fi
        readme_check_line=${readme_check_record#*$'\t'}
        if [ -z "$readme_check_command" ]; then
            case "$readme_check_line" in "" | "#"*) continue ;; esac
            readme_check_first=${readme_check_record%%$'\t'*}
            readme_check_command=$readme_check_line
        else
            readme_check_command+=$'\n'$readme_check_line
        fi
        # Complete when bash can parse it and its last line does not go on (`\` at its end).
        [[ "$readme_check_command" != *\\ ]] || continue
        bash -n <<<"$readme_check_command" 2>/dev/null || continue
        if [[ "$readme_check_command" =~ $readme_check_test ]]; then
            echo "README.md:$readme_check_first: skipped: .ci/run runs the README's test command first: $readme_check_command"
            readme_check_command=""
            continue
        fi
        readme_check_log="$readme_check_logs/$readme_check_first.log"
        read -r -d '' -a readme_check_words <<<"$readme_check_command" || true
        readme_check_made=()
        readme_check_started=$(date +%s%N)
        for readme_check_word in "${readme_check_words[@]}"; do
            readme_check_word=${readme_check_word%/}
            if [ -z "$readme_check_word" ] || [ -e "$readme_check_word" ]; then continue; fi
            readme_check_status=0
            make_input "$readme_check_word" >"$readme_check_log" 2>&1 </dev/null || readme_check_status=$?
            [ $readme_check_status -ne 99 ] || continue
            [ $readme_check_status -eq 0 ] || {
                echo "$readme_check_me: README.md:$readme_check_first: could not make the input $readme_check_word in $PWD:" >&2
                cat "$readme_check_log" >&2
                return 1
            }
            readme_check_made+=("$readme_check_word")
        done
        if [ ${#readme_check_made[@]} -gt 0 ]; then
            readme_check_ms=$((($(date +%s%N) - readme_check_started) / 1000000))
            printf 'README.md:%s: made its inputs %s in %s (%d.%d s)\n' "$readme_check_first" "${readme_check_made[*]}" "$PWD" \
                $((readme_check_ms / 1000)) $((readme_check_ms % 1000 / 100))
        fi
        printf 'README.md:%s: %s\n' "$readme_check_first" "$readme_check_command" >"$readme_check_logs/running"
        readme_check_started=$(date +%s%N)
        readme_check_status=0
        # A command that ends the shell (`exit`) is a failure too, named as any other (on fd 4, the
        # check's own stderr: the command's output still goes to its log then).
        trap 'echo "$readme_check_me: README.md:$readme_check_first ended the shell: $readme_check_command" >&4
            tail -n 60 "$readme_check_log" >&4; exit 1' EXIT
        eval "$readme_check_command" >"$readme_check_log" 2>&1 </dev/null || readme_check_status=$?
        trap - EXIT
        readme_check_ms=$((($(date +%s%N) - readme_check_started) / 1000000))
        if [ $readme_check_status -ne 0 ]; then
            echo "$readme_check_me: README.md:$readme_check_first failed (exit $readme_check_status," \
                "$((readme_check_ms / 1000)) s, in $PWD): $readme_check_command" >&2
            echo "--- its output (the last 60 lines):" >&2
            tail -n 60 "$readme_check_log" >&2
            return 1
        fi
        printf 'README.md:%s (%d.%d s): %s\n' "$readme_check_first" $((readme_check_ms / 1000)) \
            $((readme_check_ms % 1000 / 100)) "$readme_check_command"
        readme_check_command=""
    done 3<"$1" 4>&2
}

# The README's ```sh blocks, each line with its number.
awk '
    /^```sh[[:space:]]*$/ { inside = 1; next }
    inside && /^```[[:space:]]*$/ { inside = 0; print "END"; next }
    inside { print NR "\t" $0 }
' README.md >"$scratch/commands"
[ -s "$scratch/commands" ] || { echo "$me: README.md has no \`\`\`sh block" >&2; exit 1; }

# No shatter on PATH but the one the README's set-up installs: folders holding one are left out.
path=""
IFS=: read -r -a entries <<<"$PATH"
for entry in "${entries[@]}"; do
    if [ -n "$entry" ] && [ -x "$entry/shatter" ]; then
        echo "$me: $entry holds a shatter; left out of PATH, as on a machine that never installed it"
        continue
    fi
    path+=${path:+:}$entry
done

# What the examples may not change: the clone, but for its build.
repository_state() {
    git -C "$repo" status --porcelain --ignored | grep -Ev '^!! (\.build/|\.swiftpm/|Package\.resolved|dist/)$' || true
    git -C "$repo" diff HEAD --binary | sha256sum
}
repository_state >"$scratch/before"
touch "$scratch/started"

{
    declare -f make_input run_commands
    echo "readme_check_me=$(printf '%q' "$me") readme_check_logs=$(printf '%q' "$scratch/logs")"
    echo "run_commands $(printf '%q' "$scratch/commands")"
} >"$scratch/driver.sh"
started=$(date +%s)
status=0
limit=${README_SHELL_TIMEOUT:-1800}
timeout "$limit" env -i HOME="$scratch/home" PATH="$path" TMPDIR="$scratch/tmp" LANG=C.UTF-8 USER="${USER:-$(id -un)}" \
    LOGNAME="${LOGNAME:-$(id -un)}" bash --noprofile --norc "$scratch/driver.sh" || status=$?
if [ $status -eq 124 ]; then
    echo "$me: stopped after $limit s (README_SHELL_TIMEOUT) in $(cat "$scratch/logs/running")" >&2
    tail -n 60 "$scratch/logs/$(sed -n 's/^README.md:\([0-9]*\):.*/\1/p;q' "$scratch/logs/running").log" >&2
fi
[ $status -eq 0 ] || exit 1

repository_state >"$scratch/after"
written=$(find "$repo" \( -path "$repo/.git" -o -path "$repo/.build" -o -path "$repo/.swiftpm" -o -path "$repo/dist" \) -prune -o \
    -newer "$scratch/started" ! -type d ! -path "$repo/Package.resolved" -print)
if ! cmp -s "$scratch/before" "$scratch/after" || [ -n "$written" ]; then
    echo "$me: the README's examples changed the clone:" >&2
    diff "$scratch/before" "$scratch/after" >&2 || true
    [ -z "$written" ] || while IFS= read -r file; do echo "written: $file" >&2; done <<<"$written"
    exit 1
fi
echo "$me: every command of the README's sh blocks ran, in $(($(date +%s) - started)) s, and the clone is as it was"
