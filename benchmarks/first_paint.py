"""The home page's first visit on a slow link: first contentful paint and "interactive".

Chromium (Debian's `chromium`, through Playwright) opens `/` in a fresh browser context each
run, so the cache and the connections are cold, under Chromium's own network emulation
(DevTools `Network.emulateNetworkConditions`): 150 ms latency per request, 1.6 Mbps down,
750 kbps up by default.

- first paint: the `first-contentful-paint` entry of the page's Performance timeline.
- interactive: the first moment the create form's submit button (`create-submit`) is in the
  page and enabled. Only the client enables it, once main.js has run (its handlers are wired
  before its first render) and the catalog is in; the page as served always has it disabled
  (tests/web/test_pages.py checks that, so this stays honest).

Both in ms from the navigation's start, min / median / max over the runs, beside a baseline
measured in the same run and in turn with it: the same command against another revision's
tree (`git archive REV src static`, served by its own `laundermat serve`), by default the
commit before the first-visit work (issue 30, item 14). `--baseline none` skips it.

Straight to `laundermat serve` the page is HTTP/1.1, where Chromium opens six connections to
a host and the emulation holds each for the latency of every request: the files the page
asks for take a round of 150 ms per six however early they are asked for (29 files after the
page, five rounds; a 31st would add a sixth). `--proxy` also measures each tree through
nginx with TLS and HTTP/2 (README, "Behind a TLS proxy"; a certificate made for the run),
where one connection carries them all; there the emulation shares the bandwidth between
the requests in flight, whatever their priority (on a real link the server's order counts).
A visit that never turns interactive (a stall seen now and then over HTTP/2 only) is said,
counted and made again (STALL_RETRIES).

    .venv/bin/python -m benchmarks.first_paint --runs 7 --proxy
    .venv/bin/python -m benchmarks.first_paint --runs 1 --baseline none   # a smoke run

The last line printed is a JSON object of every figure.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, sync_playwright

from laundermat.bots.server_process import free_port

ROOT = Path(__file__).resolve().parents[1]
BEFORE = "a87b822"  # main before issue 30 item 14: no static home, no preload, no gzip
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]

# Installed before the page's own scripts: notes when the Create button first stands enabled.
WATCH_INTERACTIVE = """
(() => {
  const ready = () => {
    const button = document.querySelector('[data-testid="create-submit"]');
    return button !== null && !button.disabled;
  };
  new MutationObserver((_, observer) => {
    if (window.__interactive === undefined && ready()) {
      window.__interactive = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();
"""

FIGURES = """() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const resources = performance.getEntriesByType("resource")
    .filter((r) => r.startTime <= window.__interactive);
  const nav = performance.getEntriesByType("navigation")[0];
  return {
    first_paint: paint ? paint.startTime : null,
    interactive: window.__interactive,
    requests: resources.length + 1,
    kib: (resources.reduce((n, r) => n + r.transferSize, 0) + nav.transferSize) / 1024,
  };
}"""


@contextlib.contextmanager
def served(tree: Path, log: Path) -> Iterator[str]:
    """`laundermat serve` from `tree` (its src/ and static/) on a free port, in memory."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("LAUNDERMAT_")}
    env.update(
        PYTHONPATH=str(tree / "src"),
        LAUNDERMAT_STATIC_DIR=str(tree / "static"),
        LAUNDERMAT_DATABASE_URL="memory://",
        LAUNDERMAT_JSON_LOGS="false",
        LAUNDERMAT_GC_FREEZE_SECONDS="0",
    )
    cmd = [sys.executable, "-m", "laundermat.cli", "serve", "--port", str(port)]
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, env=env, cwd=tree, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(url, proc, log)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _wait_healthy(url: str, proc: subprocess.Popen[Any], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited:\n{log.read_text()[-2000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url + "/healthz", timeout=1, verify=False).status_code == 200:
                return
        time.sleep(0.05)
    raise RuntimeError(f"server did not start:\n{log.read_text()[-2000:]}")


NGINX = """
pid {prefix}/nginx.pid;
error_log {prefix}/error.log;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  client_body_temp_path {prefix}; proxy_temp_path {prefix}; fastcgi_temp_path {prefix};
  uwsgi_temp_path {prefix}; scgi_temp_path {prefix};
  server {{
    listen 127.0.0.1:{port} ssl http2;
    ssl_certificate {prefix}/cert.pem;
    ssl_certificate_key {prefix}/key.pem;
    location / {{
      proxy_pass {upstream};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
    }}
  }}
}}
"""


@contextlib.contextmanager
def proxied(upstream: str, prefix: Path) -> Iterator[str]:
    """nginx in front of `upstream` with TLS and HTTP/2, as README's "Behind a TLS proxy"
    serves players: one connection carries every request (HTTP/1.1 opens six at most)."""
    prefix.mkdir(parents=True)
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-subj", "/CN=127.0.0.1", "-keyout", str(prefix / "key.pem")),
            *("-out", str(prefix / "cert.pem")),
        ],
        check=True,
        capture_output=True,
    )
    port = free_port()
    conf = prefix / "nginx.conf"
    conf.write_text(NGINX.format(prefix=prefix, port=port, upstream=upstream))
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    cmd = [nginx, "-p", str(prefix), "-c", str(conf), "-e", str(prefix / "error.log")]
    proc = subprocess.Popen([*cmd, "-g", "daemon off;"], stderr=subprocess.DEVNULL)
    url = f"https://127.0.0.1:{port}"
    try:
        _wait_healthy(url, proc, prefix / "error.log")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def unpack(rev: str, into: Path) -> Path:
    """Another revision's src/ and static/, as `git archive` has them."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "src", "static"], capture_output=True, check=True
    ).stdout
    into.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


class Stalled(RuntimeError):
    """A visit whose page never turned interactive (see STALL_RETRIES)."""


# Now and then a cold visit through nginx's HTTP/2 under Chromium's emulation stalls: every
# request sent, none answered (docs/benchmarks.md). Such a visit is counted, said, and made
# again, at most this many times per tree and transport, so one stall does not throw away the
# whole run's figures.
STALL_RETRIES = 3


def visit(browser: Browser, url: str, args: argparse.Namespace) -> dict[str, float]:
    """One cold first visit of `url` under the emulated link; its figures in ms and KiB."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.add_init_script(WATCH_INTERACTIVE)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": args.rtt,
                "downloadThroughput": args.down_kbps * 1000 / 8,
                "uploadThroughput": args.up_kbps * 1000 / 8,
            },
        )
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + "/", wait_until="commit")
        try:
            page.wait_for_function("() => window.__interactive !== undefined", timeout=60_000)
        except Exception as exc:  # which tree, and what its page said
            text = page.evaluate("() => document.body?.innerText.slice(0, 300)")
            raise Stalled(f"{url}: never interactive; errors: {errors}; page: {text!r}") from exc
        page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint')[0]")
        figures: dict[str, float] = page.evaluate(FIGURES)
        return figures
    finally:
        context.close()


def visited(
    once: Callable[[], dict[str, float]], label: str, stalled: dict[str, int]
) -> dict[str, float]:
    """`once()` until it turns interactive: each stall counted in `stalled[label]` and said,
    and at most STALL_RETRIES of them for `label` in the whole run."""
    while True:
        try:
            return once()
        except Stalled as exc:
            stalled[label] += 1
            if stalled[label] > STALL_RETRIES:
                raise RuntimeError(f"{label}: {exc}") from exc
            print(f"{label}: a visit never turned interactive; again", flush=True)


def spread(values: list[float]) -> dict[str, float]:
    return {
        "min": round(min(values), 1),
        "median": round(statistics.median(values), 1),
        "max": round(max(values), 1),
    }


def summary(visits: list[dict[str, float]], stalled: int) -> dict[str, Any]:
    return {
        "runs": len(visits),
        "stalled": stalled,
        **{key: spread([v[key] for v in visits]) for key in ("first_paint", "interactive")},
        "requests": visits[-1]["requests"],
        "kib": round(visits[-1]["kib"], 1),
    }


def show(label: str, figures: dict[str, Any], width: int) -> None:
    def ms(key: str) -> str:
        s = figures[key]
        return f"{s['min']:.0f} / {s['median']:.0f} / {s['max']:.0f} ms"

    stalled = f", {figures['stalled']} stalled and made again" if figures["stalled"] else ""
    print(
        f"{label:<{width}} first paint {ms('first_paint')}   interactive {ms('interactive')}"
        f"   ({figures['requests']} requests, {figures['kib']:.0f} KiB transferred{stalled})",
        flush=True,
    )


def run(args: argparse.Namespace, work: Path) -> dict[str, Any]:
    trees = {"this tree": ROOT}
    if args.baseline != "none":
        trees = {f"{args.baseline}": unpack(args.baseline, work / "baseline"), **trees}
    with contextlib.ExitStack() as stack:
        urls = {
            label: stack.enter_context(served(tree, work / f"server-{i}.log"))
            for i, (label, tree) in enumerate(trees.items())
        }
        if args.proxy:
            urls |= {
                f"{label}, h2": stack.enter_context(proxied(url, work / f"nginx-{i}"))
                for i, (label, url) in enumerate(list(urls.items()))
            }
        p = stack.enter_context(sync_playwright())
        executable = shutil.which("chromium")
        insecure = ["--ignore-certificate-errors"] if args.proxy else []  # nginx's own cert
        browser = p.chromium.launch(executable_path=executable, args=[*CHROMIUM_ARGS, *insecure])
        stack.callback(browser.close)
        visits: dict[str, list[dict[str, float]]] = {label: [] for label in urls}
        stalled = dict.fromkeys(urls, 0)
        for _ in range(args.runs):  # in turn, so that both meet the same machine
            for label, url in urls.items():
                once = functools.partial(visit, browser, url, args)
                visits[label].append(visited(once, label, stalled))
    return {label: summary(v, stalled[label]) for label, v in visits.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=5, help="cold visits per tree")
    parser.add_argument("--rtt", type=float, default=150, help="added latency per request, ms")
    parser.add_argument("--down-kbps", type=float, default=1600)
    parser.add_argument("--up-kbps", type=float, default=750)
    parser.add_argument(
        "--baseline", default=BEFORE, help=f"a git revision to measure beside, or none ({BEFORE})"
    )
    parser.add_argument(
        "--proxy",
        action="store_true",
        help="also through nginx with TLS and HTTP/2, as README's TLS proxy serves players",
    )
    args = parser.parse_args(argv)
    print(
        f"home page, cold, {args.rtt:.0f} ms per request, {args.down_kbps:.0f} kbps down, "
        f"{args.up_kbps:.0f} kbps up: min / median / max of {args.runs} runs",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="first-paint-") as tmp:
        results = run(args, Path(tmp))
    width = max(len(label) for label in results)
    for label, figures in results.items():
        show(label, figures, width)
    print(json.dumps({"link": vars(args), "results": results}))


if __name__ == "__main__":
    main()
