#!/usr/bin/env bash
# Checks `make install` / `make uninstall` and the systemd units, without systemd as PID 1:
# files land under PREFIX and DESTDIR, `systemd-analyze verify` is clean, and the service's
# exposure score is 2.0 or lower. Uses the debug binaries `swift build` already made.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() {  # check "what" command...
  local what=$1; shift
  if "$@" >"$work/out" 2>&1; then passed=$((passed + 1)); echo "ok: $what"
  else failed=$((failed + 1)); echo "FAILED: $what"; sed 's/^/  /' "$work/out"; fi
}
audio_libraries() {  # audio_libraries BINARY: the libasound and libfluidsynth it loads, directly or not
  local libs
  libs=$(ldd "$1") || { echo "ldd $1 failed"; return 2; }
  grep -E 'lib(asound|fluidsynth)\.so' <<<"$libs" || true
}
links_no_audio() {  # fails, naming them, when BINARY loads libasound or libfluidsynth
  local found
  found=$(audio_libraries "$1") || { echo "$found"; return 1; }
  [ -z "$found" ] || { echo "$found"; return 1; }
}
links_audio() {  # fails unless BINARY loads both
  local found
  found=$(audio_libraries "$1") || { echo "$found"; return 1; }
  grep -q libasound <<<"$found" && grep -q libfluidsynth <<<"$found"
}

make -s install BUILD=debug PREFIX="$work/usr" CONFDIR="$work/etc/eartrainer" >/dev/null
unit="$work/usr/lib/systemd/system/eartrainer.service"
check "binaries installed under PREFIX" test -x "$work/usr/bin/eartrainerd" -a -x "$work/usr/bin/eartrainctl"
check "units installed, ExecStart points into PREFIX" grep -q "^ExecStart=$work/usr/bin/eartrainerd run" "$unit"
# The client never links the sound libraries (docs/architecture.md): it must run on a machine
# without them. The daemon does, which shows the check can see them.
check "eartrainctl links neither libasound nor libfluidsynth" links_no_audio "$work/usr/bin/eartrainctl"
check "eartrainerd links both (so the check above can see them)" links_audio "$work/usr/bin/eartrainerd"
check "config installed" test -f "$work/etc/eartrainer/eartrainer.toml" -o ! -f config/eartrainer.toml
check "systemd-analyze verify is clean" systemd-analyze verify "$unit" "$work/usr/lib/systemd/system/eartrainer.socket"
score=$(systemd-analyze security --offline=yes "$unit" | sed -n 's/.*exposure level for eartrainer.service: \([0-9.]*\).*/\1/p')
echo "exposure score: $score"
check "exposure 2.0 or lower (got $score)" awk -v s="$score" 'BEGIN { exit !(s != "" && s <= 2.0) }'

make -s install BUILD=debug DESTDIR="$work/pkg" PREFIX=/usr >/dev/null
check "DESTDIR staging" test -x "$work/pkg/usr/bin/eartrainerd" -a -f "$work/pkg/usr/lib/systemd/system/eartrainer.socket"
check "DESTDIR staging keeps real paths in the unit" grep -q "^ExecStart=/usr/bin/eartrainerd run" "$work/pkg/usr/lib/systemd/system/eartrainer.service"
make -s uninstall DESTDIR="$work/pkg" PREFIX=/usr >/dev/null
check "uninstall removes binaries and units" test ! -e "$work/pkg/usr/bin/eartrainerd" -a ! -e "$work/pkg/usr/lib/systemd/system/eartrainer.service"

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
