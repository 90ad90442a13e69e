"""A solitaire deal counts the positions where the coach showed its move (Hint, or Watch's next
move), and wherever its score is shown to others or judged, it says the coach helped."""

from __future__ import annotations

import re
from datetime import date

import pytest

from app.storage import solitaire
from app.web.solitaire.daily import utc_today
from tests.conftest import Client
from tests.web.solitaire_helpers import finish, new_deal
from tests.web.test_challenges import (
    accept,
    challenge,
    new_round,
    outsider_page,
    results_rows,
    round_deals,
)

COACHED_LINE = "The coach showed its move"


def coach_moves(client, deal_id: str) -> int:
    with client.app.state.db.read() as session:
        return solitaire.load_deal(session, deal_id=deal_id).coach_moves


def version(client, deal_id: str) -> int:
    with client.app.state.db.read() as session:
        return solitaire.load_deal(session, deal_id=deal_id).version


@pytest.fixture
def friend(app):
    with Client(app, base_url="http://testserver") as other:
        yield other


def test_a_hint_counts_once_per_position_and_a_plain_view_not_at_all(client):
    deal_id = new_deal(client, 3)
    client.get(f"/solitaire/deals/{deal_id}")
    assert coach_moves(client, deal_id) == 0
    for _ in range(2):  # asked again, or the page reloaded: the same position
        assert "Hint:" in client.get(f"/solitaire/deals/{deal_id}?hint=1").text
    assert coach_moves(client, deal_id) == 1
    draw = client.submit(f"/solitaire/deals/{deal_id}/draw", {"version": "0"})
    assert draw.status_code == 303
    client.get(f"/solitaire/deals/{deal_id}?hint=1")
    assert coach_moves(client, deal_id) == 2
    assert version(client, deal_id) == 1  # counting leaves every open form valid


def test_watching_counts_each_move_the_computer_shows_or_plays(client):
    deal_id = new_deal(client, 3)
    client.get(f"/solitaire/deals/{deal_id}?watch=pause")  # shows the next move
    assert coach_moves(client, deal_id) == 1
    moved = client.submit(f"/solitaire/deals/{deal_id}/watch",
                          {"version": "0", "move": "draw", "watch": "pause"})
    assert moved.status_code == 303
    assert coach_moves(client, deal_id) == 1  # that position was counted when it was shown
    blind = client.submit(f"/solitaire/deals/{deal_id}/watch",
                          {"version": "1", "move": "draw", "watch": "pause"},
                          headers={"accept": "application/json"})
    assert blind.status_code == 200  # a JSON client that never looked still counts
    assert coach_moves(client, deal_id) == 2
    stale = client.submit(f"/solitaire/deals/{deal_id}/watch",
                          {"version": "0", "move": "draw", "watch": "pause"},
                          headers={"accept": "application/json"})
    assert stale.status_code == 409 and coach_moves(client, deal_id) == 2


@pytest.mark.parametrize("fields", [{"version": "0", "move": "9"},
                                    {"version": "5", "move": "draw"}])
def test_a_refused_watch_form_shows_no_next_move_and_changes_nothing(client, fields):
    deal_id = new_deal(client, 3)
    refused = client.submit(f"/solitaire/deals/{deal_id}/watch", {**fields, "watch": "pause"},
                            htmx=True)
    assert refused.status_code in (409, 422) and 'id="board"' in refused.text
    assert "Next:" not in refused.text and "is-hinted" not in refused.text
    assert coach_moves(client, deal_id) == 0 and version(client, deal_id) == 0


def test_the_review_says_when_the_coach_helped(client):
    helped, alone = new_deal(client, 3), new_deal(client, 3)
    client.get(f"/solitaire/deals/{helped}?hint=1")
    for deal_id in (helped, alone):
        finish(client, deal_id)
    helped_review = client.get(f"/solitaire/deals/{helped}/review?wait=1").text
    alone_review = client.get(f"/solitaire/deals/{alone}/review?wait=1").text
    assert f"{COACHED_LINE} once in this deal" in helped_review
    assert "Well played!" not in helped_review
    assert COACHED_LINE not in alone_review


def test_a_challenge_marks_a_score_made_with_the_coachs_help(client, friend):
    round_id = new_round(client)
    link = challenge(client, round_id, "Ann")
    bo_round = accept(friend, link, "Bo")
    bo_first, bo_second = round_deals(friend, bo_round)[:2]
    friend.get(f"/solitaire/deals/{bo_first.id}?hint=1")
    for deal in (bo_first, bo_second):
        finish(friend, deal.id)
    for deal in round_deals(client, round_id)[:2]:
        finish(client, deal.id)
    ann_view = client.get(f"/solitaire/rounds/{round_id}/challenge").text
    rows = results_rows(ann_view)
    assert all(re.fullmatch(r"-?\d+", rows[name][0]) for name in ("Ann", "Bo"))  # still a number
    cells = cell_tags(ann_view)
    coached = '<td class="is-coached" aria-describedby="coached-key">'
    assert cells["Bo"][0] == coached and cells["Bo"][1] != coached
    assert coached not in cells["Ann"]
    assert 'id="coached-key">A ✦ beside a score means' in ann_view
    links = replay_links(ann_view)
    assert 'aria-describedby="coached-key"' in links["Bo"][0]  # what the keyboard reaches
    assert "coached-key" not in links["Bo"][1] and "coached-key" not in " ".join(links["Ann"])
    replay = f"/solitaire/rounds/{round_id}/challenge/replay/"
    bo_id = next(e.id for e in solitaire_challenge(client, link).entrants if e.name == "Bo")
    assert "(with the coach’s help)" in client.get(f"{replay}{bo_id}/1").text
    assert "(with the coach’s help)" not in client.get(f"{replay}{bo_id}/2").text
    assert cell_tags(client.get(link).text) == cells  # the link shows Ann what her page does
    outsider = outsider_page(client, link)  # no score shown, so no mark
    assert "is-coached" not in outsider and "coached-key" not in outsider


def cell_tags(html: str) -> dict[str, list[str]]:
    """Each results row's <td> opening tags, by player name."""
    rows = re.findall(r'<th scope="row"><bdi>([^<]+)</bdi>(.*?)</tr>', html, re.S)
    return {name: re.findall(r"<td[^>]*>", rest) for name, rest in rows}


def solitaire_challenge(client, link: str) -> solitaire.challenges.StoredChallenge:
    with client.app.state.db.read() as session:
        return solitaire.challenges.load_challenge(session, challenge_id=link.rsplit("/", 1)[-1])


def test_the_deal_of_the_day_says_your_score_had_help(app, client):
    app.dependency_overrides[utc_today] = lambda: date(2026, 11, 30)
    try:
        deal_id = client.submit("/solitaire/daily", {}).headers["location"].rsplit("/", 1)[-1]
        client.get(f"/solitaire/deals/{deal_id}?hint=1")
        finish(client, deal_id)
        page = client.get("/solitaire/daily").text
    finally:
        app.dependency_overrides.clear()
    assert "with the coach’s help." in page


def replay_links(html: str) -> dict[str, list[str]]:
    """Each results row's replay links' opening tags, by player name."""
    rows = re.findall(r'<th scope="row"><bdi>([^<]+)</bdi>(.*?)</tr>', html, re.S)
    return {name: re.findall(r"<a [^>]*>", rest) for name, rest in rows}
