"""The `hanabi` command."""

import argparse
import json
import os
import re
import sys

from hanabi.engine import EngineError, GameOptions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hanabi", description="The Hanabi game service.")
    commands = parser.add_subparsers(dest="command", required=True)

    replay = commands.add_parser("replay", help="replay a hanab.live JSON game and print the outcome as JSON")
    replay.add_argument("file", help="a hanab.live JSON game file ('-' for standard input)")
    replay.set_defaults(run=_replay)

    simulate = commands.add_parser(
        "simulate", help="play seeded games with any strategies, one per seat or one for every seat, and report"
    )
    simulate.add_argument("--players", type=int, required=True)
    simulate.add_argument(
        "--bot",
        required=True,
        action="append",
        metavar="SPEC",
        help="a strategy: random, basic, hat, package.module:NAME, path/to/file.py:NAME or hle:MODULE:CLASS; "
        "once for every seat, or once per seat in seat order",
    )
    simulate.add_argument(
        "--against",
        metavar="SPEC",
        help="also play the same deals with SPEC in the seats not playing it (or --seat's) and report the "
        "difference game by game (mean ± standard error)",
    )
    simulate.add_argument(
        "--seat",
        type=int,
        action="append",
        dest="against_seats",
        metavar="K",
        help="with --against: a seat (from 0) SPEC takes over; repeat for several",
    )
    simulate.add_argument("--games", type=int, default=1000)
    simulate.add_argument("--seed", default="0")
    simulate.add_argument("--variant", default="No Variant")
    simulate.add_argument("--clue-tokens", type=int, default=8)
    simulate.add_argument("--max-strikes", type=int, default=3)
    simulate.add_argument("--empty-clues", action="store_true")
    simulate.add_argument("--all-or-nothing", action="store_true")
    simulate.add_argument("--timed-display", action="store_true")
    simulate.add_argument("--deck-plays", action="store_true", help="the last card of the deck may be played blind")
    simulate.add_argument(
        "--end-at-best-score",
        action="store_true",
        help="end a game once no card can raise the score (hanab.live's rule)",
    )
    simulate.add_argument("--json", action="store_true", help="print one JSON object instead of the report")
    simulate.add_argument("--threads", type=int, default=1, help="processes to play on (same results as one)")
    simulate.add_argument(
        "--progress", action="store_true", help="report progress on stderr even when it is not a terminal"
    )
    simulate.add_argument("--json-output", metavar="DIR", help="save each game to DIR as hanab.live JSON")
    simulate.add_argument(
        "--losses-only", action="store_true", help="with --json-output, save only games below the maximum score"
    )
    simulate.set_defaults(run=_simulate)

    migrate = commands.add_parser(
        "migrate", help="apply the database migrations to DATABASE_URL (or the embedded Postgres)"
    )
    migrate.set_defaults(run=_migrate)

    serve = commands.add_parser("serve", help="serve the HTTP API (embedded Postgres unless DATABASE_URL is set)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    serve.add_argument(
        "--connections",
        type=int,
        default=10_000,
        help="connections each worker serves at once (a long-polling client holds one while it waits, and no thread)",
    )
    serve.add_argument(
        "--run-worker",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="also run a Celery worker and the scheduler (default: when CELERY_BROKER_URL is not set)",
    )
    serve.set_defaults(run=_serve)

    worker = commands.add_parser("worker", help="run a Celery worker: bot seats and the sweeper")
    worker.add_argument("--concurrency", type=int, help="processes or threads (default: one per CPU)")
    worker.add_argument("--pool", choices=("prefork", "threads", "solo"), default="prefork")
    worker.add_argument("--loglevel", help="DEBUG, INFO, WARNING, ... (default: HANABI_LOG_LEVEL, else INFO)")
    worker.add_argument(
        "--beat", action="store_true", help="also run the scheduler in this worker (one such process only)"
    )
    worker.set_defaults(run=_worker)

    beat = commands.add_parser(
        "beat", help="run the Celery scheduler: the sweeper every HANABI_SWEEP_SECONDS (run one)"
    )
    beat.add_argument("--loglevel", help="DEBUG, INFO, WARNING, ... (default: HANABI_LOG_LEVEL, else INFO)")
    beat.set_defaults(run=_beat)

    bot = commands.add_parser("bot", help="play this account's seats on a server with any strategy (uses the SDK)")
    bot.add_argument("--url", required=True, help="the server (without /v1), e.g. http://127.0.0.1:8000")
    bot.add_argument("--token", required=True, help="an API token of the bot's account")
    bot.add_argument(
        "--strategy",
        required=True,
        help="a strategy, as simulate's --bot takes it: a built-in name (random, basic, hat), package.module:NAME, "
        "path/to/file.py:NAME or hle:MODULE:CLASS",
    )
    bot.add_argument("--game", type=int, help="play only this game; exit when it is over")
    bot.add_argument("--once", action="store_true", help="exit when the account has no running games left")
    bot.add_argument("--wait", type=int, default=30, help="with --game: seconds each long poll waits (0-60)")
    bot.set_defaults(run=_bot)

    openapi = commands.add_parser("openapi", help="write the OpenAPI description of the API (openapi.yaml)")
    openapi.add_argument("--output", help="file to write (default: openapi.yaml of the project; '-' for stdout)")
    openapi.set_defaults(run=_openapi)

    settings = commands.add_parser(
        "settings", help="print the settings reference (every environment variable, its default and meaning)"
    )
    settings.add_argument(
        "--write", action="store_true", help="rewrite deploy/README.md's settings table and deploy/.env.example"
    )
    settings.set_defaults(run=_settings)

    args = parser.parse_args(argv)
    if args.command in SERVER_COMMANDS:
        missing = missing_server_dependencies()
        if missing:
            print(
                f"hanabi {args.command} needs the server's dependencies, and {', '.join(missing)} "
                f"{'is' if len(missing) == 1 else 'are'} not installed: install the server with "
                "pip install 'hanabi-service[server]' (in a clone: pip install -e '.[server]', or make setup).",
                file=sys.stderr,
            )
            return 2
    return args.run(args)


