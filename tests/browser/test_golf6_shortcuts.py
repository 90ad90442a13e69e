"""Six-card Golf from the keyboard (issue 17): a key per place and per action, none while typing."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_golf6 import DREW, create_game, my_next_action

pytestmark = pytest.mark.browser


def test_keys_turn_cards_draw_and_throw_away_but_not_while_typing(page: Page):
    create_game(page, "Ann", bots=1, friends=0)
    page.get_by_role("button", name="Start game").click()
    top_left = page.get_by_role("button", name="Your card, top row, left: face down")
    expect(top_left).to_have_attribute("aria-keyshortcuts", "1")
    # Typing in a field (the rejoin link) fires nothing, even while the computer turning its
    # two cards up swaps the table in around the field.
    page.get_by_text("Play from another device").click()
    page.get_by_label("Your rejoin link").focus()
    page.keyboard.press("1")
    computer_down = re.compile(r"^Computer 2’s card, .*: face down$")
    expect(page.get_by_role("button", name=computer_down)).to_have_count(4)
    expect(page.get_by_label("Your rejoin link")).to_be_focused()
    page.keyboard.press("1")
    page.wait_for_timeout(400)  # time for a request a shortcut would have sent
    expect(top_left).to_have_count(1)

    # Out of the field, "1" and "3" turn up those places.
    page.locator("h1").click()
    page.keyboard.press("1")
    expect(top_left).to_have_count(0)
    expect(page.get_by_role("status")).to_contain_text("You turned up the")
    page.keyboard.press("3")
    expect(page.get_by_role("button", name="Your card, top row, right: face down")).to_have_count(0)

    # The help panel lists what the keys do now.
    assert my_next_action(page) == "draw"
    page.keyboard.press("?")
    help_panel = page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(help_panel).to_contain_text("Draw from the stock")
    expect(help_panel).to_contain_text("Your card, bottom row, middle")
    page.keyboard.press("Escape")
    expect(help_panel).to_be_hidden()

    page.keyboard.press("s")
    expect(page.get_by_text(DREW)).to_be_visible()
    page.keyboard.press("t")
    expect(page.get_by_role("status")).to_contain_text("You threw away the")
