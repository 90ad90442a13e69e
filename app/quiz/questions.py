"""The six quiz questions on Golf solitaire, as data: prompt, three choices, answer and why."""

from __future__ import annotations

from dataclasses import dataclass

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
        prompt="The top card of the discard pile is the 7 of hearts. "
        "Which of these cards can go on it?",
        choices=(
            Choice("a", "7 of clubs", "Another 7 is the same rank, not a step up or down."),
            Choice("b", "8 of spades", "The 8 is exactly one rank above the 7."),
            Choice("c", "5 of hearts", "The 5 is two ranks away; sharing the suit does not help."),
        ),
        answer="b",
        explanation="A card fits when its rank is one above or one below the top card. "
        "On a 7 that means any 6 or any 8, whatever the suit or colour.",
    ),
    Question(
        number=2,
        prompt="Which cards in a column can you play?",
        choices=(
            Choice("a", "Any card you can see", "You can see them all, but the ones higher up "
                   "are pinned under the cards dealt after them."),
            Choice("b", "The first card dealt into the column", "That one is buried deepest: "
                   "it comes free last, once every card below it has gone."),
            Choice("c", "Only the last card, the one lying fully in view",
                   "Only the end card of a column is free to move."),
        ),
        answer="c",
        explanation="Only the end card of each column can be played. Playing it frees "
        "the card above it, which becomes the next one you can use.",
    ),
    Question(
        number=3,
        prompt="A king is on top of the discard pile. What can you put on it?",
        choices=(
            Choice("a", "Nothing: turn over a card from the draw pile",
                   "In the standard game a king ends the run."),
            Choice("b", "A queen", "A king may go on a queen, but not the other way round. "
                   "Queen on king is a variation some people play."),
            Choice("c", "An ace", "Ace and king are not neighbours in the standard game. "
                   "Letting them meet is the round-the-corner variation."),
        ),
        answer="a",
        explanation="Nothing goes on a king, so the next card has to come from the draw pile.",
    ),
    Question(
        number=4,
        prompt="The draw pile is empty and no column card fits. What happens now?",
        choices=(
            Choice("a", "Turn the discard pile over and draw from it again",
                   "The draw pile is used only once; it never comes back."),
            Choice("b", "The deal is over: count the cards left in the columns",
                   "With nothing to draw and nothing to play, the deal ends."),
            Choice("c", "Gather up the columns, shuffle and deal again",
                   "Cards only ever leave the columns; nothing is dealt again."),
        ),
        answer="b",
        explanation="The deal ends and your score is the number of cards still in the columns.",
    ),
    Question(
        number=5,
        prompt="One deal ends with 3 cards left in the columns, another with 9. "
        "Which is the better result?",
        choices=(
            Choice("a", "The one with 9", "More cards left means fewer cards played: "
                   "that is worse, not better."),
            Choice("b", "The one with 3", "Like golf itself, the lower score wins."),
            Choice("c", "Neither: only a cleared deal counts",
                   "Every card left counts, so 3 beats 9 even though neither was cleared."),
        ),
        answer="b",
        explanation="Your score is the cards left in the columns, and lower is better, "
        "so 3 beats 9.",
    ),
    Question(
        number=6,
        prompt="You clear every column with 4 cards still in the draw pile. "
        "What do you score?",
        choices=(
            Choice("a", "4", "Cards left in the draw pile are a reward, not a cost."),
            Choice("b", "0, always", "Some players score a clear as 0, but that is a variation."),
            Choice("c", "−4", "Each card left to draw counts one below zero."),
        ),
        answer="c",
        explanation="When all columns are cleared, each card still in the draw pile takes "
        "one point off: 4 left scores −4.",
    ),
)


def question(number: int) -> Question | None:
    """The question with this number (1 to 6), or None."""
    if 1 <= number <= len(QUESTIONS):
        return QUESTIONS[number - 1]
    return None
