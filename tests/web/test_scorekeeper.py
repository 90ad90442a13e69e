"""The score keeper over HTTP: create, enter holes, fix scores, the helper, links and refusals."""

from __future__ import annotations

import re

import pytest

ID_RE = re.compile(r"/scores/([A-Za-z0-9_-]{16,})$")


def start(client, names=("Ann", "Bo"), length="9") -> str:
    """Create a sheet through the form; return its private path."""
    fields = {f"player_{i}": name for i, name in enumerate(names, start=1)}
    response = client.submit("/scores", {**fields, "length": length})
    assert response.status_code == 303
    path = response.headers["location"]
    assert ID_RE.search(path)
    return path


def state(client, path: str) -> dict:
    response = client.get(path, headers={"Accept": "application/json"})
    assert response.status_code == 200
    return response.json()


def version(client, path: str) -> int:
    page = client.get(path).text
    return int(re.search(r'name="version" value="(\d+)"', page).group(1))


def enter(client, path: str, scores, htmx=False, **extra):
    fields = {f"score_{i}": str(s) for i, s in enumerate(scores)}
    data = {**fields, "version": str(version(client, path)), **extra}
    return client.submit(f"{path}/holes", data, htmx=htmx)


def work_out(client, path: str, fields: dict, htmx: bool = True):
    """Press a player's "Work out score" in the sheet's hole form as it is now."""
    data = {"version": str(version(client, path)), **fields}
    return client.submit(f"{path}/helper", data, htmx=htmx)


def test_new_sheet_form_has_contract_fields(client):
    page = client.get("/scores").text
    for i in range(1, 9):
        assert f'<label for="player-{i}">Player {i}</label>' in page
    assert '<label for="length">Length</label>' in page
    assert all(label in page for label in (">9 holes<", ">18 holes<", ">Until 100<"))
    assert "Start score sheet" in page


def test_created_sheet_shows_fields_per_player_and_table(client):
    page = client.get(start(client, ("Ann", "Bo", "Cy"))).text
    assert ">Ann, hole 1</label>" in page and ">Cy, hole 1</label>" in page
    assert '<caption><span class="caption-text">Scores<span class="scroll-note"' in page
    assert 'role="status"' in page and "Ready for hole 1" in page
    assert 'type="number"' in page and "Save hole" in page


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"player_1": "Ann"}, "2 to 8 players"),
        ({"player_1": "Ann", "player_2": "ann"}, "Two players are called ann."),
        ({"player_1": "A" * 31, "player_2": "Bo"}, "at most 30 characters"),
        ({"player_1": "Ann", "player_2": "Bo", "length": "12"}, "9 holes, 18 holes"),
        ({"player_1": "Ann", "player_3": "B\u202eo"}, "Names can only use letters"),
    ],
)
def test_bad_new_sheet_refused_with_message_and_names_kept(client, fields, message):
    response = client.submit("/scores", {"length": "9", **fields})
    assert response.status_code == 422
    assert message in response.text
    assert 'value="Ann"' in response.text or 'value="AAAA' in response.text
    # The name named takes focus, else the reason itself: either way it is heard at once.
    assert response.text.count(" autofocus") == 1
    focused = re.search(r"<(input|p)\b[^>]*\bautofocus\b[^>]*>", response.text).group(0)
    assert 'aria-invalid="true"' in focused or 'id="new-sheet-error"' in focused
    if "u202e" in repr(fields):  # the unprintable name's own field is the one named
        assert 'id="player-3"' in focused


def test_names_are_escaped(client):
    page = client.get(start(client, ("<script>x</script>", "Bo"))).text
    assert "<script>x</script>" not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page


@pytest.mark.parametrize("htmx", [False, True])
def test_entering_holes_updates_totals_and_leader(client, htmx):
    path = start(client, ("Ann", "Bo", "Cy"))
    response = enter(client, path, [5, -2, 10], htmx=htmx)
    if htmx:
        assert response.status_code == 200
        assert 'id="sheet"' in response.text and "<html" not in response.text
        assert 'hx-swap-oob="innerHTML"' in response.text
        assert "After hole 1, Bo leads with -2." in response.text
    else:
        # The next hole's first box takes the focus, as after htmx's swap.
        assert response.status_code == 303 and response.headers["location"] == f"{path}#score-0"
    enter(client, path, [16, 8, -6], htmx=htmx)
    data = state(client, path)
    assert data["holes"] == [[5, -2, 10], [16, 8, -6]]
    assert data["totals"] == [21, 6, 4] and data["leaders"] == [2]
    assert "After hole 2, Cy leads with 4." in client.get(path).text


