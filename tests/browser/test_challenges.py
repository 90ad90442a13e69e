"""Challenges and the deal of the day in real browsers: two players, the same cards, scores
that appear only after finishing a hole, and a replay of the other player's deal."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_solitaire_review import play_to_the_end

pytestmark = pytest.mark.browser


def columns(page: Page) -> list[str]:
    """Every card of the seven columns by its accessible name, column by column."""
    region = page.get_by_role("region", name="Columns")
    expect(region).to_be_visible()
    return [
        item.get_attribute("aria-label") or item.inner_text()
        for item in region.get_by_role("listitem").all()
    ]


def round_id_of(page: Page) -> str:
    """Open the round's challenge page from its score card and read the round id."""
    page.get_by_role("button", name="Challenge a friend").click()
    return re.search(r"/solitaire/rounds/([^/]+)/challenge", page.url).group(1)


def hole_cards(page: Page, round_id: str, hole: int) -> list[str]:
    page.goto(f"/solitaire/rounds/{round_id}")
    page.get_by_role("link", name=re.compile(rf"^Hole {hole}: deal \d+")).click()
    return columns(page)


def deals_of(page: Page, round_id: str) -> list[str]:
    """The round's open holes as its page lists them: "Hole 2: deal 123456", ... (holes open
    in order, so after hole 1 only holes 1 and 2)."""
    page.goto(f"/solitaire/rounds/{round_id}")
    links = page.get_by_role("link", name=re.compile(r"^Hole \d+: deal \d+$")).all()
    names = [link.inner_text() for link in links]
    assert len(names) == 2, names
    return names


def results_cell(page: Page, name: str, hole: int):
    table = page.get_by_role("table", name="Challenge results")
    row = table.get_by_role("row").filter(has=page.get_by_role("rowheader", name=re.compile(name)))
    return row.get_by_role("cell").nth(hole - 1)


def test_two_browsers_play_one_challenge(page, page_without_js):
    ann, bo = page, page_without_js  # Bo plays without JavaScript all along

    ann.goto("/solitaire")
    ann.get_by_role("button", name="Start a round of nine").click()
    ann_hole1 = columns(ann)
    ann.get_by_role("button", name="Challenge a friend").click()
    ann.get_by_label("Your name").fill("Ann")
    ann.get_by_role("button", name="Challenge a friend").click()
    link = ann.get_by_label("Challenge link").input_value()
    expect(ann.get_by_role("button", name="Copy challenge link")).to_be_visible()
    ann_round = re.search(r"/solitaire/rounds/([^/]+)/challenge", ann.url).group(1)
    assert ann_round not in link

    bo.goto(link)
    expect(bo.get_by_role("table", name="Challenge results")).to_contain_text("Ann")
    bo.get_by_label("Your name").fill("Bo")
    bo.get_by_role("button", name="Accept challenge").click()
    assert columns(bo) == ann_hole1  # hole 1: the very same cards

    # Bo finishes hole 1; Ann, who has not, sees that he has but not his score.
    play_to_the_end(bo, draw_first=True)
    bo_round = round_id_of(bo)
    bo_score = results_cell(bo, "Bo", 1).inner_text().strip()
    assert re.fullmatch(r"-?\d+", bo_score)
    ann.goto(f"/solitaire/rounds/{ann_round}/challenge")
    expect(results_cell(ann, "Bo", 1)).to_have_text(re.compile("✓"))
    expect(results_cell(ann, "Bo", 1)).not_to_contain_text(bo_score)

    # Ann finishes hole 1 too; now Bo's score shows, and his deal can be replayed.
    ann.get_by_role("link", name="Play your next hole").click()
    play_to_the_end(ann, draw_first=True)
    ann.goto(f"/solitaire/rounds/{ann_round}/challenge")
    expect(results_cell(ann, "Bo", 1)).to_have_text(bo_score)
    bo.goto(f"/solitaire/rounds/{bo_round}/challenge")
    expect(results_cell(bo, "Ann", 1)).not_to_have_text("–")

    ann.get_by_role("link", name=re.compile("replay Bo")).click()
    status = ann.get_by_role("status")
    expect(status).to_contain_text("After move")
    # The best possible score, from a stored review or worked out in the background.
    expect(ann.locator("#replay-best")).to_have_text(re.compile(r"^best possible: -?\d+"))
    total = int(re.search(r"of (\d+)", status.inner_text()).group(1))
    ann.get_by_role("link", name="First").click()
    expect(status).to_contain_text("before the first move")
    assert columns(ann) == ann_hole1
    ann.get_by_role("link", name="Next move").click()
    expect(status).to_have_text(re.compile(
        rf"After move 1 of {total}: (played the .+ of .+ from column \d|drew the .+ of .+)\."))
    # The step link keeps the focus though the page loads anew (else the next step is 13 tabs
    # away), and n steps on.
    expect(ann.get_by_role("link", name="Next move")).to_be_focused()
    ann.keyboard.press("n")
    expect(status).to_contain_text(f"After move 2 of {total}")
    next_move = ann.get_by_role("link", name="Next move")
    expect(next_move).to_be_focused()
    # A screen reader hears the step with the focused link (a filled status region is not
    # announced when a page loads); at the end focus goes to the link that still steps.
    expect(next_move).to_have_attribute("aria-describedby", "replay-step")
    ann.get_by_role("link", name="Last").click()
    expect(status).to_contain_text(f"After move {total} of {total}")
    expect(ann.get_by_role("link", name="Previous move")).to_be_focused()

    # The next hole deals both the same number, so the same cards.
    assert deals_of(ann, ann_round) == deals_of(bo, bo_round)
    assert hole_cards(ann, ann_round, 2) == hole_cards(bo, bo_round, 2)


