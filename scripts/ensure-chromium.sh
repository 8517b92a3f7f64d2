#!/usr/bin/env bash
# The browser tests drive the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium). On a fresh Debian machine
# where we are root, install it; anywhere else, say how. A missing browser is a failure, never a skip.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$path" ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Chromium not found at $path: installing Debian's chromium (about a minute)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y --no-install-recommends chromium >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y --no-install-recommends chromium >/dev/null; }
  [ -x "$path" ] && exit 0
fi
echo "Chromium not found at $path: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH." >&2
exit 1