def test_nine_holes_end_with_shared_win(client):
    path = start(client, ("Ann", "Bo", "Cy"))
    for _ in range(9):
        enter(client, path, [4, 4, 5])
    page = client.get(path).text
    assert "Game over after hole 9. Ann and Bo share the win with 36." in page
    assert ">Ann, hole 10<" not in page  # no new-hole form once the game is over
    assert state(client, path)["winners"] == [0, 1]
    response = client.submit(f"{path}/holes", {"score_0": "1", "score_1": "1", "score_2": "1",
                                               "version": str(version(client, path))})
    assert response.status_code == 422 and "game is over" in response.text


def test_until_100_ends_after_the_hole_someone_reaches_100(client):
    path = start(client, ("Ann", "Bo"), length="100")
    for _ in range(3):
        enter(client, path, [30, 10])
    assert not state(client, path)["finished"]
    enter(client, path, [15, 10])
    data = state(client, path)
    assert data["finished"] and data["totals"] == [105, 40] and data["winners"] == [1]
    assert "Game over after hole 4: Ann reached 100. Bo wins with 40." in client.get(path).text


@pytest.mark.parametrize("htmx", [False, True])
def test_fixing_a_mistyped_score(client, htmx):
    path = start(client)
    enter(client, path, [5, 6])
    enter(client, path, [50, 1])
    data = {"fix_0": "5", "fix_1": "1", "version": str(version(client, path))}
    response = client.submit(f"{path}/holes/2", data, htmx=htmx)
    assert response.status_code == (200 if htmx else 303)
    assert state(client, path)["holes"] == [[5, 6], [5, 1]]
    assert ">Ann, hole 2</label>" in client.get(path).text  # the edit form of hole 2


def typed_for_new_hole(page: str) -> list[str]:
    return re.findall(r'id="score-\d+" name="score_\d+"[^>]*value="([^"]*)"', page)


@pytest.mark.parametrize("suffix", ["", "/remove"])
def test_fixing_another_hole_gives_back_what_was_typed_for_the_new_one(client, suffix):
    """The fix forms post the new hole's fields too (app.js), so the swap keeps them."""
    path = knock_sheet(client)
    enter(client, path, [5, 6], knocker="")
    enter(client, path, [7, 3], knocker="")
    typed = {"score_0": "8", "score_1": "", "knocker": "1"}
    fixed = client.submit(f"{path}/holes/1{suffix}", {
        "fix_0": "4", "fix_1": "6", "version": str(version(client, path)), **typed}, htmx=True)
    assert fixed.status_code == 200
    assert typed_for_new_hole(fixed.text) == ["8", ""]
    assert '<option value="1" selected>' in fixed.text
    assert state(client, path)["holes"] == ([[7, 3]] if suffix else [[4, 6], [7, 3]])
    typed["score_1"] = "2"  # someone saved a hole meanwhile: nothing typed is lost either
    stale = client.submit(f"{path}/holes", {"version": "0", **typed}, htmx=True)
    assert stale.status_code == 409 and typed_for_new_hole(stale.text) == ["8", "2"]


def test_stale_edit_refused_with_fresh_sheet_and_nothing_changes(client):
    path = start(client)
    enter(client, path, [5, 6])
    old = version(client, path)
    enter(client, path, [7, 7])  # someone else saved meanwhile
    response = client.submit(f"{path}/holes/1", {"fix_0": "0", "fix_1": "0",
                                                 "version": str(old)}, htmx=True)
    assert response.status_code == 409
    assert "changed since you opened it" in response.text
    assert "After hole 2, Ann leads with 12." in response.text  # the fresh sheet
    assert state(client, path)["holes"] == [[5, 6], [7, 7]]


@pytest.mark.parametrize(("fields", "highest"), [
    ({}, 60), ({"game": "golf4"}, 40), ({"game": "golf4", "knock_penalty": "on"}, 40)])
def test_a_hole_scores_no_more_than_its_cards_can(client, fields, highest):
    """Six jacks and queens score 60, four score 40 (the sheet adds a knocker's penalty): a typo
    such as 100 for 10 is caught, not taken as the end of an "until 100" game."""
    names = {"player_1": "Ann", "player_2": "Bo"}
    path = client.submit("/scores", {**names, "length": "100", **fields}).headers["location"]
    page = client.get(path).text
    assert f'max="{highest}"' in page
    response = enter(client, path, [str(highest + 1), "1"], htmx=True)
    assert response.status_code == 422
    assert f"a hole scores between 0 and {highest}." in response.text or (
        f"a hole scores between -50 and {highest}." in response.text)
    assert state(client, path)["holes"] == []
    assert enter(client, path, [str(highest), "1"]).status_code == 303


