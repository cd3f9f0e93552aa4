"""Another site's page, open in the same browser, cannot write to the memory folder."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.e2e.portal_workspace import build
from tests.server.launch import serving
from tests.support.git import commit_count

ATTACK = """<!doctype html><html><body>
<form id="form" method="post" action="{target}memory/inbox/delete" enctype="text/plain">
  <input type="hidden" name='{{"ref": "inbox.md#L4", "expect": "{digest}", "x": "' value='"}}'>
</form>
<script>
  // 1. a fetch with the leaked token: needs a CORS preflight, which the server never grants
  fetch("{target}memory/inbox/delete", {{method: "POST", headers: {{"Content-Type": "application/json",
        "X-Swarmkit-Token": "{token}"}}, body: JSON.stringify({{ref: "inbox.md#L4", expect: "{digest}"}})}})
    .catch(() => {{ document.title = "fetch blocked"; }})
    .finally(() => document.getElementById("form").submit());  // 2. then a classic form post
</script></body></html>"""


def serve_page(html: str):
    class Page(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the stdlib's name)
            body = html.encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_a_page_from_another_origin_cannot_post(browser, tmp_path):
    root = tmp_path / "ws"
    folder = build(root)
    before = (commit_count(folder), (folder / "inbox.md").read_bytes())
    with serving(root) as served:
        import httpx

        digest = httpx.get(served.url + "memory/inbox", timeout=10).json()["entries"][0]["digest"]
        attacker = serve_page(ATTACK.format(target=served.url, token=served.token, digest=digest))
        try:
            context = browser.new_context()
            page = context.new_page()
            responses = []
            page.on("response", lambda r: responses.append((r.request.method, r.url, r.status)))
            page.goto(f"http://127.0.0.1:{attacker.server_address[1]}/")
            page.wait_for_url(served.url + "memory/inbox/delete", timeout=10000)  # the form landed
            answer = json.loads(page.locator("body").inner_text())
            context.close()
        finally:
            attacker.shutdown()
    assert answer["error"]["code"] == "cross_origin"
    assert (commit_count(folder), (folder / "inbox.md").read_bytes()) == before
    # The fetch never got past its preflight: no POST from it reached the server.
    delete_posts = [r for r in responses if r[0] == "POST" and r[1].endswith("/memory/inbox/delete")]
    assert [status for _, _, status in delete_posts] == [403]
