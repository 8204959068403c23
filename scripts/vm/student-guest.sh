#!/usr/bin/env bash
# The student's first boot (scripts/vm/student-test.sh), run inside the VM by systemd after
# eartrainer.service. Nothing is typed to the daemon: a USB MIDI keyboard (a gadget on the dummy
# host controller, driven by snd-usb-audio) is plugged in and its keys choose D dorian through the
# menu, play the round with one wrong note, are unplugged and plugged back mid-round, and stop.
# `eartrainctl status` only watches, as a teacher looking over the student's shoulder would. OUT
# is the shared results folder, BIN the installed bin directory.
out=$1
bin=$2
sock=/run/eartrainer/eartrainer.sock
. "$(dirname "$0")/guest-share.sh"
share_results "$out"
now() { cut -d' ' -f1 /proc/uptime; }
log() { echo "$(now) $*" >>"$out/steps.txt"; }
status() { timeout 30 "$bin/eartrainctl" status --socket "$sock" 2>&1; }
# wait_for NAME SECONDS TEXT: until `status` shows TEXT; its last answer is kept as NAME.txt.
wait_for() {
  local name=$1 seconds=$2 text=$3 start
  start=$(cut -d. -f1 /proc/uptime)
  while [ $(($(cut -d. -f1 /proc/uptime) - start)) -lt "$seconds" ]; do
    status >"$out/$name.txt"
    if grep -qF -- "$text" "$out/$name.txt"; then log "$name: seen '$text'"; return 0; fi
    sleep 1
  done
  log "$name: NOT seen '$text' within $seconds s"
  return 1
}

wait_for at-boot 600 "sound: " || true
cat /proc/asound/cards >"$out/cards-at-boot.txt"

# The keyboard, plugged in: a class-compliant USB MIDI device.
modprobe dummy_hcd; modprobe libcomposite; modprobe snd-usb-audio
mountpoint -q /sys/kernel/config || mount -t configfs none /sys/kernel/config
g=/sys/kernel/config/usb_gadget/kbd
mkdir -p "$g/strings/0x409" "$g/configs/c.1" "$g/functions/midi.usb0"
echo 0x1d6b >"$g/idVendor"; echo 0x0104 >"$g/idProduct"
echo "eartrainer test" >"$g/strings/0x409/manufacturer"; echo "Student Keyboard" >"$g/strings/0x409/product"
echo kbdgadget >"$g/functions/midi.usb0/id"
ln -s "$g/functions/midi.usb0" "$g/configs/c.1/"
echo dummy_udc.0 >"$g/UDC"
wait_for plugged 120 "Student Keyboard" || true
cat /proc/asound/cards >"$out/cards.txt"

# key NOTE: pressed on the keyboard (the gadget side's raw MIDI), held 0.6 s, released.
key() {
  local card dev
  card=$(awk '$2 ~ /^\[kbdgadget/ {print $1}' /proc/asound/cards)
  dev=/dev/snd/midiC${card}D0
  printf "$(printf '\\x%02x\\x%02x\\x%02x' 0x90 "$1" 100)" >"$dev"
  sleep 0.6
  printf "$(printf '\\x%02x\\x%02x\\x%02x' 0x80 "$1" 0)" >"$dev"
  log "key $1 on $dev"
  sleep "${2:-1.5}"
}

# The menu: E1 opens it; C2 chooses scale; E1; D2 chooses dorian; E1; D3 is the root; E1 past the
# tuning and the sound pages; the menu closes and the round begins.
for note in 28 36 28 38 28 50 28 28 28; do key "$note" 2.5; done
wait_for menu-chose 120 "D dorian" || true
# The round, one wrong note (F#3 for F3), then unplugged and plugged back mid-round.
for note in 50 52 54 53 55; do key "$note"; done
wait_for before-unplug 60 "4 correct, 1 error" || true
echo "" >"$g/UDC"
wait_for unplugged 60 "keyboard: none connected" || true
echo dummy_udc.0 >"$g/UDC"
wait_for replugged 60 "Student Keyboard" || true
for note in 57 59 60 62; do key "$note"; done
wait_for round-done 60 "8 correct, 1 error" || true
# Stop (G1): the results are spoken.
key 31 1
wait_for stopped 60 "session: none" || true
sleep 20
timeout 30 "$bin/eartrainctl" results --socket "$sock" >"$out/results.txt" 2>&1
journalctl -b --no-pager -o short-monotonic -u eartrainer.service >"$out/journal.txt" 2>&1
# The disk as a reboot finds it: the service stopped, its state kept.
systemctl stop eartrainer.service
mkdir -p "$out/state"
cp -a /var/lib/private/eartrainer/. "$out/state/"
ls -l "$out/state" >"$out/state.txt" 2>&1
log done
echo done >"$out/guest-done"
