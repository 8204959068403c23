#!/usr/bin/env bash
# Checks `make install` / `make uninstall` and the systemd units, without systemd as PID 1:
# files land under PREFIX and DESTDIR, `systemd-analyze verify` is clean, and the service's
# exposure score is 2.0 or lower. Uses the debug binaries `swift build` already made.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/checks.sh
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

make -s install BUILD=debug ENABLE_UNITS=no PREFIX="$work/usr" CONFDIR="$work/etc/eartrainer" >/dev/null
unit="$work/usr/lib/systemd/system/eartrainer.service"
check "binaries installed under PREFIX" test -x "$work/usr/bin/eartrainerd" -a -x "$work/usr/bin/eartrainctl"
check "units installed, ExecStart points into PREFIX" grep -q "^ExecStart=$work/usr/bin/eartrainerd run" "$unit"
# The client never links the sound libraries (docs/architecture.md): it must run on a machine
# without them. The daemon does, which shows the check can see them.
check "eartrainctl links neither libasound nor libfluidsynth" links_no_audio "$work/usr/bin/eartrainctl"
check "eartrainer-web links neither libasound nor libfluidsynth" links_no_audio "$work/usr/bin/eartrainer-web"
check "eartrainerd links both (so the check above can see them)" links_audio "$work/usr/bin/eartrainerd"
check "config installed" test -f "$work/etc/eartrainer/eartrainer.toml" -o ! -f config/eartrainer.toml
check "systemd-analyze verify is clean" systemd-analyze verify "$unit" "$work/usr/lib/systemd/system/eartrainer.socket"
user_unit="$work/usr/lib/systemd/user/eartrainer.service"
check "user unit installed, ExecStart points into PREFIX" grep -q "^ExecStart=$work/usr/bin/eartrainerd run" "$user_unit"
# --user needs a runtime directory to look units up in; an empty one will do.
verify_user() { mkdir -p -m 700 "$work/xdg"; XDG_RUNTIME_DIR=$work/xdg systemd-analyze verify --user "$user_unit"; }
check "systemd-analyze verify --user is clean for the user unit" verify_user
score=$(systemd-analyze security --offline=yes "$unit" | sed -n 's/.*exposure level for eartrainer.service: \([0-9.]*\).*/\1/p')
echo "exposure score: $score"
check "exposure 2.0 or lower (got $score)" awk -v s="$score" 'BEGIN { exit !(s != "" && s <= 2.0) }'
web_unit="$work/usr/lib/systemd/system/eartrainer-web.service"
check "the web unit is installed, ExecStart points into PREFIX" grep -q "^ExecStart=$work/usr/bin/eartrainer-web " "$web_unit"
check "systemd-analyze verify is clean for the web unit" systemd-analyze verify "$web_unit"
web_score=$(systemd-analyze security --offline=yes "$web_unit" | sed -n 's/.*exposure level for eartrainer-web.service: \([0-9.]*\).*/\1/p')
echo "web exposure score: $web_score"
check "web unit exposure 2.0 or lower (got $web_score)" awk -v s="$web_score" 'BEGIN { exit !(s != "" && s <= 2.0) }'

# Man pages and completions, made from the parsers and the docs.
man_shows() {  # man_shows PAGE TEXT: the page renders and says TEXT
  local text
  text=$(MANWIDTH=200 man -l "$1" 2>&1) || { echo "$text"; return 1; }
  grep -qF -- "$2" <<<"$text" || { echo "$text" | head -20; return 1; }
}
man_shows_all() {  # man_shows_all PAGE TEXT...: the page says every TEXT
  local page=$1 text
  shift
  for text in "$@"; do man_shows "$page" "$text" || return 1; done
}
every_key_in_page() {  # every key of docs/configuration.md's table is in eartrainer.toml(5)
  local page missing=0
  page=$(MANWIDTH=400 man -l "$1" 2>&1)
  while read -r key; do grep -qF -- "$key" <<<"$page" || { echo "missing: $key"; missing=1; }; done \
    < <(sed -n '/^## Keys/,/^## [^K]/s/^| `\([a-z_.-]*[a-z*]\)` |.*/\1/p' docs/configuration.md)
  [ "$missing" = 0 ]
}
bash_completes() {  # eartrainctl st<TAB> offers the subcommands that begin so
  bash -c 'source "$1"; COMP_WORDS=(eartrainctl st); COMP_CWORD=1; COMP_LINE="eartrainctl st"; COMP_POINT=${#COMP_LINE}
    _eartrainctl eartrainctl st eartrainctl; echo "${COMPREPLY[*]}"' _ "$1" | tee /dev/stderr | grep "status.*start.*stop.*staff.*stats" >/dev/null
}
check "eartrainctl(1) installed and renders its subcommands" man_shows "$work/usr/share/man/man1/eartrainctl.1" "Start a session."
check "eartrainctl(1) says how long it waits: --timeout, ETCTL_TIMEOUT, and exit 75 when no answer came" \
  man_shows_all "$work/usr/share/man/man1/eartrainctl.1" "--timeout" "ETCTL_TIMEOUT" "did not answer within the timeout"
