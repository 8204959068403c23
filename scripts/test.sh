#!/usr/bin/env bash
# Every test of the project, in order: the Swift package's tests (unit tests, tests that run the
# built executables against a real daemon), `make install` and the systemd units, then the ALSA
# input scenarios in a VM with the kernel's own sequencer and, in the same boot, the audio output
# through snd-aloop (pitch, and latency beside fluidsynth). Any failure fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests
swift test --skip-build
scripts/test-install.sh
# ALSA input (issue 4) and audio output (issue 5): the kernel's sound subsystem exists only in the
# VM; a scenario failure or a VM that does not boot fails the run.
scripts/vm/run.sh
