#!/usr/bin/env bash
# Every test of the project, in order: the Swift package's tests (unit tests, tests that run the
# built executables against a real daemon; suites side by side, since no test holds a thread of
# Swift's pool while it waits: the client, the in-process daemon and the waits are async), the
# socket-abuse suite on its own (its well-behaved
# client's latency is printed, so nothing else should run beside it), the web view in headless
# Chromium (scripts/test-browser.sh), `make install` and the
# systemd units, the user unit in a desktop session with PipeWire (a systemd --user manager, as
# root), `make deb` (built beside the Swift stages, checked after them), then the ALSA input
# scenarios and the audio output scenario (snd-aloop: pitch, the device taken away and brought
# back, latency and footprint beside fluidsynth, reported as figures) and the listening input's
# capture (a choir's scale and claps played into snd-aloop) in one VM with the kernel's own sound
# subsystem, and the boots with systemd as PID 1
# (the student's, the package's). Any failure fails the run. VM_SCENARIOS=alsa leaves the audio
# out (it adds about ten minutes); `make test-vm-audio` runs it alone, with the footprint's goals
# as checks.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage's wall time is kept and printed at the end, or where a stage fails (docs/benchmarks.md
# keeps the breakdown).
# Beside the wall time, the CPU time (user and system) of the stage's processes, from the shell's
# `times`: on two cores a stage's CPU is what another stage beside it would have to share.
timings=()
cpu_file=$(mktemp) && trap 'rm -f "$cpu_file"' EXIT
children_cpu() {  # sets cpu_now: the CPU seconds, user and system, of every child waited for so far
  # `times` in this shell: in a subshell (`$(…)`, a pipe) the children would be the subshell's.
  times >"$cpu_file"
  cpu_now=$(awk 'NR == 2 { total = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); total += t[1] * 60 + t[2] }; printf "%d", total }' "$cpu_file")
}
print_timings() { local IFS=,; children_cpu; echo "── stage times: ${timings[*]:-none}; in all $SECONDS s, CPU $cpu_now s"; }
stage() {  # stage NAME COMMAND...: runs the command and notes how long it took, and its CPU
  local name=$1 start=$SECONDS cpu_before status=0
  children_cpu && cpu_before=$cpu_now
  shift
  "$@" || status=$?
  children_cpu
  timings+=("$name $((SECONDS - start)) s (CPU $((cpu_now - cpu_before)) s)")
  if [ "$status" != 0 ]; then echo "── stage $name failed (exit $status)"; print_timings; exit "$status"; fi
}
# Two cores are the machine's, and the Swift stages leave much of them idle (the real-time stage
# waits on the clock): the package's release build runs beside them.
# `beside NAME COMMAND...` starts a stage in the background, its output kept in
# .build/stages/NAME.log; `joined NAME` waits for it, prints its output and adds its wall time
# (from its own start) to the stage times; a failure there fails the run.
mkdir -p .build/stages
declare -A beside_pids
beside() {
  local name=$1
  shift
  ( start=$SECONDS; status=0; "$@" >".build/stages/$name.log" 2>&1 || status=$?
    echo "$status $((SECONDS - start))" >".build/stages/$name.done" ) &
  beside_pids[$name]=$!
  echo "── stage $name started beside the next ones (its output: .build/stages/$name.log)"
}
joined() {
  local name=$1 status wall
  wait "${beside_pids[$name]}" || true
  read -r status wall <".build/stages/$name.done" || { status=1; wall=?; }
  echo "── stage $name (beside the others) ended: exit $status after $wall s; its output:"
  cat ".build/stages/$name.log"
  timings+=("$name $wall s beside")
  return "$status"
}
kill_tree() { local child; for child in $(pgrep -P "$1"); do kill_tree "$child"; done; kill "$1" 2>/dev/null || true; }
stop_beside() {  # at exit: a stage still running beside a failed one is stopped, with its children
  local pid
  for pid in "${beside_pids[@]}"; do kill -0 "$pid" 2>/dev/null && kill_tree "$pid"; done
  return 0
}
# The suites' output is kept, so a failure's summary (which tests, which expectations) is the
# last thing printed even when the log is long.
# The suites timed against the clock (sound rendered as it plays, judged from the file; a relay's
# delay; the web view's deadlines; a click's grid; the file driver's pace) run in a stage of their
# own after the others, three tests at a time (`.realTime`, ET_REAL_TIME_WIDTH; about 190 s, the
# tests' own times printed with ET_SLOT_TIMES=1), the steady click's by ear and the file device's
# alone, once the others are through (`.realTimeAlone`: its play-back is aimed at a grid read from
# the WAV just ahead): beside the other suites on two cores their notes came late (beside a
# cold build of the whole package, as the package's build below, they pass: ten loaded runs). Only
# these bound wall-clock time (WallClockBoundsTests keeps this list and the suites' tags in step).
real_time='ListeningTests|LiveSocketTests|ConnectionLimitsTests|DaemonTests\.SteadyClickTests|WAVFileDeviceTests'
# The JACK test's client must not start a server. Set here, before the test process starts: a
# setenv in a test, while the suites beside it start processes, raced Foundation's Process.run
# reading the environment, and the test process crashed (SIGSEGV in memmove).
export JACK_NO_START_SERVER=1
swift_tests() {  # swift_tests LOG ARGUMENTS...
  local log=$1
  shift
  if ! swift test --skip-build "$@" 2>&1 | tee "$log"; then
    echo "── failed tests (from $log):"
    grep -E '✘ Test .* (failed|recorded an issue)|Expectation failed|Issue recorded' "$log" | head -40
    return 1
  fi
}
stage build swift build --build-tests
# Every product and test is built: the stages' scripts skip their own builds (each a no-op of
# about 7 s for SwiftPM to find nothing to do).
export SWIFT_BUILT=1
# The class hub's store tests run on SQLite and on PostgreSQL: a server of their own, from
# Debian's package (scripts/postgres-for-tests.sh), for the Swift stages.
ET_HUB_POSTGRES=$(scripts/postgres-for-tests.sh start) || { echo "── PostgreSQL for the hub's tests did not start"; exit 1; }
export ET_HUB_POSTGRES
trap 'stop_beside; rm -f "$cpu_file"; scripts/postgres-for-tests.sh stop >/dev/null 2>&1 || true' EXIT
# A stall of Swift's pool in the side-by-side stage (no task started for 20 s) writes every
# thread's stack to .build/pool-stall-PID.txt, naming what held its threads (gdb; PoolWatch). Not in
# the real-time stage, where gdb's pause would itself make notes late.
# The package (make deb: a release build with the Swift runtime linked in, about 450 s of both
# cores alone) builds in a SwiftPM folder of its own beside the Swift stages; ten runs of those
# stages beside a cold build of the whole package passed (docs/benchmarks.md, "Twenty on df1cc92").
# It is checked (lintian, its contents) once built, after the stages beside it.
beside package-build env SWIFT_SCRATCH=.build/package GENERATE_MANUAL=.build/debug/generate-manual scripts/deb/build.sh
ET_POOL_WATCH=${ET_POOL_WATCH:-1} stage swift swift_tests .build/test-swift.log --skip SocketAbuseTests --skip "$real_time"
export ET_REAL_TIME_WIDTH=${ET_REAL_TIME_WIDTH:-3}
stage real-time swift_tests .build/test-real-time.log --filter "$real_time"
# `make install` and the systemd units, into a scratch prefix (its time, beside the package's
# build, is not its own).
stage install scripts/test-install.sh
# The package's build is waited for before the stages that time themselves.
stage wait-package joined package-build
# The socket-abuse suite prints its well-behaved client's latency: alone.
stage abuse swift test --skip-build --filter SocketAbuseTests
# The web view in headless Chromium against a real daemon: the screens, a key's way to the page
# (p95 under 100 ms), a daemon restart, control refused from the LAN (about 20 s). Its screenshots
# go under .build, so a run leaves docs/screenshots/ as committed (make test-browser refreshes them).
SCREENSHOTS=.build/browser/screenshots stage browser scripts/test-browser.sh
# The user unit in a desktop session: a systemd --user manager in a private mount namespace starts
# PipeWire, WirePlumber, pipewire-pulse and the unit; notes played reach PipeWire (about 30 s, as root).
stage user-unit scripts/test-user-unit.sh
# make deb's package, built above: lintian without errors, what it holds.
deb_out=${DEB_OUT:-$(pwd)/.build/deb}
deb=$(ls "$deb_out"/eartrainer_*.deb | tail -n 1)
DEB=$deb stage deb scripts/test-deb.sh
package_bin=$deb_out/root/usr/bin
# ALSA input, audio output and the listening input's capture: the kernel's sound subsystem exists
# only in the VM; a scenario failure or a VM that does not boot fails the run. The daemon there is
# the package's release binary. (Not beside the boots below: two emulated machines at once on two
# cores more than doubled the student's boots, and its cello read late; docs/benchmarks.md.)
# The idle footprint is a figure here, not a check: measured over 20 s (`make test-vm-audio` and
# `make bench` measure 60 s, the window docs/benchmarks.md's figures come from).
VM_IDLE_SECONDS=${VM_IDLE_SECONDS:-20} VM_SCENARIOS=${VM_SCENARIOS:-alsa audio listen} VM_DAEMON_BIN=$package_bin \
  stage vm-sound scripts/vm/run.sh
