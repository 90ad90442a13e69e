"""Settings: one typed class, checked at start-up, every bad value named, the secret kept secret."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from app.settings import DEV_SECRET, Settings, SettingsError, load_settings

APP = Path(__file__).resolve().parent.parent / "app"
SECRET = "a-real-secret-0123456789"
VARIABLES = (
    "DATABASE_URL", "SECRET_KEY", "GOLF_ENV", "HOST", "PORT", "WORKERS", "SECURE_COOKIES",
    "GOLF_CREATE_PER_MINUTE", "GOLF_BOT_DELAY_MS", "GOLF_WATCH_DELAY_MS", "GOLF_PURE_PYTHON",
    "GOLF_MAX_BODY_BYTES", "GOLF_POLL_MS", "FORWARDED_ALLOW_IPS",
)


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)


def test_every_variable_is_read_into_its_typed_field(monkeypatch):
    values = {
        "DATABASE_URL": "sqlite:////tmp/x.db", "SECRET_KEY": SECRET, "GOLF_ENV": "production",
        "HOST": "0.0.0.0", "PORT": "9000", "WORKERS": "3", "SECURE_COOKIES": "false",
        "GOLF_CREATE_PER_MINUTE": "5", "GOLF_BOT_DELAY_MS": "0", "GOLF_WATCH_DELAY_MS": "150",
        "GOLF_PURE_PYTHON": "1", "GOLF_MAX_BODY_BYTES": "2048", "GOLF_POLL_MS": "250",
        "FORWARDED_ALLOW_IPS": "10.0.0.0/8",
    }
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    settings = load_settings()
    assert (settings.database_url, settings.secret, settings.environment) == (
        "sqlite:////tmp/x.db", SECRET, "production")
    assert (settings.host, settings.port, settings.workers) == ("0.0.0.0", 9000, 3)
    assert settings.secure_cookies is False
    assert (settings.create_per_minute, settings.bot_delay_ms, settings.watch_delay_ms) == (
        5, 0, 150)
    assert settings.pure_python is True and settings.max_body_bytes == 2048
    assert settings.poll_ms == 250 and settings.forwarded_allow_ips == "10.0.0.0/8"


def test_golf_serve_believes_the_forwarded_client_of_the_proxies_named(monkeypatch):
    """Behind a proxy elsewhere every request comes from the proxy: unless uvicorn believes
    its X-Forwarded-For, all players share one rate limit and one coach allowance."""
    import uvicorn

    from app import cli

    served = {}
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: served.update(kwargs))
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "172.16.0.0/12")
    assert cli.main(["serve"]) == 0
    assert served["proxy_headers"] is True
    assert served["forwarded_allow_ips"] == "172.16.0.0/12"


def test_defaults_suit_a_first_make_run():
    settings = load_settings()
    assert settings.environment == "development" and settings.secret == DEV_SECRET
    assert settings.secure_cookies is False and settings.create_per_minute == 30
    assert settings.database_url.startswith("sqlite:///") and settings.port == 8000


def test_an_empty_variable_means_the_default(monkeypatch):
    monkeypatch.setenv("GOLF_CREATE_PER_MINUTE", "")
    assert load_settings().create_per_minute == 30


def test_secure_cookies_are_on_by_default_outside_development(monkeypatch):
    monkeypatch.setenv("GOLF_ENV", "production")
    monkeypatch.setenv("SECRET_KEY", SECRET)
    assert load_settings().secure_cookies is True
    monkeypatch.setenv("SECURE_COOKIES", "0")
    assert load_settings().secure_cookies is False


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("GOLF_CREATE_PER_MINUTE", "30x"), ("GOLF_CREATE_PER_MINUTE", "-1"),
        ("GOLF_CREATE_PER_MINUTE", "²"), ("GOLF_BOT_DELAY_MS", "fast"),
        ("GOLF_WATCH_DELAY_MS", "-5"), ("PORT", "http"), ("PORT", "70000"), ("WORKERS", "0"),
        ("SECURE_COOKIES", "maybe"), ("GOLF_PURE_PYTHON", "perhaps"),
        ("GOLF_MAX_BODY_BYTES", "1k"), ("GOLF_POLL_MS", "50"), ("GOLF_POLL_MS", "١٠٠٠"),
    ],
)
def test_a_bad_value_is_refused_with_a_message_naming_the_variable(monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError) as refused:
        load_settings()
    message = str(refused.value)
    assert message.startswith(f"{name}: ") and repr(value) in message and "\n" not in message


def test_a_database_url_is_checked_and_its_password_never_repeated(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://bob:hunter2@db.example/golf")
    with pytest.raises(SettingsError) as refused:
        load_settings()
    assert str(refused.value).startswith("DATABASE_URL: must be a database URL")
    assert "hunter2" not in str(refused.value)


def test_placeholder_secret_is_refused_outside_development(monkeypatch):
    monkeypatch.setenv("GOLF_ENV", "production")
    with pytest.raises(SettingsError, match="SECRET_KEY must be set"):
        load_settings()


def test_short_secret_is_refused_without_showing_it(monkeypatch):
    monkeypatch.setenv("SECRET_KEY", "hunter2")
    with pytest.raises(SettingsError) as refused:
        load_settings()
    assert str(refused.value) == "SECRET_KEY: must be at least 16 characters"


def test_repr_and_dumps_never_show_the_secret():
    settings = Settings(secret_key=SECRET)
    assert SECRET not in repr(settings) and SECRET not in str(settings)
    assert SECRET not in settings.model_dump_json() and SECRET not in str(settings.model_dump())
    assert settings.secret == SECRET


def test_a_running_app_can_be_given_other_values_but_only_valid_ones():
    settings = Settings(secret_key=SECRET)
    settings.bot_delay_ms = 0
    assert settings.bot_delay_ms == 0
    with pytest.raises(ValueError, match="greater than or equal to 0"):
        settings.bot_delay_ms = -1


def test_the_app_refuses_to_be_built_with_a_bad_value(monkeypatch):
    from app.main import create_app

    monkeypatch.setenv("GOLF_CREATE_PER_MINUTE", "30x")
    with pytest.raises(SettingsError, match="GOLF_CREATE_PER_MINUTE"):
        create_app()


def test_no_module_reads_the_environment_for_itself():
    readers = [
        str(path.relative_to(APP))
        for path in APP.rglob("*.py")
        if re.search(r"os\.environ|getenv\(", path.read_text(encoding="utf-8"))
    ]
    assert readers == [], "read settings through app.settings, not os.environ"


def _golf(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).with_name("golf")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "app.cli"]
    return subprocess.run(
        [*command, *args], env=env, capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.parametrize("command", [["serve", "--port", "1"], ["migrate"]])
def test_golf_refuses_to_start_with_a_bad_value(tmp_path, command):
    env = {**os.environ, "GOLF_CREATE_PER_MINUTE": "30x",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'golf.db'}"}
    result = _golf(*command, env=env)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "GOLF_CREATE_PER_MINUTE" in lines[0] and "'30x'" in lines[0]
    assert not (tmp_path / "golf.db").exists()  # nothing ran


def test_golf_migrate_says_in_one_line_when_the_database_cannot_be_reached():
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "DATABASE_URL": f"postgresql+psycopg://golf:pw@127.0.0.1:{port}/golf"}
    result = _golf("migrate", env=env)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("golf: the database could not be used")
