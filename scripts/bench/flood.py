#!/usr/bin/env python3
"""Keys judged while the statistics are flooded: `make bench-flood` (issue 25, "Nothing delays
the training"; docs/benchmarks.md, "Keys under a statistics flood").

A real eartrainerd (--audio off) over a history of ANSWERS stored answers (default 218,000, the
attack's) and a real eartrainer-web in front of it (BENCH_BIN: where they are; release by default). A student plays a key every 100 ms through
`notes.play`; each key's time to judgement is from the request sent to its `note_judged` event on
a subscriber's connection. The daemon pings a watchdog socket (WATCHDOG_USEC, as systemd asks),
and every ping's time is kept. Five phases of FLOOD_SECONDS (20) each, in one run:

  quiet     the student alone: the peer the floods are compared with
  flood     four addresses (127.0.0.2-5, as four LAN clients) ask GET /progress back to back,
            keeping to the web view's rate limit (a 429 waits its Retry-After), and a local
            client pipelines 1,500 stats.get at a time
  pairing   four local clients pipeline wrong pairing.redeem codes, 500 at a time, each from an
            address of its own (issue 39: any account can bind any of 127.0.0.0/8)
  timed     eight local clients each pipeline three timed notes.play (a key 20 s on: each holds
            the client's own lane, the next waits behind it) and a config.get, again when
            answered (issue 39: one client's timed play held every other client's requests)
  profiles  four local clients pipeline stats.get for profile names never seen, 500 at a time
            (issue 39: a tally kept for every name asked about grew the daemon to 856 MiB)

The student's key is told from the floods' by the note judged (the timed floods play C8).
Prints a table and writes docs/benchmarks/flood.json. Exits 1 when a flood's p99 is over
BOUND_MS (default 50) or a watchdog gap is over the interval the daemon promises (half of
WATCHDOG_USEC, with 1 s of slack).
"""
import http.client
import json
import os
import pathlib
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid

import peers  # the JSON-RPC line to the daemon, its memory (scripts/bench/peers.py)

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = pathlib.Path(os.environ.get("BENCH_BIN", ROOT / ".build" / "release"))
ANSWERS = int(os.environ.get("ANSWERS", "218000"))
SECONDS = float(os.environ.get("FLOOD_SECONDS", "20"))
BOUND_MS = float(os.environ.get("BOUND_MS", "50"))
WATCHDOG_USEC = 2_000_000
OUT = ROOT / "docs" / "benchmarks" / "flood.json"


