"""The daemons the benchmarks drive: eartrainerd (release build) and its peer MPD, each started
in a temporary folder with its own socket, and stopped when the `with` block ends; and a JSON-RPC
line to eartrainerd's socket."""
import json
import os
import pathlib
import socket
import subprocess
import time

SOUNDFONT = "/usr/share/sounds/sf2/FluidR3_GM.sf2"


def wait_for(path, seconds=30):
    deadline = time.monotonic() + seconds
    while not os.path.exists(path):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{path} never appeared")
        time.sleep(0.02)


def rss_kib(pid, field="VmRSS"):
    """Resident memory in KiB: `VmRSS` now, or `VmHWM` (its peak)."""
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


class Line:
    """A JSON-RPC connection to the daemon's socket, one line per message."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.file = self.sock.makefile("rb")
        self.next_id = 1
        self.read()  # the hello

    def send(self, method, params=None):
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params or {}}
        self.sock.sendall((json.dumps(message) + "\n").encode())
        return self.next_id

    def read(self):
        line = self.file.readline()
        if not line:
            raise EOFError("the daemon closed the connection")
        return json.loads(line)

    def call(self, method, params=None):
        wanted = self.send(method, params)
        while True:
            message = self.read()
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), "unknown")
    return {"cpus": os.cpu_count(), "cpu": cpu, "load_average": os.getloadavg()[0],
            "mpd": subprocess.run(["mpd", "--version"], capture_output=True, text=True).stdout.splitlines()[0]}


class Daemon:
    """A child process started by `start()`; stopped with SIGTERM, then SIGKILL."""

    def __enter__(self):
        self.process = self.start()
        wait_for(self.socket)
        return self

    def __exit__(self, *_):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def rss_kib(self, field="VmRSS"):
        return rss_kib(self.process.pid, field)

    def cpu_seconds(self):
        """User and system CPU time so far (/proc/PID/stat)."""
        stat = pathlib.Path(f"/proc/{self.process.pid}/stat").read_text()
        fields = stat[stat.rindex(")") + 2:].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Eartrainerd(Daemon):
    """Silent (`--audio off`), its statistics in its own folder; `config`: the shipped one unless given."""

    def __init__(self, folder, binary, config=None):
        self.folder = pathlib.Path(folder) / "eartrainerd"
        self.folder.mkdir(exist_ok=True)
        self.socket = str(self.folder / "eartrainer.sock")
        self.binary = binary
        self.config = config or pathlib.Path(__file__).resolve().parents[2] / "config" / "eartrainer.toml"

    def start(self):
        environment = dict(os.environ, STATE_DIRECTORY=str(self.folder / "state"))
        for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "LISTEN_FDS", "LISTEN_PID"]:
            environment.pop(key, None)
        return subprocess.Popen(
            [self.binary, "run", "--audio", "off", "--socket", self.socket, "--max-clients", "256",
             "--config", str(self.config)],
            env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class MPD(Daemon):
    """Debian's mpd on a Unix socket, with an empty music folder and a null output."""

    def __init__(self, folder):
        self.folder = pathlib.Path(folder) / "mpd"
        (self.folder / "music").mkdir(parents=True, exist_ok=True)
        self.socket = str(self.folder / "mpd.sock")
        (self.folder / "mpd.conf").write_text(
            f'music_directory "{self.folder}/music"\ndb_file "{self.folder}/db"\nstate_file "{self.folder}/state"\n'
            f'pid_file "{self.folder}/pid"\nbind_to_address "{self.socket}"\nmax_connections "256"\n'
            'audio_output {\n  type "null"\n  name "null"\n}\n')

    def start(self):
        return subprocess.Popen(["mpd", "--no-daemon", "--stderr", str(self.folder / "mpd.conf")],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def time_to_ready(folder, binary, arguments):
    """Seconds from starting eartrainerd to its READY=1 datagram on $NOTIFY_SOCKET. The cello
    plays on ALSA's null device (this machine may have no sound card). The keys' calibration is
    measured when a key is first played, not at start-up (docs/audio.md)."""
    base = pathlib.Path(folder) / "startup"
    cache = base / "cache"
    cache.mkdir(parents=True, exist_ok=True)
    config = base / "startup.toml"
    config.write_text(
        f'[audio]\nsoundfont = "{SOUNDFONT}"\ndriver = "alsa"\ndevice = "null"\nperiod_size = 128\nperiods = 3\nsample_rate = 48000\n'
        f'[socket]\npath = "{base}/s.sock"\n[storage]\ndatabase = "{base}/db.sqlite"\n')
    notify_path = str(base / "notify.sock")
    if os.path.exists(notify_path):
        os.unlink(notify_path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(notify_path)
    listener.settimeout(120)
    environment = dict(os.environ, NOTIFY_SOCKET=notify_path, CACHE_DIRECTORY=str(cache))
    started = time.monotonic()
    process = subprocess.Popen([binary, "run", "--config", str(config)] + arguments,
                               env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            message = listener.recv(4096).decode()
            if "READY=1" in message.split("\n"):
                return time.monotonic() - started
    finally:
        process.terminate()
        process.wait(timeout=10)
        listener.close()
