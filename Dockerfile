# LaunderMat: the app image. `docker compose up -d` runs it beside PostgreSQL.
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    LAUNDERMAT_HOST=0.0.0.0 \
    LAUNDERMAT_PORT=8000 \
    LAUNDERMAT_STATIC_DIR=/app/static

WORKDIR /app

# Dependencies first, so a code change does not reinstall them.
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip install . && rm -rf /root/.cache

COPY alembic.ini ./
COPY alembic ./alembic
COPY static ./static
COPY scripts/docker-start.sh ./scripts/docker-start.sh

RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin laundermat
USER laundermat

EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
    CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"

# The exact start-up sequence CI runs against PostgreSQL (scripts/check-deploy.sh):
# wait for the database, apply the migrations, then serve.
CMD ["sh", "scripts/docker-start.sh"]
