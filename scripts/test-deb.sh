#!/usr/bin/env bash
# Checks `make deb`: the package builds from a release build with the Swift runtime linked in,
# lintian reports no errors, it holds what an administrator expects where Debian puts it, and it
# is small enough for a Raspberry Pi: one binary run as eartrainerd, eartrainctl and eartrainer-web.
set -euo pipefail
cd "$(dirname "$0")/.."
# DEB: a package already built (make test builds it beside its other stages); else it is built here.
deb=${DEB:-$(scripts/deb/build.sh | tail -n 1)}
[ -f "$deb" ] || { echo "test-deb: no package at $deb" >&2; exit 1; }
. scripts/checks.sh
# Under pipefail a `grep -q` at the end of a pipe may leave before the writer is done, and the
# writer's SIGPIPE fails the check (the postinst's check failed once, 2026-12-02, on a package
# that holds it): the output goes to a file, or grep reads all of it.
dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's#^\./#/#' >"$work/files"
dpkg-deb -f "$deb" Depends >"$work/depends"
has() { grep -qx -- "$1" "$work/files"; }
no_lintian_errors() {
  lintian --no-tag-display-limit "$deb" | tee "$work/lintian.txt"
  ! grep -q '^E: ' "$work/lintian.txt"
}
no_swift_runtime() {  # the binaries load no Swift library: the runtime is linked in
  dpkg-deb -x "$deb" "$work/root"
  ! ldd "$work/root/usr/bin/eartrainerd" "$work/root/usr/bin/eartrainctl" | grep -E 'libswift|libFoundation|libdispatch'
}
echo "package: $deb ($(du -h "$deb" | cut -f1)); depends: $(cat "$work/depends")"
check "lintian: no errors" no_lintian_errors
check "the binaries" has /usr/bin/eartrainerd
check "the units where Debian keeps them" has /lib/systemd/system/eartrainer.service
check "the user unit where Debian keeps user units" has /usr/lib/systemd/user/eartrainer.service
user_unit_not_enabled() {  # the package enables the system service; a desktop user chooses the user unit
  dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./postinst >"$work/postinst" &&
    grep -q 'deb-systemd-helper' "$work/postinst" && ! grep -q -- '--user' "$work/postinst"
}
check "postinst enables the system service, not the user unit" user_unit_not_enabled
conffile() { has /etc/eartrainer/eartrainer.toml && dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./conffiles | grep -x /etc/eartrainer/eartrainer.toml >/dev/null; }
check "the config file, a conffile" conffile
all_there() { local file; for file in "$@"; do has "$file" || { echo "missing: $file"; return 1; }; done; }
check "man pages, compressed" all_there /usr/share/man/man1/eartrainctl.1.gz /usr/share/man/man5/eartrainer.toml.5.gz /usr/share/man/man8/eartrainerd.8.gz \
  /usr/share/man/man8/eartrainer-hub.8.gz
check "completions for bash, zsh and fish" all_there /usr/share/bash-completion/completions/eartrainctl \
  /usr/share/zsh/vendor-completions/_eartrainctl /usr/share/fish/vendor_completions.d/eartrainctl.fish
