#!/usr/bin/env bash
# System packages the tests need, from Debian: chromium and its headless shell for the browser
# tests (Playwright's own browser download is not reachable here), docker-compose to validate
# the compose files, nodejs for the browser client's unit tests (make jstest: node --test) and
# npm for its linter (make lint: npm ci installs the pinned Biome; Debian ships npm apart from
# nodejs), and nginx plus redis-server for the scale-out tests (tests/cluster: a load balancer
# in front of replicas that coordinate through Redis; each test starts its own nginx and
# redis-server on free ports).
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
# The browser tests run in the headless shell (cheaper); one test needs the whole chromium.
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
# nginx lives in /usr/sbin, which a non-root PATH may lack.
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
# openssl makes the self-signed pair the HTTPS test serves (tests/e2e/test_https.py).
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
# dbus-daemon: a private session bus for the desktop notification server that taps Chromium's
# notifications (tests/e2e/desktop_notifications.py).
command -v dbus-daemon >/dev/null 2>&1 || missing+=(dbus-daemon)
# promtool and prometheus check and run the alert rules (tests/deploy/test_monitoring.py); the
# package's recommends (node-exporter and a running service) are not needed.
lean=()
command -v promtool >/dev/null 2>&1 || lean+=(prometheus)
[ ${#missing[@]} -eq 0 ] && [ ${#lean[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "installing Debian packages for the tests: ${missing[*]} ${lean[*]}" >&2
  apt-get update -qq
  if [ ${#missing[@]} -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  if [ ${#lean[@]} -gt 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${lean[@]}" >/dev/null
  fi
else
  echo "missing: ${missing[*]} ${lean[*]} — run: sudo apt-get install ${missing[*]} ${lean[*]}" >&2
  exit 1
fi
