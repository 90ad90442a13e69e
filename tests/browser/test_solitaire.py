"""Golf solitaire in a real browser: click through a deal, Undo, Hint, Watch, keyboard, no JS."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

DEAL = "2"


def open_deal(page: Page, number: str = DEAL) -> None:
    page.goto("/solitaire")
    page.get_by_label("Deal number").fill(number)
    page.get_by_role("button", name="Play this deal").click()
    expect(page.get_by_role("region", name="Columns")).to_be_visible()


def version(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-version"))


def wait_for_version(page: Page, expected: int) -> None:
    expect(page.locator("#board")).to_have_attribute("data-version", str(expected))


def coach(page: Page):
    return page.get_by_role("status")


def fitting_cards(page: Page) -> list[str]:
    """The coach's own list of what fits now ("Fits now: 8 of spades, 6 of diamonds.")."""
    found = re.search(r"Fits now: (.*?)\.", coach(page).inner_text())
    return found.group(1).split(", ") if found else []


def test_board_has_seven_columns_and_the_named_controls(page):
    errors = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    open_deal(page)
    columns = page.get_by_role("region", name="Columns")
    for n in range(1, 8):
        column = columns.get_by_role("list", name=f"Column {n}", exact=True)
        expect(column.get_by_role("listitem")).to_have_count(5)
    # Deal 2: column 1 is Q♦ 10♥ 6♦ 5♣ 3♦, so the 3 of diamonds is its playable card.
    first_column = page.get_by_role("list", name="Column 1")
    expect(first_column.get_by_role("listitem").first).to_have_attribute(
        "aria-label", "queen of diamonds"
    )
    expect(first_column.get_by_role("button")).to_have_accessible_name("3 of diamonds")
    for name in ("Draw", "Undo", "Hint", "New deal", "Watch the computer play", "Play this deal"):
        expect(page.get_by_role("button", name=name, exact=True)).to_be_visible()
    expect(page.get_by_role("region", name="Draw pile")).to_contain_text("16 cards left")
    expect(coach(page)).to_contain_text("Cards in the columns: 35")
    expect(coach(page)).not_to_contain_text("Score:")
    assert not [e for e in errors if "Content Security Policy" in e]


def test_play_a_fixed_deal_to_its_end_by_clicking(page):
    open_deal(page)
    for _ in range(120):
        if "This deal is over" in coach(page).inner_text():
            break
        before = version(page)
        names = fitting_cards(page)
        if names:
            page.get_by_role("button", name=names[0], exact=True).click()
        else:
            page.get_by_role("button", name="Draw", exact=True).click()
        wait_for_version(page, before + 1)
    text = coach(page).inner_text()
    assert "This deal is over" in text
    assert re.search(r"Score: -?\d+$", text.strip())
    expect(page.get_by_role("link", name="Review this deal")).to_be_visible()


def test_undo_and_hint(page):
    open_deal(page)
    discard = page.get_by_role("region", name="Discard pile")
    expect(discard).to_contain_text("ace of diamonds")
    page.evaluate("window.liveRegion = document.querySelector('[role=status]')")
    page.get_by_role("button", name="Draw", exact=True).click()
    wait_for_version(page, 1)
    expect(discard).to_contain_text("king of spades")
    # The coach speaks into the same live region: a replaced one would often not be read out.
    expect(coach(page)).to_contain_text("Last move: turned over the king of spades.")
    assert page.evaluate("window.liveRegion === document.querySelector('[role=status]')")
    expect(page.get_by_role("region", name="Draw pile")).to_contain_text("15 cards left")
    page.get_by_role("button", name="Undo").click()
    wait_for_version(page, 2)
    expect(discard).to_contain_text("ace of diamonds")
    expect(page.get_by_role("region", name="Draw pile")).to_contain_text("16 cards left")
    expect(coach(page)).to_contain_text("Took back a move.")
    page.get_by_role("button", name="Hint").click()
    expect(coach(page)).to_contain_text("Hint: ")


