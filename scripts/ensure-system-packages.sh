#!/usr/bin/env bash
# System packages the tests need, from Debian: chromium for the browser tests (Playwright's own
# browser download is not reachable here), docker-compose to validate docker-compose.yml and
# nodejs for the browser client's unit tests (make jstest: node --test, no npm packages).
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "installing Debian packages for the tests: ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "missing: ${missing[*]} — run: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
