"""Browser tests of the web view (docs/web.md, "Browser tests"): headless Chromium against a real
eartrainerd and eartrainer-web. Screenshots of the live screen mid-round, the start form, the
results and the progress page at 390x844 and 1024x768; every page phone-first at 360, 390 and
768 px wide (phone.py); how long a key takes to reach the page; the page coming back after the
daemon restarts; control refused to a browser that is not paired, from this machine too; a name
rebound to this machine (DNS rebinding) refused.

Run by scripts/test-browser.sh, which says where the binaries, screenshots and figures go.
Prints "ok: …", "FAILED: …" or "SKIP: …" per check, and exits 1 when any check failed."""

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.parse

sys.dont_write_bytecode = True  # no __pycache__ beside the tests
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import REBOUND, RPC, Daemon, Web, chromium, lan_address, memory, set_screen, wait_for  # noqa: E402
from phone import check_page, set_viewport  # noqa: E402
from teacher import test_teacher_view  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

BINARIES = os.path.abspath(os.environ.get("EARTRAINER_BIN", ".build/debug"))
SCREENSHOTS = os.environ.get("SCREENSHOTS", "docs/screenshots")
FIGURES = os.environ.get("FIGURES", ".build/browser/note-to-page.txt")
KEYS_TIMED = int(os.environ.get("KEYS_TIMED", "36"))
P95_GOAL_MS = 100.0

# D dorian from D3, one round; the delay test plays rounds of it with a wrong key in each.
DORIAN = ["D3", "E3", "F3", "G3", "A3", "B3", "C4", "D4"]


class Report:
    def __init__(self):
        self.passed = self.failed = self.skipped = 0
        self.figures = []

    def ok(self, what):
        self.passed += 1
        print(f"ok: {what}", flush=True)

    def fail(self, what, why):
        self.failed += 1
        print(f"FAILED: {what}\n  {why}", flush=True)

    def skip(self, what, why):
        self.skipped += 1
        print(f"SKIP: {what} ({why})", flush=True)

    def check(self, what, function, *arguments):
        """Runs one check; an exception or a failed assert fails it, and the run goes on."""
        try:
            function(*arguments)
        except Exception as error:  # noqa: BLE001: every failure is reported, none stops the run
            detail = str(error) or traceback.format_exc().strip().splitlines()[-1]
            self.fail(what, detail)
            return False
        self.ok(what)
        return True


def screenshot(driver, url, name, ready, scroll=None):
    """The page at `url` on both screens, saved as NAME-phone.png and NAME-tablet.png once `ready`
    holds on each; `scroll` names an element to bring to the top first (an XPath)."""
    os.makedirs(SCREENSHOTS, exist_ok=True)
    for screen in ("phone", "tablet"):
        set_screen(driver, screen)
        driver.get(url)
        wait_for(f"{url} to be ready on the {screen}", lambda: ready(driver))
        if scroll:
            driver.execute_script("arguments[0].scrollIntoView(true);", driver.find_element("xpath", scroll))
        path = os.path.join(SCREENSHOTS, f"{name}-{screen}.png")
        assert driver.save_screenshot(path), f"no screenshot at {path}"


def live_ready(driver):
    """The page's socket is open and its panel drawn from the daemon."""
    return driver.execute_script('var l = document.getElementById("link"); return l && l.dataset.state === "live";')


def judged_keys(driver):
    """The keys judged in the open question as the page shows them: [(name, "right"|"wrong")]."""
    return driver.execute_script(
        'return Array.from(document.querySelectorAll("#live ol.judged li"))'
        '.map(function (li) { return [li.firstChild.textContent, li.className]; });')


# --- the live screen mid-round, the results ---------------------------------------------------

