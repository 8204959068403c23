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
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
DAEMON = pathlib.Path(os.environ.get("BENCH_BIN", ROOT / ".build" / "release")) / "eartrainerd"
WORK = pathlib.Path(os.environ.get("LISTEN_WORK", ROOT / ".build" / "bench-listen"))
OUT = ROOT / "docs" / "benchmarks" / "listen-cost.json"
SOURCES = ["aahs-vibrato.wav", "cello-clean.wav"]  # rendered by `make bench-listen`
WARM_UP, WINDOW = float(os.environ.get("COST_WARM_UP", 10)), float(os.environ.get("COST_WINDOW", 120))
CHUNK_SECONDS = 0.01


class Daemon:
    """One eartrainerd in a scratch folder of its own, asked through its socket."""

    def __init__(self, scratch, listen_device):
        self.scratch = scratch
        self.socket = str(scratch / "eartrainer.sock")
        shipped = (ROOT / "config" / "eartrainer.toml").read_text()
        config = shipped  # its statistics in $STATE_DIRECTORY, below
        if listen_device:
            config = config.replace('\ndriver = "off"\n', '\ndriver = "file"\n', 1).replace(
                'for "file", the path of the WAV stream.\ndevice = "default"',
                f'for "file", the path of the WAV stream.\ndevice = "{listen_device}"', 1)
            assert config.count(listen_device) == 1, "the shipped config's [listen] section moved"
        (scratch / "eartrainer.toml").write_text(config)
        (scratch / "home").mkdir()
        environment = dict(os.environ, HOME=str(scratch / "home"), STATE_DIRECTORY=str(scratch / "state"))
        self.log = open(scratch / "eartrainerd.log", "w")
        self.process = subprocess.Popen(
            [str(DAEMON), "run", "--audio", "off", "--config", str(scratch / "eartrainer.toml"), "--socket", self.socket],
            stdout=self.log, stderr=subprocess.STDOUT, env=environment)

    def call(self, method, params=None):
        deadline = time.monotonic() + 15
        while True:
            try:
                with socket.socket(socket.AF_UNIX) as s:
                    s.connect(self.socket)
                    s.settimeout(10)
                    request = {"jsonrpc": "2.0", "id": 1, "method": method, **({"params": params} if params else {})}
                    s.sendall((json.dumps(request) + "\n").encode())
                    reader = s.makefile()
                    for line in reader:
                        message = json.loads(line)
                        if message.get("id") == 1:
                            if "error" in message:
                                raise RuntimeError(f"{method}: {message['error']}")
                            return message["result"]
                    raise RuntimeError(f"{method}: no answer")
            except (FileNotFoundError, ConnectionRefusedError):
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError(f"the daemon in {self.scratch} does not answer; its log: {self.scratch}/eartrainerd.log")
                time.sleep(0.1)

    def cpu_seconds(self):
        stat = pathlib.Path(f"/proc/{self.process.pid}/stat").read_text()
        fields = stat[stat.rindex(")") + 2:].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def memory_kib(self):
        status = dict(line.split(":", 1) for line in pathlib.Path(f"/proc/{self.process.pid}/status").read_text().splitlines())
        return int(status["VmRSS"].split()[0]), int(status["VmHWM"].split()[0])

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


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
    daemons = {"off": Daemon(folder / "off", None), "listening": Daemon(folder / "on", str(pipe))}
    feeder = threading.Thread(target=feed, args=(pipe, fmt, data, stop), daemon=True)
    feeder.start()
    try:
        for d in daemons.values():
            d.call("session.start", {"kind": "scale", "mode": "major", "root": "C3", "seed": 1})
        time.sleep(WARM_UP)
        before = {k: (d.cpu_seconds(), time.monotonic()) for k, d in daemons.items()}
        heard_before = daemons["listening"].call("status")["devices"]["listen"].get("notes_heard", 0)
        time.sleep(WINDOW)
        report = {"window_seconds": WINDOW, "rate": 48000, "sources": SOURCES}
        for k, d in daemons.items():
            cpu, at = d.cpu_seconds(), time.monotonic()
            rss, hwm = d.memory_kib()
            report[k] = {"cpu_percent_of_a_core": 100 * (cpu - before[k][0]) / (at - before[k][1]),
                         "rss_kib": rss, "peak_rss_kib": hwm}
        listen = daemons["listening"].call("status")["devices"]["listen"]
    finally:
        stop.set()
        for d in daemons.values():
            d.stop()
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
