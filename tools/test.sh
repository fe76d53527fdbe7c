#!/usr/bin/env bash
# Builds narabe and runs every test: the release build's full suite, then the unit
# and protocol suites again under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."

cmake --workflow --preset test-release
cmake --workflow --preset test-asan-ubsan
