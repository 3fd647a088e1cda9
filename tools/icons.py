"""Draws the app icons (static/icons/*.png) from their SVG sources with the test run's Chromium:
`python -m tools.icons`. Run again after changing an SVG, and commit the PNGs (no image library
is a dependency of the site; the browser that the tests drive already renders SVG exactly)."""

from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.support.services import CHROMIUM_PATH

ICONS = Path(__file__).resolve().parents[1] / "static" / "icons"
# (source SVG, PNG, side in pixels): the manifest's icons, the maskable one, the touch icon.
RENDERS = [
    ("icon.svg", "icon-192.png", 192),
    ("icon.svg", "icon-512.png", 512),
    ("icon-maskable.svg", "icon-maskable-512.png", 512),
    ("icon.svg", "favicon-32.png", 32),
]


def main():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM_PATH, args=["--no-sandbox"])
        for source, target, side in RENDERS:
            page = browser.new_page(viewport={"width": side, "height": side})
            svg = (ICONS / source).read_text()
            page.set_content(f'<style>html,body{{margin:0;background:transparent}} svg{{display:block;'
                             f'width:{side}px;height:{side}px}}</style>{svg}')
            page.screenshot(path=str(ICONS / target), omit_background=True)
            page.close()
            print(target, (ICONS / target).stat().st_size, "bytes")
        browser.close()


if __name__ == "__main__":
    main()
