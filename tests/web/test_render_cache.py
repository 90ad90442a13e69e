"""Compiled templates are shared between apps, yet an edited template is never served stale."""

from __future__ import annotations

from pathlib import Path

from app.web.render import _COMPILED, make_templates

STATIC = Path(__file__).resolve().parents[2] / "static"


def render(templates_dir: Path) -> str:
    return make_templates(templates_dir, STATIC).env.get_template("page.html").render()


def test_a_second_app_reuses_the_compiled_template_and_an_edit_compiles_anew(tmp_path, monkeypatch):
    compiled: list[str] = []
    dump = _COMPILED.dump_bytecode
    monkeypatch.setattr(_COMPILED, "dump_bytecode", lambda b: (compiled.append(b.key), dump(b)))
    page = tmp_path / "page.html"
    page.write_text("{% for n in range(3) %}{{ n }}{% endfor %}", encoding="utf-8")

    assert render(tmp_path) == "012"
    assert render(tmp_path) == "012"
    assert len(compiled) == 1  # the second app loaded the first one's code

    page.write_text("{{ 'edited' | upper }}", encoding="utf-8")
    assert render(tmp_path) == "EDITED"
    assert len(compiled) == 2
