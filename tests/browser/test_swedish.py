"""The site in Swedish, in a real browser that asks for Swedish: found and used by the Swedish
accessible names of CONTRACT.md "Languages"."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_pages import serious_violations

pytestmark = pytest.mark.browser

SWEDISH = {"locale": "sv-SE"}  # the browser then sends Accept-Language: sv-SE


@pytest.fixture
def sv(new_page) -> Page:
    return new_page(**SWEDISH)


def open_deal(page: Page, number: str = "2") -> None:
    page.goto("/solitaire")
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    page.get_by_label("Givnummer").fill(number)
    page.get_by_role("button", name="Spela given").click()
    expect(page.get_by_role("region", name="Kolumner")).to_be_visible()


def coach(page: Page):
    return page.get_by_role("status")


def version(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-version"))


def fitting_cards(page: Page) -> list[str]:
    found = re.search(r"Passar nu: (.*?)\.", coach(page).inner_text())
    return found.group(1).split(", ") if found else []


def test_play_a_deal_to_its_end_by_clicking_the_swedish_names(sv: Page):
    open_deal(sv)
    columns = sv.get_by_role("region", name="Kolumner")
    for n in range(1, 8):
        expect(columns.get_by_role("list", name=f"Kolumn {n}", exact=True)).to_be_visible()
    # Deal 2: column 1 ends with the 3 of diamonds, "ruter 3" in Swedish.
    expect(sv.get_by_role("list", name="Kolumn 1").get_by_role("button")).to_have_accessible_name(
        "ruter 3"
    )
    expect(sv.get_by_role("region", name="Talongen")).to_contain_text("16 kort kvar")
    expect(sv.get_by_role("region", name="Slänghögen")).to_be_visible()
    for _ in range(120):
        if "Given är slut" in coach(sv).inner_text():
            break
        before = version(sv)
        names = fitting_cards(sv)
        if names:
            sv.get_by_role("button", name=names[0], exact=True).click()
        else:
            sv.get_by_role("button", name="Dra", exact=True).click()
        expect(sv.locator("#board")).to_have_attribute("data-version", str(before + 1))
    assert re.search(r"Poäng: -?\d+$", coach(sv).inner_text().strip())
    expect(sv.get_by_role("link", name="Gå igenom given")).to_be_visible()


def test_angra_and_tips(sv: Page):
    open_deal(sv)
    sv.get_by_role("button", name="Dra", exact=True).click()
    expect(sv.locator("#board")).to_have_attribute("data-version", "1")
    expect(sv.get_by_role("region", name="Talongen")).to_contain_text("15 kort kvar")
    sv.get_by_role("button", name="Ångra", exact=True).click()
    expect(coach(sv)).to_contain_text("Tog tillbaka ett drag.")
    expect(sv.get_by_role("region", name="Talongen")).to_contain_text("16 kort kvar")
    sv.get_by_role("button", name="Tips", exact=True).click()
    expect(coach(sv)).to_contain_text("Tips:")
    assert re.search(r"Tips: (Spela|Vänd upp)", coach(sv).inner_text())


def test_the_variations_are_named_in_swedish_and_the_rules_page_deals_without_a_start_card(
    sv: Page,
):
    sv.goto("/solitaire")
    for name in (
        "Dam på kung",
        "Runt hörnet",
        "Noll poäng när patiensen går ut",
        "Inget startkort på slänghögen",
    ):
        expect(sv.get_by_role("checkbox", name=name)).to_be_visible()
    expect(sv.get_by_role("combobox", name="Jokrar")).to_be_visible()
    sv.goto("/rules/solitaire")
    expect(sv.get_by_role("heading", name="Snabbguide")).to_be_visible()
    sv.get_by_role("button", name="Spela en giv med svenska regler").click()
    expect(sv.get_by_role("region", name="Talongen")).to_contain_text("17 kort kvar")
    expect(sv.get_by_role("region", name="Slänghögen")).to_contain_text("Tom")


def test_take_the_quiz_in_swedish(sv: Page):
    sv.goto("/quiz")
    first = sv.get_by_role("group", name=re.compile("Översta kortet på slänghögen är hjärter 7"))
    first.get_by_role("button", name="spader 8").click()
    expect(sv.locator("#q-1-result")).to_contain_text("Rätt!")
    third = sv.get_by_role("group", name=re.compile("En kung ligger överst"))
    third.get_by_role("button", name="En dam").click()
    expect(sv.locator("#q-3-result")).to_contain_text("Inte riktigt.")
    expect(sv.locator("#q-3-result")).to_contain_text("Ingenting får läggas på en kung")


def test_create_a_six_card_game_and_play_a_turn_in_swedish(sv: Page):
    sv.goto("/golf6")
    sv.get_by_label("Ditt namn").fill("Anna")
    sv.get_by_label("Datorspelare").fill("1")
    sv.get_by_label("Platser för vänner").fill("0")
    sv.get_by_role("button", name="Skapa parti").click()
    expect(sv.get_by_role("heading", name="Väntar på start")).to_be_visible()
    sv.get_by_role("button", name="Starta partiet").click()
    for where in ("övre raden, vänster", "nedre raden, vänster"):
        card = sv.get_by_role("button", name=f"Ditt kort, {where}: med baksidan upp", exact=True)
        card.click()
        expect(card).to_have_count(0)
    draw = sv.get_by_role("button", name="Dra från talongen")
    expect(draw).to_be_visible(timeout=15_000)
    draw.click()
    expect(sv.get_by_text(re.compile(r"^Du drog [^.]+\.$"))).to_be_visible()
    sv.get_by_role("button", name=re.compile(r"^Ditt kort, .*: med baksidan upp$")).first.click()
    expect(sv.get_by_role("status")).to_contain_text("Du bytte in")
    expect(sv.get_by_role("table", name="Poängprotokoll")).to_be_visible()


@pytest.mark.parametrize(
    "url",
    ["/", "/solitaire", "/quiz", "/glossary", "/rules", "/rules/solitaire", "/rules/six-card-golf",
     "/golf6"],
)
def test_axe_finds_no_serious_problems_on_swedish_pages(new_page, url: str):
    page = new_page(bypass_csp=True, **SWEDISH)
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    assert serious_violations(page) == []


def test_the_language_navigation_switches_and_remembers(sv: Page):
    sv.goto("/")
    nav = sv.get_by_role("navigation", name="Språk")
    # Two links side by side, no list bullets; the language shown is marked, not by colour.
    english = nav.get_by_role("link", name="English")
    swedish = nav.get_by_role("link", name="Svenska")
    assert english.bounding_box()["y"] == swedish.bounding_box()["y"]
    assert nav.locator("li").first.evaluate("li => getComputedStyle(li).listStyleType") == "none"
    expect(swedish).to_have_attribute("aria-current", "true")
    assert swedish.evaluate("a => getComputedStyle(a).fontWeight") == "700"
    english.click()
    expect(sv.locator("html")).to_have_attribute("lang", "en")
    sv.goto("/quiz")  # the choice is kept although the browser asks for Swedish
    expect(sv.get_by_role("navigation", name="Language")).to_be_visible()
    sv.get_by_role("navigation", name="Language").get_by_role("link", name="Svenska").click()
    expect(sv.locator("html")).to_have_attribute("lang", "sv")


def test_the_language_switch_keeps_the_place_on_the_page(sv: Page):
    sv.goto("/glossary?lang=en#draw-pile")
    sv.get_by_role("navigation", name="Language").get_by_role("link", name="Svenska").click()
    expect(sv.locator("html")).to_have_attribute("lang", "sv")
    assert sv.url.endswith("#draw-pile")
    expect(sv.locator("#draw-pile")).to_be_in_viewport()


@pytest.mark.parametrize("width", [320, 375])
def test_the_worked_examples_fit_their_columns_on_a_phone(new_page, width: int):
    # Seven columns leave about 40 px a card; "passar" and "Kn♥" are wider than "fits" and "J♥".
    page = new_page(viewport={"width": width, "height": 740}, **SWEDISH)
    page.goto("/rules/solitaire")
    spills = page.eval_on_selector_all(
        ".mini-columns > li",
        """columns => columns.flatMap((column, index) => {
            const box = column.getBoundingClientRect();
            return [...column.querySelectorAll('.pcard, .fits-tag')]
              .filter(part => part.scrollWidth > part.clientWidth + 1
                || part.getBoundingClientRect().left < box.left - 1
                || part.getBoundingClientRect().right > box.right + 1)
              .map(part => `column ${index + 1}: ${part.textContent.trim()}`);
        })""",
    )
    assert page.locator(".fits-tag").count() > 0
    assert spills == []
