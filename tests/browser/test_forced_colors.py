"""Forced colours (Windows high contrast): the browser drops background images and box shadows
in that mode, so what the site shows with one must still show there.

Chromium reports what it paints: in forced colours a dropped background image or shadow is
`none` in the computed style."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.test_golf6_four_card import PEEKED, create_four_card
from tests.browser.test_scorekeeper import save_hole, start_sheet

pytestmark = pytest.mark.browser


def style(locator: Locator, name: str) -> str:
    return locator.evaluate("(element, name) => getComputedStyle(element)[name]", name)


@pytest.fixture
def page(new_page) -> Page:
    return new_page(forced_colors="active")


def test_face_down_and_peeked_cards_still_look_face_down(page: Page):
    create_four_card(page, "Ann", bots=1, friends=0)
    page.get_by_role("button", name="Start game").click()
    unseen = page.get_by_role("button", name="Your card, top row, left: face down", exact=True)
    peeked = page.get_by_role("button", name=PEEKED)
    expect(peeked).to_have_count(2)
    # A card back is its pattern, and a peeked card shows its face on that back: without it
    # both would look like cards turned face up.
    assert style(unseen, "backgroundImage") != "none"
    assert all(style(card, "backgroundImage") != "none" for card in peeked.all())


def test_the_leading_row_keeps_its_bar(page: Page):
    start_sheet(page, ["Ann", "Bo"])
    save_hole(page, 1, {"Ann": 5, "Bo": 9})
    leader = page.get_by_role("table", name="Scores").get_by_role("rowheader", name="Ann")
    other = page.get_by_role("table", name="Scores").get_by_role("rowheader", name="Bo")
    # The key under the table promises a bar on the left: here it is a border.
    expect(page.get_by_text("The leading row is in bold with a bar on the left.")).to_be_visible()
    assert float(style(leader, "borderLeftWidth").removesuffix("px")) >= 4
    assert float(style(other, "borderLeftWidth").removesuffix("px")) < 4


def test_the_draw_pile_still_shows_a_card_back(page: Page):
    page.goto("/solitaire")
    page.get_by_label("Deal number").fill("2")
    page.get_by_role("button", name="Play this deal").click()
    pile = page.get_by_role("region", name="Draw pile")
    expect(pile).to_contain_text("16 cards left")
    # The back is drawn for the eye only (the count says it in words); an empty pile's slot is
    # a dashed outline, so without its pattern the back would look like a card-shaped hole.
    assert style(pile.locator(".card-back"), "backgroundImage") != "none"
