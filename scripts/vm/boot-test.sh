#!/usr/bin/env bash
# Boot test: eartrainer.service, enabled the way the README says, starts at boot in a VM
# whose PID 1 is systemd.
#
# `make install` puts the debug binaries and the units under a PREFIX inside this repository
# (.vm-out/boot/stage); `systemctl enable` links the two units into this machine's
# /etc/systemd/system and adds them to multi-user.target / sockets.target (this machine's PID 1 is
# not systemd, so nothing starts here; the links are removed again on exit). virtme-ng then boots
# Debian's kernel with the host's root file system read-only over 9p and systemd as init
# (`vng --systemd`, experimental). A oneshot unit, eartrainer-boot-test.service, enabled the same
# way and ordered after eartrainer.service, writes the evidence into a --rwdir folder and powers
# the VM off. (Not `systemd.wants=` on the kernel command line: the guest's systemd sees the host's
# /.dockerenv, believes it runs in a Docker container and then reads its options from its own
# argv, not from /proc/cmdline.) This side checks the evidence and fails loudly. See
# docs/systemd.md, "Boot test".
#
# scripts/vm/student-test.sh boots through this script with other parts (docs/systemd.md,
# "The student's boot"): VM_BOOT_GUEST the guest's script, VM_BOOT_QEMU more QEMU options (a USB
# sound card), VM_BOOT_CONFIG a sed script applied to the installed config file, VM_BOOT_RESTORE a
# folder copied into the service's state directory before it starts (a reboot's disk), and
# VM_BOOT_CHECKS=0 leaves the checks to the caller.
set -euo pipefail
cd "$(dirname "$0")/../.."
test_unit=eartrainer-boot-test.service
var_unit=eartrainer-boot-rw.service
dropin=vm-boot-test.conf
. scripts/vm/boot-host.sh
# Never take over a real installation's units on this machine.
vm_boot_prepare vm-boot .vm-out/boot eartrainer.service eartrainer.socket $test_unit $var_unit

made_sockets_wants=0
[ -d "$etc/sockets.target.wants" ] || made_sockets_wants=1
made_localfs_wants=0
[ -d "$etc/local-fs.target.wants" ] || made_localfs_wants=1
cleanup() {
  systemctl disable --quiet eartrainer.service eartrainer.socket $test_unit $var_unit >/dev/null 2>&1 || true
  rm -f "$etc/eartrainer.service" "$etc/eartrainer.socket" "$etc/$test_unit" "$etc/$var_unit" \
    "$etc/multi-user.target.wants/eartrainer.service" "$etc/multi-user.target.wants/$test_unit" \
    "$etc/sockets.target.wants/eartrainer.socket" "$etc/local-fs.target.wants/$var_unit"
  rm -f "$etc/eartrainer.service.d/$dropin"
  rmdir "$etc/eartrainer.service.d" 2>/dev/null || true
  if [ "$made_sockets_wants" = 1 ]; then rmdir "$etc/sockets.target.wants" 2>/dev/null || true; fi
  if [ "$made_localfs_wants" = 1 ]; then rmdir "$etc/local-fs.target.wants" 2>/dev/null || true; fi
}
cleanup
trap cleanup EXIT

rm -rf "$out"
mkdir -p "$stage" "$guest"
make -s install BUILD=debug ENABLE_UNITS=no PREFIX="$stage/usr" CONFDIR="$stage/etc/eartrainer" >/dev/null
# VM_DAEMON_BIN: a folder of release binaries (the package's, which make test's deb stage built)
# the guest runs instead of the debug ones. Under emulation the debug daemon keeps the guest's CPU
# busy enough that the emulated USB sound card stops taking frames (scripts/vm/student-test.sh).
# Copied, not linked: the guest mounts a tmpfs of its own on /tmp, so a link into a checkout
# under /tmp (a clone there, as a newcomer may make) points at nothing and the service fails to
# start. The package's eartrainctl and eartrainer-web are links to eartrainerd, kept as links.
if [ -n "${VM_DAEMON_BIN:-}" ]; then
  for program in eartrainerd eartrainctl eartrainer-web; do
    [ -e "$VM_DAEMON_BIN/$program" ] || fail "VM_DAEMON_BIN=$VM_DAEMON_BIN has no $program"
    cp -P --remove-destination "$VM_DAEMON_BIN/$program" "$stage/usr/bin/$program"
  done
  echo "vm-boot: eartrainerd, eartrainctl and eartrainer-web from $VM_DAEMON_BIN"
fi
install -m 755 "${VM_BOOT_GUEST:-scripts/vm/boot-guest.sh}" "$stage/boot-guest.sh"
install -m 644 scripts/vm/guest-share.sh "$stage/guest-share.sh"
if [ -n "${VM_BOOT_CONFIG:-}" ]; then sed -i -f "$VM_BOOT_CONFIG" "$stage/etc/eartrainer/eartrainer.toml"; fi
# A reboot keeps the disk: the state saved by the boot before is put back where the service keeps it.
restore=""
if [ -n "${VM_BOOT_RESTORE:-}" ]; then
  restore="ExecStart=/bin/sh -c 'mkdir -p /var/lib/private/eartrainer && cp -a $VM_BOOT_RESTORE/. /var/lib/private/eartrainer/'"
fi
units=$stage/usr/lib/systemd/system
cat >"$units/$test_unit" <<UNIT
# Made by scripts/vm/boot-test.sh for one run: collects the evidence, then powers the VM off.
[Unit]
Description=eartrainer boot test: collect evidence, then power off
After=eartrainer.service eartrainer.socket
SuccessAction=poweroff-force
FailureAction=poweroff-force

