"""Choosing the language (CONTRACT.md "Languages") and the words that do not come from catalogs."""

from __future__ import annotations

import re

import pytest

from app.i18n import card_label, card_name, format_items, format_number, ngettext, use_locale
from app.web.i18n import from_accept_language


def html_lang(text: str) -> str:
    match = re.search(r'<html lang="(\w+)"', text)
    assert match, "page has no <html lang>"
    return match.group(1)


def test_english_is_the_default(client):
    response = client.get("/")
    assert html_lang(response.text) == "en"
    assert response.headers["content-language"] == "en"
    vary = [v.strip() for v in response.headers["vary"].split(",")]
    assert "Accept-Language" in vary and "Cookie" in vary


def test_an_htmx_request_is_answered_in_its_pages_language(client):
    """Two tabs: switching one to Swedish leaves the other's fragments (polls, moves) English."""
    home = client.get("/?lang=en").text
    assert """hx-headers='{"X-Page-Language": "en"}'""" in home
    deal = client.submit("/solitaire/deals", {"action": "random"}).headers["location"]
    client.get("/?lang=sv")  # the other tab: the browser now remembers Swedish
    fragment = client.get(deal, headers={"HX-Request": "true", "X-Page-Language": "en"})
    assert "Draw pile" in fragment.text and "Talongen" not in fragment.text
    assert "lang=" not in fragment.headers.get("set-cookie", "")
    assert "X-Page-Language" in fragment.headers["vary"]
    page = client.get(deal, headers={"X-Page-Language": "en"})  # a page: the browser's choice
    assert html_lang(page.text) == "sv"
    odd = client.get(deal, headers={"HX-Request": "true", "X-Page-Language": "xx"})
    assert "Talongen" in odd.text


def test_accept_language_chooses_swedish(client):
    response = client.get("/", headers={"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.8"})
    assert html_lang(response.text) == "sv"
    assert response.headers["content-language"] == "sv"
    assert "set-cookie" not in response.headers or "lang=" not in response.headers["set-cookie"]


def test_lang_parameter_wins_and_is_kept_in_a_cookie(client):
    response = client.get("/?lang=sv", headers={"Accept-Language": "en"})
    assert html_lang(response.text) == "sv"
    assert "lang=sv" in response.headers["set-cookie"]
    assert "HttpOnly" in response.headers["set-cookie"]
    # The browser keeps the choice: a later page without ?lang= is still Swedish.
    later = client.get("/glossary", headers={"Accept-Language": "en"})
    assert html_lang(later.text) == "sv"
    back = client.get("/?lang=en")
    assert html_lang(back.text) == "en"
    assert html_lang(client.get("/", headers={"Accept-Language": "sv"}).text) == "en"


@pytest.mark.parametrize("asked", ["SV", "sv-SE", "sv_se", " Sv "])
def test_the_lang_parameter_takes_a_tag_in_any_case_or_with_a_region(client, asked):
    response = client.get("/", params={"lang": asked}, headers={"Accept-Language": "en"})
    assert html_lang(response.text) == "sv"
    assert "lang=sv;" in response.headers["set-cookie"]


def test_unknown_language_falls_back(client):
    assert html_lang(client.get("/?lang=xx", headers={"Accept-Language": "fr, de"}).text) == "en"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("sv", "sv"),
        ("sv-FI", "sv"),
        ("en-GB,sv;q=0.5", "en"),
        ("de,sv;q=0.8,en;q=0.9", "en"),
        ("fr", None),
        ("sv;q=0", None),
        ("", None),
    ],
)
def test_accept_language_parsing(header, expected):
    assert from_accept_language(header) == expected


def test_every_page_has_the_language_navigation(client):
    for lang, label in (("en", "Language"), ("sv", "Språk")):
        text = client.get(f"/?lang={lang}").text
        nav = text.split(f'<nav aria-label="{label}"')[1].split("</nav>")[0]
        assert ">English</a>" in nav and ">Svenska</a>" in nav
        assert 'href="/?lang=sv"' in nav and 'href="/?lang=en"' in nav
        current = re.findall(r'<a [^>]*aria-current="true"[^>]*>(\w+)</a>', nav)
        assert current == [{"en": "English", "sv": "Svenska"}[lang]]


@pytest.mark.parametrize("path", ["//evil.example/login", "/%2F%2Fevil.example/login",
                                  "/%09/evil.example/login", "/%5Cevil.example/login",
                                  "/\\evil.example/login"])
def test_language_links_on_any_page_stay_on_this_site(client, path):
    """A 404 page answers any address; its language links must not lead to another host."""
    page = client.get(path, follow_redirects=False).text
    links = re.findall(r'<a href="([^"]*lang=(?:en|sv))"', page)
    assert len(links) == 2, links
    for link in links:
        assert link.startswith("/") and not link.startswith("//"), link
        assert "\\" not in link and "\t" not in link, link


def test_card_names_per_language():
    cards = ["8S", "TD", "AH", "KC", "JS", "QH", "JK"]
    with use_locale("en"):
        assert [card_name(c) for c in cards] == [
            "8 of spades", "10 of diamonds", "ace of hearts", "king of clubs",
            "jack of spades", "queen of hearts", "joker",
        ]
    with use_locale("sv"):
        assert [card_name(c) for c in cards] == [
            "spader 8", "ruter 10", "hjärter ess", "klöver kung", "spader knekt",
            "hjärter dam", "joker",
        ]


