#!/usr/bin/env bash
# Installs the Debian packages Shatter builds and renders with, when any is missing:
# EGL + GLES headers, GBM, libpng, and Mesa's EGL driver with llvmpipe (GL with no GPU).
# Safe to run again: it does nothing when everything is there.
set -euo pipefail

packages=(pkg-config libegl-dev libgles-dev libgbm-dev libpng-dev libegl-mesa0 libgl1-mesa-dri)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Tools/setup.sh: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
