"""Golf solitaire over HTTP: every route, with and without htmx, and every kind of bad input."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from app.rules.solitaire import DRAW, Play, Variant, deal_for_number, legal_moves, start
from tests.web.solitaire_helpers import (
    JSON,
    clearable_cards,
    finish,
    new_deal,
    new_round,
    round_deals,
    spec_example_cards,
    state,
    store_deal,
)


def board_url(deal_id: str, action: str = "") -> str:
    return f"/solitaire/deals/{deal_id}" + (f"/{action}" if action else "")


# --- Start page and new deals ----------------------------------------------------------------


def test_start_page_offers_deal_number_variations_and_a_round(client):
    page = client.get("/solitaire").text
    for text in ('<label for="deal-number">Deal number</label>', "Play this deal", "New deal",
                 "Queen on king", "Round the corner", "Clear scores zero", "Empty start",
                 'name="jokers"', "Start a round of nine", "Three beginner mistakes"):
        assert text in page
    assert 'style="' not in page and "<script>" not in page


@pytest.mark.parametrize(("lang", "daily", "record"), [
    ("en", "Deal of the day", "Your record"),
    ("sv", "Dagens giv", "Din statistik"),
])
def test_start_page_leads_to_the_deal_of_the_day_challenges_and_your_record(
    client, lang, daily, record
):
    # A solitaire player comes here from the menu: the ways to play with others start here too.
    page = client.get(f"/solitaire?lang={lang}").text
    assert f'<a href="/solitaire/daily">{daily}</a>' in page
    assert f'<a href="/solitaire/record">{record}</a>' in page
    assert {"en": "“Challenge a friend”", "sv": "”Utmana en vän”"}[lang] in page


def test_same_deal_number_deals_the_same_cards(client):
    first, second = new_deal(client, 12345), new_deal(client, 12345)
    assert first != second
    assert state(client, first)["columns"] == state(client, second)["columns"]
    cards = deal_for_number(12345)
    assert state(client, first)["columns"][0] == [cards[i] for i in range(0, 35, 7)]
    assert state(client, first)["discard_top"] == cards[35]


def test_new_deal_without_a_number_gets_a_random_one(client):
    deal_id = new_deal(client, "", action="random")
    assert 1 <= state(client, deal_id)["deal_number"] <= 2**31 - 1


@pytest.mark.parametrize("number", ["0", "-3", "abc", "1.5", "9" * 17, "²"])
def test_bad_deal_number_is_refused_with_a_message(client, number):
    response = client.submit("/solitaire/deals", {"deal_number": number, "action": "number"})
    assert response.status_code == 422
    assert "Deal numbers are whole numbers from 1 to" in response.text
    assert response.text.count(" autofocus") == 1  # the field, so the reason is heard at once
    assert re.search(r'<input id="deal-number"[^>]*aria-invalid="true"[^>]*autofocus',
                     response.text)


def test_variations_are_stored_and_shown_on_the_board(client):
    deal_id = new_deal(client, 9, queen_on_king="on", empty_start="on", jokers="2")
    data = state(client, deal_id)
    assert data["variant"] == {"queen_on_king": True, "round_the_corner": False,
                               "clear_scores_zero": False, "empty_start": True, "jokers": 2}
    assert data["discard_top"] is None and data["draw_pile"] == 19
    page = client.get(board_url(deal_id)).text
    assert "Variations: Queen on king, Empty start, Jokers: 2" in page
    assert "turn over a card from the draw pile to start" in page


def test_bad_joker_count_is_refused(client):
    response = client.submit("/solitaire/deals", {"deal_number": "3", "jokers": "7"})
    assert response.status_code == 422
    assert re.search(r'<select name="jokers"[^>]*autofocus', response.text)


# --- The board ---------------------------------------------------------------------------------


def test_board_has_the_contract_names(client):
    deal_id = new_deal(client, 1)
    page = client.get(board_url(deal_id)).text
    assert 'aria-label="Columns"' in page
    for n in range(1, 8):
        assert f'aria-label="Column {n}"' in page
    assert 'aria-label="Discard pile"' in page and 'aria-label="Draw pile"' in page
    assert "16 cards left" in page and "king of clubs" in page
    for name in ("Draw", "Undo", "Hint", "Watch the computer play"):
        assert f">{name}</button>" in page
    assert 'role="status"' in page and "Cards in the columns: 35" in page
    assert "Score:" not in page  # the score is announced once, when the deal ends
    # The last card of column 1 (deal 1) is the queen of spades, a button.
    assert re.search(r'<button[^>]*name="column" value="1"[^>]*>\s*<span[^>]*>.*?'
                     r'<span class="visually-hidden">queen of spades</span>', page, re.S)
    assert page.count('name="column"') == 7
    # Covered cards are pictures in a named list item: no second, hidden copy of the name.
    covered = r'<li aria-label="[^"]+"><span class="pcard is-\w+" aria-hidden="true">[^<]+</span>'
    assert len(re.findall(covered, page)) == 28


def test_every_board_form_carries_this_browsers_token(client):
    deal_id = new_deal(client, 1)
    page = client.get(board_url(deal_id) + "?watch=play").text
    tokens = re.findall(r'name="csrf_token" value="([^"]*)"', page)
    # The board's form (cards, Draw, Undo), the two watch forms and the new-deal form.
    assert len(tokens) == 4 and set(tokens) == {client.csrf()}


def test_board_never_shows_the_draw_pile_cards(client):
    from app.i18n import card_name

    deal_id = new_deal(client, 1)
    page = client.get(board_url(deal_id)).text
    data = state(client, deal_id)
    assert "stock" not in data
    for card in deal_for_number(1)[36:]:
        assert card_name(card) not in page and f"'{card}'" not in page


def test_json_state_has_the_contract_keys(client):
    deal_id = new_deal(client, 1)
    data = state(client, deal_id)
    assert {"deal_number", "variant", "columns", "discard_top", "draw_pile", "moves", "over",
            "score"} <= set(data)
    assert data["deal_number"] == 1 and data["moves"] == 0 and data["draw_pile"] == 16
    assert data["over"] is False and data["score"] is None
    assert len(data["columns"]) == 7 and all(len(c) == 5 for c in data["columns"])


def test_coach_says_what_fits_and_marks_the_fitting_cards(client):
    deal_id = store_deal(client, spec_example_cards())
    page = client.get(board_url(deal_id)).text
    assert "On the 7 of hearts: any 6 or 8." in page
    assert "Fits now: 8 of spades, 6 of diamonds." in page
    assert len(re.findall(r'<li [^>]*class="fits">.*?<span class="badge"[^>]*>Fits<', page)) == 2


def test_hint_names_a_good_move_and_why(client):
    deal_id = store_deal(client, spec_example_cards())
    response = client.get(board_url(deal_id) + "?hint=1", headers={"HX-Request": "true"})
    assert response.text.lstrip().startswith('<div id="board"')
    assert "Hint: " in response.text
    marks = len(re.findall(r'hinted">[^\n]*?<span class="badge"[^>]*>Hint<', response.text))
    marks += response.text.count('class="badge-inline"')
    assert marks == 1


def test_hint_shows_the_coachs_move_and_reason(client, monkeypatch):
    from app.players.solitaire.explain import CardAt, Reason, Why
    from app.players.solitaire.hint import Advice
    from app.web.solitaire import view as solitaire_view

    why = Reason(Why.UNDER_GOES_ON, CardAt("8S", 0), next="9C")
    monkeypatch.setattr(solitaire_view, "advise", lambda position: Advice(Play(0), why))
    deal_id = store_deal(client, spec_example_cards())
    page = client.get(board_url(deal_id) + "?hint=1").text
    assert ("Hint: Play the 8 of spades. The 9 of clubs under it fits next, and that keeps the "
            "run going.") in page
    marked = re.search(r'<li aria-label="([^"]+)" class="fits hinted">', page)
    assert marked and marked.group(1) == "8 of spades"



def test_a_close_call_is_said_once(client, monkeypatch):
    from app.players.solitaire.explain import CardAt, Choice, Reason, Why
    from app.players.solitaire.hint import Advice
    from app.web.solitaire import view as solitaire_view

    why = Reason(Why.BEST_CHANCES, CardAt("8S", 0))
    advice = Advice(move=Play(0), reason=why, close=True, runner_up=Choice(DRAW))
    monkeypatch.setattr(solitaire_view, "advise", lambda position: advice)
    page = client.get(board_url(store_deal(client, spec_example_cards())) + "?hint=1").text
    reason = ("Play the 8 of spades. Of the cards that fit now, it leaves the best chances with "
              "the cards still to come. It is a close call: turning over a card is nearly as good.")
    assert f"Hint: {reason}<" in page and page.count("nearly as good") == 1

def test_a_failing_coach_does_not_break_the_board(client, monkeypatch):
    from app.web.solitaire import view as solitaire_view

    def broken(position):
        raise RuntimeError("coach down")

    monkeypatch.setattr(solitaire_view, "advise", broken)
    deal_id = new_deal(client, 1)
    response = client.get(board_url(deal_id) + "?hint=1")
    assert response.status_code == 200 and "The coach has no advice just now" in response.text


def test_unknown_deal_is_404(client):
    assert client.get(board_url("no-such-deal")).status_code == 404
    assert client.get(board_url("x" * 300)).status_code == 404
    response = client.submit(board_url("no-such-deal", "draw"), {"version": "0"})
    assert response.status_code == 404


# --- Moves ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_draw_then_play_then_undo(client, htmx):
    deal_id = store_deal(client, spec_example_cards())
    response = client.submit(board_url(deal_id, "play"), {"version": "0", "moves": "0",
                                                          "column": "1"}, htmx=htmx)
    if htmx:
        assert response.status_code == 200 and 'id="board"' in response.text
        assert "<html" not in response.text
        assert "Last move: the 8 of spades from column 1." in response.text
    else:
        assert response.status_code == 303
        assert response.headers["location"] == board_url(deal_id)
    data = state(client, deal_id)
    assert data["discard_top"] == "8S" and data["moves"] == 1
    client.submit(board_url(deal_id, "draw"), {"version": "1", "moves": "1"}, htmx=htmx)
    assert state(client, deal_id)["draw_pile"] == 15
    response = client.submit(board_url(deal_id, "undo"), {"version": "2", "moves": "2"},
                             htmx=htmx)
    assert response.status_code == (200 if htmx else 303)
    data = state(client, deal_id)
    assert data["moves"] == 1 and data["draw_pile"] == 16 and data["discard_top"] == "8S"
    page = response.text if htmx else client.get(response.headers["location"]).text
    # What was done, then where the deal stands: the move before the one taken back.
    said = re.sub(r"<[^>]+>", " ", page)
    assert re.search(r"Took back a move\.\s+Last move: the 8 of spades from column 1\.", said)


def test_card_that_does_not_fit_is_refused_with_the_reason(client):
    deal_id = store_deal(client, spec_example_cards())
    response = client.submit(board_url(deal_id, "play"), {"version": "0", "column": "2"},
                             htmx=True)
    assert response.status_code == 422
    reason = "The queen of clubs does not fit on the 7 of hearts: only a 6 or an 8 does."
    assert reason in response.text
    assert 'id="board"' in response.text
    assert state(client, deal_id)["moves"] == 0


def test_refusal_without_javascript_shows_the_whole_page(client):
    deal_id = store_deal(client, spec_example_cards())
    response = client.submit(board_url(deal_id, "play"), {"version": "0", "column": "4"})
    assert response.status_code == 422 and "<html" in response.text
    assert "The king of spades does not fit" in response.text


def test_stale_form_is_refused_with_the_current_board(client):
    deal_id = new_deal(client, 1)
    client.submit(board_url(deal_id, "draw"), {"version": "0", "moves": "0"})
    response = client.submit(board_url(deal_id, "draw"), {"version": "0", "moves": "5"},
                             htmx=True)
    assert response.status_code == 409
    assert "out of date" in response.text and "15 cards left" in response.text
    assert state(client, deal_id)["moves"] == 1


def test_double_click_is_applied_once(client):
    deal_id = new_deal(client, 1)
    for _ in range(2):
        response = client.submit(board_url(deal_id, "draw"), {"version": "0", "moves": "0"},
                                 htmx=True)
        assert response.status_code == 200
    assert state(client, deal_id)["moves"] == 1


def test_undo_at_the_start_is_refused(client):
    deal_id = new_deal(client, 1)
    response = client.submit(board_url(deal_id, "undo"), {"version": "0"}, htmx=True)
    assert response.status_code == 422 and "Nothing to undo" in response.text


@pytest.mark.parametrize(
    "fields",
    [
        {"version": "0", "column": "9"},
        {"version": "0", "column": "abc"},
        {"version": "0", "column": ""},
        {"version": "0", "column": "draw"},
        {"version": "0", "column": "²"},
        {"version": "0", "column": "٣"},
        {"version": "0", "column": "9" * 5000},
        {"version": "0", "column": "é"},
        {"version": "0"},
        {"version": "x", "column": "1"},
        {"column": "1"},
        {"version": "-1", "column": "1"},
        {"version": "99999999999999999999", "column": "1"},
        {"version": "0", "moves": "lots", "column": "1"},
    ],
)
def test_garbage_moves_get_a_clear_4xx_and_change_nothing(client, fields):
    deal_id = store_deal(client, spec_example_cards())
    response = client.submit(board_url(deal_id, "play"), fields, htmx=True)
    assert 400 <= response.status_code < 500
    assert state(client, deal_id)["moves"] == 0


@pytest.mark.parametrize("action", ["play", "draw", "undo", "watch"])
@pytest.mark.parametrize("fields", [{}, {"version": "abc"}, {"version": "0", "moves": "²"}])
def test_a_damaged_hidden_field_asks_for_a_reload_not_for_a_number(client, action, fields):
    deal_id = store_deal(client, spec_example_cards())
    client.submit(board_url(deal_id, "draw"), {"version": "0"})
    sent = {"column": "1", "move": "draw"} | fields
    for lang, said in (("en", "This form is missing a detail. Please reload the page."),
                       ("sv", "Formuläret saknar en uppgift. Ladda om sidan.")):
        response = client.submit(board_url(deal_id, action) + f"?lang={lang}", sent, htmx=True)
        assert response.status_code == 422 and said in response.text
        assert "whole number" not in response.text and "heltal" not in response.text
    assert state(client, deal_id)["moves"] == 1


def test_post_without_csrf_token_is_refused(client):
    deal_id = new_deal(client, 1)
    response = client.post(board_url(deal_id, "draw"), data={"version": "0"})
    assert response.status_code == 403
    assert state(client, deal_id)["moves"] == 0


def test_json_clients_get_the_state_after_a_move(client):
    deal_id = new_deal(client, 1)
    response = client.submit(board_url(deal_id, "draw"), {"version": "0"}, headers=JSON)
    assert response.status_code == 200 and response.json()["moves"] == 1


# --- End of a deal ---------------------------------------------------------------------------


def test_deal_played_to_the_end_shows_the_score_and_review_link(client):
    deal_id = new_deal(client, 1)
    finish(client, deal_id)
    data = state(client, deal_id)
    assert data["over"] is True and data["score"] == sum(len(c) for c in data["columns"])
    page = client.get(board_url(deal_id)).text
    assert f"Score: {data['score']}" in page
    assert "The draw pile is used up and nothing fits" in page
    assert f'href="/solitaire/deals/{deal_id}/review"' in page and "Review this deal" in page
    # Beside the result, a button that sends the "Another deal" form (a phone showed it four
    # screens further down).
    assert re.search(r'<button type="submit" form="new-deal-form" name="action" value="random"'
                     r'[^>]*>New deal</button>', page)
    assert 'id="new-deal-form"' in page


def test_a_finished_deal_leaves_no_card_in_the_tab_order(client):
    deal_id = new_deal(client, 1)
    playing = client.get(board_url(deal_id)).text
    assert len(re.findall(r'<button[^>]* id="play-\d"', playing)) == 7
    assert not re.search(r'<button[^>]* id="play-\d"[^>]* disabled', playing)
    finish(client, deal_id)
    over = client.get(board_url(deal_id)).text
    buttons = re.findall(r'<button[^>]* id="play-\d"[^>]*>', over)
    assert buttons and all(" disabled" in b for b in buttons)


def test_clearing_every_column_scores_below_zero(client):
    deal_id = store_deal(client, clearable_cards())
    for version in range(35):
        column = version // 5 + 1
        response = client.submit(board_url(deal_id, "play"),
                                 {"version": str(version), "column": str(column)}, headers=JSON)
        assert response.status_code == 200, response.text
    data = state(client, deal_id)
    assert data["over"] and data["score"] == -16
    page = client.get(board_url(deal_id)).text
    assert "Score: -16" in page and "one below zero" in page


def test_an_emptied_column_is_drawn_as_an_empty_slot(client):
    deal_id = store_deal(client, clearable_cards())
    for version in range(5):  # column 1's five cards
        client.submit(board_url(deal_id, "play"), {"version": str(version), "column": "1"})
    page = client.get(board_url(deal_id)).text
    assert '<ol class="is-empty" aria-label="Column 1">' in page
    assert page.count('class="is-empty"') == 1 and "&#34;is-empty" not in page


@pytest.mark.parametrize(("fields", "said", "unsaid"), [
    ({}, ["nothing goes on a king", "counts one below zero"], ["joker", "Round the corner:"]),
    ({"round_the_corner": "on"}, ["a king or a 2 goes on an ace"], ["nothing goes on a king"]),
    ({"queen_on_king": "on"}, ["a queen goes on a king"], ["nothing goes on a king"]),
    ({"clear_scores_zero": "on"}, ["Clear them all and you score 0."], ["one below zero"]),
    ({"jokers": "2", "empty_start": "on"},
     ["A joker fits on any card", "your first move is to turn over a card",
      "Apart from a joker, only a 2 goes on an ace"], ["Only a 2"]),
    ({"jokers": "1", "queen_on_king": "on"},
     ["Apart from a joker, only a 2 goes on an ace. With Queen on king"], ["Only a 2"]),
])
def test_the_rules_in_short_are_the_rules_of_the_deal(client, fields, said, unsaid):
    page = client.get(board_url(new_deal(client, 7, **fields))).text
    box = page.split('class="rules-box"')[1].split("</section>")[0]
    for words in said:
        assert words in box, words
    for words in unsaid:
        assert words not in box, words


def test_clear_scores_zero_variation_scores_a_clear_as_zero(client):
    deal_id = store_deal(client, clearable_cards(), Variant(clear_scores_zero=True))
    for version in range(35):
        client.submit(board_url(deal_id, "play"),
                      {"version": str(version), "column": str(version // 5 + 1)})
    assert state(client, deal_id)["score"] == 0


def test_undo_works_after_the_deal_has_ended(client):
    deal_id = new_deal(client, 1)
    finish(client, deal_id)
    data = state(client, deal_id)
    response = client.submit(board_url(deal_id, "undo"), {"version": str(data["version"])})
    assert response.status_code == 303
    assert state(client, deal_id)["over"] is False


# --- Rewind (used by the review page) ------------------------------------------------------------


def test_rewind_keeps_the_first_moves(client):
    deal_id = new_deal(client, 1)
    for version in range(3):
        client.submit(board_url(deal_id, "draw"), {"version": str(version)})
    response = client.submit(board_url(deal_id, "rewind"), {"version": "3", "to": "1"})
    assert response.status_code == 303
    assert response.headers["location"] == board_url(deal_id) + "?done=rewind"
    assert state(client, deal_id)["moves"] == 1
    assert "Back to that moment" in client.get(response.headers["location"]).text


def test_start_over_deals_the_same_cards_again_on_a_practice_deal_only(client):
    """PySolFC's Restart: play a deal again without typing its number."""
    deal_id = new_deal(client, 1)
    assert 'id="restart-button"' not in client.get(board_url(deal_id)).text  # nothing to undo
    for version in range(2):
        client.submit(board_url(deal_id, "draw"), {"version": str(version)})
    button = re.search(r'<button [^>]*id="restart-button"[^>]*>([^<]*)<',
                       client.get(board_url(deal_id)).text)
    assert button and 'name="to" value="0"' in button.group(0) and button.group(1) == "Start over"
    response = client.submit(board_url(deal_id, "rewind"), {"version": "2", "to": "0"})
    assert response.headers["location"] == board_url(deal_id) + "?done=restart"
    assert "Back to the start" in client.get(response.headers["location"]).text
    assert state(client, deal_id)["moves"] == 0
    in_a_round = round_deals(client, new_round(client))[0]
    client.submit(board_url(in_a_round.id, "draw"), {"version": "0"})
    assert 'id="restart-button"' not in client.get(board_url(in_a_round.id)).text


