#!/usr/bin/env bash
# Runs inside the VM of scripts/vm/boot-test.sh, as the oneshot unit eartrainer-boot-test.service,
# started by systemd (PID 1) after eartrainer.service's start job has finished. OUT is the shared
# results folder, BIN the installed bin directory. It records what systemd says about the units,
# their journal and `eartrainctl status` over the socket; the unit powers the VM off when it ends.
. "$(dirname "$0")/guest-share.sh" "$@"
{
  echo "== systemctl is-enabled eartrainer.service eartrainer.socket"
  systemctl is-enabled eartrainer.service eartrainer.socket
  echo "== systemctl show eartrainer.service"
  systemctl show eartrainer.service -p ActiveState,SubState,MainPID,StatusText,Result,NRestarts,WatchdogUSec,TimeoutStartUSec,DropInPaths,ExecMainStartTimestampMonotonic,ActiveEnterTimestampMonotonic
  echo "== systemctl show eartrainer.socket"
  systemctl show eartrainer.socket -p ActiveState,SubState,Listen
  echo "== the daemon's process (DynamicUser)"
  ps -o user:20,pid,ppid,etimes,args -C eartrainerd
  echo "== state, cache and runtime directories"
  ls -ld /var/lib/eartrainer /var/lib/private/eartrainer /var/cache/private/eartrainer /run/eartrainer /etc/eartrainer 2>&1
  ls -l /var/lib/private/eartrainer /run/eartrainer 2>&1
  echo "== failed units"
  systemctl --failed --no-legend --plain
  echo "== mounts of /, /tmp and /var"
  for m in / /tmp /var /etc; do findmnt -n -o TARGET,FSTYPE,OPTIONS -T "$m"; done
  echo "== uptime when the evidence was taken (s)"
  cut -d' ' -f1 /proc/uptime
} >"$out/show.txt" 2>&1
journalctl -b --no-pager -o short-monotonic -u eartrainer.service -u eartrainer.socket >"$out/journal.txt" 2>&1
timeout 30 "$bin/eartrainctl" status --socket /run/eartrainer/eartrainer.sock >"$out/status.txt" 2>&1
echo $? >"$out/status-rc"
# Not root: nobody with the audio group as its group may connect and start a session (the socket
# unit's SocketGroup=audio, the config's control_group); nobody without it is refused at connect.
audio=$(getent group audio | cut -d: -f3)
timeout 30 setpriv --reuid=65534 --regid="$audio" --clear-groups \
  "$bin/eartrainctl" start scale --mode dorian --root D3 --socket /run/eartrainer/eartrainer.sock >"$out/audio-user.txt" 2>&1
echo $? >"$out/audio-user-rc"
timeout 30 setpriv --reuid=65534 --regid=65534 --clear-groups \
  "$bin/eartrainctl" status --socket /run/eartrainer/eartrainer.sock >"$out/stranger.txt" 2>&1
echo $? >"$out/stranger-rc"
# The boot's whole journal, for when something above went wrong.
journalctl -b --no-pager -o short-monotonic >"$out/journal-boot.txt" 2>&1
echo done >"$out/guest-done"
