"""The coach at the six-card Golf table over HTTP: Hint, Hints allowed, the Hole review."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from app.i18n import use_locale
from app.players.golf.hint import hint
from app.rules.golf import Phase, seat_view
from app.rules.golf.scoring import layout_score
from app.web.golf import coach
from app.web.golf.board import move_code
from tests.conftest import Client
from tests.web.test_golf6 import JSON, create, flip_two, join, move, state, true_state


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOLF_BOT_DELAY_MS", "0")


def against_computer(client: Client, **fields: str) -> str:
    url = create(client, bots="1", friends="0", bot="coach", **fields)
    if state(client, url)["phase"] == "lobby":
        assert client.submit(f"{url}/start").status_code == 303
    flip_two(client, url)
    return url


def wait_for_my_turn(client: Client, url: str) -> dict:
    for _ in range(20):
        seen = state(client, url)
        if seen["turn"] == 0 or seen["phase"] in ("hole_over", "game_over"):
            return seen
    raise AssertionError("the computer never passed the turn")


def live_region(html: str) -> str:
    found = re.search(r'id="golf6-status"[^>]*>(.*?)</p>', html, re.S)
    assert found, "no live region"
    return " ".join(found.group(1).split())


def expected_hint(app, url: str, seat: int = 0) -> tuple[object, str]:
    view = seat_view(true_state(app, url), seat)
    advice = hint(view)
    return advice, coach.hint_text(view, advice)


def test_hint_on_your_turn_names_the_coach_action_in_the_live_region(app, client):
    url = against_computer(client)
    wait_for_my_turn(client, url)
    page = client.get(url).text
    assert re.search(r'<button[^>]*id="g6-hint"[^>]*>Hint</button>', page)
    assert "nobody has used one yet" in page
    advice, text = expected_hint(app, url)
    answer = client.submit(f"{url}/hint", htmx=True)
    assert answer.status_code == 200
    said = live_region(answer.text)
    assert said == " ".join(text.replace("’", "&#39;").split()) or text.split(":")[0] in said
    assert said.startswith(("Draw from the stock", "Take the"))
    # It is exactly the computer player's move, and it can be played as it stands.
    assert move(client, url, move_code(advice.move)).status_code == 303
    assert "Hints used: Ann (1)." in client.get(url).text


def test_play_again_starts_with_no_hints_used(app, client):
    from tests.web.test_golf6 import end_the_game_now, version

    url = against_computer(client)
    wait_for_my_turn(client, url)
    assert client.submit(f"{url}/hint", htmx=True).status_code == 200
    end_the_game_now(app, url)
    assert "Hints used: Ann (1)." in client.get(url).text
    assert client.submit(f"{url}/again", {"version": str(version(client, url))}).status_code == 303
    page = client.get(url).text
    assert "Hints used" not in page and "nobody has used one yet" in page


def test_hint_without_javascript_answers_the_whole_page(app, client):
    url = against_computer(client)
    wait_for_my_turn(client, url)
    _advice, text = expected_hint(app, url)
    answer = client.submit(f"{url}/hint")
    assert answer.status_code == 200
    assert "<html" in answer.text and 'role="status"' in answer.text
    assert text.split(":")[0] in live_region(answer.text)
    assert 'id="g6-hint-text"' in answer.text


def test_place_phase_hint_says_where_the_card_goes_or_to_throw_it(app, client):
    url = against_computer(client)
    wait_for_my_turn(client, url)
    assert move(client, url, "draw_stock").status_code == 303
    advice, text = expected_hint(app, url)
    said = live_region(client.submit(f"{url}/hint", htmx=True).text)
    assert said.startswith(("Swap the", "Throw the"))
    assert text.split(":")[0].replace("’", "&#39;") in said


def test_hints_off_no_button_and_refused(app, client):
    url = against_computer(client, hints_shown="1")  # the box left unticked
    wait_for_my_turn(client, url)
    page = client.get(url).text
    assert 'id="g6-hint"' not in page
    assert "Hints are off in this game." in page
    answer = client.submit(f"{url}/hint", htmx=True)
    assert answer.status_code == 403
    assert "Hints are off in this game." in answer.text


def test_hint_refused_out_of_turn_and_for_a_watcher(app, client):
    url = create(client)  # Ann and a friend's seat
    friend = join(app, client, url)
    assert client.submit(f"{url}/start").status_code == 303
    flip_two(client, url)
    flip_two(friend, url)
    assert state(client, url)["turn"] == 1
    assert 'id="g6-hint"' not in client.get(url).text
    assert client.submit(f"{url}/hint", htmx=True).status_code == 409
    assert 'id="g6-hint"' in friend.get(url).text
    assert friend.submit(f"{url}/hint", htmx=True).status_code == 200
    # Every seat sees that Maria used a hint.
    assert "Hints used: Maria (1)." in client.get(url).text
    watcher = Client(app, base_url="http://testserver")
    assert watcher.submit(f"{url}/hint", htmx=True).status_code == 403
    watcher.close()
    friend.close()


def test_form_offers_hints_allowed_ticked(client):
    page = client.get("/golf6").text
    assert re.search(r'<input id="g6-hints" name="hints" type="checkbox" checked', page)
    assert '<label for="g6-hints">Hints allowed</label>' in page


def play_hole_following_hints(app, client: Client, url: str) -> int:
    """Play to the end of the first hole, always doing what the hint says."""
    hints = 0
    for _ in range(200):
        seen = state(client, url)
        if seen["phase"] in ("hole_over", "game_over"):
            return hints
        if seen["turn"] != 0:
            continue  # looking lets the computer move
        advice, _text = expected_hint(app, url)
        assert client.submit(f"{url}/hint", htmx=True).status_code == 200
        hints += 1
        assert move(client, url, move_code(advice.move)).status_code == 303
    raise AssertionError("the hole did not end")


def test_hole_review_after_a_hole_played_by_the_hints(app, client):
    url = against_computer(client)
    hints = play_hole_following_hints(app, client, url)
    assert hints > 0
    page = client.get(url).text
    assert re.search(r'<h3 id="g6-review-h">Hole review</h3>', page)
    assert re.search(r"(You|Computer 2) went out\.", page)
    scores = true_state(app, url).scores[0]
    assert f"You scored {scores[0]} and Computer 2 scored {scores[1]}." in page
    # Every choice was the coach's own: nothing cost anything.
    assert "The coach agrees with your choices this hole" in page
    assert "All told" not in page  # a total of about 0.0 would only say that again


def test_hole_review_names_a_costly_choice(app, client):
    url = against_computer(client)
    # Throw every drawn card away and never take the discard: some of that must cost.
    for _ in range(300):
        seen = state(client, url)
        if seen["phase"] in ("hole_over", "game_over"):
            break
        if seen["turn"] != 0:
            continue
        if seen["phase"] == "draw":
            assert move(client, url, "draw_stock").status_code == 303
        elif seen["phase"] == "place":
            code = "throw_away" if seen["drawn"] else "swap:0"
            downs = [i for i, c in enumerate(seen["seats"][0]["layout"]) if c is None]
            if true_state(app, url).turns > 30 and downs:
                code = f"swap:{downs[0]}"  # end it at last
            assert move(client, url, code).status_code == 303
        elif seen["phase"] == "turn_up":
            downs = [i for i, c in enumerate(seen["seats"][0]["layout"]) if c is None]
            assert move(client, url, f"turn_up:{downs[0]}").status_code == 303
    page = client.get(url).text
    assert "Hole review" in page
    assert "Your costliest choices" in page
    assert re.search(r"Your turn \d+: you chose to [^;]+; the coach would have chosen to [^.]+\. "
                     r"Cost: about \d+\.\d points\.", page)
    # Each choice says why: the Hint the coach gave then, its reason and figures.
    assert re.search(r"Cost: about \d+\.\d points\.( Your swap [^.]+\.)? Hint would have said: "
                     r"“[^”]+: [^”]+”", page)


def test_hole_review_in_swedish(app, client):
    url = against_computer(client)
    play_hole_following_hints(app, client, url)
    page = client.get(f"{url}?lang=sv").text
    assert "Genomgång av hålet" in page
    scores = true_state(app, url).scores[0]
    assert f"Du fick {scores[0]} poäng och Dator 2 fick {scores[1]} poäng." in page


def test_hint_words_in_swedish(app, client):
    url = against_computer(client)
    wait_for_my_turn(client, url)
    view = seat_view(true_state(app, url), 0)
    advice = hint(view)
    with use_locale("sv"):
        swedish = coach.hint_text(view, advice)
    english = coach.hint_text(view, advice)
    assert swedish != english
    assert swedish.startswith(("Dra från talongen", "Ta "))


def test_json_state_unchanged_by_hints(app, client):
    url = against_computer(client)
    wait_for_my_turn(client, url)
    before = client.get(url, headers=JSON).json()
    client.submit(f"{url}/hint", htmx=True)
    assert client.get(url, headers=JSON).json() == before
    assert true_state(app, url).phase == Phase.DRAW


def test_the_computer_says_why_in_one_short_clause(app, client):
    """Over a hole against the computer, its swaps and throws come with a reason, built from
    cards the table can see (the card placed, the card on the discard pile)."""
    url = against_computer(client)
    said = []
    for _ in range(200):
        seen = state(client, url)
        said.append(live_region(client.get(url).text))
        if seen["phase"] in ("hole_over", "game_over"):
            break
        if seen["turn"] != 0:
            continue
        advice, _text = expected_hint(app, url)
        assert move(client, url, move_code(advice.move)).status_code == 303
    reasons = [line for line in said if re.search(r"\((Kept the|Too high to keep)", line)]
    assert reasons, said
    for line in reasons:
        assert re.search(r"\((Kept the [^:]+: (it pairs its column|it scores -?\d|lower than)"
                         r"|Too high to keep: the [^.]+ scores \d+)", line)


def test_strategy_page_with_figures_and_worked_positions(client):
    page = client.get("/rules/six-card-golf/strategy")
    assert page.status_code == 200
    html = page.text
    for heading in ("What good play is worth", "What to keep and what to throw", "Pairs",
                    "Twos and kings", "When to go out", "Reading the discard pile"):
        assert f">{heading}</h2>" in html
    command = "golf simulate golf6 --players <var>LEVEL</var>,coach --games 200 --holes 9 --seed 15"
    assert command in html
    assert "<caption>Computer levels against the strong level</caption>" in html
    assert re.search(r'<th scope="row">Club player <code lang="en">club</code></th><td>6\.7</td>'
                     r"<td>4\.7</td><td>26%</td>", html)
    # Each level with the name to type for LEVEL: Steady is `greedy` on the command line.
    assert '<th scope="row">Steady <code lang="en">greedy</code></th>' in html
    # Worked positions are drawn with the shared card macro, cards named in words.
    assert '<span class="visually-hidden">10 of hearts</span>' in html
    assert '<span class="visually-hidden">face down</span>' in html
    rules = client.get("/rules/six-card-golf").text
    assert 'href="/rules/six-card-golf/strategy"' in rules


def test_strategy_page_in_swedish(client):
    html = client.get("/rules/six-card-golf/strategy?lang=sv").text
    assert '<html lang="sv"' in html
    assert "<h1>Strategi för sexkortsgolf</h1>" in html
    assert '<span class="visually-hidden">hjärter 10</span>' in html
    assert '<th scope="row">Klubbspelare <code lang="en">club</code></th><td>6,7</td>' in html


def test_new_game_offers_the_levels_with_their_strength(client):
    html = client.get("/golf6").text
    options = re.findall(r'<option value="(\w+)" [^>]*>([^<]+)</option>',
                         html[html.index('id="g6-bot"'):html.index("</select>",
                                                                   html.index('id="g6-bot"'))])
    assert dict(options) == {
        "coach": "Strong (the coach behind Hint)",
        "club": "Club player (against Strong: wins about 1 game in 4 of six-card Golf, 1 in 2 "
                "of four-card)",
        "greedy": "Steady (against Strong: wins about 1 game in 9 of six-card Golf, 1 in 3 of "
                  "four-card)",
        "beginner": "Beginner (against Strong: wins about 1 game in 100 of six-card Golf, 1 in 6 "
                    "of four-card)",
        "random": "Random (any legal move; never beats Strong)",
    }


@pytest.mark.parametrize("level", ["beginner", "club"])
def test_a_game_against_a_new_level_plays(client, level):
    url = create(client, bots="1", friends="0", bot=level)
    if state(client, url)["phase"] == "lobby":
        assert client.submit(f"{url}/start").status_code == 303
    flip_two(client, url)
    seen = wait_for_my_turn(client, url)
    assert seen["phase"] == "draw"
    assert 'href="/rules/six-card-golf/strategy"' in client.get(url).text


def test_hint_in_four_card_golf(app, client):
    url = create(client, bots="1", friends="0", bot="coach", game="golf4")
    if state(client, url)["phase"] == "lobby":
        assert client.submit(f"{url}/start").status_code == 303
    seen = wait_for_my_turn(client, url)
    assert seen["phase"] == "draw"
    advice, text = expected_hint(app, url)
    said = live_region(client.submit(f"{url}/hint", htmx=True).text)
    assert said.startswith(("Draw from the stock", "Take the", "Knock"))
    if said.startswith("Take the"):  # which pile, and where the card goes (CONTRACT)
        assert " from the discard pile and swap it for your " in said
    assert move(client, url, move_code(advice.move)).status_code == 303


def test_four_card_hole_review_keeps_to_the_facts(app, client):
    url = create(client, bots="1", friends="0", bot="coach", game="golf4")
    if state(client, url)["phase"] == "lobby":
        assert client.submit(f"{url}/start").status_code == 303
    hints = play_hole_following_hints(app, client, url)
    assert hints > 0
    page = client.get(url).text
    assert '<h3 id="g6-review-h">Hole review</h3>' in page
    assert re.search(r"(You|Computer 2) knocked\.", page)
    scores = true_state(app, url).scores[0]
    assert f"You scored {scores[0]} and Computer 2 scored {scores[1]}." in page
    assert "The coach agrees" not in page and "costliest" not in page


# Deals where the first to play, knocking at once, does not and does have the lowest square.
SEED_PAID, SEED_NOT_PAID = 10, 16  # 16: a tie for lowest, which pays nothing


@pytest.mark.parametrize("seed", [SEED_PAID, SEED_NOT_PAID])
def test_four_card_hole_review_says_when_a_knocker_pays_the_penalty(app, client, monkeypatch,
                                                                    seed):
    monkeypatch.setattr("app.web.golf.routes.secrets.randbelow", lambda _limit: seed)
    url = create(client, game="golf4", knock_penalty="on")  # Ann and a friend, Maria
    friend = join(app, client, url)
    assert client.submit(f"{url}/start").status_code == 303
    players = {0: client, 1: friend}
    knocker = state(client, url)["turn"]
    other = players[1 - knocker]
    assert move(players[knocker], url, "knock").status_code == 303
    assert move(other, url, "draw_stock").status_code == 303
    assert move(other, url, "throw_away").status_code == 303
    truth = true_state(app, url)
    squares = [layout_score(layout, truth.options.scoring) for layout in truth.layouts]
    paid = squares[knocker] > min(squares)
    assert paid == (seed == SEED_PAID)
    assert truth.scores[0][knocker] == squares[knocker] + (10 if paid else 0)
    name = ("Ann", "Maria")[knocker]
    knocker_page = players[knocker].get(url).text
    other_page = other.get(url).text
    # Each reader's own score comes first, then the others'.
    scores = truth.scores[0]
    assert f"You scored {scores[1 - knocker]} and {name} scored {scores[knocker]}." in other_page
    if paid:
        assert "You knocked without the lowest score and got 10 points more." in knocker_page
        assert f"{name} knocked without the lowest score and got 10 points more." in other_page
        swedish = other.get(f"{url}?lang=sv").text
        assert f"{name} knackade utan att ha lägst poäng och fick 10 poäng extra." in swedish
    else:
        assert "You knocked." in knocker_page and f"{name} knocked." in other_page
        assert "without the lowest score" not in knocker_page + other_page
    friend.close()


def test_a_four_card_hint_names_the_face_down_cards_you_looked_at():
    from app.i18n import card_name
    from app.rules.golf import Options, new_game

    state = new_game(Options(game="golf4", seats=2), 3)
    view = seat_view(state, state.turn)
    peeked = view.known[2]  # the bottom row was looked at when the hole began
    with use_locale("en"):
        assert coach._where(view, 2) == (
            f"your bottom-left face-down card, the {card_name(peeked)} you looked at")
        assert coach._where(view, 0) == "your top-left face-down card"  # never seen
    with use_locale("sv"):
        assert coach._where(view, 3).startswith("ditt dolda kort nere till höger, ")
        assert coach._where(view, 3).endswith(" som du har tittat på")


def test_a_saving_is_said_in_points(app, client):
    url = against_computer(client)
    wait_for_my_turn(client, url)
    view = seat_view(true_state(app, url), 0)
    advice = replace(hint(view), reason="draw_better", card="4D", saving=5.42)
    assert "would lower your score by about 5.4 points, but" in coach.hint_text(view, advice)
    with use_locale("sv"):
        assert "skulle sänka din poäng med ungefär 5,4, men" in coach.hint_text(view, advice)
    thrown = replace(advice, reason="throw_better", saving=1.0)
    assert "lower your score by only about 1.0 points" in coach.hint_text(view, thrown)


def test_the_live_region_says_your_turn_first_and_then_what_happened(app, client):
    """A phone shows the start of the line: once the computer has played, "Your turn." leads,
    and the moves since follow (a QA pass found it last, after seven lines of moves)."""
    url = against_computer(client)
    wait_for_my_turn(client, url)
    assert move(client, url, "draw_stock").status_code == 303
    sent = move(client, url, "throw_away")
    assert sent.status_code == 303
    said = live_region(client.get(sent.headers["location"]).text)
    # So early in a hole nobody can go out: the computer has played and it is your turn.
    assert (state(client, url)["turn"], state(client, url)["phase"]) == (0, "draw")
    assert said.startswith("Your turn. "), said
    assert "You threw" in said and "Computer 2" in said, said
