#!/usr/bin/env bash
# Runs inside the VM (scripts/vm/run.sh): BIN is the build folder, OUT the shared results folder.
# snd-seq is deliberately not loaded here: the probe's first scenario starts without a sequencer.
bin=$1
out=$2
echo "booted $(uname -r)" >"$out/guest-booted"
"$bin/alsa-probe" "$out" >"$out/probe.log" 2>&1
echo $? >"$out/probe-rc"