@pytest.mark.parametrize(
    ("scores", "message"),
    [(["abc", "1"], "whole number"), (["", "1"], "enter a score for Ann"),
     (["999", "1"], "cannot be right"), (["1.5", "2"], "whole number")],
)
def test_garbage_scores_refused_and_typed_values_kept(client, scores, message):
    path = start(client)
    response = enter(client, path, scores, htmx=True)
    assert response.status_code == 422
    assert message in response.text
    assert f'value="{scores[0]}"' in response.text
    assert state(client, path)["holes"] == []


def test_missing_version_refused(client):
    path = start(client)
    response = client.submit(f"{path}/holes", {"score_0": "1", "score_1": "2"})
    assert response.status_code == 422 and "reload" in response.text
    assert state(client, path)["holes"] == []


def test_forgotten_hole_inserted_and_hole_removed(client):
    path = start(client)
    enter(client, path, [1, 1])
    enter(client, path, [3, 3])
    enter(client, path, [2, 2], before="2")
    assert state(client, path)["holes"] == [[1, 1], [2, 2], [3, 3]]
    response = client.submit(f"{path}/holes/1/remove", {"version": str(version(client, path))})
    assert response.status_code == 303
    assert state(client, path)["holes"] == [[2, 2], [3, 3]]


@pytest.mark.parametrize("url", ["/holes/7", "/holes/7/remove", "/holes/0"])
def test_unknown_hole_refused(client, url):
    path = start(client)
    enter(client, path, [1, 1])
    response = client.submit(f"{path}{url}", {"fix_0": "1", "fix_1": "1",
                                              "version": str(version(client, path))})
    assert response.status_code == 422 and "no hole" in response.text


def test_garbage_hole_number_names_no_page(client):
    path = start(client)
    response = client.submit(f"{path}/holes/abc", {"version": "0"})
    assert response.status_code == 404 and "The link may be mistyped" in response.text


def test_unknown_sheet_is_404_and_changes_nothing(client):
    assert client.get("/scores/nosuchsheet1234567").status_code == 404
    assert client.get("/scores/view/nosuchsheet1234567").status_code == 404
    response = client.submit("/scores/nosuchsheet1234567/holes", {"version": "0"})
    assert response.status_code == 404


def test_read_only_link_shows_scores_without_forms(client):
    path = start(client)
    enter(client, path, [5, -2])
    page = client.get(path).text
    read_url = re.search(r'id="read-link" type="text" readonly value="([^"]+)"', page).group(1)
    assert path in re.search(r'id="private-link" type="text" readonly value="([^"]+)"',
                             page).group(1)
    view = client.get(read_url.replace("http://testserver", ""))
    assert view.status_code == 200
    assert "After hole 1, Bo leads with -2." in view.text
    assert "<form" not in view.text.split('<main', 1)[1].split("</main>")[0]
    assert path.rsplit("/", 1)[1] not in view.text  # the private id never leaks
    assert "Save hole" not in view.text


@pytest.mark.parametrize("htmx", [False, True])
def test_layout_helper_fills_the_players_field(client, htmx):
    path = start(client, ("Ann", "Bo"))
    cards = dict(zip([f"card_1_{k}" for k in range(6)], ["2", "Q", "9", "2", "5", "K"],
                     strict=True))
    data = {"score_0": "7", "score_1": "", "helper_for": "1", **cards}
    response = work_out(client, path, data, htmx=htmx)
    assert response.status_code == 200
    assert "Those cards score 24." in response.text
    assert 'name="score_1" type="number"' in response.text
    assert re.search(r'name="score_1"[^>]*value="24"', response.text)
    assert re.search(r'name="score_0"[^>]*value="7"', response.text)  # typed value kept
    if htmx:
        assert 'id="hole-form"' in response.text and "<caption>" not in response.text
    assert state(client, path)["holes"] == []  # the helper saves nothing


@pytest.mark.parametrize(
    ("columns", "score"),
    [(["Q", "2", "K", "Q", "6", "A"], 5), (["K", "7", "A", "K", "2", "10"], 16)],
)
def test_layout_helper_spec_examples(client, columns, score):
    path = start(client)
    cards = {f"card_0_{k}": rank for k, rank in enumerate(columns)}
    response = work_out(client, path, {"helper_for": "0", **cards}, htmx=True)
    assert f"Those cards score {score}." in response.text


@pytest.mark.parametrize("helper_for", ["", "9", "x"])
def test_layout_helper_refuses_bad_player(client, helper_for):
    path = start(client)
    response = work_out(client, path, {"helper_for": helper_for}, htmx=True)
    assert response.status_code == 422 and "helper under one of the players" in response.text


def test_layout_helper_needs_all_six_cards(client):
    path = start(client)
    response = work_out(client, path, {"helper_for": "0", "card_0_0": "Z"}, htmx=True)
    assert response.status_code == 422 and "all six cards" in response.text


