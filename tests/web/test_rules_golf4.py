"""The four-card Golf section of the rules page: the knock rule and worked examples."""

from __future__ import annotations

from app.content.golf4_examples import GOLF4_EXAMPLES, KNOCKER, OTHER
from tests.web.test_pages import page_facts


def test_examples_are_scored_by_the_rules_as_worked_out_by_hand():
    # 7 + K(0) + A(1) + Q(10); 5 + 5 + 2 + K(0) with no cancelling, then the top-row 5s
    # cancel; 7, 7, 7 pair across the top row and down the left column, so only the 3 counts.
    assert [e.points for e in GOLF4_EXAMPLES] == [[7, 0, 1, 10], [5, 5, 2, 0], [0, 0, 2, 0],
                                                   [0, 0, 0, 3]]
    assert [e.total for e in GOLF4_EXAMPLES] == [18, 12, 2, 3]
    assert (KNOCKER.total, OTHER.total) == (4 + 3 + 1 + 0, 2 + 0 + 1 + 3)


def test_the_rules_page_explains_four_card_golf_with_the_examples(client):
    html = client.get("/rules/six-card-golf").text
    assert '<a href="#four-card">Four-card Golf</a>' in html
    section = page_facts(html.split('id="four-card"')[1]).words
    assert "Even with all four of your cards face up, the hole goes on until someone knocks" in (
        section)
    assert "you still have to knock" in section
    assert "a 2 scores 2 here" in section and "a king 0" in section
    for text in ("Basic game: scores 18", "7 + 0 + 1 + 10 = 18", "5 + 5 + 2 + 0 = 12",
                 "Pairs cancelling: a pair in a row: scores 2", "0 + 0 + 2 + 0 = 2",
                 "0 + 0 + 0 + 3 = 3", "the hole costs them 8 + 10 = 18"):
        assert text in section, text


def test_the_swedish_rules_page_explains_four_card_golf_with_the_same_examples(client):
    html = client.get("/rules/six-card-golf?lang=sv").text
    assert '<a href="#four-card">Fyrkortsgolf</a>' in html
    section = page_facts(html.split('id="four-card"')[1]).words
    assert "Även när alla fyra korten ligger uppvända fortsätter hålet tills någon knackar" in (
        section)
    assert "måste du ändå knacka" in section
    assert "en tvåa ger alltså 2 här" in section and "kung 0" in section
    for text in ("Grundspel: ger 18", "7 + 0 + 1 + 10 = 18", "5 + 5 + 2 + 0 = 12",
                 "Par tar ut varandra: ett par i en rad: ger 2", "0 + 0 + 2 + 0 = 2",
                 "0 + 0 + 0 + 3 = 3", "hålet kostar 8 + 10 = 18", "hjärter 3"):
        assert text in section, text
