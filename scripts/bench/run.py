#!/usr/bin/env python3
"""Issue 9's benchmarks, each beside a peer measured in the same run: `make bench`.

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


def socket_rounds(folder):
    """Alternates the two daemons, REPEATS times per client count; keeps every run."""
    runs = []
    with peers.Eartrainerd(folder, RELEASE / "eartrainerd") as ours, peers.MPD(folder) as theirs:
        for clients in [1, 10, 100]:
            per_client = max(20, 4000 // clients)
            for _ in range(REPEATS):
                for name, path in [("eartrainer", ours.socket), ("mpd", theirs.socket)]:
                    out = subprocess.run(
                        [RELEASE / "SocketBenchmark", "--protocol", name, "--socket", path,
                         "--clients", str(clients), "--requests", str(per_client)],
                        check=True, capture_output=True, text=True).stdout
                    runs.append(json.loads(out))
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