def test_a_sentence_names_a_swedish_joker_in_its_definite_form():
    """The accessible name stays "joker" (CONTRACT); a sentence says "Spela jokern"."""
    from app.i18n import card_in_text
    from app.players.solitaire.explain import reason
    from app.rules.solitaire import Play, Position, Variant
    from app.web.solitaire.coach_words import reason_text

    assert card_name("JK", "sv") == "joker" and card_in_text("JK", "sv") == "jokern"
    assert card_in_text("JK", "en") == "joker"
    assert all(card_in_text(c, lang) == card_name(c, lang)
               for c in ("8S", "AH", "QD") for lang in ("en", "sv"))
    board = Position(columns=(("2C", "JK"), ("3C",), ("4C",), ("5C",), ("6C",), ("7C",), ("8C",)),
                     discard=("9H",), stock=("TS",), variant=Variant(jokers=1))
    with use_locale("sv"):
        assert reason_text(reason(board, Play(0))).startswith("Spela jokern.")


def test_card_corners_per_language():
    """Swedish decks print E, Kn and D where English ones print A, J and Q."""
    cards = ["8S", "TD", "AH", "KC", "JS", "QH", "JK"]
    assert [card_label(c, "en") for c in cards] == ["8♠", "10♦", "A♥", "K♣", "J♠", "Q♥", "★"]
    assert [card_label(c, "sv") for c in cards] == ["8♠", "10♦", "E♥", "K♣", "Kn♠", "D♥", "★"]


def test_pages_draw_the_corners_of_their_language(client):
    # The six-card rules page's examples hold aces and queens; the card macro draws them all.
    ranks = {}
    for lang in ("en", "sv"):
        page = client.get(f"/rules/six-card-golf?lang={lang}").text
        labels = re.findall(r'class="pcard-label" aria-hidden="true">([^<]+)<', page)
        ranks[lang] = {label[:-1] for label in labels}
    assert {"A", "Q", "K"} <= ranks["en"] and not {"E", "D"} & ranks["en"]
    assert {"E", "D", "K"} <= ranks["sv"] and not {"A", "Q"} & ranks["sv"]


def test_lists_and_numbers_per_language():
    with use_locale("sv"):
        assert format_items(["Anna", "Bo", "Cia"]) == "Anna, Bo och Cia"
        assert format_number(4.5) == "4,5"
    with use_locale("en"):
        assert format_number(4.5) == "4.5"


def test_plural_forms_fill_the_count():
    with use_locale("en"):
        assert ngettext("%(num)d card", "%(num)d cards", 1) == "1 card"
        assert ngettext("%(num)d card", "%(num)d cards", 3) == "3 cards"


def test_possessives_per_language():
    from app.i18n import possessive

    assert [possessive(n, "en") for n in ("Maria", "James", "JAMES", "Computer 2")] == [
        "Maria’s", "James’", "JAMES’", "Computer 2’s"]
    assert [possessive(n, "sv") for n in ("Maria", "Lars", "LARS", "Dator 2")] == [
        "Marias", "Lars", "LARS", "Dator 2:s"]


# A Hebrew and an Arabic name, fenced by Unicode's first-strong isolate and pop isolate.
HEBREW, ARABIC = "אנה", "محمد 2"


def fenced(name: str) -> str:
    return f"\u2068{name}\u2069"


def test_right_to_left_names_are_fenced_off_from_the_sentence_around_them():
    from app.i18n import gettext, isolate, join_names, possessive

    with use_locale("en"):
        assert gettext("%(name)s leads with %(total)s points.", name=HEBREW, total=12) == (
            f"{fenced(HEBREW)} leads with 12 points.")
        assert gettext("%(name)s leads with %(total)s points.", name="Ann", total=12) == (
            "Ann leads with 12 points.")
        assert join_names([HEBREW, ARABIC, "Bo"]) == f"{fenced(HEBREW)}, {fenced(ARABIC)} and Bo"
        assert possessive(HEBREW) == f"{fenced(HEBREW)}’s"
        assert ngettext("%(name)s has %(num)d card", "%(name)s has %(num)d cards", 2,
                        name=ARABIC) == f"{fenced(ARABIC)} has 2 cards"
        # A phrase fenced where it was built is not fenced again around its whole.
        assert gettext("%(names)s share the lead.", names=join_names([HEBREW, "Bo"])) == (
            f"{fenced(HEBREW)} and Bo share the lead.")
    with use_locale("sv"):
        assert join_names(["Bo", HEBREW, ARABIC]) == f"Bo, {fenced(HEBREW)} och {fenced(ARABIC)}"
        assert possessive(HEBREW) == f"{fenced(HEBREW)}s"
        assert possessive(ARABIC) == f"{fenced(ARABIC)}:s"
    # Left-to-right text of any script is left alone, however unusual.
    for name in ("Ann", "Åsa Öberg", "Αλέξης", "Юлия", "李雷", "²", "Computer 2"):
        assert isolate(name) == name