def test_live_mid_round(daemon, web, driver):
    daemon.ctl("start", "scale", "dorian", "D3", "--seed", "1")
    set_screen(driver, "phone")
    driver.get(web.url("/"))
    wait_for("the live badge", lambda: live_ready(driver))
    # Played while the page is open, so it shows them as they come (and the last key).
    for key in ["D3", "E3", "F3", "A3"]:
        time.sleep(0.6)  # a student's pace, so the clock and the responses look like one
        daemon.ctl("play", key)
    wait_for("four judged keys on the page", lambda: len(judged_keys(driver)) == 4)
    keys = judged_keys(driver)
    assert keys == [["D3", "right"], ["E3", "right"], ["F3", "right"], ["A3", "wrong"]], keys
    assert driver.find_element("id", "correct").text == "3", driver.find_element("id", "correct").text
    assert driver.find_element("id", "errors").text == "1"
    assert driver.find_elements("css selector", "#live svg ellipse.notehead"), "no notes on the staff"
    # The screenshots: the round as the student sees it, with the last key's line.
    os.makedirs(SCREENSHOTS, exist_ok=True)
    for screen in ("phone", "tablet"):
        set_screen(driver, screen)
        time.sleep(0.3)  # the relayout
        assert driver.save_screenshot(os.path.join(SCREENSHOTS, f"live-{screen}.png"))


def test_results(daemon, web, driver):
    daemon.ctl("stop")
    screenshot(driver, web.url("/results"), "results",
               lambda d: d.find_elements("css selector", "main table") and "results" in d.page_source)
    counts = driver.execute_script(
        'var c = {}; document.querySelectorAll(".counts dl").forEach(function (d) {'
        ' c[d.querySelector("dt").textContent] = d.querySelector("dd").textContent; }); return c;')
    assert counts.get("correct") == "3" and counts.get("errors") == "1", counts
    rows = driver.find_elements("css selector", "main table tbody tr")
    assert [r.find_element("tag name", "th").text for r in rows] == [f"degree {n}" for n in range(1, 5)], \
        [r.text for r in rows]


def practise_intervals(daemon):
    """A student's interval session, answered by ear the slow way: each question from C3, the
    keys above it one by one until the right one (or the answer is shown), so each interval has
    its own accuracy and response time on the progress page."""
    daemon.ctl("start", "interval", "--intervals", "m3,M3,P5,M6", "--root", "C3", "--seed", "5", "--tries", "12")
    for _ in range(8):
        session = daemon.status()["session"]
        asked = (session["correct"], session.get("prompt"))
        for semitones in range(1, 13):
            daemon.ctl("play", str(48 + semitones))
            now = daemon.status()["session"]
            if now["correct"] != asked[0] or now.get("prompt") != asked[1]:
                break
    daemon.ctl("stop")


def test_progress(report, daemon, web, driver):
    status, _ = web.get("/progress")
    if status == 404:
        report.skip("progress screenshots at 390x844 and 1024x768", "no /progress yet")
        return
    def progress():
        assert status == 200, f"/progress answered {status}"
        practise_intervals(daemon)
        # The statistics writer stores the session's answers a moment after `stop` answers: the
        # page is drawn once the figures hold them (a CI run loaded it before, with no intervals).
        wait_for("the intervals on /progress", lambda: "<h3>interval</h3>" in web.get("/progress")[1], timeout=30, step=0.2)
        screenshot(driver, web.url("/progress"), "progress",
                   lambda d: d.find_elements("css selector", "main") and "eartrainer" in d.title,
                   scroll="//h3[text()='interval']")
    report.check("progress screenshots at 390x844 and 1024x768 (progress-*.png)", progress)


# --- from the key to the page -----------------------------------------------------------------

OBSERVER = """
window.__changes = [];
var live = document.getElementById("live");
new MutationObserver(function () {
  window.__changes.push([performance.timeOrigin + performance.now(), document.getElementById("announce").textContent]);
}).observe(live, {childList: true});
"""

# Resolves with the changes since `from` once one names `key`, and the panel has then been quiet
# for 150 ms (so a later message of the same key is not taken for the next key's).
AWAIT_CHANGE = """
var from = arguments[0], key = arguments[1], done = arguments[arguments.length - 1];
function named() { return window.__changes.slice(from).some(function (c) { return c[1].indexOf(key + " ") === 0; }); }
var seen = -1, quietSince = 0;
(function poll() {
  var n = window.__changes.length;
  if (n !== seen) { seen = n; quietSince = performance.now(); }
  if (named() && performance.now() - quietSince >= 150) { done(window.__changes.slice(from)); return; }
  setTimeout(poll, 5);
})();
"""


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered) + 0.5) - 1))]


