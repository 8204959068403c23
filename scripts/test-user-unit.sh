#!/usr/bin/env bash
# The user unit in a desktop user's session with PipeWire running, without systemd as PID 1:
# a real `systemd --user` manager (Debian's systemd 252) in a private mount namespace, PipeWire,
# WirePlumber and pipewire-pulse started by it from Debian's own user units, and the installed
# user unit enabled and started the way docs/systemd.md says (`systemctl --user enable`, then
# default.target as a login starts it). The daemon chooses its driver itself (`audio.driver =
# "auto"`: pulseaudio, since the session has $XDG_RUNTIME_DIR/pulse/native), listens at
# $XDG_RUNTIME_DIR/eartrainer.sock, where `eartrainctl` finds it with no --socket; keys played with
# `eartrainctl play` are recorded from the null sink's monitor (parecord) and checked for their
# pitch (boot-wav-check --tones: the sine source, within 0.05 cent, in order).
#
# Run as root (CI is): the manager needs a tmpfs over /run/systemd in its own mount namespace, so
# that it believes the machine booted with systemd; nothing outside the namespace changes.
# Everything else (HOME, XDG_RUNTIME_DIR, the units, the state) is in a scratch folder.
# Debian's PipeWire units say ConditionUser=!root; run-only drop-ins in the scratch HOME clear it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${EARTRAINER_USER_UNIT_NS:-}" != 1 ]; then
  [ "$(id -u)" -eq 0 ] || { echo "FAILED: test-user-unit needs root (a mount namespace for the user manager)"; exit 1; }
  exec unshare --mount --propagation private env EARTRAINER_USER_UNIT_NS=1 "$0" "$@"
fi
. scripts/checks.sh
repo=$(pwd)
trap 'stop_session; rm -rf "$work"' EXIT
manager=""
stop_session() {
  [ -n "$manager" ] || return 0
  systemctl --user stop default.target >/dev/null 2>&1 || true
  kill "$manager" 2>/dev/null || true
  wait "$manager" 2>/dev/null || true
  manager=""
}
# Wait up to $1 seconds for a command to succeed.
wait_for() {
  local seconds=$1; shift
  local end=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    [ $SECONDS -lt $end ] || return 1
    sleep 0.2
  done
}

make -s install BUILD=debug ENABLE_UNITS=no PREFIX="$work/usr" CONFDIR="$work/etc/eartrainer" >/dev/null
unit=$work/usr/lib/systemd/user/eartrainer.service
check "user unit installed, ExecStart points into PREFIX" grep -q "^ExecStart=$work/usr/bin/eartrainerd run" "$unit"
mkdir -m 700 "$work/run" "$work/home"
export XDG_RUNTIME_DIR=$work/run HOME=$work/home DBUS_SESSION_BUS_ADDRESS=unix:path=$work/run/bus
unset XDG_CONFIG_HOME XDG_STATE_HOME XDG_CACHE_HOME XDG_DATA_HOME PULSE_SERVER EARTRAINER_SOCKET EARTRAINER_CONFIG
check "systemd-analyze verify --user is clean" systemd-analyze verify --user "$unit"

# The config: the shipped one, with the exact sine and nothing said, so the recording holds tones.
# The driver stays the shipped "auto".
config=$work/eartrainer.toml
sed -e 's/^sound_source = "cello"/sound_source = "sine"/' -e 's/^speak = "auto"/speak = "off"/' \
  -e 's/^cues = "words"/cues = "off"/' config/eartrainer.toml >"$config"
shipped_auto() { grep -qx 'driver = "auto"' "$config" && grep -qx 'sound_source = "sine"' "$config" && grep -qx 'cues = "off"' "$config"; }
check "the test config: the shipped driver (auto), the sine, no voice" shipped_auto

# The session: a null sink for PipeWire to play into (there is no sound card), Debian's PipeWire
# units allowed to run as root, and the test's config and log for the unit (run-only drop-ins).
units=$HOME/.config/systemd/user
mkdir -p "$HOME/.config/pipewire/pipewire.conf.d" "$units/eartrainer.service.d"
cat >"$HOME/.config/pipewire/pipewire.conf.d/eartrainer-test-sink.conf" <<'EOF'
context.objects = [
  { factory = adapter
    args = {
      factory.name = support.null-audio-sink
      node.name = "eartrainer-test-sink"
      node.description = "eartrainer test sink"
      media.class = Audio/Sink
      audio.position = [ FL FR ]
      audio.rate = 48000
    }
  }
]
EOF
for name in pipewire.socket pipewire.service pipewire-pulse.socket pipewire-pulse.service; do
  mkdir -p "$units/$name.d"
  printf '[Unit]\nConditionUser=\n' >"$units/$name.d/eartrainer-test-root.conf"
done
# There is no journal here: each service's output goes to a log in the scratch folder.
for name in pipewire pipewire-pulse wireplumber; do
  mkdir -p "$units/$name.service.d"
  printf '[Service]\nStandardOutput=append:%s\nStandardError=append:%s\n' "$work/$name.log" "$work/$name.log" \
    >"$units/$name.service.d/eartrainer-test-log.conf"
done
printf '[Service]\nEnvironment=EARTRAINER_CONFIG=%s\nStandardOutput=append:%s\nStandardError=append:%s\n' \
  "$config" "$work/eartrainer.log" "$work/eartrainer.log" >"$units/eartrainer.service.d/eartrainer-test.conf"

