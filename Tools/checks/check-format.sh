#!/usr/bin/env bash
# Checks that Sources and Tests are formatted as the checked-in .swift-format says (4-space indents,
# 130 columns), with the toolchain's own swift-format; run by .ci/run beside the tests. To fix what it
# reports: swift format -i -r Sources Tests
#
# .swift-format is swift-format's defaults but for indentation, line length and one rule:
# AlwaysUseLowerCamelCase is off because each CPU twin in Sources/ShatterSoftware (and the point
# sprite's program in Sources/ShatterPointSprites) keeps its GLSL program's names (u_time, v_color),
# so a twin reads line by line against its shader.
#
#   Tools/checks/check-format.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift format lint --strict --recursive --parallel Sources Tests