def fill_history(database, answers):
    """ANSWERS answers of the default profile over three years, 50 a session, in one transaction."""
    db = sqlite3.connect(database)
    now = time.time()
    start = now - 3 * 365 * 86400
    step = (now - 3600 - start) / answers
    sessions, rows = [], []
    for index in range(answers):
        if index % 50 == 0:
            session = str(uuid.uuid4()).upper()
            begun = start + index * step
            sessions.append((session, begun, "scale", "dorian", "D", begun + 50 * step, 50 * step, "default"))
        at = start + index * step
        correct = index % 4 != 0
        rows.append((at, session, "scale", "D", "dorian", None, "E3", 52, 52 if correct else 53, int(correct),
                     1.2, "default", 2, 1, "degree", "degree 2"))
    db.executemany("INSERT INTO session (id, started_at, exercise, mode, root, ended_at, length_seconds, profile) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", sessions)
    db.executemany("INSERT INTO answer (time, session_id, exercise, root, mode, interval, expected, expected_midi, "
                   "played_midi, correct, response_seconds, profile, degree, attempt, item_category, item) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.commit()
    db.close()


def wait_for(path, seconds=30):
    """Until the daemon accepts on its socket."""
    deadline = time.time() + seconds
    while True:
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
                probe.connect(path)
                return
        except OSError:
            if time.time() > deadline:
                raise TimeoutError(f"{path} does not accept")
            time.sleep(0.05)


class Watchdog(threading.Thread):
    """The NOTIFY_SOCKET: keeps the time of every WATCHDOG=1."""

    def __init__(self, path):
        super().__init__(daemon=True)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(path)
        self.pings = []

    def run(self):
        while True:
            data = self.sock.recv(4096)
            if b"WATCHDOG=1" in data:
                self.pings.append(time.monotonic())

    def longest_gap(self, start, end):
        inside = [t for t in self.pings if start <= t <= end]
        points = [start] + inside + [end]
        return max(b - a for a, b in zip(points, points[1:]))


def student(socket_path, seconds, results):
    """A key every 100 ms; each one's time from the request to its note_judged event."""
    player, listener = peers.Line(socket_path), peers.Line(socket_path)
    listener.call("subscribe", {"topics": ["answer"]})
    judged = []
    done = threading.Event()

    def listen():
        while not done.is_set():
            try:
                message = listener.read()
            except (EOFError, OSError):
                return
            params = message.get("params", {})
            if params.get("type") == "note_judged" and params.get("details", {}).get("played") == waiting[0]:
                judged.append(time.monotonic())
                arrived.set()

    arrived = threading.Event()
    waiting = [None]
    threading.Thread(target=listen, daemon=True).start()
    notes = ["D3", "E3", "F3", "G3", "A3", "B3", "C4", "D4"]
    end = time.monotonic() + seconds
    index = 0
    while time.monotonic() < end:
        arrived.clear()
        before = len(judged)
        waiting[0] = notes[index % len(notes)]
        sent = time.monotonic()
        player.call("notes.play", {"notes": [waiting[0]]})
        arrived.wait(5)
        if len(judged) > before:
            results.append((judged[-1] - sent) * 1000)
        index += 1
        time.sleep(max(0, 0.1 - (time.monotonic() - sent)))
    done.set()


def progress_flood(source, port, stop, counts):
    """GET /progress back to back from `source`, keeping to the rate limit."""
    while not stop.is_set():
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
            while not stop.is_set():
                connection.request("GET", "/progress")
                response = connection.getresponse()
                response.read()
                counts[response.status] = counts.get(response.status, 0) + 1
                if response.status == 429:
                    time.sleep(float(response.getheader("Retry-After", "1")))
        except (OSError, http.client.HTTPException):
            counts["error"] = counts.get("error", 0) + 1
            time.sleep(0.1)


def count_reply(counts, message):
    """One more reply answered, or refused with its error code."""
    key = "answered" if "result" in message else f"error {message.get('error', {}).get('code')}"
    counts[key] = counts.get(key, 0) + 1


def pipeline(socket_path, stop, counts, request, size=500):
    """`size` requests made by `request(n)` written at once, then every reply read; again until stopped."""
    while not stop.is_set():
        line = peers.Line(socket_path)
        batch = "".join(json.dumps({"jsonrpc": "2.0", "id": n, **request(n)}) + "\n" for n in range(size))
        line.sock.sendall(batch.encode())
        for _ in range(size):
            count_reply(counts, line.read())
        line.sock.close()


def wrong_codes(client):
    """pairing.redeem with wrong codes, each from an address of its own."""
    def request(n):
        address = f"127.{client}.{n // 256 % 256}.{n % 256}" if n % 2 else f"10.{client}.{n // 256 % 256}.{n % 256}"
        return {"method": "pairing.redeem", "params": {"code": f"{(n * 7919 + client) % 10**8:08d}", "address": address}}
    return request


def fresh_profiles(client):
    """stats.get for profile names nobody has used."""
    return lambda n: {"method": "stats.get", "params": {"profile": f"flood-{client}-{uuid.uuid4().hex[:12]}"}}


def timed_plays(socket_path, stop, counts):
    """Three timed notes.play and a config.get pipelined; again once the config.get is answered.
    The client's lines are answered in its order: the config.get after the three plays."""
    try:
        while not stop.is_set():
            line = peers.Line(socket_path)
            for _ in range(3):
                line.send("notes.play", {"notes": ["C8@20"]})
            wanted = line.send("config.get")
            while True:
                message = line.read()
                count_reply(counts, message)
                if message.get("id") == wanted:
                    break
            line.sock.close()
    except (EOFError, OSError):
        pass  # the daemon stopped at the end of the run, with a play still waiting


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="eartrainer-flood-"))
    state, sock, notify = folder / "state", str(folder / "eartrainer.sock"), str(folder / "notify")
    state.mkdir()
    # An empty config file: the built-in defaults, whatever /etc holds.
    (folder / "eartrainer.toml").write_text("")
    env = dict(os.environ, STATE_DIRECTORY=str(state), EARTRAINER_CONFIG=str(folder / "eartrainer.toml"))
    daemon_args = [str(BIN / "eartrainerd"), "run", "--socket", sock, "--audio", "off"]
    # A first start makes the database; the history is then written into it directly.
    first = subprocess.Popen(daemon_args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(sock)
    first.send_signal(signal.SIGTERM)
    first.wait(30)
    database = next(state.glob("*.sqlite"))
    began = time.monotonic()
    fill_history(database, ANSWERS)
    print(f"history: {ANSWERS} answers written in {time.monotonic() - began:.1f} s")

    watchdog = Watchdog(notify)
    watchdog.start()
    env.update(NOTIFY_SOCKET=notify, WATCHDOG_USEC=str(WATCHDOG_USEC))
    daemon = subprocess.Popen(daemon_args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(sock)
    port = 18750 + os.getpid() % 1000
    web = subprocess.Popen([str(BIN / "eartrainer-web"), "--socket", sock, "--listen", f"127.0.0.1:{port}"],
                           env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        control = peers.Line(sock)
        control.call("session.start", {"kind": "scale", "root": "D3", "mode": "dorian"})
        time.sleep(1)
        figures = {}
        for phase in ["quiet", "flood", "pairing", "timed", "profiles"]:
            stop = threading.Event()
            counts = {"progress": {}, "stats.get": {}, "pairing.redeem": {}, "notes.play": {}}
            floods = []
            if phase == "flood":
                floods = [threading.Thread(target=progress_flood, args=(f"127.0.0.{n}", port, stop, counts["progress"]), daemon=True)
                          for n in range(2, 6)]
                floods.append(threading.Thread(target=pipeline, args=(sock, stop, counts["stats.get"], lambda n: {"method": "stats.get"}, 1500),
                                              daemon=True))
            elif phase == "pairing":
                control.call("pairing.offer")  # an open code, as when a student pairs a phone
                floods = [threading.Thread(target=pipeline, args=(sock, stop, counts["pairing.redeem"], wrong_codes(n)), daemon=True)
                          for n in range(4)]
            elif phase == "timed":
                floods = [threading.Thread(target=timed_plays, args=(sock, stop, counts["notes.play"]), daemon=True)
                          for _ in range(8)]
            elif phase == "profiles":
                floods = [threading.Thread(target=pipeline, args=(sock, stop, counts["stats.get"], fresh_profiles(n)), daemon=True)
                          for n in range(4)]
            if floods:
                for thread in floods:
                    thread.start()
                time.sleep(1)
            latencies = []
            start = time.monotonic()
            student(sock, SECONDS, latencies)
            end = time.monotonic()
            stop.set()
            figures[phase] = {
                "keys": len(latencies),
                "p50_ms": round(statistics.median(latencies), 2),
                "p99_ms": round(percentile(latencies, 0.99), 2),
                "max_ms": round(max(latencies), 2),
                "watchdog_longest_gap_s": round(watchdog.longest_gap(start, end), 2),
                "served": {name: dict(count) for name, count in counts.items() if count},  # when the phase ended
            }
            print(f"{phase}: {json.dumps(figures[phase])}")
            time.sleep(2)
        rss = peers.rss_kib(daemon.pid, "VmHWM")
    finally:
        web.terminate()
        daemon.terminate()
        web.wait(30)
        daemon.wait(30)
    result = {
        "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "binaries": str(BIN),
        "answers": ANSWERS, "seconds": SECONDS, "watchdog_interval_s": WATCHDOG_USEC / 2e6, "daemon_peak_rss_kib": rss,
        "phases": figures,
        "p99_ratio": {phase: round(f["p99_ms"] / figures["quiet"]["p99_ms"], 2) for phase, f in figures.items() if phase != "quiet"},
        "bound_ms": BOUND_MS,
    }
    OUT.write_text(json.dumps(result, indent=2) + "\n")
    print(f"| phase | keys | p50 | p99 | max | longest watchdog gap |")
    print(f"|---|---|---|---|---|---|")
    for phase, f in figures.items():
        print(f"| {phase} | {f['keys']} | {f['p50_ms']} ms | {f['p99_ms']} ms | {f['max_ms']} ms | {f['watchdog_longest_gap_s']} s |")
    print(f"p99 / quiet p99: {result['p99_ratio']}; daemon peak RSS {rss} KiB; written to {OUT.relative_to(ROOT)}")
    ok = all(f["p99_ms"] <= BOUND_MS for phase, f in figures.items() if phase != "quiet") and all(
        f["watchdog_longest_gap_s"] <= WATCHDOG_USEC / 2e6 + 1 for f in figures.values())
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
