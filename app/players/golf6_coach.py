"""The `coach` six-card Golf player (placeholder: plays like greedy until the real one lands)."""

from __future__ import annotations

from app.players.golf6_greedy import choose

__all__ = ["choose"]
