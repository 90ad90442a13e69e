"""Building Golf positions by hand for the rules tests, and hypothesis strategies for options."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from hypothesis import strategies as st

from app.rules import golf
from app.rules.golf import FIRST_TWO, Game, Options, Phase, State

six_card_options = st.builds(
    Options,
    seats=st.integers(2, 8),
    holes=st.just(9),
    last_turn=st.booleans(),
    first_two=st.sampled_from(FIRST_TWO),
    turn_instead=st.booleans(),
    forced_turn_after_throw=st.booleans(),
    turn_all_to_go_out=st.booleans(),
    jokers=st.booleans(),
    joker_points=st.sampled_from([-2, -5, -3, 0]),
    two_decks=st.booleans(),
    bonus_four_in_columns=st.booleans(),
    bonus_four_in_block=st.booleans(),
    bonus_six=st.booleans(),
)
four_card_options = st.builds(
    Options,
    game=st.just(Game.FOUR_CARD.value),
    seats=st.integers(2, 8),
    holes=st.just(9),
    pairs_cancel=st.booleans(),
    knock_penalty=st.booleans(),
)
# Every variation of every member of the family.
golf_options = st.one_of(six_card_options, four_card_options)


def seat_names(state: State) -> list[str]:
    """Names for the JSON view's seats: the rules take them from the web layer, never make them."""
    return [f"Seat name {seat}" for seat in range(state.seats)]


def flipped(state: State) -> State:
    """Every seat turns up its first two legal cards, so play can start."""
    while state.phase == Phase.FLIP:
        state = golf.apply(state, golf.legal_moves(state)[0])
    return state


def rig(
    state: State,
    layouts: Sequence[Sequence[str]],
    up: Sequence[Sequence[int]] = (),
    stock: Sequence[str] | None = None,
    discard: Sequence[str] | None = None,
) -> State:
    """The same state with chosen layouts, face-up positions, stock and discard pile."""
    face_up = tuple(
        tuple(i in (up[s] if s < len(up) else ()) for i in state.options.shape.positions)
        for s in range(len(layouts))
    )
    return replace(
        state,
        layouts=tuple(tuple(layout) for layout in layouts),
        face_up=face_up,
        stock=tuple(stock) if stock is not None else state.stock,
        discard=tuple(discard) if discard is not None else state.discard,
    )


def playing(options: Options | None = None, seed: int = 7) -> State:
    """A fresh game past the start-of-hole flips."""
    return flipped(golf.new_game(options or Options(), seed))
