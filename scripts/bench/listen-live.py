#!/usr/bin/env python3
"""Onset to judgement at a live stream's pace: `make bench-listen-live` (docs/benchmarks.md).

`make bench-listen` judges each file read at once (`NoPace`: the stream's time stands for the
clock). This runs the daemon's listening input over the same files without reverb
(`ListenBenchmark judge WAV --live`: `LivePace`, 256-frame blocks handed on as a capture would hand
them, the judgement timed on the machine's clock), all of them at once, since each takes as long
as it sounds. Each note's first judgement is matched as `make bench-listen` matches it, and its
wait from the onset compared with the same note's there (.build/bench-listen/judged.json).

Writes docs/benchmarks/listen-live.json. Exits 1 when the onset to judgement is over 150 ms at
the median or 250 ms at the p95, or a note went unjudged.
"""
import json
import statistics
import subprocess
import sys

import listen  # the bench's files, names and note matching (scripts/bench/listen.py)

OUT = listen.ROOT / "docs" / "benchmarks" / "listen-live.json"
INSTRUMENTS = list(listen.INSTRUMENTS)
CONDITIONS = [c for c in listen.CONDITIONS if c != "reverb"]  # the reverberation's tail has no onset of its own
BIN, WORK = listen.BIN, listen.WORK


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def spans(name):
    return [tuple(map(float, line.split()[:2])) for line in (WORK / f"{name}.spans").read_text().splitlines()]


def main():
    if not BIN.exists():
        sys.exit(f"bench-listen-live: {BIN} is missing: swift build -c release --product ListenBenchmark")
    files = [(name, condition) for name in INSTRUMENTS for condition in CONDITIONS]
    missing = [f"{n}-{c}.wav" for n, c in files if not (WORK / f"{n}-{c}.wav").exists()]
    if missing or not (WORK / "judged.json").exists():
        sys.exit(f"bench-listen-live: run `make bench-listen` first ({', '.join(missing) or 'judged.json'} missing in {WORK})")
    running = {f: subprocess.Popen([str(BIN), "judge", str(WORK / f"{f[0]}-{f[1]}.wav"), "--live"],
                                   stdout=subprocess.PIPE, text=True) for f in files}
    judged_at_once = json.loads((WORK / "judged.json").read_text())
    at_once = {(r["instrument"], r["condition"], r["key"]): r["after"] for r in judged_at_once}
    rows = []
    for (name, condition), process in running.items():
        out, _ = process.communicate()
        if process.returncode != 0:
            sys.exit(f"bench-listen-live: judging {name}-{condition}.wav failed ({process.returncode})")
        judged = [json.loads(line)["judged"] for line in out.splitlines()]
        keys = [r["key"] for r in judged_at_once if r["instrument"] == name and r["condition"] == condition]
        for (on, off), key in zip(spans(name), keys):
            first = listen.first_judgement(judged, on, off)
            rows.append({"instrument": name, "condition": condition, "key": key,
                         "after": first and first["after"], "at_once": at_once.get((name, condition, key))})

    def of(part):
        waits = [r["after"] * 1000 for r in part if r["after"] is not None]
        pairs = [(r["after"] - r["at_once"]) * 1000 for r in part if r["after"] is not None and r["at_once"] is not None]
        return {"notes": len(waits), "missed": len(part) - len(waits),
                "median_ms": statistics.median(waits), "p95_ms": percentile(waits, 0.95),
                "later_than_at_once_median_ms": statistics.median(pairs), "later_than_at_once_p95_ms": percentile(pairs, 0.95)}

    report = {"all": of(rows)}
    for field, names in (("instrument", INSTRUMENTS), ("condition", CONDITIONS)):
        for name in names:
            report[name] = of([r for r in rows if r[field] == name])
    OUT.write_text(json.dumps(report, indent=1) + "\n")
    for name, r in report.items():
        print(f"{name:8} {r['notes']} notes judged ({r['missed']} not): onset to judgement {r['median_ms']:.0f} / {r['p95_ms']:.0f} ms "
              f"(median / p95); later than read at once by {r['later_than_at_once_median_ms']:+.1f} / {r['later_than_at_once_p95_ms']:+.1f} ms")
    a = report["all"]
    met = a["median_ms"] <= 150 and a["p95_ms"] <= 250 and a["missed"] == 0
    print(f"bounds at a live pace: median ≤ 150 ms {'met' if a['median_ms'] <= 150 else 'NOT met'}, "
          f"p95 ≤ 250 ms {'met' if a['p95_ms'] <= 250 else 'NOT met'}, every note judged {'yes' if a['missed'] == 0 else 'NO'}")
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
