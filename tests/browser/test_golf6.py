"""Six-card Golf in real browsers: two friends play a hole, and a game against two computers."""

from __future__ import annotations

import contextlib
import re

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.browser.waiting import wait_for_htmx, wait_until

pytestmark = pytest.mark.browser

FACE_DOWN = re.compile(r"^Your card, .*: face down$")
# The drawn card beside the piles ("You drew the 7 of spades."), not the live region's line.
DREW = re.compile(r"^You drew the [^.]+\.$")
POSITIONS = (
    "top row, left",
    "top row, middle",
    "top row, right",
    "bottom row, left",
    "bottom row, middle",
    "bottom row, right",
)


def create_game(page: Page, name: str, bots: int, friends: int) -> None:
    page.goto("/golf6")
    page.get_by_label("Your name").fill(name)
    page.get_by_label("Computer players").fill(str(bots))
    page.get_by_label("Friend seats").fill(str(friends))
    page.get_by_role("button", name="Create game").click()
    expect(page.get_by_role("heading", name="Waiting to start")).to_be_visible()


def my_face_down(page: Page):
    """My face-down cards that may be clicked now."""
    return page.get_by_role("button", name=FACE_DOWN).and_(page.locator(":enabled"))


def click_first_face_down(page: Page) -> None:
    """Click my first clickable face-down card and wait until it shows its face."""
    for where in POSITIONS:
        card = page.get_by_role("button", name=f"Your card, {where}: face down", exact=True)
        if card.count() and card.is_enabled():
            click_until_sent(page, card)
            expect(card).to_have_count(0)
            return
    raise AssertionError("no face-down card to click")


def click_until_sent(page: Page, button) -> None:
    """Click until the click sends its form, and check the move was not refused.

    The table's poll may swap the button out from under the pointer between press and
    release; that click sends nothing, and a player would simply click again.
    """
    for _ in range(3):
        try:
            with page.expect_response(lambda r: r.request.method == "POST", timeout=3_000) as sent:
                button.click()
        except PlaywrightTimeoutError:
            continue
        answer = sent.value
        assert answer.status < 400, answer.text()[:500]  # a refused move answers 409
        return
    raise AssertionError("three clicks sent nothing")


def flip_two(page: Page) -> None:
    for _ in range(2):
        click_first_face_down(page)


def take_a_turn(page: Page) -> None:
    """Draw from the stock and put it on a face-down card."""
    page.get_by_role("button", name="Draw from the stock").click()
    expect(page.get_by_text(DREW)).to_be_visible()
    card = my_face_down(page).first
    card.click()
    expect(page.get_by_role("status")).to_contain_text("swapped")


def whose_turn(*pages: Page) -> Page | None:
    """The page whose player may draw now; None once the hole is over."""
    for _ in range(100):
        for page in pages:
            if page.get_by_role("button", name="Deal the next hole").count():
                return None
            if page.get_by_role("button", name="Draw from the stock").count():
                return page
        pages[0].wait_for_timeout(100)
    raise AssertionError("nobody got the turn")


def test_two_friends_play_a_hole_seeing_each_others_moves(page: Page, new_page):
    ann = page
    create_game(ann, "Ann", bots=0, friends=1)
    invite = ann.get_by_label("Invite link").input_value()
    ann.get_by_role("button", name="Copy invite link").click()
    expect(ann.get_by_role("button", name="Copied")).to_be_focused()
    expect(ann.locator("#page-said")).to_have_text("Copied")  # read out by a screen reader
    # Then the button has its own name again, as CONTRACT.md gives it.
    expect(ann.get_by_role("button", name="Copy invite link")).to_be_visible(timeout=5_000)
    watch = ann.get_by_label("Watch link").input_value()

    maria = new_page()
    maria.goto(invite)
    maria.get_by_label("Your name").fill("Maria")
    maria.get_by_role("button", name="Join game").click()
    expect(ann.get_by_text("Maria")).to_be_visible()  # arrived without a reload
    ann.get_by_role("button", name="Start game").click()
    expect(maria.get_by_role("status")).to_contain_text("Everyone turns two cards")

    flip_two(ann)
    # Ann opens her rejoin link while Maria plays: her table changes under it (Maria's cards
    # turn up), and the panel stays open with the field still focused.
    ann.get_by_text("Play from another device").click()
    ann.get_by_label("Your rejoin link").focus()
    flip_two(maria)
    expect(ann.get_by_role("status")).to_contain_text("Maria’s turn")
    maria_down = re.compile("^Maria’s card.*: face down$")
    expect(ann.get_by_role("button", name=maria_down)).to_have_count(4)
    expect(ann.get_by_label("Your rejoin link")).to_be_visible()
    expect(ann.get_by_label("Your rejoin link")).to_be_focused()
    for _ in range(40):
        mover = whose_turn(ann, maria)
        if mover is None:
            break
        other = maria if mover is ann else ann
        # The other player reads the score sheet meanwhile: the table changes, focus stays.
        other.get_by_role("region", name="Score sheet, scrolls sideways").focus()
        take_a_turn(mover)
        what = mover.get_by_role("status").inner_text().split(";")[0]
        assert what.startswith("You swapped")
        # The other browser follows without reloading, and names the mover.
        name = "Ann" if mover is ann else "Maria"
        expect(other.get_by_role("status")).to_contain_text(
            what.replace("You", name, 1), timeout=5000)
        expect(other.get_by_role("region", name="Score sheet, scrolls sideways")).to_be_focused()
    expect(ann.get_by_role("button", name="Deal the next hole")).to_be_visible()
    expect(maria.get_by_role("button", name="Deal the next hole")).to_be_visible()
    watcher = new_page()
    watcher.goto(watch)
    expect(watcher.get_by_role("table", name="Score sheet")).to_be_visible()
    expect(watcher.get_by_role("button", name="Deal the next hole")).to_have_count(0)
    sheet = maria.get_by_role("table", name="Score sheet")
    expect(sheet.get_by_role("row")).to_have_count(3)  # header, hole 1, total
    # At the end of the hole every card is shown to everyone.
    expect(maria.get_by_role("button", name=re.compile("face down$"))).to_have_count(0)