# Boot: eartrainer.service starts at boot with systemd as PID 1 in a VM. It takes 5-8
# minutes under emulation and links units into /etc/systemd/system for the run, so it is opt-in:
# VM_BOOT=1 make test, or make test-vm-boot (docs/systemd.md, "Boot test").
if [ "${VM_BOOT:-0}" = 1 ]; then stage vm-boot scripts/vm/boot-test.sh; fi
# The package and the student's boots, with systemd as PID 1 (each links units into
# /etc/systemd/system for the run, so one at a time): the .deb built above installed with dpkg -i;
# the student's first boot on it (a USB keyboard and a USB sound card driven by the kernel's real
# drivers, the menu, two rounds, unplug and replug, the WAV measured here); then an administrator's
# and a user's steps, removed, installed again and purged (scripts/vm/deb-test.sh); then a reboot
# with the state kept and a cello round (about 9 minutes in all). VM_STUDENT=0 leaves the student
# out (the package VM alone; VM_DEB=0 leaves that out too).
if [ "${VM_STUDENT:-1}" = 1 ]; then
  DEB=$deb VM_DAEMON_BIN=$package_bin stage vm-package scripts/vm/student-test.sh
elif [ "${VM_DEB:-1}" = 1 ]; then
  DEB=$deb stage vm-deb scripts/vm/deb-test.sh
fi
print_timings
