"""Golf rule errors: a code and its parameters, never a sentence.

The web layer words them (app.web.golf.words.refusal_text), so the rules stay free of any
language. Each error is still a `RuleError` (both games' base), so one `except` catches both.
`message` holds the code, for logs and tracebacks.
"""

from __future__ import annotations

from app.rules import errors


class GolfRuleError(errors.RuleError):
    """A refusal of Golf's rules ("not_your_turn") with the facts its wording needs."""


class InvalidMoveError(GolfRuleError, errors.InvalidMoveError):
    """Malformed input: no such seat, position or kind of move."""


class IllegalMoveError(GolfRuleError, errors.IllegalMoveError):
    """A well-formed move the rules do not allow now."""


class OptionsError(GolfRuleError):
    """Settings that do not describe a game we can play."""


RuleError = errors.RuleError
