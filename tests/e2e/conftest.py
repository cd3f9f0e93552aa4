"""The browser for end-to-end tests: Debian's Chromium driven by Playwright, never a downloaded browser.

Without /usr/bin/chromium the test is skipped and the run says why; with SWARMKIT_REQUIRE_BROWSER=1
(set by .ci/run, which installs Chromium) it fails instead, so CI can never pass by skipping it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
# Headless, as root in a sandboxed machine, and quiet: no calls home on a closed network.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
_skipped: list[str] = []  # one reason per skipped test


def missing() -> str | None:
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (install Debian's package: apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is missing (pip install -e '.[dev]')"
    return None


@pytest.fixture
def browser(request):
    """The shared Chromium; each test that needs it is skipped (or failed, in CI) on its own."""
    reason = missing()
    if reason is not None:
        if os.environ.get("SWARMKIT_REQUIRE_BROWSER") == "1":
            pytest.fail(f"SWARMKIT_REQUIRE_BROWSER=1 but {reason}", pytrace=False)
        _skipped.append(reason)
        pytest.skip(f"browser test skipped: {reason}")
    return request.getfixturevalue("_chromium")


# A module's browser, not the session's: Playwright's sync API keeps an event loop running in this
# thread while it is open, and tests after these (the MCP client's) call asyncio.run.
@pytest.fixture(scope="module")
def _chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def pytest_terminal_summary(terminalreporter):
    # `make test` runs pytest -q, which hides skip reasons: say this one out loud.
    for reason in dict.fromkeys(_skipped):
        count = _skipped.count(reason)
        terminalreporter.write_line(
            f"SKIPPED {count} portal browser test{'s' if count != 1 else ''} (tests/e2e): {reason}",
            yellow=True,
        )


@pytest.fixture
def page(browser):
    """A new tab at a desk-sized window; the console errors and page errors it saw in `problems`."""
    context = browser.new_context(viewport={"width": 1200, "height": 900}, device_scale_factor=1)
    tab = context.new_page()
    problems: list[str] = []
    tab.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    tab.on("pageerror", lambda error: problems.append(str(error)))
    tab.problems = problems
    yield tab
    context.close()
