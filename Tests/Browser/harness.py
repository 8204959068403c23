"""The processes the browser tests run against: a real eartrainerd in a scratch folder (its own
config, socket and statistics file, silent), eartrainer-web on a free port of every address,
headless Chromium through chromium-driver, and a JSON-RPC client of the daemon's socket.
Nothing here builds: the binaries are the ones the caller built (EARTRAINER_BIN, by default
.build/debug)."""

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request

# Variables the test runner's environment may carry that the daemon must not see: systemd's, the
# runtime folders that choose a socket path, the config file, the sound server (as in
# Tests/eartrainerdTests/DaemonProcess.swift).
CLEARED_ENVIRONMENT = [
    "NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "JOURNAL_STREAM", "LISTEN_FDS", "LISTEN_PID",
    "RUNTIME_DIRECTORY", "XDG_RUNTIME_DIR", "EARTRAINER_CONFIG", "EARTRAINER_SOCKET", "PULSE_SERVER",
]


# Straight to the web view, whatever proxy the environment names (as Chromium's --no-proxy-server).
DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))
# The attacker's name, which the browser resolves to 127.0.0.1 (chromium()).
REBOUND = "rebound.example"


def memory(pid):
    """VmRSS and VmHWM of a process, in KiB, from /proc."""
    figures = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                figures[key] = int(value.split()[0])
    return figures


def wait_for(what, predicate, timeout=10.0, step=0.02):
    """Calls predicate until it returns something true, and returns it; raises after timeout."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(step)


def free_port():
    """A TCP port nothing listens on now (the kernel's pick)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("0.0.0.0", 0))
        return probe.getsockname()[1]


def lan_address():
    """This machine's first non-loopback IPv4 address (hostname -I), or None."""
    try:
        words = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5).stdout.split()
    except (OSError, subprocess.SubprocessError):
        return None
    return next((w for w in words if "." in w and not w.startswith("127.")), None)


def environment():
    env = dict(os.environ)
    for key in CLEARED_ENVIRONMENT:
        env.pop(key, None)
    return env


class Daemon:
    """eartrainerd in `folder`, silent (--audio off), with a config that keeps its statistics
    there and its voice quiet. `start` and `stop` may be called again: the restart test does."""

    def __init__(self, binaries, folder):
        self.binaries = binaries
        self.folder = folder
        self.socket_path = os.path.join(folder, "eartrainer.sock")
        self.config = os.path.join(folder, "eartrainer.toml")
        with open(self.config, "w") as config:
            config.write(f'[storage]\ndatabase = "{folder}/eartrainer.sqlite"\n[voice]\nspeak = "off"\n')
        self.process = None
        self.starts = 0

    def start(self):
        self.starts += 1
        log = open(os.path.join(self.folder, f"eartrainerd-{self.starts}.log"), "w")
        self.process = subprocess.Popen(
            [os.path.join(self.binaries, "eartrainerd"), "run", "--audio", "off", "--config", self.config,
             "--socket", self.socket_path],
            cwd=self.folder, env=environment(), stdout=log, stderr=subprocess.STDOUT)
        wait_for("the daemon's socket", self._answers)

    def _answers(self):
        if self.process.poll() is not None:
            raise AssertionError(f"eartrainerd exited with {self.process.returncode}")
        try:
            with RPC(self.socket_path) as rpc:
                return rpc.call("status") is not None
        except OSError:
            return False

    def stop(self):
        """SIGTERM, as systemd stops it; waits for it to end."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def ctl(self, *arguments):
        """Runs eartrainctl against this daemon; returns its stdout, raising when it fails."""
        done = subprocess.run([os.path.join(self.binaries, "eartrainctl"), *arguments, "--socket", self.socket_path],
                              capture_output=True, text=True, env=environment(), timeout=30)
        if done.returncode != 0:
            raise AssertionError(f"eartrainctl {' '.join(arguments)}: exit {done.returncode}: {done.stderr.strip()}")
        return done.stdout

    def status(self):
        return json.loads(self.ctl("status", "--json"))


class Web:
    """eartrainer-web following the daemon's socket, listening on every address of a free port."""

    def __init__(self, binaries, folder, socket_path):
        self.port = free_port()
        log = open(os.path.join(folder, "eartrainer-web.log"), "w")
        self.process = subprocess.Popen(
            [os.path.join(binaries, "eartrainer-web"), "--socket", socket_path, "--listen", f"0.0.0.0:{self.port}"],
            cwd=folder, env=environment(), stdout=log, stderr=subprocess.STDOUT)
        wait_for("eartrainer-web to listen", lambda: self.get("/")[0] == 200)

    def url(self, path, host="127.0.0.1"):
        return f"http://{host}:{self.port}{path}"

    def get(self, path):
        """(status, body) of a GET from loopback; (0, reason) when nothing answers."""
        return self.request(path)

    def request(self, path, method="GET", headers=None, fields=None):
        """(status, body) of a request from loopback with no cookie, as a local account's curl
        sends it (`headers` may name another Host); (0, reason) when nothing answers."""
        if self.process.poll() is not None:
            raise AssertionError(f"eartrainer-web exited with {self.process.returncode}")
        data = urllib.parse.urlencode(fields).encode() if fields is not None else None
        request = urllib.request.Request(self.url(path), data=data, method=method, headers=headers or {})
        try:
            with DIRECT.open(request, timeout=5) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()
        except OSError as error:
            return 0, str(error)

    def memory(self):
        """VmRSS and VmHWM of the process, in KiB."""
        return memory(self.process.pid)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class RPC:
    """One connection to the daemon's socket: line-delimited JSON-RPC 2.0 (docs/protocol.md)."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(15)
        self.sock.connect(path)
        self.lines = self.sock.makefile("r", encoding="utf-8")
        self.next_id = 0
        json.loads(self.lines.readline())  # the daemon's hello

    def send(self, method, params=None):
        """Writes one request and returns its id, without waiting for the answer."""
        self.next_id += 1
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            request["params"] = params
        self.sock.sendall((json.dumps(request) + "\n").encode())
        return self.next_id

    def answer(self, request_id):
        while True:
            line = self.lines.readline()
            if not line:
                raise AssertionError("the daemon closed the connection")
            message = json.loads(line)
            if message.get("id") == request_id:
                if "error" in message:
                    raise AssertionError(f"daemon error: {message['error']}")
                return message["result"]

    def call(self, method, params=None):
        return self.answer(self.send(method, params))

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.lines.close()
        self.sock.close()


def chromium():
    """Headless Chromium through chromium-driver (Debian's paths unless CHROMIUM/CHROMEDRIVER say)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    # As root and in containers Chromium's sandbox cannot start; /dev/shm may be small.
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", "--no-proxy-server", "--no-first-run", "--disable-extensions", "--lang=en-US",
                     # A name an attacker rebound to this machine (DNS rebinding), as the browser resolves it.
                     f"--host-resolver-rules=MAP {REBOUND} 127.0.0.1"]:
        options.add_argument(argument)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(20)
    return driver


# The two screens the view is made for: a phone (CSS pixels of an iPhone 12-15) and a tablet.
SCREENS = {"phone": (390, 844, True), "tablet": (1024, 768, False)}


def set_screen(driver, name):
    width, height, mobile = SCREENS[name]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