def test_rewind_refuses_stale_and_impossible_requests(client):
    deal_id = new_deal(client, 1)
    client.submit(board_url(deal_id, "draw"), {"version": "0"})
    assert client.submit(board_url(deal_id, "rewind"), {"version": "0", "to": "0"},
                         htmx=True).status_code == 409
    assert client.submit(board_url(deal_id, "rewind"), {"version": "1", "to": "5"},
                         htmx=True).status_code == 422
    assert client.submit(board_url(deal_id, "rewind"), {"version": "1", "to": "x"},
                         htmx=True).status_code == 422
    assert state(client, deal_id)["moves"] == 1


# --- Watch the computer play ---------------------------------------------------------------------


@pytest.mark.parametrize("move", ["", "8", "0", "²", "٣", "9" * 5000, "Draw", "é", "1e3"])
def test_a_watch_step_naming_no_move_is_refused_and_changes_nothing(client, move):
    deal_id = store_deal(client, spec_example_cards())
    response = client.submit(board_url(deal_id, "watch"),
                             {"version": "0", "moves": "0", "move": move, "watch": "pause"},
                             htmx=True)
    assert response.status_code == 422
    assert "Choose a column from 1 to 7, or draw." in response.text
    assert state(client, deal_id)["moves"] == 0


def test_a_play_naming_no_column_says_which_columns_there_are(client):
    deal_id = store_deal(client, spec_example_cards())
    response = client.submit(board_url(deal_id, "play"), {"version": "0", "column": "draw"},
                             htmx=True)
    assert response.status_code == 422 and "Choose a column from 1 to 7." in response.text


