#!/usr/bin/env bash
# The ALSA input scenarios (issue 4) against the kernel's own sequencer, inside a VM.
#
# This machine's kernel has no sound subsystem, so it boots Debian's linux-image-amd64 under
# qemu with virtme-ng (the host's root file system, read-only over 9p), where scripts/vm/guest.sh
# runs Tests/ALSAProbe: it loads snd-seq and snd-virmidi itself and plays the scenarios with
# Tests/FakeKeyboard. Results come back through a --rwdir folder (.vm-out/alsa by default).
# Fails when a scenario fails, when the VM does not boot, or when the guest never reports.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
out=${VM_OUT:-$root/.vm-out/alsa}

# VM_BUILD=release measures latency as the daemon would run; debug (the default) reuses `make test`'s build.
build=(-c "${VM_BUILD:-debug}")
scripts/install-deps.sh
swift build "${build[@]}" --product alsa-probe
swift build "${build[@]}" --product fake-keyboard
bin=$(swift build "${build[@]}" --show-bin-path)

# The newest installed kernel that has the snd-virmidi module.
kernel=""
for image in $(ls /boot/vmlinuz-* 2>/dev/null | sort -V); do
  version=${image#/boot/vmlinuz-}
  if find "/lib/modules/$version/kernel/sound" -name 'snd-virmidi.ko*' 2>/dev/null | grep -q .; then
    kernel=$image
  fi
done
if [ -z "$kernel" ]; then
  echo "alsa-vm: FAIL: no /boot/vmlinuz-* with snd-virmidi (is linux-image-amd64 installed?)" >&2
  exit 1
fi

rm -rf "$out"
mkdir -p "$out"
kvm="--disable-kvm"  # a KVM guest hangs at boot on this machine kind (shared/design/facts.md)
[ "${VM_KVM:-0}" = 1 ] && kvm=""
echo "alsa-vm: booting $kernel (about a minute under emulation); output in $out"
status=0
timeout "${VM_TIMEOUT:-900}" vng $kvm --force-9p --cpus 2 --memory 2G --rwdir "$out" --run "$kernel" \
  --exec "bash $root/scripts/vm/guest.sh $bin $out" </dev/null >"$out/console.log" 2>&1 || status=$?

if [ ! -f "$out/guest-booted" ]; then
  echo "alsa-vm: FAIL: the VM did not boot (vng exit $status); last console lines:" >&2
  tail -n 30 "$out/console.log" >&2
  exit 1
fi
if [ ! -f "$out/probe-rc" ] || [ ! -f "$out/results.txt" ]; then
  echo "alsa-vm: FAIL: the probe did not finish (vng exit $status); its log:" >&2
  tail -n 60 "$out/probe.log" >&2 || true
  exit 1
fi
cat "$out/results.txt"
rc=$(cat "$out/probe-rc")
if [ "$rc" != 0 ]; then
  echo "alsa-vm: FAIL: probe exit $rc; its log is $out/probe.log" >&2
  exit 1
fi
