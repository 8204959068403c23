#!/usr/bin/env bash
# Every test of the project, in order: the Swift package's tests (unit tests, tests that run the
# built executables against a real daemon), then `make install` and the systemd units. Any failure
# fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
swift test --skip-build
scripts/test-install.sh
