"""The quiz in a real browser: taken by keyboard with htmx, and with JavaScript off."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.waiting import wait_for_htmx

pytestmark = pytest.mark.browser

# (start of the question, choice to pick, right?) — five right and one wrong.
PICKS = [
    ("The top card of the discard pile is the 7 of hearts", "8 of spades", True),
    ("Which cards in a column can you play?", "Only the last card", True),
    ("A king is on top of the discard pile", "A queen", False),
    ("The draw pile is empty and no column card fits", "The deal is over", True),
    ("One deal ends with 3 cards left", "The one with 3", True),
    ("You clear every column with 4 cards", "−4", True),
]


def tab_to(page: Page, target: Locator, limit: int = 80) -> None:
    """Press Tab until `target` has focus, as a keyboard user would."""
    for _ in range(limit):
        if target.evaluate("el => el === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError("could not reach the element with the Tab key")


def question(page: Page, prompt: str) -> Locator:
    return page.get_by_role("group", name=prompt)


def test_take_the_quiz_by_keyboard(page: Page):
    page.goto("/quiz")
    wait_for_htmx(page)
    page.evaluate("window.notReloaded = true")
    for number, (prompt, pick, right) in enumerate(PICKS, start=1):
        group = question(page, prompt)
        choice = group.get_by_role("button", name=pick)
        tab_to(page, choice)
        page.keyboard.press("Enter" if number % 2 else "Space")
        result = page.locator(f"#q-{number}-result")
        expect(result).to_have_attribute("role", "status")
        expect(result).to_contain_text("Right!" if right else "Not quite.")
        # The choice is locked, says whether it was right, and keeps the keyboard focus.
        expect(choice).to_be_disabled()
        expect(choice).to_be_focused()
        for button in group.get_by_role("button").all():
            expect(button).to_be_disabled()
        verdict = "Right answer · your pick." if right else "Wrong answer · your pick."
        expect(group).to_contain_text(verdict)
        expect(group).to_contain_text(re.compile(r"\d+% of players chose this\."))
    score = page.locator("#quiz-score")
    expect(score).to_have_attribute("role", "status")
    expect(score).to_contain_text("You got 5 of 6 right.")
    assert page.evaluate("window.notReloaded === true"), "htmx swapped fragments, no reload"

    try_again = page.get_by_role("button", name="Try again")
    tab_to(page, try_again)
    page.keyboard.press("Enter")
    page.wait_for_load_state()
    expect(page.get_by_text("You got")).to_have_count(0)
    expect(question(page, PICKS[0][0]).get_by_role("button", name="8 of spades")).to_be_enabled()


def test_answer_rejected_twice_keeps_first_pick(page: Page):
    page.goto("/quiz")
    group = question(page, PICKS[2][0])
    group.get_by_role("button", name="An ace").click()
    expect(page.locator("#q-3-result")).to_contain_text("Not quite.")
    # Clicking a locked choice does nothing: it is not a submit button any more.
    group.get_by_role("button", name="Nothing: turn over a card").click(force=True)
    expect(group).to_contain_text("Wrong answer · your pick.")
    expect(page.locator("#q-3-result")).not_to_contain_text("already answered")


def test_take_the_quiz_without_javascript(page_without_js: Page):
    page = page_without_js
    page.goto("/quiz")
    for number, (prompt, pick, _right) in enumerate(PICKS, start=1):
        question(page, prompt).get_by_role("button", name=pick).click()
        expect(page).to_have_url(re.compile(rf"/quiz#q-{number}-\w+$"))
        expect(page.locator(f"#q-{number}-result")).not_to_be_empty()
        expect(question(page, prompt).get_by_role("button", name=pick)).to_be_focused()
    expect(page.locator("#q-3-result")).to_contain_text("Not quite. The answer is")
    expect(page.locator("#quiz-score")).to_contain_text("You got 5 of 6 right.")
    page.get_by_role("button", name="Try again").click()
    expect(page).to_have_url(re.compile(r"/quiz$"))
    expect(page.get_by_role("button", name="8 of spades")).to_be_enabled()
