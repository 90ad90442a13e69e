"""The score keeper in a real browser, on a phone-sized screen, with and without JavaScript."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}


def no_horizontal_overflow(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def start_sheet(page, names, length="9 holes") -> None:
    page.goto("/scores")
    for i, name in enumerate(names, start=1):
        page.get_by_label(f"Player {i}", exact=True).fill(name)
    page.get_by_label("Length").select_option(label=length)
    page.get_by_role("button", name="Start score sheet").click()
    expect(page.get_by_role("table", name="Scores")).to_be_visible()


def save_hole(page, hole: int, scores: dict[str, int]) -> None:
    for name, score in scores.items():
        page.get_by_label(f"{name}, hole {hole}", exact=True).fill(str(score))
    page.get_by_role("button", name="Save hole", exact=True).click()
    expect(page.get_by_label(f"{next(iter(scores))}, hole {hole + 1}", exact=True)).to_be_visible()


def player_row(page, name: str):
    return (
        page.get_by_role("table", name="Scores")
        .get_by_role("row")
        .filter(has=page.get_by_role("rowheader", name=name, exact=True))
    )


def row_cells(page, name: str) -> list[str]:
    return [c.strip() for c in player_row(page, name).get_by_role("cell").all_inner_texts()]


def test_phone_game_with_helper_edit_and_no_overflow(new_page):
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    start_sheet(page, ["Ann", "Bo", "Cy"])
    assert no_horizontal_overflow(page)
    status = page.get_by_role("status")
    expect(status).to_contain_text("Ready for hole 1")

    # Bo's layout through the helper: columns 2/2, Q/5, 9/K score 24.
    page.get_by_text("Add up Bo’s cards for me").click()
    for position, rank in zip(
        [
            "top row, left",
            "top row, middle",
            "top row, right",
            "bottom row, left",
            "bottom row, middle",
            "bottom row, right",
        ],
        ["2", "Q", "9", "2", "5", "K"],
        strict=True,
    ):
        page.get_by_label(f"Bo’s card, {position}").select_option(rank)
    page.get_by_label("Ann, hole 1", exact=True).fill("5")
    page.get_by_role("button", name="Work out score for Bo").click()
    expect(page.get_by_text("Those cards score 24.")).to_be_focused()  # read out
    expect(page.get_by_label("Bo, hole 1", exact=True)).to_have_value("24")
    expect(page.get_by_label("Ann, hole 1", exact=True)).to_have_value("5")
    page.get_by_label("Cy, hole 1", exact=True).fill("-2")
    page.get_by_role("button", name="Save hole", exact=True).click()
    expect(status).to_have_text("After hole 1, Cy leads with -2.")
    expect(page.get_by_label("Ann, hole 2", exact=True)).to_be_focused()  # ready for the next
    assert row_cells(page, "Bo") == ["24", "24"]

    # A long game still fits the phone: the table scrolls inside its own box.
    for hole in range(2, 9):
        save_hole(page, hole, {"Ann": 10, "Bo": 12, "Cy": 40})
    assert no_horizontal_overflow(page)

    # Fix a mistyped score in hole 2 (Cy had 4, not 40).
    page.get_by_text(re.compile(r"^Hole 2:")).click()
    page.get_by_label("Cy, hole 2", exact=True).fill("4")
    page.get_by_role("button", name="Save changes to hole 2").click()
    expect(player_row(page, "Cy").get_by_role("cell").last).to_have_text(str(-2 + 4 + 40 * 6))
    assert row_cells(page, "Cy")[:3] == ["-2", "4", "40"]

    for name in ("Ann", "Bo", "Cy"):
        page.get_by_label(f"{name}, hole 9", exact=True).fill("0")
    page.get_by_role("button", name="Save hole", exact=True).click()
    expect(status).to_have_text("Game over after hole 9. Ann wins with 75.")
    assert no_horizontal_overflow(page)
    assert not [e for e in errors if "Content Security Policy" in e]


def test_eight_long_names_and_many_holes_fit_a_phone(new_page):
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    names = [letter + "x" * 29 for letter in "ABCDEFGH"]  # 30 letters, no space to wrap at
    page.goto("/scores")
    assert no_horizontal_overflow(page)
    start_sheet(page, names, length="18 holes")
    for hole in range(1, 4):
        save_hole(page, hole, dict.fromkeys(names, -12))
    page.get_by_text(f"Add up {names[7]}’s cards for me").click()
    page.get_by_text(re.compile(r"^Hole 1:")).click()
    assert no_horizontal_overflow(page)
    expect(page.get_by_role("status")).to_contain_text("share the lead with -36")


def test_targets_are_large_enough_to_tap(new_page):
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    start_sheet(page, ["Ann", "Bo"])
    for locator in (
        page.get_by_label("Ann, hole 1", exact=True),
        page.get_by_role("button", name="Save hole", exact=True),
        page.get_by_text("Add up Ann’s cards for me"),
    ):
        box = locator.bounding_box()
        assert box is not None and box["height"] >= 44


def test_the_pairs_checkbox_sits_beside_its_label(new_page):
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto("/scores")
    pairs = "Equal cards in a row or a column score 0"
    box = page.get_by_role("checkbox", name=pairs).bounding_box()
    label = page.get_by_text(pairs, exact=True).bounding_box()
    assert box["x"] + box["width"] <= label["x"]  # to its left, not above it
    assert abs((box["y"] + box["height"] / 2) - (label["y"] + label["height"] / 2)) < 4
    assert label["height"] >= 44 and box["width"] < 40
    page.get_by_text(pairs, exact=True).click()
    expect(page.get_by_role("checkbox", name=pairs)).to_be_checked()


def test_the_four_card_helper_picks_a_square(new_page):
    page = new_page(viewport=PHONE)
    page.goto("/scores")
    for i, name in enumerate(["Ann", "Bo"], start=1):
        page.get_by_label(f"Player {i}", exact=True).fill(name)
    page.get_by_label("Game").select_option(label="Four-card Golf")
    page.get_by_role("button", name="Start score sheet").click()
    page.get_by_text("Add up Ann’s cards for me").click()
    boxes = {place: page.get_by_label(f"Ann’s card, {place}", exact=True).bounding_box()
             for place in ("top row, left", "top row, right", "bottom row, left")}
    assert boxes["bottom row, left"]["x"] == boxes["top row, left"]["x"]  # two by two
    assert boxes["bottom row, left"]["y"] > boxes["top row, right"]["y"]
    for place, rank in zip(("top row, left", "top row, right", "bottom row, left",
                            "bottom row, right"), ["7", "K", "A", "Q"], strict=True):
        page.get_by_label(f"Ann’s card, {place}", exact=True).select_option(rank)
    page.get_by_role("button", name="Work out score").first.click()
    expect(page.get_by_label("Ann, hole 1", exact=True)).to_have_value("18")


FINAL = "Game over after hole 2: Ann reached 100. Bo wins with 1."


def test_works_without_javascript(page_without_js):
    page = page_without_js
    start_sheet(page, ["Ann", "Bo"], length="Until 100")
    page.get_by_label("Ann, hole 1", exact=True).fill("60")
    page.get_by_label("Bo, hole 1", exact=True).fill("3")
    page.get_by_role("button", name="Save hole", exact=True).click()
    expect(page.get_by_role("status")).to_have_text("After hole 1, Bo leads with 3.")

    page.get_by_text("Add up Ann’s cards for me").click()
    for k, rank in enumerate(["Q", "Q", "J", "10", "J", "Q"]):
        page.locator(f"#card-0-{k}").select_option(rank)
    page.get_by_role("button", name="Work out score for Ann").click()
    expect(page.get_by_label("Ann, hole 2", exact=True)).to_have_value("60")
    page.get_by_label("Bo, hole 2", exact=True).fill("-2")
    page.get_by_role("button", name="Save hole", exact=True).click()
    expect(page.get_by_role("status")).to_have_text(FINAL)

    read_link = page.get_by_label(re.compile("^Read-only link")).input_value()
    page.goto(read_link)
    expect(page.get_by_role("status")).to_have_text(FINAL)
    expect(page.get_by_role("button", name="Save hole")).to_have_count(0)


def test_sheet_prints_on_one_a4_page_without_forms(page):
    names = [letter + "x" * 19 for letter in "ABCDEFGH"]  # a full table of long names
    start_sheet(page, names, length="18 holes")
    for hole in range(1, 10):
        save_hole(page, hole, dict.fromkeys(names, -12))
    page.emulate_media(media="print")
    expect(page.get_by_role("table", name="Scores")).to_be_visible()
    expect(page.get_by_role("status")).to_be_visible()
    for hidden in (
        page.get_by_role("button", name="Save hole", exact=True),
        page.get_by_label(f"{names[0]}, hole 10", exact=True),
        page.get_by_role("heading", name="Fix a hole"),
        page.get_by_role("heading", name="Keep and share this sheet"),
        page.get_by_text("How this sheet works"),
    ):
        expect(hidden).to_be_hidden()
    # Every hole's column is printed, not cut off by the on-screen scroll box.
    assert page.locator(".table-scroll").evaluate("e => e.scrollWidth <= e.clientWidth")
    pdf = page.pdf(format="A4", print_background=False)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1


# The left edge of each text, in the order given, inside the first element matching `selector`.
LEFT_EDGES = """([selector, texts]) => {
  const root = document.querySelector(selector);
  const nodes = [];
  let all = "";
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    nodes.push([walker.currentNode, all.length]);
    all += walker.currentNode.data;
  }
  let from = 0;
  return texts.map((text) => {
    const at = all.indexOf(text, from);
    if (at < 0) return null;
    from = at + text.length;
    const [node, start] = nodes.filter(([, s]) => s <= at).pop();
    const range = document.createRange();
    range.setStart(node, at - start);
    range.setEnd(node, at - start + text.length);
    return range.getBoundingClientRect().left;
  });
}"""


def test_right_to_left_names_keep_their_place_in_sentences_and_lists(page):
    # Unfenced, a run of Hebrew names with commas and scores between them is laid out right to
    # left as one block: "Hole 1: 12 רון ,12 דני ,12 אנה", a list of names in reverse order.
    names = ["אנה", "דני", "רון", "Ann"]
    start_sheet(page, names)
    for name, score in zip(names, [12, 12, 12, 15], strict=True):
        label = name if name.isascii() else f"\u2068{name}\u2069"
        page.get_by_label(f"{label}, hole 1", exact=True).fill(str(score))
    page.get_by_role("button", name="Save hole", exact=True).click()
    status = page.get_by_role("status")
    expect(status).to_contain_text("share the lead with 12")
    in_order = ["After hole 1", "אנה", "דני", "רון", "share the lead"]
    edges = page.evaluate(LEFT_EDGES, ["[role=status]", in_order])
    assert None not in edges and edges == sorted(edges), list(zip(in_order, edges, strict=True))
    in_order = ["Hole 1:", "אנה", "12", "דני", "12", "רון", "12", "Ann", "15"]
    edges = page.evaluate(LEFT_EDGES, [".fix-hole summary", in_order])
    assert None not in edges and edges == sorted(edges), list(zip(in_order, edges, strict=True))


def test_a_fixed_holes_summary_keeps_its_spaces(page):
    # The summary is a flex box: text and names as separate items there lose the spaces
    # between them ("Hole 1:Ann22,Bo7").
    start_sheet(page, ["Ann", "Bo"])
    page.get_by_label("Ann, hole 1", exact=True).fill("22")
    page.get_by_label("Bo, hole 1", exact=True).fill("7")
    page.get_by_role("button", name="Save hole", exact=True).click()
    expect(page.locator(".fix-hole summary")).to_have_text("Hole 1: Ann 22, Bo 7")
    # Drawn as read: each word starts to the right of where the one before it ends.
    words = ["Hole 1:", "Ann", "22,", "Bo", "7"]
    lefts = page.evaluate(LEFT_EDGES, [".fix-hole summary", words])
    rights = page.evaluate(LEFT_EDGES.replace(".left;", ".right;"), [".fix-hole summary", words])
    gaps = [later - before for before, later in zip(rights, lefts[1:], strict=False)]
    assert all(gap > 1 for gap in gaps), list(zip(words[1:], gaps, strict=True))


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_enter_in_a_score_box_saves_the_hole(page, page_without_js, javascript):
    # Each player's "Work out score" button comes before "Save hole" in the form.
    page = page if javascript else page_without_js
    start_sheet(page, ["Ann", "Bo"])
    page.get_by_label("Ann, hole 1", exact=True).fill("5")
    page.get_by_label("Bo, hole 1", exact=True).fill("4")
    page.get_by_label("Bo, hole 1", exact=True).press("Enter")
    expect(page.get_by_role("status")).to_have_text("After hole 1, Bo leads with 4.")
    expect(page.get_by_label("Ann, hole 2", exact=True)).to_be_visible()


def test_saving_the_last_hole_leaves_focus_on_the_result(page):
    start_sheet(page, ["Ann", "Bo"], length="Until 100")
    save_hole(page, 1, {"Ann": 55, "Bo": 10})
    page.get_by_label("Ann, hole 2", exact=True).fill("50")
    page.get_by_label("Bo, hole 2", exact=True).fill("3")
    page.get_by_label("Bo, hole 2", exact=True).press("Enter")  # the keyboard way to save
    expect(page.get_by_text("The game is over.")).to_be_visible()
    expect(page.locator("#sheet-status")).to_be_focused()
    expect(page.locator("#sheet-status")).to_contain_text("Bo")


def test_without_javascript_focus_lands_where_htmx_puts_it(page_without_js):
    page = page_without_js
    start_sheet(page, ["Ann", "Bo"])
    # Nothing could copy without the script: no dead button, the link waits in its field.
    expect(page.get_by_role("button", name="Copy private link")).to_be_hidden()
    expect(page.locator("#private-link")).to_be_visible()
    save_hole(page, 1, {"Ann": 5, "Bo": 4})
    expect(page.get_by_label("Ann, hole 2", exact=True)).to_be_focused()


def test_removing_the_only_hole_leaves_focus_on_the_first_score_box(page):
    start_sheet(page, ["Ann", "Bo"])
    expect(page.get_by_role("button", name="Copy private link")).to_be_visible()
    save_hole(page, 1, {"Ann": 5, "Bo": 4})
    page.locator(".fix-hole summary").click()
    page.get_by_role("button", name="Remove hole 1").press("Enter")
    expect(page.locator(".fix-hole")).to_have_count(0)
    expect(page.get_by_label("Ann, hole 1", exact=True)).to_be_focused()


def test_fixing_a_hole_keeps_the_scores_typed_for_the_next(page):
    start_sheet(page, ["Ann", "Bo"])
    save_hole(page, 1, {"Ann": 5, "Bo": 4})
    page.get_by_label("Ann, hole 2", exact=True).fill("8")
    page.locator(".fix-hole summary").click()
    page.get_by_label("Bo, hole 1", exact=True).fill("2")
    page.get_by_role("button", name="Save changes to hole 1").click()
    expect(page.locator(".fix-hole summary")).to_have_text("Hole 1: Ann 5, Bo 2")
    expect(page.get_by_label("Ann, hole 2", exact=True)).to_have_value("8")


def test_on_a_phone_the_sheet_shows_its_latest_holes(new_page):
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
    start_sheet(page, names)
    for hole in range(1, 7):
        save_hole(page, hole, dict.fromkeys(names, 10 + hole))
    latest = page.get_by_role("columnheader", name="Hole 6")
    assert latest.bounding_box()["x"] + latest.bounding_box()["width"] <= PHONE["width"]
    page.reload()  # a page load opens there too (the browser keeps the page's own scroll)
    page.locator("#sheet-scroll").scroll_into_view_if_needed()
    expect(page.get_by_role("columnheader", name="Hole 6")).to_be_in_viewport()
    assert page.locator("#sheet-scroll").evaluate("region => region.scrollLeft") > 0


@pytest.mark.parametrize("width", [320, PHONE["width"]])
def test_a_sheet_wider_than_a_phone_keeps_its_caption_and_says_it_slides(new_page, width):
    page = new_page(viewport={**PHONE, "width": width}, is_mobile=True, has_touch=True)
    names = ["Ann", "Bo", "Cy"]
    start_sheet(page, names)
    for hole in range(1, 9):
        save_hole(page, hole, dict.fromkeys(names, 10 + hole))
    region = page.locator("#sheet-scroll")
    assert region.evaluate("box => box.scrollLeft") > 40  # opened at the latest holes
    # The caption's words and the note under them stay inside the box, whole, however far
    # it has scrolled (at 320 px the note wraps).
    expect(page.get_by_text("Slide the table sideways to see every hole.")).to_be_visible()
    for scrolled in ("end", "start"):
        box, words = region.bounding_box(), page.locator("#sheet-scroll .caption-text")
        words = words.bounding_box()
        assert box["x"] <= words["x"], scrolled
        assert words["x"] + words["width"] <= box["x"] + box["width"], scrolled
        region.evaluate("box => { box.scrollLeft = 0; }")
    expect(page.get_by_role("table", name="Scores", exact=True)).to_be_visible()


def test_a_sheet_that_fits_its_box_says_nothing_of_sliding(page):
    start_sheet(page, ["Ann", "Bo"])
    save_hole(page, 1, {"Ann": 3, "Bo": 4})
    expect(page.get_by_role("table", name="Scores", exact=True)).to_be_visible()
    expect(page.get_by_text("Slide the table sideways to see every hole.")).to_be_hidden()


def test_on_the_narrowest_phone_no_hole_hides_under_the_totals(new_page):
    page = new_page(viewport={"width": 320, "height": 568}, is_mobile=True, has_touch=True)
    names = [letter + "x" * 29 for letter in "ABCDEFGH"]
    start_sheet(page, names)
    for hole in range(1, 4):
        save_hole(page, hole, dict.fromkeys(names, 22))
    total = page.locator("table.scores td.total").first
    assert total.evaluate("cell => getComputedStyle(cell).position") == "static"
    name = page.locator("table.scores tbody th[scope=row]").first.bounding_box()
    assert name["width"] <= 6 * 16 + 1  # the names leave room for the holes
    assert no_horizontal_overflow(page)
