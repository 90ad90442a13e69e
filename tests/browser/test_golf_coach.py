"""The six-card Golf coach in a real browser: play a hole by the hints, then read the review.

Only what a player sees is used: the "Hint" button, the advice in the live region (parsed
for the action it names), the action buttons and the layout cards by their accessible names.
Done with JavaScript (htmx swaps, polling) and without it (plain forms, reloads).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_golf6 import click_first_face_down

pytestmark = pytest.mark.browser

PLACES = {
    "top-left": "top row, left",
    "top-middle": "top row, middle",
    "top-right": "top row, right",
    "bottom-left": "bottom row, left",
    "bottom-middle": "bottom row, middle",
    "bottom-right": "bottom row, right",
}
FACE_DOWN = re.compile(r"^Your card, .*: face down$")


def start_against_the_computer(page: Page) -> str:
    page.goto("/golf6")
    page.get_by_label("Your name").fill("Ann")
    page.get_by_label("Computer players").fill("1")
    page.get_by_label("Friend seats").fill("0")
    expect(page.get_by_label("Hints allowed")).to_be_checked()
    page.get_by_role("button", name="Create game").click()
    page.get_by_role("button", name="Start game").click()
    return page.url


def my_card(page: Page, place: str):
    return page.get_by_role("button", name=re.compile(rf"^Your card, {PLACES[place]}: "))


def follow(page: Page, advice: str) -> None:
    """Do what the hint says, by the names a player sees."""
    if advice.startswith("Draw from the stock"):
        page.get_by_role("button", name="Draw from the stock").click()
    elif advice.startswith("Take the"):
        page.get_by_role("button", name="Take the discard").click()
    elif advice.startswith("Throw the"):
        page.get_by_role("button", name="Throw it away").click()
    elif advice.startswith(("Swap the", "Turn up")):
        place = re.search(r"your (\S+) (?:face-down )?card", advice).group(1)
        my_card(page, place).click()
    else:
        raise AssertionError(f"a hint that names no action: {advice}")


def play_hole_by_the_hints(page: Page, url: str, javascript: bool) -> int:
    hints = 0
    status = page.get_by_role("status")
    for _ in range(300):
        if page.get_by_role("heading", name="Hole review").count():
            return hints
        hint = page.get_by_role("button", name="Hint", exact=True)
        face_down = page.get_by_role("button", name=FACE_DOWN).and_(page.locator(":enabled"))
        if hint.count():
            hint.click()
            expect(status).to_contain_text(
                re.compile(r"^(Draw from the stock|Take the|Swap the|Throw the|Turn up)")
            )
            advice = status.inner_text()
            hints += 1
            follow(page, advice)
            expect(status).not_to_have_text(advice)
        elif face_down.count() and not page.get_by_text("Your turn: draw").count():
            # The two cards turned up at the start (no hint there). Wait until the card shows
            # its face, or the next look may still see it face down and click it again.
            click_first_face_down(page)
        elif javascript:
            page.wait_for_timeout(150)  # the table polls; the computer moves meanwhile
        else:
            page.wait_for_timeout(150)
            page.goto(url)  # without JavaScript a reload shows the computer's moves
    raise AssertionError("the hole did not end")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_play_a_hole_following_every_hint_then_read_the_review(
    page: Page, page_without_js: Page, javascript: bool
):
    player = page if javascript else page_without_js
    url = start_against_the_computer(player)
    hints = play_hole_by_the_hints(player, url, javascript)
    assert hints >= 3
    review = player.get_by_role("region", name="Hole review")
    expect(review).to_contain_text(re.compile(r"(You|Computer 2) went out\."))
    expect(review).to_contain_text(re.compile(r"You scored -?\d+ and Computer 2 scored -?\d+\."))
    # Every choice was the coach's own, so none cost anything.
    expect(review).to_contain_text("The coach agrees with your choices this hole")
    expect(player.get_by_text(re.compile(rf"Hints used: Ann \({hints}\)\."))).to_be_visible()


def test_axe_finds_no_serious_problems_with_hint_review_and_strategy(new_page):
    from tests.browser.test_pages import serious_violations

    page: Page = new_page(bypass_csp=True)
    url = start_against_the_computer(page)
    hints = play_hole_by_the_hints(page, url, javascript=True)
    assert hints
    expect(page.get_by_role("region", name="Hole review")).to_be_visible()
    problems = serious_violations(page)
    assert problems == [], "\n".join(problems)
    page.get_by_role("link", name="Six-card Golf strategy").first.click()
    expect(page.get_by_role("heading", name="Six-card Golf strategy", level=1)).to_be_visible()
    levels = page.get_by_role("table", name="Computer levels against the strong level")
    expect(levels).to_be_visible()
    problems = serious_violations(page)
    assert problems == [], "\n".join(problems)
    page.goto("/rules/six-card-golf/strategy?lang=sv")
    expect(page.get_by_role("heading", name="Strategi för sexkortsgolf", level=1)).to_be_visible()
    problems = serious_violations(page)
    assert problems == [], "\n".join(problems)
