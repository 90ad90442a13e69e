"""The rules quiz over HTTP: answers, explanations, locking, the score, and the no-JS path."""

from __future__ import annotations

import html
import re

import pytest
from sqlalchemy import func, select

from app.quiz.questions import QUESTIONS
from app.storage import quiz as quiz_store
from app.storage.models import QuizAnswer

# The six facts of SPEC.md: question number -> (right choice text, wrong choice texts).
SPEC_ANSWERS = {
    1: ("8 of spades", ["7 of clubs", "5 of hearts"]),
    2: ("Only the last card", ["Any card you can see", "The first card dealt"]),
    3: ("Nothing: turn over a card from the draw pile", ["A queen", "An ace"]),
    4: ("The deal is over: count the cards left", ["Turn the discard pile over", "shuffle"]),
    5: ("The one with 3", ["The one with 9", "Neither"]),
    6: ("−4", ["4", "0, always"]),
}
# A phrase each explanation must carry: the reason, in our words.
SPEC_REASONS = {
    1: "one above or one below",
    2: "frees the card above it",
    3: "Nothing goes on a king",
    4: "cards still in the columns",
    5: "lower is better",
    6: "4 left scores −4",
}


def key_for(number: int, text: str) -> str:
    question = QUESTIONS[number - 1]
    return next(c.key for c in question.choices if c.text.startswith(text) or text in c.text)


def answer(client, number: int, text: str, htmx: bool = True):
    return client.submit(f"/quiz/{number}", {"choice": key_for(number, text)}, htmx=htmx)


def stored_answers(app) -> int:
    with app.state.db.read() as session:
        return session.scalar(select(func.count()).select_from(QuizAnswer))


def test_quiz_page_shows_six_questions_with_three_choice_buttons(client):
    page = client.get("/quiz").text
    assert page.count("<fieldset") == 6
    assert page.count("<legend") == 6
    assert len(re.findall(r'<button type="submit" class="choice"[^>]*name="choice"', page)) == 18
    assert page.count('role="status"') == 7  # one per question, one for the score
    for question in QUESTIONS:
        assert question.prompt in page
    # Each group is named by its question alone (CONTRACT.md), its number above it.
    legends = re.findall(r"<legend>(.*?)</legend>", page, re.S)
    assert [html.unescape(legend) for legend in legends] == [q.prompt for q in QUESTIONS]
    assert '<p class="q-number">Question 2 of 6</p>' in page
    answered = client.submit("/quiz/1", {"choice": "a"}, headers={"HX-Request": "true"}).text
    assert html.unescape(re.search(r"<legend>(.*?)</legend>", answered).group(1)) == (
        QUESTIONS[0].prompt
    )


@pytest.mark.parametrize("number", sorted(SPEC_ANSWERS))
def test_right_answer_is_marked_right_with_its_explanation(client, number):
    right, _wrong = SPEC_ANSWERS[number]
    response = answer(client, number, right)
    assert response.status_code == 200
    assert "Right!" in response.text
    assert SPEC_REASONS[number] in response.text
    assert "Right answer · your pick." in response.text


@pytest.mark.parametrize("number", sorted(SPEC_ANSWERS))
def test_wrong_answer_names_the_right_one_and_why_the_pick_is_wrong(client, number):
    right, wrong = SPEC_ANSWERS[number]
    response = answer(client, number, wrong[0])
    assert response.status_code == 200
    assert "Not quite." in response.text
    question = QUESTIONS[number - 1]
    assert f"The answer is “{question.choice(question.answer).text}”" in response.text
    assert right.split(":")[0] in response.text
    picked = question.choice(key_for(number, wrong[0]))
    assert "Wrong answer · your pick." in response.text
    assert picked.why in response.text


def test_each_question_has_exactly_one_spec_answer():
    for question in QUESTIONS:
        right, _ = SPEC_ANSWERS[question.number]
        assert question.choice(question.answer).text.startswith(right.split(":")[0])
        assert len(question.choices) == 3
        assert len({c.key for c in question.choices}) == 3


def test_tempting_variations_are_explained_as_variations():
    king = QUESTIONS[2]
    assert "variation" in king.choice("b").why and "variation" in king.choice("c").why
    clear = QUESTIONS[5]
    assert "variation" in clear.choice("b").why