def test_note_to_page(report, daemon, web, driver):
    """From notes.play written to the daemon's socket to the page's #live panel redrawn with that
    key, both clocks this machine's wall clock (time.time() here, performance.timeOrigin + now()
    in the page)."""
    keys = []
    while len(keys) < KEYS_TIMED:  # each round: the scale, with a wrong key (F#3) after F3
        keys += DORIAN[:3] + ["F#3"] + DORIAN[3:]
    keys = keys[:KEYS_TIMED]
    set_screen(driver, "tablet")
    driver.get(web.url("/"))
    wait_for("the live badge", lambda: live_ready(driver))
    delays = []
    with RPC(daemon.socket_path) as rpc:
        rpc.call("session.start", {"kind": "scale", "mode": "dorian", "root": "D3", "seed": 2})
        time.sleep(0.3)
        driver.execute_script(OBSERVER)
        for key in keys:
            start = driver.execute_script("return window.__changes.length;")
            sent = time.time() * 1000
            request = rpc.send("notes.play", {"notes": [key]})
            changes = driver.execute_async_script(AWAIT_CHANGE, start, key)
            rpc.answer(request)
            shown = next(c[0] for c in changes if c[1].startswith(key + " "))
            delays.append(shown - sent)
        results = rpc.call("session.stop")
    wrong = keys.count("F#3")
    assert results["errors"] == wrong and results["correct"] == len(keys) - wrong, results
    median, p95, worst = statistics.median(delays), percentile(delays, 0.95), max(delays)
    line = (f"note-to-page: {len(delays)} keys, median {median:.1f} ms, p95 {p95:.1f} ms, max {worst:.1f} ms "
            f"(notes.play on the daemon's socket to #live redrawn in headless Chromium)")
    print(f"  {line}", flush=True)
    report.figures.append(line)
    assert min(delays) > 0, f"a change before its key: {min(delays):.1f} ms (clocks?)"
    assert p95 < P95_GOAL_MS, f"p95 {p95:.1f} ms, goal under {P95_GOAL_MS:.0f} ms"


# --- the daemon restarts ----------------------------------------------------------------------

def link(driver):
    return driver.execute_script('var l = document.getElementById("link"); return [l.dataset.state, l.textContent];')


def test_restart(report, daemon, web, driver):
    set_screen(driver, "tablet")
    driver.get(web.url("/"))
    wait_for("the live badge", lambda: live_ready(driver))
    driver.execute_script("window.__sameDocument = true;")
    daemon.stop()
    wait_for('"reconnecting…"', lambda: link(driver) == ["away", "reconnecting…"])
    started = time.monotonic()
    daemon.start()
    wait_for("the live badge again", lambda: live_ready(driver), timeout=10)
    back = time.monotonic() - started
    assert driver.execute_script("return window.__sameDocument === true;"), "the page was reloaded"
    panel = driver.find_element("id", "live").text
    assert "not answering" not in panel, panel
    wait_for("the ready exercise on the page", lambda: "ready" in driver.find_element("id", "live").text.lower()
             or driver.find_elements("css selector", "#live h1"))
    line = f"restart: page live again {back:.1f} s after eartrainerd was started again (no reload)"
    print(f"  {line}", flush=True)
    report.figures.append(line)


def test_start_form(daemon, web, driver):
    """The start form in the browser paired on this machine, on a phone: the interval kind's own options, picked
    and ticked as a student would, start the session they say. Nothing in any kind's form is typed
    but the A4 pitch and the profile: every other value is picked from the catalog's choices."""
    if running(daemon):
        daemon.ctl("stop")
    screenshot(driver, web.url("/"), "start", live_ready, scroll="//h2[@id='start-heading']")
    set_screen(driver, "phone")
    driver.get(web.url("/"))
    wait_for("the live badge", lambda: live_ready(driver))
    typed = driver.execute_script(
        'return Array.from(document.querySelectorAll("form.start input:not([type=hidden]):not([type=checkbox])"))'
        '.map(function (e) { return e.name; });')
    assert set(typed) <= {"reference", "profile"}, f"typed fields beside reference and profile: {sorted(set(typed))}"
    driver.find_element("css selector", "details.kind:has(input[value='interval']) summary").click()
    for interval in ("m3", "P5"):
        driver.find_element("css selector", f"label[for='interval-intervals-{interval}']").click()
    Select(driver.find_element("id", "interval-root")).select_by_value("C3")
    driver.find_element("css selector", "label[for='interval-descending']").click()
    driver.find_element("css selector", "form:has(input[value='interval']) button[type='submit']").click()
    session = wait_for("the interval session", lambda: (daemon.status().get("session") or {}).get("kind") == "interval"
                       and daemon.status()["session"])
    assert session.get("intervals") == ["m3", "P5"], session
    assert session.get("direction") == "descending", session
    daemon.ctl("stop")


