#!/usr/bin/env python3
"""What listening costs the daemon: `make bench-listen-cost` (docs/benchmarks.md, docs/listening.md).

Two release daemons side by side, each silent (`--audio off`) with a scale session running: one
with `[listen] driver = "off"`, the peer, and one with `driver = "file"` reading a named pipe into
which this script writes a 48 kHz WAV stream (the bench's choir and cello renders, looped) at a
live stream's pace, 10 ms at a time. After a warm-up, both are measured over the same window: CPU
(utime + stime from /proc/PID/stat) and memory (VmRSS at the end, VmHWM), and the listening
daemon's `status` must say it listens and hears notes. What listening adds is the difference.

Writes docs/benchmarks/listen-cost.json. Exits 1 when listening adds more than 10 % of one core or
10 MiB of resident memory, or the listening daemon heard nothing.
"""
import json
import os
import pathlib
import shutil
import sys
import tempfile
import threading
import time

import peers  # the daemon under test, its line and its memory (scripts/bench/peers.py)

ROOT = pathlib.Path(__file__).resolve().parents[2]
DAEMON = pathlib.Path(os.environ.get("BENCH_BIN", ROOT / ".build" / "release")) / "eartrainerd"
WORK = pathlib.Path(os.environ.get("LISTEN_WORK", ROOT / ".build" / "bench-listen"))
OUT = ROOT / "docs" / "benchmarks" / "listen-cost.json"
SOURCES = ["aahs-vibrato.wav", "cello-clean.wav"]  # rendered by `make bench-listen`
WARM_UP, WINDOW = float(os.environ.get("COST_WARM_UP", 10)), float(os.environ.get("COST_WINDOW", 120))
CHUNK_SECONDS = 0.01


def listening_config(folder, pipe):
    """The shipped config with `[listen]` reading the WAV stream from `pipe`."""
    shipped = (ROOT / "config" / "eartrainer.toml").read_text()
    config = shipped.replace('\ndriver = "off"\n', '\ndriver = "file"\n', 1).replace(
        'for "file", the path of the WAV stream.\ndevice = "default"',
        f'for "file", the path of the WAV stream.\ndevice = "{pipe}"', 1)
    assert config.count(str(pipe)) == 1, "the shipped config's [listen] section moved"
    path = folder / "listen.toml"
    path.write_text(config)
    return path


def chunks(path):
    """A RIFF WAVE file's chunks by name."""
    data = path.read_bytes()
    found, at = {}, 12
    while at + 8 <= len(data):
        size = int.from_bytes(data[at + 4:at + 8], "little")
        found.setdefault(data[at:at + 4], data[at + 8:at + 8 + size])
        at += 8 + size + size % 2
    return found


def samples(paths):
    """The sources' format chunk (all alike: 48 kHz mono, as `make bench-listen` renders them) and
    their samples, one after another."""
    formats, data = set(), b""
    for path in paths:
        found = chunks(path)
        formats.add(found[b"fmt "][:16])
        data += found[b"data"]
    fmt = formats.pop()
    if formats or int.from_bytes(fmt[4:8], "little") != 48000 or int.from_bytes(fmt[2:4], "little") != 1:
        sys.exit(f"bench-listen-cost: {', '.join(map(str, paths))} are not all 48 kHz mono of one format")
    return fmt, data


def feed(pipe, fmt, data, stop):
    """A WAV stream of unknown length into `pipe`, `data` looped, at a live stream's pace."""
    header = (b"RIFF" + (0xFFFFFFFF).to_bytes(4, "little") + b"WAVEfmt " + (16).to_bytes(4, "little") + fmt
              + b"data" + (0xFFFFFFFF).to_bytes(4, "little"))
    frame = int.from_bytes(fmt[12:14], "little")  # bytes per sample frame
    chunk = int(48000 * CHUNK_SECONDS) * frame
    with open(pipe, "wb", buffering=0) as out:
        out.write(header)
        start, written, position = time.monotonic(), 0, 0
        while not stop.is_set():
            out.write(data[position:position + chunk])
            position = (position + chunk) % len(data)
            written += 1
            time.sleep(max(0.0, start + written * CHUNK_SECONDS - time.monotonic()))


