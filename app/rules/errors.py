"""The rule errors both games raise: malformed input versus a move not allowed now."""


class RuleError(Exception):
    """Base of the errors a player can read."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidMoveError(RuleError):
    """Malformed input: not a move at all (a column 9, a seat 12, a forged card, garbage)."""


class IllegalMoveError(RuleError):
    """A well-formed move the rules do not allow now."""
