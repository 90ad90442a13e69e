"""Typed settings read from the environment, with safe defaults for a first `make run`."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEV_SECRET = "dev-only-secret-change-me"


class UnsafeSettingsError(RuntimeError):
    """Raised when the settings would be unsafe outside development."""


@dataclass(frozen=True)
class Settings:
    database_url: str = f"sqlite:///{ROOT / 'data' / 'golf.db'}"
    secret_key: str = DEV_SECRET
    environment: str = "development"
    host: str = "127.0.0.1"
    port: int = 8000
    # Secure cookies need HTTPS; on by default outside development.
    secure_cookies: bool = False
    max_body_bytes: int = 64 * 1024
    templates_dir: Path = field(default=ROOT / "templates")
    static_dir: Path = field(default=ROOT / "static")

    def __post_init__(self) -> None:
        if self.environment != "development" and self.secret_key == DEV_SECRET:
            raise UnsafeSettingsError(
                "SECRET_KEY must be set to a long random value outside development"
            )
        if len(self.secret_key) < 16:
            raise UnsafeSettingsError("SECRET_KEY must be at least 16 characters")

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        env = os.environ
        environment = env.get("GOLF_ENV", "development")
        values: dict[str, object] = {
            "database_url": env.get("DATABASE_URL", cls.database_url),
            "secret_key": env.get("SECRET_KEY", DEV_SECRET),
            "environment": environment,
            "host": env.get("HOST", "127.0.0.1"),
            "port": int(env.get("PORT", "8000")),
            "secure_cookies": env.get("SECURE_COOKIES", str(environment != "development"))
            .lower() in {"1", "true", "yes"},
        }
        values.update(overrides)
        return cls(**values)  # type: ignore[arg-type]