# --- phone first ------------------------------------------------------------------------------

def submitted(driver, path, fields):
    """A form posted from the page, as a browser posts it; waits for the page it answers."""
    driver.execute_script(SUBMIT, path, fields)
    wait_for(f"the page {path} answers", lambda: urllib.parse.urlparse(driver.current_url).path == path)


def opened(web, path, ready=None):
    """A page loader: `path` opened, then `ready` awaited."""
    def load(driver):
        driver.get(web.url(path))
        if ready:
            wait_for(f"{path} to be ready", lambda: ready(driver))
    return load


def refused(web):
    """A page loader: a start form of no kind posted (with the paired page's token), and the page
    that refuses it."""
    def load(driver):
        driver.get(web.url("/"))
        csrf = driver.execute_script('var c = document.querySelector("input[name=csrf]"); return c && c.value;')
        assert csrf, "no csrf token on the page: is the browser paired?"
        submitted(driver, "/session/start", {"kind": "viola", "csrf": csrf})
    return load


def test_phone_first(report, daemon, web, driver):
    """Every page at 360x640, 390x844 and 768x1024: the live page mid-round, the start form (every
    kind's open), the results, the progress, the pairing page and two error pages."""
    daemon.ctl("start", "scale", "dorian", "D3", "--seed", "1")
    daemon.ctl("play", "D3", "E3", "F#3")
    live = opened(web, "/", lambda d: live_ready(d) and d.find_elements("css selector", "#live svg ellipse.notehead"))
    idle = opened(web, "/", lambda d: live_ready(d) and d.find_elements("css selector", "#start:not([hidden]) form.start"))
    pages = [
        ("the live page mid-round", live, lambda: daemon.ctl("stop")),
        ("the start form", idle, None),
        ("the results", opened(web, "/results"), None),
        ("the progress", opened(web, "/progress"), None),
        ("the pairing page", opened(web, "/pair"), None),
        ("the class page (the join form)", opened(web, "/class"), None),
        ("a refused form (400)", refused(web), None),
        ("the progress of no profile (400)", opened(web, "/progress?profile=%3Cx%3E"), None),
    ]
    for what, load, after in pages:
        figures = []
        report.check(f"phone-first at 360, 390 and 768 px: {what} (no sideways scroll, controls 44 px tall, "
                     "labels, axe-core: nothing serious)", check_page, driver, load, what, figures)
        for line in figures:
            print(f"  {line}", flush=True)
        report.figures += figures
        if after:
            after()


# --- the answer drawings ----------------------------------------------------------------------

DRAWN = """
var live = document.getElementById("live");
function all(selector) { return Array.from(live.querySelectorAll(selector)); }
return {
  open: all("#open-bars svg.rhythm").length, answer: all("#answer-drawing svg").length,
  notes: all("svg.rhythm .rhythm-note").length, rests: all("svg.rhythm .rest").length,
  onsets: all("svg.rhythm g.onset").map(function (g) { return [g.dataset.onset, g.dataset.verdict, g.dataset.errorMs]; }),
  marks: all("svg.intonation g.mark").map(function (g) { return [g.dataset.kind, g.dataset.cents, g.dataset.beyond]; }),
  width: live.querySelector("figure.answer svg") ? live.querySelector("figure.answer svg").getBoundingClientRect().width : 0,
  scroll: document.documentElement.scrollWidth
};
"""


def played(daemon, onsets):
    """`eartrainctl play C3@0 C3@0.5 …` and the details of the first play-back's note_judged."""
    events = json.loads(daemon.ctl("play", *[f"C3@{t:.3f}" for t in onsets], "--json"))["events"]
    return [e["details"] for e in events if e["type"] == "note_judged"][0]


