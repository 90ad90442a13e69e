"""Challenges over HTTP: a round becomes a link, friends play the same nine deals, and each
player sees another's score for a hole only after finishing that hole."""

from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from app.storage import solitaire
from app.storage.solitaire import challenges as challenge_store
from tests.conftest import Client
from tests.web.solitaire_helpers import finish, new_round, round_deals

CHALLENGE_LINK = re.compile(
    r'id="challenge-link" type="text" readonly value="http://testserver([^"]+)"'
)


def challenge(client, round_id: str, name: str = "Ann") -> str:
    """Turn the round into a challenge; return the public challenge path."""
    response = client.submit(f"/solitaire/rounds/{round_id}/challenge", {"name": name})
    assert response.status_code == 303
    page = client.get(f"/solitaire/rounds/{round_id}/challenge")
    assert page.status_code == 200
    return CHALLENGE_LINK.search(page.text).group(1)


def accept(client, link: str, name: str) -> str:
    """Accept as `name`; return the new round's id."""
    response = client.submit(f"{link}/accept", {"name": name})
    assert response.status_code == 303, response.text
    deal_id = response.headers["location"].rsplit("/", 1)[-1]
    with client.app.state.db.read() as session:
        return solitaire.load_deal(session, deal_id=deal_id).round_id


def results_rows(html: str) -> dict[str, list[str]]:
    """The challenge results table as {name: [cell texts...]} (hidden texts dropped)."""
    table = re.split(r"<caption>(?:(?!</caption>).)*Challenge results.*?</caption>", html,
                     maxsplit=1, flags=re.S)[1].split("</table>", 1)[0]
    rows = {}
    for row in re.findall(r"<tr[^>]*>\s*<th scope=\"row\">(.*?)</tr>", table, re.S):
        header = re.sub(r'<span class="you-tag">.*?</span>', "", row.split("</th>", 1)[0])
        name = re.sub(r"<[^>]+>", "", header).strip()
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        texts = []
        for cell in cells:
            cell = re.sub(r'<span class="visually-hidden">.*?</span>', "", cell, flags=re.S)
            texts.append(re.sub(r"<[^>]+>", "", cell).strip())
        rows[name] = texts
    return rows


@pytest.fixture
def friend(app):
    """A second browser with its own cookies."""
    from tests.conftest import Client

    with Client(app, base_url="http://testserver") as other:
        yield other


def test_round_offers_a_challenge_and_the_creator_gets_a_link(client):
    round_id = new_round(client)
    deal_page = client.get(f"/solitaire/deals/{round_deals(client, round_id)[0].id}").text
    assert "Challenge a friend" in deal_page
    form = client.get(f"/solitaire/rounds/{round_id}/challenge")
    assert '<label for="name">Your name</label>' in form.text
    link = challenge(client, round_id, "Ann")
    assert link.startswith("/challenges/")
    page = client.get(f"/solitaire/rounds/{round_id}/challenge").text
    assert "Copy challenge link" in page and results_rows(page) == {"Ann": ["–"] * 10}
    assert "Nobody has accepted the challenge yet: send a friend its link." in page


def test_challenging_twice_gives_the_same_link(client):
    round_id = new_round(client)
    assert challenge(client, round_id, "Ann") == challenge(client, round_id, "Ann")


def test_a_stale_tab_challenging_under_another_name_is_told_which_name_stands(client):
    round_id = new_round(client)
    challenge(client, round_id, "Ann")
    stale = client.submit(f"/solitaire/rounds/{round_id}/challenge", {"name": "Annie"})
    assert stale.status_code == 409
    assert "You joined this challenge already, as Ann." in stale.text
    assert list(results_rows(stale.text)) == ["Ann"]


def test_friend_plays_the_same_nine_deals_and_variations(client, friend):
    response = client.submit("/solitaire/rounds", {"queen_on_king": "on", "jokers": "1"})
    deal_id = response.headers["location"].rsplit("/", 1)[-1]
    with client.app.state.db.read() as session:
        round_id = solitaire.load_deal(session, deal_id=deal_id).round_id
    finish(client, deal_id)  # the creator is one hole in already
    link = challenge(client, round_id)
    theirs = round_deals(friend, accept(friend, link, "Bo"))
    mine = round_deals(client, round_id)
    assert len(mine) == len(theirs) == 9
    for a, b in zip(mine, theirs, strict=True):
        assert a.hole == b.hole and a.deal_number == b.deal_number and a.cards == b.cards
        assert a.variant == b.variant and a.variant.queen_on_king and a.variant.jokers == 1
    assert not theirs[0].moves  # the friend starts fresh
    page = client.get(link).text  # the variations by name, as the deals show them
    assert "Variations: Queen on king, Jokers: 1 · 2 players" in page, page


