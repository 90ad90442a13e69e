"""Every setting in one typed class, read from the environment and checked before anything runs.

`load_settings()` turns a bad value into one `SettingsError` line that names the variable, so
`golf serve` refuses to start instead of answering 500 to the first request that reads it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError

from app.resources import STATIC, TEMPLATES

DEV_SECRET = "dev-only-secret-change-me"
MIN_SECRET_LENGTH = 16
MAX_PORT = 65535
MAX_WORKERS = 64
MAX_DAYS = 36500  # a hundred years: anything longer is a typing slip
DEVELOPMENT = "development"
# Never repeated in an error message: a database URL may carry a password.
UNSHOWN = {"SECRET_KEY", "DATABASE_URL"}


class SettingsError(ValueError):
    """A setting is missing, malformed or unsafe; the message names the variable."""


def _default_database_url() -> str:
    # Relative to where the command runs (the checkout for `make run`), made absolute so the
    # log and every worker agree on one file.
    return f"sqlite:///{Path.cwd() / 'data' / 'golf.db'}"


class Settings(BaseSettings):
    """The site's settings. Field names are for code; the aliases are the environment names."""

    model_config = SettingsConfigDict(
        populate_by_name=True,  # Settings(database_url=...) in tests and tools
        env_ignore_empty=True,  # VAR= means "use the default", as an unset variable does
        extra="ignore",
        validate_assignment=True,  # tests may lower a delay on a running app, still checked
    )

    database_url: str = Field(default_factory=_default_database_url, alias="DATABASE_URL")
    secret_key: SecretStr = Field(default=SecretStr(DEV_SECRET), alias="SECRET_KEY")
    environment: str = Field(default=DEVELOPMENT, min_length=1, alias="GOLF_ENV")
    host: str = Field(default="127.0.0.1", min_length=1, alias="HOST")
    port: int = Field(default=8000, ge=1, le=MAX_PORT, alias="PORT")
    workers: int = Field(default=1, ge=1, le=MAX_WORKERS, alias="WORKERS")
    # The proxies whose X-Forwarded-For names the client: the rate limit and the coach's
    # allowance count by client, so behind a proxy elsewhere it must be named here.
    forwarded_allow_ips: str = Field(default="127.0.0.1,::1", min_length=1,
                                     alias="FORWARDED_ALLOW_IPS")
    # Secure cookies need HTTPS; unset means on outside development.
    secure_cookies: bool = Field(default=None, alias="SECURE_COOKIES")  # type: ignore[assignment]
    # Generous for a person clicking "New deal"; small enough that a script cannot fill the
    # disk. 0 turns the limit off (load tests).
    create_per_minute: int = Field(default=30, ge=0, alias="GOLF_CREATE_PER_MINUTE")
    bot_delay_ms: int = Field(default=800, ge=0, le=600_000, alias="GOLF_BOT_DELAY_MS")
    watch_delay_ms: int = Field(default=1500, ge=0, le=600_000, alias="GOLF_WATCH_DELAY_MS")
    # How often a shared table asks for news: a move shows on the other screens within this.
    poll_ms: int = Field(default=1000, ge=200, le=60_000, alias="GOLF_POLL_MS")
    # The coach's pure-Python solver even where the compiled one is installed (same answers).
    pure_python: bool = Field(default=False, alias="GOLF_PURE_PYTHON")
    max_body_bytes: int = Field(default=64 * 1024, ge=1024, alias="GOLF_MAX_BODY_BYTES")
    # Each worker deletes unfinished games idle this many days, once an hour; 0 leaves it to
    # `golf prune` from cron.
    prune_after_days: int = Field(default=30, ge=0, le=MAX_DAYS, alias="GOLF_PRUNE_AFTER_DAYS")

    @field_validator("database_url")
    @classmethod
    def _a_database_url(cls, value: str) -> str:
        try:
            make_url(value).get_dialect()
        except (ArgumentError, NoSuchModuleError, ValueError):
            raise ValueError(
                "must be a database URL such as sqlite:///data/golf.db or "
                "postgresql+psycopg://user:password@host/golf"
            ) from None
        return value

    @field_validator("secret_key")
    @classmethod
    def _long_enough(cls, value: SecretStr) -> SecretStr:
        if len(value.get_secret_value()) < MIN_SECRET_LENGTH:
            raise ValueError(f"must be at least {MIN_SECRET_LENGTH} characters")
        return value

    @model_validator(mode="before")
    @classmethod
    def _secure_cookies_default(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        if data.get("secure_cookies", data.get("SECURE_COOKIES")) is None:
            environment = data.get("environment", data.get("GOLF_ENV", DEVELOPMENT))
            data = {**data, "secure_cookies": environment != DEVELOPMENT}
        return data

    @model_validator(mode="after")
    def _no_placeholder_secret_outside_development(self) -> Settings:
        if self.environment != DEVELOPMENT and self.secret_key.get_secret_value() == DEV_SECRET:
            raise ValueError(
                "SECRET_KEY must be set to a long random value outside development "
                f"(GOLF_ENV={self.environment})"
            )
        return self

    @property
    def secret(self) -> str:
        """The secret key's value, for signing; repr() and logs show only asterisks."""
        return self.secret_key.get_secret_value()

    @property
    def templates_dir(self) -> Path:
        return TEMPLATES

    @property
    def static_dir(self) -> Path:
        return STATIC


def load_settings(**overrides: Any) -> Settings:
    """Settings from the environment (and `overrides`), or one SettingsError naming the variable."""
    try:
        return Settings(**overrides)
    except ValidationError as error:
        raise SettingsError(describe(error)) from None


@cache
def current_settings() -> Settings:
    """This process's settings, for what is process-wide anyway (which solver runs).

    The web app reads `request.app.state.settings` instead, so tests can give each app its own.
    """
    return load_settings()


def describe(error: ValidationError) -> str:
    """One line per problem, each naming the environment variable and the value it got."""
    aliases = {name: field.alias or name for name, field in Settings.model_fields.items()}
    problems = []
    for problem in error.errors():
        loc = [str(part) for part in problem.get("loc", ())]
        name = aliases.get(loc[0], loc[0]) if loc else ""
        message = problem["msg"].removeprefix("Value error, ")
        value = problem.get("input")
        shown = f" (got {value!r})" if name and name not in UNSHOWN and _is_plain(value) else ""
        problems.append(f"{name}: {message}{shown}" if name else message)
    return "; ".join(problems)


def _is_plain(value: object) -> bool:
    return isinstance(value, str | int | float | bool)
