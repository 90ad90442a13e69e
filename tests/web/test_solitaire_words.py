"""How the web layer words the solitaire rules' codes, in English and in Swedish."""

from __future__ import annotations

import pytest

from app.i18n import use_locale
from app.players.solitaire.explain import reason
from app.rules.solitaire import (
    DRAW,
    STANDARD,
    IllegalMoveError,
    Move,
    Play,
    Position,
    Variant,
    play,
    what_fits,
    why_not,
)
from app.web.solitaire.coach_words import reason_text
from app.web.solitaire.view import end_text
from app.web.solitaire.words import REFUSALS, fit_text, refusal_text, variant_labels
from tests.web.solitaire_helpers import new_deal


def said(position: Position, move: Move) -> str:
    """The coach's reason for `move`, in the current language."""
    return reason_text(reason(position, move))


def test_what_fits_in_english_is_the_sentence_players_know():
    with use_locale("en"):
        assert fit_text(what_fits("7H")) == "On the 7 of hearts: any 6 or 8."
        assert fit_text(what_fits("AS")) == "On the ace of spades: any 2."
        assert fit_text(what_fits("QD")) == "On the queen of diamonds: any jack or king."
        assert "nothing fits a king" in fit_text(what_fits("KS"))
        corner = Variant(round_the_corner=True)
        assert fit_text(what_fits("KS", corner)).endswith("any ace or queen.")


def test_what_fits_in_swedish_names_cards_suit_first():
    with use_locale("sv"):
        assert fit_text(what_fits("7H")) == "På hjärter 7 passar en sexa eller en åtta."
        assert fit_text(what_fits("AS")) == "På spader ess passar en tvåa."
        assert fit_text(what_fits("QD")) == "På ruter dam passar en knekt eller en kung."
        assert fit_text(what_fits("KS")) == (
            "På spader kung: ingenting passar på en kung, så vänd upp ett kort."
        )
        assert fit_text(what_fits("KS", Variant(jokers=1))).endswith(
            "så spela en joker eller vänd upp ett kort."
        )
        assert fit_text(what_fits(None)).startswith("Slänghögen är tom")


@pytest.mark.parametrize(
    ("card", "top", "english", "swedish"),
    [
        ("6C", "KS", "The 6 of clubs does not fit on the king of spades: nothing goes on a king.",
         "Det går inte att lägga klöver 6 på spader kung: ingenting får läggas på en kung."),
        ("KC", "AH", "The king of clubs does not fit on the ace of hearts: ace and king are not "
         "neighbours.", "Det går inte att lägga klöver kung på hjärter ess: ess och kung är inte "
         "grannar."),
        ("5C", "AH", "The 5 of clubs does not fit on the ace of hearts: only a 2 goes on an ace.",
         "Det går inte att lägga klöver 5 på hjärter ess: bara en tvåa får läggas på ett ess."),
        ("QC", "7H", "The queen of clubs does not fit on the 7 of hearts: only a 6 or an 8 does.",
         "Det går inte att lägga klöver dam på hjärter 7: bara en sexa eller en åtta passar."),
        ("5C", "2D", "The 5 of clubs does not fit on the 2 of diamonds: only an ace or a 3 does.",
         "Det går inte att lägga klöver 5 på ruter 2: bara ett ess eller en trea passar."),
    ],
)
def test_why_a_card_does_not_fit_in_both_languages(card, top, english, swedish):
    refusal = why_not(card, top, STANDARD)
    with use_locale("en"):
        assert refusal_text(refusal) == english
    with use_locale("sv"):
        assert refusal_text(refusal) == swedish


@pytest.mark.parametrize(
    ("card", "top", "english", "swedish"),
    [
        ("6C", "KS", "nothing goes on a king", "ingenting får läggas på en kung"),
        ("5C", "AH", "only a 2 goes on an ace", "bara en tvåa får läggas på ett ess"),
        ("QC", "7H", "only a 6 or an 8 does", "bara en sexa eller en åtta passar"),
        ("KC", "AH", "are not neighbours.", "är inte grannar."),
    ],
)
def test_with_jokers_a_refusal_never_says_only_a_rank_fits(card, top, english, swedish):
    """A joker fits on anything, so with jokers in the deck the rule is told with it."""
    refusal = why_not(card, top, Variant(jokers=1))
    with use_locale("en"):
        text = refusal_text(refusal)
        assert english not in text and "joker" in text
    with use_locale("sv"):
        text = refusal_text(refusal)
        assert swedish not in text and "joker" in text
    with use_locale("en"):
        assert "only a joker fits a king" in fit_text(what_fits("KS", Variant(jokers=2)))


