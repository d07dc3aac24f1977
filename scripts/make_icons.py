"""Draw static/icons/icon-192.png and icon-512.png from static/icons/icon.svg with the system
chromium. Run once after changing the SVG, and commit the PNGs (the client has no build step):

    .venv/bin/python scripts/make_icons.py
"""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "static" / "icons"


def main() -> None:
    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as p:
        chromium = shutil.which("chromium")
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for size in (192, 512):
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(f"<body style='margin:0'>{sized}</body>")
            page.screenshot(path=ICONS / f"icon-{size}.png", omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
