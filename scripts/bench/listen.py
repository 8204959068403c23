#!/usr/bin/env python3
"""The listening benchmark: `make bench-listen` (docs/listening.md; docs/benchmarks.md,
"Listening: pitch to the cent").

Material: recorded samples from the Debian SoundFont (FluidR3_GM.sf2: cello, violin, flute, choir
aahs), rendered by the `fluidsynth` program at 48 kHz, one note every 2 s held 1.2 s, each bent by
a known amount between −49.5 and +49.5 c (a pitch-bend message before the note; every bend is a
whole cent and a half, so FluidSynth's floor of the pitch to whole cents takes half a cent off the
steady render and the vibrato's mean alike). Five conditions of every note:

  clean     the note as rendered: no reverb, no chorus
  vibrato   a sine of pitch bends every 10 ms, ±20…45 c at 4.5…6.5 Hz, around the same bend
  reverb    FluidSynth's reverb on, a large room, every channel's send full
  noise30   the clean render with white noise 30 dB under each note's RMS
  noise20   the same, 20 dB under

The reference pitch of each note is measured from its clean render, by a method that shares
nothing with the tracker (ListenBenchmark's SpectralReference): from 0.1 s after note-on to
note-off, levelled, each partial's power centroid in a zero-padded spectrum (its mean instantaneous
frequency), over 60 ms windows every 10 ms, and their mean over whole cycles of the sample's own
vibrato. The other conditions of a note are judged against its clean render's reference.

Measured on every file: our tracker's notes (PitchTracker, its segmenter's centre), our tracker's
frames, and aubiopitch's frames (yin and yinfft, its defaults: 2048-sample buffer, 256 hop). Frames
are made notes the same way for each: over the reference's span, the mean in cents over whole
vibrato cycles, frames further than 90 c from the median left out. `aubio-yin-our-notes` makes
yin's frames notes the same way over the spans our segmenter found instead: the same notes as
ours, the pitch from yin's frames (our notes know nothing of note-on and note-off; the other
frame rows are given them). Errors are cents against the
reference; a gross error is one over 50 c, named by its nearest interval (a semitone, a fifth, an
octave), and a note the tracker did not find counts as one. CPU seconds per second of audio: the
whole process for each tool (reading the file included), and the tracker alone for ours.

Onset to judgement: the daemon's own listening input (`ListenBenchmark judge`: `ListeningInput`
over the file read at once, so the stream's time stands for the clock) judges every file without
reverb; each note's first judgement, from the onset the tracker found, and its cents against the
reference. The last lines compare the trackers like for like as well: our notes and yin's frames
over our notes' spans, our frames and yin's over the reference's.

Writes docs/benchmarks/listen.json (the figures), .build/bench-listen/rows.json (every note's
errors) and .build/bench-listen/judged.json (every note as the daemon's listening input judged it).
Exits 1 when our notes miss the bounds (median ≤ 1 c, p95 ≤ 3 c, gross < 1 %), or our tracker is
less accurate than aubiopitch's best like for like (median, p95 or gross: our notes against yin's
frames over the same spans, our frames against aubio's best over the reference's), or the onset
to judgement is over 150 ms at the median or 250 ms at the p95. aubio gives no note of its own to
the cent (aubionotes rounds to whole semitones), so its frames are made notes over spans it is
given; our notes against yin's frames over the reference's spans, which only yin is given, are
printed after the verdict, not judged by it.
"""
import json
import math
import os
import pathlib
import random
import resource
import shutil
import statistics
import struct
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(os.environ.get("BENCH_BIN", ROOT / ".build" / "release")) / "ListenBenchmark"
WORK = pathlib.Path(os.environ.get("LISTEN_WORK", ROOT / ".build" / "bench-listen"))
SF2 = os.environ.get("LISTEN_SF2", "/usr/share/sounds/sf2/FluidR3_GM.sf2")
OUT = ROOT / "docs" / "benchmarks" / "listen.json"
RATE = 48000
NOTE_EVERY, NOTE_LENGTH, FIRST_NOTE = 2.0, 1.2, 0.5
BEND_RANGE_CENTS = 2 * 12700 / 128  # FluidSynth 2.3's wheel at ±2 semitones (docs: facts)