def test_htmx_answer_swaps_only_the_question_and_updates_result_out_of_band(client):
    response = answer(client, 1, "8 of spades")
    text = response.text
    assert "<html" not in text
    assert text.lstrip().startswith('<fieldset class="choices" id="q-1-choices">')
    assert 'id="q-1-result" role="status" hx-swap-oob="innerHTML"' in text
    assert "HX-Request" in response.headers["vary"]
    # Locked: the choices are no longer a form, each button says it is disabled.
    fieldset = text.split("</fieldset>")[0]
    assert "<form" not in fieldset
    assert fieldset.count('aria-disabled="true"') == 3


def test_htmx_answer_fragment_is_valid_html(client):
    import html5lib

    text = answer(client, 1, "8 of spades").text
    html5lib.HTMLParser(strict=True).parseFragment(text)  # raises on any parse error
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids))


def test_answer_without_javascript_redirects_back_to_the_question(client):
    response = answer(client, 2, "Only the last card", htmx=False)
    assert response.status_code == 303
    # The chosen answer's button: the browser focuses it, as htmx keeps focus there.
    chosen = key_for(2, "Only the last card")
    assert response.headers["location"] == f"/quiz#q-2-{chosen}"
    page = client.get("/quiz").text
    assert f'id="q-2-{chosen}"' in page
    q2 = page.split('id="q-2"')[1].split('id="q-3"')[0]
    assert "Right!" in q2 and "<form" not in q2
    q3 = page.split('id="q-3"')[1]
    assert '<form method="post" action="/quiz/3"' in q3


def test_answer_is_recorded_once_and_locked(client, app):
    answer(client, 1, "7 of clubs")
    again = answer(client, 1, "8 of spades")
    assert again.status_code == 409
    assert "already answered" in again.text
    assert "Wrong answer · your pick." in again.text  # the first pick stands
    assert stored_answers(app) == 1


def test_share_of_players_is_shown_per_choice(client, app):
    with app.state.db.write() as session:
        for choice, times in (("a", 2), ("b", 6), ("c", 2)):
            for _ in range(times):
                quiz_store.record_answer(session, question=1, choice=choice)
    text = answer(client, 1, "8 of spades").text
    # 7 of 11 players (with this one) chose the 8 of spades; 2 of 11 each of the others.
    assert "64% of players chose this." in text
    assert text.count("18% of players chose this.") == 2


def test_final_score_counts_right_answers_and_offers_try_again(client):
    for number, (right, wrong) in SPEC_ANSWERS.items():
        response = answer(client, number, right if number <= 4 else wrong[0])
        if number < 6:
            assert "You got" not in response.text
    assert "You got 4 of 6 right." in response.text
    assert 'action="/quiz/reset"' in response.text
    assert "You got 4 of 6 right." in client.get("/quiz").text


def test_perfect_score(client):
    for number, (right, _) in SPEC_ANSWERS.items():
        response = answer(client, number, right, htmx=False)
    assert response.status_code == 303
    page = client.get("/quiz").text
    assert "You got 6 of 6 right." in page
    assert "Try again" in page
    # The end of the quiz is no dead end: it leads on to a deal and to the rules.
    onward = page.split('class="quiz-next"')[1].split("</p>")[0]
    assert 'href="/solitaire"' in onward and 'href="/rules/solitaire"' in onward


def test_try_again_forgets_this_visitors_answers_but_keeps_tallies(client, app):
    for number, (right, _) in SPEC_ANSWERS.items():
        answer(client, number, right)
    response = client.submit("/quiz/reset")
    assert response.status_code == 303
    assert response.headers["location"] == "/quiz"
    page = client.get("/quiz").text
    assert "You got" not in page
    assert page.count('<form method="post" action="/quiz/') == 6
    assert stored_answers(app) == 6
    assert answer(client, 1, "8 of spades").status_code == 200


@pytest.mark.parametrize("choice", ["", "d", "A", "b' OR 1=1", "x" * 500, "\u00b2", "\uff41"])
def test_bad_choice_is_refused_with_the_question_and_nothing_recorded(client, app, choice):
    response = client.submit("/quiz/3", {"choice": choice}, htmx=True)
    assert response.status_code == 422
    assert "Please pick one of the three answers." in response.text
    assert 'id="q-3-choices"' in response.text
    assert stored_answers(app) == 0


