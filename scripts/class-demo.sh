#!/usr/bin/env bash
# A class on one machine (README, "A class on one machine"; docs/class.md): a hub and its boxes,
# one command each, every program in the background with its state under one folder.
#
#   scripts/class-demo.sh hub        the hub, plain HTTP on 127.0.0.1:$CLASS_DEMO_PORT (8760)
#   scripts/class-demo.sh box NAME   a box for NAME: a daemon of its own (its statistics, its socket),
#                                    joined with a fresh one-time code; a short session answered on
#                                    the virtual keyboard; back when the hub holds its answers
#   scripts/class-demo.sh stop       stops every program it started
#
# $CLASS_DEMO_DIR is the folder (./class-demo); the programs are $EARTRAINER_BIN's (.build/debug
# after `make run` or `make test`, else the installed ones).
set -euo pipefail
repository=$(cd "$(dirname "$0")/.." && pwd)
dir=${CLASS_DEMO_DIR:-$PWD/class-demo}
port=${CLASS_DEMO_PORT:-8760}
bin=${EARTRAINER_BIN:-}
if [ -z "$bin" ] && [ -x "$repository/.build/debug/eartrainer-hub" ]; then bin=$repository/.build/debug; fi
program() { if [ -n "$bin" ]; then echo "$bin/$1"; else command -v "$1" || { echo "$1 is not installed: make install, or build it" >&2; exit 69; }; fi; }
hub_url=http://127.0.0.1:$port

# start NAME LOG COMMAND...: runs it in the background, its pid in $dir/NAME.pid, holding none of
# this script's descriptors but the log (a caller that waits for this script's end, by a pipe or a
# socket it gave it, is not kept waiting by the programs it started).
start() {
  local name=$1 log=$2
  shift 2
  (
    for fd in /proc/$BASHPID/fd/*; do
      fd=${fd##*/}
      if [ "$fd" -gt 2 ] 2>/dev/null; then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
    exec nohup "$@"
  ) >"$log" 2>&1 </dev/null &
  echo $! >"$dir/$name.pid"
}

# within SECONDS COMMAND...: polls COMMAND until it succeeds; false after SECONDS.
within() {
  local seconds=$1
  shift
  for _ in $(seq $((seconds * 5))); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  return 1
}
fail() { echo "class-demo: $*" >&2; exit 1; }

case "${1:-}" in
  hub)
    mkdir -p "$dir"
    start hub "$dir/hub.log" "$(program eartrainer-hub)" serve --state "$dir/hub" --listen "127.0.0.1:$port" --plain-http
    within 30 bash -c "exec 3<>/dev/tcp/127.0.0.1/$port" || fail "the hub does not answer at $hub_url within 30 s (see $dir/hub.log)"
    echo "the hub listens at $hub_url; the teacher's page: $hub_url/teacher"
    echo "(set its password first: $(program eartrainer-hub) teacher-password --state $dir/hub)"
    ;;
  box)
    name=${2:?"box NAME: the student's name"}
    case "$name" in *[!A-Za-z0-9_-]*) echo "class-demo: a name of letters, digits, - and _" >&2; exit 64 ;; esac
    box=$dir/box-$name
    mkdir -p "$box"
    code=$("$(program eartrainer-hub)" enroll-code --state "$dir/hub" --student "$name")
    ctl=(env EARTRAINER_SOCKET="$box/eartrainer.sock" "$(program eartrainctl)")
    STATE_DIRECTORY=$box start "box-$name" "$box/daemon.log" \
      "$(program eartrainerd)" run --config "$repository/config/eartrainer.toml" --socket "$box/eartrainer.sock" --audio off
    within 60 "${ctl[@]}" status || fail "the box's daemon does not answer within 60 s (see $box/daemon.log)"
    "${ctl[@]}" class join "$hub_url" "$code" --name "$name's box"
    # A short session, one wrong note in it (the README's first session).
    "${ctl[@]}" start scale dorian D --seed 1 >/dev/null
    "${ctl[@]}" play D3 E3 F#3 F3 G3 >/dev/null
    "${ctl[@]}" stop >/dev/null
    pushed() { "${ctl[@]}" class status | grep -q 'up to answer [1-9][0-9]*; 0 pending'; }
    if ! within 60 pushed; then "${ctl[@]}" class status >&2; fail "the hub does not hold $name's answers within 60 s"; fi
    "${ctl[@]}" class status
    ;;
  stop)
    for pid in "$dir"/*.pid; do
      [ -e "$pid" ] || continue
      kill "$(cat "$pid")" 2>/dev/null || true
      rm -f "$pid"
    done
    echo "stopped; the class's state stays in $dir"
    ;;
  *)
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 64
    ;;
esac
