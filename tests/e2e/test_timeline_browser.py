"""The Timeline in Chromium (issue 33): an entry holding a long URL overflowed a 1366-px window
(the page was 1918 px wide; 599 px at 390), and the chart's text was unreadable on a phone."""

from __future__ import annotations

from swarmkit.memory.store import MemoryStore
from tests.e2e.portal_workspace import build
from tests.server.launch import serving

LONG_URL = "https://wiki.example.com/engineering/runbooks/" + "billing-service-latency-" * 12 + "final"
SMALLEST_TEXT = 10  # CSS px: the least a label may be drawn at and still be read


def test_the_timeline_wraps_long_values_and_stays_legible(browser, tmp_path):
    root = tmp_path / "ws"
    folder = build(root)
    store = MemoryStore(folder, "research-team")
    store.add(f"The billing runbook is at {LONG_URL}", to="lessons")
    store.add("I live in Lisbon")
    store.add("I live in Porto")  # replaced: an old and a new text in one row
    for width in (1366, 390):
        context = browser.new_context(viewport={"width": width, "height": 900}, device_scale_factor=1)
        page = context.new_page()
        try:
            with serving(root) as served:
                page.goto(served.url + "portal/timeline")
                assert page.locator("table.changes").inner_text().count("billing-service-latency") == 12
                scroll = page.evaluate("document.documentElement.scrollWidth")
                assert scroll <= width, (width, scroll)
                # every label of the chart is drawn at a size one can read, at this width
                sizes = page.evaluate(
                    "[...document.querySelectorAll('#chart text, #chart p, #chart .axis')]"
                    ".map(e => [e.textContent, e.getBoundingClientRect().height,"
                    " parseFloat(getComputedStyle(e).fontSize)"
                    " * (e.ownerSVGElement ? e.ownerSVGElement.getBoundingClientRect().width"
                    " / e.ownerSVGElement.viewBox.baseVal.width : 1)])"
                )
                assert sizes, width
                small = [(text, size) for text, _, size in sizes if size < SMALLEST_TEXT]
                assert small == [], (width, small)
                assert "on the busiest day" in page.locator("#chart").inner_text()
        finally:
            context.close()
