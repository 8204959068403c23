#!/usr/bin/env bash
# Runs inside the VM of scripts/vm/deb-test.sh as eartrainer-deb-test.service, started by systemd
# (PID 1) once the boot has reached multi-user; OUT is the shared results folder, DEB the package.
# /usr, /etc and /var are tmpfs overlays here (eartrainer-deb-rw.service): the package goes into
# the guest's memory. Each step's output is NAME.txt, its exit status NAME.rc; the host checks them.
# The unit powers the VM off when this ends.
. "$(dirname "$0")/guest-share.sh" "$1" /usr/bin
deb=$2
export DEBIAN_FRONTEND=noninteractive
step() {  # step NAME COMMAND...: runs it, keeping its output, exit status and time
  local name=$1 begin status; shift
  begin=$(now)
  "$@" >"$out/$name.txt" 2>&1
  status=$?
  echo "$status" >"$out/$name.rc"
  log "$name: exit $status after $(awk -v a="$begin" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s"
  return 0
}
as_student() { runuser -u student -- "$@"; }

log "the test unit started; mounts: $(findmnt -n -o TARGET,FSTYPE /usr) $(findmnt -n -o TARGET,FSTYPE /etc) $(findmnt -n -o TARGET,FSTYPE /var)"
[ -e /run/vm-deb/policy-rc.d.host ] && log "this machine's /usr/sbin/policy-rc.d is set aside in the guest"
[ -e /run/vm-deb/man-db-auto-update.host ] && log "man-db/auto-update is false in the guest (no mandb on dpkg's trigger)"
fresh() {
  dpkg-query -W eartrainer 2>&1
  systemctl list-unit-files --no-legend 'eartrainer.*' 2>&1
  if ! dpkg-query -W eartrainer >/dev/null 2>&1 && [ -z "$(systemctl list-unit-files --no-legend 'eartrainer.*')" ] &&
    [ ! -e /usr/bin/eartrainerd ] && [ ! -e /etc/eartrainer ]; then echo "no eartrainer"; fi
}
step fresh fresh
# A student, as an administrator adds one: a login in the audio group (the socket's group).
step student useradd --create-home --shell /bin/bash --groups audio student

# Install. postinst enables the socket and the service and starts them (deb-systemd-invoke waits
# for the service's READY=1).
step dpkg-install dpkg -i "$deb"
step enabled systemctl is-enabled eartrainer.socket eartrainer.service eartrainer-web.service
step active systemctl is-active eartrainer.socket eartrainer.service eartrainer-web.service
# The web view answers on loopback with the live page.
step web-page curl -s -o /dev/null -w '%{http_code}\n' --retry 10 --retry-connrefused --retry-delay 1 http://127.0.0.1:8750/
step service-show systemctl show eartrainer.service -p ActiveState,SubState,MainPID,NRestarts,Result,StatusText,DropInPaths,ExecMainStartTimestampMonotonic,ActiveEnterTimestampMonotonic
step process ps -o user:20,pid,etimes,args -C eartrainerd