def test_with_jokers_the_cards_that_fit_are_one_list_with_one_or():
    refusal = why_not("QC", "7H", Variant(jokers=1))
    with use_locale("en"):
        assert refusal_text(refusal) == (
            "The queen of clubs does not fit on the 7 of hearts: only a 6, an 8 or a joker does.")
    with use_locale("sv"):
        assert refusal_text(refusal) == ("Det går inte att lägga klöver dam på hjärter 7: bara "
                                         "en sexa, en åtta eller en joker passar.")


def test_once_every_joker_is_played_the_words_no_longer_offer_one():
    variant = Variant(jokers=1)
    played = Position((("2D",),), ("JK", "KS"), ("3C",), variant)
    to_come = Position((("2D",),), ("KS",), ("3C", "JK"), variant)
    with use_locale("en"):
        assert refusal_text(play_refusal(played)).endswith("nothing goes on a king.")
        assert refusal_text(play_refusal(to_come)).endswith("only a joker goes on a king.")
        assert "joker" not in fit_text(what_fits("KS", variant, played.jokers_to_come))
        assert "joker" in fit_text(what_fits("KS", variant, to_come.jokers_to_come))


def play_refusal(position: Position) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as refused:
        play(position, 0)
    return refused.value


def test_every_refusal_code_is_worded_in_both_languages():
    facts = {"card": "8S", "top": "7H", "ranks": (6, 8), "column": 3, "value": "x"}
    for code, wording in REFUSALS.items():
        with use_locale("en"):
            english = wording(facts)
        with use_locale("sv"):
            swedish = wording(facts)
        assert english and swedish and english != swedish, code
        with use_locale("en"):
            assert refusal_text(IllegalMoveError(code, **facts)) == english


def test_variation_names_follow_the_contract():
    variant = Variant(queen_on_king=True, round_the_corner=True, clear_scores_zero=True,
                      empty_start=True, jokers=2)
    with use_locale("en"):
        assert variant_labels(variant) == ["Queen on king", "Round the corner",
                                           "Clear scores zero", "Empty start", "Jokers: 2"]
    with use_locale("sv"):
        assert variant_labels(variant) == ["Dam på kung", "Runt hörnet",
                                           "Noll poäng när patiensen går ut",
                                           "Inget startkort på slänghögen", "Jokrar: 2"]


def test_the_coachs_reasons_in_swedish():
    # The spec's example: on the 7 of hearts, the 8 of spades uncovers the 9 of clubs.
    columns = (("9C", "8S"), ("QC",), ("QH", "6D"), ("KS",), ("3C",), ("JH",), ("2S",))
    position = Position(columns, ("7H",), ("2D",), STANDARD)
    with use_locale("en"):
        assert said(position, Play(0)) == (
            "Play the 8 of spades. The 9 of clubs under it fits next, and that keeps the run "
            "going."
        )
    with use_locale("sv"):
        assert said(position, Play(0)) == (
            "Spela spader 8. Då kommer klöver 9 fram och kan läggas ovanpå, så serien fortsätter."
        )
        assert said(position, DRAW).startswith("Vänd upp ett kort. ")


@pytest.mark.parametrize(
    ("columns", "english", "swedish"),
    [
        ((("2C", "QC"), ("KS",), ("5D",)),
         "Play the queen of clubs. Then the king of spades at the bottom of column 2 fits on it: "
         "one more card off the table, though nothing goes on a king.",
         "Spela klöver dam. Sedan kan spader kung längst ned i kolumn 2 läggas ovanpå: ännu ett "
         "kort lämnar bordet, men ingenting får läggas på en kung."),
        ((("KS", "QC"), ("5D",)),
         "Play the queen of clubs. The king of spades under it fits next: one more card off the "
         "table, though nothing goes on a king.",
         "Spela klöver dam. Då kommer spader kung fram och kan läggas ovanpå: ännu ett kort "
         "lämnar bordet, men ingenting får läggas på en kung."),
        ((("KS", "QC"), ("JD",)),  # a jack keeps the run going where the king would end it
         "Play the queen of clubs. Then the jack of diamonds at the bottom of column 2 fits on "
         "it, and that keeps the run going.",
         "Spela klöver dam. Sedan kan ruter knekt längst ned i kolumn 2 läggas ovanpå, och då "
         "fortsätter serien."),
    ],
)
def test_a_king_that_fits_next_is_never_said_to_keep_the_run_going(columns, english, swedish):
    position = Position(columns, ("JH",), ("2D",), STANDARD)
    with use_locale("en"):
        assert said(position, Play(0)) == english
    with use_locale("sv"):
        assert said(position, Play(0)) == swedish


