#!/usr/bin/env bash
# `make run`: the daemon in the foreground with the project's config (config/eartrainer.toml) and
# its socket at ./run/eartrainer.sock (it prints where). It keeps running without a keyboard or a
# sound device, and says what it is missing. Ctrl-C stops it and prints the session's results.
# Beside it, the web view on http://127.0.0.1:8750 (docs/web.md); EARTRAINER_WEB=0 leaves it out,
# EARTRAINER_WEB_LISTEN=ADDR:PORT moves it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${EARTRAINER_WEB:-1}" != 0 ] && [ -x .build/debug/eartrainer-web ]; then
  .build/debug/eartrainer-web --socket ./run/eartrainer.sock --listen "${EARTRAINER_WEB_LISTEN:-127.0.0.1:8750}" &
  web=$!
  trap 'kill "$web" 2>/dev/null || true' EXIT
fi
.build/debug/eartrainerd run --config config/eartrainer.toml "$@"
