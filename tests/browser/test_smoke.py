"""The site loads in a real browser with htmx and no CSP violations."""

import pytest

from tests.browser.waiting import wait_for_htmx

pytestmark = pytest.mark.browser


def test_home_loads_htmx_without_csp_errors(page):
    errors = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto("/")
    wait_for_htmx(page)
    assert page.evaluate("htmx.version").startswith("2.0")
    assert not [e for e in errors if "Content Security Policy" in e]


PAGES = ["/", "/rules/solitaire", "/rules/six-card-golf", "/glossary", "/quiz", "/solitaire",
         "/golf6", "/scores", "/no-such-page"]  # fmt: skip


def test_every_kind_of_page_runs_the_site_script_without_errors(page):
    """The one bundled script and stylesheet load everywhere, inside the CSP, with no JS error."""
    problems = []
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    for url in PAGES:
        page.goto(url)
        wait_for_htmx(page)
        assert (
            page.evaluate("getComputedStyle(document.querySelector('.skip-link')).position")
            == "absolute"
        ), url  # the stylesheet applied
        assert page.locator("[data-theme-choice]").count() == 3, url
    # The 404 page's own request is the only expected console error.
    assert [p for p in problems if "404" not in p] == []
