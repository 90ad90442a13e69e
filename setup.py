"""The package list and the C solver as an optional extension: without a compiler the package
still installs and the coach uses the pure-Python solver, which gives the same results (the
metadata and dependencies are in pyproject.toml)."""

from setuptools import Extension, find_namespace_packages, setup

# templates/, static/ and migrations/ stay at the top of the repository and ship inside the
# package as app.templates, app.static and app.migrations (app/resources.py finds them). Every
# folder is listed as a package, so a new one ships without editing anything here.
SHIPPED = ("templates", "static", "migrations")
folders = find_namespace_packages(include=["app", "app.*", *(f"{name}*" for name in SHIPPED)])
packages = [name if name.startswith("app") else f"app.{name}" for name in folders]

setup(
    packages=[name for name in packages if not name.endswith("__pycache__")],
    package_dir={f"app.{name}": name for name in SHIPPED},
    ext_modules=[
        Extension(
            "app.players.solitaire._fastsolve",
            sources=["app/players/solitaire/fastsolve.c"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)