def test_card_that_does_not_fit_is_explained(page):
    open_deal(page)
    # Deal 2 starts with the ace of diamonds on top; column 3's 6 of hearts does not fit.
    page.get_by_role("button", name="6 of hearts", exact=True).click()
    expect(coach(page)).to_contain_text(
        "The 6 of hearts does not fit on the ace of diamonds: only a 2 goes on an ace."
    )
    assert version(page) == 0


def test_watch_the_computer_finish_a_deal_then_take_over(page):
    open_deal(page)
    page.get_by_role("button", name="Watch the computer play").click()
    expect(coach(page)).to_contain_text("Next: ")
    expect(page.get_by_role("button", name="Pause")).to_be_visible()
    expect(coach(page)).to_contain_text("This deal is over", timeout=60_000)
    expect(page.get_by_role("button", name="Pause")).to_have_count(0)


def test_pause_holds_even_when_the_next_watched_move_falls_due_while_it_is_on_its_way(page):
    """The computer's next move is due every watch delay (150 ms here); a Pause still on its
    way must win over it rather than be cut off by it. The Pause answer is held back for
    a second, so the next move always falls due while it is on its way."""
    open_deal(page)
    page.get_by_role("button", name="Watch the computer play").click()
    expect(page.get_by_role("button", name="Pause")).to_be_visible()

    def slow(route):
        time.sleep(1.0)
        route.continue_()

    page.route(re.compile(r"watch=pause"), slow)
    with page.expect_request(re.compile(r"watch=pause")):
        page.get_by_role("button", name="Pause").click()
    expect(page.get_by_role("button", name="Keep watching")).to_be_visible()
    paused_at = version(page)
    page.wait_for_timeout(500)
    assert version(page) == paused_at
    expect(coach(page)).not_to_contain_text("This deal is over")


@pytest.mark.parametrize("device", ["mouse", "space bar"])
def test_a_press_on_pause_that_spans_a_watched_move_still_pauses(page, device):
    """Moves land every watch delay (150 ms here) and each swaps the board in. A player's
    press on Pause held across one of them must still count, on a button that kept focus."""
    open_deal(page)
    page.get_by_role("button", name="Watch the computer play").click()
    pause = page.get_by_role("button", name="Pause")
    if device == "mouse":
        pause.hover()
        page.mouse.down()
    else:
        pause.focus()
        page.keyboard.down("Space")
    pressed_at = version(page)
    expect(page.locator("#board")).not_to_have_attribute("data-version", str(pressed_at))
    expect(page.get_by_role("button", name="Pause")).to_be_focused()
    pauses = []
    page.on("request", lambda request: pauses.append(1) if "watch=pause" in request.url else None)
    if device == "mouse":
        page.mouse.up()
    else:
        page.keyboard.up("Space")
    expect(page.get_by_role("button", name="Keep watching")).to_be_visible()
    page.wait_for_timeout(300)
    assert len(pauses) == 1  # one press, one click: never a second


def test_focus_stays_on_the_watch_control_from_state_to_state(page):
    """Watch, Pause and Keep watching replace each other: pressed from the keyboard, each
    leaves focus on the next, so Enter again undoes it (it never lands on Draw)."""
    open_deal(page)
    page.get_by_role("button", name="Watch the computer play").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Pause")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Keep watching")).to_be_focused()
    paused_at = version(page)
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Pause")).to_be_focused()
    wait_for_version(page, paused_at + 1)  # watching again


def test_pause_step_and_take_over_while_watching(page):
    open_deal(page)
    page.get_by_role("button", name="Watch the computer play").click()
    page.get_by_role("button", name="Pause").click()
    expect(page.get_by_role("button", name="Keep watching")).to_be_visible()
    paused_at = version(page)
    page.wait_for_timeout(500)  # three watch delays: nothing may happen while paused
    assert version(page) == paused_at
    page.get_by_role("button", name="Next move").click()
    wait_for_version(page, paused_at + 1)
    page.get_by_role("button", name="Take over").click()
    expect(page.get_by_role("button", name="Watch the computer play")).to_be_visible()
    page.wait_for_timeout(500)
    assert version(page) == paused_at + 1


