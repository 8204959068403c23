# Sourced by the test scripts: a scratch folder `work` (removed on exit) and `check "what"
# command…`, which runs the command, prints ok or FAILED (with its output) and counts
# `passed` and `failed`; `checks_done NAME` prints the count and fails when any check did.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
check() {
  local what=$1; shift
  if "$@" >"$work/out" 2>&1; then passed=$((passed + 1)); echo "ok: $what"
  else failed=$((failed + 1)); echo "FAILED: $what"; sed 's/^/  /' "$work/out"; fi
}
checks_done() {
  echo "$1: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