SERVER_COMMANDS = frozenset({"migrate", "serve", "worker", "beat", "openapi", "settings"})
"""The commands that run the server's code; the light install (without the extra `server`) has the others."""


def missing_server_dependencies() -> list[str]:
    """The distributions of the extra `server` that are not installed (none when the project's
    own metadata cannot be read, as when it runs from the source tree on PYTHONPATH)."""
    from importlib import metadata

    try:
        requirements = metadata.requires("hanabi-service") or []
    except metadata.PackageNotFoundError:
        return []
    missing = []
    for requirement in requirements:
        if 'extra == "server"' not in requirement:
            continue
        name = re.match(r"[A-Za-z0-9._-]+", requirement).group(0)
        try:
            metadata.version(name)
        except metadata.PackageNotFoundError:
            missing.append(name)
    return missing


def _migrate(args: argparse.Namespace) -> int:
    from hanabi.config import ConfigError, load_settings
    from hanabi.store.database import EmbeddedPostgresError, database_url
    from hanabi.store.migrate import apply_migrations

    try:
        applied = apply_migrations(database_url(load_settings()))
    except (ConfigError, EmbeddedPostgresError) as error:
        print(f"hanabi migrate: {error}", file=sys.stderr)
        return 2
    print(f"applied: {', '.join(applied)}" if applied else "the schema is up to date")
    return 0


def _serve(args: argparse.Namespace) -> int:
    from gevent import monkey

    monkey.patch_all()  # before anything imports psycopg (hanabi.runtime.api_worker)

    from hanabi.config import ConfigError, load_settings
    from hanabi.store.database import EmbeddedPostgresError

    from .metrics_dir import multiprocess_dir

    try:
        settings = load_settings()
        # The metrics folder comes first: the API's modules import prometheus_client.
        with multiprocess_dir("hanabi-serve-metrics-"):
            from .server import serve

            serve(
                settings,
                host=args.host,
                port=args.port,
                workers=args.workers,
                connections=args.connections,
                run_worker=args.run_worker,
            )
    except (ConfigError, EmbeddedPostgresError) as error:
        print(f"hanabi serve: {error}", file=sys.stderr)
        return 2
    return 0


