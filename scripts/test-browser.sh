#!/usr/bin/env bash
# The web view in a real browser (docs/web.md, "Browser tests"): headless Chromium, driven by
# Selenium through chromium-driver (scripts/deps/*-browser.txt), every page checked phone-first at
# three widths with axe-core (axe-selenium-python), against a real eartrainerd (silent,
# in a scratch folder, on its own socket and statistics file) and eartrainer-web on a free port.
# Uses the debug binaries `swift build` already made (EARTRAINER_BIN moves them). It writes the
# screenshots to docs/screenshots/ (SCREENSHOTS moves them) and the figures (note-to-page median
# and p95, the restart, eartrainer-web's memory) to .build/browser/note-to-page.txt. About 20 s.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${EARTRAINER_BIN:-.build/debug}
for product in eartrainerd eartrainctl eartrainer-web eartrainer-hub; do
  [ -x "$bin/$product" ] || { echo "test-browser: $bin/$product is missing; run swift build first" >&2; exit 1; }
done
for tool in "${CHROMIUM:-/usr/bin/chromium}" "${CHROMEDRIVER:-/usr/bin/chromedriver}"; do
  [ -x "$tool" ] || { echo "test-browser: $tool is missing; run scripts/install-deps.sh" >&2; exit 1; }
done
for module in selenium axe_selenium_python; do
  python3 -c "import $module" 2>/dev/null || { echo "test-browser: $module is missing; run scripts/install-deps.sh" >&2; exit 1; }
done
EARTRAINER_BIN=$bin python3 Tests/Browser/test_web.py
