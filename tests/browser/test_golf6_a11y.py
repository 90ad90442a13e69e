"""Six-card Golf pages under axe-core: the form, the lobby, and a table in mid-turn."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_golf6 import DREW, click_until_sent, create_game, flip_two
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


def test_the_focused_card_stands_out_from_the_other_cards_to_click(page: Page):
    # Every card one may place on has a yellow border: focus must look different from that.
    create_game(page, "Ann", bots=1, friends=0)
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("button", name="Your card, top row, left: face down")).to_be_visible()
    flip_two(page)
    draw = page.get_by_role("button", name="Draw from the stock")
    expect(draw).to_be_visible(timeout=20_000)
    draw.focus()
    page.keyboard.press("Enter")  # from the keyboard, as :focus-visible wants
    expect(page.get_by_text(DREW)).to_be_visible()
    focused = page.locator(".pcard.playable:focus-visible")
    expect(focused).to_have_count(1)
    outline, width, border, shadow = focused.evaluate("""card => {
        const style = getComputedStyle(card);
        return [style.outlineColor, style.outlineWidth, style.borderTopColor, style.boxShadow];
    }""")
    others = page.locator(".pcard.playable:not(:focus)")
    assert others.count() >= 1
    assert outline == "rgb(255, 255, 255)" and outline != border and width == "4px"
    assert "rgb(27, 31, 35)" in shadow
    assert others.first.evaluate("card => getComputedStyle(card).outlineStyle") == "none"
