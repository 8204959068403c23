#!/usr/bin/env bash
# The student's first boot (scripts/vm/student-test.sh), run inside the VM by systemd after
# eartrainer.service. Nothing is typed to the daemon: a USB MIDI keyboard (a gadget on the dummy
# host controller, driven by snd-usb-audio) is plugged in, playing as a 49-key keyboard (MIDI
# 36-84): the modulation wheel and its keys choose D dorian through the menu, play the round with
# one wrong note, are unplugged and plugged back mid-round, and stop. Then it plays as a 25-key
# keyboard (48-72), under another name: the same, its keys set on the menu's keys page.
# `eartrainctl status` only watches, as a teacher looking over the student's shoulder would. OUT
# is the shared results folder, BIN the installed bin directory.
. "$(dirname "$0")/guest-share.sh" "$@"
wait_for at-boot 600 "sound: " || true
cat /proc/asound/cards >"$out/cards-at-boot.txt"

plug_keyboard
wait_for plugged 120 "Student Keyboard" || true
cat /proc/asound/cards >"$out/cards.txt"

# A 49-key keyboard (C2-C6, MIDI 36-84): no key below C2 is ever sent, nothing typed. The menu
# from the modulation wheel: it opens the menu; C3 chooses scale; wheel; D3 chooses dorian; wheel;
# D2 is the root; the wheel past the tuning, sound and keys pages; the menu closes, the round begins.
wheel; key 48 2.5; wheel; key 50 2.5; wheel; key 38 2.5; wheel; wheel; wheel; wheel
wait_for menu-chose 120 "D dorian" || true
# The round from D2, one wrong note (F#2 for F2), then unplugged and plugged back mid-round.
for note in 38 40 42 41 43; do key "$note"; done
wait_for before-unplug 60 "4 correct, 1 error" || true
echo "" >"$g/UDC"
wait_for unplugged 60 "keyboard: none connected" || true
echo dummy_udc.0 >"$g/UDC"
wait_for replugged 60 "Student Keyboard" || true
for note in 45 47 48 50; do key "$note"; done
wait_for round-done 60 "8 correct, 1 error" || true
# Stop: the wheel again; the results are spoken.
wheel 1
wait_for stopped 60 "session: none" || true
sleep 15
timeout 30 "$bin/eartrainctl" results --socket "$sock" >"$out/results-49.txt" 2>&1

# A 25-key keyboard (C3-C5, MIDI 48-72), a new one to the daemon: no key outside 48-72 is sent.
# The wheel opens the menu; C3 scale; D3 dorian; D3 the root; past tuning and sound; on the keys
# page its lowest and highest key (C3, C5), kept as the note range; the round from D3.
rename_keyboard "Small Keyboard"
wait_for plugged-25 120 "Small Keyboard" || true
wheel; key 48 2.5; wheel; key 50 2.5; wheel; key 50 2.5; wheel; wheel; wheel; key 48 2.5; key 72 2.5; wheel
wait_for menu-chose-25 120 "D dorian" || true
for note in 50 52 54 53 55 57 59 60 62; do key "$note"; done
wait_for round-done-25 60 "8 correct, 1 error" || true
wheel 1
wait_for stopped-25 60 "session: none" || true
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
