"""The `golf` console script: serve, migrate, simulate, prune."""

from __future__ import annotations

import argparse
import importlib
import sys

from app.settings import Settings

# Each simulator module offers add_arguments(parser) and run(args) -> int.
SIMULATORS = {"solitaire": "app.simulate.solitaire", "golf6": "app.simulate.golf6"}


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    uvicorn.run(
        "app.main:create_app",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        proxy_headers=True,
        server_header=False,
        # Our own request log redacts ids and secrets; uvicorn's would print them.
        access_log=False,
    )
    return 0


def _migrate(_args: argparse.Namespace) -> int:
    from app.migrate import upgrade

    upgrade(Settings.from_env().database_url)
    print("Database is up to date.")
    return 0


def _prune(args: argparse.Namespace) -> int:
    from app.storage.prune import prune

    counts = prune(Settings.from_env().database_url, older_than_days=args.older_than)
    print(", ".join(f"{name}: {n}" for name, n in counts.items()) or "Nothing to prune.")
    return 0


def build_parser() -> argparse.ArgumentParser:
    settings = Settings.from_env()
    parser = argparse.ArgumentParser(prog="golf", description="Golf card games")
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="serve the web site")
    serve.add_argument("--host", default=settings.host)
    serve.add_argument("--port", type=int, default=settings.port)
    serve.add_argument("--workers", type=int, default=1)
    serve.set_defaults(handler=_serve)

    migrate = commands.add_parser("migrate", help="bring the database schema up to date")
    migrate.set_defaults(handler=_migrate)

    prune = commands.add_parser("prune", help="delete old unfinished games")
    prune.add_argument("--older-than", type=int, required=True, metavar="DAYS")
    prune.set_defaults(handler=_prune)

    simulate = commands.add_parser("simulate", help="let computer players play many games")
    games = simulate.add_subparsers(dest="game", required=True)
    for name, module_name in SIMULATORS.items():
        sub = games.add_parser(name)
        sub.set_defaults(simulator=module_name, handler=_simulate)
    return parser


def _simulate(args: argparse.Namespace) -> int:
    module = importlib.import_module(args.simulator)
    parser = argparse.ArgumentParser(prog=f"golf simulate {args.game}")
    module.add_arguments(parser)
    return module.run(parser.parse_args(args.rest))


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    # Simulator options are parsed by the simulator module itself.
    if len(argv) >= 2 and argv[0] == "simulate" and argv[1] in SIMULATORS:
        args = parser.parse_args(argv[:2])
        args.rest = argv[2:]
    else:
        args = parser.parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":
    raise SystemExit(main())