def test_a_challenge_is_played_hole_by_hole_like_any_round(client, friend):
    """All nine deals exist from the start, but a hole opens only once the ones before it
    are over: no skipping ahead to look at a later hole's cards."""
    link = challenge(client, new_round(client))
    theirs = accept(friend, link, "Bo")
    page = friend.get(f"/solitaire/rounds/{theirs}").text
    deals = round_deals(friend, theirs)
    assert deals[0].id in page and not any(deal.id in page for deal in deals[1:])
    ahead = friend.submit(f"/solitaire/rounds/{theirs}/holes", {"hole": "9"})
    assert ahead.status_code == 409
    assert "Holes are dealt in order: the next one is hole 2." in ahead.text
    early = friend.submit(f"/solitaire/rounds/{theirs}/holes", {"hole": "2"})
    assert early.status_code == 409 and "Finish hole 1 before dealing the next one." in early.text
    finish(friend, deals[0].id)
    second = friend.submit(f"/solitaire/rounds/{theirs}/holes", {"hole": "2"})
    assert second.status_code == 303 and second.headers["location"].endswith(deals[1].id)
    page = friend.get(f"/solitaire/rounds/{theirs}").text
    assert deals[1].id in page and deals[2].id not in page


def test_a_hole_in_play_for_score_is_no_practice_deal(client, friend):
    """Practised first with Undo, a hole would show its draw pile before it counts: its number
    opens for practice once everyone playing it has finished it."""
    round_id = new_round(client)
    first = round_deals(client, round_id)[0]
    fields = {"action": "number", "deal_number": str(first.deal_number), "jokers": "1"}
    refused = client.submit("/solitaire/deals", fields)
    assert refused.status_code == 422
    assert f"Deal {first.deal_number} is being played for score (in a round" in refused.text
    theirs = accept(friend, challenge(client, round_id), "Bo")
    ninth = round_deals(friend, theirs)[8].deal_number  # dealt, and in play for both
    assert friend.submit("/solitaire/deals", {**fields, "deal_number": str(ninth)}
                         ).status_code == 422
    finish(client, first.id)
    assert client.submit("/solitaire/deals", fields).status_code == 422  # Bo still plays it
    finish(friend, round_deals(friend, theirs)[0].id)
    assert client.submit("/solitaire/deals", fields).status_code == 303


def test_public_link_never_shows_a_private_round_link(client, friend):
    round_id = new_round(client)
    link = challenge(client, round_id)
    friend_round = accept(friend, link, "Bo")
    outsider = client.__class__(client.app, base_url="http://testserver")
    for page in (outsider.get(link).text, friend.get(link).text):
        for secret in (round_id, *(d.id for d in round_deals(client, round_id))):
            assert secret not in page
    # A player's own browser is led to its own view; never to anyone else's.
    assert f"/solitaire/rounds/{round_id}/challenge" in client.get(link).text
    assert friend_round not in client.get(link).text
    assert friend_round not in client.get(f"/solitaire/rounds/{round_id}/challenge").text


def test_scores_show_only_for_holes_the_viewer_has_finished(client, friend):
    round_id = new_round(client)
    link = challenge(client, round_id, "Ann")
    friend_round = accept(friend, link, "Bo")
    ann_view = f"/solitaire/rounds/{round_id}/challenge"
    bo_view = f"/solitaire/rounds/{friend_round}/challenge"

    finish(friend, round_deals(friend, friend_round)[0].id)
    bo_score = round_deals(friend, friend_round)[0]
    with friend.app.state.db.read() as session:
        bo_hole1 = solitaire.load_round(session, round_id=friend_round).scores[0]
    assert bo_score is not None
    # Ann has not finished hole 1: she sees that Bo has, not his score.
    assert results_rows(client.get(ann_view).text)["Bo"][0] == "✓"
    assert results_rows(client.get(ann_view).text)["Bo"][-1] == "–"  # no score of his shown
    assert results_rows(client.get(link).text)["Bo"][0] == "✓"  # outsiders neither
    assert results_rows(friend.get(bo_view).text)["Bo"][0] == str(bo_hole1)

    finish(client, round_deals(client, round_id)[0].id)
    rows = results_rows(client.get(ann_view).text)
    assert rows["Bo"][0] == str(bo_hole1) and rows["Ann"][0] != "–"
    assert rows["Bo"][1] == "–"
    # The public link shows a player what their round's page shows: their own row as theirs,
    # and the others' scores of the holes they have finished, with the replay links.
    public = client.get(link).text
    assert results_rows(public) == results_rows(client.get(ann_view).text)
    assert '<span class="you-tag">(you)</span>' in public
    assert f"{ann_view}/replay/" in public
    assert "Counting the hole you have finished" in public  # who leads, as on her round's page
    # Anyone else who opens the link sees who has finished, not a score.
    outsider = results_rows(outsider_page(client, link))
    assert outsider["Bo"][0] == outsider["Ann"][0] == "✓"
    assert "(you)" not in outsider_page(client, link)