def my_next_action(page: Page) -> str:
    """Wait until this player can do something: "again", "next", "draw" or "flip"."""
    for _ in range(200):
        if page.get_by_role("button", name="Play again").count():
            return "again"
        if page.get_by_role("button", name="Deal the next hole").count():
            return "next"
        if page.get_by_role("button", name="Draw from the stock").count():
            return "draw"
        if my_face_down(page).count():
            return "flip"
        page.wait_for_timeout(100)
    raise AssertionError("the computers never gave the turn back")


def play_until(page: Page, *stops: str, turns: int = 200) -> str:
    """Take this seat's turns (flip, or draw and swap) until its next action is one of `stops`
    ("next": the hole is over, "again": the game is); returns that action."""
    for _ in range(turns):
        action = my_next_action(page)
        if action in stops:
            return action
        if action == "draw":
            take_a_turn(page)
        else:
            click_first_face_down(page)
    pytest.fail(f"no {' or '.join(stops)} after {turns} turns")


def test_a_game_against_two_computers_to_the_end(page: Page):
    create_game(page, "Ann", bots=2, friends=0)
    page.get_by_role("button", name="Start game").click()
    for _ in range(9):
        if play_until(page, "next", "again") == "again":
            break
        page.get_by_role("button", name="Deal the next hole").click()
        expect(page.get_by_role("status")).to_contain_text("dealt hole")
    else:
        pytest.fail("the game did not end")
    expect(page.get_by_role("status")).to_contain_text(re.compile("win"))
    rows = page.get_by_role("table", name="Score sheet").get_by_role("row")
    expect(rows).to_have_count(11)  # header, nine holes, total
    page.get_by_role("button", name="Play again").click()
    expect(page.get_by_role("heading", name="Hole 1 of 9")).to_be_visible()


def test_a_move_made_while_polls_are_slow_is_sent(page: Page):
    """On a slow connection a poll can still be out when the next one is due. A move must go
    out all the same, and not wait in a queue that the next poll empties."""
    create_game(page, "Ann", bots=1, friends=0)
    page.get_by_role("button", name="Start game").click()
    while (action := my_next_action(page)) != "draw":
        assert action == "flip"
        click_first_face_down(page)
    polls = re.compile(r"/table\?since=")
    held = []  # the table's polls, answered only at the end: a connection that has stalled
    page.route(polls, lambda route: held.append(route))
    page.wait_for_timeout(800)  # a few polls come due while the first is out
    assert len(held) == 1
    with page.expect_request(lambda r: r.method == "POST", timeout=5_000):
        page.get_by_role("button", name="Draw from the stock").click()
    page.wait_for_timeout(800)  # more polls come due while the move is out
    page.unroute(polls)
    for route in held:
        with contextlib.suppress(PlaywrightError):  # a poll the move aborted is gone
            route.continue_()
    expect(page.get_by_text(DREW)).to_be_visible()


def test_keyboard_focus_follows_the_play(page: Page):
    create_game(page, "Ann", bots=1, friends=0)
    page.get_by_role("button", name="Start game").click()
    first = page.get_by_role("button", name="Your card, top row, left: face down")
    expect(page.get_by_role("button", name="Start game")).to_have_count(0)
    expect(first).to_be_visible()
    # A key pressed before htmx has taken over the new page would post the plain form instead.
    wait_for_htmx(page)
    first.focus()
    page.keyboard.press("Enter")
    # Focus moves on to the next card to turn, ready for the next key press.
    second = page.get_by_role("button", name="Your card, top row, middle: face down")
    expect(second).to_be_focused()
    page.keyboard.press("Enter")
    # Ann's two cards are up: focus goes to her draw if she plays first, else to the status
    # line, which the computer's moves leave in place (never to the top of the page).
    focus_kept = "['golf6-status', 'g6-act-draw'].includes(document.activeElement.id)"
    assert wait_until(page, focus_kept, 10.0), page.evaluate("document.activeElement.tagName")
    draw = page.get_by_role("button", name="Draw from the stock")
    expect(draw).to_be_visible(timeout=10_000)
    draw.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_text(DREW)).to_be_visible()
    top_left = page.get_by_role("button", name=re.compile("^Your card, top row, left: "))
    expect(top_left).to_be_focused()


