#!/usr/bin/env bash
# System packages the tests need, from Debian: chromium for the browser tests (Playwright's own
# browser download is not reachable here), docker-compose to validate the compose files, nodejs
# for the browser client's unit tests (make jstest: node --test) and npm for its linter (make
# lint: npm ci installs the pinned Biome; Debian ships npm apart from nodejs), and nginx plus
# redis-server for the scale-out tests (tests/cluster: a load balancer in front of replicas that
# coordinate through Redis; each test starts its own nginx and redis-server on free ports).
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v docker-compose >/dev/null 2>&1 || missing+=(docker-compose)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
# nginx lives in /usr/sbin, which a non-root PATH may lack.
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "installing Debian packages for the tests: ${missing[*]}" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "missing: ${missing[*]} — run: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
