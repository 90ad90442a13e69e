"""Right-to-left names in left-to-right pages: fenced off so that they keep their place.

An Arabic or Hebrew name next to a number or a comma pulls them into its own direction unless
it is fenced: by Unicode's isolates in sentences (app.i18n.isolate, for the code's messages
and the templates' alike), by <bdi> where a template writes a name beside other text."""

from __future__ import annotations

import pytest

from tests.conftest import Client
from tests.web import test_challenges as challenges
from tests.web import test_golf6 as golf
from tests.web import test_scorekeeper as sheets
from tests.web.test_i18n import fenced

HEBREW, ARABIC = "אנה", "محمد"


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOLF_BOT_DELAY_MS", "0")


def test_score_sheet_sentences_labels_and_hole_summaries(client):
    path = sheets.start(client, names=(HEBREW, ARABIC, "Bo"))
    html = client.get(path).text
    assert f"<label for=\"score-0\">{fenced(HEBREW)}, hole 1</label>" in html  # a template's _()
    assert f"Add up {fenced(ARABIC)}’s cards for me" in html  # a template's possessive
    assert sheets.enter(client, path, [12, 12, 15]).status_code == 303
    html = client.get(path).text
    assert f"After hole 1, {fenced(HEBREW)} and {fenced(ARABIC)} share the lead with 12." in html
    summary = f"<bdi>{HEBREW}</bdi> 12, <bdi>{ARABIC}</bdi> 12, <bdi>Bo</bdi> 15</span></summary>"
    assert summary in html
    # The names themselves are stored and sent as typed.
    assert sheets.state(client, path)["players"] == [HEBREW, ARABIC, "Bo"]


def test_golf_table_headings_moves_and_invitation(app, client):
    url = golf.create(client, name=HEBREW)
    friend = Client(app, base_url="http://testserver")
    invitation = friend.get(golf.invite_of(client, url)).text
    assert f"<h1>Join {fenced(HEBREW)}’s game</h1>" in invitation  # a template's possessive
    assert friend.submit(golf.invite_of(client, url), {"name": ARABIC}).status_code == 303
    assert client.submit(f"{url}/start").status_code == 303
    golf.flip_two(client, url)
    html = friend.get(url).text
    assert f"<bdi>{HEBREW}</bdi>" in html and f"<bdi>{ARABIC}</bdi> (you)" in html
    assert f"{fenced(HEBREW)} turned up the" in html
    assert f"{HEBREW} turned up" not in html.replace(fenced(HEBREW), "")
    assert [seat["name"] for seat in golf.state(friend, url)["seats"]] == [HEBREW, ARABIC]
    friend.close()


def test_challenge_results_name_each_row_fenced(app, client):
    round_id = challenges.new_round(client)
    link = challenges.challenge(client, round_id, name=HEBREW)
    with Client(app, base_url="http://testserver") as friend:
        challenges.accept(friend, link, ARABIC)
        html = friend.get(link).text
    assert f"<th scope=\"row\"><bdi>{HEBREW}</bdi></th>" in html
    # The friend's own row, marked as theirs on the public page.
    assert f"<th scope=\"row\"><bdi>{ARABIC}</bdi> <span class=\"you-tag\">" in html
    assert list(challenges.results_rows(html)) == [HEBREW, ARABIC]
