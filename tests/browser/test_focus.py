"""Focus after an htmx swap (static/app.js): when the control a player used is gone or
disabled, focus goes to the element the new fragment names, never back to the page top."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_shortcuts import open_deal

pytestmark = pytest.mark.browser


def test_focus_moves_to_the_fragments_fallback_when_the_used_button_is_disabled(page: Page):
    open_deal(page)
    draw = page.locator("#draw-button")
    draw.focus()
    while draw.is_enabled():
        before = page.locator("#board").get_attribute("data-version")
        page.keyboard.press("Enter")
        expect(page.locator("#board")).not_to_have_attribute("data-version", before or "")
        if draw.is_enabled():
            expect(draw).to_be_focused()  # htmx keeps focus on the same control
    focused = page.evaluate(
        "document.activeElement && document.activeElement.hasAttribute('data-focus-fallback')"
    )
    assert focused, page.evaluate("document.activeElement.outerHTML.slice(0, 200)")
