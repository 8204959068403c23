#!/usr/bin/env bash
# The package in a VM whose PID 1 is systemd (docs/systemd.md, "The package"): `dpkg -i` of the
# .deb `make deb` builds, on a boot of this machine's own Debian, then what an administrator and a
# student expect: the socket and the service running, a user in the audio group gets `eartrainctl
# status` and plays a session into the statistics, `man eartrainctl`, `eartrainctl st<TAB>` in an
# interactive bash; `apt-get remove` keeps the statistics and the config, `apt-get purge` leaves
# nothing behind.
#
# DEB= names the package (scripts/test.sh passes the one scripts/test-deb.sh just built);
# without it, scripts/deb/build.sh builds it (a release build: minutes).
#
# The guest boots the host's root file system read-only over 9p (`vng --systemd`, as
# scripts/vm/boot-test.sh). The package is never installed on this machine: a run-only unit,
# eartrainer-deb-rw.service, mounts tmpfs overlays over /usr, /etc and /var and tmpfs on /home and
# /tmp in the guest before local-fs.target, so dpkg writes only into the guest's memory. It and the
# test's unit, eartrainer-deb-test.service (the guest script, then power off), are linked into
# this machine's /etc/systemd/system for the run and removed on exit; the guest's systemd finds
# them there. Both do nothing unless the kernel command line has eartrainer.vmtest=deb, so a VM
# booted beside this one by another test is not touched by them.
set -euo pipefail
cd "$(dirname "$0")/../.."
test_unit=eartrainer-deb-test.service
rw_unit=eartrainer-deb-rw.service
. scripts/vm/boot-host.sh
vm_boot_prepare vm-deb .vm-out/deb eartrainer.service eartrainer.socket $test_unit $rw_unit
if dpkg-query -W -f '${Status}' eartrainer 2>/dev/null | grep -q installed; then
  fail "eartrainer is installed on this machine: the guest (which boots this machine's root) would not be a fresh machine"
fi

