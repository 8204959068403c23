#!/usr/bin/env bash
# Runs inside the VM (scripts/vm/run.sh): BIN is the build folder, OUT the shared results folder,
# SCENARIOS which probes run ("alsa audio" by default; "listen" too), each writing OUT/<probe>-rc when done;
# PERIOD and PERIODS the audio buffer both synthesizers use in the audio scenario, IDLE_SECONDS the
# footprint benchmark's window, GOALS 1 to fail the scenario when the footprint misses its
# goals (make test-vm-audio) rather than only report it (make test: speed is measured, not asserted).
# snd-seq is deliberately not loaded before the ALSA probe: its first scenario starts without a sequencer.
bin=$1
out=$2
scenarios=${3:-alsa audio}
echo "booted $(uname -r)" >"$out/guest-booted"
for scenario in $scenarios; do
  case $scenario in
    alsa)
      "$bin/alsa-probe" "$out" >"$out/probe.log" 2>&1
      echo $? >"$out/probe-rc"
      ;;
    audio)
      # The daemon through snd-aloop, timed against fluidsynth (results in OUT/audio).
      mkdir -p "$out/audio"
      "$bin/audio-probe" "$bin" "$out/audio" "${4:-512}" "${5:-3}" "$out/audio-seed/cache" "${6:-60}" "${7:-0}" >"$out/audio/probe.log" 2>&1
      echo $? >"$out/audio/probe-rc"
      ;;
    listen)
      # Sung answers captured from snd-aloop (scripts/vm/listen-guest.sh; results in OUT/listen).
      mkdir -p "$out/listen"
      bash "$(dirname "$0")/listen-guest.sh" "$bin" "$out/listen" "$out/listen-material" >"$out/listen/probe.log" 2>&1
      echo $? >"$out/listen/probe-rc"
      ;;
  esac
done