def main():
    if not DAEMON.exists():
        sys.exit(f"bench-listen-cost: {DAEMON} is missing: swift build -c release --product eartrainerd")
    sources = [WORK / name for name in SOURCES]
    if not all(path.exists() for path in sources):
        sys.exit(f"bench-listen-cost: {', '.join(SOURCES)} are rendered by `make bench-listen` first")
    fmt, data = samples(sources)
    folder = pathlib.Path(tempfile.mkdtemp(prefix="listen-cost-"))
    pipe = folder / "listen.wav"
    os.mkfifo(pipe, 0o600)
    (folder / "off").mkdir()
    (folder / "on").mkdir()
    stop = threading.Event()
    feeder = threading.Thread(target=feed, args=(pipe, fmt, data, stop), daemon=True)
    with peers.Eartrainerd(folder / "off", DAEMON) as quiet, \
            peers.Eartrainerd(folder / "on", DAEMON, config=listening_config(folder, pipe)) as listening:
        feeder.start()
        try:
            daemons = {"off": quiet, "listening": listening}
            lines = {k: peers.Line(d.socket) for k, d in daemons.items()}
            for line in lines.values():
                line.call("session.start", {"kind": "scale", "mode": "major", "root": "C3", "seed": 1})
            time.sleep(WARM_UP)
            before = {k: (d.cpu_seconds(), time.monotonic()) for k, d in daemons.items()}
            heard_before = lines["listening"].call("status")["devices"]["listen"].get("notes_heard", 0)
            time.sleep(WINDOW)
            report = {"window_seconds": WINDOW, "rate": 48000, "sources": SOURCES}
            for k, d in daemons.items():
                cpu, at = d.cpu_seconds(), time.monotonic()
                report[k] = {"cpu_percent_of_a_core": 100 * (cpu - before[k][0]) / (at - before[k][1]),
                             "rss_kib": d.rss_kib(), "peak_rss_kib": d.rss_kib("VmHWM")}
            listen = lines["listening"].call("status")["devices"]["listen"]
        finally:
            stop.set()  # the stream ends before its reader does
            feeder.join(timeout=5)
    report["listen_status"] = {k: listen.get(k) for k in ("listening", "format", "notes_heard", "overruns", "listen_to_judgement_ms")}
    report["notes_heard_in_window"] = listen.get("notes_heard", 0) - heard_before
    on, off = report["listening"], report["off"]
    report["added"] = {"cpu_percent_of_a_core": on["cpu_percent_of_a_core"] - off["cpu_percent_of_a_core"],
                       "rss_mib": (on["rss_kib"] - off["rss_kib"]) / 1024,
                       "peak_rss_mib": (on["peak_rss_kib"] - off["peak_rss_kib"]) / 1024}
    OUT.write_text(json.dumps(report, indent=1) + "\n")
    shutil.rmtree(folder, ignore_errors=True)
    a = report["added"]
    print(f"over {WINDOW:.0f} s at 48 kHz: listening {on['cpu_percent_of_a_core']:.2f} % of a core, "
          f"{on['rss_kib'] / 1024:.1f} MiB (peak {on['peak_rss_kib'] / 1024:.1f}); the peer without it "
          f"{off['cpu_percent_of_a_core']:.2f} %, {off['rss_kib'] / 1024:.1f} MiB (peak {off['peak_rss_kib'] / 1024:.1f})")
    print(f"listening adds {a['cpu_percent_of_a_core']:.2f} % of a core and {a['rss_mib']:.1f} MiB "
          f"(peak {a['peak_rss_mib']:.1f} MiB); heard {report['notes_heard_in_window']} notes in the window, "
          f"status {report['listen_status']}")
    checks = {"CPU added ≤ 10 % of a core": a["cpu_percent_of_a_core"] <= 10, "RSS added ≤ 10 MiB": a["rss_mib"] <= 10,
              "peak RSS added ≤ 10 MiB": a["peak_rss_mib"] <= 10, "it listened": bool(listen.get("listening")),
              "notes heard": report["notes_heard_in_window"] > 0}
    print("bounds: " + ", ".join(f"{k} {'met' if v else 'NOT met'}" for k, v in checks.items()))
    sys.exit(0 if all(checks.values()) else 1)


if __name__ == "__main__":
    main()
