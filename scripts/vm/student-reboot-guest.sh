#!/usr/bin/env bash
# The student's second boot (scripts/vm/student-test.sh): the state the first boot kept is back
# in the service's state directory; the session played before the reboot is in the statistics.
out=$1
bin=$2
sock=/run/eartrainer/eartrainer.sock
. "$(dirname "$0")/guest-share.sh"
share_results "$out"
for _ in $(seq 600); do
  timeout 30 "$bin/eartrainctl" status --socket "$sock" >"$out/status.txt" 2>&1 && break
  sleep 1
done
timeout 60 "$bin/eartrainctl" stats --socket "$sock" >"$out/stats.txt" 2>&1
echo done >"$out/guest-done"