def _worker(args: argparse.Namespace) -> int:
    from hanabi.config import ConfigError, load_settings

    from .metrics_dir import multiprocess_dir

    if args.concurrency is not None and args.concurrency < 1:
        print("hanabi worker: --concurrency must be at least 1", file=sys.stderr)
        return 2
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"hanabi worker: {error}", file=sys.stderr)
        return 2
    if settings.worker_metrics_port is None:
        return _run_worker(args, settings)
    # The pool's processes record metrics into files: the folder comes before any import of prometheus_client.
    with multiprocess_dir("hanabi-worker-metrics-"):
        from hanabi.worker.metrics_server import serve_worker_metrics

        try:
            server = serve_worker_metrics(settings)
        except OSError as error:
            print(
                f"hanabi worker: cannot serve metrics on port {settings.worker_metrics_port}: {error}", file=sys.stderr
            )
            return 2
        try:
            return _run_worker(args, settings)
        finally:
            server.shutdown()


def _run_worker(args: argparse.Namespace, settings) -> int:
    from .composition import worker_celery

    app = worker_celery(settings)
    _log_with_settings(settings)
    _say_why_root()
    # --quiet: no banner; the service's own lines say what runs where.
    argv = ["--quiet", "worker", f"--loglevel={args.loglevel or settings.log_level}", f"--pool={args.pool}"]
    # Gossip, mingle and heartbeats serve monitoring through broadcast messages; none is needed.
    argv += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
    if args.concurrency is not None:
        argv.append(f"--concurrency={args.concurrency}")
    if args.beat:
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        argv += ["--beat", f"--schedule={app.conf.beat_schedule_filename}"]
        # Beat inside a worker sleeps until its next task is due and the worker's stop waits
        # for that sleep (up to HANABI_SWEEP_SECONDS): waking four times a second lets it stop at once.
        app.conf.beat_max_loop_interval = 0.25
    app.worker_main(argv)
    return 0


def _say_why_root() -> None:
    """Celery warns at length when a worker runs as root; say it once, plainly, instead."""
    import warnings

    from celery.exceptions import SecurityWarning

    warnings.filterwarnings("ignore", category=SecurityWarning)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        print(
            "hanabi worker: running as root, as it was started; it takes JSON messages only (no pickle),"
            " so a message cannot run code, but give workers a user of their own in production",
            file=sys.stderr,
            flush=True,
        )


def _log_with_settings(settings) -> None:
    """Celery's processes log in the service's format (hanabi.runtime.logs), at the level Celery was
    given (--loglevel), instead of Celery's own set-up."""
    import dataclasses
    import logging

    from celery.signals import setup_logging

    from .logs import configure_logging

    @setup_logging.connect(weak=False)
    def configure(loglevel=None, **kwargs):
        level = logging.getLevelName(loglevel) if isinstance(loglevel, int) else settings.log_level
        configure_logging(dataclasses.replace(settings, log_level=level))


def _beat(args: argparse.Namespace) -> int:
    from hanabi.config import ConfigError, load_settings

    from .composition import worker_celery

    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"hanabi beat: {error}", file=sys.stderr)
        return 2
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    app = worker_celery(settings)
    _log_with_settings(settings)
    loglevel = args.loglevel or settings.log_level
    app.start(["beat", f"--loglevel={loglevel}", f"--schedule={app.conf.beat_schedule_filename}"])
    return 0


def _bot(args: argparse.Namespace) -> int:
    """SIGTERM stops the runner as SIGINT does, from the start: loading the SDK and a strategy
    takes a while, and a runner stopped meanwhile stops as cleanly as one that is waiting."""
    import signal

    signal.signal(signal.SIGTERM, _interrupt)
    try:
        return _run_bot(args)
    except KeyboardInterrupt:
        print("hanabi bot: interrupted; stopping", file=sys.stderr)
        return 0


def _interrupt(signum, frame):
    raise KeyboardInterrupt


def _run_bot(args: argparse.Namespace) -> int:
    from hanabi.bots.runner import BotError, BotRunner

    if not 0 <= args.wait <= 60:
        print("hanabi bot: --wait must be from 0 to 60", file=sys.stderr)
        return 2
    try:
        runner = BotRunner(args.url, args.token, args.strategy, game_id=args.game, once=args.once, wait=args.wait)
    except (BotError, ValueError) as error:
        print(f"hanabi bot: {error}", file=sys.stderr)
        return 2
    try:
        runner.run()
    except BotError as error:
        print(f"hanabi bot: {error}", file=sys.stderr)
        return 1
    return 0


