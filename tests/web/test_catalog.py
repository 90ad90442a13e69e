"""The Swedish catalog is complete: every English message has a Swedish one that fits it.

The English text lives in the code and templates; `make messages` collects it. These tests
collect it again the same way (babel.cfg), so adding an English string without a Swedish
translation fails here, not in front of a Swedish player.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from app.i18n import catalog_path

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {
    "_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3), "N_": None,
}
PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?[sdifr%]")


@cache
def swedish():
    with catalog_path("sv").open("rb") as po:
        return read_po(po, locale="sv")


@cache
def extracted() -> dict[tuple[str | None, str], str]:
    """Every message in the code and templates: (context, msgid) -> where it is."""
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found: dict[tuple[str | None, str], str] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS
    ):
        msgid = message[0] if isinstance(message, tuple) else message
        if msgid:
            found.setdefault((context, msgid), f"{filename}:{lineno}")
    return found


def placeholders(text: str) -> list[str]:
    return sorted(name or spec for name, spec in
                  ((m.group(1), m.group(0)) for m in PLACEHOLDER.finditer(text)))


def test_every_english_message_has_a_swedish_one():
    catalog = swedish()
    missing = [
        f"{where}: {msgid!r}"
        for (context, msgid), where in extracted().items()
        if catalog.get(msgid, context=context) is None
    ]
    assert not missing, "run `make messages` and translate:\n" + "\n".join(sorted(missing))


def test_no_entry_is_empty_or_fuzzy():
    bad = []
    for message in swedish():
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            bad.append(message.id)
    assert not bad, bad


def test_placeholders_match_the_english():
    wrong = []
    for message in swedish():
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        # Every form of a plural names the same things as the English plural.
        expected = placeholders(ids[-1])
        for text in filter(None, strings):  # empty ones fail the test above
            got = placeholders(text)
            # A singular may say "one" instead of the count; everything else must match.
            if got != expected and [p for p in expected if p != "num"] != [
                p for p in got if p != "num"
            ]:
                wrong.append((message.id, text))
    assert not wrong, wrong


# Accessible names CONTRACT.md spells with a straight apostrophe; outside checks use them.
CONTRACT_NAMES = {"Scores of today's players"}


def test_english_text_writes_apostrophes_and_quotes_as_typeset():
    # One typography: "Maria’s card" beside "the coach's hint" looks careless.
    straight = [
        f"{where}: {msgid!r}"
        for (_context, msgid), where in extracted().items()
        if msgid not in CONTRACT_NAMES and re.search(r"\w'\w|(^|\s)\"\w", msgid)
    ]
    assert not straight, straight


def test_catalog_compiles_and_is_used():
    from app.i18n import gettext, use_locale

    with use_locale("sv"):
        assert gettext("Language") == "Språk"
        assert gettext("Deal number") == "Givnummer"
    with use_locale("en"):
        assert gettext("Deal number") == "Deal number"


GETTEXT_NAMES = {"_", "gettext", "ngettext", "pgettext", "npgettext", "N_"}


def _is_gettext_call(node: object) -> bool:
    import ast

    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in GETTEXT_NAMES
        and any(isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in node.args)
    )


def test_no_message_hides_inside_another_messages_call():
    """Babel's extractor does not see a _("...") nested in another _() call's arguments, so
    such a message would silently stay English: build the inner text first."""
    import ast

    hidden = []
    for path in sorted((ROOT / "app").rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if not _is_gettext_call(node):
                continue
            inner = [n for arg in [*node.args, *(k.value for k in node.keywords)]
                     for n in ast.walk(arg) if _is_gettext_call(n)]
            hidden += [f"{path.relative_to(ROOT)}:{n.lineno}" for n in inner]
    assert not hidden, hidden