def outsider_page(client, link: str) -> str:
    with client.__class__(client.app, base_url="http://testserver") as outsider:
        return outsider.get(link).text


def test_replay_only_after_finishing_the_hole(client, friend):
    round_id = new_round(client)
    link = challenge(client, round_id, "Ann")
    friend_round = accept(friend, link, "Bo")
    finish(friend, round_deals(friend, friend_round)[0].id)
    with client.app.state.db.read() as session:
        bo = challenge_store.seat_for_round(session, round_id=friend_round)
    replay = f"/solitaire/rounds/{round_id}/challenge/replay/{bo.player_id}/1"
    early = client.get(replay)
    assert early.status_code == 403  # Ann has not finished hole 1
    assert f'<a href="/solitaire/rounds/{round_id}/challenge">Back to the challenge</a>' in (
        early.text)
    finish(client, round_deals(client, round_id)[0].id)
    page = client.get(replay)
    assert page.status_code == 200 and page.headers["cache-control"] == "no-store"
    bo_deal = round_deals(friend, friend_round)[0]
    assert f"After move {len(bo_deal.moves)} of {len(bo_deal.moves)}" in page.text
    first = client.get(f"{replay}?step=0").text
    assert "before the first move" in first and 'aria-label="Column 7"' in first
    assert f"After move 1 of {len(bo_deal.moves)}" in client.get(f"{replay}?step=1").text
    for odd in ("\u00b2", "9" * 40, "-1"):
        assert client.get(f"{replay}?step={odd}").status_code == 200  # shows the end
    base = f"/solitaire/rounds/{round_id}/challenge/replay"
    for unknown in ("99999", "0", str(2**31), str(2**63), "9" * 30):  # 2**63 overflowed SQLite
        assert client.get(f"{base}/{unknown}/1").status_code == 404, unknown
    assert client.get(f"{base}/{bo.player_id}/2").status_code == 403  # hole 2 not finished


@pytest.mark.parametrize(
    ("name", "lang", "heading", "link_label"),
    [
        ("Bo", "en", "Bo’s hole 1", ": replay Bo’s hole 1"),
        ("James", "en", "James’ hole 1", ": replay James’ hole 1"),
        ("Anna", "sv", "Annas hål 1", ": spela upp Annas hål 1 igen"),
        ("Lars", "sv", "Lars hål 1", ": spela upp Lars hål 1 igen"),
        ("Max", "sv", "Max hål 1", ": spela upp Max hål 1 igen"),
    ],
)
def test_a_replay_names_its_player_in_the_genitive_of_the_page_language(
    client, friend, name, lang, heading, link_label
):
    round_id = new_round(client)
    friend_round = accept(friend, challenge(client, round_id, "Ann"), name)
    finish(friend, round_deals(friend, friend_round)[0].id)
    finish(client, round_deals(client, round_id)[0].id)
    with client.app.state.db.read() as session:
        player = challenge_store.seat_for_round(session, round_id=friend_round).player_id
    client.get(f"/?lang={lang}")
    replay = client.get(f"/solitaire/rounds/{round_id}/challenge/replay/{player}/1").text
    assert f"<h1>{heading}</h1>" in replay
    results = client.get(f"/solitaire/rounds/{round_id}/challenge").text
    assert link_label in results


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "type your name"),
        ("   ", "type your name"),
        ("\u3164", "type your name"),
        ("A" * 31, "30 characters"),
        ("Ann\u200b", "only letters"),
        # The results mark the reader's own row "(you)": nobody may be called so.
        ("You", "Each player is called “You” on their own screen"),
        (" du ", "Each player is called “You” on their own screen"),
    ],
)
def test_bad_names_refused_and_nothing_joins(client, friend, name, message):
    link = challenge(client, new_round(client), "Ann")
    response = friend.submit(f"{link}/accept", {"name": name})
    assert response.status_code == 422 and message in response.text
    assert list(results_rows(client.get(link).text)) == ["Ann"]