def test_forms_carry_csrf_token_and_post_without_token_refused(client):
    path = start(client)
    page = client.get(path).text
    assert page.count('name="csrf_token"') >= 1
    response = client.post(f"{path}/holes", data={"score_0": "1", "score_1": "1",
                                                  "version": "0"})
    assert response.status_code == 403
    assert state(client, path)["holes"] == []


def test_after_saving_a_hole_focus_goes_to_the_next_hole(client):
    path = start(client)
    response = enter(client, path, [1, 2], htmx=True)
    assert re.search(r'id="score-0"[^>]*autofocus', response.text)
    fixed = client.submit(f"{path}/holes/1", {"fix_0": "3", "fix_1": "2",
                                              "version": str(version(client, path))}, htmx=True)
    assert re.search(r'id="fix-heading"[^>]*autofocus', fixed.text)
    assert "autofocus" not in client.get(path).text  # a plain page load does not grab focus


def test_inserting_where_kept_after_a_mistake(client):
    path = start(client)
    enter(client, path, [1, 1])
    enter(client, path, [3, 3])
    response = enter(client, path, ["x", 2], htmx=True, before="2")
    assert response.status_code == 422
    assert '<option value="2" selected>' in response.text


def test_read_only_view_keeps_following_the_game(client):
    path = start(client)
    read_url = re.search(r'id="read-link" type="text" readonly value="http://testserver([^"]+)"',
                         client.get(path).text).group(1)
    assert 'hx-trigger="every 20s"' in client.get(read_url).text
    fragment = client.get(read_url, headers={"HX-Request": "true"})
    assert fragment.text.lstrip().startswith('<div id="sheet"') and "<html" not in fragment.text
    # It polls with the version it shows: nothing new, nothing to swap (its live region stays).
    poll = re.search(r'hx-get="([^"]+)"', fragment.text).group(1)
    assert poll == f"{read_url}?version=0"
    assert client.get(poll, headers={"HX-Request": "true"}).status_code == 204
    assert client.get(poll).status_code == 200  # a plain visit still gets the page
    enter(client, path, [1, 2])
    changed = client.get(poll, headers={"HX-Request": "true"})
    assert changed.status_code == 200 and "Bo leads" not in changed.text
    assert f'{read_url}?version=1"' in changed.text and "After hole 1, Ann leads" in changed.text
    for _ in range(8):
        enter(client, path, [1, 2])
    over = client.get(read_url).text
    assert "Ann wins" in over and "refreshes by itself" in over
    # A score fixed after the end can change the winner: the view still follows the sheet,
    # and without JavaScript it reloads itself.
    poll = re.search(r'hx-get="([^"]+)"', over).group(1)
    assert 'hx-trigger="every 20s"' in over and '<meta http-equiv="refresh"' in over
    fixed = client.submit(f"{path}/holes/9", {"version": str(version(client, path)),
                                               "fix_0": "30", "fix_1": "2"})
    assert fixed.status_code == 303
    changed = client.get(poll, headers={"HX-Request": "true"})
    assert changed.status_code == 200 and "Bo wins" in changed.text


def test_sheet_pages_are_not_cached_or_indexed(client):
    path = start(client)
    response = client.get(path)
    assert response.headers["cache-control"] == "no-store"
    assert '<meta name="robots" content="noindex">' in response.text
    assert "HX-Request" in response.headers["vary"]


def test_read_only_id_cannot_edit_and_private_id_is_not_a_view(client):
    path = start(client)
    sheet_id = path.rsplit("/", 1)[1]
    page = client.get(path).text
    read_id = re.search(r"/scores/view/([A-Za-z0-9_-]+)", page).group(1)
    for url in (f"/scores/{read_id}/holes", f"/scores/{read_id}/helper"):
        response = client.submit(url, {"score_0": "1", "score_1": "1", "version": "0"})
        assert response.status_code == 404
    assert client.get(f"/scores/{read_id}").status_code == 404
    assert client.get(f"/scores/view/{sheet_id}").status_code == 404
    assert state(client, path)["holes"] == []


@pytest.mark.parametrize("number", ["1_0", "+1", "1.0", "%201", "\u00b2", "9" * 4000])
def test_a_hole_address_in_anything_but_plain_digits_names_no_hole(client, number):
    path = start(client)
    enter(client, path, [1, 2])
    at = str(version(client, path))
    for suffix in ("", "/remove"):
        answer = client.submit(f"{path}/holes/{number}{suffix}",
                               {"version": at, "fix_0": "5", "fix_1": "5"})
        assert answer.status_code == 404, (number, suffix)
    assert state(client, path)["holes"] == [[1, 2]]


