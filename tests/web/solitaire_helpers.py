"""Helpers shared by the solitaire HTTP tests."""

from __future__ import annotations

from app.rules.cards import standard_deck
from app.rules.solitaire import STANDARD, Variant, legal_moves
from app.storage.solitaire import StoredDeal, apply_move, create_deal, load_deal, load_round

JSON = {"accept": "application/json"}


def new_deal(client, number: int | str = 1, **fields: str) -> str:
    response = client.submit("/solitaire/deals", {"deal_number": str(number), **fields})
    assert response.status_code == 303, response.text
    return response.headers["location"].rsplit("/", 1)[-1]


def state(client, deal_id: str) -> dict:
    response = client.get(f"/solitaire/deals/{deal_id}", headers=JSON)
    assert response.status_code == 200
    return response.json()


def store_deal(client, cards: list[str], variant: Variant = STANDARD) -> str:
    with client.app.state.db.write() as session:
        return create_deal(session, variant=variant, cards=tuple(cards)).id


def finish(client, deal_id: str) -> None:
    """Play a deal to its end (first legal move each time) straight through storage."""
    with client.app.state.db.write() as session:
        deal = load_deal(session, deal_id=deal_id)
        while moves := legal_moves(deal.game.position):
            deal, _ = apply_move(session, deal_id=deal_id, version=deal.version, move=moves[0])


def spec_example_cards() -> list[str]:
    """A deal whose start is the spec's worked example: 7 of hearts on top, 8S QC 6D KS 3C JH 2S
    at the bottom, the 9 of clubs above the 8 of spades and the queen of hearts above the 6."""
    lasts = ["8S", "QC", "6D", "KS", "3C", "JH", "2S"]
    row3 = {0: "9C", 2: "QH"}
    used = set(lasts) | set(row3.values()) | {"7H"}
    rest = iter(c for c in standard_deck() if c not in used)
    cards = [next(rest) for _ in range(21)]
    cards += [row3.get(c) or next(rest) for c in range(7)]
    cards += lasts + ["7H"]
    cards += list(rest)
    assert len(cards) == 52 == len(set(cards))
    return cards


def clearable_cards() -> list[str]:
    """A deal that plays out completely: each column, bottom up, continues one long run
    A 2 ... Q J ... A 2 ... Q J, so playing column 1 five times, then column 2, ... clears all."""
    ranks = list(range(1, 13)) + list(range(11, 0, -1)) + list(range(2, 13)) + [11, 10]
    assert len(ranks) == 36
    pool = {r: [c for c in standard_deck() if "A23456789TJQK".index(c[0]) + 1 == r]
            for r in range(1, 14)}
    run = [pool[r].pop() for r in ranks]  # run[0] starts the discard pile
    columns = [list(reversed(run[1 + 5 * c: 6 + 5 * c])) for c in range(7)]
    tableau = [columns[i % 7][i // 7] for i in range(35)]
    stock = [c for cards in pool.values() for c in cards]
    return tableau + [run[0]] + stock


def new_round(client) -> str:
    """Start a round of nine; return its id (the round's private link)."""
    response = client.submit("/solitaire/rounds", {})
    assert response.status_code == 303
    deal_id = response.headers["location"].rsplit("/", 1)[-1]
    with client.app.state.db.read() as session:
        return load_deal(session, deal_id=deal_id).round_id


def round_deals(client, round_id: str) -> list[StoredDeal]:
    with client.app.state.db.read() as session:
        return list(load_round(session, round_id=round_id).deals)