check "copyright and changelog" all_there /usr/share/doc/eartrainer/copyright /usr/share/doc/eartrainer/changelog.gz
check "depends on Debian's ALSA, FluidSynth, SQLite and the SoundFont" grep -E 'libasound2.*libfluidsynth3|libfluidsynth3.*libasound2' "$work/depends"
check "depends on the SoundFont and SQLite" grep -E 'libsqlite3-0.*fluid-soundfont-gm' "$work/depends"
check "no Swift runtime library needed" no_swift_runtime
small() {  # a Raspberry Pi's SD card carries it: one binary for the four programs, ICU's data cut
  local size
  size=$(dpkg-deb -f "$deb" Installed-Size)
  echo "Installed-Size: $size KiB"
  [ "$size" -le 70000 ]
}
# 60 MB until the class's hub came into the binary (TLS, certificates, PostgreSQL's client: 65 MB).
check "installed size at most 70 MB" small
bin=$work/root/usr/bin
one_binary() {  # eartrainctl, eartrainer-web and eartrainer-hub are links to eartrainerd, the one binary
  [ -f "$bin/eartrainerd" ] && [ ! -L "$bin/eartrainerd" ] &&
    [ "$(readlink "$bin/eartrainctl")" = eartrainerd ] && [ "$(readlink "$bin/eartrainer-web")" = eartrainerd ] &&
    [ "$(readlink "$bin/eartrainer-hub")" = eartrainerd ]
}
check "one binary, eartrainctl, eartrainer-web and eartrainer-hub linked to it" one_binary
each_name_runs() {  # each name is its own program, with its own name in its help
  local name
  for name in eartrainerd eartrainctl eartrainer-web eartrainer-hub; do
    "$bin/$name" --help >"$work/help-$name.txt" && grep -q "^USAGE: $name " "$work/help-$name.txt" ||
      { echo "$name --help:"; cat "$work/help-$name.txt"; return 1; }
  done
  "$bin/eartrainerd" help | grep "^USAGE: eartrainerd " >/dev/null && "$bin/eartrainctl" theory interval C4 M3 | grep "= E4" >/dev/null
}
check "the four names run: eartrainerd, eartrainctl, eartrainer-web and eartrainer-hub --help, eartrainctl theory" each_name_runs
completions_say_eartrainctl() {
  grep -q "^complete .* eartrainctl$" "$work/root/usr/share/bash-completion/completions/eartrainctl" &&
    grep -qx "#compdef eartrainctl" "$work/root/usr/share/zsh/vendor-completions/_eartrainctl" &&
    "$bin/eartrainctl" --generate-completion-script fish >"$work/eartrainctl.fish" && grep -q "^complete -c 'eartrainctl'" "$work/eartrainctl.fish"
}
check "completions name eartrainctl" completions_say_eartrainctl
# The packaged binary at work: Foundation with ICU's data cut (time zones, dates, numbers), the
# daemon's statistics in SQLite, the web view's pages.
serves() {
  printf '[storage]\ndatabase = "%s"\n[web]\nlisten = "127.0.0.1:18751"\n' "$work/stats.sqlite" >"$work/smoke.toml"
  TZ=Europe/Berlin "$bin/eartrainerd" run --config "$work/smoke.toml" --socket "$work/smoke.sock" --audio off >"$work/daemon.log" 2>&1 &
  local daemon=$! tries=0 ok=1
  until [ -S "$work/smoke.sock" ] || [ $tries -ge 100 ]; do sleep 0.1; tries=$((tries + 1)); done
  "$bin/eartrainer-web" --socket "$work/smoke.sock" --config "$work/smoke.toml" >"$work/web.log" 2>&1 &
  local web=$!
  tries=0
  until curl -sf -o "$work/page.html" http://127.0.0.1:18751/ || [ $tries -ge 100 ]; do sleep 0.1; tries=$((tries + 1)); done
  "$bin/eartrainctl" status --socket "$work/smoke.sock" | tee "$work/status.txt" | grep "^eartrainerd " >/dev/null &&
    "$bin/eartrainctl" stats --socket "$work/smoke.sock" | tee "$work/stats.txt" | grep -i "session" >/dev/null &&
    grep -q "<title>eartrainer</title>" "$work/page.html" &&
    curl -sf http://127.0.0.1:18751/progress | grep "<title>eartrainer · progress</title>" >/dev/null || ok=0
  kill "$web" "$daemon"
  wait "$web" "$daemon" 2>/dev/null || true
  [ $ok = 1 ] || { cat "$work/daemon.log" "$work/web.log" "$work/status.txt" "$work/stats.txt"; return 1; }
}
check "the packaged binary serves: the daemon's status and statistics, the web view's page" serves
checks_done deb