def test_taken_name_refused_and_names_are_escaped(client, friend):
    link = challenge(client, new_round(client), "<b>Ann</b>")
    assert friend.submit(f"{link}/accept", {"name": "<B>ANN</B>"}).status_code == 409
    page = client.get(link).text
    assert "<b>Ann</b>" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page


def test_six_friends_taking_one_name_at_once_leave_one_of_them(app, client):
    round_id = new_round(client)
    link = challenge(client, round_id, "Ann")
    barrier = threading.Barrier(6)

    def accept_as(name: str) -> int:
        with Client(app, base_url="http://testserver") as browser:
            browser.csrf()
            barrier.wait()
            return browser.submit(f"{link}/accept", {"name": name}).status_code

    with ThreadPoolExecutor(6) as pool:
        codes = list(pool.map(accept_as, ["Bo", "bo", "BO", " Bo", "bo ", "Bo"]))
    assert sorted(codes) == [303] + [409] * 5
    players = results_rows(client.get(f"/solitaire/rounds/{round_id}/challenge").text)
    assert sorted(name.casefold() for name in players) == ["ann", "bo"]


def test_one_browser_holds_one_seat(client, friend):
    link = challenge(client, new_round(client), "Ann")
    first = accept(friend, link, "Bo")
    assert accept(friend, link, "bo") == first  # the same form sent twice
    stale_tab = friend.submit(f"{link}/accept", {"name": "Bo again"})
    assert stale_tab.status_code == 409
    assert "You joined this challenge already, as Bo." in stale_tab.text
    assert f"/solitaire/rounds/{first}/challenge" in stale_tab.text
    assert stale_tab.headers["cache-control"] == "no-store"
    assert list(results_rows(client.get(link).text)) == ["Ann", "Bo"]
    page = friend.get(link)
    assert f"/solitaire/rounds/{first}/challenge" in page.text  # shown its seat, not a form
    assert "You are in this challenge: go to your round and the results" in page.text
    assert "Accept challenge" not in page.text and page.headers["cache-control"] == "no-store"


def test_fifty_players_and_the_leaders(client, app, monkeypatch):
    from tests.conftest import Client

    monkeypatch.setattr(app.state.settings, "create_per_minute", 1000)

    round_id = new_round(client)
    link = challenge(client, round_id, "Ann")
    rounds = {"Ann": round_id}
    for i in range(49):
        with Client(app, base_url="http://testserver") as other:
            rounds[f"P{i}"] = accept(other, link, f"P{i}")
    for name, rid in rounds.items():
        if name in ("Ann", "P0"):
            for deal in round_deals(client, rid):
                finish(client, deal.id)
    page = client.get(f"/solitaire/rounds/{round_id}/challenge").text
    rows = results_rows(page)
    assert len(rows) == 50 and rows["P0"][:9] == rows["Ann"][:9]
    assert "P0 and Ann share" not in page and "Ann and P0 share the lead" in page


STATUS = re.compile(r'class="challenge-status" role="status">([^<]*)<')


def test_the_lead_is_told_over_holes_others_have_finished_too(client, friend):
    round_id = new_round(client)
    link = challenge(client, round_id, "Ann")
    bo_round = accept(friend, link, "Bo")
    ann_view = f"/solitaire/rounds/{round_id}/challenge"
    for deal in round_deals(client, round_id)[:3]:
        finish(client, deal.id)
    summary = STATUS.search(client.get(ann_view).text).group(1)
    assert "Nobody else has finished a hole you have finished yet." in summary
    for deal in round_deals(friend, bo_round)[:2]:
        finish(friend, deal.id)
    with client.app.state.db.read() as session:
        ann = solitaire.load_round(session, round_id=round_id).scores[:2]
        bo = solitaire.load_round(session, round_id=bo_round).scores[:2]
    low = min(sum(ann), sum(bo))
    leaders = " and ".join(n for n, s in (("Ann", sum(ann)), ("Bo", sum(bo))) if s == low)
    said = STATUS.search(client.get(ann_view).text)
    verb = "leads" if " and " not in leaders else "share the lead"
    expected = f"Counting 2 of the holes you have finished, {leaders} {verb} with {low}."
    assert said.group(1).strip() == expected


