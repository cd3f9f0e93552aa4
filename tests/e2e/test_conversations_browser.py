"""The Conversations page and the Runs page in a real browser: talk to the workspace from the page,
read what memory recalled and kept at each turn, filter and delete runs, on a desk and on a phone."""

from __future__ import annotations

from swarmkit.scaffold import create_workspace
from tests.server.launch import serving

PHONE = {"width": 390, "height": 844}


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_talk_from_the_conversations_page_then_filter_and_delete_its_runs(page, tmp_path):
    from playwright.sync_api import expect

    tab = page

    root = tmp_path / "ws"
    create_workspace(root, "Demo")
    with serving(root) as served:
        tab.goto(served.url + "portal/conversations")
        expect(tab.locator("main .empty")).to_contain_text("No conversations yet")
        tab.fill("#say-form textarea", "I live in Oslo.")
        tab.click("#say-form button")
        # the page goes to the new conversation, with the answer and what memory kept
        expect(tab.locator("ol.turns li.turn")).to_have_count(1, timeout=60_000)
        first = tab.locator("#turn-1")
        expect(first.locator(".answer")).to_contain_text("I will remember that: lives in Oslo.")
        expect(first.locator(".turn-memory")).to_contain_text("Lives in Oslo")
        tab.fill("#say-form textarea", "Where do I live?")
        tab.press("#say-form textarea", "Enter")  # Enter sends, as in a chat
        expect(tab.locator("ol.turns li.turn")).to_have_count(2, timeout=60_000)
        second = tab.locator("#turn-2")
        expect(second.locator(".answer")).to_contain_text("From memory: Lives in Oslo.")
        expect(second.locator(".turn-memory")).to_contain_text("recalled")
        tab.fill("#say-form textarea", "I live in Porto now.")
        tab.click("#say-form button")
        expect(tab.locator("ol.turns li.turn")).to_have_count(3, timeout=60_000)
        tab.goto(served.url + "portal/conversations")
        expect(tab.locator("table.runs tbody tr")).to_have_count(1)
        expect(tab.locator("table.runs")).to_contain_text("I live in Oslo.")

        # the timeline draws the change: Oslo added, then replaced by Porto
        tab.goto(served.url + "portal/timeline")
        expect(tab.locator("svg.timeline rect.bar.replaced")).to_have_count(1)
        expect(tab.locator("svg.timeline rect.bar.added")).to_have_count(1)
        first_row = tab.locator("#changes tbody tr").first
        expect(first_row).to_contain_text("replaced")
        expect(first_row).to_contain_text("Lives in Oslo → Lives in Porto")
        tab.select_option("#timeline-file select", "me.md")
        tab.click("#timeline-file button")
        expect(tab.locator("#changes tbody tr")).to_have_count(2)

        # Runs: both turns are runs; a search keeps one, a delete removes it
        tab.goto(served.url + "portal/runs")
        expect(tab.locator("table.runs tbody tr")).to_have_count(3)
        tab.fill("#run-filters input[name=q]", "where")
        tab.click("#run-filters button")
        expect(tab.locator("table.runs tbody tr")).to_have_count(1)
        expect(tab.locator("table.runs")).to_contain_text("Where do I live?")
        tab.select_option("#run-filters select[name=status]", "failed")
        tab.click("#run-filters button")
        expect(tab.locator("main .empty")).to_have_text("No run matches these filters.")
        tab.goto(served.url + "portal/runs?q=where")
        asked = []
        tab.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
        tab.click("table.runs button[data-action=delete-run]")
        expect(tab.locator("#notice")).to_contain_text("Deleted run r-")
        assert asked and asked[0].endswith("What it wrote to memory stays.")
        expect(tab.locator("main .empty")).to_have_text("No run matches these filters.")
        tab.goto(served.url + "portal/runs")
        expect(tab.locator("table.runs tbody tr")).to_have_count(2)

        # every one of these pages fits a phone's screen
        tab.set_viewport_size(PHONE)
        for path in ("portal/conversations", "portal/runs", "portal/timeline"):
            tab.goto(served.url + path)
            assert fits(tab), path
        tab.goto(served.url + "portal/conversations")
        tab.click("table.runs a")
        assert fits(tab), "a conversation"
    assert tab.problems == []
