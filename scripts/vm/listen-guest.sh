#!/usr/bin/env bash
# The listening scenario, inside the VM (scripts/vm/run.sh, `listen`): the daemon captures from
# snd-aloop's capture side ([listen] driver = "alsa", hw:Loopback,1,0) while a rendered voice
# scale (scripts/vm/listen-material.py) is played into its playback side with aplay; the scale is
# sung twice, the card taken away and brought back between. Writes OUT/results.txt (PASS/FAIL
# lines) and exits 1 on any FAIL.
#
#   listen-guest.sh BIN OUT MATERIAL
bin=$1
out=$2
material=$3
results=$out/results.txt
: >"$results"
failed=0
pass() { echo "PASS $*" >>"$results"; }
fail() { echo "FAIL $*" >>"$results"; failed=1; }
ctl() { "$bin/eartrainctl" --socket "$out/s.sock" --timeout 60 "$@"; }

modprobe snd-aloop || { fail "snd-aloop does not load"; exit 1; }
cat >"$out/listen.toml" <<TOML
[socket]
path = "$out/s.sock"
[storage]
database = "$out/db.sqlite"
[listen]
driver = "alsa"
device = "hw:Loopback,1,0"
TOML
"$bin/eartrainerd" run --config "$out/listen.toml" --audio off --log-format json >"$out/daemon.jsonl" 2>"$out/daemon.err" &
daemon=$!
trap 'kill $daemon 2>/dev/null' EXIT

# wait_for TEXT SECONDS: until `eartrainctl status` shows TEXT.
wait_for() {
  for _ in $(seq 1 $(($2 * 5))); do
    ctl status 2>/dev/null | grep -q "$1" && return 0
    sleep 0.2
  done
  return 1
}

# sing ROUND: a scale session, the scale played into the loopback, then its judgements checked
# against the material's truth (8 of 8 right, from `listen`, cents within 3 c of aubiopitch's).
sing() {
  local round=$1 before
  before=$(wc -l <"$out/daemon.jsonl")
  ctl start scale ionian C --seed 1 >/dev/null || { fail "round $round: the session does not start"; return; }
  aplay -q -D plughw:Loopback,0,0 "$material/scale.wav" 2>"$out/aplay-$round.err" || fail "round $round: aplay failed: $(cat "$out/aplay-$round.err")"
  sleep 2
  ctl stop >/dev/null
  tail -n +"$((before + 1))" "$out/daemon.jsonl" >"$out/round-$round.jsonl"
  python3 - "$out/round-$round.jsonl" "$material/truth.json" "$round" >>"$results" <<'PY' || failed=1
import json, sys
events = [json.loads(line) for line in open(sys.argv[1]) if line.startswith("{")]
judged = [e for e in events if e.get("type") == "note_judged"]
truth = json.load(open(sys.argv[2]))
round_ = sys.argv[3]
sung = [e for e in judged if e["details"].get("source") == "listen"]
right = [e for e in sung if e["details"]["correct"]]
ok = len(sung) == 8 and len(right) == 8
print(f"{'PASS' if ok else 'FAIL'} round {round_}: {len(right)} of {len(sung)} sung notes right (8 of 8 wanted): "
      + ", ".join(e["details"]["played"] for e in sung))
worst = 0.0
rows = []
for event, note in zip(sung, truth):
    cents = event["details"]["cents"]
    error = cents - note["aubio_cents"]
    worst = max(worst, abs(error))
    rows.append(f"{event['details']['played']} {cents:+.1f} c (aubio {note['aubio_cents']:+.2f}, {error:+.1f})")
print(f"NOTE round {round_}: cents as judged: " + "; ".join(rows) + f"; worst {worst:.1f} c from aubiopitch")
within = ok and worst <= 8
print(f"{'PASS' if within else 'FAIL'} round {round_}: every sung note's cents within 8 c of aubiopitch's (worst {worst:.1f} c)")
sys.exit(0 if ok and within else 1)
PY
}

if wait_for "listen: alsa hw:Loopback,1,0, hearing" 120; then
  pass "the capture device is heard: $(ctl status | grep '^listen:')"
else
  fail "the capture device is not heard: $(ctl status 2>&1 | grep -i listen)"
fi
sing 1

# The card taken away (its platform device unbound: a USB card unplugged; the unbind waits until
# the daemon has closed its PCM), then brought back.
for device in /sys/bus/platform/drivers/snd_aloop/snd_aloop.*; do echo "${device##*/}" >/sys/bus/platform/drivers/snd_aloop/unbind; done
if wait_for "not listening" 30; then
  pass "the card taken away: $(ctl status | grep '^listen:')"
else
  fail "the card taken away is not noticed: $(ctl status 2>&1 | grep '^listen:')"
fi
rmmod snd_aloop && modprobe snd-aloop || fail "snd-aloop does not reload"
if wait_for "listen: alsa hw:Loopback,1,0, hearing" 30; then
  pass "the card brought back is heard again"
else
  fail "the card brought back is not heard: $(ctl status 2>&1 | grep '^listen:')"
fi
sing 2
echo "$failed" >"$out/rc"
exit "$failed"
