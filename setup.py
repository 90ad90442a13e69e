"""The C solver as an optional extension: without a compiler the package still installs and the
coach uses the pure-Python solver, which gives the same results (the rest is in pyproject.toml)."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "app.players.solitaire._fastsolve",
            sources=["app/players/solitaire/fastsolve.c"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)