def test_keyboard_play_keeps_focus_on_the_board(page):
    open_deal(page)
    draw = page.get_by_role("button", name="Draw", exact=True)
    draw.focus()
    page.keyboard.press("Enter")
    wait_for_version(page, 1)
    focused_id = page.evaluate("document.activeElement.id")
    assert focused_id in {"draw-button"} or focused_id.startswith("play-")
    names = fitting_cards(page)
    target = names[0] if names else None
    if target:
        page.get_by_role("button", name=target, exact=True).focus()
        page.keyboard.press("Space")
        wait_for_version(page, 2)
        assert page.evaluate("document.getElementById('board').contains(document.activeElement)")


def test_seven_columns_fit_a_phone_screen(new_page):
    page = new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    open_deal(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    last = page.get_by_role("list", name="Column 7")
    box = last.bounding_box()
    assert box and box["x"] + box["width"] <= 360


# The headings of the first `selector` table whose text is wider than their cell, so that a word
# has to break: each heading's text is measured on one line in the cell's own font.
TOO_NARROW = """(selector) => [...document.querySelector(selector).querySelectorAll("th")]
  .filter((th) => {
    const style = getComputedStyle(th);
    const probe = document.createElement("span");
    probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
    for (const name of ["fontFamily", "fontSize", "fontWeight", "fontStyle", "letterSpacing"]) {
      probe.style[name] = style[name];
    }
    probe.textContent = th.textContent.trim();
    document.body.append(probe);
    const wide = probe.getBoundingClientRect().width;
    probe.remove();
    const room = th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return wide > room;
  })
  .map((th) => th.textContent.trim())"""


@pytest.mark.parametrize(("lang", "start"), [("en", "Start a round of nine"),
                                             ("sv", "Börja en runda med nio hål")])
def test_a_rounds_score_card_keeps_its_words_whole_on_a_small_phone(new_page, lang, start):
    # Fixed columns: a Swedish "Summa" once broke into "Sum" and "ma".
    page = new_page(viewport={"width": 320, "height": 640}, is_mobile=True, has_touch=True)
    page.goto(f"/solitaire?lang={lang}")
    page.get_by_role("button", name=start).click()
    assert page.locator(".scorecard th").count() == 12
    assert page.evaluate(TOO_NARROW, ".scorecard table") == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 320


def test_play_a_few_moves_with_javascript_off(page_without_js):
    page = page_without_js
    open_deal(page)
    url = page.url
    page.get_by_role("button", name="Draw", exact=True).click()
    expect(page.get_by_role("region", name="Draw pile")).to_contain_text("15 cards left")
    assert page.url == url  # Post/Redirect/Get back to the deal
    names = fitting_cards(page)
    if names:
        page.get_by_role("button", name=names[0], exact=True).click()
        expect(page.get_by_role("region", name="Discard pile")).to_contain_text(names[0])
    page.get_by_role("button", name="Undo").click()
    expect(coach(page)).to_contain_text("Took back a move.")
    page.get_by_role("button", name="Hint").click()
    expect(coach(page)).to_contain_text("Hint: ")
    page.get_by_role("button", name="Watch the computer play").click()
    expect(coach(page)).to_contain_text("Next: ")
    at = version(page)
    page.get_by_role("button", name="Next move").click()
    wait_for_version(page, at + 1)
    expect(coach(page)).to_contain_text("Last move:")
    assert "watch=pause" in page.url


@pytest.mark.parametrize("query", ["", "?hint=1", "?watch=pause"])
def test_axe_finds_no_serious_problems_on_the_board(new_page, query):
    from tests.browser.test_pages import serious_violations

    page = new_page(bypass_csp=True)  # axe is injected as a script, which the CSP forbids
    open_deal(page)
    page.goto(page.url + query)
    assert serious_violations(page) == []


def test_a_second_tab_gets_the_current_board_and_a_clear_message(page):
    open_deal(page)
    other = page.context.new_page()
    other.goto(page.url)
    for done in (1, 2):
        page.get_by_role("button", name="Draw", exact=True).click()
        wait_for_version(page, done)
    # Made from version 0 (one behind with the same move would count as a double click).
    other.get_by_role("button", name="Draw", exact=True).click()
    expect(coach(other)).to_contain_text("out of date")
    wait_for_version(other, 2)
    expect(other.get_by_role("region", name="Draw pile")).to_contain_text("14 cards left")


def column_of(page: Page, card: str) -> str:
    """The column number (and key) of a playable card, from its button."""
    return page.get_by_role("button", name=card, exact=True).get_attribute("value")


def test_keys_play_a_column_draw_undo_and_hint(page):
    open_deal(page)
    draw_pile = page.get_by_role("region", name="Draw pile")
    discard = page.get_by_role("region", name="Discard pile")
    page.keyboard.press("d")
    wait_for_version(page, 1)
    expect(draw_pile).to_contain_text("15 cards left")
    page.keyboard.press("u")
    wait_for_version(page, 2)
    expect(draw_pile).to_contain_text("16 cards left")
    expect(coach(page)).to_contain_text("Took back a move.")
    for done in (3, 4, 5):  # draw until a card fits, then play it by its column's key
        if fitting_cards(page):
            break
        page.keyboard.press("d")
        wait_for_version(page, done)
    card = fitting_cards(page)[0]
    before = version(page)
    page.keyboard.press(column_of(page, card))
    wait_for_version(page, before + 1)
    expect(discard).to_contain_text(card)
    page.keyboard.press("h")
    expect(coach(page)).to_contain_text("Hint: ")
    # The help panel lists what the keys do on this board.
    page.keyboard.press("?")
    panel = page.get_by_role("dialog", name="Keyboard shortcuts")
    for words in ("Draw", "Undo", "Hint", "Column 1", "Column 7"):
        expect(panel).to_contain_text(words)


def test_typing_in_the_deal_number_field_presses_no_keys(page):
    open_deal(page)
    field = page.get_by_label("Deal number")
    field.click()
    page.keyboard.type("1234567duh")
    expect(field).to_have_value("1234567duh")
    page.wait_for_timeout(300)
    assert version(page) == 0
    expect(page.get_by_role("region", name="Draw pile")).to_contain_text("16 cards left")
    expect(coach(page)).not_to_contain_text("Hint: ")


def test_a_move_that_does_not_get_through_says_so_until_one_does(page):
    # Without a word a click on a phone in a tunnel would look ignored.
    open_deal(page)
    draw = page.get_by_role("button", name="Draw", exact=True)
    pile = page.get_by_role("region", name="Draw pile")
    alert = page.get_by_role("alert")
    page.context.set_offline(True)
    draw.click()
    expect(alert).to_have_text(re.compile(r"^No connection to the server"))
    expect(alert).to_be_in_viewport()
    page.context.set_offline(False)
    draw.click()
    expect(pile).to_contain_text("15 cards left")
    expect(alert).to_have_text("")
    page.route("**/draw", lambda route: route.fulfill(status=500, body="no"))
    draw.click()
    expect(alert).to_have_text(re.compile(r"^Something went wrong on our side"))
    expect(pile).to_contain_text("15 cards left")  # nothing was swapped in
    page.unroute("**/draw")
    draw.click()
    expect(pile).to_contain_text("14 cards left")
    expect(alert).to_have_text("")


def test_a_hinted_button_shows_the_focus_ring_and_descriptions_stay_off_the_page(page):
    open_deal(page, "8")  # two cards fit from the start
    draw = page.get_by_role("button", name="Draw", exact=True)
    draw.evaluate("button => button.classList.add('is-hinted')")
    page.keyboard.press("Shift")  # a key press: focus from here on is shown as the keyboard's
    draw.focus()
    assert draw.evaluate("button => button.matches(':focus-visible')")
    assert draw.evaluate("button => getComputedStyle(button).outlineStyle") == "solid"
    # What a fitting card's description says is heard with the card, not met as loose text.
    fitting = page.locator("button[aria-describedby~='fits-note']").first
    expect(fitting).to_have_accessible_description(re.compile("fits on the discard pile"))
    expect(page.get_by_text("fits on the discard pile", exact=True)).to_be_hidden()


def test_a_variation_whose_label_wraps_keeps_its_whole_box(new_page):
    page = new_page(viewport={"width": 320, "height": 568}, is_mobile=True, has_touch=True)
    page.goto("/solitaire?lang=sv")
    boxes = page.locator(".variations input[type=checkbox]")
    sizes = {(round(b["width"]), round(b["height"]))
             for b in (boxes.nth(i).bounding_box() for i in range(boxes.count()))}
    assert sizes == {(24, 24)}


@pytest.mark.parametrize("width", [1440, 375])
def test_the_buttons_under_the_columns_stay_put_however_many_cards_are_left(new_page, width):
    """The columns keep the height of five cards: once every column is down to four, a card an
    Undo puts back would otherwise push the buttons down under a second click, which would
    then play that card again."""
    page = new_page(viewport={"width": width, "height": 900})
    open_deal(page)
    undo = page.get_by_role("button", name="Undo")
    before = undo.bounding_box()["y"]
    # Every column down to one card, as late in a deal, without playing a hundred moves.
    page.locator(".columns ol").evaluate_all(
        "columns => columns.forEach(c => [...c.children].slice(1).forEach(li => li.remove()))")
    assert page.locator(".columns li").count() == 7
    assert undo.bounding_box()["y"] == before
    # Every column cleared, as at the end of a deal that clears.
    page.locator(".columns ol").evaluate_all(
        "columns => columns.forEach(c => { c.replaceChildren(); c.classList.add('is-empty'); })")
    assert undo.bounding_box()["y"] == before


def test_start_over_appearing_after_the_first_move_moves_no_other_button(page):
    open_deal(page)
    buttons = ("Undo", "Hint", "Watch the computer play")
    before = [page.get_by_role("button", name=n).bounding_box() for n in buttons]
    page.get_by_role("button", name="Draw", exact=True).click()
    wait_for_version(page, 1)
    expect(page.get_by_role("button", name="Start over")).to_be_visible()
    assert [page.get_by_role("button", name=n).bounding_box() for n in buttons] == before


def test_fits_badges_do_not_run_together_on_a_phone(new_page):
    """Two jokers, deal 2: once the joker is played every column's card fits, and at 375 px
    the Swedish "▲ Passar" badges would touch and read as one word."""
    page = new_page(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    page.goto("/solitaire")
    page.get_by_label("Deal number").fill("2")
    page.get_by_label("Jokers").select_option("2")
    page.get_by_role("button", name="Play this deal").click()
    page.get_by_role("button", name=re.compile("joker", re.I)).first.click()
    wait_for_version(page, 1)
    page.goto(page.url + "?lang=sv")  # "Passar", the longer word
    boxes = [badge.bounding_box() for badge in page.locator(".fits .badge").all()]
    assert len(boxes) >= 3
    boxes.sort(key=lambda box: box["x"])
    for left, right in zip(boxes, boxes[1:], strict=False):
        if abs(left["y"] - right["y"]) < left["height"]:
            assert left["x"] + left["width"] < right["x"], (left, right)


def test_clicking_the_card_back_draws_as_the_draw_button_does(page):
    """Card sites and PySolFC deal by clicking the stock."""
    open_deal(page)
    page.locator(".draw-pile .card-back").click()
    wait_for_version(page, 1)
    expect(page.get_by_role("region", name="Draw pile")).to_contain_text("15 cards left")