def test_deal_of_the_day_is_the_same_for_two_fresh_browsers(page, new_page):
    other = new_page()
    for browser in (page, other):
        browser.goto("/")
        browser.get_by_role("link", name=re.compile("^Deal of the day")).click()
        expect(browser.get_by_role("img", name="Scores of today's players")).to_have_count(0)
        browser.get_by_role("button", name="Play the deal of the day").click()
    assert columns(page) == columns(other)

    play_to_the_end(page, draw_first=True)
    # Its score counts now: Undo is off, and focus waits on the link to the review.
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()
    expect(page.get_by_role("link", name="Review this deal")).to_be_focused()
    page.get_by_role("link", name="See how everyone did on the deal of the day").click()
    chart = page.get_by_role("img", name="Scores of today's players")
    expect(chart).to_be_visible()
    expect(page.get_by_role("status")).to_contain_text("1 player has played it.")
    expect(page.get_by_role("status")).not_to_contain_text("as well as")  # nobody else yet
    other.goto("/solitaire/daily")
    expect(other.get_by_role("link", name="Go on with the deal of the day")).to_be_visible()
    expect(other.get_by_role("img", name="Scores of today's players")).to_have_count(0)

    # A second score: the chart's end labels, centred under its first and last bars, are
    # drawn whole.
    other.get_by_role("link", name="Go on with the deal of the day").click()
    play_to_the_end(other)
    other.goto("/solitaire/daily")
    chart = other.get_by_role("img", name="Scores of today's players")
    expect(chart).to_be_visible()
    frame = chart.bounding_box()
    labels = [label.bounding_box() for label in other.locator(".spread-label").all()]
    assert len(labels) == 2, "two scores"
    for box in labels:
        assert frame["x"] <= box["x"] and box["x"] + box["width"] <= frame["x"] + frame["width"]

    # On a phone the chart takes the width there is, so its labels stay readable.
    other.set_viewport_size({"width": 375, "height": 740})
    sizes = other.locator(".spread-label").evaluate_all(
        "labels => labels.map(label => label.getBoundingClientRect().height)")
    assert min(sizes) >= 14  # 12 (a 10 px font) inside a figure's 40 px margins


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_kept_draw_is_explained_readably_and_again_when_u_is_pressed(new_page, scheme):
    """The note under a switched-off Undo is legible on the felt, and the Undo key says why it
    does nothing (a disabled button cannot take focus, so its description is not read out
    on its own)."""
    from tests.browser.test_dark_mode import contrast
    from tests.browser.test_pages import serious_violations

    page = new_page(bypass_csp=True, color_scheme=scheme)  # axe is injected as a script
    page.goto("/solitaire/daily")
    page.get_by_role("button", name="Play the deal of the day").click()
    expect(page.get_by_role("region", name="Draw pile")).to_contain_text("16 cards left")
    page.keyboard.press("d")
    expect(page.get_by_role("region", name="Draw pile")).to_contain_text("15 cards left")
    note = page.locator("#undo-note")
    expect(note).to_be_visible()
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()
    page.keyboard.press("u")
    expect(page.locator("#page-said")).to_have_text(note.inner_text())
    # axe leaves text on a gradient unjudged: against the felt's lightest colour, by hand.
    ink, felt = note.evaluate("""note => {
        const probe = document.createElement("span");
        probe.style.color = "var(--felt-light)";
        note.closest(".felt").append(probe);
        const felt = getComputedStyle(probe).color;
        probe.remove();
        return [getComputedStyle(note).color, felt];
    }""")
    assert contrast(ink, felt) >= 4.5, (ink, felt)
    assert serious_violations(page) == []



def test_the_record_and_its_delete_page_pass_axe_and_keep_is_focused(new_page):
    from tests.browser.test_pages import serious_violations

    page = new_page(bypass_csp=True)  # axe is injected as a script
    page.goto("/solitaire/daily")
    page.get_by_role("button", name="Play the deal of the day").click()
    play_to_the_end(page)
    page.goto("/solitaire/record")
    assert serious_violations(page) == []
    page.get_by_role("link", name="Delete my record…").click()
    expect(page.get_by_role("link", name="Keep my record")).to_be_focused()
    assert serious_violations(page) == []
    page.get_by_role("button", name="Delete my record").click()
    expect(page.get_by_role("status")).to_contain_text("Your record is deleted.")