# GM program (0-based) and the keys played: C2 (36) to C6 (84) over the four.
INSTRUMENTS = {
    "cello": (42, range(36, 73)),
    "violin": (40, range(55, 85)),
    "flute": (73, range(60, 85)),
    "aahs": (52, range(48, 85)),
}
CONDITIONS = ["clean", "vibrato", "reverb", "noise30", "noise20"]
# LISTEN_ONLY=cello,flute and LISTEN_CONDITIONS=clean,vibrato run a part (clean always runs: it is the reference).
if os.environ.get("LISTEN_ONLY"):
    INSTRUMENTS = {k: v for k, v in INSTRUMENTS.items() if k in os.environ["LISTEN_ONLY"].split(",")}
if os.environ.get("LISTEN_CONDITIONS"):
    CONDITIONS = ["clean"] + [c for c in CONDITIONS[1:] if c in os.environ["LISTEN_CONDITIONS"].split(",")]
TIMED = ["ours", "ours-frames", "aubio-yin", "aubio-yinfft"]  # each a process of its own, timed
TRACKERS = TIMED + ["aubio-yin-our-notes"]  # yin's frames again, over our notes' spans


def midi_file(path, program, notes, vibrato, reverb):
    """A format-0 MIDI file: 960 ticks a second; each note's bend before it, and its vibrato."""
    tick = 960
    events = [(0, bytes([0xC0, program])), (0, bytes([0xB0, 91, 127 if reverb else 0])), (0, bytes([0xB0, 93, 0]))]

    def bend(t, cents):
        value = max(0, min(16383, 8192 + round(cents / BEND_RANGE_CENTS * 8192)))
        events.append((round(t * tick), bytes([0xE0, value & 0x7F, value >> 7])))

    for n in notes:
        bend(n["on"] - 0.3, n["bend"])
        events.append((round(n["on"] * tick), bytes([0x90, n["key"], 100])))
        events.append((round(n["off"] * tick), bytes([0x80, n["key"], 0])))
        if vibrato:
            depth, rate, phase = n["vibrato"]
            t = n["on"]
            while t < n["off"] + 0.5:
                bend(t, n["bend"] + depth * math.sin(2 * math.pi * rate * (t - n["on"]) + phase))
                t += 0.0104
    events.sort(key=lambda e: e[0])
    track, last = bytearray(), 0
    track += b"\x00\xff\x51\x03" + (500000).to_bytes(3, "big")  # 120 bpm: 480 ticks a beat = 960 a second
    for at, message in events:
        delta, last = at - last, at
        var = [delta & 0x7F]
        delta >>= 7
        while delta:
            var.insert(0, (delta & 0x7F) | 0x80)
            delta >>= 7
        track += bytes(var) + message
    track += b"\x00\xff\x2f\x00"
    path.write_bytes(b"MThd" + struct.pack(">IHHH", 6, 0, 1, 480) + b"MTrk" + struct.pack(">I", len(track)) + track)


def run(command, **kwargs):
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs)


