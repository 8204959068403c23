#!/usr/bin/env python3
"""The benchmarks, each beside a peer measured in the same run: `make bench`.

  socket   `status` round trips from 1, 10 and 100 clients: eartrainerd vs MPD, both on Unix sockets
  engine   notes judged per second and time per note; callgrind instructions per note
  startup  start to READY=1 (sd_notify), silent and with the cello SoundFont
  vm       what scripts/vm/run.sh's audio scenario measured, when it was run (BENCH_VM=1)

Writes docs/benchmarks/results.json and docs/benchmarks/peers.png, and rewrites the part of
docs/benchmarks.md between the `bench:begin` and `bench:end` markers. Release builds throughout.
"""
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "bench"))
import peers  # noqa: E402  (the daemons under test: eartrainerd and MPD)
import report  # noqa: E402  (results.json, the plot, the markdown)

RELEASE = ROOT / ".build" / "release"
REPEATS = int(os.environ.get("BENCH_REPEATS", "3"))


def build():
    for product in ["eartrainerd", "SocketBenchmark", "TrainingBenchmark"]:
        subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=ROOT, check=True)


SOCKET_REPEATS = int(os.environ.get("BENCH_SOCKET_REPEATS", "9"))


def cpu_seconds(pid):
    """utime + stime of a process so far, from /proc/PID/stat."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def socket_rounds(folder):
    """Alternates the two daemons (which goes first alternates too), SOCKET_REPEATS times per client
    count, 50,000 requests a run; keeps every run, with the daemon's CPU time per request."""
    runs = []
    with peers.Eartrainerd(folder, RELEASE / "eartrainerd") as ours, peers.MPD(folder) as theirs:
        daemons = [("eartrainer", ours), ("mpd", theirs)]
        for clients in [1, 10, 100]:
            per_client = max(500, 50000 // clients)
            for repeat in range(SOCKET_REPEATS):
                for name, daemon in daemons if repeat % 2 == 0 else daemons[::-1]:
                    before = cpu_seconds(daemon.process.pid)
                    out = subprocess.run(
                        [RELEASE / "SocketBenchmark", "--protocol", name, "--socket", daemon.socket,
                         "--clients", str(clients), "--requests", str(per_client)],
                        check=True, capture_output=True, text=True).stdout
                    run = json.loads(out)
                    run["cpu_us_per_request"] = (cpu_seconds(daemon.process.pid) - before) / run["requests"] * 1e6
                    run["repeat"] = repeat
                    runs.append(run)
        runs.append({"rss_kib": {"eartrainer": ours.rss_kib(), "mpd": theirs.rss_kib()}})
    return runs


def callgrind_instructions(case, iterations):
    with tempfile.NamedTemporaryFile(suffix=".cg") as out:
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out.name}",
                        RELEASE / "TrainingBenchmark", "--case", case, "--iterations", str(iterations), "--warmup", "1000"],
                       check=True, capture_output=True)
        for line in pathlib.Path(out.name).read_text().splitlines():
            if line.startswith("totals:"):
                return int(line.split()[1])
    raise RuntimeError("callgrind wrote no totals")


def engine():
    lines = subprocess.run([RELEASE / "TrainingBenchmark", "--json"], check=True, capture_output=True, text=True).stdout
    cases = [json.loads(line) for line in lines.splitlines()]
    for case in cases:
        # The cost of one note: the difference of two runs' counts over the difference of their notes.
        few, many = callgrind_instructions(case["case"], 2000), callgrind_instructions(case["case"], 4000)
        case["instructions_per_note"] = (many - few) / 2000
    return cases


def startup(folder):
    """Seconds from exec to READY=1, REPEATS + 2 starts of each kind, and their median."""
    figures = {}
    for kind, arguments in {"audio off": ["--audio", "off"], "cello SoundFont loaded, device open": []}.items():
        times = [peers.time_to_ready(folder, RELEASE / "eartrainerd", arguments) for _ in range(REPEATS + 2)]
        figures[kind] = {"median_s": statistics.median(times), "runs_s": times}
    return figures


def main():
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    build()
    with tempfile.TemporaryDirectory(prefix="eartrainer-bench-") as folder:
        results = {
            "date": started,
            "machine": peers.machine(),
            "socket": socket_rounds(folder),
            "engine": engine(),
            "startup": startup(folder),
            "vm": report.vm_results(ROOT),
        }
    report.write(ROOT, results)
    print(f"bench: wrote docs/benchmarks/results.json, docs/benchmarks/peers.png and docs/benchmarks.md ({started})")


if __name__ == "__main__":
    main()
