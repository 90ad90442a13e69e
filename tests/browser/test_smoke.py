"""The site loads in a real browser with htmx and no CSP violations."""

import pytest

pytestmark = pytest.mark.browser


def test_home_loads_htmx_without_csp_errors(page):
    errors = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto("/")
    page.wait_for_function("window.htmx !== undefined")
    assert page.evaluate("htmx.version").startswith("2.0")
    assert not [e for e in errors if "Content Security Policy" in e]
