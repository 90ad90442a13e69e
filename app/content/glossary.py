"""The glossary: the words of both games, each with a stable anchor the rules pages link to."""

from __future__ import annotations

from dataclasses import dataclass

from app.i18n import N_, gettext


@dataclass(frozen=True)
class Word:
    """Another name for a term, in the language it belongs to (None: a name in any language).

    A page in another language marks it with `lang`, so a screen reader says it right.
    """

    text: str
    lang: str | None = None


@dataclass(frozen=True)
class Term:
    """A glossary entry; `word` and `meaning` are English msgids, shown through gettext."""

    slug: str
    word: str
    meaning: str
    also: tuple[Word, ...] = ()
    see: str | None = None  # the rules section that explains it in full


TERMS: tuple[Term, ...] = (
    Term(
        "golf-solitaire",
        N_("Golf solitaire"),
        N_(
            "A one-player card game: clear seven columns of cards onto a single discard pile by "
            "playing cards one rank up or down. Lowest score wins."
        ),
        (Word("Golf patience", "en"), Word("One Foundation", "en")),
        see="/rules/solitaire",
    ),
    Term(
        "patience",
        N_("Patience"),
        N_(
            "The British word for a card game you play on your own, so Golf patience is the same "
            "game as Golf solitaire."
        ),
    ),
    Term(
        "column",
        N_("Column"),
        N_(
            "In Golf solitaire, one of the seven overlapping lines of five cards dealt face up. "
            "Only its last card can be played."
        ),
        see="/rules/solitaire#playing",
    ),
    Term(
        "tableau",
        N_("Tableau"),
        N_("All seven columns together: the cards laid out on the table at the start of a deal."),
        see="/rules/solitaire#setup",
    ),
    Term(
        "last-card",
        N_("Last card"),
        N_(
            "The card at the end of a column, the one lying fully in view. It is the only card "
            "of that column you may play; playing it frees the card above."
        ),
        see="/rules/solitaire#playing",
    ),
    Term(
        "discard-pile",
        N_("Discard pile"),
        N_(
            "The single pile that cards are played onto in Golf solitaire; its top card decides "
            "what fits next. In six-card Golf, the face-up pile next to the stock."
        ),
        (Word("foundation", "en"), Word("waste", "en")),
        see="/rules/solitaire#playing",
    ),
    Term(
        "draw-pile",
        N_("Draw pile"),
        N_(
            "The face-down cards left over after the deal. In Golf solitaire you turn its top card "
            "onto the discard pile whenever you like, and go through it only once; in six-card "
            "and four-card Golf the players draw from it."
        ),
        (Word("stock", "en"), Word("talong", "sv")),
        see="/rules/solitaire#draw-pile",
    ),
    Term(
        "fit",
        N_("Fit"),
        N_(
            "A card fits when its rank is exactly one above or one below the top card of the "
            "discard pile. Suits and colours play no part."
        ),
        see="/rules/solitaire#playing",
    ),
    Term(
        "run",
        N_("Run"),
        N_(
            "A string of cards played one after another without drawing, going up or down in any "
            "mix, such as 7, 8, 9, 8, 7."
        ),
        see="/rules/solitaire#playing",
    ),
    Term(
        "clear",
        N_("Clearing the columns"),
        N_(
            "Playing every card out of all seven columns. Each card still in the draw pile then "
            "counts one point below zero."
        ),
        see="/rules/solitaire#scoring",
    ),
    Term(
        "hole",
        N_("Hole"),
        N_(
            "One deal, counted like a hole on a golf course. In six-card Golf, one hand from the "
            "deal until the cards are scored."
        ),
        (Word("deal", "en"), Word("giv", "sv")),
        see="/rules/solitaire#rounds",
    ),
    Term(
        "round",
        N_("Round"),
        N_(
            "Nine holes played in a row, with the scores added up. Compare totals only over the "
            "same number of holes."
        ),
        see="/rules/solitaire#rounds",
    ),
    Term(
        "par",
        N_("Par"),
        N_(
            "A target for a round of Golf solitaire: 45 or less over nine holes, as the Swedish "
            "rules count it."
        ),
        see="/rules/solitaire#rounds",
    ),
    Term(
        "round-the-corner",
        N_("Round the corner"),
        N_(
            "A variation where ace and king are neighbours, so the ranks loop: queen, king, ace, "
            "2 and back again."
        ),
        (Word("wrapping", "en"), Word("Putt Putt")),
        see="/rules/solitaire#variations",
    ),
    Term(
        "queen-on-king",
        N_("Queen on king"),
        N_("A variation that lets a queen go on a king, so a king no longer ends the run."),
        see="/rules/solitaire#variations",
    ),
    Term(
        "empty-start",
        N_("Empty start"),
        N_(
            "A variation with no starting card on the discard pile: the draw pile holds 17 cards "
            "and the first move is always a draw."
        ),
        see="/rules/solitaire#variations",
    ),
    Term(
        "joker",
        N_("Joker"),
        N_(
            "A wild card, used only when a variation adds it. In Golf solitaire a joker fits on "
            "anything and anything fits on a joker."
        ),
        see="/rules/solitaire#variations",
    ),
    Term(
        "six-card-golf",
        N_("Six-card Golf"),
        N_(
            "A game for two to eight players: each tries to get a low-scoring set of six cards by "
            "drawing and swapping. It shares only the name and the low-score idea with Golf "
            "solitaire."
        ),
        see="/rules/six-card-golf",
    ),
    Term(
        "four-card-golf",
        N_("Four-card Golf"),
        N_(
            "The quicker cousin of six-card Golf: four cards in a square, a single look at the "
            "two nearest at the start, and a knock instead of going out to end the hole."
        ),
        see="/rules/six-card-golf#four-card",
    ),
    Term(
        "layout",
        N_("Layout"),
        N_(
            "A player’s cards on the table: six in two rows of three in six-card Golf, four in a "
            "square in four-card Golf. Cards never move within it; a card that is face up stays "
            "face up."
        ),
        see="/rules/six-card-golf#deal",
    ),
    Term(
        "face-down",
        N_("Face down"),
        N_(
            "A card lying with its back up. Nobody knows what it is, not even its owner, unless "
            "the rules let them look once: in four-card Golf, the two nearest cards."
        ),
        see="/rules/six-card-golf#deal",
    ),
    Term(
        "swap",
        N_("Swap"),
        N_(
            "In six-card Golf, putting the card you took into your layout face up and sending the "
            "card it replaces, face up, to the discard pile."
        ),
        see="/rules/six-card-golf#turn",
    ),
    Term(
        "pair",
        N_("Pair"),
        N_(
            "Two cards of the same rank in one column of a six-card Golf layout. The column then "
            "scores 0, even for two 2s."
        ),
        see="/rules/six-card-golf#scoring",
    ),
    Term(
        "going-out",
        N_("Going out"),
        N_(
            "Having all six cards of your layout face up. Usually everyone else then gets one "
            "last turn before the hole ends."
        ),
        see="/rules/six-card-golf#going-out",
    ),
    Term(
        "knock",
        N_("Knock"),
        N_(
            "In four-card Golf, a turn spent announcing the end instead of drawing; every other "
            "player gets one more turn."
        ),
        see="/rules/six-card-golf#four-card",
    ),
)


# Swedish sorts å, ä, ö after z; other letters as in English.
_SORT = str.maketrans({"å": "{", "ä": "|", "ö": "}", "é": "e"})


def sorted_terms() -> list[Term]:
    """The terms in the alphabetical order of the reader's language."""
    return sorted(TERMS, key=lambda term: gettext(term.word).lower().translate(_SORT))
