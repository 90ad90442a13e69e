"""Where the templates, static files and migrations are, in a checkout and once installed.

They live at the top of the repository, and the wheel ships them inside the package (see
setup.py): an installed copy finds them next to this file, a checkout (and its editable
install) one level up.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def resource_dir(name: str) -> Path:
    shipped = PACKAGE / name
    return shipped if shipped.is_dir() else PACKAGE.parent / name


TEMPLATES = resource_dir("templates")
STATIC = resource_dir("static")
MIGRATIONS = resource_dir("migrations")
