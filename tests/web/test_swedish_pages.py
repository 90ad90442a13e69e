"""A crawl of the Swedish site: every page is in Swedish, with no English sentence left over.

Each page's visible text (and its accessible names) is compared with the English msgids of the
catalog whose Swedish differs: finding one means a string was shown without translation.
"""

from __future__ import annotations

import html
import re
from functools import cache

import pytest
from babel.messages.pofile import read_po

from app.i18n import catalog_path
from tests.conftest import Client
from tests.web.solitaire_helpers import finish, new_deal

HIDDEN = re.compile(r"(?s)<(script|style|template)\b.*?</\1>")
TAG = re.compile(r"<[^>]+>")
NAMES = re.compile(r'(?:aria-label|title|placeholder|alt)="([^"]*)"')
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]")


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOLF_BOT_DELAY_MS", "0")


@cache
def english_phrases() -> tuple[str, ...]:
    """Word runs of English msgids (three words or more) whose Swedish is different."""
    with catalog_path("sv").open("rb") as po:
        catalog = read_po(po, locale="sv")
    phrases = set()
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for msgid in ids:
            if not msgid or msgid in strings:
                continue
            for chunk in PLACEHOLDER.split(TAG.sub(" ", msgid)):
                chunk = " ".join(chunk.split()).strip(" .,:;")
                if len(chunk.split()) >= 3:
                    phrases.add(chunk)
    return tuple(sorted(phrases))


def visible_text(page: str) -> str:
    page = HIDDEN.sub(" ", page)
    title = re.search(r"(?s)<title>(.*?)</title>", page)
    names = " | ".join(NAMES.findall(page) + ([title.group(1)] if title else []))
    # English words quoted on purpose carry lang="en" (the glossary, the rules page's FAQ).
    page = re.sub(r'(?s)<(\w+)[^>]*\blang="en"[^>]*>.*?</\1>', " ", page.split("<body", 1)[-1])
    return html.unescape(" ".join(TAG.sub(" ", page).split()) + " | " + names)


# English words that Swedish never uses: they catch text that never went through the catalog.
ENGLISH_WORDS = re.compile(r"\b(?:the|and|you|your|with|is|are|of|to|this|that|for)\b")


def english_left(page: str) -> list[str]:
    text = visible_text(page)
    found = [phrase for phrase in english_phrases() if phrase in text]
    for match in ENGLISH_WORDS.finditer(text):
        found.append(text[max(0, match.start() - 30):match.end() + 30])
    return found


def swedish_client(app) -> Client:
    client = Client(app, base_url="http://testserver")
    assert 'lang="sv"' in client.get("/?lang=sv").text
    return client


def assert_swedish(client: Client, url: str, **kwargs) -> str:
    response = client.get(url, **kwargs)
    assert response.status_code == 200, (url, response.status_code)
    assert '<html lang="sv"' in response.text, url
    assert response.headers["content-language"] == "sv"
    left = english_left(response.text)
    assert not left, f"{url} still says: {left}"
    return response.text


def test_the_check_finds_english(app):
    assert "Watch the computer play" in english_left("<body><p>Watch the computer play</p></body>")
    # Text that never went through the catalog is caught by its English words.
    assert english_left("<body><p>Nothing to see in the garden</p></body>")
    assert english_left('<body><p lang="en">Watch the computer play</p></body>') == []
    assert english_left("<body><p>Spela given: en sexa eller en åtta</p></body>") == []


READING = ["/", "/rules", "/rules/solitaire", "/rules/six-card-golf", "/glossary", "/quiz",
           "/solitaire", "/golf6", "/no-such-page-here"]


@pytest.mark.parametrize("url", READING)
def test_reading_pages_are_swedish(app, url):
    client = swedish_client(app)
    if url.startswith("/no-such"):
        response = client.get(url)
        assert response.status_code == 404 and "Sidan finns inte" in response.text
        assert not english_left(response.text)
        return
    assert_swedish(client, url)


@pytest.mark.parametrize(
    "url", ["/rules/solitaire", "/rules/six-card-golf", "/rules/six-card-golf/strategy"])
def test_a_link_into_a_rules_page_finds_its_place_in_either_language(client, url):
    # The pages are written anew per language, but a shared link (or the glossary's) to
    # "#draw-pile" must land on that part of the page in the reader's language too.
    ids = {lang: set(re.findall(r' id="([^"]+)"', client.get(f"{url}?lang={lang}").text))
           for lang in ("en", "sv")}
    assert ids["en"] <= ids["sv"], sorted(ids["en"] - ids["sv"])


