#!/usr/bin/env bash
# The student's second boot (scripts/vm/student-test.sh): the state the first boot kept is back
# in the service's state directory; the session played before the reboot must be in the
# statistics. Then the cello: the student's sound set to it (`eartrainctl set`, kept as a
# student setting), the voice off, a C major round begun, and four keys held a second each on the
# USB keyboard, for the host to measure their pitch in the WAV.
. "$(dirname "$0")/guest-share.sh" "$@"
wait_for at-boot 600 "sound: " || true
timeout 60 "$bin/eartrainctl" stats --socket "$sock" >"$out/stats.txt" 2>&1
plug_keyboard
wait_for plugged 120 "Student Keyboard" || true
{
  "$bin/eartrainctl" set training.sound_source cello --socket "$sock"
  "$bin/eartrainctl" set voice.speak off --socket "$sock"
  "$bin/eartrainctl" start scale --mode ionian --root C3 --socket "$sock"
} >"$out/cello-setup.txt" 2>&1
sleep 4
for note in 48 50 52 53; do key "$note" 1.5 1.2; done
wait_for cello-played 60 "4 correct, 0 errors" || true
sleep 3
journalctl -b --no-pager -o short-monotonic -u eartrainer.service >"$out/journal.txt" 2>&1
echo done >"$out/guest-done"
