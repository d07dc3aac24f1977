#!/bin/sh
# The container's start-up sequence: wait for the database, migrate, serve.
# CI runs this very file against the local PostgreSQL (scripts/check-deploy.sh).
set -eu
python -m laundermat.store --wait "${LAUNDERMAT_DB_WAIT:-60}"
exec laundermat serve --host "${LAUNDERMAT_HOST:-0.0.0.0}" --port "${LAUNDERMAT_PORT:-8000}"
