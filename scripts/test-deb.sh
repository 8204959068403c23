#!/usr/bin/env bash
# Checks `make deb`: the package builds from a release build with the Swift runtime linked in,
# lintian reports no errors, and it holds what an administrator expects where Debian puts it.
set -euo pipefail
cd "$(dirname "$0")/.."
deb=$(scripts/deb/build.sh | tail -n 1)
. scripts/checks.sh
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
  dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./postinst | tee "$work/postinst" | grep -q 'deb-systemd-helper' &&
    ! grep -q -- '--user' "$work/postinst"
}
check "postinst enables the system service, not the user unit" user_unit_not_enabled
conffile() { has /etc/eartrainer/eartrainer.toml && dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./conffiles | grep -qx /etc/eartrainer/eartrainer.toml; }
check "the config file, a conffile" conffile
all_there() { local file; for file in "$@"; do has "$file" || { echo "missing: $file"; return 1; }; done; }
check "man pages, compressed" all_there /usr/share/man/man1/eartrainctl.1.gz /usr/share/man/man5/eartrainer.toml.5.gz /usr/share/man/man8/eartrainerd.8.gz
check "completions for bash, zsh and fish" all_there /usr/share/bash-completion/completions/eartrainctl \
  /usr/share/zsh/vendor-completions/_eartrainctl /usr/share/fish/vendor_completions.d/eartrainctl.fish
check "copyright and changelog" all_there /usr/share/doc/eartrainer/copyright /usr/share/doc/eartrainer/changelog.gz
check "depends on Debian's ALSA, FluidSynth, SQLite and the SoundFont" grep -E 'libasound2.*libfluidsynth3|libfluidsynth3.*libasound2' "$work/depends"
check "depends on the SoundFont and SQLite" grep -E 'libsqlite3-0.*fluid-soundfont-gm' "$work/depends"
check "no Swift runtime library needed" no_swift_runtime
checks_done deb