def _settings(args: argparse.Namespace) -> int:
    from pathlib import Path

    from hanabi.config import reference

    if not args.write:
        sys.stdout.write(reference.readme_rows())
        return 0
    repo = Path(__file__).resolve().parents[3]
    for path in reference.write(repo):
        print(f"wrote {path}")
    return 0


def _openapi(args: argparse.Namespace) -> int:
    from hanabi.api.openapi import OPENAPI_FILE, openapi_yaml

    text = openapi_yaml()
    if args.output == "-":
        sys.stdout.write(text)
    else:
        path = args.output or OPENAPI_FILE
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {path}")
    return 0


def _replay(args: argparse.Namespace) -> int:
    from hanabi.engine.hanablive import HanabLiveError, import_game, outcome

    try:
        if args.file == "-":
            data = json.load(sys.stdin)
        else:
            with open(args.file, encoding="utf-8") as f:
                data = json.load(f)
    except OSError as error:
        return _fail(f"Cannot read {args.file}: {error.strerror}.", None)
    except (ValueError, RecursionError) as error:
        return _fail(f"{args.file} is not valid JSON: {error}.", None)
    try:
        game = import_game(data)
    except HanabLiveError as error:
        return _fail(error.message, error.action_index)
    print(json.dumps(outcome(game.state)))
    return 0


def _fail(message: str, action_index: int | None) -> int:
    """Report a game that cannot be replayed: one JSON object on stdout, exit status 1."""
    print(json.dumps({"error": message, "action_index": action_index}))
    return 1


def _simulate(args: argparse.Namespace) -> int:
    from hanabi.bots.simulator import SimulationError, format_report, simulate

    if args.against_seats and args.against is None:
        print("hanabi simulate: --seat needs --against SPEC", file=sys.stderr)
        return 2
    if args.games < 1:
        print("hanabi simulate: --games must be at least 1", file=sys.stderr)
        return 2
    if args.threads < 1:
        print("hanabi simulate: --threads must be at least 1", file=sys.stderr)
        return 2
    if args.losses_only and args.json_output is None:
        print("hanabi simulate: --losses-only needs --json-output DIR", file=sys.stderr)
        return 2
    try:
        options = GameOptions(
            players=args.players,
            variant=args.variant,
            clue_tokens=args.clue_tokens,
            max_strikes=args.max_strikes,
            empty_clues=args.empty_clues,
            all_or_nothing=args.all_or_nothing,
            timed_display=args.timed_display,
            deck_plays=args.deck_plays,
            end_at_best_score=args.end_at_best_score,
        )
    except EngineError as error:
        print(f"hanabi simulate: {error.message}", file=sys.stderr)
        return 2
    progress = _progress_printer() if args.progress or sys.stderr.isatty() else None
    try:
        result = simulate(
            options,
            args.bot,
            args.games,
            args.seed,
            against=args.against,
            against_seats=args.against_seats,
            threads=args.threads,
            json_output=args.json_output,
            losses_only=args.losses_only,
            progress=progress,
        )
    except ValueError as error:
        print(f"hanabi simulate: {error}", file=sys.stderr)
        return 2
    except SimulationError as error:
        print(f"hanabi simulate: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"hanabi simulate: cannot write {error.filename}: {error.strerror}", file=sys.stderr)
        return 1
    print(json.dumps(result.to_dict()) if args.json else format_report(result))
    return 0


def _progress_printer(every_seconds: float = 2.0):
    """A progress callback for `simulate` that writes a line to stderr every few seconds."""
    import time

    start = time.monotonic()
    last = [start]

    def report(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= every_seconds or done == total:
            last[0] = now
            rate = done / (now - start) if now > start else 0.0
            print(f"hanabi simulate: {done}/{total} games, {rate:.0f} games/s", file=sys.stderr, flush=True)

    return report


if __name__ == "__main__":
    sys.exit(main())
