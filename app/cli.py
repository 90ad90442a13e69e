"""The `golf` console script: serve, migrate, simulate, prune."""

from __future__ import annotations

import argparse
import importlib
import sys

from sqlalchemy.exc import SQLAlchemyError

from app.arguments import whole
from app.settings import MAX_DAYS, MAX_PORT, MAX_WORKERS, Settings, SettingsError, load_settings

# Each simulator module offers add_arguments(parser) and run(args) -> int.
SIMULATORS = {
    "solitaire": "app.simulate.solitaire",
    "golf6": "app.simulate.golf6",
    "golf4": "app.simulate.golf4",
}


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    settings: Settings = args.settings
    uvicorn.run(
        "app.main:create_app",
        factory=True,
        host=args.host or settings.host,
        port=args.port or settings.port,
        workers=args.workers or settings.workers,
        proxy_headers=True,
        forwarded_allow_ips=settings.forwarded_allow_ips,
        server_header=False,
        # Our own request log redacts ids and secrets; uvicorn's would print them.
        access_log=False,
    )
    return 0


def _migrate(args: argparse.Namespace) -> int:
    from app.migrate import upgrade

    upgrade(args.settings.database_url)
    print("Database is up to date.")
    return 0


def _prune(args: argparse.Namespace) -> int:
    from app.db import Database
    from app.migrate import is_up_to_date
    from app.storage.prune import prune

    database = Database(args.settings.database_url)
    try:
        if not is_up_to_date(database.engine):
            print("golf: the database is not up to date; run `golf migrate` first", file=sys.stderr)
            return 1
        counts = prune(database, older_than_days=args.older_than)
    finally:
        database.dispose()
    print(", ".join(f"{name}: {n}" for name, n in counts.items()))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="golf", description="Golf card games")
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="serve the web site")
    # Unset options fall back to HOST, PORT and WORKERS (see app.settings).
    serve.add_argument("--host")
    serve.add_argument("--port", type=whole(1, MAX_PORT))
    serve.add_argument("--workers", type=whole(1, MAX_WORKERS))
    serve.set_defaults(handler=_serve)

    migrate = commands.add_parser("migrate", help="bring the database schema up to date")
    migrate.set_defaults(handler=_migrate)

    prune = commands.add_parser("prune", help="delete old unfinished games")
    prune.add_argument("--older-than", type=_days, required=True, metavar="DAYS")
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
    # Checked before any command runs: a bad variable stops here, named, in one line.
    try:
        args.settings = load_settings()
    except SettingsError as error:
        print(f"golf: {error}", file=sys.stderr)
        return 2
    try:
        return args.handler(args)
    except SQLAlchemyError as error:  # unreachable or refusing database: one line, no traceback
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        print(f"golf: the database could not be used: {reason}", file=sys.stderr)
        return 1
    except ImportError as error:
        if (error.name or "").startswith("app"):
            raise  # our own code is broken: that needs the whole story
        # DATABASE_URL names a database whose driver is not installed (mysql://…)
        print(f"golf: DATABASE_URL: its driver is not installed (no module {error.name!r})",
              file=sys.stderr)
        return 2


def _days(text: str) -> int:
    from app.storage.prune import PruneError, check_days

    try:
        return check_days(whole(-MAX_DAYS, MAX_DAYS)(text))
    except PruneError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


if __name__ == "__main__":
    raise SystemExit(main())