# The manager believes it runs on a systemd machine when /run/systemd/system exists (here only).
# WirePlumber watches logind's folders (sd_login_monitor), so they must exist too, empty.
mount -t tmpfs -o mode=755 eartrainer-user-test /run/systemd
mkdir /run/systemd/system /run/systemd/seats /run/systemd/sessions /run/systemd/users /run/systemd/machines
# basic.target first (sockets: pipewire's, pipewire-pulse's, the session bus), so that the unit can be
# enabled before default.target is started; other user units the machine enables are masked.
/lib/systemd/systemd --user --unit=basic.target >"$work/manager.log" 2>&1 &
manager=$!
manager_up() { case $(systemctl --user is-system-running 2>/dev/null) in running|degraded) ;; *) return 1 ;; esac; }
check "the user manager answers" wait_for 20 manager_up
for name in $(ls /etc/systemd/user/default.target.wants/ 2>/dev/null); do
  case $name in pipewire*|wireplumber*) ;; *) systemctl --user mask "$name" >/dev/null 2>&1 || true ;; esac
done
systemctl --user link "$unit" >/dev/null
systemctl --user enable eartrainer.service >"$work/out.enable" 2>&1
check "systemctl --user enable eartrainer.service" test "$(systemctl --user is-enabled eartrainer.service)" = enabled
# As a login does: default.target pulls in PipeWire and the enabled unit; `start` returns once
# every job is done, eartrainer.service's when it has sent READY=1 (Type=notify).
started=$SECONDS
start_session() { timeout 120 systemctl --user start default.target; }
check "default.target started (eartrainer.service among its jobs)" start_session
echo "default.target reached in $((SECONDS - started)) s"
active() { test "$(systemctl --user is-active eartrainer.service)" = active; }
check "eartrainer.service active (READY=1)" active
check "PipeWire, WirePlumber and pipewire-pulse running" systemctl --user is-active pipewire.service wireplumber.service pipewire-pulse.service
ordered() {  # eartrainer started after the sound server's socket was listening
  local socket_at eartrainer_at
  socket_at=$(systemctl --user show -P ActiveEnterTimestampMonotonic pipewire-pulse.socket)
  eartrainer_at=$(systemctl --user show -P ExecMainStartTimestampMonotonic eartrainer.service)
  echo "pipewire-pulse.socket listening at $socket_at µs, eartrainerd started at $eartrainer_at µs"
  [ "$socket_at" -gt 0 ] && [ "$eartrainer_at" -gt "$socket_at" ]
}
check "eartrainerd started after pipewire-pulse.socket" ordered

status() { "$work/usr/bin/eartrainctl" status >"$work/status" 2>&1; cat "$work/status"; }
socket_found() { status && test -S "$XDG_RUNTIME_DIR/eartrainer.sock"; }
check "eartrainctl finds \$XDG_RUNTIME_DIR/eartrainer.sock by itself" socket_found
plays_through_pulse() { status | grep "sound: default (auto: pulseaudio)" >/dev/null; }
check "status: auto chose pulseaudio, the device is open" wait_for 20 plays_through_pulse
stream_in_pipewire() { pactl list sink-inputs | tee /dev/stderr | grep -i "fluidsynth\|eartrainer" >/dev/null; }  # no -q: under pipefail its early exit can SIGPIPE tee
check "its stream reaches PipeWire (a sink input of pipewire-pulse)" stream_in_pipewire

# Record the null sink's monitor (16-bit stereo, what boot-wav-check reads) while a C major scale
# round begins (its root, C3, sounds) and keys are played: A3 C4 E4, each 1.2 s apart.
parecord --device=eartrainer-test-sink.monitor --rate=48000 --channels=2 --format=s16le --file-format=wav \
  "$work/capture.wav" &
recorder=$!
sleep 1
play_keys() {
  local key
  "$work/usr/bin/eartrainctl" start scale C ionian || return 1
  sleep 1.6
  for key in A3 C4 E4; do "$work/usr/bin/eartrainctl" play "$key" || return 1; sleep 1.2; done
}
check "eartrainctl start scale C ionian; eartrainctl play A3, C4, E4" play_keys
sleep 2  # parecord's last second or so does not reach the file
kill -INT "$recorder"
wait "$recorder" || true
heard() { "$repo/.build/debug/boot-wav-check" --tones "$work/capture.wav" 48 57 60 64 | tee "$work/heard"; }
check "the capture holds the keys played, at their pitch and in order" heard
sed 's/^/  /' "$work/heard"

systemctl --user stop eartrainer.service
check "the service stops cleanly" test "$(systemctl --user show -P Result eartrainer.service)" = success
check "the socket file is gone" test ! -e "$XDG_RUNTIME_DIR/eartrainer.sock"
check "statistics in ~/.local/state/eartrainer (the daemon's own default)" test -f "$HOME/.local/state/eartrainer/eartrainer.sqlite"
if [ "$failed" -gt 0 ]; then
  echo "--- eartrainerd's output"; tail -30 "$work/eartrainer.log" 2>/dev/null || true
  echo "--- the user manager"; tail -30 "$work/manager.log" || true
  echo "--- PipeWire's sinks"; pactl list short sinks 2>&1 || true
  for name in pipewire pipewire-pulse wireplumber; do echo "--- $name"; tail -15 "$work/$name.log" 2>/dev/null || true; done
  systemctl --user status --no-pager pipewire.service wireplumber.service pipewire-pulse.service 2>&1 | grep -E "●|Active:" || true
  echo "--- the scratch HOME and runtime directory"; find "$HOME" "$XDG_RUNTIME_DIR" -maxdepth 4 2>&1 | sed "s#$work#…#" || true
  if [ "${EARTRAINER_USER_UNIT_DEBUG:-0}" = 1 ]; then echo "debug: the session stays up; a shell (exit ends it)"; bash -i </dev/tty || true; fi
fi
stop_session
checks_done user-unit
