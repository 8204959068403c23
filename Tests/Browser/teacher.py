"""The class's teacher view in the browser (docs/class.md, "The teacher's view"): the README's
class on one machine (scripts/class-demo.sh: a hub and two boxes, each a real daemon that
answers a session and pushes it), the teacher's password set with `eartrainer-hub
teacher-password`, then the sign-in, the class page and a student's page in headless Chromium,
each phone-first at 360, 390 and 768 px (phone.py), with screenshots (teacher-*.png)."""

import os
import re
import subprocess
import urllib.parse

from harness import environment, free_port, set_screen, wait_for
from phone import check_page

PASSWORD = "a long password for the test"
STUDENTS = ["Ana", "Ben"]


class ClassDemo:
    """scripts/class-demo.sh in `folder`, on a free port, with the binaries in `binaries`."""

    def __init__(self, binaries, folder):
        self.binaries = binaries
        self.folder = os.path.join(folder, "class-demo")
        self.port = free_port()
        self.env = environment() | {"CLASS_DEMO_DIR": self.folder, "CLASS_DEMO_PORT": str(self.port),
                                    "EARTRAINER_BIN": binaries, "ETCTL_TIMEOUT": "120"}

    def run(self, *arguments):
        done = subprocess.run(["scripts/class-demo.sh", *arguments], env=self.env, capture_output=True, text=True, timeout=240)
        assert done.returncode == 0, f"class-demo.sh {' '.join(arguments)}: exit {done.returncode}\n{done.stdout}{done.stderr}"
        return done.stdout

    def start(self):
        self.run("hub")
        for name in STUDENTS:
            self.run("box", name)
        subprocess.run([os.path.join(self.binaries, "eartrainer-hub"), "teacher-password", "--state", self.folder + "/hub"],
                       input=PASSWORD + "\n", text=True, env=self.env, check=True, capture_output=True, timeout=60)

    def stop(self):
        subprocess.run(["scripts/class-demo.sh", "stop"], env=self.env, capture_output=True, timeout=60)

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"


def signed_in(demo, driver):
    """Signs the browser in with the teacher's password, as a teacher does on the login page."""
    driver.get(demo.url("/teacher"))
    wait_for("the login page", lambda: driver.find_elements("css selector", "input[name=password]"))
    driver.find_element("css selector", "input[name=password]").send_keys(PASSWORD)
    driver.find_element("css selector", "form button").click()
    wait_for("the class page after signing in", lambda: urllib.parse.urlparse(driver.current_url).path == "/teacher"
             and driver.find_elements("css selector", "h1"))


def class_page_ready(driver):
    return driver.find_elements("xpath", "//h2[contains(., 'Who practised')]")


def test_teacher_view(report, binaries, folder, driver, screenshots):
    demo = ClassDemo(binaries, folder)
    try:
        report.check("the README's class: a hub and two boxes, each with a session pushed (class-demo.sh)", demo.start)
        report.check("the teacher signs in with the password set by eartrainer-hub teacher-password", signed_in, demo, driver)

        def overview():
            driver.get(demo.url("/teacher"))
            wait_for("the class page", lambda: class_page_ready(driver))
            page = driver.page_source
            for name in STUDENTS:
                assert name in page, f"{name} is not on the class page"
            cells = driver.find_elements("css selector", "table td[title]")
            assert len(cells) >= len(STUDENTS), f"the heat map has {len(cells)} cells with figures"
            # Each box's session: D dorian, D3 E3 F#3 F3 G3: degree 3 missed once (50 %), the others right.
            texts = [cell.text for cell in cells]
            assert texts.count("50") == len(STUDENTS) and "100" in texts, f"the heat map's cells: {texts}"
        report.check("the class page: both students in the heat map (degree 3 at 50 %: F#3 before F3) and in who practised",
                     overview)
        report.check("the class page phone-first at 360, 390 and 768 px", check_page, driver,
                     lambda d: (d.get(demo.url("/teacher")), wait_for("the class page", lambda: class_page_ready(d))), "the teacher's class page", [])

        def student_link():
            driver.get(demo.url("/teacher"))
            wait_for("the class page", lambda: class_page_ready(driver))
            href = driver.find_element("link text", STUDENTS[0]).get_attribute("href")
            assert re.search(r"/teacher/students/[0-9a-f-]+$", href), href
            return href
        href = None

        def student():
            nonlocal href
            href = student_link()
            check_page(driver, lambda d: (d.get(href), wait_for("a student's page", lambda: d.find_elements("xpath", "//h2[contains(., 'Day by day')]"))),
                       "a student's page", [])
        report.check("a student's page (weak items, day by day) phone-first at 360, 390 and 768 px", student)

        def screenshots_taken():
            os.makedirs(screenshots, exist_ok=True)
            for screen in ("phone", "tablet"):
                set_screen(driver, screen)
                driver.get(demo.url("/teacher"))
                wait_for("the class page", lambda: class_page_ready(driver))
                assert driver.save_screenshot(os.path.join(screenshots, f"teacher-{screen}.png"))
        report.check("the teacher's class page, screenshots (teacher-*.png)", screenshots_taken)
    finally:
        demo.stop()