@pytest.mark.parametrize("suffix", ["/helper", "/holes", "/holes/1", "/holes/1/remove"])
def test_form_urls_opened_with_get_lead_back_to_the_sheet(client, suffix):
    path = start(client)
    response = client.get(path + suffix + "?lang=sv")
    assert response.status_code == 200 and response.url.path == path
    assert '<html lang="sv"' in response.text
    assert client.get("/scores/view/nosuchsheet1234567").status_code == 404  # still a view


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("version", "\u00b2", "reload"),
        ("version", "9" * 40, "reload"),
        ("version", "-1", "reload"),
        ("before", "\u00b2", "where the hole goes"),
        ("before", "9" * 40, "where the hole goes"),
        ("score_0", "\u00b2", "whole number"),
        ("score_0", "\u0663", "whole number"),  # an Arabic-Indic 3
        ("score_0", "9" * 40, "A score of 999999999999… for Ann cannot be right"),
        ("score_0", "12345", "cannot be right"),
    ],
)
def test_odd_numbers_refused_with_a_message_and_nothing_saved(client, field, value, message):
    path = start(client)
    data = {"score_0": "1", "score_1": "2", "version": str(version(client, path)), field: value}
    response = client.submit(f"{path}/holes", data, htmx=True)
    assert response.status_code == 422 and message in response.text
    assert state(client, path)["holes"] == []


def test_the_field_in_error_is_marked_invalid(client):
    path = start(client)
    response = enter(client, path, ["1", "x"], htmx=True)
    assert response.status_code == 422
    assert re.search(r'id="score-1"[^>]*aria-invalid="true" aria-describedby="hole-error" '
                     r'autofocus', response.text)
    assert response.text.count(" autofocus") == 1  # the field named takes focus, not Ann's
    assert '<p id="hole-error" class="error-message"' in response.text  # why, when it is read
    assert not re.search(r'id="score-0"[^>]*aria-invalid', response.text)
    fix = client.submit(f"{path}/holes", {"score_0": "1", "score_1": "2",
                                          "version": str(version(client, path))})
    assert fix.status_code == 303
    wrong = client.submit(f"{path}/holes/1", {"fix_0": "1", "fix_1": "x",
                                              "version": str(version(client, path))}, htmx=True)
    assert re.search(r'id="edit-1-1"[^>]*aria-invalid="true" aria-describedby="fix-1-error"',
                     wrong.text)
    assert '<p id="fix-1-error" class="error-message"' in wrong.text


@pytest.mark.parametrize("helper_for", ["\u00b2", "9" * 40, "-1", "1.0"])
def test_layout_helper_refuses_odd_player_numbers(client, helper_for):
    path = start(client)
    response = work_out(client, path, {"helper_for": helper_for}, htmx=True)
    assert response.status_code == 422 and "helper under one of the players" in response.text


@pytest.mark.parametrize("number", ["9" * 40, "\u00b2"])
def test_odd_hole_numbers_in_the_address_are_refused_cleanly(client, number):
    path = start(client)
    enter(client, path, [1, 1])
    response = client.submit(f"{path}/holes/{number}", {"fix_0": "1", "fix_1": "1",
                                                       "version": str(version(client, path))})
    assert response.status_code in (404, 422)  # not a number; no such hole
    assert state(client, path)["holes"] == [[1, 1]]


@pytest.mark.parametrize("score", ["+3", "\u22123", " 3 "])
def test_phone_keyboard_signs_are_understood(client, score):
    path = start(client)
    assert enter(client, path, [score, 0]).status_code == 303
    assert abs(state(client, path)["holes"][0][0]) == 3


@pytest.mark.parametrize("score", ["+-5", "++5", "+", "+\u22125", "+\u00b2"])
def test_a_plus_sign_is_taken_only_before_digits(client, score):
    path = start(client)
    response = enter(client, path, [score, 0], htmx=True)
    assert response.status_code == 422 and "must be a whole number from -" in response.text
    assert state(client, path)["holes"] == []


def test_a_four_card_sheet_says_its_own_range_for_a_score_that_is_no_number(client):
    created = client.submit("/scores", {"player_1": "Ann", "player_2": "Bo", "length": "9",
                                        "game": "golf4"})
    response = enter(client, created.headers["location"], ["x", 0], htmx=True)
    # Not "like 7 or -2": no four-card hole scores below 0.
    assert "The score for Ann must be a whole number from 0 to 40." in response.text


