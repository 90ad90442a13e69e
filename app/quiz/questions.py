"""The six quiz questions on Golf solitaire, as data: prompt, three choices, answer and why.

The text is English, marked for the catalog; pages show it through gettext (`_(text)`).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.i18n import N_

CHOICE_KEYS = ("a", "b", "c")


@dataclass(frozen=True)
class Choice:
    """One answer a player can pick, with a line saying why it is right or wrong."""

    key: str
    text: str
    why: str


@dataclass(frozen=True)
class Question:
    number: int
    prompt: str
    choices: tuple[Choice, Choice, Choice]
    answer: str
    explanation: str

    def choice(self, key: str) -> Choice | None:
        return next((c for c in self.choices if c.key == key), None)

    def is_right(self, key: str) -> bool:
        return key == self.answer


QUESTIONS: tuple[Question, ...] = (
    Question(
        number=1,
        prompt=N_(
            "The top card of the discard pile is the 7 of hearts. "
            "Which of these cards can go on it?"
        ),
        choices=(
            Choice("a", N_("7 of clubs"), N_("Another 7 is the same rank, not a step up or down.")),
            Choice("b", N_("8 of spades"), N_("The 8 is exactly one rank above the 7.")),
            Choice(
                "c",
                N_("5 of hearts"),
                N_("The 5 is two ranks away; sharing the suit does not help."),
            ),
        ),
        answer="b",
        explanation=N_(
            "A card fits when its rank is one above or one below the top card. "
            "On a 7 that means any 6 or any 8, whatever the suit or colour."
        ),
    ),
    Question(
        number=2,
        prompt=N_("Which cards in a column can you play?"),
        choices=(
            Choice(
                "a",
                N_("Any card you can see"),
                N_(
                    "You can see them all, but the ones higher up "
                    "are pinned under the cards dealt after them."
                ),
            ),
            Choice(
                "b",
                N_("The first card dealt into the column"),
                N_(
                    "That one is buried deepest: "
                    "it comes free last, once every card below it has gone."
                ),
            ),
            Choice(
                "c",
                N_("Only the last card, the one lying fully in view"),
                N_("Only the end card of a column is free to move."),
            ),
        ),
        answer="c",
        explanation=N_(
            "Only the end card of each column can be played. Playing it frees "
            "the card above it, which becomes the next one you can use."
        ),
    ),
    Question(
        number=3,
        prompt=N_("A king is on top of the discard pile. What can you put on it?"),
        choices=(
            Choice(
                "a",
                N_("Nothing: turn over a card from the draw pile"),
                N_("In the standard game a king ends the run."),
            ),
            Choice(
                "b",
                N_("A queen"),
                N_(
                    "A king may go on a queen, but not the other way round. "
                    "Queen on king is a variation some people play."
                ),
            ),
            Choice(
                "c",
                N_("An ace"),
                N_(
                    "Ace and king are not neighbours in the standard game. "
                    "Letting them meet is the round-the-corner variation."
                ),
            ),
        ),
        answer="a",
        explanation=N_("Nothing goes on a king, so the next card has to come from the draw pile."),
    ),
    Question(
        number=4,
        prompt=N_("The draw pile is empty and no column card fits. What happens now?"),
        choices=(
            Choice(
                "a",
                N_("Turn the discard pile over and draw from it again"),
                N_("The draw pile is used only once; it never comes back."),
            ),
            Choice(
                "b",
                N_("The deal is over: count the cards left in the columns"),
                N_("With nothing to draw and nothing to play, the deal ends."),
            ),
            Choice(
                "c",
                N_("Gather up the columns, shuffle and deal again"),
                N_("Cards only ever leave the columns; nothing is dealt again."),
            ),
        ),
        answer="b",
        explanation=N_("The deal ends and your score is the number of cards still in the columns."),
    ),
    Question(
        number=5,
        prompt=N_(
            "One deal ends with 3 cards left in the columns, another with 9. "
            "Which is the better result?"
        ),
        choices=(
            Choice(
                "a",
                N_("The one with 9"),
                N_("More cards left means fewer cards played: that is worse, not better."),
            ),
            Choice("b", N_("The one with 3"), N_("Like golf itself, the lower score wins.")),
            Choice(
                "c",
                N_("Neither: only a cleared deal counts"),
                N_("Every card left counts, so 3 beats 9 even though neither was cleared."),
            ),
        ),
        answer="b",
        explanation=N_(
            "Your score is the cards left in the columns, and lower is better, so 3 beats 9."
        ),
    ),
    Question(
        number=6,
        prompt=N_("You clear every column with 4 cards still in the draw pile. What do you score?"),
        choices=(
            Choice("a", N_("4"), N_("Cards left in the draw pile are a reward, not a cost.")),
            Choice(
                "b",
                N_("0, always"),
                N_("Some players score a clear as 0, but that is a variation."),
            ),
            Choice("c", N_("−4"), N_("Each card left to draw counts one below zero.")),
        ),
        answer="c",
        explanation=N_(
            "When all columns are cleared, each card still in the draw pile takes "
            "one point off: 4 left scores −4."
        ),
    ),
)


def question(number: int) -> Question | None:
    """The question with this number (1 to 6), or None."""
    if 1 <= number <= len(QUESTIONS):
        return QUESTIONS[number - 1]
    return None
