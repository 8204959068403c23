#!/usr/bin/env bash
# Every test of the project, in order: the Swift package's tests (unit tests and the tests that
# run the built executables). Any failure fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
swift test --skip-build