def test_answer_drawings(report, daemon, web, driver):
    """A rhythm at 360x640: the empty bars while open, after a wrong try too; the second play-back
    with its second onset 150 ms late marks exactly that onset late. Then a match answer on its
    scale. At each step the page fits 360 px; then phone-first at every size with the drawing."""
    daemon.ctl("start", "rhythm", "--root", "C3", "--tempo", "120", "--level", "2", "--tries", "3", "--seed", "3")
    set_viewport(driver, 360, 640)
    driver.get(web.url("/"))
    wait_for("the live badge", lambda: live_ready(driver))

    def drawn():
        return driver.execute_script(DRAWN)

    def open_question():
        now = drawn()
        assert now["open"] == 1 and now["answer"] == 0, f"the empty bars alone: {now}"
        assert now["notes"] == 0 and now["rests"] == 0 and not now["onsets"], f"nothing of the pattern while open: {now}"
        assert now["scroll"] <= 360, f"the page scrolls sideways: {now['scroll']} px"

    report.check("a rhythm question open at 360 px: its empty bars, no note of the pattern, no sideways scroll", open_question)
    # Every sixteenth at 120 BPM: a wrong first try (too many notes) that meets each onset asked,
    # so its judgement says when each is due (an onset not played has no time while open). It is
    # judged at the onset due last; the notes after it are a second wrong try.
    first = played(daemon, [i * 0.125 for i in range(16)])
    due = [o["expected_seconds"] for o in first["onsets"]]
    assert "pattern" not in first and len(due) >= 3 and None not in due, f"{first}"
    wait_for("the two wrong tries on the page", lambda: "try 2" in driver.find_element("id", "live").text)
    report.check("after a wrong try with another to come: still the empty bars alone", open_question)

    second = played(daemon, [t + (0.15 if i == 1 else 0) for i, t in enumerate(due)])
    assert "pattern" in second, f"{second}"
    wait_for("the rhythm drawn", lambda: drawn()["answer"] == 1)

    def rhythm_drawn():
        now = drawn()
        notes = sum(1 for v in second["pattern"]["values"] if not v["rest"])
        assert now["notes"] == notes, f"{notes} notes drawn: {now}"
        late = [o for o in now["onsets"] if o[1] == "late"]
        assert late == [["1", "late", "150"]], f"exactly the second onset late, 150 ms: {now['onsets']}"
        assert all(o[1] == "on_time" for o in now["onsets"] if o[0] != "1"), f"{now['onsets']}"
        assert len(now["onsets"]) == len(due), f"{now['onsets']}"
        assert now["scroll"] <= 360 and 250 <= now["width"] <= 360, f"fits 360 px: {now}"

    report.check("after the last try at 360 px: the rhythm's notes, exactly the second onset marked late (150 ms), "
                 "no sideways scroll (answer-rhythm-phone.png)", rhythm_drawn)
    os.makedirs(SCREENSHOTS, exist_ok=True)
    driver.execute_script('document.getElementById("answer-drawing").scrollIntoView(true);')
    driver.save_screenshot(os.path.join(SCREENSHOTS, "answer-rhythm-phone.png"))
    figures = []
    # The page as it stands, resized, not reloaded: a page loaded afresh is drawn from `status`,
    # which keeps no drawing (as it keeps no last answer); the next answer draws again.
    report.check("phone-first at 360, 390 and 768 px: the live page with a rhythm drawn (no sideways scroll, controls "
                 "44 px tall, labels, axe-core: nothing serious)", check_page, driver,
                 lambda d: wait_for("the drawing", lambda: d.find_elements("css selector", "#answer-drawing svg.rhythm")),
                 "the live page with a rhythm drawn", figures)
    report.figures += figures
    daemon.ctl("stop")

    daemon.ctl("start", "match", "--root", "A3", "--seed", "4")
    set_viewport(driver, 360, 640)
    driver.get(web.url("/"))
    wait_for("the live badge", lambda: live_ready(driver))

    def match_open():
        now = drawn()
        assert now["answer"] == 0 and not now["marks"], f"no offset while open: {now}"

    report.check("a match question open: no drawing of its offset", match_open)
    daemon.ctl("bend", "-600")
    daemon.ctl("play", "C4")
    wait_for("the match drawn", lambda: drawn()["answer"] == 1)

    def match_drawn():
        now = drawn()
        assert len(now["marks"]) == 1 and now["marks"][0][0] == "answer", f"{now}"
        assert now["scroll"] <= 360, f"the page scrolls sideways: {now['scroll']} px"

    report.check("a match answer at 360 px: its error on the scale, no sideways scroll (answer-match-phone.png)", match_drawn)
    driver.execute_script('document.getElementById("answer-drawing").scrollIntoView(true);')
    driver.save_screenshot(os.path.join(SCREENSHOTS, "answer-match-phone.png"))
    daemon.ctl("stop")