def test_every_sheet_answer_is_not_stored_by_caches(client):
    path = start(client)
    read_url = re.search(r"(/scores/view/[A-Za-z0-9_-]+)", client.get(path).text).group(1)
    refused = enter(client, path, ["x", 1], htmx=True)
    helper = work_out(client, path, {"helper_for": "0"}, htmx=True)
    stale = client.submit(f"{path}/holes", {"score_0": "1", "score_1": "1", "version": "7"})
    for response in (client.get(path), client.get(read_url), refused, helper, stale):
        assert response.headers["cache-control"] == "no-store", response.status_code


def test_four_card_sheet_helper_scores_a_square_with_pairs_cancelling(client):
    response = client.submit("/scores", {"player_1": "Ann", "player_2": "Bo", "length": "9",
                                         "game": "golf4", "pairs_cancel": "on"})
    path = response.headers["location"]
    page = client.get(path).text
    assert "Four-card Golf (pairs cancel)" in page
    assert "a 2 counts −2" not in page  # a six-card rule: no four-card hole scores below 0
    assert "Minus scores are fine: a 2 counts −2." in client.get(start(client)).text
    assert 'id="card-0-3"' in page and 'id="card-0-4"' not in page
    assert ">top row, right</label>" in page
    cards = {"card_0_0": "9", "card_0_1": "9", "card_0_2": "2", "card_0_3": "Q"}
    answer = work_out(client, path, {"helper_for": "0", **cards}, htmx=True)
    assert "Those cards score 12." in answer.text  # the nines cancel; a 2 counts 2
    assert state(client, path)["game"] == "golf4" and state(client, path)["pairs_cancel"]


def test_four_card_sheet_without_the_option_adds_every_card(client):
    response = client.submit("/scores", {"player_1": "Ann", "player_2": "Bo", "length": "9",
                                         "game": "golf4"})
    path = response.headers["location"]
    cards = {"card_1_0": "9", "card_1_1": "9", "card_1_2": "K", "card_1_3": "A"}
    answer = work_out(client, path, {"helper_for": "1", **cards}, htmx=True)
    assert "Those cards score 19." in answer.text
    short = work_out(client, path, {"helper_for": "1", "card_1_0": "9"}, htmx=True)
    assert short.status_code == 422 and "all four cards" in short.text


@pytest.mark.parametrize("game", ["golf5", "\u00b2", ""])
def test_new_sheet_game_must_be_one_offered(client, game):
    response = client.submit("/scores", {"player_1": "Ann", "player_2": "Bo", "length": "9",
                                         "game": game})
    if game == "":
        assert response.status_code == 303  # an empty choice means the default, six-card
    else:
        assert response.status_code == 422 and "six-card or four-card" in response.text


def knock_sheet(client, penalty: bool = True) -> str:
    fields = {"player_1": "Ann", "player_2": "Bo", "length": "9", "game": "golf4"}
    response = client.submit("/scores", {**fields, **({"knock_penalty": "on"} if penalty else {})})
    assert response.status_code == 303
    return response.headers["location"]


def test_a_four_card_sheet_names_both_options_in_one_bracket(client):
    fields = {"player_1": "Ann", "player_2": "Bo", "length": "9", "game": "golf4",
              "pairs_cancel": "on", "knock_penalty": "on"}
    path = client.submit("/scores", fields).headers["location"]
    assert "Four-card Golf (pairs cancel, knock penalty) ·" in client.get(path).text
    swedish = client.get(f"{path}?lang=sv").text
    assert "Fyrkortsgolf (lika kort tar ut varandra, straff för knackaren) ·" in swedish


def test_a_four_card_hole_cannot_score_below_zero(client):
    """No card of four-card Golf scores below 0, so a typed "-3" is a slip, not a score."""
    path = knock_sheet(client, penalty=False)
    assert 'name="score_0" type="number" step="1" min="0"' in client.get(path).text
    refused = client.submit(f"{path}/holes", {"version": "0", "score_0": "-3", "score_1": "6"})
    assert refused.status_code == 422
    assert "A score of -3 for Ann cannot be right: a hole scores between 0 and 40." in (
        refused.text)
    six = client.submit("/scores", {"player_1": "Ann", "player_2": "Bo", "length": "9"})
    six_path = six.headers["location"]
    assert client.submit(f"{six_path}/holes", {"version": "0", "score_0": "-3", "score_1": "6"}
                         ).status_code == 303