def test_with_nothing_left_to_draw_a_play_is_not_said_to_fear_the_next_draw():
    position = Position((("4C",), ("4D",)), ("5H",), (), STANDARD)
    with use_locale("en"):
        text = said(position, Play(0))
        assert "turn over" not in text
        assert text == ("Play the 4 of clubs. Nothing is left to draw, and no other play takes "
                        "more cards off the table from here.")
    with use_locale("sv"):
        assert said(position, Play(0)).startswith("Spela klöver 4. Talongen är slut")
    alone = Position((("4C",), ("9D",)), ("5H",), ("9S",), STANDARD)
    with use_locale("en"):
        assert said(alone, Play(0)).endswith("it may not fit after you turn over a card.")
    # Where another card fits too, "it fits now" is no reason to prefer this one.
    with_stock = Position((("4C",), ("4D",)), ("5H",), ("9S",), STANDARD)
    with use_locale("en"):
        assert said(with_stock, Play(0)) == (
            "Play the 4 of clubs. Of the cards that fit now, it leaves the best chances with "
            "the cards still to come.")
    with use_locale("sv"):
        assert "Av korten som passar nu" in said(with_stock, Play(0))


def test_a_king_stops_the_run_only_while_no_joker_is_to_come():
    columns = (("2C", "QC"), ("KS",), ("5D",))
    to_come = Position(columns, ("JH",), ("2D", "JK"), Variant(jokers=1))
    played = Position(columns, ("JK", "JH"), ("2D",), Variant(jokers=1))
    with use_locale("en"):
        assert "nothing goes on a king" not in said(to_come, Play(0))
        assert "nothing goes on a king" in said(played, Play(0))


@pytest.mark.parametrize(
    ("columns", "stock", "variant", "english", "swedish"),
    [
        ((("KS",),) + ((),) * 6, (), STANDARD,
         "1 card is left in the columns, so you score 1 (lower is better; clearing every "
         "column scores below zero).", "så du får 1 poäng (lägre är bättre; går patiensen ut "
         "blir poängen under noll)."),
        ((("KS", "QS"),) + ((),) * 6, (), STANDARD,
         "2 cards are left in the columns, one point each", "en poäng var"),
        ((("KS",),) + ((),) * 6, (), Variant(clear_scores_zero=True),
         "clearing every column scores 0).", "går patiensen ut blir poängen 0)."),
        # Said of any clear with nothing left to draw, however early the pile ran out (later
        # plays from the columns may have cleared them).
        (((),) * 7, (), STANDARD, "You cleared every column with no card left to draw: you "
         "score 0.", "Patiensen gick ut med talongen tom: du får 0 poäng."),
        (((),) * 7, ("2C",), STANDARD, "with 1 card left to draw: it counts one below zero",
         "det räknas som en minuspoäng, så du får -1."),
        (((),) * 7, ("2C", "3C"), STANDARD, "with 2 cards left to draw", "så du får -2."),
    ],
)
def test_the_end_of_a_deal_explains_its_score_by_the_variation(
    columns, stock, variant, english, swedish
):
    """A cleared deal with no card left to draw scores 0, and Clear scores zero is told as
    it is, not as the standard rule."""
    position = Position(columns=columns, discard=("QH",), stock=stock, variant=variant)
    with use_locale("en"):
        assert english in end_text(position)
    with use_locale("sv"):
        assert swedish in end_text(position)


def test_an_empty_discard_pile_is_told_once_not_thrice():
    from app.web.solitaire.view import fits_now_text

    empty = Position((("5C",), ("9D",)), (), ("3C",), Variant(empty_start=True))
    with use_locale("en"):
        assert fits_now_text(empty) == ""  # the pile's own line says to turn over a card
        stuck = Position((("5C",), ("9D",)), ("KS",), ("3C",), STANDARD)
        assert fits_now_text(stuck).startswith("Nothing in the columns fits")


@pytest.mark.parametrize(("fields", "kings_stop"), [
    ({}, True), ({"queen_on_king": "on"}, False), ({"round_the_corner": "on"}, False),
    ({"jokers": "1"}, False),
])
def test_the_rules_box_calls_kings_the_exception_only_where_nothing_goes_on_a_king(
    client, fields, kings_stop
):
    """A queen (Queen on king), an ace (Round the corner) or a joker may go on a king, and
    then a king does not end a run."""
    page = client.get(f"/solitaire/deals/{new_deal(client, 1, **fields)}").text
    assert "A card that fits now may not fit after a draw." in page
    assert ("Kings are the exception" in page) == kings_stop
