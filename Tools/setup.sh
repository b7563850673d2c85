#!/usr/bin/env bash
# Installs what is missing of: Debian packages (apt-get, from the machine's Debian archive) and three
# Python packages from PyPI (pip): kubernetes-validate, and Pillow and pypng in a virtual environment.
# Its first line of output names every package it is about to install and where each comes from.
# The Debian packages: EGL + GLES headers (the libraries themselves are opened at run time), GBM
# (optional, for EGL's GBM platform), libpng, libdeflate (PNG writing), OpenSSL's libcrypto (SHA-256;
# libssl-dev), libxxhash (XXH3-128; libxxhash-dev), Mesa's EGL driver with llvmpipe (GL with no GPU),
# and Mesa's Vulkan drivers (mesa-vulkan-drivers: lavapipe, under which zink, Mesa's GL over Vulkan,
# is a third GL the parity tests and Tools/checks/parity-matrix.sh hold to the CPU renderer).
# Also the checkers the tests run on Deploy/cluster (shellcheck, and kubernetes-validate from PyPI),
# Slurm (slurm-wlm) and MUNGE, from which Tools/checks/check-cluster.sh starts a single-node Slurm of its own
# (it uses neither the services nor the munge key that installing them may set up: its daemons run
# from a temporary folder, with a key of their own, and are stopped after it),
# zlib's static library for Tools/bundle.sh, ffmpeg (with ffprobe) for `--video` and its tests, and
# Chromium, in which the tests open `shatter compare`'s report page headless (DOM and screenshot), and
# GNU time, which measures the tool's peak memory in the tests, and pypng (PyPI), a second PNG reader;
# and for the frei0r plugins (Tools/install-frei0r.sh, Tools/checks/check-frei0r.sh): frei0r.h
# (frei0r-plugins-dev), and the hosts they are checked in: MLT's melt, and GStreamer's gst-launch-1.0
# with its frei0r elements (gst-plugins-bad) and the base and good elements the README's pipeline uses;
# and Kdenlive, in which Tools/checks/check-kdenlive.sh drops the compositions as a user does: kdenlive, an X
# server of its own (xvfb), xdotool to drive it, ImageMagick's import for its screenshots, and D-Bus's
# dbus-run-session, which Kdenlive needs.
# Safe to run again: it does nothing when everything is there.
set -euo pipefail

packages=(pkg-config libegl-dev libgles-dev libgbm1 libpng-dev zlib1g-dev libegl-mesa0 libgl1-mesa-dri mesa-vulkan-drivers shellcheck ffmpeg chromium time libdeflate-dev libssl-dev libxxhash-dev
    kdenlive xvfb xdotool imagemagick dbus-daemon slurm-wlm munge frei0r-plugins-dev melt gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad)
missing=()
for package in "${packages[@]}"; do
    [ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" = "install ok installed" ] || missing+=("$package")
done

# What PyPI would give: kubernetes-validate (pip, for python3), and Pillow and pypng in their own venv.
venv="$(cd "$(dirname "$0")/.." && pwd)/.build/png-readers-venv"
need_validate=false
need_readers=false
if command -v python3 >/dev/null 2>&1; then
    command -v kubernetes-validate >/dev/null 2>&1 || need_validate=true
    "$venv/bin/python3" -c "import PIL, png" >/dev/null 2>&1 || need_readers=true
fi

# One line up front: everything about to be installed, and from where.
plan=()
[ ${#missing[@]} -eq 0 ] || plan+=("${missing[*]} (Debian, apt-get)")
! $need_validate || plan+=("kubernetes-validate (PyPI, pip)")
! $need_readers || plan+=("Pillow and pypng (PyPI, pip, into $venv)")
if [ ${#plan[@]} -gt 0 ]; then
    summary="${plan[0]}"
    for item in "${plan[@]:1}"; do summary+="; $item"; done
    echo "Tools/setup.sh: installing $summary" >&2
fi

if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The Kubernetes schema check; optional (the test skips with a reason without it), so a failed
# install only warns.
if $need_validate; then
    python3 -m pip install --quiet kubernetes-validate >/dev/null 2>&1 \
        || echo "Tools/setup.sh: could not install kubernetes-validate; the Kubernetes manifest check will be skipped" >&2
fi

# Pillow and pypng in their own virtual environment, for the tests that decode Shatter's PNGs through
# other readers (PNGReadersTests, and OtherReaderTests' pypng); optional (they skip, or check with
# Python's zlib alone, without them).
if $need_readers; then
    (python3 -m venv "$venv" && "$venv/bin/python3" -m pip install --quiet --disable-pip-version-check Pillow pypng) \
        || echo "Tools/setup.sh: could not install Pillow and pypng; the PNG readers test will be skipped" >&2
fi