[Service]
Type=oneshot
ExecStart=/bin/bash $stage/boot-guest.sh $guest $stage/usr/bin
StandardOutput=journal+console
TimeoutStartSec=600

[Install]
WantedBy=multi-user.target
UNIT
# The guest's root is the host's, read-only over 9p; a real machine's /tmp, /var and /etc are
# writable. This unit, before local-fs.target, mounts a tmpfs on /tmp (PrivateTmp= makes its
# directories there; and systemd-tmpfiles-setup otherwise walks the host's whole /tmp over 9p,
# which took over 4 minutes) and tmpfs overlays over /var (StateDirectory= and CacheDirectory=
# need /var/lib/private and /var/cache/private: else 238/STATE_DIRECTORY) and /etc
# (ConfigurationDirectory= makes /etc/eartrainer: else 241/CONFIGURATION_DIRECTORY), and puts the
# config file there as `make install` with its default CONFDIR would have. VM_BOOT_WRITABLE=0
# leaves them all read-only, to see what the service does then.
cat >"$units/$var_unit" <<UNIT
# Made by scripts/vm/boot-test.sh for one run: writable /tmp, /var and /etc over the read-only host root.
[Unit]
Description=eartrainer boot test: tmpfs on /tmp, tmpfs overlays over /var and /etc
DefaultDependencies=no
After=local-fs-pre.target
Before=local-fs.target systemd-tmpfiles-setup.service systemd-journal-flush.service

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/bin/mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs /tmp
ExecStart=/bin/mkdir -p /run/vm-var/upper /run/vm-var/work
ExecStart=/bin/mount -t overlay overlay -o lowerdir=/var,upperdir=/run/vm-var/upper,workdir=/run/vm-var/work /var
ExecStart=/bin/mkdir -p /run/vm-etc/upper /run/vm-etc/work
ExecStart=/bin/mount -t overlay overlay -o lowerdir=/etc,upperdir=/run/vm-etc/upper,workdir=/run/vm-etc/work /etc
ExecStart=/bin/cp -rT $stage/etc/eartrainer /etc/eartrainer
$restore

[Install]
WantedBy=local-fs.target
UNIT
# Under emulation the debug build needs longer than systemd's default 90 s to send READY=1 (seen:
# the start timed out after 90 s with 52 s of CPU used); give its start job 15 minutes here.
mkdir -p "$etc/eartrainer.service.d"
cat >"$etc/eartrainer.service.d/$dropin" <<UNIT
# Made by scripts/vm/boot-test.sh for one run: emulated boots are 20-50 times slower.
[Service]
TimeoutStartSec=15min
UNIT
systemctl enable --quiet "$units/eartrainer.service" "$units/eartrainer.socket" "$units/$test_unit"
if [ "${VM_BOOT_WRITABLE:-1}" = 1 ]; then systemctl enable --quiet "$units/$var_unit"; fi

kvm="--disable-kvm"  # a KVM guest hangs at boot on this machine kind (shared/design/facts.md)
[ "${VM_KVM:-0}" = 1 ] && kvm=""
echo "vm-boot: booting $kernel with systemd as PID 1 (5-8 minutes under emulation); output in $out"
start=$(date +%s)
status=0
qemu=()
[ -n "${VM_BOOT_QEMU:-}" ] && qemu=(--qemu-opts="$VM_BOOT_QEMU")
timeout "${VM_TIMEOUT:-1200}" vng --systemd $kvm --force-9p --cpus 2 --memory 2G \
  --rwdir "$guest" "${qemu[@]}" --run "$kernel" \
  </dev/null >"$out/console.log" 2>&1 || status=$?
echo "vm-boot: the VM ran $(($(date +%s) - start)) s (vng exit $status)"

[ -f "$guest/guest-booted" ] || { tail -n 40 "$out/console.log" >&2; fail "the guest never reported (vng exit $status); console above"; }
cat "$guest/guest-booted"
[ "${VM_BOOT_CHECKS:-1}" = 1 ] || exit 0
[ -f "$guest/guest-done" ] || fail "the guest's evidence is incomplete; see $guest"
cat "$guest/show.txt"
echo "== journal of the units"
cat "$guest/journal.txt"
echo "== eartrainctl status (exit $(cat "$guest/status-rc"))"
cat "$guest/status.txt"

failed=0
check() {  # check "what" command...
  local what=$1; shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failed=$((failed + 1)); fi
}
check "PID 1 in the guest is systemd" grep -q "PID 1 is systemd" "$guest/guest-booted"
check "eartrainer.service is enabled" grep -qx enabled <(sed -n '2p' "$guest/show.txt")
service_show() { sed -n '/^== systemctl show eartrainer.service$/,/^== systemctl show eartrainer.socket$/p' "$guest/show.txt"; }
check "eartrainer.service is active (running)" grep -qx 'SubState=running' <(service_show)
check "it has a main PID" grep -q '^MainPID=[1-9]' <(service_show)
check "it reported READY=1 (started)" grep -q 'Started eartrainer.service' "$guest/journal.txt"
check "eartrainctl status answers over the socket" test "$(cat "$guest/status-rc")" = 0
echo "-- a user in the audio group: $(cat "$guest/audio-user.txt")"
check "a user in the audio group (not root) starts a session" test "$(cat "$guest/audio-user-rc")" = 0
echo "-- a user outside it: $(cat "$guest/stranger.txt")"
check "a user outside the audio group cannot connect" grep -qi "permission denied" "$guest/stranger.txt"
echo "vm-boot: $((8 - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
