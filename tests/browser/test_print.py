"""Printing: a score sheet and a solitaire round's score card each fit one A4 page, without
the navigation or any button (the site-wide @media print rules in static/app.css)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_scorekeeper import save_hole, start_sheet

pytestmark = pytest.mark.browser


def printed_pages(page: Page) -> int:
    pdf = page.pdf(format="A4", print_background=True)
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def hidden_when_printed(page: Page) -> None:
    page.emulate_media(media="print")
    expect(page.get_by_role("navigation", name="Main")).to_be_hidden()
    expect(page.locator("button:visible")).to_have_count(0)
    expect(page.locator("form:visible")).to_have_count(0)


def test_a_full_score_sheet_prints_on_one_a4_page(new_page):
    page = new_page(color_scheme="dark")  # paper is white whatever the screen theme
    names = ["Ann", "Bo", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal"]
    start_sheet(page, names)
    for hole in range(1, 9):
        save_hole(page, hole, {name: (hole * 3 + i) % 11 for i, name in enumerate(names)})
    hidden_when_printed(page)
    expect(page.get_by_role("table", name="Scores")).to_be_visible()
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") in (
        "rgba(0, 0, 0, 0)", "rgb(255, 255, 255)")  # fmt: skip
    assert printed_pages(page) == 1


def test_a_solitaire_round_score_card_prints_on_one_a4_page(page: Page):
    page.goto("/solitaire")
    page.get_by_role("button", name="Start a round of nine").click()
    expect(page.get_by_role("heading", name="Score card")).to_be_visible()
    found = re.search(r"/solitaire/rounds/[A-Za-z0-9_-]+", page.content())
    assert found, "the deal page links its round"
    page.goto(found.group(0))
    hidden_when_printed(page)
    expect(page.get_by_role("heading", name="Score card")).to_be_visible()
    assert printed_pages(page) == 1