# --- control from another machine -------------------------------------------------------------

# A form's post from the page (same origin, its cookies): [status, body]. A redirect is not
# followed; fetch shows it as an opaque response with no status, given here as 303.
POST = """
var path = arguments[0], fields = arguments[1], done = arguments[arguments.length - 1];
fetch(path, {method: "POST", body: new URLSearchParams(fields), redirect: "manual", credentials: "same-origin"})
  .then(function (r) {
    if (r.type === "opaqueredirect") { done([303, ""]); return; }
    return r.text().then(function (t) { done([r.status, t]); });
  })
  .catch(function (e) { done([0, String(e)]); });
"""

SUBMIT = """
var form = document.createElement("form");
form.method = "post"; form.action = arguments[0];
var fields = arguments[1];
Object.keys(fields).forEach(function (name) {
  var input = document.createElement("input"); input.type = "hidden"; input.name = name; input.value = fields[name];
  form.appendChild(input);
});
document.body.appendChild(form); form.submit();
"""


def running(daemon):
    return daemon.status().get("session") is not None


def test_refused_without_pairing(daemon, web, driver, host):
    daemon.ctl("start", "scale", "dorian", "D3", "--seed", "3")
    daemon.ctl("play", "D3")
    set_screen(driver, "phone")
    driver.get(web.url("/", host))
    wait_for("the live badge", lambda: live_ready(driver))
    assert not driver.find_elements("css selector", 'form[action="/session/stop"]'), "the stop form is drawn for a LAN peer"
    status, body = driver.execute_async_script(POST, "/session/stop", {"action": "stop"})
    assert status == 403, f"POST /session/stop from {host}: {status}"
    status, _ = driver.execute_async_script(POST, "/session/start", {"kind": "interval"})
    assert status == 403, f"POST /session/start from {host}: {status}"
    # The same refusal as a student's browser shows it: a form posted, a page that is neither
    # the live screen nor the results.
    driver.execute_script(SUBMIT, "/session/stop", {"action": "stop"})
    wait_for("the refusal page", lambda: urllib.parse.urlparse(driver.current_url).path == "/session/stop")
    assert "dorian" not in driver.title and "results" not in driver.title.lower(), driver.title
    assert running(daemon), "the session stopped"
    assert daemon.status()["session"]["correct"] == 1


def pair(daemon, web, driver, host="127.0.0.1"):
    """Pairs the browser at `host` as a student does: the code from `eartrainctl web-pair` (which
    needs the daemon's socket's right) typed into the pairing page. Returns the code."""
    output = daemon.ctl("web-pair", "--no-qr")
    found = re.search(r"Pairing code: (\d{4}) (\d{4})", output)
    assert found, f"no code in: {output!r}"
    driver.get(web.url("/pair", host))
    driver.find_element("css selector", "#code").send_keys(found.group(1) + found.group(2))
    driver.find_element("css selector", 'form[action="/pair"] button').click()
    try:
        wait_for("the live page after pairing", lambda: urllib.parse.urlparse(driver.current_url).path == "/")
    except AssertionError:
        text = driver.find_element("css selector", "main").text
        raise AssertionError(f"after posting the code, {driver.current_url}: {text[:300]!r}")
    return found.group(1) + found.group(2)


