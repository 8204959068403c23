#!/usr/bin/env bash
# `make run`: the daemon in the foreground with the project's config (config/eartrainer.toml) and
# its socket at ./run/eartrainer.sock (it prints where). It keeps running without a keyboard or a
# sound device, and says what it is missing. Ctrl-C stops it and prints the session's results.
set -euo pipefail
cd "$(dirname "$0")/.."
exec .build/debug/eartrainerd run --config config/eartrainer.toml "$@"
