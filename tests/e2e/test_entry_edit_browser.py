"""The Memory page's Edit form and Forget button on kept entries, in a real browser against
`swarmkit serve`: each calls the API with the page's token, the page reloads showing the change, and
the memory folder's file and git history say the same."""

from __future__ import annotations

from swarmkit.memory.folder.entries import text_digest
from tests.e2e.portal_workspace import build
from tests.server.launch import serving
from tests.support.git import commit_count, commits

OLD = "Deploys go through staging first"
NEW = "Deploys go through staging, then canary"
GONE = "Works from Lisbon"


def test_edit_and_forget_a_kept_entry_from_the_memory_page(page, tmp_path):
    from playwright.sync_api import expect

    root = tmp_path / "ws"
    folder = build(root)
    before = commit_count(folder)
    with serving(root) as served:
        page.goto(served.url + "portal/memory")
        lessons = page.locator('section[data-file="lessons.md"]')
        row = lessons.locator("tr.entry", has_text=OLD)
        expect(row).to_have_attribute("data-ref", f"lessons.md#{text_digest(OLD)}")
        expect(page.locator("#inbox form.edit-entry")).to_have_count(0)  # the inbox has its own actions

        # Edit: open the form, change the text, save; the page reloads with the new text.
        row.locator("summary", has_text="Edit").click()
        field = row.get_by_label(f"New text for lessons.md#{text_digest(OLD)}")
        expect(field).to_have_value(OLD)
        field.fill(NEW)
        row.get_by_role("button", name="Save").click()
        expect(page.locator("#notice")).to_have_text(
            f"Edited lessons.md#{text_digest(NEW)}: “{OLD}” → “{NEW}”"
        )
        edited = lessons.locator("tr.entry", has_text=NEW)
        expect(edited).to_have_attribute("data-ref", f"lessons.md#{text_digest(NEW)}")
        expect(edited.locator("td.by")).to_have_text("user")  # an edited entry is the person's own
        expect(lessons).not_to_contain_text(OLD)

        # Forget: the button sends the line's digest; the entry is gone after the reload.
        me = page.locator('section[data-file="me.md"]')
        me.locator("tr.entry", has_text=GONE).get_by_role("button", name="Forget").click()
        expect(page.locator("#notice")).to_have_text(f"Forgot me.md#{text_digest(GONE)}: “{GONE}”")
        expect(me).not_to_contain_text(GONE)
        expect(me.locator("tr.entry")).to_have_count(1)

        # Bad input: the server's message under the form, and nothing is written.
        row = lessons.locator("tr.entry", has_text=NEW)
        row.locator("summary", has_text="Edit").click()
        row.get_by_label(f"New text for lessons.md#{text_digest(NEW)}").fill("My password is hunter2hunter2")
        row.get_by_role("button", name="Save").click()
        expect(page.locator("#notice")).to_have_text(
            "the text is nothing but a secret, and memory never keeps secrets; nothing was changed "
            "(write down where the secret is kept (a vault, an environment variable), not the secret)"
        )
        expect(page.locator("#notice")).to_have_class("error")
        # the refused PUT is the only thing the console reports (the browser logs a 400 response)
        assert all("400" in problem for problem in page.problems), page.problems

    assert commit_count(folder) == before + 2
    forget, edit = commits(folder)[:2]
    assert forget == f"Forget: {GONE}" and edit.startswith(f"Edit: {OLD} → Deploys go")  # cut to fit
    text = (folder / "lessons.md").read_text(encoding="utf-8")
    assert NEW in text and OLD not in text
    assert GONE not in (folder / "me.md").read_text(encoding="utf-8")
