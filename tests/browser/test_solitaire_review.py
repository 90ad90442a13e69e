"""The review after a deal, in a real browser: scores, costly moments, and jumping back."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_solitaire import coach, fitting_cards, open_deal, version, wait_for_version

pytestmark = pytest.mark.browser


def play_to_the_end(page: Page, draw_first: bool = False) -> None:
    """A careless player: always the first card that fits, else draw. Drawing first, while the
    pile lasts, ends the deal in about half the clicks."""
    for _ in range(120):
        if "This deal is over" in coach(page).inner_text():
            return
        before = version(page)
        names = fitting_cards(page)
        draw = page.get_by_role("button", name="Draw", exact=True)
        name = names[0] if names and not (draw_first and draw.is_enabled()) else "Draw"
        page.get_by_role("button", name=name, exact=True).click()
        wait_for_version(page, before + 1)
    raise AssertionError("the deal did not end")


def test_review_shows_scores_and_jumps_back_to_a_costly_moment(page):
    open_deal(page, "5")
    play_to_the_end(page)
    deal_url = page.url.split("?")[0]
    page.get_by_role("link", name="Review this deal").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Review of deal 5")
    expect(page.get_by_text("Best possible with these cards")).to_be_visible()
    retry = page.get_by_role("button", name=re.compile(r"^Try again from move \d+$")).first
    expect(retry).to_be_visible()
    move = int(re.search(r"\d+", retry.inner_text()).group())
    retry.click()
    expect(page.get_by_role("region", name="Columns")).to_be_visible()
    state = page.request.get(deal_url, headers={"Accept": "application/json"}).json()
    assert state["moves"] == move - 1
    assert state["over"] is False


def finished_deal(page: Page, number: str) -> str:
    """Play deal `number` to its end without opening its review; the deal's URL."""
    open_deal(page, number)
    play_to_the_end(page, draw_first=True)
    return page.url.split("?")[0]


def test_review_shows_the_coach_is_working_until_it_arrives(page):
    # Without the board's background request, the click finds no stored review.
    page.route(lambda url: "prefetch=1" in url, lambda route: route.abort())
    finished_deal(page, "6")
    held = []

    def hold_htmx_review(route):
        if route.request.headers.get("hx-request") == "true":
            held.append(route)  # answered below, once the waiting page has been checked
        else:
            route.continue_()

    page.route("**/review", hold_htmx_review)
    page.get_by_role("link", name="Review this deal").click()
    expect(page.get_by_role("status")).to_contain_text("Working out the review")
    expect(page.locator("#review")).to_have_attribute("aria-busy", "true")
    expect(page.locator("#review")).to_have_class(re.compile(r"\bhtmx-request\b"))
    # The route handler runs only when Playwright's event loop gets a turn: give it some.
    deadline = time.monotonic() + 5
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert held, "the page did not ask for the review with htmx"
    held[0].continue_()
    expect(page.get_by_text("Best possible with these cards")).to_be_visible()
    expect(page.locator("#review")).not_to_have_attribute("aria-busy", "true")


def test_review_without_javascript_waits_for_the_review(page, page_without_js):
    # Without the board's background request the review is not stored yet, so the page waits.
    page.route(lambda url: "prefetch=1" in url, lambda route: route.abort())
    deal_url = finished_deal(page, "7")
    page_without_js.goto(deal_url + "/review")
    expect(page_without_js.get_by_text("Best possible with these cards")).to_be_visible()
    assert page_without_js.url.endswith("/review?wait=1")
    page_without_js.get_by_role("link", name="Back to the deal").click()
    expect(page_without_js.get_by_role("region", name="Columns")).to_be_visible()


def test_finished_board_works_the_review_out_before_the_click(page):
    open_deal(page, "8")
    with page.expect_response(lambda r: "prefetch=1" in r.url and r.status == 204, timeout=60_000):
        play_to_the_end(page, draw_first=True)
    page.get_by_role("link", name="Review this deal").click()
    expect(page.get_by_text("Best possible with these cards")).to_be_visible()
    assert "Working out the review" not in page.content()
