"""The four-card Golf section of the rules page: the knock rule and worked examples."""

from __future__ import annotations

import pytest

from app.content.golf4_examples import GOLF4_EXAMPLES, KNOCKER, OTHER
from tests.web.test_pages import page_facts


def test_examples_are_scored_by_the_rules_as_worked_out_by_hand():
    # 7 + K(0) + A(1) + Q(10); 5 + 5 + 2 + K(0) with no cancelling, then the top-row 5s
    # cancel; 7, 7, 7 pair across the top row and down the left column, so only the 3 counts.
    assert [e.points for e in GOLF4_EXAMPLES] == [[7, 0, 1, 10], [5, 5, 2, 0], [0, 0, 2, 0],
                                                   [0, 0, 0, 3]]
    assert [e.total for e in GOLF4_EXAMPLES] == [18, 12, 2, 3]
    assert (KNOCKER.total, OTHER.total) == (4 + 3 + 1 + 0, 2 + 0 + 1 + 3)


# What each language's rules page must say about four-card Golf, worked examples included.
SAYS = {
    "en": ("Four-card Golf", [
        "Even with all four of your cards face up, the hole goes on until someone knocks",
        "you still have to knock", "a 2 scores 2 here", "a king 0", "Basic game – scores 18",
        "7 + 0 + 1 + 10 = 18", "5 + 5 + 2 + 0 = 12", "Pairs cancelling: a pair in a row – scores 2",
        "0 + 0 + 2 + 0 = 2", "0 + 0 + 0 + 3 = 3", "Knocker – scores 8", "4 + 3 + 1 + 0 = 8",
        "The other player – scores 6", "2 + 0 + 1 + 3 = 6", "the hole costs them 8 + 10 = 18",
        "3 of hearts"]),
    "sv": ("Fyrkortsgolf", [
        "Även när alla fyra korten ligger uppvända fortsätter hålet tills någon knackar",
        "måste du ändå knacka", "en tvåa ger alltså 2 här", "kung 0", "Grundspel – 18 poäng",
        "7 + 0 + 1 + 10 = 18", "5 + 5 + 2 + 0 = 12",
        "Lika kort tar ut varandra: ett par i en rad – 2 poäng", "0 + 0 + 2 + 0 = 2",
        "0 + 0 + 0 + 3 = 3", "Den som knackar – 8 poäng", "4 + 3 + 1 + 0 = 8",
        "Den andra spelaren – 6 poäng", "2 + 0 + 1 + 3 = 6", "hålet kostar 8 + 10 = 18",
        "hjärter 3"]),
}  # fmt: skip


@pytest.mark.parametrize("lang", sorted(SAYS))
def test_the_rules_page_explains_four_card_golf_with_the_examples(client, lang):
    html = client.get(f"/rules/six-card-golf?lang={lang}").text
    heading, texts = SAYS[lang]
    assert f'<a href="#four-card">{heading}</a>' in html
    section = page_facts(html.split('id="four-card"')[1]).words
    assert [text for text in texts if text not in section] == []


@pytest.mark.parametrize(("lang", "title", "described"), [
    ("en", "Six-card and four-card Golf rules · Golf Club", "four-card Golf"),
    ("sv", "Sexkortsgolf och fyrkortsgolf – regler · Golf Club", "fyrkortsgolf"),
])
def test_the_rules_page_says_in_its_title_and_description_that_it_has_four_card_golf(
    client, lang, title, described
):
    # A search result or a shared link shows these, so a four-card player knows it is here.
    facts = page_facts(client.get(f"/rules/six-card-golf?lang={lang}").text)
    assert facts.title == title
    assert described in facts.description
