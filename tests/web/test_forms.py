"""The one form reader: ASCII whole numbers only, field-level errors, defaults."""

from __future__ import annotations

import re

import pytest
from starlette.datastructures import FormData

from app.rules.numbers import parse_int
from app.web.forms import (
    FormError,
    bool_field,
    choice_field,
    int_field,
    optional_int_field,
    text_field,
    version_field,
)

NOT_NUMBERS = ["²", "①", "٣", "1²", "", " ", "1.5", "1e3", "+1", "0x10", "9" * 19, "9" * 5000,
               None, True, 7.0]


@pytest.mark.parametrize("text", NOT_NUMBERS)
def test_parse_int_refuses_anything_but_ascii_digits(text):
    assert parse_int(text, -(10**20), 10**20) is None


def test_parse_int_takes_an_int_as_it_is_from_a_stored_move():
    assert parse_int(7, 0, 9) == 7 and parse_int(10, 0, 9) is None


@pytest.mark.parametrize(("text", "value"), [("0", 0), (" 42 ", 42), ("-3", -3), ("007", 7)])
def test_parse_int_reads_plain_numbers(text, value):
    assert parse_int(text, -10, 100) == value


def test_parse_int_refuses_out_of_range():
    assert parse_int("101", 0, 100) is None
    assert parse_int("-1", 0, 100) is None


def test_int_field_names_the_field_when_refused():
    with pytest.raises(FormError) as refused:
        int_field(FormData({"bots": "²"}), "bots", 0, 7)
    assert refused.value.field == "bots"
    assert "0 to 7" in refused.value.message


def test_int_field_default_only_when_missing():
    assert int_field(FormData({}), "jokers", 0, 2, default=0) == 0
    with pytest.raises(FormError):
        int_field(FormData({"jokers": "x"}), "jokers", 0, 2, default=0)


def test_optional_and_version_fields():
    assert optional_int_field(FormData({"moves": ""}), "moves", 0, 9) is None
    assert version_field(FormData({"version": "12"})) == 12
    with pytest.raises(FormError):
        version_field(FormData({"version": "-1"}))


def test_text_choice_and_bool_fields():
    assert text_field(FormData({"name": "  Ann "}), "name", 30) == "Ann"
    with pytest.raises(FormError):
        text_field(FormData({"name": "x" * 31}), "name", 30)
    with pytest.raises(FormError):
        text_field(FormData({"name": "   "}), "name", 30)
    assert choice_field(FormData({}), "length", {"9": 9, "18": 18}, default="9") == 9
    with pytest.raises(FormError):
        choice_field(FormData({"length": "7"}), "length", {"9": 9})
    assert bool_field(FormData({"jokers": "on"}), "jokers")
    assert not bool_field(FormData({}), "jokers")


ODD_IDS = ["/solitaire/deals/%00", "/golf6/%00", "/scores/%00", "/golf6/x%01y/table"]


@pytest.mark.parametrize("url", ODD_IDS)
def test_a_control_character_in_an_id_is_not_found(client, url):
    assert client.get(url).status_code == 404



@pytest.mark.parametrize("garbled", ["%FF", "Ann%ED%A0%80", "%C0%AF"])
@pytest.mark.parametrize(("url", "field", "extra"), [
    ("/golf6", "name", "&bots=1"),
    ("/scores", "player_1", "&player_2=Bo&length=9"),
])
def test_a_name_sent_as_bytes_that_are_no_text_is_refused(client, garbled, url, field, extra):
    """A browser always sends text; bytes that are not UTF-8 decode to U+FFFD, which would
    stand in the name for whatever was meant."""
    body = f"csrf_token={client.csrf()}&{field}={garbled}{extra}"
    response = client.post(url, content=body.encode(), follow_redirects=False,
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert response.status_code == 422
    assert re.search(r"only (use )?letters", response.text)  # the name's own reason