def live_region(html: str) -> str:
    return re.search(r'<p id="sheet-status"[^>]*>([^<]*)</p>', html).group(1)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_four_card_sheet_adds_the_knock_penalty_when_it_is_due(client, htmx):
    path = knock_sheet(client)
    page = client.get(path).text
    assert "Four-card Golf (knock penalty)" in page
    assert '<label for="knocker">Who knocked?</label>' in page
    assert "A hole you fix later keeps the scores exactly as you type them." in page  # help
    answer = enter(client, path, [12, 7], htmx=htmx, knocker="0")
    assert answer.status_code == (200 if htmx else 303)
    assert state(client, path)["holes"] == [[22, 7]]
    if htmx:  # the live region says why Ann's 12 became 22
        assert live_region(answer.text) == (
            "Ann knocked without the lowest score and got 10 points more. "
            "After hole 1, Bo leads with 7.")
    # Bo knocks with the lowest score: nothing added, nothing said.
    answer = enter(client, path, [9, 7], htmx=True, knocker="1")
    assert state(client, path)["holes"] == [[22, 7], [9, 7]]
    assert live_region(answer.text) == "After hole 2, Bo leads with 14."
    assert state(client, path)["knock_penalty"] is True


def test_the_helper_keeps_who_knocked_and_where_the_hole_goes(client):
    path = knock_sheet(client)
    enter(client, path, [3, 4])
    cards = {"card_1_0": "K", "card_1_1": "K", "card_1_2": "5", "card_1_3": "A"}
    answer = work_out(client, path, {"score_0": "9", "knocker": "0", "before": "1",
                                     "helper_for": "1", **cards})
    assert re.search(r'<option value="0" selected>Ann</option>', answer.text)
    assert re.search(r'<option value="1" selected>Before hole 1', answer.text)
    assert re.search(r'name="score_1"[^>]*value="6"', answer.text)


def test_a_helper_answer_on_a_sheet_changed_meanwhile_cannot_save_over_it(client):
    """Two phones: one saves hole 1 while the other works out a score; the second phone's
    form keeps the version it was made from, so its Save is refused, not saved twice."""
    path = start(client)
    old = version(client, path)
    enter(client, path, [3, 4])  # the other phone
    cards = {f"card_1_{k}": rank for k, rank in enumerate(["K", "K", "2", "5", "5", "A"])}
    answer = client.submit(f"{path}/helper", {"version": str(old), "score_0": "7",
                                              "helper_for": "1", **cards}, htmx=True)
    assert answer.status_code == 200
    assert f'name="version" value="{old}"' in answer.text
    form = dict(re.findall(r'name="(score_\d)"[^>]*value="([^"]*)"', answer.text))
    saved = client.submit(f"{path}/holes", {"version": str(old), **form}, htmx=True)
    assert saved.status_code == 409 and "This sheet changed since you opened it" in saved.text
    assert state(client, path)["holes"] == [[3, 4]]


def test_without_javascript_the_page_after_a_save_says_and_focuses_as_htmx_does(client):
    path = knock_sheet(client)
    saved = enter(client, path, [12, 7], knocker="0")
    assert saved.headers["location"] == f"{path}?knocked=0&at=1&hole=1#score-0"
    page = client.get(saved.headers["location"]).text
    assert live_region(page) == ("Ann knocked without the lowest score and got 10 points more. "
                                 "After hole 1, Bo leads with 7.")
    for forged in ("2", "-1", "\u00b2", "0 ", "x" * 300):  # no such player: nothing said
        said = live_region(client.get(path, params={"knocked": forged, "at": "1"}).text)
        assert said == "After hole 1, Bo leads with 7."
    forgotten = enter(client, path, [9, 3], knocker="0", before="1")  # inserted as hole 1
    assert forgotten.headers["location"] == f"{path}?knocked=0&at=2&hole=1#score-0"
    assert live_region(client.get(forgotten.headers["location"]).text).startswith(
        "Ann knocked without the lowest score")
    client.submit(f"{path}/holes/1/remove", {"version": str(version(client, path))})
    enter(client, path, [3, 4])  # the address kept (a bookmark, a reload) says it no more
    assert "knocked" not in live_region(client.get(saved.headers["location"]).text)
    assert "knocked" not in live_region(client.get(f"{path}?knocked=0&at=4").text)
    assert "knocked" not in live_region(client.get(f"{path}?knocked=0").text)
    client.submit(f"{path}/holes/2/remove", {"version": str(version(client, path))})
    fixed = client.submit(f"{path}/holes/1", {"version": str(version(client, path)),
                                              "fix_0": "12", "fix_1": "8"})
    assert fixed.headers["location"] == f"{path}#fix-heading"
    plain = start(client)  # a sheet without the knock penalty says nothing of one
    assert "knocked" not in live_region(client.get(f"{plain}?knocked=0").text)
    removed = client.submit(f"{path}/holes/1/remove", {"version": str(version(client, path))})
    assert removed.headers["location"] == f"{path}#score-0"  # no hole left to fix
    page = client.get(path).text
    assert 'data-focus-fallback="score-0"' in page and 'id="sheet-status"' in page


