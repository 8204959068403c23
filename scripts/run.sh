#!/usr/bin/env bash
# Until the daemon exists: show what the offline theory commands do.
set -euo pipefail
cd "$(dirname "$0")/.."
ctl=.build/debug/eartrainctl
for args in "theory scale dorian D" "theory interval Eb3 M13" "theory tuning just --root C4"; do
  echo "\$ eartrainctl $args"
  $ctl $args
  echo
done
