"""The phone-first checks (issue 24, docs/web.md "Browser tests"), run on a page as it is open in
the browser at each of three CSS viewports: no sideways scroll, every control a finger can hit
(44 CSS px tall at least), every input and select named by a <label for>, and axe-core (from the
axe-selenium-python package, which ships axe.min.js: nothing is fetched) with no serious or
critical finding. AXE_SCRIPT names another axe.min.js (a newer axe-core) to run instead."""

import os

from axe_selenium_python import Axe

# Two phones (a small Android, an iPhone 12-15) and a tablet held upright, in CSS pixels.
VIEWPORTS = [(360, 640), (390, 844), (768, 1024)]
MIN_TARGET = 44  # CSS px: WCAG 2.5.5's target size, Apple's and Android's guidance

# The page's widths and the elements reaching past the viewport's right edge, leaving out those
# inside a box that scrolls by itself (a wide table) and what is drawn for screen readers only;
# and how many boxes scroll sideways by themselves (allowed, but counted: none do today).
OVERFLOW = """
var width = arguments[0], root = document.documentElement;
function scrollsAlone(e) {
  for (var p = e.parentElement; p; p = p.parentElement) {
    var x = getComputedStyle(p).overflowX;
    if (x === "auto" || x === "scroll" || x === "hidden") return true;
  }
  return false;
}
var out = [];
document.querySelectorAll("body *").forEach(function (e) {
  var r = e.getBoundingClientRect();
  if (r.width > 1 && r.right > width + 0.5 && !scrollsAlone(e) && !e.closest(".sr-only")) {
    out.push(e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && e.className.baseVal === undefined ? "." + e.className : "")
             + " right " + Math.round(r.right));
  }
});
var boxes = Array.from(document.querySelectorAll("body *")).filter(function (e) {
  var x = getComputedStyle(e).overflowX;
  return (x === "auto" || x === "scroll") && e.scrollWidth > e.clientWidth + 1;
}).length;
return {scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, culprits: out.slice(0, 6), boxes: boxes};
"""

# Every control shown (in an open <details>, not hidden): its height as a finger meets it. A
# checkbox's target is its label (each box here sits inside the label that names it). A link in a
# sentence is exempt (WCAG 2.5.8's inline exception); links that stand alone (the navigation,
# .button) are controls.
TARGETS = """
var controls = document.querySelectorAll('button, select, textarea, input:not([type=hidden]), summary, nav a, a.button');
var found = [];
controls.forEach(function (e) {
  if (!e.getClientRects().length || getComputedStyle(e).visibility === "hidden") return;
  var height = e.getBoundingClientRect().height;
  if (e.type === "checkbox" || e.type === "radio") {
    Array.from(e.labels || []).forEach(function (l) { height = Math.max(height, l.getBoundingClientRect().height); });
  }
  var name = e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.name ? "[name=" + e.name + "]" : "")
             + (e.value && e.type === "checkbox" ? "[value=" + e.value + "]" : "")
             + (e.tagName === "A" || e.tagName === "BUTTON" || e.tagName === "SUMMARY" ? " '" + e.textContent.trim().slice(0, 20) + "'" : "");
  found.push([name, height]);
});
return found;
"""

# Inputs and selects a person fills in, and whether a <label for> names each.
UNLABELLED = """
return Array.from(document.querySelectorAll('input:not([type=hidden]):not([type=submit]), select, textarea'))
  .filter(function (e) { return !Array.from(e.labels || []).some(function (l) { return l.htmlFor === e.id && e.id; }); })
  .map(function (e) { return e.tagName.toLowerCase() + "[name=" + e.name + "]"; });
"""

OPEN_EVERY_DETAILS = 'document.querySelectorAll("details").forEach(function (d) { d.open = true; });'


def set_viewport(driver, width, height):
    """The CSS viewport exactly width x height, as a phone's (mobile, device scale factor 1)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 1000})


def serious_findings(driver):
    """axe-core's serious and critical violations on the page, as (rule id, impact, targets)."""
    axe = Axe(driver, os.environ["AXE_SCRIPT"]) if os.environ.get("AXE_SCRIPT") else Axe(driver)
    axe.inject()
    results = axe.run()
    return [violation for violation in results["violations"] if violation.get("impact") in ("serious", "critical")], axe


def check_page(driver, load, what, figures):
    """Loads the page (`load(driver)`) at each viewport and checks it; raises with every failure
    at every size. Adds a line of figures per size to `figures`."""
    failures = []
    for width, height in VIEWPORTS:
        set_viewport(driver, width, height)
        load(driver)
        driver.execute_script(OPEN_EVERY_DETAILS)
        size = f"{width}x{height}"
        layout = driver.execute_script(OVERFLOW, width)
        if layout["clientWidth"] != width:
            failures.append(f"{size}: the viewport is {layout['clientWidth']} px wide, not {width}")
        if layout["scrollWidth"] > width:
            failures.append(f"{size}: the page scrolls sideways: {layout['scrollWidth']} px wide; past the edge: "
                            + ", ".join(layout["culprits"]))
        targets = driver.execute_script(TARGETS)
        small = [f"{name} {h:.0f} px" for name, h in targets if h < MIN_TARGET - 0.01]
        if small:
            failures.append(f"{size}: {len(small)} controls under {MIN_TARGET} px: " + "; ".join(small[:8]))
        unlabelled = driver.execute_script(UNLABELLED)
        if unlabelled:
            failures.append(f"{size}: inputs without a <label for>: " + ", ".join(unlabelled))
        findings, axe = serious_findings(driver)
        if findings:
            failures.append(f"{size}: axe-core: " + axe.report(findings).replace("\n", "\n    "))
        lowest = min((h for _, h in targets), default=0)
        figures.append(f"{what} {size}: page {layout['scrollWidth']} px wide, boxes scrolling sideways {layout['boxes']}, "
                       f"{len(targets)} controls, the lowest {lowest:.0f} px, axe serious/critical {len(findings)}")
    if failures:
        raise AssertionError("\n  ".join(failures))
