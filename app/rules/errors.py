"""The rule errors every game raises: malformed input versus a move not allowed now.

An error is a code ("no_fit", "not_your_turn") and the facts its wording needs, never a
sentence: the web layer words it in the reader's language. `message` is the code, for logs.
"""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """A refusal with a code and its parameters."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params
        self.message = code

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.params!r})"


class InvalidMoveError(RuleError):
    """Malformed input: not a move at all (a column 9, a seat 12, a forged card, garbage)."""


class IllegalMoveError(RuleError):
    """A well-formed move the rules do not allow now."""