def test_a_holes_draw_stays_drawn_and_undo_says_why(client):
    deal = round_deals(client, new_round(client))[0]
    url = f"/solitaire/deals/{deal.id}"
    kept = "The score of this deal counts, so a card turned from the draw pile stays turned."
    # Said before the first draw too: a player learns it before it costs them.
    assert f'id="undo-note" class="hint-text">{kept}</p>' in client.get(url).text
    client.submit(f"{url}/draw", {"version": "0", "moves": "0"})
    page = client.get(url).text
    undo_button = re.search(r'<button [^>]*id="undo-button"[^>]*>', page).group(0)
    assert " disabled" in undo_button and 'aria-describedby="undo-note"' in undo_button
    assert f'id="undo-note" class="hint-text">{kept}</p>' in page
    refused = client.submit(f"{url}/undo", {"version": "1", "moves": "1"}, htmx=True)
    assert refused.status_code == 409 and kept in refused.text
    assert client.get(url, headers={"accept": "application/json"}).json()["moves"] == 1


def test_unknown_challenge_or_round_is_404(client):
    assert client.get("/challenges/nosuchchallenge123").status_code == 404
    assert client.get("/challenges/" + "x" * 300).status_code == 404
    assert client.submit("/challenges/nosuchchallenge123/accept", {"name": "Bo"}).status_code == 404
    assert client.get("/solitaire/rounds/nosuchround123/challenge").status_code == 404


def test_replay_shows_the_best_possible_score_once_anyone_has_a_review(client, friend):
    from app.players.solitaire.review import Review
    from app.storage.solitaire.reviews import save_review

    round_id = new_round(client)
    link = challenge(client, round_id, "Ann")
    friend_round = accept(friend, link, "Bo")
    for rid in (round_id, friend_round):
        finish(client, round_deals(client, rid)[0].id)
    with client.app.state.db.read() as session:
        bo = challenge_store.seat_for_round(session, round_id=friend_round)
    replay = f"/solitaire/rounds/{round_id}/challenge/replay/{bo.player_id}/1"
    assert "best possible: being worked out" in client.get(replay).text  # nothing stored yet
    mine = round_deals(client, round_id)[0]
    with client.app.state.db.write() as session:
        review = Review(best_score=-4, score=7, moments=(), best_exact=False, complete=True)
        save_review(session, deal_id=mine.id, version=mine.version, review=review)
    assert "best possible: -4 or better" in client.get(replay).text


def test_when_everyone_has_finished_the_winners_are_named(client, friend):
    round_id = new_round(client)
    link = challenge(client, round_id, "Ann")
    friend_round = accept(friend, link, "Bo")
    for rid in (round_id, friend_round):
        for deal in round_deals(client, rid):
            finish(client, deal.id)
    page = client.get(f"/solitaire/rounds/{round_id}/challenge").text
    rows = results_rows(page)
    total = rows["Ann"][-1]
    assert rows["Bo"] == rows["Ann"]  # the same cards played the same way
    assert f"Everyone has finished. Ann and Bo share the win with {total}." in page


def test_a_refused_name_is_given_back_with_focus_on_it(client, friend):
    round_id = new_round(client)
    refused = client.submit(f"/solitaire/rounds/{round_id}/challenge", {"name": "A" * 31})
    assert refused.status_code == 422
    assert re.search(r'<input id="name"[^>]*value="A{30}"[^>]*autofocus', refused.text)
    link = challenge(client, round_id, "Ann")
    taken = friend.submit(f"{link}/accept", {"name": "ann"})
    assert taken.status_code == 409 and "called ann already" in taken.text
    assert re.search(r'<input id="name"[^>]*value="ann"[^>]*aria-invalid="true"[^>]*autofocus',
                     taken.text)
    assert taken.text.count(" autofocus") == 1


def test_the_challenger_may_not_be_called_du_either(client):
    round_id = new_round(client)
    response = client.submit(f"/solitaire/rounds/{round_id}/challenge", {"name": "Du"},
                             headers={"Accept-Language": "sv"})
    assert response.status_code == 422
    assert "Varje spelare kallas ”Du” på sin egen skärm" in response.text
