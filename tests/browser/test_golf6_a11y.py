"""Six-card Golf pages under axe-core: the form, the lobby, and a table in mid-turn."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_golf6 import DREW, click_until_sent
from tests.browser.test_pages import serious_violations

pytestmark = pytest.mark.browser


def test_axe_finds_no_serious_problems_from_form_to_table(new_page):
    # The site's CSP forbids inline scripts, which is how the test injects axe.
    page: Page = new_page(bypass_csp=True)
    page.goto("/golf6")
    problems = serious_violations(page)
    assert problems == [], "\n".join(problems)
    page.get_by_label("Your name").fill("Ann")
    page.get_by_label("Friend seats").fill("1")
    page.get_by_label("Computer players").fill("1")
    page.get_by_role("button", name="Create game").click()
    expect(page.get_by_role("button", name="Start game")).to_be_visible()
    problems = serious_violations(page)
    assert problems == [], "\n".join(problems)
    page.get_by_role("button", name="Start game").click()
    for card in ("top row, left", "bottom row, left"):
        # The computer turns its cards up meanwhile, and a poll may swap the card mid-click.
        click_until_sent(page, page.get_by_role("button", name=f"Your card, {card}: face down"))
        expect(page.get_by_role("button", name=f"Your card, {card}: face down")).to_have_count(0)
    for _ in range(100):
        if page.get_by_role("button", name="Draw from the stock").count():
            break
        page.wait_for_timeout(100)
    page.get_by_role("button", name="Draw from the stock").click()
    expect(page.get_by_text(DREW)).to_be_visible()
    problems = serious_violations(page)
    assert problems == [], "\n".join(problems)


def test_axe_finds_no_serious_problems_at_a_four_card_table(new_page):
    """The 2x2 square with its peeked cards in sight, then the knock and the scores."""
    page: Page = new_page(bypass_csp=True)
    page.goto("/golf6")
    page.get_by_label("Your name").fill("Ann")
    page.get_by_label("Game").select_option(label="Four-card Golf")
    page.get_by_role("button", name="Create game").click()
    page.get_by_role("button", name="Start game").click()
    knock = page.get_by_role("button", name="Knock")
    expect(knock).to_be_visible(timeout=15_000)
    problems = serious_violations(page)
    assert problems == [], "\n".join(problems)
    knock.click()
    expect(page.get_by_role("button", name="Deal the next hole")).to_be_visible(timeout=15_000)
    problems = serious_violations(page)
    assert problems == [], "\n".join(problems)