def test_missing_choice_without_javascript_shows_the_page_with_the_message(client, app):
    response = client.submit("/quiz/3", {}, htmx=False)
    assert response.status_code == 422
    assert "<h1>Golf solitaire quiz</h1>" in response.text
    assert "Please pick one of the three answers." in response.text
    assert stored_answers(app) == 0


@pytest.mark.parametrize(
    "url,status",
    [("/quiz/0", 404), ("/quiz/7", 404), ("/quiz/abc", 404), ("/quiz/\u00b2", 404),
     ("/quiz/" + "9" * 40, 404), ("/quiz/-1", 404)],
)
def test_unknown_question_is_refused_cleanly(client, app, url, status):
    response = client.submit(url, {"choice": "a"})
    assert response.status_code == status
    assert stored_answers(app) == 0


def test_answer_without_csrf_token_is_refused(client, app):
    response = client.post("/quiz/1", data={"choice": "b"}, follow_redirects=False)
    assert response.status_code == 403
    assert stored_answers(app) == 0


def test_tampered_answers_cookie_is_ignored(client):
    answer(client, 1, "8 of spades")
    good = client.cookies.get("quiz")
    client.cookies.delete("quiz")
    client.cookies.set("quiz", "bbbbbb" + good[6:], path="/quiz")
    page = client.get("/quiz").text
    assert "You got" not in page
    assert page.count('<form method="post" action="/quiz/') == 6


def test_answers_cookie_holds_no_personal_data(client):
    response = answer(client, 1, "8 of spades")
    cookie = response.headers["set-cookie"]
    assert re.match(r"quiz=b-----\.[0-9a-f]+; HttpOnly; Max-Age=\d+; Path=/quiz; SameSite=lax",
                    cookie)


def test_stored_answer_is_anonymous():
    # `attempt` is a random token of the page the answer came from, tied to no one.
    assert set(QuizAnswer.__table__.columns.keys()) == {
        "id", "question", "choice", "attempt", "created_at"}


def test_answers_are_rate_limited_per_client(client, app, monkeypatch):
    monkeypatch.setattr(app.state.settings, "create_per_minute", 2)
    assert answer(client, 1, "8 of spades").status_code == 200
    assert answer(client, 2, "Only the last card").status_code == 200
    refused = answer(client, 3, "A queen")
    assert refused.status_code == 429
    assert "a lot of answers in one minute" in refused.text
    assert 'id="q-3-choices"' in refused.text and '<form method="post"' in refused.text
    assert stored_answers(app) == 2


def test_question_address_opened_directly_shows_the_quiz(client):
    response = client.get("/quiz/4", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == "/quiz#q-4"
    assert client.get("/quiz/9").status_code == 404


def test_a_double_submit_of_one_page_counts_once_in_the_tallies(client, app):
    """Without JavaScript a double click sends the form twice, both before the cookie that
    records the answer comes back: the page's token makes the second count nothing."""
    import re

    from tests.conftest import Client

    page = client.get("/quiz").text
    attempt = re.search(r'name="attempt" value="([^"]+)"', page).group(1)
    for text in ("7 of clubs", "8 of spades"):  # the same page's form, sent twice
        client.cookies.clear()
        fields = {"choice": key_for(1, text), "attempt": attempt}
        assert client.submit("/quiz/1", fields).status_code == 303
    assert stored_answers(app) == 1
    with Client(app, base_url="http://testserver") as other:  # another page: another answer
        fresh = re.search(r'name="attempt" value="([^"]+)"', other.get("/quiz").text).group(1)
        assert fresh != attempt
        other.submit("/quiz/1", {"choice": key_for(1, "7 of clubs"), "attempt": fresh})
    assert stored_answers(app) == 2
    for forged in ("", "x" * 23, "é" * 22, "a b"):  # no token: counted as before
        client.cookies.clear()
        client.submit("/quiz/2", {"choice": "a", "attempt": forged})
    assert stored_answers(app) == 6
