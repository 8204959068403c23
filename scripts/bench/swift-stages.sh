#!/usr/bin/env bash
# make test's Swift stages (the suites side by side, the real-time stage, the abuse suite) RUNS
# times in a row on the build there is, each run's result and times printed as a Markdown row for
# docs/benchmarks.md ("`make test`'s wall time"). With LOAD=1 a second `swift build` of this
# checkout runs beside every run (a copy under $TMPDIR whose build products are wiped and built
# again whenever it finishes), as a busy machine would have it.
#
#   scripts/bench/swift-stages.sh [RUNS]          (default 1; the logs go to .build/stages/)
set -uo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-1}
real_time=$(sed -n "s/^real_time='\(.*\)'$/\1/p" scripts/test.sh)
export JACK_NO_START_SERVER=1  # as scripts/test.sh: never set while the suites run
# As many real-time tests at once as make test runs.
export ET_REAL_TIME_WIDTH=${ET_REAL_TIME_WIDTH:-$(sed -n 's/^export ET_REAL_TIME_WIDTH=${ET_REAL_TIME_WIDTH:-\([0-9]*\)}$/\1/p' scripts/test.sh)}
logs=.build/stages
mkdir -p "$logs"
swift build --build-tests >/dev/null || { echo "the build failed" >&2; exit 1; }

load_pid=
if [ "${LOAD:-0}" = 1 ]; then
  copy=${TMPDIR:-/tmp}/eartrainer-load
  rm -rf "$copy" && mkdir -p "$copy"
  # The sources and the resolved packages, not the products: those are what gets built again.
  tar --exclude=./.build/x86_64-unknown-linux-gnu --exclude=./.build/stages -cf - . | tar -xf - -C "$copy"
  # Its output goes nowhere, so that it holds no pipe of whoever reads this script's.
  (while :; do rm -rf "$copy/.build/x86_64-unknown-linux-gnu"; (cd "$copy" && swift build >/dev/null 2>&1); done) >/dev/null 2>&1 &
  load_pid=$!
  # The loop first, then its build: a build killed first would be started again.
  trap 'kill $load_pid 2>/dev/null; wait $load_pid 2>/dev/null; pkill -f "$copy" 2>/dev/null' EXIT
fi

stage() {  # stage LOG ARGUMENTS...: prints "N s, passed" or "N s, K issues"
  local log=$1 start=$SECONDS
  shift
  swift test --skip-build "$@" >"$log" 2>&1
  local status=$? took=$((SECONDS - start))
  if [ $status = 0 ]; then echo "$took s, passed"; else
    echo "$took s, $(grep -oE 'with [0-9]+ issues?' "$log" | tail -1 | sed 's/with //')"
  fi
}

echo "| run | side by side | real-time | abuse | what failed |"
echo "| --- | --- | --- | --- | --- |"
for run in $(seq 1 "$runs"); do
  # A stall of Swift's pool there leaves every thread's stack in .build/pool-stall-PID.txt.
  side=$(ET_POOL_WATCH=1 stage "$logs/side-$run.log" --skip SocketAbuseTests --skip "$real_time")
  timed=$(stage "$logs/real-time-$run.log" --filter "$real_time")
  abuse=$(stage "$logs/abuse-$run.log" --filter SocketAbuseTests)
  failed=$(cat "$logs/side-$run.log" "$logs/real-time-$run.log" "$logs/abuse-$run.log" \
    | sed -nE 's/^✘ Test "([^"]*)".*(recorded an issue|failed).*/\1/p' | sort -u | head -5 | paste -sd ';' -)
  echo "| $run | $side | $timed | $abuse | $failed |"
done
