#!/usr/bin/env bash
# `make run`: the daemon in the foreground, with its socket at ./run/eartrainer.sock (printed on
# start). It keeps running without a keyboard or a sound device, and says what it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
exec .build/debug/eartrainerd run "$@"
