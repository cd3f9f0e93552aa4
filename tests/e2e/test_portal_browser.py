"""The portal in a real browser: `swarmkit serve` as a process, headless Chromium driving the page."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from swarmkit.memory.folder.entries import text_digest
from tests.e2e.portal_workspace import KEEP_TEXT, RUN_ID, build
from tests.server.launch import serving

REPO = Path(__file__).parents[2]
SCREENSHOT = REPO / "docs" / "images" / "memory-page.png"
ON = "Memory: on — reader top 5 ≥ 0.15 (scope all), writer ≥ 100 chars"
OFF = "Memory: off (memory.enabled: false)"


def save_screenshot(page) -> None:
    """The README's picture of the Memory page, taken every run; the tracked file is rewritten only
    when asked (SWARMKIT_UPDATE_IMAGES=1), since a test never changes a tracked file."""
    data = page.screenshot(full_page=True)
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 10_000
    if os.environ.get("SWARMKIT_UPDATE_IMAGES") == "1" and (
        not SCREENSHOT.exists() or SCREENSHOT.read_bytes() != data
    ):
        SCREENSHOT.write_bytes(data)


def test_memory_page_sentence_reload_keep_add_and_import(page, tmp_path):
    from playwright.sync_api import expect

    root = tmp_path / "ws"
    folder = build(root)
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "team.md").write_text("- Pager rotates weekly\n- Standup is at ten\n", encoding="utf-8")
    with serving(root) as served:
        page.goto(served.url)  # the root opens the Memory page
        sentence = page.locator("#memory-sentence")
        expect(sentence).to_have_text(ON)
        expect(page.locator("#inbox li.inbox-entry")).to_have_count(2)
        save_screenshot(page)

        # The configuration is resolved on every request: an edit shows on reload.
        with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
            handle.write("memory:\n  enabled: false\n")
        page.reload()
        expect(sentence).to_have_text(OFF)
        expect(sentence).to_have_class("sentence off")

        # Keep an inbox entry in me.md: the button posts with the page's token, the page reloads.
        item = page.locator("#inbox li.inbox-entry", has_text=KEEP_TEXT)
        item.locator('select[name="to"]').select_option("me")
        item.get_by_role("button", name="Keep").click()
        expect(page.locator("#notice")).to_have_text(
            f"Kept in me.md#{text_digest(KEEP_TEXT)}"
        )  # its digest ref
        expect(page.locator('section[data-file="me.md"]')).to_contain_text(KEEP_TEXT)
        expect(page.locator("#inbox")).not_to_contain_text(KEEP_TEXT)
        expect(page.locator("#inbox li.inbox-entry")).to_have_count(1)
        row = page.locator('section[data-file="me.md"] tr.entry', has_text=KEEP_TEXT)
        expect(row.locator("td.by")).to_have_text("user")

        # Add a fact with the Add form: one commit, and it shows in me.md as the user's.
        add = page.locator("#add-form")
        add.get_by_label("Fact to remember").fill("I live in Munich")
        add.get_by_role("button", name="Add").click()
        expect(page.locator("#notice")).to_have_text(
            f"Added “I live in Munich” to me.md#{text_digest('I live in Munich')}"
        )
        row = page.locator('section[data-file="me.md"] tr.entry', has_text="I live in Munich")
        expect(row.locator("td.by")).to_have_text("user")
        # A new value for the same thing replaces it.
        add.get_by_label("Fact to remember").fill("I moved to Porto")
        add.get_by_role("button", name="Add").click()
        expect(page.locator("#notice")).to_have_text(
            f"Replaced “I live in Munich” with “I moved to Porto” in me.md#{text_digest('I moved to Porto')}"
        )
        expect(page.locator('section[data-file="me.md"]')).not_to_contain_text("I live in Munich")
        # Bad input: the server's message, and nothing is written.
        add.get_by_label("Fact to remember").fill("   ")
        add.get_by_role("button", name="Add").click()
        expect(page.locator("#notice")).to_have_text(
            "the text is empty; nothing was written (say what to remember, e.g. swarmkit memory add "
            '"Prefers tabs over spaces")'
        )
        expect(page.locator("#notice")).to_have_class("error")

        # Import notes from a folder: the entries wait in the inbox.
        control = page.locator("#import-form")
        control.get_by_label("Folder of notes").fill(str(notes))
        control.get_by_role("button", name="Import").click()
        expect(page.locator("#notice")).to_have_text(
            "Imported 2, duplicates 0, skipped 0: review them in the inbox"
        )
        expect(page.locator("#inbox li.inbox-entry")).to_have_count(3)
        expect(page.locator("#inbox")).to_contain_text("Pager rotates weekly")
        # An import stopped by a limit names it and counts what it left unread (issue 33: it said
        # "truncated (limits reached)"); notes without bullets import nothing, the walk counts them
        many = tmp_path / "many"
        many.mkdir()
        for number in range(205):
            (many / f"n{number:03}.md").write_text("# nothing to keep\n")
        control.get_by_label("Folder of notes").fill(str(many))
        control.get_by_role("button", name="Import").click()
        expect(page.locator("#notice")).to_have_text(
            "Imported 0, duplicates 0, skipped 0, truncated at 200 files; not read: 5 files"
        )
        control.get_by_label("Folder of notes").fill("relative/notes")
        control.get_by_role("button", name="Import").click()
        expect(page.locator("#notice")).to_contain_text("import needs an absolute path, not 'relative/notes'")

        # The Runs page, reached from the navigation.
        page.get_by_role("link", name="Runs").click()
        page.get_by_role("link", name=RUN_ID).click()
        expect(page.locator("h1")).to_have_text(f"Run {RUN_ID}")
        expect(page.locator("main")).to_contain_text("Which region should we deploy to?")

    me = (folder / "me.md").read_text().splitlines()
    assert me[4].startswith(f"- {KEEP_TEXT} [by: user;")
    assert me[5].startswith("- I moved to Porto [by: user; kind: identity; subject: user.location; added: ")
    assert "Pager rotates weekly" in (folder / "inbox.md").read_text()
    assert KEEP_TEXT not in (folder / "inbox.md").read_text()
    # No script error, no blocked resource (the CSP allows what the page uses); the browser logs the two
    # refused posts above (the empty text, the relative folder), and nothing else.
    assert (
        page.problems
        == ["Failed to load resource: the server responded with a status of 400 (Bad Request)"] * 2
    )
    assert served.process.returncode == 0


PHONE = 390  # CSS px: a common phone's width


def test_every_page_fits_a_phone_screen(browser, tmp_path):
    """Issue 18: on a 390-px screen the portal scrolled sideways and table cells wrapped one letter
    per line. Every page fits the width, and no text cell is squeezed to a sliver."""
    root = tmp_path / "ws"
    build(root)
    # a real run besides: every table of the run page filled, long lines and a URL in them
    long_input = (
        "Two things to remember about me: I live in Lisbon and my editor is Helix. Which region should "
        "the latency-sensitive service go to, given https://example.com/a/very/long/path/without/breaks?"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "swarmkit",
            "run",
            str(root),
            "--provider",
            "mock",
            "--json",
            "--input",
            long_input,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    new_run = json.loads(done.stdout)["id"]
    context = browser.new_context(viewport={"width": PHONE, "height": 800}, device_scale_factor=1)
    page = context.new_page()
    try:
        with serving(root) as served:
            pages = ["portal/memory", "portal/memory?q=deploy", "portal/runs", f"portal/runs/{RUN_ID}"]
            for path in [*pages, f"portal/runs/{new_run}", "portal/runs/r-00000000"]:
                page.goto(served.url + path)
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= PHONE, (path, width)
                # an entry's or a run's text takes most of the width, not a column a letter wide
                narrowest = page.evaluate(
                    "Math.min(...[...document.querySelectorAll('td.text, table.runs td:last-child, "
                    "ul.inbox li')].map(e => e.getBoundingClientRect().width), Infinity)"
                )
                assert narrowest >= PHONE / 2, (path, narrowest)
    finally:
        context.close()


def test_code_spans_in_portal_texts_are_code_not_backticks(browser, tmp_path):
    root = tmp_path / "ws"
    folder = build(root)
    with open(folder / "lessons.md", "a", encoding="utf-8") as handle:
        handle.write("- Run `make test` before every push [by: user; kind: rule; added: 2026-11-30]\n")
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    try:
        with serving(root) as served:
            page.goto(served.url + "portal/memory")
            row = page.locator('section[data-file="lessons.md"] tr.entry', has_text="before every push")
            assert row.locator("td.text code").inner_text() == "make test"
            assert "`" not in row.locator("td.text").inner_text()
            page.goto(served.url + "portal/runs?user=nobody-yet")
            assert "`" not in page.locator("main").inner_text()
    finally:
        context.close()