def test_a_new_hole_takes_card_points_and_a_fixed_one_its_total(client):
    """Four cards score 40 at most; the sheet adds the knocker's 10, so a hole being fixed
    (which shows that total) may hold 50."""
    path = knock_sheet(client)
    assert 'id="score-0" name="score_0" type="number" step="1" min="0" max="40"' in (
        client.get(path).text)
    refused = enter(client, path, [45, 7], htmx=True, knocker="")
    assert refused.status_code == 422
    assert "a hole scores between 0 and 40." in refused.text
    assert re.search(r'id="score-0"[^>]*aria-invalid="true"[^>]*autofocus', refused.text)
    assert refused.text.count(" autofocus") == 1  # the field named, and only it
    assert state(client, path)["holes"] == []
    assert enter(client, path, [40, 7], knocker="0").status_code == 303
    assert state(client, path)["holes"] == [[50, 7]]
    fixed = client.submit(f"{path}/holes/1", {"version": str(version(client, path)),
                                              "fix_0": "50", "fix_1": "6"})
    assert fixed.status_code == 303 and state(client, path)["holes"] == [[50, 6]]
    wrong = client.submit(f"{path}/holes/1", {"version": str(version(client, path)),
                                              "fix_0": "51", "fix_1": "6"}, htmx=True)
    assert wrong.status_code == 422 and "between 0 and 50." in wrong.text
    assert re.search(r'id="edit-1-0"[^>]*aria-invalid="true"[^>]*autofocus', wrong.text)
    assert wrong.text.count(" autofocus") == 1


def test_the_duplicate_name_field_is_marked(client):
    refused = client.submit("/scores", {"length": "9", "player_1": "Ann", "player_3": "Bo",
                                        "player_4": "ANN"})
    assert refused.status_code == 422 and "Two players are called ANN." in refused.text
    marked = re.findall(r'<input id="player-(\d)"[^>]*aria-invalid="true"', refused.text)
    assert marked == ["4"]


def test_the_knock_penalty_in_swedish(client):
    path = knock_sheet(client)
    page = client.get(f"{path}?lang=sv").text
    assert '<label for="knocker">Vem knackade?</label>' in page
    answer = enter(client, path, [12, 7], htmx=True, knocker="0")
    assert "Ann knackade utan att ha lägst poäng och fick 10 poäng extra." in answer.text


def test_without_the_option_there_is_nobody_to_name_and_no_penalty(client):
    path = knock_sheet(client, penalty=False)
    assert 'name="knocker"' not in client.get(path).text
    assert "A hole you fix later keeps" not in client.get(path).text
    assert enter(client, path, [12, 7], knocker="0").status_code == 303
    assert state(client, path)["holes"] == [[12, 7]]
    assert state(client, path)["knock_penalty"] is False


def test_a_six_card_sheet_never_has_the_knock_penalty(client):
    response = client.submit("/scores", {"player_1": "Ann", "player_2": "Bo", "length": "9",
                                         "knock_penalty": "on"})
    path = response.headers["location"]
    assert state(client, path)["knock_penalty"] is False
    assert 'name="knocker"' not in client.get(path).text


@pytest.mark.parametrize("knocker", ["2", "-1", "\u00b2", "x", "1" * 50, "0.5"])
def test_a_forged_knocker_is_refused_and_nothing_is_saved(client, knocker):
    path = knock_sheet(client)
    answer = enter(client, path, [12, 7], knocker=knocker)
    assert answer.status_code == 422
    assert "Please choose who knocked from the list." in answer.text
    assert ('id="knocker" name="knocker" aria-describedby="knocker-hint hole-error" '
            'aria-invalid="true"') in answer.text
    assert state(client, path)["holes"] == []


@pytest.mark.parametrize(("lang", "names"), [("en", ["ace", "jack", "queen", "king"]),
                                             ("sv", ["ess", "knekt", "dam", "kung"])])
def test_the_layout_helper_names_each_rank_as_a_screen_reader_should_say_it(client, lang,
                                                                          names):
    path = start(client)
    page = client.get(f"{path}?lang={lang}").text
    picker = re.search(r'<select id="card-0-0".*?</select>', page, re.S).group(0)
    options = re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', picker)
    assert [text for value, text in options if value in ("A", "J", "Q", "K")] == names
    assert ("10", "10") in options


def test_a_card_left_unpicked_in_the_helper_is_described_by_the_reason(client):
    path = start(client, ("Ann", "Bo"))
    answer = work_out(client, path, {"helper_for": "0", "card_0_0": "Q"})
    assert answer.status_code == 422
    assert re.search(r'id="card-0-1"[^>]*aria-invalid="true" aria-describedby="hole-error"',
                     answer.text)
    assert '<p id="hole-error" class="error-message" role="alert" tabindex="-1" autofocus>' in (
        answer.text)
