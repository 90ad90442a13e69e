"""Golf solitaire in the database: `deals` (deals and rounds, load → rules → save), `reviews`
(the stored post-deal review), `challenges` (friends playing the same nine deals), `daily`
(the deal of the day) and `records` (a player's own record). The deal functions are this
package's names too, as `from app.storage import solitaire`.
"""

from app.storage.solitaire.deals import (
    HOLES,
    DealIsFinal,
    DealNotFound,
    DrawIsKept,
    HoleNotReady,
    StaleDeal,
    StoredDeal,
    StoredRound,
    apply_move,
    create_deal,
    create_round,
    day_of_deal,
    in_play_for_score,
    load_deal,
    load_round,
    next_hole,
    note_coach_move,
    random_deal_number,
    rewind,
    score_counts,
    undo,
)

__all__ = [
    "HOLES", "DealIsFinal", "DealNotFound", "DrawIsKept", "HoleNotReady",
    "StaleDeal", "StoredDeal", "StoredRound", "apply_move", "create_deal", "create_round",
    "day_of_deal", "in_play_for_score", "load_deal", "load_round", "next_hole", "note_coach_move",
    "random_deal_number", "rewind", "score_counts", "undo",
]
