#!/usr/bin/env bash
# The student's first boot (scripts/vm/student-test.sh), run inside the VM by systemd after
# eartrainer.service. Nothing is typed to the daemon: a USB MIDI keyboard (a gadget on the dummy
# host controller, driven by snd-usb-audio) is plugged in and its keys choose D dorian through the
# menu, play the round with one wrong note, are unplugged and plugged back mid-round, and stop.
# `eartrainctl status` only watches, as a teacher looking over the student's shoulder would. OUT
# is the shared results folder, BIN the installed bin directory.
. "$(dirname "$0")/guest-share.sh" "$@"
wait_for at-boot 600 "sound: " || true
cat /proc/asound/cards >"$out/cards-at-boot.txt"

plug_keyboard
wait_for plugged 120 "Student Keyboard" || true
cat /proc/asound/cards >"$out/cards.txt"

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
