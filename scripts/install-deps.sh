#!/usr/bin/env bash
# Installs what eartrainer needs on Debian 12, idempotently: the Debian packages listed in
# scripts/deps/apt-*.txt and the PyPI tools in scripts/deps/pip-*.txt (one name a line, # comments).
# Only what is missing is installed; `apt-get update` runs once, and only when something is missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

list() { cat "$here"/deps/$1-*.txt 2>/dev/null | sed 's/#.*//' | tr -s ' \t' '\n' | grep -v '^$' | sort -u; }

missing=()
for pkg in $(list apt); do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

pip_missing=()
for pkg in $(list pip); do
  python3 -m pip show "$pkg" >/dev/null 2>&1 || pip_missing+=("$pkg")
done
if [ ${#pip_missing[@]} -gt 0 ]; then
  echo "install-deps: installing PyPI tools: ${pip_missing[*]}"
  python3 -m pip install --quiet --disable-pip-version-check "${pip_missing[@]}"
fi
if ! command -v swift >/dev/null; then
  echo "install-deps: swift 6.x is needed on PATH (https://www.swift.org/install/linux/)" >&2
  exit 1
fi
