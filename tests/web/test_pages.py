"""Reading pages: valid HTML, titles, headings, spec content, and a crawl for dead links."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlsplit

import html5lib
import pytest

from app.content.glossary import TERMS

PAGES = ["/", "/rules", "/rules/solitaire", "/rules/six-card-golf", "/glossary", "/quiz"]
SPEC = Path("/work/shared/SPEC.md")
MAX_CRAWL = 300  # pages and files; a site this size has far fewer


class PageFacts(HTMLParser):
    """Collects what the checks need: ids, headings, links, title, description, inline code."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.headings: list[int] = []
        self.links: list[str] = []
        self.resources: list[str] = []
        self.title = ""
        self.description = ""
        self.inline: list[str] = []
        self.first_link: str | None = None
        self.text: list[str] = []
        self._in_title = False
        self._skip_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {k: v or "" for k, v in attrs}
        if "id" in attr:
            self.ids.append(attr["id"])
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))
        if tag == "a" and "href" in attr:
            self.links.append(attr["href"])
            self.first_link = self.first_link or attr["href"]
        # A page in another language is not a resource of this one (and visiting it would turn
        # the crawl's language): the alternates have a test of their own.
        if tag == "link" and attr.get("rel") == "alternate":
            pass
        elif tag in ("script", "link") and (attr.get("src") or attr.get("href")):
            self.resources.append(attr.get("src") or attr["href"])
        if tag == "script" and not attr.get("src") or "style" in attr or tag == "style":
            self.inline.append(tag)
        if tag == "meta" and attr.get("name") == "description":
            self.description = attr.get("content", "")
        if tag in ("script", "style"):
            self._skip_depth += 1
        self._in_title = tag == "title"

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False
        if tag in ("script", "style"):
            self._skip_depth -= 1

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        elif not self._skip_depth:
            self.text.append(data)

    @property
    def words(self) -> str:
        return re.sub(r"\s+", " ", " ".join(self.text))


def page_facts(html: str) -> PageFacts:
    facts = PageFacts()
    facts.feed(html)
    return facts


def check_html(html: str) -> PageFacts:
    """Fail on HTML parse errors, duplicate ids, skipped heading levels, missing basics."""
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    parser.parse(html)  # raises html5lib's ParseError on the first error
    facts = page_facts(html)
    duplicates = {i for i in facts.ids if facts.ids.count(i) > 1}
    assert not duplicates, f"duplicate ids: {duplicates}"
    assert facts.headings and facts.headings[0] == 1 and facts.headings.count(1) == 1
    for before, after in zip(facts.headings, facts.headings[1:], strict=False):
        assert after <= before + 1, f"heading level jumps from h{before} to h{after}"
    assert facts.title.strip() and len(facts.description) > 40
    assert facts.first_link == "#main" and "main" in facts.ids, "skip link first"
    assert not facts.inline, "inline script or style breaks the CSP"
    return facts


def site_links(page_url: str, facts: PageFacts) -> list[str]:
    """Same-site links of a page, absolute paths with any #fragment kept."""
    found = []
    for href in facts.links:
        url = urljoin(page_url, href)
        parts = urlsplit(url)
        if parts.path.startswith("/theme/"):
            continue  # a setting that leads back to the same page (tested on its own)
        if parts.scheme in ("", "http") and parts.netloc in ("", "testserver"):
            found.append(parts.path + (f"?{parts.query}" if parts.query else "")
                         + (f"#{parts.fragment}" if parts.fragment else ""))
    return found


def test_check_html_catches_broken_markup():
    good = ('<!doctype html><html lang="en"><head><title>T</title><meta name="description" '
            f'content="{"x" * 50}"></head><body><a href="#main">Skip</a><main id="main">'
            "<h1>A</h1><h2>B</h2></main></body></html>")
    check_html(good)
    with pytest.raises(Exception):  # noqa: B017 - html5lib's ParseError
        check_html(good.replace("<h2>B</h2>", "<table><tr><th>2</td></tr></table>"))
    with pytest.raises(AssertionError):
        check_html(good.replace("<h2>B</h2>", "<h3>B</h3>"))
    with pytest.raises(AssertionError):
        check_html(good.replace("<h2>B</h2>", '<h2 id="main">B</h2>'))