def test_a_solitaire_deal_is_swedish_while_playing_hinting_watching_and_at_the_end(app):
    client = swedish_client(app)
    deal_id = new_deal(client, 1)
    url = f"/solitaire/deals/{deal_id}"
    page = assert_swedish(client, url)
    for name in ('aria-label="Kolumner"', 'aria-label="Kolumn 1"', 'aria-label="Slänghögen"',
                 'aria-label="Talongen"', ">Dra<", ">Ångra<", ">Tips<", ">Se datorn spela<",
                 "Givnummer", "Spela given", "Dam på kung", "Runt hörnet",
                 "Noll poäng när patiensen går ut", "Inget startkort på slänghögen", "Jokrar",
                 "klöver kung"):
        assert name in page, name
    assert "Tips:" in assert_swedish(client, url + "?hint=1")
    assert_swedish(client, url + "?watch=pause")
    refused = client.submit(f"{url}/play", {"column": "1", "version": "0", "moves": "0"})
    assert refused.status_code == 422 and "Det går inte att lägga" in refused.text
    assert not english_left(refused.text)
    finish(client, deal_id)
    end = assert_swedish(client, url)
    assert re.search(r"Poäng: -?\d+", end)
    assert_swedish(client, url + "/review")


def test_a_round_of_nine_is_swedish(app):
    client = swedish_client(app)
    response = client.submit("/solitaire/rounds", {})
    assert response.status_code == 303
    page = assert_swedish(client, response.headers["location"])
    assert "Poängkort" in page


def test_answered_quiz_is_swedish(app):
    client = swedish_client(app)
    for number, choice in ((1, "b"), (2, "a")):
        client.submit(f"/quiz/{number}", {"choice": choice})
    page = assert_swedish(client, "/quiz")
    assert "Rätt!" in page and "Inte riktigt." in page


def test_six_card_golf_lobby_join_and_table_are_swedish(app):
    client = swedish_client(app)
    created = client.submit("/golf6", {"name": "Ann", "bots": "1", "friends": "1",
                                       "length": "9", "last_turn": "on", "bot": "greedy"})
    assert created.status_code == 303
    url = created.headers["location"]
    lobby = assert_swedish(client, url)
    assert "Inbjudningslänk" in lobby and "Kopiera inbjudningslänken" in lobby
    invite = re.search(r'id="g6-invite" readonly value="http://testserver([^"]+)"', lobby).group(1)
    assert "lang=" not in invite  # a shared link opens in the receiver's own language
    friend = swedish_client(app)
    join = assert_swedish(friend, invite)
    # The game's name in running text is lower case in Swedish, as on the rules pages.
    assert "Ann har sparat en plats åt dig i ett parti sexkortsgolf (1 ledig plats)." in join
    assert "<title>Gå med i ett parti sexkortsgolf" in join
    assert friend.submit(invite, {"name": "Maria"}).status_code == 303
    assert client.submit(f"{url}/start").status_code == 303
    table = assert_swedish(client, url)
    assert "Ditt kort, övre raden, vänster: med baksidan upp" in table
    assert "Poängprotokoll" in table
    # The same invite opened by an English browser is English (the game has started by now).
    english = Client(app, base_url="http://testserver")
    page = english.get(invite, headers={"Accept-Language": "en-GB,en"}).text
    assert '<html lang="en"' in page and "This game has already started" in page


def test_the_score_keeper_is_swedish_from_new_sheet_to_winner(app):
    client = swedish_client(app)
    page = assert_swedish(client, "/scores")
    assert "Spelare 1" in page and "Starta protokollet" in page and "Till 100" in page
    refused = client.submit("/scores", {"player_1": "Anna", "player_2": "anna", "length": "9"})
    assert refused.status_code == 422 and "Två spelare heter anna." in refused.text
    assert not english_left(refused.text)
    created = client.submit("/scores", {"player_1": "Anna", "player_2": "Bo", "player_3": "Cia",
                                        "length": "9"})
    assert created.status_code == 303
    url = created.headers["location"]
    sheet = assert_swedish(client, url)
    assert "Redo för hål 1. Anna, Bo och Cia spelar." in sheet
    assert "Anna, hål 1" in sheet and "Spara hålet" in sheet
    for hole in range(1, 10):
        version = re.search(r'name="version" value="(\d+)"', client.get(url).text).group(1)
        saved = client.submit(f"{url}/holes", {"version": version, "score_0": "3",
                                               "score_1": "3", "score_2": "5"})
        assert saved.status_code == 303, hole
    over = assert_swedish(client, url)
    assert "Partiet är slut efter hål 9. Anna och Bo delar segern med 27 poäng." in over