check "eartrainerd(8) installed and renders" man_shows "$work/usr/share/man/man8/eartrainerd.8" "Run the daemon in the foreground"
check "eartrainer-web(8) installed and renders" man_shows "$work/usr/share/man/man8/eartrainer-web.8" "Serve the live session to a browser"
check "eartrainer-hub(8) installed and renders its subcommands" \
  man_shows_all "$work/usr/share/man/man8/eartrainer-hub.8" "enroll-code" "Assign a lesson plan" "teacher-password"
check "the hub's unit is installed with real paths" grep -q "^ExecStart=$work/usr/bin/eartrainer-hub" "$work/usr/lib/systemd/system/eartrainer-hub.service"
check "eartrainer.toml(5) names every documented key" every_key_in_page "$work/usr/share/man/man5/eartrainer.toml.5"
check "bash completes eartrainctl st<TAB>" bash_completes "$work/usr/share/bash-completion/completions/eartrainctl"
check "zsh and fish completions installed" test -f "$work/usr/share/zsh/vendor-completions/_eartrainctl" -a -f "$work/usr/share/fish/vendor_completions.d/eartrainctl.fish"

# The installs below take the binaries and the man pages' tool the first one built: SwiftPM's
# no-op builds (five an install, about 7 s each here) are not what they check.
built=(SWIFT=true GENERATE_MANUAL=.build/debug/generate-manual)
# `sudo make install` where systemd runs enables and starts the units; a stand-in systemctl
# records what it was asked (no systemd as PID 1 here, and the host is not to be changed).
printf '#!/bin/sh\necho "$@" >>"%s/systemctl.log"\n' "$work" >"$work/systemctl"
chmod +x "$work/systemctl"
make -s install "${built[@]}" BUILD=debug ENABLE_UNITS=yes SYSTEMCTL="$work/systemctl" PREFIX="$work/enabled/usr" \
  CONFDIR="$work/enabled/etc/eartrainer" >/dev/null
check "make install enables and starts the socket, the daemon and the web view where systemd runs" \
  grep -qx "enable --now eartrainer.socket eartrainer.service eartrainer-web.service" "$work/systemctl.log"
check "make install enables nothing where systemd does not run (the default here)" \
  sh -c "make -s -n install BUILD=debug PREFIX=$work/usr | grep -qF '[ \"no\" = yes ]'"
check "the web unit reads web.listen from the config and keeps pairings in its state directory" \
  sh -c "grep -q '^ExecStart=$work/usr/bin/eartrainer-web --socket /run/eartrainer/eartrainer.sock\$' $work/usr/lib/systemd/system/eartrainer-web.service && grep -q '^StateDirectory=eartrainer-web' $work/usr/lib/systemd/system/eartrainer-web.service"

make -s install "${built[@]}" BUILD=debug DESTDIR="$work/pkg" PREFIX=/usr >/dev/null
check "DESTDIR staging" test -x "$work/pkg/usr/bin/eartrainerd" -a -f "$work/pkg/usr/lib/systemd/system/eartrainer.socket"
check "DESTDIR staging: the user unit, with real paths" grep -q "^ExecStart=/usr/bin/eartrainerd run" "$work/pkg/usr/lib/systemd/user/eartrainer.service"
check "DESTDIR staging keeps real paths in the unit" grep -q "^ExecStart=/usr/bin/eartrainerd run" "$work/pkg/usr/lib/systemd/system/eartrainer.service"
make -s uninstall DESTDIR="$work/pkg" PREFIX=/usr >/dev/null
check "uninstall removes binaries and units" test ! -e "$work/pkg/usr/bin/eartrainerd" -a ! -e "$work/pkg/usr/lib/systemd/system/eartrainer.service"
check "uninstall removes the web view and its unit" test ! -e "$work/pkg/usr/bin/eartrainer-web" -a ! -e "$work/pkg/usr/lib/systemd/system/eartrainer-web.service"
check "uninstall removes the hub and its unit" test ! -e "$work/pkg/usr/bin/eartrainer-hub" -a ! -e "$work/pkg/usr/lib/systemd/system/eartrainer-hub.service"
check "uninstall removes the user unit" test ! -e "$work/pkg/usr/lib/systemd/user/eartrainer.service"
check "uninstall removes the man pages and completions" test ! -e "$work/pkg/usr/share/man/man1/eartrainctl.1" -a ! -e "$work/pkg/usr/share/bash-completion/completions/eartrainctl"

checks_done install
