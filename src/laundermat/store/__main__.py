"""`python -m laundermat.store`: wait for the database, then migrate (the first step)."""

from __future__ import annotations

import asyncio

from .migrate import wait_and_upgrade


def main(argv: list[str] | None = None) -> None:
    import argparse
    import os

    parser = argparse.ArgumentParser(
        prog="python -m laundermat.store",
        description="Wait for the database, then apply every migration (alembic upgrade head).",
    )
    # The server's own names for it (web/settings.py), LAUNDERMAT_DATABASE_URL first: an
    # operator who sets only that one must not get a stray ./laundermat.db migrated.
    default = (
        os.environ.get("LAUNDERMAT_DATABASE_URL")
        or os.environ.get("DATABASE_URL")
        or "sqlite:///laundermat.db"
    )
    parser.add_argument("--database-url", default=default)
    parser.add_argument("--wait", type=float, default=60.0, help="seconds to wait for the database")
    args = parser.parse_args(argv)
    asyncio.run(wait_and_upgrade(args.database_url, args.wait))
    print("migrations applied")


if __name__ == "__main__":
    main()
