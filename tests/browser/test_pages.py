"""Reading pages in a real browser: an axe-core scan, the skip link, glossary links."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

# Test-only copy of axe-core (MPL-2.0, see vendor/axe-LICENSE.txt); never served by the site.
AXE = Path(__file__).parent / "vendor" / "axe-4.14.1.min.js"
# Every kind of page; test_dark_mode scans them again in the dark theme.
SCANNED = ["/", "/rules", "/rules/solitaire", "/rules/six-card-golf", "/glossary", "/quiz",
           "/solitaire", "/solitaire/daily", "/golf6", "/scores"]  # fmt: skip


def serious_violations(page: Page) -> list[str]:
    """Run axe on the page and list serious or critical problems, one line each."""
    page.add_script_tag(path=str(AXE))
    results = page.evaluate("async () => await axe.run(document)")
    assert len(results["passes"]) > 10, "axe did not really run"
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.fixture
def scan_page(new_page) -> Page:
    # The site's CSP forbids inline scripts, which is how the test injects axe.
    return new_page(bypass_csp=True)


@pytest.mark.parametrize("url", SCANNED)
def test_axe_finds_no_serious_problems(scan_page: Page, url: str):
    scan_page.goto(url)
    assert serious_violations(scan_page) == []


def test_axe_finds_no_serious_problems_on_an_answered_quiz(scan_page: Page):
    scan_page.goto("/quiz")
    scan_page.get_by_role("button", name="5 of hearts").click()
    expect(scan_page.locator("#q-1-result")).to_contain_text("Not quite.")
    assert serious_violations(scan_page) == []


def test_skip_link_is_first_and_moves_focus_to_the_content(page: Page):
    page.goto("/rules/solitaire")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to main content")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Enter")
    expect(page.locator("main")).to_be_focused()


def test_glossary_link_lands_on_its_entry(page: Page):
    page.goto("/rules/solitaire")
    page.get_by_role("region", name="Setting up").get_by_role("link", name="draw pile").click()
    expect(page).to_have_url(re.compile(r"/glossary#draw-pile$"))
    entry = page.locator("#draw-pile")
    expect(entry).to_contain_text("Draw pile")
    expect(entry).to_be_in_viewport()


def test_home_ways_in_are_reachable_by_keyboard(page: Page):
    page.goto("/")
    for name in (
        "Practise Golf solitaire",
        "Take the rules quiz",
        "Play six-card or four-card Golf",
        "Keep score",
    ):
        link = page.get_by_role("link", name=name)
        expect(link).to_be_visible()
        link.focus()
        expect(link).to_be_focused()


def test_rules_page_answers_304_to_a_conditional_request_and_sets_no_cookie(page: Page):
    first = page.goto("/rules/solitaire")
    assert first is not None and first.status == 200
    assert "set-cookie" not in first.headers
    assert page.context.cookies() == []
    etag = first.headers["etag"]
    again = page.request.get("/rules/solitaire", headers={"If-None-Match": etag})
    assert again.status == 304 and again.body() == b""
    assert "set-cookie" not in again.headers
    statuses = []
    page.on("response", lambda r: r.url.endswith("/rules/solitaire") and statuses.append(r.status))
    page.reload()  # the browser revalidates its copy with If-None-Match itself
    assert statuses and statuses[-1] in (200, 304)
    assert page.context.cookies() == []


def test_first_visit_needs_four_requests(page: Page):
    kinds = {"document", "stylesheet", "script"}
    requests = []
    page.on("request", lambda r: requests.append(r.url) if r.resource_type in kinds else None)
    page.goto("/")
    page.wait_for_load_state("load")
    assert len(requests) == 4, requests  # the page, one stylesheet, htmx, one script


# Every page a visitor starts from, in both languages: Swedish words are longer, and a form's
# longest option or a table's headings can push a page wider than a phone.
START_PAGES = ["/", "/solitaire", "/solitaire/daily", "/golf6", "/scores", "/quiz",
               "/rules/solitaire", "/rules/six-card-golf", "/rules/six-card-golf/strategy",
               "/glossary"]  # fmt: skip


def on_start_pages(page: Page, lang: str, find) -> dict:  # type: ignore[no-untyped-def]
    """{url: what find(page) reports} for each start page where it reports something."""
    found = {}
    for url in START_PAGES:
        page.goto(f"{url}?lang={lang}")
        if problem := find(page):
            found[url] = problem
    return found


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_no_start_page_scrolls_sideways_on_a_phone(new_page, lang: str):
    # 320 CSS pixels: the narrowest phones, and the width WCAG's reflow criterion names.
    page = new_page(viewport={"width": 320, "height": 740})
    width = "document.documentElement.scrollWidth"
    assert on_start_pages(page, lang, lambda page: max(page.evaluate(width) - 320, 0)) == {}


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_running_text_keeps_to_a_readable_line_on_a_wide_screen(new_page, lang: str):
    # About 70 characters a line (72ch); a line of 150 is hard to follow back.
    page = new_page(viewport={"width": 1440, "height": 900})
    long_lines = """blocks => blocks.filter(block => {
        if (block.querySelector('p, fieldset, ul, ol, dl, div')) return false;  // a box
        if (block.textContent.trim().length < 90) return false;
        const zero = block.appendChild(document.createElement('span'));
        zero.textContent = '0';  // what CSS calls 1ch in this block's font
        const ch = zero.getBoundingClientRect().width;
        zero.remove();
        return block.getBoundingClientRect().width > 75 * ch;
    }).map(block => block.textContent.trim().slice(0, 40))"""
    blocks = "main p, main dd, main li, main legend, main figcaption"

    def too_long(page: Page) -> list[str]:
        return page.eval_on_selector_all(blocks, long_lines)

    assert on_start_pages(page, lang, too_long) == {}


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_footer_and_start_page_links_are_whole_targets_on_a_phone(new_page, lang: str):
    page = new_page(viewport={"width": 375, "height": 740})
    small = []
    for url in ("/", "/solitaire"):
        page.goto(f"{url}?lang={lang}")
        for link in page.locator("footer a, .start-box dt a").all():
            box = link.bounding_box()
            lines = link.evaluate("a => a.getClientRects().length")
            if box["height"] < 24 or lines > 1:  # "Four-/card Golf rules" broke at its hyphen
                small.append((url, link.inner_text(), box["height"], lines))
    assert small == []
