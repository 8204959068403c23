#!/usr/bin/env python3
"""The listening scenario's material (scripts/vm/run.sh, scenario `listen`): a C major scale, C3 to
C4, sung by the Debian SoundFont's voices ("choir aahs", FluidR3_GM.sf2), rendered by the
`fluidsynth` program at 48 kHz, each note bent by a known amount, written as a mono 16-bit WAV
(OUT/scale.wav) for the guest to play into snd-aloop. OUT/truth.json gives each note its key,
its MIDI times, its bend, where it sounds in the file, and its pitch as a peer tracker measured it
there (`aubiopitch`, yinfft: the median of its frames, in cents from the key's equal-tempered
pitch): the rendered truth the daemon's cents are held to.

Where a note sounds is read from the file's own level, not from its MIDI times nor from our
tracker: from the first 10 ms that come within 6 dB of the note's loudest to the last within
12 dB of it. The choir's attack is slow (its pitch settles half a second after note-on) and its
release long, and its samples drift by 5 c within a note: a median over a span of the MIDI times
(note-on + 0.25 s to note-off - 0.15 s, as this script first did) measured another part of C3 than
the note that is heard, 3 c from it, while the two trackers agree within a cent on the same span.

    scripts/vm/listen-material.py OUT
"""
import json
import math
import pathlib
import statistics
import struct
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "bench"))
import listen  # noqa: E402  (the benchmark's MIDI writer and its FluidSynth settings)

OUT = pathlib.Path(sys.argv[1])
RATE = 48000
KEYS = [48, 50, 52, 53, 55, 57, 59, 60]
# Whole cents and a half (listen.py: FluidSynth floors to whole cents). FluidR3's choir sounds 16 to
# 39 c flat of its keys here (aubiopitch and our tracker agree), so the bends lift each note to
# within 15 c of its key, a few cents off either way: far from the half-semitone between keys.
BENDS = [20.5, 45.5, 15.5, 35.5, 25.5, 40.5, 10.5, 30.5]
LEAD, LENGTH, EVERY = 1.0, 1.0, 1.6


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    notes = [{"key": k, "bend": b, "on": LEAD + i * EVERY, "off": LEAD + i * EVERY + LENGTH} for i, (k, b) in enumerate(zip(KEYS, BENDS))]
    mid, raw, wav = OUT / "scale.mid", OUT / "scale.raw", OUT / "scale.wav"
    listen.midi_file(mid, 52, notes, vibrato=False, reverb=False)
    subprocess.run(["fluidsynth", "-ni", "-q", "-r", str(RATE), "-o", "synth.reverb.active=0", "-o", "synth.chorus.active=0",
                    "-T", "raw", "-O", "float", "-F", str(raw), listen.SF2, str(mid)], check=True, capture_output=True)
    data = raw.read_bytes()
    stereo = struct.unpack(f"<{len(data) // 4}f", data)
    mono = [(stereo[i] + stereo[i + 1]) / 2 for i in range(0, len(stereo) - 1, 2)]
    end = int((notes[-1]["off"] + 1.0) * RATE)
    mono = (mono + [0.0] * end)[:end]
    peak = max(abs(s) for s in mono) or 1
    pcm = struct.pack(f"<{len(mono)}h", *(int(round(s / peak * 0.7 * 32767)) for s in mono))
    header = b"RIFF" + struct.pack("<I", 36 + len(pcm)) + b"WAVEfmt " + struct.pack("<IHHIIHH", 16, 1, 1, RATE, RATE * 2, 2, 16)
    wav.write_bytes(header + b"data" + struct.pack("<I", len(pcm)) + pcm)
    spans = sounding_spans(mono, notes)
    frames = subprocess.run(["aubiopitch", "-i", str(wav), "-p", "yinfft", "-u", "freq"], check=True, capture_output=True,
                            text=True).stdout.split("\n")
    track = [tuple(map(float, line.split())) for line in frames if len(line.split()) == 2]
    for note, (start, end) in zip(notes, spans):
        note["sounds"] = [start, end]
        hertz = [f for t, f in track if start <= t <= end and f > 0]
        equal = 440 * 2 ** ((note["key"] - 69) / 12)
        cents = [1200 * math.log2(f / equal) for f in hertz]
        note["aubio_cents"] = round(statistics.median([c for c in cents if abs(c) < 60]), 2)
    (OUT / "truth.json").write_text(json.dumps(notes, indent=1))
    raw.unlink()
    print("listen material:", ", ".join(f"{n['key']}: bend {n['bend']:+.1f}, aubio {n['aubio_cents']:+.2f} c" for n in notes))


def sounding_spans(mono, notes):
    """Each note's span as it sounds: from the first 10 ms within 6 dB of its loudest to the last
    within 12 dB of it, looked for between its note-on and the next note's."""
    hop = RATE // 100
    levels = [10 * math.log10(sum(s * s for s in mono[i:i + hop]) / hop + 1e-18) for i in range(0, len(mono) - hop, hop)]
    spans = []
    for note in notes:
        first, last = int(note["on"] * 100), min(len(levels), int((note["on"] + EVERY) * 100))
        peak = max(levels[first:last])
        start = next(i for i in range(first, last) if levels[i] >= peak - 6)
        end = max(i for i in range(first, last) if levels[i] >= peak - 12)
        spans.append((start / 100, end / 100))
    return spans


if __name__ == "__main__":
    main()