def test_watch_shows_the_next_move_and_plays_it(client):
    deal_id = store_deal(client, spec_example_cards())
    page = client.get(board_url(deal_id) + "?watch=play", headers={"HX-Request": "true"}).text
    assert "Next: " in page
    assert re.search(r'hx-trigger="load delay:\d+ms"', page)
    move = re.search(r'name="move" value="([^"]+)"', page).group(1)
    for name in ("Pause", "Next move", "Take over"):
        assert f">{name}</button>" in page
    response = client.submit(board_url(deal_id, "watch"),
                             {"version": "0", "moves": "0", "move": move, "watch": "play"},
                             htmx=True)
    assert response.status_code == 200 and "The computer is playing." in response.text
    data = state(client, deal_id)
    assert data["moves"] == 1
    assert data["draw_pile"] == (15 if move == "draw" else 16)


def coach_says(page: str, heard: bool = False) -> str:
    """The coach's live region as the swap sends it (its words, tags dropped); `heard`: only
    what a screen reader says, its aria-hidden lines left out."""
    region = re.search(r'<div id="coach-says"[^>]*>(.*?)</div>', page, re.S).group(1)
    if heard:
        region = re.sub(r'<p [^>]*aria-hidden="true">.*?</p>', " ", region, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", region).split())


def test_while_the_computer_plays_on_the_live_region_says_the_move_only(client):
    """A move every second or two: a screen reader must finish one before the next."""
    deal_id = store_deal(client, spec_example_cards())
    playing = client.get(board_url(deal_id) + "?watch=play", headers={"HX-Request": "true"})
    said = coach_says(playing.text)
    assert said.startswith("Next: ") and "Cards in the columns: 35" in said  # on the screen
    assert "Fits now" not in said and "fits on the" not in said.lower()
    # The reason shows beside the board too (for a phone), hidden from screen readers.
    assert re.search(r'<p class="watch-next" aria-hidden="true">Next: ', playing.text)
    paused = coach_says(client.get(board_url(deal_id) + "?watch=pause",
                                   headers={"HX-Request": "true"}).text)
    assert "Fits now" in paused  # paused, the reader has time for where the deal stands
    move = re.search(r'name="move" value="([^"]+)"', playing.text).group(1)
    played = client.submit(board_url(deal_id, "watch"),
                           {"version": "0", "moves": "0", "move": move, "watch": "play"},
                           htmx=True).text
    # What a screen reader hears: the next move and why, not the last move again or the count.
    heard = coach_says(played, heard=True)
    assert heard.startswith("Next: ") and "Last move" not in heard and "Cards in" not in heard
    assert "Last move" in coach_says(played) and "Cards in the columns: 3" in coach_says(played)
    assert len(heard.split()) <= 40, heard


def test_watch_without_javascript_steps_with_a_button(client):
    deal_id = store_deal(client, spec_example_cards())
    page = client.get(board_url(deal_id) + "?watch=pause").text
    assert "Paused." in page and "Keep watching" in page and "load delay" not in page
    response = client.submit(board_url(deal_id, "watch"),
                             {"version": "0", "moves": "0", "move": "1", "watch": "pause"})
    assert response.status_code == 303
    assert response.headers["location"] == board_url(deal_id) + "?watch=pause"


def test_watch_can_finish_a_deal(client):
    deal_id = new_deal(client, 2)
    for _ in range(80):
        page = client.get(board_url(deal_id) + "?watch=play", headers={"HX-Request": "true"}).text
        found = re.search(r'name="move" value="([^"]+)"', page)
        if not found:
            break
        data = state(client, deal_id)
        client.submit(board_url(deal_id, "watch"), {"version": str(data["version"]),
                                                    "move": found.group(1), "watch": "play"})
    data = state(client, deal_id)
    assert data["over"] is True
    assert "Watch the computer play</button>" in client.get(board_url(deal_id)).text
    # The review praises no one for the computer's play.
    review = client.get(board_url(deal_id, "review") + "?wait=1").text
    assert "The coach found no move that cost much." in review and "Nicely done" not in review


def test_watch_refuses_an_illegal_move(client):
    deal_id = store_deal(client, spec_example_cards())
    response = client.submit(board_url(deal_id, "watch"), {"version": "0", "move": "2"},
                             htmx=True)
    assert response.status_code == 422 and state(client, deal_id)["moves"] == 0


# --- Rounds of nine ----------------------------------------------------------------------------


def test_round_of_nine_keeps_a_score_card_and_sums_up(client):
    response = client.submit("/solitaire/rounds", {"round_the_corner": "on"})
    assert response.status_code == 303
    deal_id = response.headers["location"].rsplit("/", 1)[-1]
    data = state(client, deal_id)
    assert data["hole"] == 1 and data["variant"]["round_the_corner"] is True
    round_id = data["round_id"]
    assert "Hole 1 of 9" in client.get(board_url(deal_id)).text
    early = client.submit(f"/solitaire/rounds/{round_id}/holes", {"hole": "2"})
    assert early.status_code == 409 and "Finish hole 1 before dealing the next one." in early.text
    ahead = client.submit(f"/solitaire/rounds/{round_id}/holes", {"hole": "3"})
    assert ahead.status_code == 409
    assert "Holes are dealt in order: the next one is hole 2." in ahead.text
    scores = []
    for hole in range(1, 10):
        finish(client, deal_id)
        scores.append(state(client, deal_id)["score"])
        page = client.get(board_url(deal_id)).text
        assert "Score card" in page
        if hole < 9:
            assert f"Deal hole {hole + 1}" in page
            response = client.submit(f"/solitaire/rounds/{round_id}/holes", {"hole": str(hole + 1)})
            again = client.submit(f"/solitaire/rounds/{round_id}/holes", {"hole": str(hole + 1)})
            assert response.headers["location"] == again.headers["location"]
            deal_id = response.headers["location"].rsplit("/", 1)[-1]
    total = sum(scores)
    assert f"Round over: {total} for nine holes" in page
    round_page = client.get(f"/solitaire/rounds/{round_id}").text
    assert f'<td class="total">{total}</td>' in round_page
    assert "Par for nine holes is 45" in round_page


def test_round_hole_garbage_and_unknown_rounds(client):
    assert client.get("/solitaire/rounds/nope").status_code == 404
    assert client.submit("/solitaire/rounds/nope/holes", {"hole": "2"}).status_code == 404
    response = client.submit("/solitaire/rounds", {})
    round_id = state(client, response.headers["location"].rsplit("/", 1)[-1])["round_id"]
    assert client.submit(f"/solitaire/rounds/{round_id}/holes", {"hole": "x"}).status_code == 400
    assert client.submit(f"/solitaire/rounds/{round_id}/holes", {"hole": "12"}).status_code == 400


def test_rules_helpers_match_the_example_deal():
    position = start(tuple(spec_example_cards()))
    assert legal_moves(position) == [Play(0), Play(2), DRAW]


# --- Odd values in every field and query parameter: a clear refusal, never a 500 ---------------

ODD = ["²", "①", "١", "٣", "ｄｒａｗ", "é", "9" * 40, "--1", "1e3", "0x1", " ", "\x00", "🂡" * 300]
MOVE_FORMS = {
    "play": {"version": "0", "moves": "0", "column": "1"},
    "draw": {"version": "0", "moves": "0"},
    "undo": {"version": "0", "moves": "0"},
    "rewind": {"version": "0", "to": "0"},
    "watch": {"version": "0", "moves": "0", "move": "1", "watch": "pause"},
}


@pytest.mark.parametrize("value", ODD)
@pytest.mark.parametrize("action", sorted(MOVE_FORMS))
def test_odd_values_in_move_forms_change_nothing(client, action, value):
    deal_id = store_deal(client, spec_example_cards())
    # "watch" only says whether to keep going after the move: an odd value means pause.
    for field in [name for name in MOVE_FORMS[action] if name != "watch"]:
        fields = {**MOVE_FORMS[action], field: value}
        for htmx in (False, True):
            response = client.submit(board_url(deal_id, action), fields, htmx=htmx)
            assert 400 <= response.status_code < 500, (field, response.status_code)
            assert state(client, deal_id)["moves"] == 0
    if action == "watch":
        fields = {**MOVE_FORMS[action], "watch": value}
        response = client.submit(board_url(deal_id, action), fields)
        assert response.headers["location"] == board_url(deal_id) + "?watch=pause"


@pytest.mark.parametrize("value", ODD)
@pytest.mark.parametrize("field", ["deal_number", "jokers", "action", "queen_on_king"])
def test_odd_values_in_the_new_deal_form_are_refused_or_ignored(client, field, value):
    fields = {"deal_number": "7", "action": "number", field: value}
    response = client.submit("/solitaire/deals", fields)
    assert response.status_code in (303, 422), response.status_code
    if response.status_code == 422:
        # the message sits beside the re-filled form
        assert 'class="error-message" role="alert"' in response.text
    round_ = client.submit("/solitaire/rounds", {field: value})
    assert round_.status_code in (303, 422)


def test_a_refused_deal_number_keeps_the_ticked_variations(client):
    response = client.submit("/solitaire/deals", {"deal_number": "²", "action": "number",
                                                  "queen_on_king": "on", "jokers": "2"})
    assert response.status_code == 422
    page = response.text
    assert 'value="²"' in page and 'aria-invalid="true"' in page
    assert re.search(r'name="queen_on_king" value="on" checked', page)
    assert re.search(r'<option value="2" selected>', page)


@pytest.mark.parametrize("value", ODD)
def test_odd_hole_numbers_and_query_parameters_never_fail(client, value):
    response = client.submit("/solitaire/rounds", {})
    deal_id = response.headers["location"].rsplit("/", 1)[-1]
    round_id = state(client, deal_id)["round_id"]
    hole = client.submit(f"/solitaire/rounds/{round_id}/holes", {"hole": value})
    assert hole.status_code == 400
    for name in ("hint", "watch", "done"):
        page = client.get(board_url(deal_id), params={name: value})
        assert page.status_code == 200
    for odd_id in (quote(value, safe=""), quote(value * 3, safe="")):
        assert client.get(board_url(odd_id)).status_code == 404
        assert client.get(f"/solitaire/rounds/{odd_id}").status_code == 404
        assert client.submit(board_url(odd_id, "draw"), {"version": "0"}).status_code == 404


def test_round_score_card_is_sent_with_a_move_only_when_the_deal_ends(client):
    response = client.submit("/solitaire/rounds", {})
    deal_id = response.headers["location"].rsplit("/", 1)[-1]
    first = client.submit(board_url(deal_id, "draw"), {"version": "0", "moves": "0"}, htmx=True)
    assert first.status_code == 200 and "Score card" not in first.text
    data = state(client, deal_id)
    while not data["over"]:
        column = next((n for n, c in enumerate(data["columns"], 1)
                       if c and legal_column(data, c[-1])), None)
        fields = {"version": str(data["version"]), "moves": str(data["moves"])}
        action = "draw" if column is None else "play"
        if column is not None:
            fields["column"] = str(column)
        last = client.submit(board_url(deal_id, action), fields, htmx=True)
        assert last.status_code == 200
        data = state(client, deal_id)
    assert 'id="coach-extra"' in last.text and "Score card" in last.text
    assert "Deal hole 2" in last.text and "Review this deal" in last.text
    assert 'form="new-deal-form"' not in last.text  # a round goes on to its next hole


def legal_column(data: dict, card: str) -> bool:
    from app.rules.solitaire import Variant, fits

    return fits(card, data["discard_top"], Variant.from_dict(data["variant"]))
