#!/bin/sh
# The container's start-up sequence: wait for the database, migrate, serve.
# CI runs this very file against the local PostgreSQL (scripts/check-deploy.sh).
set -eu
python -m laundermat.store --wait "${LAUNDERMAT_DB_WAIT:-60}"
# Scaled out (LAUNDERMAT_REDIS_URL set, docker-compose.scale.yml), each replica tells its peers
# where to reach it: its own address on the compose network, unless one is given.
if [ -n "${LAUNDERMAT_REDIS_URL:-}" ] && [ -z "${LAUNDERMAT_ADVERTISE_URL:-}" ]; then
  address="$(python -c 'import socket; print(socket.gethostbyname(socket.gethostname()))')"
  export LAUNDERMAT_ADVERTISE_URL="http://${address}:${LAUNDERMAT_PORT:-8000}"
fi
exec laundermat serve --host "${LAUNDERMAT_HOST:-0.0.0.0}" --port "${LAUNDERMAT_PORT:-8000}"