@pytest.mark.parametrize("url", PAGES)
def test_page_is_valid_with_title_description_skip_link_and_ordered_headings(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    facts = check_html(response.text)
    assert "Golf" in facts.title


def test_answered_quiz_page_is_valid_html(client):
    for number in range(1, 7):
        client.submit(f"/quiz/{number}", {"choice": "a"})
    check_html(client.get("/quiz").text)


def test_pages_have_distinct_titles_and_descriptions(client):
    facts = [page_facts(client.get(url).text) for url in PAGES]
    assert len({f.title for f in facts}) == len(PAGES)
    assert len({f.description for f in facts}) == len(PAGES)


class Crawl:
    """Every same-site address reachable from "/" by links, with what each one answered."""

    def __init__(self, client) -> None:
        self.client = client
        self.pages: dict[str, PageFacts | None] = {}  # None: not HTML, or broken
        self.html: dict[str, str] = {}
        self.anchors: list[tuple[str, str, str]] = []  # (from page, target page, fragment)
        self.broken: list[str] = []

    def run(self, start: str = "/") -> Crawl:
        queue = [start]
        while queue:
            url = queue.pop()
            if url not in self.pages:
                assert len(self.pages) < MAX_CRAWL, "the site links to endless new addresses"
                queue.extend(self._visit(url))
        for page, target, fragment in self.anchors:
            facts = self.pages.get(target)
            if facts is not None and fragment not in facts.ids:
                self.broken.append(f"{page} links to {target}#{fragment}, which has no such id")
        return self

    def _visit(self, url: str) -> list[str]:
        """Fetch one address; return the pages it links to."""
        self.pages[url] = None
        try:
            response = self.client.get(url)
        except Exception as error:  # a page that crashes is as broken as a 500
            self.broken.append(f"{url} -> {error!r}")
            return []
        if response.status_code >= 400:
            self.broken.append(f"{url} -> {response.status_code}")
            return []
        if "text/html" not in response.headers.get("content-type", ""):
            return []
        facts = self.pages[url] = page_facts(response.text)
        self.html[url] = response.text
        for resource in facts.resources:
            if resource not in self.pages:
                self._visit(resource)
        targets = []
        for link in site_links(url, facts):
            target, fragment = urldefrag(link)
            target = target or url
            if fragment:
                self.anchors.append((url, target, fragment))
            if not target.startswith("/static/"):
                targets.append(target)
        return targets


class FakeSite:
    """A stand-in client serving a few fixed pages, to show the crawler notices breakage."""

    class Answer:
        def __init__(self, status: int, text: str = "") -> None:
            self.status_code, self.text = status, text
            self.headers = {"content-type": "text/html; charset=utf-8"}

    def __init__(self, pages: dict[str, str]) -> None:
        self.site = pages

    def get(self, url: str) -> FakeSite.Answer:
        if url == "/crash":
            raise RuntimeError("boom")
        return self.Answer(200, self.site[url]) if url in self.site else self.Answer(404)


def test_crawler_reports_missing_pages_anchors_and_crashes():
    site = FakeSite({
        "/": '<a href="/a">a</a> <a href="/gone">x</a> <a href="/a#nope">y</a>',
        "/a": '<h1 id="top">A</h1><a href="/#top">loop</a><a href="/crash">c</a>',
    })
    broken = Crawl(site).run().broken
    assert "/gone -> 404" in broken
    assert "/ links to /a#nope, which has no such id" in broken
    assert "/a links to /#top, which has no such id" in broken
    assert any(b.startswith("/crash -> RuntimeError") for b in broken)
    assert len(broken) == 4


def test_crawl_from_home_finds_no_broken_link_or_missing_anchor(client):
    """Follow every same-site link from "/"; each must answer < 400 and each #anchor exist."""
    crawl = Crawl(client).run()
    for must in ("/rules/solitaire", "/rules/six-card-golf", "/glossary", "/quiz"):
        assert must in crawl.pages
    assert not crawl.broken, "broken links:\n" + "\n".join(crawl.broken)


def test_every_page_reached_from_home_is_valid_html(client):
    """Valid markup, title, description, skip link and heading order on the whole site."""
    problems = []
    for url, html in Crawl(client).run().html.items():
        try:
            check_html(html)
        except Exception as error:  # html5lib's ParseError or one of our assertions
            problems.append(f"{url}: {error}")
    assert not problems, "\n".join(problems)


def test_home_offers_the_four_ways_in(client):
    facts = page_facts(client.get("/").text)
    for href in ("/solitaire", "/quiz", "/golf6", "/scores"):
        assert href in facts.links
    for text in ("Practise Golf solitaire", "Take the rules quiz",
                 "Play six-card or four-card Golf", "Keep score"):
        assert text in facts.words


@pytest.mark.parametrize(("lang", "heading", "rules"), [
    ("en", "Four-card Golf", "Four-card Golf rules"),
    ("sv", "Fyrkortsgolf", "Regler för fyrkortsgolf"),
])
def test_home_tells_of_four_card_golf_and_links_its_rules(client, lang, heading, rules):
    html = client.get(f"/?lang={lang}").text
    assert f'<h2 id="about-golf4">{heading}</h2>' in html
    assert f'<a href="/rules/six-card-golf#four-card">{rules}</a>' in html


def test_nav_links_every_page(client):
    nav = client.get("/glossary").text.split('<nav aria-label="Main">')[1].split("</nav>")[0]
    for href in ("/solitaire", "/quiz", "/golf6", "/scores", "/rules", "/rules/solitaire",
                 "/rules/six-card-golf", "/glossary"):
        assert f'href="{href}"' in nav or f'href="{href}"' in client.get("/").text


def test_nav_marks_the_current_page(client):
    nav = client.get("/quiz").text.split('<nav aria-label="Main">')[1].split("</nav>")[0]
    assert '<a href="/quiz" aria-current="page">Quiz</a>' in nav
    assert nav.count("aria-current") == 1
    assert 'aria-current="page"' not in client.get("/").text


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_menus_rules_lead_to_every_games_rules_and_stay_marked_on_them(client, lang):
    # A Golf player who picks "Rules" should not land on the solitaire's rules alone.
    facts = page_facts(client.get(f"/rules?lang={lang}").text)
    for href in ("/rules/solitaire", "/rules/six-card-golf", "/rules/six-card-golf#four-card",
                 "/rules/six-card-golf/strategy", "/glossary", "/quiz"):
        assert href in facts.links
    label = {"en": "Rules", "sv": "Regler"}[lang]
    for url in ("/rules", "/rules/solitaire", "/rules/six-card-golf",
                "/rules/six-card-golf/strategy"):
        nav = client.get(url).text.split('<nav aria-label="')[1].split("</nav>")[0]
        assert f'<a href="/rules" aria-current="page">{label}</a>' in nav, url
        assert nav.count("aria-current") == 1


@pytest.mark.parametrize(("lang", "label", "rules"), [
    ("en", "Golf online", "Four-card Golf rules"),
    ("sv", "Golf på nätet", "Regler för fyrkortsgolf"),
])
def test_nav_names_the_online_games_as_both_and_the_footer_links_four_card_rules(
    client, lang, label, rules
):
    """/golf6 hosts six- and four-card Golf, so its link is not named after one of them."""
    html = client.get(f"/scores?lang={lang}").text
    nav = html.split('<nav aria-label="')[1].split("</nav>")[0]
    assert f'<a href="/golf6">{label}</a>' in nav
    footer = html.split('<footer class="site-footer">')[1]
    assert f'<a href="/rules/six-card-golf#four-card">{rules}</a>' in footer


def test_solitaire_rules_show_both_worked_examples(client):
    text = page_facts(client.get("/rules/solitaire").text).words
    # Example 1: on the 7 of hearts, the 8 of spades and 6 of diamonds fit; play the 8 first.
    first = text.split("Example 1")[1].split("Example 2")[0]
    assert "8 of spades fits" in first and "6 of diamonds fits" in first
    assert "9 of clubs" in first and "queen of hearts" in first
    assert len(re.findall(r"of \w+ fits", first)) == 2
    assert "Play the 8♠ first" in first
    # Example 2: on the queen of diamonds only the king fits, and it ends the run.
    second = text.split("Example 2")[1]
    assert "king of spades fits" in second
    assert len(re.findall(r"of \w+ fits", second)) == 1
    assert "jack" in second


@pytest.mark.parametrize("section", ["Setting up", "Playing a card", "Aces and kings",
                                     "The draw pile", "End of a deal and scoring",
                                     "Rounds and par", "Three beginner mistakes", "Variations",
                                     "Questions people ask"])
def test_solitaire_rules_have_every_section(client, section):
    assert f">{section}</h2>" in client.get("/rules/solitaire").text


def test_solitaire_rules_state_the_key_numbers(client):
    text = page_facts(client.get("/rules/solitaire").text).words
    for fact in ("seven columns of five cards", "16 cards", "scores −4", "45 or less",
                 "Nine holes", "2 deals out of 100", "Queen on king", "Round the corner",
                 "Clear scores zero", "Empty start", "17 cards", "Jokers"):
        assert fact in text, fact


def test_six_card_rules_score_the_three_worked_layouts(client):
    text = page_facts(client.get("/rules/six-card-golf").text).words
    assert "Layout 1: scores 5" in text and "0 + 4 + 1 = 5" in text
    assert "Layout 2: scores 16" in text and "0 + 5 + 11 = 16" in text
    assert "Layout 3: scores 24" in text and "0 + 15 + 9 = 24" in text
    for card in ("queen of spades", "2 of hearts", "king of diamonds", "10 of hearts"):
        assert card in text


@pytest.mark.parametrize("section", ["Players and cards", "The deal", "Your turn", "Going out",
                                     "Scoring", "Winning", "When the stock runs out",
                                     "Variations", "Strategy"])
def test_six_card_rules_have_every_section(client, section):
    assert f">{section}</h2>" in client.get("/rules/six-card-golf").text


def test_six_card_scoring_table(client):
    html = client.get("/rules/six-card-golf").text
    table = page_facts(html.split('class="points-table"')[1].split("</table>")[0]).words
    for row in ("Ace 1", "2 −2", "3 to 10 the number on the card", "Jack or queen 10",
                "King 0", "0 for the whole column, even two 2s"):
        assert row in table, row
    text = page_facts(html).words
    assert "−6" in text and "60" in text and "5.5" in text and "is not a pair" in text


def test_glossary_lists_every_term_with_an_anchor(client):
    facts = page_facts(client.get("/glossary").text)
    for term in TERMS:
        assert term.slug in facts.ids
        assert term.word in facts.words
    for word in ("Golf patience", "One Foundation", "tableau", "foundation", "waste", "stock",
                 "talong", "Hole", "Round", "wrapping", "Putt Putt", "Par"):
        assert word.lower() in facts.words.lower(), word


def glossary_entry(html: str, slug: str) -> str:
    """The words of one glossary entry, its markup dropped."""
    entry = re.search(rf'<div class="entry" id="{slug}".*?</div>', html, re.S).group(0)
    return " ".join(re.sub(r"<[^>]+>", "", entry).split())


def test_glossary_other_names_are_other_names(client):
    english = client.get("/glossary?lang=en").text
    swedish = client.get("/glossary?lang=sv").text
    assert "Also called" not in glossary_entry(english, "column")  # the tableau is all seven
    assert "Also called: stock, talong." in glossary_entry(english, "draw-pile")
    assert "Kallas också: stock." in glossary_entry(swedish, "draw-pile")  # not "talong" again
    assert "Kallas också: deal, giv." in glossary_entry(swedish, "hole")


def test_every_glossary_link_lands_on_a_rules_section_in_both_languages(client):
    pages: dict[str, str] = {}
    missing = []
    for term in TERMS:
        if not term.see or "#" not in term.see:
            continue
        path, anchor = term.see.split("#")
        for lang in ("en", "sv"):
            url = f"{path}?lang={lang}"
            html = pages.setdefault(url, client.get(url).text)
            if f'id="{anchor}"' not in html:
                missing.append((term.slug, url, anchor))
    assert missing == []


def test_glossary_entries_point_back_to_the_rules(client):
    html = client.get("/glossary").text
    facts = page_facts(html)
    see_links = re.findall(r'class="see" href="(/rules/[^"]*)"', html)
    assert len(see_links) == sum(1 for term in TERMS if term.see) >= 20
    assert "Read more about “Draw pile” in the rules" in facts.words
    swedish = page_facts(client.get("/glossary?lang=sv").text)  # "om gå ut" was no Swedish
    assert "Läs mer om ”Gå ut” i reglerna" in swedish.words


def test_rules_pages_link_their_words_to_the_glossary(client):
    for url in ("/", "/rules/solitaire", "/rules/six-card-golf", "/quiz"):
        links = [h for h in page_facts(client.get(url).text).links if h.startswith("/glossary#")]
        assert len(links) >= (2 if url == "/quiz" else 3), url
        assert {link.split("#")[1] for link in links} <= {t.slug for t in TERMS}


@pytest.mark.skipif(not SPEC.exists(), reason="shared spec not on this machine")
@pytest.mark.parametrize("url", PAGES)
def test_pages_are_written_in_our_own_words(client, url):
    """No sentence of eight words or more is copied from the spec."""
    text = page_facts(client.get(url).text).words.lower()
    spec = re.sub(r"[*_`|]", "", SPEC.read_text()).lower()
    copied = [
        sentence.strip()
        for sentence in re.split(r"[.:;!?\n]", spec)
        if len(sentence.split()) >= 8 and re.sub(r"\s+", " ", sentence.strip()) in text
    ]
    assert not copied, copied


# --- Cacheable reading pages, one stylesheet and one script, the site's small files --------

READING = ["/", "/rules/solitaire", "/rules/six-card-golf", "/glossary"]


@pytest.mark.parametrize("url", READING)
def test_reading_page_sets_no_cookie_and_answers_304_when_unchanged(client, url):
    first = client.get(url)
    assert first.status_code == 200
    assert "set-cookie" not in first.headers
    assert "no-cache" in first.headers["cache-control"]
    etag = first.headers["etag"]
    again = client.get(url, headers={"if-none-match": etag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == etag and "set-cookie" not in again.headers
    assert client.get(url, headers={"if-none-match": 'W/"stale"'}).status_code == 200


def test_reading_page_etag_follows_the_theme_it_was_rendered_in(client):
    light = client.get("/glossary")
    client.cookies.set("theme", "dark")
    dark = client.get("/glossary", headers={"if-none-match": light.headers["etag"]})
    assert dark.status_code == 200 and 'data-theme="dark"' in dark.text
    assert "Cookie" in dark.headers["vary"]


def test_csrf_cookie_is_made_only_by_a_page_with_a_form(client):
    assert "set-cookie" not in client.get("/healthz").headers
    assert "set-cookie" not in client.get("/").headers
    made = client.get("/scores")
    assert made.headers["set-cookie"].startswith("csrf=")
    token = re.search(r'name="csrf_token" value="([0-9a-f]+)"', made.text).group(1)
    assert token == client.csrf()


def _resources(html: str) -> tuple[list[str], list[str]]:
    sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
    scripts = re.findall(r'<script src="([^"]+)"', html)
    return sheets, scripts


@pytest.mark.parametrize("url", [*PAGES, "/solitaire", "/golf6", "/scores"])
def test_every_page_loads_one_stylesheet_htmx_and_one_script(client, url):
    sheets, scripts = _resources(client.get(url).text)
    assert len(sheets) == 1 and sheets[0].startswith("/assets/site-")
    assert len(scripts) == 2 and "htmx" in scripts[0] and scripts[1].startswith("/assets/site-")


def test_bundles_hold_every_area_file_and_are_cached_for_a_year(app, client):
    static = app.state.settings.static_dir
    sheets, scripts = _resources(client.get("/").text)
    css = client.get(sheets[0])
    assert css.headers["content-type"].startswith("text/css")
    assert css.headers["cache-control"] == "public, max-age=31536000, immutable"
    for path in [static / "app.css", *sorted((static / "css").glob("*.css"))]:
        assert path.read_text("utf-8") in css.text, path.name
    js = client.get(scripts[1])
    assert js.headers["content-type"].startswith("text/javascript")
    for path in [static / "app.js", *sorted((static / "js").glob("*.js"))]:
        assert path.read_text("utf-8") in js.text, path.name
    assert client.get(sheets[0], headers={"if-none-match": css.headers["etag"]}).status_code == 304
    old = client.get("/assets/site-000000000000.css")  # a page cached from before a deploy
    assert old.status_code == 200 and old.headers["cache-control"] == "no-cache"
    assert client.get("/assets/other.css").status_code == 404


def test_no_machine_readable_route_list(client):
    for url in ("/openapi.json", "/docs", "/redoc"):
        assert client.get(url).status_code == 404


def test_manifest_makes_the_site_installable_with_a_card_icon(client):
    html = client.get("/").text
    assert '<link rel="manifest" href="/manifest.webmanifest?lang=en">' in html
    response = client.get("/manifest.webmanifest")
    assert response.headers["content-type"].startswith("application/manifest+json")
    assert response.headers["cache-control"].startswith("private")  # it may set a cookie
    manifest = response.json()
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        fetched = client.get(icon["src"])
        assert fetched.status_code == 200 and fetched.headers["content-type"] == icon["type"]
        assert icon["src"].startswith("/static/")  # our own origin: within the CSP


def test_favicon_and_robots(client):
    icon = client.get("/favicon.ico", follow_redirects=True)
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    robots = client.get("/robots.txt")
    assert robots.headers["content-type"].startswith("text/plain")
    for private in ("/golf6/", "/scores/", "/solitaire/deals/", "/challenges/"):
        assert f"Disallow: {private}" in robots.text


ALTERNATE = re.compile(r'<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)">')


@pytest.mark.parametrize("url", ["/", "/rules/solitaire", "/glossary", "/quiz", "/solitaire",
                                 "/golf6", "/scores", "/solitaire/daily"])
def test_public_pages_name_themselves_in_every_language_for_search_engines(client, url):
    for reader in ("en", "sv"):
        links = ALTERNATE.findall(client.get(f"{url}?lang={reader}&utm_source=x").text)
        assert links == [
            ("en", f"http://testserver{url}?lang=en"),
            ("sv", f"http://testserver{url}?lang=sv"),
            ("x-default", f"http://testserver{url}"),
        ]
        for _, href in links:  # each answers, in its language
            answer = client.get(href.removeprefix("http://testserver"), headers={"cookie": ""})
            assert answer.status_code == 200


def test_the_sitemap_lists_every_public_page_in_both_languages_and_robots_names_it(client):
    from xml.etree import ElementTree

    from app.web.search_engines import PUBLIC_PAGES

    assert "Sitemap: http://testserver/sitemap.xml" in client.get("/robots.txt").text
    answer = client.get("/sitemap.xml")
    assert answer.headers["content-type"].startswith("application/xml")
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    urls = ElementTree.fromstring(answer.text).findall("s:url", ns)
    listed = [url.find("s:loc", ns).text.removeprefix("http://testserver") for url in urls]
    assert listed == list(PUBLIC_PAGES)
    for url, path in zip(urls, listed, strict=True):
        links = {x.get("hreflang"): x.get("href") for x in url.findall("x:link", ns)}
        assert links == {"en": f"http://testserver{path}?lang=en",
                         "sv": f"http://testserver{path}?lang=sv",
                         "x-default": f"http://testserver{path}"}
        assert client.get(f"{path}?lang=sv").status_code == 200
    # Every page the menu and the footer lead to is listed.
    home = page_facts(client.get("/").text)
    menu = {urldefrag(link)[0] for link in home.links if link.startswith("/") and "?" not in link}
    assert menu and menu <= set(PUBLIC_PAGES)


def test_private_and_error_pages_name_no_alternates(client, world):
    for url in ("/golf6/" + world.path_values()["game_id"], "/scores/" + world.sheet_id,
                "/solitaire/deals/" + world.path_values()["deal_id"], "/no-such-page",
                "/scores/view/" + world.read_id):
        page = client.get(url)
        assert page.status_code in (200, 404) and "hreflang" not in page.text.split("</head>")[0]


def test_theme_switch_works_without_javascript(client):
    chosen = client.get("/theme/dark?next=/glossary", follow_redirects=False)
    assert chosen.status_code == 303 and chosen.headers["location"] == "/glossary"
    assert chosen.headers["set-cookie"].startswith("theme=dark;")
    page = client.get("/glossary").text
    assert '<html lang="en" data-theme="dark">' in page
    assert re.search(r'data-theme-choice="dark"[^>]*aria-current="true"', page)
    back = client.get("/theme/auto?next=/", follow_redirects=False)
    assert 'theme=""' in back.headers["set-cookie"] or "Max-Age=0" in back.headers["set-cookie"]


@pytest.mark.parametrize(
    "next_url", ["//evil.example/", "https://evil.example/", "/\\evil.example", "é", ""]
)
def test_theme_switch_never_leaves_the_site(client, next_url):
    response = client.get("/theme/light", params={"next": next_url}, follow_redirects=False)
    assert response.headers["location"] == "/"


def test_theme_cookie_with_nonsense_falls_back_to_the_system_theme(client):
    client.cookies.set("theme", "<script>")
    assert '<html lang="en" data-theme="auto">' in client.get("/").text
    assert client.get("/theme/purple").status_code == 404


# --- The one card macro --------------------------------------------------------------------


def _macro(app, call: str) -> str:
    env = app.state.templates.env
    source = '{% from "_cards.html" import card, card_button %}' + call
    return env.from_string(source).render()


def test_card_macro_names_the_card_and_marks_red_beyond_colour(app):
    html = _macro(app, '{{ card("TD") }} {{ card("8S") }} {{ card("JK") }}')
    red = '<span class="pcard is-red"><span class="pcard-label" aria-hidden="true">10♦</span>'
    assert red in html
    assert '<span class="visually-hidden">10 of diamonds</span>' in html
    assert "pcard is-black" in html and "8 of spades" in html
    assert "pcard is-joker" in html and ">joker<" in html


def test_card_macro_draws_face_down_cards_and_buttons(app):
    html = _macro(
        app,
        '{{ card(none, name="Your card, top row, left: face down") }}'
        '{{ card_button("QH", size="large", attrs={"name": "column", "value": 3, '
        '"data-shortcut": "3", "autofocus": true, "disabled": false}) }}',
    )
    assert '<span class="pcard is-down"><span class="visually-hidden">Your card' in html
    button = '<button type="submit" class="pcard pcard-large is-red pcard-button" name="column"'
    assert button in html
    assert 'value="3" data-shortcut="3" autofocus>' in html and "disabled" not in html
    assert '<span class="pcard-pip" aria-hidden="true">♥</span>' in html


def test_bundles_do_not_vary_by_language_or_cookie(client):
    sheets, _ = _resources(client.get("/").text)
    response = client.get(sheets[0], headers={"accept-language": "sv", "cookie": "lang=sv"})
    assert "cookie" not in response.headers.get("vary", "").lower()
    assert "content-language" not in response.headers


def _selectors(css: str) -> list[str]:
    """Every selector of a stylesheet, except those for print and inside @keyframes."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"@keyframes[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", css)
    css = re.sub(r"@media print\s*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", css)
    heads = re.findall(r"([^{};]+)\{", css)
    return [part.strip() for head in heads if not head.strip().startswith("@")
            for part in head.split(",")]  # fmt: skip


def test_area_stylesheets_style_only_their_own_elements(app):
    """All CSS is one cascade (the bundle): an area's bare `fieldset` would restyle every page."""
    leaks = []
    for path in sorted((app.state.settings.static_dir / "css").glob("*.css")):
        for selector in _selectors(path.read_text("utf-8")):
            first = selector.split()[0]
            if re.fullmatch(r"[a-z][a-z0-9]*", first):
                leaks.append(f"{path.name}: {selector}")
    assert leaks == [], "scope these to the area's classes:\n" + "\n".join(leaks)


def test_manifest_speaks_the_readers_language(client):
    english = client.get("/manifest.webmanifest").json()
    page = client.get("/?lang=sv").text  # the browser fetches the address without cookies
    assert '<link rel="manifest" href="/manifest.webmanifest?lang=sv">' in page
    swedish = client.get("/manifest.webmanifest?lang=sv").json()
    assert english["lang"] == "en" and "four-card" in english["description"]
    assert swedish["lang"] == "sv" and "fyrkortsgolf" in swedish["description"].lower()
    assert swedish["name"] != english["name"]


@pytest.mark.parametrize("url", PAGES)
def test_each_anchor_of_a_page_is_there_in_the_other_language(client, url: str):
    # The language links carry the reader's "#…" across (app.js), so every place one can be
    # sent to in English exists in Swedish (Swedish may have more).
    english = set(page_facts(client.get(f"{url}?lang=en").text).ids)
    swedish = set(page_facts(client.get(f"{url}?lang=sv").text).ids)
    assert english - swedish == set()


def test_the_glossary_says_it_covers_all_three_games(client):
    for lang, four in (("en", "four-card Golf"), ("sv", "fyrkortsgolf")):
        html = client.get(f"/glossary?lang={lang}").text
        lede = re.search(r'<p class="lede">(.*?)</p>', html, re.S).group(1)
        assert f'<a href="/rules/six-card-golf#four-card">{four}</a>' in lede, lang
        assert four.split()[0] in page_facts(html).description, lang


def test_a_swedish_headword_gives_its_english_word_without_a_second_bracket(client):
    html = client.get("/glossary?lang=sv").text
    headwords = [" ".join(re.sub(r"<[^>]+>", "", dt).split())
                 for dt in re.findall(r"<dt>(.*?)</dt>", html, re.S)]
    assert "Par (två lika) · på engelska: pair" in headwords
    assert [word for word in headwords if word.count("(") > 1] == []
    assert '<span lang="en">draw pile</span>' in html
