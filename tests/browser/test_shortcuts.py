"""Keyboard shortcuts (static/app.js): a key per action, never while typing, a help panel."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.waiting import wait_for_htmx

pytestmark = pytest.mark.browser


def open_deal(page: Page) -> None:
    page.goto("/solitaire")
    page.get_by_label("Deal number").fill("2")
    page.get_by_role("button", name="Play this deal").click()
    expect(page.get_by_role("region", name="Columns")).to_be_visible()
    wait_for_htmx(page)


def version(page: Page) -> str:
    return page.locator("#board").get_attribute("data-version") or ""


def test_a_key_presses_its_button_and_the_button_says_so(page: Page):
    open_deal(page)
    draw = page.locator('[data-shortcut="d"]')
    expect(draw).to_have_attribute("aria-keyshortcuts", "d")
    before = version(page)
    page.locator("body").press("d")
    expect(page.locator("#board")).not_to_have_attribute("data-version", before)


def test_typing_in_a_field_never_fires_a_shortcut(page: Page):
    open_deal(page)
    before = version(page)
    field = page.get_by_label("Deal number")
    field.click()
    field.press_sequentially("d1u2h?")
    expect(field).to_have_value("d1u2h?")  # the keys went into the field, as typed
    page.wait_for_timeout(300)  # time for a request a shortcut would have sent
    assert version(page) == before
    expect(page.get_by_role("dialog")).to_have_count(0)


def test_a_modifier_key_leaves_the_browser_its_own_shortcut(page: Page):
    open_deal(page)
    before = version(page)
    page.locator("body").press("Alt+d")
    page.locator("body").press("Control+u")
    page.wait_for_timeout(300)
    assert version(page) == before


def test_help_panel_lists_the_page_keys_and_closes_with_escape(page: Page):
    open_deal(page)
    opener = page.get_by_role("button", name="Keyboard shortcuts")
    expect(opener).to_have_attribute("aria-keyshortcuts", "?")
    opener.click()
    panel = page.get_by_role("dialog", name="Keyboard shortcuts")
    expect(panel).to_be_visible()
    expect(panel.locator("dt")).to_contain_text(["d"])
    expect(panel).to_contain_text("Draw")
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(opener).to_be_focused()  # focus goes back where it was
    page.locator("body").press("?")
    expect(panel).to_be_visible()
    page.keyboard.press("d")  # keys inside the panel do not act on the board behind it
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()


def test_pages_without_shortcuts_have_no_help_button(page: Page):
    page.goto("/glossary")
    wait_for_htmx(page)
    expect(page.get_by_role("button", name="Keyboard shortcuts")).to_have_count(0)


def test_a_touch_phone_is_not_offered_keyboard_shortcuts(new_page):
    """A QA pass on a phone: the full-width "Keyboard shortcuts" button took a row above the
    cards, where nobody has a keyboard."""
    phone = new_page(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    open_deal(phone)
    expect(phone.get_by_role("button", name="Draw")).to_be_visible()
    expect(phone.locator("#shortcut-help-button")).to_be_hidden()
    desk = new_page()
    open_deal(desk)
    expect(desk.get_by_role("button", name="Keyboard shortcuts")).to_be_visible()
