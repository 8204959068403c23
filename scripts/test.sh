#!/usr/bin/env bash
# Every test of the project, in order: the Swift package's tests (unit tests, tests that run the
# built executables against a real daemon), the socket-abuse suite on its own (it measures
# latency, so nothing else may run beside it), `make install` and the systemd units, then the ALSA
# input scenarios in a VM with the kernel's own sequencer. Any failure fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
swift test --skip-build --skip SocketAbuseTests
swift test --skip-build --filter SocketAbuseTests
scripts/test-install.sh
# ALSA input (issue 4): the kernel's sequencer exists only in the VM; a scenario failure or a VM
# that does not boot fails the run.
scripts/vm/run.sh
