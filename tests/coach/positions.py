"""Hand-built positions shared by the coach tests."""

from __future__ import annotations

from app.rules.solitaire import STANDARD, Position, Variant


def position(
    columns: list[str],
    top: str | None,
    stock: str = "",
    variant: Variant = STANDARD,
) -> Position:
    """Columns as space-separated codes top to bottom ("9C 8S"), a top card, a draw pile."""
    return Position(
        columns=tuple(tuple(col.split()) for col in columns),
        discard=(top,) if top else (),
        stock=tuple(stock.split()),
        variant=variant,
    )


def spec_run_example(stock: str = "4D 5H TS") -> Position:
    """SPEC: top 7♥; last cards 8♠ Q♣ 6♦ K♠ 3♣ J♥ 2♠; 9♣ above the 8♠, Q♥ above the 6♦."""
    return position(
        ["AS 9C 8S", "2C QC", "AD QH 6D", "3D KS", "4S 3C", "5C JH", "AC 2S"], "7H", stock
    )


def spec_king_example(stock: str = "4D 4H 5C") -> Position:
    """SPEC: top Q♦, the K♠ fits, and so does a jack that keeps a run going: jack first."""
    return position(["KS", "9C TC JC", "2D", "2H", "2S", "2C", "AS"], "QD", stock)
