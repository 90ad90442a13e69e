"""Golf games in the database: `games` (reading and changing a game), `seats` (joining, seat
secrets, presence), `identity` (secret hashes) and `coach` (what the table's coach
reads and counts). The web layer uses this package's names, as `from app.storage import golf`.
"""

from app.rules.names import name_key
from app.storage.golf.games import (
    AWAY_AFTER,
    HUMAN,
    MAX_MOVES,
    OPEN,
    TOUCH_EVERY,
    Game,
    GameNotFound,
    GameStatus,
    Joined,
    Refusal,
    Refused,
    Replay,
    Seat,
    Step,
    create_game,
    last_game_totals,
    load_game,
    play,
    play_again,
    start_game,
)
from app.storage.golf.identity import hash_secret
from app.storage.golf.seats import (
    game_id_for_invite,
    hand_over,
    handed_over_seat,
    join_game,
    seat_for_secret,
    seen_recently,
    touch_seat,
)

__all__ = [
    "AWAY_AFTER",
    "HUMAN",
    "MAX_MOVES",
    "OPEN",
    "TOUCH_EVERY",
    "Game",
    "GameNotFound",
    "GameStatus",
    "Joined",
    "Refusal",
    "Refused",
    "Replay",
    "Seat",
    "Step",
    "create_game",
    "game_id_for_invite",
    "hand_over",
    "hash_secret",
    "join_game",
    "last_game_totals",
    "load_game",
    "name_key",
    "play",
    "play_again",
    "seat_for_secret",
    "handed_over_seat",
    "seen_recently",
    "start_game",
    "touch_seat",
]
