#!/usr/bin/env bash
# The student's second boot (scripts/vm/student-test.sh): the state the first boot kept is back
# in the service's state directory; the session played before the reboot is in the statistics.
out=$1
bin=$2
sock=/run/eartrainer/eartrainer.sock
if ! mountpoint -q "$out"; then
  mount -t 9p -o rw,version=9p2000.L,trans=virtio,access=any,msize=524288 virtme.initmount0 "$out" ||
    mount -t virtiofs virtme.initmount0 "$out" || exit 1
fi
echo "booted $(uname -r); PID 1 is $(cat /proc/1/comm); uptime $(cut -d' ' -f1 /proc/uptime) s" >"$out/guest-booted"
for _ in $(seq 600); do
  timeout 30 "$bin/eartrainctl" status --socket "$sock" >"$out/status.txt" 2>&1 && break
  sleep 1
done
timeout 60 "$bin/eartrainctl" stats --socket "$sock" >"$out/stats.txt" 2>&1
echo done >"$out/guest-done"
