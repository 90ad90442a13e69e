"""Dark mode: follows the system, a switch the browser keeps (with or without JavaScript),
and axe finds enough contrast in both themes on every kind of page.

The light theme of the reading pages and of a deal is scanned by test_pages and
test_solitaire; here they are scanned in the dark theme."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_golf6 import create_game
from tests.browser.test_pages import SCANNED, serious_violations
from tests.browser.test_scorekeeper import save_hole, start_sheet
from tests.browser.waiting import wait_for_htmx

pytestmark = pytest.mark.browser

DARK_PAPER = "rgb(21, 24, 27)"
LIGHT_PAPER = "rgb(251, 250, 246)"


def paper(page: Page) -> str:
    return page.evaluate("getComputedStyle(document.documentElement).backgroundColor")


def open_deal(page: Page) -> None:
    page.goto("/solitaire")
    page.get_by_label("Deal number").fill("2")
    page.get_by_role("button", name="Play this deal").click()
    expect(page.get_by_role("region", name="Columns")).to_be_visible()


@pytest.mark.parametrize("url", SCANNED)
def test_axe_finds_enough_contrast_in_the_dark_theme(new_page, url):
    page = new_page(bypass_csp=True, color_scheme="dark")
    page.goto(url)
    assert paper(page) == DARK_PAPER
    assert serious_violations(page) == []


def test_axe_finds_enough_contrast_on_a_deal_in_the_dark_theme(new_page):
    page = new_page(bypass_csp=True, color_scheme="dark")
    open_deal(page)
    assert serious_violations(page) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_enough_contrast_at_a_table_and_on_a_score_sheet(new_page, scheme):
    page = new_page(bypass_csp=True, color_scheme=scheme)
    create_game(page, "Ann", bots=1, friends=0)
    page.get_by_role("button", name="Start game").click()
    expect(page.get_by_role("button", name=re.compile("^Your card")).first).to_be_visible()
    assert serious_violations(page) == []
    start_sheet(page, ["Ann", "Bo"])
    assert serious_violations(page) == []


def luminance(rgb: str) -> float:
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(x)) for x in re.findall(r"\d+", rgb)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_score_sheets_leader_bar_stands_out_in_both_themes(new_page, scheme):
    """axe does not judge a bar drawn as a box shadow: non-text contrast asks 3:1."""
    page = new_page(color_scheme=scheme)
    start_sheet(page, ["Ann", "Bo"])
    save_hole(page, 1, {"Ann": 5, "Bo": 4})
    leader = page.locator(".scores .is-leader th[scope=row]")
    bar = leader.evaluate("cell => getComputedStyle(cell).boxShadow")
    background = leader.evaluate("cell => getComputedStyle(cell).backgroundColor")
    assert contrast(re.match(r"rgba?\([^)]*\)", bar).group(0), background) >= 3


def test_the_system_theme_is_followed_until_the_switch_says_otherwise(new_page):
    page = new_page(color_scheme="dark")
    page.goto("/glossary")
    assert paper(page) == DARK_PAPER
    wait_for_htmx(page)
    page.get_by_role("link", name="Light").click()
    assert paper(page) == LIGHT_PAPER
    expect(page.get_by_role("link", name="Light")).to_have_attribute("aria-current", "true")
    page.goto("/rules/solitaire")  # the browser keeps the choice
    assert paper(page) == LIGHT_PAPER
    page.get_by_role("link", name="As system").click()
    assert paper(page) == DARK_PAPER
    page.reload()
    assert paper(page) == DARK_PAPER


def test_the_switch_works_without_javascript(new_page, live_server):
    page = new_page(java_script_enabled=False, color_scheme="light")
    page.goto("/rules/six-card-golf")
    assert paper(page) == LIGHT_PAPER
    page.get_by_role("link", name="Dark").click()
    expect(page).to_have_url(f"{live_server}/rules/six-card-golf")
    assert paper(page) == DARK_PAPER
    page.goto("/")
    assert paper(page) == DARK_PAPER