# The student's first boot on the installed package (scripts/vm/deb-test.sh, VM_DEB_STUDENT): the
# administrator edits the config for the box's USB sound card and restarts the service; a USB
# keyboard is plugged in and played through the menu (student-guest.sh, its results in
# OUT/student). Then the sound card is unplugged: what follows sounds nowhere, so the card's WAV
# holds the student's part alone.
here=$(dirname "$0")
if [ -f "$here/student.sed" ]; then
  student_config() { sed -i -f "$here/student.sed" /etc/eartrainer/eartrainer.toml && systemctl restart eartrainer.service; }
  step student-config student_config
  mkdir -p "$out/student"
  GUEST_SHARED=1 bash "$here/student-guest.sh" "$out/student" /usr/bin
  log "the student's part ended"
  unplug_sound_card() {
    local device
    for device in /sys/bus/usb/devices/*; do
      if grep -qs "USB Audio" "$device/product"; then
        echo "unplugged: $(basename "$device") ($(cat "$device/product"))"
        echo 0 >"$device/authorized"
      fi
    done
  }
  step student-card-out unplug_sound_card
  step student-service-back systemctl start eartrainer.service
fi

# A user in the audio group, with the socket path the client finds by itself.
step student-status as_student eartrainctl status
step student-id id student
session() {
  as_student eartrainctl start scale dorian D --seed 1 && as_student eartrainctl play D3 E3 F#3 F3 G3 A3 B3 C4 D4 &&
    as_student eartrainctl stop
}
step session session
step stats as_student eartrainctl stats
step state-file test -s /var/lib/private/eartrainer/eartrainer.sqlite
step state-dir ls -la /var/lib/eartrainer /var/lib/private/eartrainer

# The man pages, as man finds them (man-db), and the completion as bash loads it on TAB.
step man-eartrainctl env MANWIDTH=100 man eartrainctl
man_others() { MANWIDTH=100 man 8 eartrainerd | head -3 && MANWIDTH=100 man 5 eartrainer.toml | head -3; }
step man-others man_others
# A real terminal (script(1) gives bash a pty): the student's interactive bash (~/.bashrc from
# /etc/skel loads bash-completion), "eartrainctl st", TAB TAB lists the candidates, Ctrl-U, exit.
complete_in_bash() {
  cd /home/student || return 1
  { sleep 8; printf 'eartrainctl st\t\t'; sleep 8; printf '\025exit\n'; sleep 2; } |
    timeout 60 runuser -u student -- env TERM=dumb script -qec "bash -i" /dev/null
}
step completion complete_in_bash

# A class (docs/class.md), hub and box on this one machine: the hub's unit is installed, not
# enabled, and started by hand; root makes a code on its state (what the command makes there goes
# back to the service's dynamic user); the packaged daemon joins it over TLS, the certificate
# pinned, and pushes the session above.
step hub-enabled systemctl is-enabled eartrainer-hub.service
step hub-start systemctl start eartrainer-hub.service
hub_code() {
  local _
  for _ in $(seq 100); do bash -c 'exec 3<>/dev/tcp/127.0.0.1/8443' 2>/dev/null && break; sleep 0.2; done
  eartrainer-hub enroll-code --state /var/lib/eartrainer-hub --student student
}
step hub-code hub_code
class_join() { as_student eartrainctl class join https://127.0.0.1:8443 "$(tail -n 1 "$out/hub-code.txt")"; }
step class-join class_join
class_pushed() {
  local _
  for _ in $(seq 90); do as_student eartrainctl class status | grep -q 'up to answer [1-9][0-9]*; 0 pending' && break; sleep 1; done
  as_student eartrainctl class status
  echo "rows on the hub: $(eartrainer-hub export --state /var/lib/eartrainer-hub | tail -n +2 | wc -l)"
}
step class-pushed class_pushed

# Remove: the program goes, the statistics and the config stay.
step remove apt-get remove -y eartrainer
after_remove() {
  local gone="" file
  for file in /usr/bin/eartrainctl /usr/bin/eartrainerd /lib/systemd/system/eartrainer.service; do
    [ -e "$file" ] || gone="$gone $file"
  done
  echo "gone:$gone"
  for file in /var/lib/private/eartrainer/eartrainer.sqlite /etc/eartrainer/eartrainer.toml; do
    if [ -s "$file" ]; then echo "kept: $file"; else echo "lost: $file"; fi
  done
  echo "status: $(dpkg-query -W -f '${Status}' eartrainer 2>&1)"
}
step after-remove after_remove
step after-remove-active systemctl is-active eartrainer.socket eartrainer.service eartrainer-web.service eartrainer-hub.service
step after-remove-units ls -l /etc/systemd/system/eartrainer.service /etc/systemd/system/eartrainer.socket
# Installed again: the statistics kept are the student's again, the service enabled as before.
step reinstall dpkg -i "$deb"
step reinstall-active systemctl is-active eartrainer.socket eartrainer.service eartrainer-web.service
step reinstall-stats as_student eartrainctl stats
# Purge: nothing of it is left (the test's own units and the overlays' upper layers aside).
step purge apt-get purge -y eartrainer
after_purge() {
  local left path
  # Under /usr (150 000 paths over 9p: too many to walk here), every path the package shipped
  # that is its own: its files, and folders named after it; elsewhere, anything so named.
  left=$(dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's#^\./#/#; s#/$##' | while read -r path; do
    if [ -e "$path" ] || [ -L "$path" ]; then
      if [ ! -d "$path" ] || [[ "$path" == *eartrainer* ]]; then echo "$path"; fi
    fi
  done
  # The VM tests' own output folders (/var/lib/eartrainer-vm-*, where a clone under /tmp keeps
  # them: the guests get a /tmp of their own) are this side's, not the package's.
  find /etc /var /home /run/eartrainer -name '*eartrainer*' ! -name 'eartrainer-deb-*' ! -path '/var/lib/eartrainer-vm-*' 2>/dev/null)
  echo "left: ${left:-none}"
  echo "status: $(dpkg-query -W -f '${Status}' eartrainer 2>/dev/null || echo unknown)"
}
step after-purge after_purge

journalctl -b --no-pager -o short-monotonic >"$out/journal-boot.txt" 2>&1
echo done >"$out/guest-done"