def test_the_deal_of_the_day_record_and_a_challenge_are_swedish(app):
    client = swedish_client(app)
    assert_swedish(client, "/solitaire/daily")
    assert_swedish(client, "/solitaire/record")
    started = client.submit("/solitaire/rounds", {})
    deal = client.get(started.headers["location"], headers={"accept": "application/json"})
    round_id = deal.json()["round_id"]
    assert "Utmana en vän" in assert_swedish(client, f"/solitaire/rounds/{round_id}/challenge")
    challenge = client.submit(f"/solitaire/rounds/{round_id}/challenge", {"name": "Anna"})
    assert challenge.status_code == 303
    page = client.get(f"/solitaire/rounds/{round_id}/challenge").text
    link = re.search(r'value="http://testserver(/challenges/[^"]+)"', page)
    assert link, "no challenge link on the page"
    assert "lang=" not in link.group(1)
    friend = swedish_client(app)
    assert "Anta utmaningen" in assert_swedish(friend, link.group(1))


def test_a_six_card_turn_with_the_coachs_hint_is_swedish(app):
    client = swedish_client(app)
    created = client.submit("/golf6", {"name": "Anna", "bots": "1", "friends": "0",
                                       "length": "9", "last_turn": "on", "bot": "greedy"})
    url = created.headers["location"]
    assert client.submit(f"{url}/start").status_code == 303

    def version() -> str:
        return re.search(r'name="version" value="(\d+)"', client.get(url).text).group(1)

    for index in (0, 1):
        assert client.submit(f"{url}/move", {"version": version(),
                                             "move": f"reveal:{index}"}).status_code == 303
    for _ in range(20):  # the computer player moves when a page is asked for
        if 'id="g6-act-draw"' in client.get(url).text:
            break
    table = assert_swedish(client, url)
    assert "Dra från talongen" in table and "Ta från slänghögen" in table
    hinted = client.submit(f"{url}/hint", {"version": version()})  # answered with the table
    assert hinted.status_code == 200 and "Tränaren:" in hinted.text
    assert not english_left(hinted.text)
    assert client.submit(f"{url}/move", {"version": version(),
                                         "move": "draw_stock"}).status_code == 303
    assert "Du drog" in assert_swedish(client, url)


def test_refusals_the_site_answers_itself_are_swedish(app):
    client = swedish_client(app)
    client.csrf()  # the browser has its cookie, as after any page with a form

    def refused(response, status: int, message: str) -> None:
        assert response.status_code == status
        assert '<html lang="sv"' in response.text and message in response.text, response.text
        assert not english_left(response.text)

    no_token = client.post("/solitaire/deals", data={"deal_number": "5"})
    refused(no_token, 403, "Formuläret är för gammalt. Ladda om sidan och försök igen.")
    other_site = client.submit("/solitaire/deals", {"deal_number": "5"},
                               headers={"origin": "https://elsewhere.example"})
    refused(other_site, 403, "Formuläret kom från en annan webbplats och togs inte emot.")
    # Starlette's own words for a status ("Method Not Allowed") never reach the page.
    refused(client.request("DELETE", "/"), 405, "Det går inte att göra här.")
    big = b"deal_number=5&name=" + b"x" * 100_000
    form = {"content-type": "application/x-www-form-urlencoded"}
    # Declared too large (answered before the app reads anything), and found too large as
    # it streams in without a declared length.
    refused(client.post("/solitaire/deals", content=big, headers=form), 413,
            "Begäran var för stor.")
    streamed = client.post("/solitaire/deals", content=iter([big[:50_000], big[50_000:]]),
                           headers=form)
    refused(streamed, 413, "Begäran var för stor.")


def test_a_swedish_placeholder_in_an_english_command_is_marked_swedish(client):
    page = client.get("/rules/six-card-golf/strategy?lang=sv").text
    for code in re.findall(r'<code lang="en">(.*?)</code>', page, re.S):
        english = re.sub(r'<var lang="sv">[^<]*</var>', "", code)
        assert not re.search("[åäöÅÄÖ]", english), code
    assert '<var lang="sv">NIVÅ</var>' in page
