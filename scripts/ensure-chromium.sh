#!/usr/bin/env bash
# Browser tests drive the system Chromium (Playwright's own download is not reachable here).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = 0 ]; then
  echo "installing Debian's chromium for the browser tests" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "chromium is missing: run 'sudo apt-get install chromium' (the browser tests need it)" >&2
  exit 1
fi