def test_without_javascript_the_forms_still_play(page_without_js: Page):
    page = page_without_js
    page.goto("/golf6")
    page.get_by_label("Your name").fill("Ann")
    page.get_by_role("button", name="Create game").click()
    page.get_by_role("button", name="Start game").click()
    first = page.get_by_role("button", name="Your card, top row, left: face down", exact=True)
    first.click()
    # The status tells only the latest move, which may already be a computer's flip.
    expect(first).to_have_count(0)
    expect(page.get_by_role("status")).to_contain_text("turned up the")
    expect(page.get_by_role("link", name="Refresh")).to_be_visible()


def test_a_name_of_one_long_word_wraps_instead_of_widening_a_phone_page(new_page):
    # Thirty letters with no space are wider than a phone: the heading above a player's cards
    # and the lobby's list must wrap rather than push the page sideways.
    page = new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    long_name = "W" * 30

    def page_width() -> int:
        return page.evaluate("document.documentElement.scrollWidth")

    create_game(page, long_name, bots=1, friends=0)
    expect(page.get_by_role("listitem").filter(has_text=long_name)).to_be_visible()
    assert page_width() <= 360
    page.get_by_role("button", name="Start game").click()
    expect(my_face_down(page).first).to_be_visible()
    flip_two(page)
    expect(page.get_by_role("heading", name=re.compile(f"^{long_name} \\(you\\)"))).to_be_visible()
    assert page_width() <= 360
    # The score sheet scrolls sideways instead: its heading keeps the name on one line.
    heading = page.get_by_role("table", name="Score sheet").get_by_role("columnheader").nth(1)
    assert heading.locator("bdi").evaluate("e => e.getClientRects().length") == 1
    assert page_width() <= 360
    # Once a hole is scored, the sheet's hidden words ("total so far") stay in its scroll box.
    play_until(page, "next")
    assert page_width() <= 360


def test_the_copy_button_keeps_focus_while_the_lobby_follows_who_joins(page: Page, new_page):
    ann = page
    create_game(ann, "Ann", bots=0, friends=2)
    invite = ann.get_by_label("Invite link").input_value()
    copy = ann.get_by_role("button", name="Copy invite link")
    copy.focus()
    maria = new_page()
    maria.goto(invite)
    maria.get_by_label("Your name").fill("Maria")
    maria.get_by_role("button", name="Join game").click()
    expect(ann.get_by_text("Maria")).to_be_visible()  # the poll swapped the lobby in
    expect(ann.get_by_role("button", name="Copy invite link")).to_be_focused()


@pytest.mark.parametrize("width", [320, 375])
def test_a_phone_keeps_the_piles_together_and_the_page_where_it_was(new_page, width):
    """A QA pass on a phone: the stock and the discard each took a row, and every turn the
    page jumped to the status line at the top, away from the cards."""
    page = new_page(viewport={"width": width, "height": 740}, is_mobile=True, has_touch=True)
    create_game(page, "Ann", bots=1, friends=0)
    page.get_by_role("button", name="Start game").click()
    expect(my_face_down(page).first).to_be_visible()
    stock, discard = (page.locator(".golf6-pile").nth(i).bounding_box() for i in (0, 1))
    # One row: side by side, their heights overlapping.
    assert stock["x"] + stock["width"] <= discard["x"], (stock, discard)
    assert abs(discard["y"] - stock["y"]) < 2, (stock, discard)  # level tops
    # The card's name stays whole when the label wraps ("Discard: / jack of hearts").
    name = page.locator(".golf6-pile").nth(1).locator("span").last.inner_text()
    assert "\u00a0" in name.split(": ", 1)[1] or " " not in name.split(": ", 1)[1]
    # The hints line sits under the players, not between the piles and your cards.
    order = page.evaluate("""() => {
        const hints = document.querySelector('.golf6-hints-used');
        const players = document.querySelector('.golf6-players');
        return players.compareDocumentPosition(hints) & Node.DOCUMENT_POSITION_FOLLOWING;
    }""")
    assert order
    card = my_face_down(page).last
    card.scroll_into_view_if_needed()
    click_first_face_down(page)
    before = page.evaluate("window.scrollY")
    assert before > 0
    click_first_face_down(page)  # the second flip ends the turn: nothing left to click
    wait_for_htmx(page)
    assert page.evaluate("window.scrollY") > 0  # the focus went to the status without a jump
