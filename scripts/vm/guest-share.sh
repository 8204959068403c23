# Sourced by the guest scripts of the boot tests (installed beside them): mounts the shared
# results folder OUT and says the guest booted. In --systemd mode virtme-ng mounts its --rwdir
# folders only from the serial console's login (serial-getty@ runs virtme-ng-init), which may come
# later: the share (tag virtme.initmount0) is mounted here.
share_results() {
  local out=$1
  if ! mountpoint -q "$out"; then
    mount -t 9p -o rw,version=9p2000.L,trans=virtio,access=any,msize=524288 virtme.initmount0 "$out" ||
      mount -t virtiofs virtme.initmount0 "$out" || exit 1
  fi
  echo "booted $(uname -r); PID 1 is $(cat /proc/1/comm); uptime $(cut -d' ' -f1 /proc/uptime) s" >"$out/guest-booted"
}