def test_pairing(daemon, web, driver, host):
    """As a student pairs the phone: the code from `eartrainctl web-pair` typed into the pairing
    page, then the page's own Skip button. A post without the page's token is still refused."""
    code = pair(daemon, web, driver, host)
    cookies = {c["name"]: c for c in driver.get_cookies()}
    assert "eartrainer_pair" in cookies, f"no eartrainer_pair cookie: {sorted(cookies)}"
    assert cookies["eartrainer_pair"].get("httpOnly"), "the pairing cookie is not HttpOnly"
    assert cookies["eartrainer_pair"].get("sameSite") == "Strict", cookies["eartrainer_pair"].get("sameSite")
    assert "eartrainer_pair" not in driver.execute_script("return document.cookie"), "a script can read the cookie"
    status, _ = driver.execute_async_script(POST, "/session/stop", {"action": "stop"})
    assert status == 403 and running(daemon), f"a post without the form's token: {status}"
    wait_for("the live badge", lambda: live_ready(driver))
    driver.find_element("css selector", 'form[action="/session/stop"] button').click()
    wait_for("the results after Stop", lambda: urllib.parse.urlparse(driver.current_url).path == "/results")
    assert not running(daemon), "the paired browser's Stop did not stop the session"
    status, _ = driver.execute_async_script(POST, "/pair", {"code": code})
    assert status == 403, f"the same code a second time: {status}"
    # Nothing secret in an address or a log: neither the code nor the cookie's token.
    token = cookies["eartrainer_pair"]["value"]
    assert code not in driver.current_url and token not in driver.current_url, driver.current_url
    for log in os.listdir(daemon.folder):
        if log.endswith(".log"):
            with open(os.path.join(daemon.folder, log), errors="replace") as text:
                written = text.read()
            alone = re.search(rf"(?<!\d){code}(?!\d)", written)  # not a piece of a longer number
            assert not alone and token not in written, f"{log} holds the pairing code or the token"


# --- the attacks: no right from loopback, a rebound name ------------------------------------

def session_untouched(daemon, correct):
    session = daemon.status().get("session")
    assert session is not None, "the session stopped"
    assert session["correct"] == correct, session


def test_loopback_unpaired(daemon, web, driver):
    """A second account on this machine, which the daemon's socket refuses (eartrainctl: exit 69),
    drives nothing through the web view: requests from 127.0.0.1 with no pairing cookie."""
    correct = daemon.status()["session"]["correct"]
    for action, fields in [("stop", {}), ("skip", {}), ("repeat", {}), ("start", {"kind": "interval"})]:
        status, body = web.request(f"/session/{action}", "POST", fields=fields)
        assert status == 403 and "eartrainctl web-pair" in body, f"POST /session/{action} from 127.0.0.1 unpaired: {status}"
    status, _ = web.request("/progress?profile=default")
    assert status == 403, f"another profile's progress from 127.0.0.1 unpaired: {status}"
    # The browser on this machine, not paired: no forms, and a fetch POST refused.
    set_screen(driver, "phone")
    driver.get(web.url("/"))
    wait_for("the live badge", lambda: live_ready(driver))
    assert not driver.find_elements("css selector", 'form[action="/session/stop"]'), "the stop form is drawn unpaired"
    status, _ = driver.execute_async_script(POST, "/session/stop", {"action": "stop"})
    assert status == 403, f"a fetch POST /session/stop from the unpaired browser on 127.0.0.1: {status}"
    session_untouched(daemon, correct)


def test_rebound_host(daemon, web, driver):
    """DNS rebinding: a page of rebound.example, a name the browser resolves to 127.0.0.1, gets
    421 for every request, its own page's Origin and Host agreeing: no page, no control, no
    progress, no WebSocket."""
    correct = daemon.status()["session"]["correct"]
    evil = f"{REBOUND}:{web.port}"
    status, _ = web.request("/session/stop", "POST", headers={"Host": evil, "Origin": f"http://{evil}"}, fields={})
    assert status == 421, f"curl with Host {evil}: {status}"
    driver.get(f"http://{evil}/")
    assert "does not answer to that name" in driver.page_source, driver.page_source[:300]
    for path in ("/session/stop", "/session/start"):
        status, _ = driver.execute_async_script(POST, path, {"kind": "interval"})
        assert status == 421, f"a fetch POST {path} from the rebound page: {status}"
    progress = driver.execute_async_script(
        'var done = arguments[arguments.length - 1];'
        'fetch("/progress").then(function (r) { done(r.status); }).catch(function (e) { done(String(e)); });')
    assert progress == 421, f"GET /progress from the rebound page: {progress}"
    socket = driver.execute_async_script(
        'var done = arguments[arguments.length - 1], ws = new WebSocket("ws://" + location.host + "/live");'
        'ws.onopen = function () { done("open"); }; ws.onerror = function () { done("refused"); };')
    assert socket == "refused", f"the WebSocket from the rebound page: {socket}"
    session_untouched(daemon, correct)