def timed(command):
    """Runs `command`; returns its stdout and the CPU seconds it used (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = run(command).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return out, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def render(name, program, notes, condition):
    mid, raw, wav = WORK / f"{name}-{condition}.mid", WORK / f"{name}-{condition}.raw", WORK / f"{name}-{condition}.wav"
    spans = WORK / f"{name}.spans"
    source = "clean" if condition.startswith("noise") else condition
    if not condition.startswith("noise"):
        midi_file(mid, program, notes, vibrato=condition == "vibrato", reverb=condition == "reverb")
        reverb = ["-o", "synth.reverb.active=1", "-o", "synth.reverb.room-size=0.8", "-o", "synth.reverb.level=0.9"] \
            if condition == "reverb" else ["-o", "synth.reverb.active=0"]
        run(["fluidsynth", "-ni", "-q", "-r", str(RATE), *reverb, "-o", "synth.chorus.active=0",
             "-o", "synth.dynamic-sample-loading=1", "-T", "raw", "-O", "float", "-F", str(raw), SF2, str(mid)])
    noise = [condition[5:], str(1000 + len(name) + int(condition[5:]))] if condition.startswith("noise") else []
    run([str(BIN), "mix", str(WORK / f"{name}-{source}.raw"), str(wav), str(spans), str(RATE), *noise])
    return wav


def centre(cents):
    """A frame track's note, by the reference's rule: the mean around the median, frames over 90 c
    away left out, over whole cycles when it swings like a vibrato (a deviation of 8 c or more) and
    the cycles span the note (within one and a half of them of either end)."""
    if not cents:
        return None
    c = statistics.median(cents)
    for _ in range(2):
        kept = [x for x in cents if abs(x - c) <= 90]
        if not kept:
            return c
        spread = statistics.pstdev(kept)
        if spread >= 8:
            ups, below = [], False
            for i, x in enumerate(kept):
                if x - c < -spread / 2:
                    below = True
                elif x - c > spread / 2 and below:
                    below = False
                    ups.append(i)
            cycle = (ups[-1] - ups[0]) / (len(ups) - 1) if len(ups) >= 2 else 0
            if len(ups) >= 2 and ups[-1] - ups[0] >= 20 * len(kept) / max(1, len(cents)) \
                    and ups[0] <= 1.5 * cycle and len(kept) - 1 - ups[-1] <= 1.5 * cycle:  # the cycles span the note
                kept = kept[ups[0]:ups[-1]]
        c = sum(kept) / len(kept)
    return c


def cents_of(hz):
    return 1200 * math.log2(hz / 440)


def frame_notes(frames, notes):
    out = []
    for n in notes:
        inside = [cents_of(f) for t, f in frames if n["on"] + 0.1 <= t <= n["off"] and f > 0]
        out.append(centre(inside))
    return out


def matched(tracked, n):
    """Our tracked note that overlaps the note played the most, or None."""
    best, overlap = None, 0.0
    for t in tracked:
        o = min(t["end"], n["off"]) - max(t["onset"], n["on"])
        if o > overlap:
            best, overlap = t, o
    return best


def our_notes(tracked, notes):
    return [cents_of(best["hz"]) if (best := matched(tracked, n)) else None for n in notes]


def frames_over_our_notes(frames, tracked, notes):
    """Another tracker's frames made notes over the spans our segmenter found: the same notes as
    ours, told apart by the frames alone."""
    out = []
    for n in notes:
        best = matched(tracked, n)
        inside = [cents_of(f) for t, f in frames if best and best["onset"] <= t <= best["end"] and f > 0]
        out.append(centre(inside))
    return out


def gross_kind(error):
    step = round(abs(error) / 100)
    return {1: "semitone", 7: "fifth", 12: "octave", 19: "octave+fifth", 24: "two octaves"}.get(step, "other")


def summary(errors):
    """Median and p95 of |error| over the notes found, and the gross errors (missed included)."""
    found = [abs(e) for e in errors if e is not None]
    fine = sorted(e for e in found if e <= 50)
    gross = [e for e in errors if e is None or abs(e) > 50]
    kinds = {}
    for e in gross:
        k = "missed" if e is None else gross_kind(e)
        kinds[k] = kinds.get(k, 0) + 1

    def pct(p):
        return fine[min(len(fine) - 1, int(p * len(fine)))] if fine else None
    return {"notes": len(errors), "median": statistics.median(fine) if fine else None, "p95": pct(0.95),
            "gross": len(gross), "gross_rate": len(gross) / len(errors), "gross_kinds": kinds}


def first_judgement(judged, on, off):
    """The first of a file's judgements (`ListenBenchmark judge`) whose onset falls in the note
    played from `on` to `off` (from 50 ms before it), or None."""
    return min((j for j in judged if on - 0.05 <= j["onset"] < off), key=lambda j: j["onset"], default=None)


def judgement_summary(judgements):
    """Onset to judgement (median and p95, in ms) over all the notes judged, by instrument and by
    condition, and how far the pitch judged (as the note settled) was from the reference."""
    def of(rows):
        waits = sorted(r["after"] for r in rows if r["after"] is not None)
        errors = sorted(abs(r["error"]) for r in rows if r["error"] is not None)
        return {"notes": len(waits), "missed": sum(1 for r in rows if r["after"] is None),
                "median_ms": 1000 * statistics.median(waits), "p95_ms": 1000 * waits[int(0.95 * len(waits))],
                "error_median": statistics.median(errors), "error_p95": errors[int(0.95 * len(errors))],
                "wrong_key": sum(1 for e in errors if e > 50)}
    out = {"all": of(judgements)}
    for field in ("instrument", "condition"):
        for name in dict.fromkeys(r[field] for r in judgements):
            out[name] = of([r for r in judgements if r[field] == name])
    return out


def main():
    for tool in ("fluidsynth", "aubiopitch"):
        if not shutil.which(tool):
            sys.exit(f"bench-listen: `{tool}` is missing (scripts/install-deps.sh installs it)")
    if not BIN.exists():
        sys.exit(f"bench-listen: {BIN} is missing: swift build -c release --product ListenBenchmark")
    WORK.mkdir(parents=True, exist_ok=True)
    rng = random.Random(35)
    rows = []  # one per note and condition
    cpu = {t: 0.0 for t in TIMED + ["ours-tracker-only"]}
    audio_seconds = 0.0
    latencies = []  # note-on to the "note began" event, in seconds of the stream
    judgements = []  # each note as the daemon's listening input judged it: onset to judgement, cents off
    for name, (program, keys) in INSTRUMENTS.items():
        keys = list(keys)
        bends = [b + 0.5 for b in rng.sample(range(-50, 50), len(keys))] if len(keys) <= 100 else None
        notes = []
        for i, key in enumerate(keys):
            on = FIRST_NOTE + NOTE_EVERY * i
            notes.append({"key": key, "bend": bends[i], "on": on, "off": on + NOTE_LENGTH,
                          "vibrato": (rng.uniform(20, 45), rng.uniform(4.5, 6.5), rng.uniform(0, 2 * math.pi))})
        (WORK / f"{name}.spans").write_text("".join(
            f"{n['on']} {n['off']} {440 * 2 ** ((n['key'] - 69 + n['bend'] / 100) / 12)}\n" for n in notes))
        references = None
        for condition in CONDITIONS:
            wav = render(name, program, notes, condition)
            if condition == "clean":
                references = [cents_of(float(x)) for x in run([str(BIN), "reference", str(wav), str(WORK / f"{name}.spans")]).stdout.split()]
            out, seconds = timed([str(BIN), "track", str(wav), "--frames"])
            lines = [json.loads(l) for l in out.splitlines()]
            tracked = [l["note"] for l in lines if "note" in l]
            began = [l["began"] for l in lines if "began" in l]
            if condition != "reverb":  # the reverberation's tail has no onset of its own
                for n in notes:
                    first = [b["at"] - n["on"] for b in began if n["on"] - 0.05 <= b["onset"] < n["off"]]
                    if first:
                        latencies.append(min(first))
                judged = [json.loads(l)["judged"] for l in run([str(BIN), "judge", str(wav)]).stdout.splitlines()]
                for i, n in enumerate(notes):
                    first = first_judgement(judged, n["on"], n["off"])
                    judgements.append({"instrument": name, "condition": condition, "key": n["key"],
                                       "after": first and first["after"], "error": first and cents_of(first["hz"]) - references[i]})
            frames = [tuple(l["frame"][:2]) for l in lines if "frame" in l]  # time, hertz (then the level)
            stats = [l for l in lines if "cpu_seconds" in l][0]
            cpu["ours"] += seconds
            cpu["ours-frames"] += seconds
            cpu["ours-tracker-only"] += stats["cpu_seconds"]
            audio_seconds += stats["audio_seconds"]
            results = {"ours": our_notes(tracked, notes), "ours-frames": frame_notes(frames, notes)}
            aubio = {}
            for method in ("yin", "yinfft"):
                out, seconds = timed(["aubiopitch", "-i", str(wav), "-p", method, "-B", "2048", "-H", "256"])
                cpu[f"aubio-{method}"] += seconds
                aubio[method] = [tuple(map(float, l.split())) for l in out.splitlines() if len(l.split()) == 2]
                results[f"aubio-{method}"] = frame_notes(aubio[method], notes)
            results["aubio-yin-our-notes"] = frames_over_our_notes(aubio["yin"], tracked, notes)
            for i, n in enumerate(notes):
                row = {"instrument": name, "condition": condition, "key": n["key"], "bend": n["bend"], "reference": references[i]}
                for t in TRACKERS:
                    row[t] = None if results[t][i] is None else results[t][i] - references[i]
                rows.append(row)
            print(f"{name:7} {condition:8} ours median |e| {summary([r['ours'] for r in rows if r['instrument'] == name and r['condition'] == condition])['median']:.2f} c",
                  flush=True)
    report = {"rate": RATE, "notes": len(rows), "audio_seconds": audio_seconds,
              "overall": {t: summary([r[t] for r in rows]) for t in TRACKERS},
              "by_condition": {c: {t: summary([r[t] for r in rows if r["condition"] == c]) for t in TRACKERS} for c in CONDITIONS},
              "by_instrument": {i: {t: summary([r[t] for r in rows if r["instrument"] == i]) for t in TRACKERS} for i in INSTRUMENTS},
              "cpu_per_audio_second": {t: cpu[t] / audio_seconds for t in cpu},
              "began_after_note_on": {"notes": len(latencies), "median": statistics.median(latencies),
                                      "p95": sorted(latencies)[int(0.95 * len(latencies))]},
              "onset_to_judgement": judgement_summary(judgements)}
    OUT.write_text(json.dumps(report, indent=1) + "\n")
    (WORK / "rows.json").write_text(json.dumps(rows) + "\n")
    (WORK / "judged.json").write_text(json.dumps(judgements) + "\n")
    print(f"\n{len(rows)} notes, {audio_seconds:.0f} s of audio at {RATE} Hz; |error| in cents against the reference")
    print(f"{'':20}{'median':>8}{'p95':>8}{'gross':>8}  kinds")
    for t in TRACKERS:
        s = report["overall"][t]
        print(f"{t:20}{s['median']:8.2f}{s['p95']:8.2f}{100 * s['gross_rate']:7.2f}%  {s['gross_kinds']}")
    print("\nby condition (median / p95 / gross)")
    for c in CONDITIONS:
        print(f"  {c:9}" + "".join(
            f"{t}: {s['median']:.2f}/{s['p95']:.2f}/{s['gross']}  " for t, s in report["by_condition"][c].items()))
    b = report["began_after_note_on"]
    print(f"\nnote-on to 'note began' ({b['notes']} notes): median {1000 * b['median']:.0f} ms, p95 {1000 * b['p95']:.0f} ms")
    j = report["onset_to_judgement"]
    print(f"onset to judgement, the daemon's listening input ({j['all']['notes']} notes judged, {j['all']['missed']} not): "
          + ", ".join(f"{k} {v['median_ms']:.0f}/{v['p95_ms']:.0f} ms" for k, v in j.items())
          + f"; judged cents median {j['all']['error_median']:.2f}, p95 {j['all']['error_p95']:.2f}, wrong key {j['all']['wrong_key']}")
    print("CPU seconds per second of audio: " + ", ".join(f"{t} {v:.4f}" for t, v in report["cpu_per_audio_second"].items()))
    overall = report["overall"]
    ours = overall["ours"]
    best_aubio = min((overall[t] for t in ("aubio-yin", "aubio-yinfft")), key=lambda s: (s["gross_rate"], s["p95"]))

    def as_accurate(x, y):
        return x["median"] <= y["median"] and x["p95"] <= y["p95"] and x["gross"] <= y["gross"]

    checks = {"median ≤ 1 c": ours["median"] <= 1, "p95 ≤ 3 c": ours["p95"] <= 3, "gross < 1 %": ours["gross_rate"] < 0.01,
              "our notes ≥ yin's frames over the same spans": as_accurate(ours, overall["aubio-yin-our-notes"]),
              "our frames ≥ aubiopitch's best over the reference's spans": as_accurate(overall["ours-frames"], best_aubio),
              "onset to judgement median ≤ 150 ms": j["all"]["median_ms"] <= 150, "its p95 ≤ 250 ms": j["all"]["p95_ms"] <= 250}
    ok = all(checks.values())
    print("bounds: " + ", ".join(f"{k} {'met' if v else 'NOT met'}" for k, v in checks.items()))
    print("like for like (median / p95 / gross notes, each tracker's frames made notes over the same spans):")
    for label, a, b in (("our notes, yin's frames over our notes' spans", ours, overall["aubio-yin-our-notes"]),
                        ("our frames, aubiopitch's best over the reference's spans", overall["ours-frames"], best_aubio)):
        print(f"  {label}: {a['median']:.2f} / {a['p95']:.2f} / {a['gross']} against {b['median']:.2f} / {b['p95']:.2f} / {b['gross']}")
    y = overall["aubio-yin"]
    print(f"not judged: our notes, which know no note-on or note-off, against yin's frames over the reference's "
          f"spans, which are given both: {ours['median']:.2f} / {ours['p95']:.2f} / {ours['gross']} against "
          f"{y['median']:.2f} / {y['p95']:.2f} / {y['gross']}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
