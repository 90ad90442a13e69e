"""Random play checked at every step: cards conserved, undo exact, scores by the rules."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules.solitaire import (
    Game,
    Variant,
    deal_for_number,
    deck,
    is_over,
    legal_moves,
    playable_columns,
    score,
)

variants = st.builds(
    Variant,
    queen_on_king=st.booleans(),
    round_the_corner=st.booleans(),
    clear_scores_zero=st.booleans(),
    empty_start=st.booleans(),
    jokers=st.integers(0, 2),
)


def random_game(data: st.DataObject, variant: Variant) -> list[Game]:
    """Play random legal moves to the end; return every game along the way."""
    number = data.draw(st.integers(1, 2**31 - 1), label="deal number")
    games = [Game(deal_for_number(number, variant), variant)]
    while moves := legal_moves(games[-1].position):
        games.append(games[-1].push(data.draw(st.sampled_from(moves))))
    return games


@settings(max_examples=60, deadline=None)
@given(data=st.data(), variant=variants)
def test_cards_are_conserved_at_every_step(data, variant):
    for game in random_game(data, variant):
        assert Counter(game.position.all_cards()) == Counter(deck(variant))


@settings(max_examples=60, deadline=None)
@given(data=st.data(), variant=variants)
def test_undo_restores_the_exact_previous_position(data, variant):
    games = random_game(data, variant)
    for before, after in zip(games, games[1:], strict=False):
        assert after.pop().position == before.position
        assert after.pop().moves == before.moves


@settings(max_examples=80, deadline=None)
@given(data=st.data(), variant=variants)
def test_score_follows_the_rules_at_the_end(data, variant):
    end = random_game(data, variant)[-1].position
    assert is_over(end)
    if end.cards_left:
        assert score(end) == end.cards_left
        assert not end.stock and not playable_columns(end)
    elif variant.clear_scores_zero:
        assert score(end) == 0
    else:
        assert score(end) == -len(end.stock)


@settings(max_examples=40, deadline=None)
@given(data=st.data(), variant=variants)
def test_columns_only_ever_shrink_and_the_draw_pile_only_ever_shrinks(data, variant):
    games = random_game(data, variant)
    for before, after in zip(games, games[1:], strict=False):
        b, a = before.position, after.position
        assert len(a.stock) <= len(b.stock)
        assert all(len(x) <= len(y) for x, y in zip(a.columns, b.columns, strict=True))
        assert len(a.discard) == len(b.discard) + 1