# --- the run --------------------------------------------------------------------------------

def main():
    report = Report()
    folder = tempfile.mkdtemp(prefix="eartrainer-browser-")
    daemon = Daemon(BINARIES, folder)
    web = driver = None
    try:
        daemon.start()
        web = Web(BINARIES, folder, daemon.socket_path)
        driver = chromium()
        report.check("the live screen mid-round: judged keys green and red, counts, staff "
                     "(live-*.png)", test_live_mid_round, daemon, web, driver)
        report.check("control from 127.0.0.1 without pairing is refused (403): curl as a second local account, "
                     "the unpaired browser, another profile's progress", test_loopback_unpaired, daemon, web, driver)
        report.check(f"a name rebound to 127.0.0.1 ({REBOUND}) is refused (421): the page, its posts, /progress, "
                     "the WebSocket", test_rebound_host, daemon, web, driver)
        # The browser on this machine pairs as a student does; the tests below use its forms.
        report.check("the browser on 127.0.0.1 pairs with eartrainctl web-pair's code", pair, daemon, web, driver)
        report.check("the results after stop (results-*.png)", test_results, daemon, web, driver)
        report.check(f"a judged key reaches the page within {P95_GOAL_MS:.0f} ms at p95 ({KEYS_TIMED} keys)",
                     test_note_to_page, report, daemon, web, driver)
        report.check("the start form starts the kind with the options picked and ticked, none typed "
                     "(interval: m3 and P5 from C3, descending; start-*.png)",
                     test_start_form, daemon, web, driver)
        # After the timed keys, so the statistics have a few sessions to show.
        test_progress(report, daemon, web, driver)
        test_phone_first(report, daemon, web, driver)
        test_teacher_view(report, BINARIES, folder, driver, SCREENSHOTS)
        report.check("the answer drawings ran to the end", test_answer_drawings, report, daemon, web, driver)
        host = lan_address()
        if host is None:
            report.skip("control refused without pairing", "no non-loopback address (hostname -I)")
        else:
            report.check(f"control from {host} without pairing is refused (403) and the session goes on",
                         test_refused_without_pairing, daemon, web, driver, host)
            report.check(f"control from {host} after pairing with eartrainctl web-pair's code", test_pairing, daemon, web, driver, host)
        report.check('the page says "reconnecting…" while the daemon restarts, and is live again without a reload',
                     test_restart, report, daemon, web, driver)
        used, peer = web.memory(), memory(daemon.process.pid)
        line = f"eartrainer-web memory after the tests: VmRSS {used['VmRSS'] / 1024:.1f} MiB, " \
               f"VmHWM {used['VmHWM'] / 1024:.1f} MiB; eartrainerd beside it (audio off, since the restart): " \
               f"VmRSS {peer['VmRSS'] / 1024:.1f} MiB; ratio {used['VmRSS'] / peer['VmRSS']:.2f}"
        print(f"  {line}", flush=True)
        report.figures.append(line)
    except Exception as error:  # noqa: BLE001: a harness that cannot start fails the run
        report.fail("the browser test harness", f"{error}\n  logs in {folder}")
        folder = None  # keep the logs
    finally:
        if driver is not None:
            driver.quit()
        if web is not None:
            web.stop()
        daemon.stop()
        if folder and report.failed == 0:
            shutil.rmtree(folder, ignore_errors=True)
        elif folder:
            print(f"  logs kept in {folder}")
    if report.figures:
        os.makedirs(os.path.dirname(FIGURES) or ".", exist_ok=True)
        with open(FIGURES, "w") as figures:
            figures.write(time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()) + f" ({BINARIES})\n")
            figures.write("\n".join(report.figures) + "\n")
    print(f"browser: {report.passed} passed, {report.failed} failed, {report.skipped} skipped")
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
