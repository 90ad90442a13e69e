"""Four-card Golf in real browsers: a game against the computer with a knock, and two friends
playing a hole by invite link (issue 16)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_golf6 import DREW

pytestmark = pytest.mark.browser

# Named as CONTRACT.md names any face-down card; what its owner saw is its description.
PEEKED = re.compile(r"^Your card, bottom row, (left|right): face down$")


def create_four_card(page: Page, name: str, bots: int, friends: int) -> None:
    page.goto("/golf6")
    page.get_by_label("Your name").fill(name)
    page.get_by_label("Game").select_option(label="Four-card Golf")
    page.get_by_label("Computer players").fill(str(bots))
    page.get_by_label("Friend seats").fill(str(friends))
    page.get_by_role("button", name="Create game").click()
    expect(page.get_by_role("heading", name="Four-card Golf")).to_be_visible()
    expect(page.get_by_role("heading", name="Waiting to start")).to_be_visible()


def wait_for_my_turn(page: Page) -> str:
    """Wait until this player can act: "again", "next" or "draw"."""
    for _ in range(300):
        if page.get_by_role("button", name="Play again").count():
            return "again"
        if page.get_by_role("button", name="Deal the next hole").count():
            return "next"
        if page.get_by_role("button", name="Draw from the stock").count():
            return "draw"
        page.wait_for_timeout(100)
    raise AssertionError("the turn never came")


def draw_and_throw(page: Page) -> None:
    page.get_by_role("button", name="Draw from the stock").click()
    expect(page.get_by_text(DREW)).to_be_visible()
    page.get_by_role("button", name="Throw it away").click()
    expect(page.get_by_role("status")).to_contain_text("threw away")


def test_a_game_against_the_computer_with_a_knock(page: Page):
    create_four_card(page, "Ann", bots=1, friends=0)
    page.get_by_role("button", name="Start game").click()
    # The square: four places, the two nearest cards peeked at and kept in sight.
    expect(page.get_by_role("button", name=re.compile(r"^Your card, "))).to_have_count(4)
    expect(page.get_by_role("button", name=PEEKED)).to_have_count(2)
    for place in ("left", "right"):
        near = page.get_by_role("button", name=f"Your card, bottom row, {place}: face down")
        expect(near).to_have_accessible_description(re.compile(r"^You looked: .+"))
    expect(page.get_by_role("button", name="Your card, top row, left: face down")).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"^Computer 2’s card, "))).to_have_count(4)

    holes = 1
    assert wait_for_my_turn(page) == "draw"
    if not page.get_by_role("button", name="Knock").count():
        # The computer plays first on hole 1 and may knock at once with a good square; then
        # Ann has her last turn, and on hole 2 she plays first, so she can surely knock.
        expect(page.get_by_role("status")).to_contain_text("Computer 2 knocked")
        draw_and_throw(page)
        page.get_by_role("button", name="Deal the next hole").click()
        expect(page.get_by_role("heading", name="Hole 2 of 9")).to_be_visible()
        holes = 2
        assert wait_for_my_turn(page) == "draw"
    page.get_by_role("button", name="Knock").click()
    expect(page.get_by_role("status")).to_contain_text("You knocked")
    # The Knock button is gone and nothing is Ann's to do: focus waits on the status line
    # (not the top of the page), and stays there while the computer plays.
    expect(page.get_by_role("status")).to_be_focused()
    # The computer has its one more turn, then the hole ends and every card shows.
    expect(page.get_by_role("button", name="Deal the next hole")).to_be_visible(timeout=15_000)
    expect(page.get_by_role("button", name=re.compile("face down"))).to_have_count(0)
    sheet = page.get_by_role("table", name="Score sheet")
    expect(sheet.get_by_role("row")).to_have_count(holes + 2)  # header, the holes, total
    expect(page.get_by_role("status")).to_be_focused()
    page.get_by_role("button", name="Deal the next hole").click()
    expect(page.get_by_role("heading", name=f"Hole {holes + 1} of 9")).to_be_visible()


def test_two_friends_play_a_hole_by_invite_link(page: Page, new_page):
    ann = page
    create_four_card(ann, "Ann", bots=0, friends=1)
    invite = ann.get_by_label("Invite link").input_value()
    maria = new_page()
    maria.goto(invite)
    expect(maria.get_by_text("a game of Four-card Golf")).to_be_visible()
    maria.get_by_label("Your name").fill("Maria")
    maria.get_by_role("button", name="Join game").click()
    expect(ann.get_by_text("Maria")).to_be_visible()  # arrived without a reload
    ann.get_by_role("button", name="Start game").click()

    # Each sees their own two peeked cards, and none of the other's.
    for player, other in ((ann, "Maria’s"), (maria, "Ann’s")):
        expect(player.get_by_role("button", name=PEEKED)).to_have_count(2)
        expect(
            player.get_by_role("button", name=re.compile(rf"^{other} card, .*: face down$"))
        ).to_have_count(4)

    # Maria plays first (the seat after the dealer): she draws and throws away, Ann knocks.
    # The tab's title says whose turn it is, for a player reading another tab.
    assert wait_for_my_turn(maria) == "draw"
    expect(maria).to_have_title("Your turn · Four-card Golf · Golf Club")
    expect(ann).to_have_title("Four-card Golf · Golf Club")
    draw_and_throw(maria)
    expect(ann.get_by_role("status")).to_contain_text("Maria threw away")  # followed live
    expect(ann).to_have_title("Your turn · Four-card Golf · Golf Club")
    expect(maria).to_have_title("Four-card Golf · Golf Club")
    assert wait_for_my_turn(ann) == "draw"
    ann.get_by_role("button", name="Knock").click()
    expect(maria.get_by_role("status")).to_contain_text("Ann knocked")
    expect(maria.get_by_role("button", name="Knock")).to_have_count(0)
    assert wait_for_my_turn(maria) == "draw"
    draw_and_throw(maria)
    for player in (ann, maria):
        expect(player.get_by_role("button", name="Deal the next hole")).to_be_visible()
        expect(player.get_by_role("button", name=re.compile("face down"))).to_have_count(0)