deb=${DEB:-}
if [ -z "$deb" ]; then deb=$(scripts/deb/build.sh | tail -n 1); fi
deb=$(realpath "$deb")
[ -f "$deb" ] || fail "no package at $deb"
case "$deb" in /tmp/*) mkdir -p "$out"; cp "$deb" "$out/"; deb=$out/$(basename "$deb") ;; esac

made_localfs_wants=0
[ -d "$etc/local-fs.target.wants" ] || made_localfs_wants=1
cleanup() {
  rm -f "$etc/$test_unit" "$etc/$rw_unit" "$etc/multi-user.target.wants/$test_unit" "$etc/local-fs.target.wants/$rw_unit"
  if [ "$made_localfs_wants" = 1 ]; then rmdir "$etc/local-fs.target.wants" 2>/dev/null || true; fi
}
cleanup
# scripts/checks.sh sets its own EXIT trap (removing its scratch folder): this one does both.
. scripts/checks.sh
trap 'cleanup; rm -rf "$work"' EXIT

rm -rf "$stage" "$guest"
mkdir -p "$stage" "$guest"
install -m 755 scripts/vm/deb-guest.sh "$stage/deb-guest.sh"
install -m 644 scripts/vm/guest-share.sh "$stage/guest-share.sh"
# VM_DEB_STUDENT: a sed script for the installed config file. The student's first boot then plays
# on the installed package (scripts/vm/student-test.sh, scripts/vm/student-guest.sh): the config
# edited as an administrator would, the service restarted, a USB sound card (VM_DEB_QEMU, QEMU's
# options) and a USB keyboard; its results in GUEST/student, its sessions in the statistics.
student=0
if [ -n "${VM_DEB_STUDENT:-}" ]; then
  student=1
  install -m 644 "$VM_DEB_STUDENT" "$stage/student.sed"
  install -m 755 scripts/vm/student-guest.sh "$stage/student-guest.sh"
fi
sessions=$((1 + 2 * student))  # the student's two rounds (nine answers each), then the user's
# Under emulation a start takes many times longer than on a machine (the boot test's debug build
# needed over 90 s to READY=1); in the guest only, a runtime drop-in gives the start 15 minutes.
# VM_DEB_START_TIMEOUT= changes it ("" keeps the shipped unit's default, 90 s).
start_timeout=${VM_DEB_START_TIMEOUT-15min}
cat >"$stage/deb-rw.sh" <<SCRIPT
#!/bin/bash
# Made by scripts/vm/deb-test.sh for one run (eartrainer-deb-rw.service): the host's root is
# read-only over 9p; the package goes into tmpfs overlays in the guest's memory.
grep -qw eartrainer.vmtest=deb /proc/cmdline || exit 0  # another test's VM: nothing to do
set -e
# /tmp: PrivateTmp= makes its directories there, and systemd-tmpfiles-setup otherwise walks the
# host's whole /tmp over 9p (minutes).
mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs /tmp
mkdir -p /run/vm-deb
mount -t tmpfs -o mode=755,size=1G tmpfs /run/vm-deb
for dir in usr etc var; do
  mkdir -p /run/vm-deb/\$dir/upper /run/vm-deb/\$dir/work
  mount -t overlay overlay -o lowerdir=/\$dir,upperdir=/run/vm-deb/\$dir/upper,workdir=/run/vm-deb/\$dir/work /\$dir
done
# The Docker image's /usr/sbin/policy-rc.d (exit 101: "no services started by packages") is
# no part of a Debian machine, and deb-systemd-invoke obeys it: set aside in the guest.
if [ -e /usr/sbin/policy-rc.d ]; then
  mv /usr/sbin/policy-rc.d /run/vm-deb/policy-rc.d.host
fi
# man-db's dpkg trigger rebuilds its index of every manual page (mandb): over 9p under emulation it
# ran over 6 minutes, on install and again on remove and purge. The guest answers debconf's
# man-db/auto-update with false (the file below is that answer), as an administrator may; man
# still finds a page by its directories.
if [ -e /var/lib/man-db/auto-update ]; then
  mv /var/lib/man-db/auto-update /run/vm-deb/man-db-auto-update.host
fi
# useradd --create-home for the student.
mount -t tmpfs -o mode=755,nosuid,nodev tmpfs /home
if [ -n "$start_timeout" ]; then
  mkdir -p /run/systemd/system/eartrainer.service.d
  printf '# Made by scripts/vm/deb-test.sh: emulated boots are 20-50 times slower.\n[Service]\nTimeoutStartSec=%s\n' \
    "$start_timeout" >/run/systemd/system/eartrainer.service.d/vm-deb-test.conf
fi
touch /run/eartrainer-deb-test
SCRIPT
cat >"$stage/$rw_unit" <<UNIT
# Made by scripts/vm/deb-test.sh for one run: writable /usr, /etc, /var, /home and /tmp in the guest.
[Unit]
Description=eartrainer package test: tmpfs overlays over /usr, /etc and /var
DefaultDependencies=no
After=local-fs-pre.target
Before=local-fs.target systemd-tmpfiles-setup.service systemd-journal-flush.service

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/bin/bash $stage/deb-rw.sh

[Install]
WantedBy=local-fs.target
UNIT
cat >"$stage/$test_unit" <<UNIT
# Made by scripts/vm/deb-test.sh for one run: installs, removes and purges the package, then powers the VM off.
[Unit]
Description=eartrainer package test: dpkg -i, use, apt-get remove and purge
After=$rw_unit basic.target sockets.target systemd-user-sessions.service
# Only in this test's VM (the file is made by $rw_unit when the command line says so).
ConditionPathExists=/run/eartrainer-deb-test
SuccessAction=poweroff-force
FailureAction=poweroff-force

[Service]
Type=oneshot
ExecStart=/bin/bash $stage/deb-guest.sh $guest $deb
StandardOutput=journal+console
TimeoutStartSec=1500

[Install]
WantedBy=multi-user.target
UNIT
systemctl enable --quiet "$stage/$rw_unit" "$stage/$test_unit"

kvm="--disable-kvm"  # a KVM guest hangs at boot on this machine kind (shared/design/facts.md)
[ "${VM_KVM:-0}" = 1 ] && kvm=""
echo "vm-deb: booting $kernel with systemd as PID 1 to install $(basename "$deb") (3-6 minutes under emulation); output in $out"
start=$(date +%s)
status=0
qemu=()
[ -n "${VM_DEB_QEMU:-}" ] && qemu=(--qemu-opts="$VM_DEB_QEMU")
timeout "${VM_TIMEOUT:-1800}" vng --systemd $kvm --force-9p --cpus 2 --memory 2G \
  --append eartrainer.vmtest=deb --rwdir "$guest" "${qemu[@]}" --run "$kernel" \
  </dev/null >"$out/console.log" 2>&1 || status=$?
echo "vm-deb: the VM ran $(($(date +%s) - start)) s (vng exit $status)"
cleanup

[ -f "$guest/guest-booted" ] || { tail -n 40 "$out/console.log" >&2; fail "the guest never reported (vng exit $status); console above"; }
cat "$guest/guest-booted"
[ -f "$guest/guest-done" ] || echo "vm-deb: the guest did not finish; its results so far are checked"
echo "== steps (guest uptime, s)"
cat "$guest/steps.txt" 2>/dev/null || true

rc() { [ "$(cat "$guest/$1.rc" 2>/dev/null)" = 0 ]; }      # rc NAME: the step NAME exited 0
says() { grep -qE -- "$2" "$guest/$1.txt" 2>/dev/null; }  # says NAME REGEX: its output matches
shows() { rc "$1" && says "$@"; }
is() { [ "$(cat "$guest/$1.txt" 2>/dev/null)" = "$2" ]; }
show() { echo "-- $1 (exit $(cat "$guest/$1.rc" 2>/dev/null || echo none))"; sed 's/^/   /' "$guest/$1.txt" 2>/dev/null || true; }
show fresh
show dpkg-install
show active
show web-page
show student-config
show student-card-out
show student-status
show session
show stats
show remove
show after-remove
show reinstall
show reinstall-stats
show purge
show after-purge
show service-show
show completion
show hub-code
show class-join
show class-pushed
show after-remove-units
ready=$(awk -F= '/^ExecMainStartTimestampMonotonic=/ { s = $2 } /^ActiveEnterTimestampMonotonic=/ { a = $2 }
  END { if (s && a) printf "%.1f", (a - s) / 1e6; else print "?" }' "$guest/service-show.txt" 2>/dev/null || echo "?")
echo "-- timings (guest, emulated): the service's start to READY=1 $ready s; $(grep -hE '^[0-9.]+ (dpkg-install|reinstall|remove|purge):' "$guest/steps.txt" 2>/dev/null | cut -d' ' -f2- | paste -sd';' | sed 's/;/; /g')"
check "PID 1 in the guest is systemd" grep -q "PID 1 is systemd" "$guest/guest-booted"
check "a fresh machine: no eartrainer package or unit before" shows fresh "^no eartrainer$"
check "dpkg -i installs it (its Depends met by Debian's packages)" rc dpkg-install
check "the socket, the service and the web view are enabled" is enabled "enabled
enabled
enabled"
check "the socket, the service and the web view are active" is active "active
active
active"
check "the web view answers on 127.0.0.1:8750 with the live page" is web-page "200"
if [ "$student" = 1 ]; then
  check "the student's config set and the service restarted" rc student-config
  check "the student's sound card unplugged after the student's part" shows student-card-out "^unplugged: "
fi
running() { says service-show "^SubState=running$" && says process "^eartrainer +[0-9]+ +[0-9]+ /usr/bin/eartrainerd run$"; }
check "the service is running, as its dynamic user eartrainer" running
check "a user in the audio group (not root) gets eartrainctl status" shows student-status "^eartrainerd "
check "its session is played and stopped" shows session "results: "
check "the statistics hold it (eartrainctl stats)" shows stats "^exercise scale +$sessions "
check "the statistics are on disk (/var/lib/private/eartrainer)" rc state-file
check "man eartrainctl renders" shows man-eartrainctl "Start a session\."
other_pages() { shows man-others "^EARTRAINERD\(8\)" && says man-others "^EARTRAINER\.TOML\(5\)"; }
check "man eartrainerd and man eartrainer.toml render" other_pages
check "eartrainctl st<TAB><TAB> in an interactive bash lists the subcommands" says completion "staff +start +stats +status +stop"
check "the hub's unit is installed, not enabled" is hub-enabled "disabled"
check "the hub's unit starts" rc hub-start
check "root makes a one-time code on the running hub's state" shows hub-code "^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}\.[0-9a-f]{64}$"
check "the packaged daemon joins the hub over TLS (eartrainctl class join)" shows class-join "^Joined the class at https://127.0.0.1:8443"
check "the box pushes its session: nothing pending" shows class-pushed "; 0 pending"
check "the hub holds the sessions' $((9 * sessions)) answers (eartrainer-hub export)" says class-pushed "^rows on the hub: $((9 * sessions))$"
check "apt-get remove removes it" rc remove
check "after remove: the service and the binaries are gone" shows after-remove "^gone: /usr/bin/eartrainctl /usr/bin/eartrainerd /lib/systemd/system/eartrainer.service$"
check "after remove: the statistics are kept" says after-remove "^kept: /var/lib/private/eartrainer/eartrainer.sqlite$"
check "after remove: the config is kept" says after-remove "^kept: /etc/eartrainer/eartrainer.toml$"
check "after remove: dpkg lists it as config-files" says after-remove "^status: deinstall ok config-files$"
check "after remove: the socket, the service, the web view and the hub are stopped" is after-remove-active "inactive
inactive
inactive
inactive"
check "installed again: the socket, the service and the web view are active" is reinstall-active "active
active
active"
check "installed again: the statistics kept are there (eartrainctl stats)" shows reinstall-stats "^exercise scale +$sessions "
check "apt-get purge removes it, installed or not" rc purge
check "after purge: nothing of it is left" shows after-purge "^left: none$"
check "after purge: dpkg no longer knows it" says after-purge "^status: (unknown|.*not-installed)$"
checks_done vm-deb
