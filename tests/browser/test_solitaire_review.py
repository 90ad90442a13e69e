"""The review after a deal, in a real browser: scores, costly moments, and jumping back."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_solitaire import coach, fitting_cards, open_deal, version, wait_for_version

pytestmark = pytest.mark.browser


def play_first_fit_to_the_end(page: Page) -> None:
    """A careless player: always the first card that fits, else draw."""
    for _ in range(120):
        if "This deal is over" in coach(page).inner_text():
            return
        before = version(page)
        names = fitting_cards(page)
        name = names[0] if names else "Draw"
        page.get_by_role("button", name=name, exact=True).click()
        wait_for_version(page, before + 1)
    raise AssertionError("the deal did not end")


def test_review_shows_scores_and_jumps_back_to_a_costly_moment(page):
    open_deal(page, "5")
    play_first_fit_to_the_end(page)
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
