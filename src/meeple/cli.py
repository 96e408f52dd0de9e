"""The `meeple` command: games, play, simulate, bench (and serve, once the server lands)."""

from __future__ import annotations

import argparse
import json
import os
import sys

from meeple import bots as bot_registry
from meeple import games
from meeple.engine import MeepleError, UnknownGame, count
from meeple.engine.options import parse_options


def cmd_games(args) -> int:
    infos = [game.describe() for game in games.all()]
    if args.json:
        for info in infos:
            print(json.dumps(info))
        return 0
    # Columns as wide as their longest entry, so every summary starts at the same place.
    id_width = max(len(info["id"]) for info in infos)
    name_width = max(len(info["name"]) for info in infos)
    for info in infos:
        low, high = info["min_players"], info["max_players"]
        seats = count(low, "player") if low == high else f"{low}-{high} players"
        print(f"{info['id']:<{id_width}}  {info['name']:<{name_width}}  {seats:<11}  {info['summary']}")
    return 0


def cmd_play(args) -> int:
    from meeple.terminal import play_in_terminal

    game = games.get(args.game)
    # Spaces after the commas are allowed, as in tournament's and report's --bots.
    seats = [level.strip() for level in args.seats.split(",") if level.strip()]
    if not seats:
        raise MeepleError("--seats needs one entry per seat: human or a bot level.")
    for level in seats:
        if level != "human":
            bot_registry.get(level)
    return play_in_terminal(game, seats, parse_options(args.option), args.seed)


def cmd_simulate(args) -> int:
    from tqdm import tqdm

    from meeple.analysis.simulate import simulate

    game = games.get(args.game)
    if args.games < 1:  # no game has no win rate: say so rather than fail while printing
        raise MeepleError("--games must be at least 1.")
    names = _bot_list(args.bots)  # checked, with spaces after the commas allowed as in tournament and report
    if len(names) == 1:
        names = names * args.players
    if len(names) != args.players:
        raise MeepleError(f"--bots names {len(names)} bots for {args.players} players.")
    options = parse_options(args.option)
    game.setup(args.players, options, 0)  # fail fast on bad options or player counts
    saved = None
    if args.save:
        try:
            saved = open(args.save, "w", encoding="utf-8")
        except OSError as exc:
            raise MeepleError(f"Cannot write the games to {args.save}: {exc.strerror}.") from None
    def save(record: dict) -> None:
        assert saved is not None
        saved.write(json.dumps(record) + "\n")

    with tqdm(total=args.games, desc=f"{game.name} games", unit="game", file=sys.stderr,
              disable=args.quiet) as bar:
        try:
            report = simulate(game, args.players, names, args.games, args.seed, options, progress=bar.update,
                              save=save if saved else None)
        finally:
            if saved:
                saved.close()
    if args.json:
        print(json.dumps(report))
    else:
        _print_simulation(report)
    return 0 if report["errors"] == 0 else 1


def _saved_games(args) -> list[dict]:
    """The games to review: a table of the hall's store (--db), or the lines of a `simulate --save` file."""
    if args.db:
        from meeple.store import Store, StoreError

        try:
            store = Store(args.db)
        except StoreError as exc:
            raise MeepleError(str(exc)) from None
        try:
            table = store.load_table(args.file)
        finally:
            store.close()
        if table is None:
            raise MeepleError(f"There is no table '{args.file}' in {args.db}.")
        if table["status"] != "finished":
            raise MeepleError(f"Table '{args.file}' is {table['status']}: only a finished game is reviewed.")
        return [{"game": table["game"], "players": table["players"], "options": table["options"],
                 "seed": table["seed"], "moves": [[m["seat"], m["move"]] for m in table["moves"]]}]
    try:
        with open(args.file, encoding="utf-8") as handle:
            lines = [line for line in handle if line.strip()]
    except OSError as exc:
        raise MeepleError(f"Cannot read {args.file}: {exc.strerror}.") from None
    records = []
    for number, line in enumerate(lines, start=1):
        try:
            records.append(json.loads(line))
        except ValueError:
            raise MeepleError(f"{args.file}, line {number}: not JSON (meeple simulate --save writes one game "
                              "per line).") from None
    if not records:
        raise MeepleError(f"{args.file} holds no game.")
    return records


def cmd_review(args) -> int:
    from tqdm import tqdm

    from meeple.analysis.review import parse_saved, review

    records = _saved_games(args)
    if args.game is not None:
        if not 1 <= args.game <= len(records):
            raise MeepleError(f"--game {args.game}: {args.file} holds {len(records)} game(s), numbered from 1.")
        records = [records[args.game - 1]]
    seats = None
    if args.seats:
        try:
            seats = [int(s) - 1 for s in args.seats.split(",")]
        except ValueError:
            raise MeepleError(f"--seats takes seat numbers from 1, such as 1,3 (not '{args.seats}').") from None
    for record in records:
        game, players, options, seed, moves = parse_saved(record)
        with tqdm(desc=f"{game.name} review", unit="step", file=sys.stderr, disable=args.quiet) as bar:
            def progress(done: int, total: int) -> None:
                bar.total = total
                bar.update(done - bar.n)

            result = review(game, players, options, seed, moves, seats=seats, budget_s=args.budget,
                            judge=args.judge, review_seed=args.seed, progress=progress, worlds=args.worlds)
        print(json.dumps(result) if args.json else _review_words(result))
    return 0


def _review_words(result: dict) -> str:
    seats = f"{result['players']} player" + ("s" if result["players"] != 1 else "")
    lines = [f"Review of {result['name']} with {seats} (seed {result['seed']}): "
             f"final scores {', '.join(map(str, result['final']['scores']))}.",
             f"Judged by {result['judge']['level']}, in {result['judge']['unit']}; "
             f"{result['cpu_s']} s of CPU (budget {result['budget_s']} s).",
             result["judge"]["words"]]
    for seat in result["seats"]:
        lines.append("")
        lines.append(seat["verdict"])
        if seat["moments"]:
            lines.append("The moments that mattered most:")
            lines.extend(f"  {moment['words']}" for moment in seat["moments"])
    return "\n".join(lines)


def cmd_train(args) -> int:
    from pathlib import Path

    from meeple.bots import learned

    game = games.get(args.game)
    options = parse_options(args.option)
    game.setup(args.players, options, 0)  # fail fast on bad options or player counts
    for name in ("games", "positions", "hidden", "epochs"):
        if getattr(args, name) < 1:
            raise MeepleError(f"--{name} must be at least 1.")
    if args.games < 10:
        raise MeepleError("--games must be at least 10: a tenth of them is held out to judge the fit.")
    net, summary = learned.train(game, args.players, args.games, args.seed, args.positions, args.hidden,
                                 args.epochs, options)
    out = Path(args.out) if args.out else learned.model_path(game.id, args.players)
    net.save(out)
    summary["model"] = str(out)
    if args.plot:
        summary["plot"] = str(learned.plot_curve(summary, Path(args.plot)))
    print(json.dumps(summary))
    return 0


def _figure(value, spec: str) -> str:
    """A figure formatted, or n/a where there is none (every game crashed: no game to count)."""
    return "n/a" if value is None else format(value, spec)


def _print_simulation(report: dict) -> None:
    """The summary in words and one aligned table; `--json` keeps the full figures."""
    print(f"{count(report['games'], 'game')} of {report['game']} with {count(report['players'], 'player')} "
          f"({', '.join(report['bots'])}); errors: {report['errors']}")
    width = max(3, *(len(bot) for bot in report["bots"]))
    # Wins are counted with shared firsts split evenly, so they may be fractions: one decimal throughout.
    print(f"seat  {'bot':<{width}}    wins  win rate  mean score")
    for s, bot in enumerate(report["bots"]):
        rate, score = report["win_rate_by_seat"][s], report["mean_score_by_seat"][s]
        print(f"{s + 1:>4}  {bot:<{width}}  {report['wins_by_seat'][s]:>6.1f}  {_figure(rate, '.1%'):>8}"
              f"  {_figure(score, '.1f'):>10}")
    solo = report.get("solo")
    if solo:
        low, high = solo["win_rate_ci95"]
        rate = "n/a" if solo["win_rate"] is None else f"{solo['win_rate']:.1%}"
        print(f"solo: {solo['won']} of {report['games']} games won against the game's own goal ({rate}, "
              f"95% interval {low:.1%} to {high:.1%}); mean score {_figure(solo['mean_score'], '.1f')}")
        for verdict, times in list(solo["verdicts"].items())[:5]:
            print(f"  {times:>5} x {verdict}")
    else:
        print("wins by bot: " + ", ".join(f"{k} {v:.1f}" for k, v in report["wins_by_bot"].items()))
    spread = report["score_spread"]
    margin = "" if spread["mean_margin"] is None else f", mean winning margin {spread['mean_margin']:.1f}"
    print(f"scores: min {_figure(spread['min'], '')}, max {_figure(spread['max'], '')}, "
          f"stdev {_figure(spread['stdev'], '.1f')}{margin}")
    print("mean points per row: " + ", ".join(f"{k} {v:.2f}" for k, v in report["mean_row_points"].items()))
    length = report["game_length"]
    print(f"game length: {_figure(length['mean_moves'], '.1f')} moves on average "
          f"({_figure(length['min_moves'], '')}-{_figure(length['max_moves'], '')})")
    for message in report["error_messages"]:
        print("error:", message)


def cmd_bench(args) -> int:
    from meeple.analysis.bench import bench

    game = games.get(args.game)
    if not args.seconds > 0:  # it used to run one slice anyway and report it as the measure
        raise MeepleError("--seconds must be more than 0.")
    result = bench(game, args.players, args.seconds, args.seed, parse_options(args.option))
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['game']} ({result['players']} players): {result['playouts_per_s']} random playouts/s, "
              f"{result['moves_per_s']} moves/s over {result['seconds']} s")
    return 0


def _bot_list(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise MeepleError("--bots needs at least one bot level.")
    for name in names:
        bot_registry.get(name)
    return names


def cmd_tournament(args) -> int:
    from tqdm import tqdm

    from meeple.analysis.tournament import format_table, run_tournament, schedule

    game = games.get(args.game)
    players = args.players or game.min_players
    names = _bot_list(args.bots)
    if args.games < 1:
        raise MeepleError("--games must be at least 1.")
    options = parse_options(args.option)
    total = len(schedule(names, players, args.games, args.seed, args.field))
    with tqdm(total=total, desc=f"{game.name} tournament", unit="game", file=sys.stderr,
              disable=args.quiet) as bar:
        result = run_tournament(game, players, names, args.games, args.seed, options, args.jobs,
                                progress=bar.update, field=args.field)
    print(json.dumps(result) if args.json else format_table(result))
    return 0 if result["errors"] == 0 else 1


def cmd_report(args) -> int:
    from meeple.analysis.report import write_report

    game = games.get(args.game)
    if args.games < 1:
        raise MeepleError("--games must be at least 1.")
    page = write_report(game, args.players, args.games, args.out, _bot_list(args.bots), args.seed,
                        parse_options(args.option), jobs=args.jobs, quiet=args.quiet)
    print(page)
    return 0


def _rate(text: str, option: str) -> tuple[float, float]:
    """A rate limit written BURST,EVERY_S ("10,6": 10 at once, then one more every 6 seconds)."""
    try:
        burst, every = (float(part) for part in text.split(","))
    except ValueError:
        raise MeepleError(f"{option} is written BURST,SECONDS (such as 10,6), not '{text}'.") from None
    if not (1 <= burst < float("inf") and 0 < every < float("inf")):
        raise MeepleError(f"{option}: the burst must be at least 1 and the seconds more than 0 (got '{text}').")
    return burst, 1 / every


def _serve_limits(args) -> dict:
    """The hall's limits from the serve options (docs/server/play.md, "Rulings")."""
    from meeple.server.limits import SocketLimits, TableLimits

    for option, value in [("--live-tables-per-user", args.live_tables_per_user),
                          ("--sockets-per-address", args.sockets_per_address),
                          ("--sockets-per-session", args.sockets_per_session), ("--body-cache-mb", args.body_cache_mb)]:
        if value < 1:
            raise MeepleError(f"{option} must be at least 1.")
    # (--move-rate's default is app.Api's own: 30 at once, then 15 a second, which no SECONDS writes exactly)
    moves = {} if args.move_rate is None else {"move_rate": _rate(args.move_rate, "--move-rate")}
    return {**moves, "table_limits": TableLimits(live_per_user=args.live_tables_per_user,
                                        user_rate=_rate(args.tables_rate_user, "--tables-rate-user"),
                                        address_rate=_rate(args.tables_rate_address, "--tables-rate-address")),
            "socket_limits": SocketLimits(per_address=args.sockets_per_address, per_session=args.sockets_per_session),
            "signin_rate": _rate(args.signin_rate, "--signin-rate"),
            "body_cache_bytes": args.body_cache_mb << 20}


def cmd_check(args) -> int:
    from meeple.testing import Budget, check_game, load_game

    only = [name.strip() for name in args.only.split(",")] if args.only else None
    for option, value in (("--playouts", args.playouts), ("--positions", args.positions)):
        if value < 1:  # a check that looks at nothing would pass, or fail for having seen nothing
            raise MeepleError(f"{option} must be at least 1.")
    try:
        game = load_game(args.game)
    except UnknownGame as exc:  # a designer's own game, named without its module
        raise MeepleError(f"{exc} A game of your own is named module:Name, such as mygame:GAME, "
                          "run from the folder that holds mygame (docs/engine.md).") from None
    except MeepleError as exc:
        if "No module named" not in str(exc):
            raise
        raise MeepleError(f"{exc} The module is looked for from the working directory, as python -m "
                          "does: run meeple check from the folder that holds it.") from None
    report = check_game(game, only, Budget(playouts=args.playouts, positions=args.positions,
                                                          seed=args.seed))
    print(json.dumps(report.to_json()) if args.json else report.text())
    return 0 if report.ok else 1


def cmd_serve(args) -> int:
    from meeple.server import serve, store_url
    from meeple.store import StoreError

    if args.bot_workers < 1:
        raise MeepleError("--bot-workers must be at least 1.")
    url = store_url(args.data, args.db)
    where = "PostgreSQL" if url.startswith(("postgresql://", "postgres://")) else f"SQLite at {url}"
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    def announce():
        print(f"meeple: the hall is open at http://{shown}:{args.port}/ ({where}"
              f"{', Redis ' + args.redis if args.redis else ''}). Ctrl-C stops it.", flush=True)

    try:
        serve(args.host, args.port, url, args.redis, args.bot_workers, args.fsync, announce=announce,
              redis_channel=args.redis_channel, trusted_proxies=args.trusted_proxies, limits=_serve_limits(args))
    except StoreError as exc:
        raise MeepleError(str(exc)) from None
    return 0


def cmd_strength(args) -> int:
    from meeple.analysis.strength import run

    return run(args)


def _json_and_quiet(p: argparse.ArgumentParser, json_help: str) -> None:
    """The batch commands' output flags: JSON for scripts, and no progress bar."""
    p.add_argument("--json", action="store_true", help=json_help)
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _game_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="a game id, as `meeple games` lists them")


def _option_arg(p: argparse.ArgumentParser) -> None:
    """Table options, which every command that sets up a table takes, in the same words."""
    p.add_argument("--option", action="append", metavar="NAME=VALUE",
                   help="a table option, repeatable (each game's page in docs/games/ lists its options)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="meeple", description="The meeple board-game hall.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("games", help="list the games")
    p.add_argument("--json", action="store_true", help="one JSON object per game")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("play", help="play a game in the terminal")
    _game_arg(p)
    p.add_argument("--seats", default="human,greedy",
                   help="comma-separated, one per seat: human or a bot level (" + ", ".join(bot_registry.levels())
                        + "; default human,greedy)")
    p.add_argument("--seed", type=int, default=None, help="seed of the deal (random if left out)")
    _option_arg(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("simulate", help="play many bot games and summarise them")
    _game_arg(p)
    p.add_argument("--players", type=int, required=True, help="seats at the table")
    p.add_argument("--bots", default="random", help="comma-separated bot levels, one per seat (or one for all; "
                                                    "default random)")
    p.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; the next ones count up (default 0)")
    _option_arg(p)
    _json_and_quiet(p, "print one JSON object")
    p.add_argument("--save", default=None, metavar="FILE",
                   help="write every game (game, options, seed, moves) to FILE, one JSON per line (meeple review)")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("review", help="where a finished game was won and lost, judged by the search")
    p.add_argument("file", metavar="FILE_OR_TABLE", help="a file of `meeple simulate --save`, or a table id with --db")
    p.add_argument("--db", default=None, help="the hall's database (a SQLite file or postgresql:// URL)")
    p.add_argument("--game", type=int, default=None, metavar="N", help="only the Nth game of the file (from 1)")
    p.add_argument("--seats", default=None, help="seats to review, numbered from 1 (default: all)")
    p.add_argument("--budget", type=float, default=30.0, metavar="SECONDS", help="CPU seconds for each game's review")
    p.add_argument("--judge", default=None, metavar="LEVEL",
                   help="a bot level to judge with as is (default: search3 with its share of the budget)")
    p.add_argument("--seed", type=int, default=0, help="seed of the review's sampled worlds")
    p.add_argument("--worlds", type=int, default=None, metavar="N",
                   help="exactly N sampled worlds per decision (with --judge search2: the same review every run)")
    _json_and_quiet(p, "print one JSON object per game")
    p.set_defaults(func=cmd_review)

    p = sub.add_parser("train", help="train a game's value model for the search (leaf_value=learned)")
    _game_arg(p)
    p.add_argument("--players", type=int, required=True, help="seats at the table the model is for")
    p.add_argument("--games", type=int, default=2000, help="self-play games (a tenth held out)")
    p.add_argument("--positions", type=int, default=8, help="positions kept from each game")
    p.add_argument("--hidden", type=int, default=64, help="hidden units of the network")
    p.add_argument("--epochs", type=int, default=30, help="passes over the training positions (default 30)")
    p.add_argument("--seed", type=int, default=1, help="seed of the self-play games and the fit (default 1)")
    _option_arg(p)
    p.add_argument("--out", default=None, help="model file (default: the one the package ships, "
                                                "src/meeple/bots/models/GAME-Np.npz)")
    p.add_argument("--plot", default=None, help="also draw the training curve to this PNG")
    p.set_defaults(func=cmd_train)

    p = sub.add_parser("bench", help="random playouts per second")
    _game_arg(p)
    p.add_argument("--players", type=int, default=None, help="default: the game's smallest count")
    p.add_argument("--seconds", type=float, default=3.0, help="how long to play (default 3)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first playout (default 0)")
    _option_arg(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("tournament", help="round-robin between bot levels, with ratings")
    _game_arg(p)
    p.add_argument("--bots", required=True,
                   help="comma-separated bot levels (" + ", ".join(bot_registry.levels()) + ")")
    p.add_argument("--games", type=int, default=20, help="deals per line-up, each played in every seat rotation "
                                                               "(default 20)")
    p.add_argument("--players", type=int, default=None, help="default: the game's smallest count")
    p.add_argument("--seed", type=int, default=0, help="seed of each line-up's first deal (default 0)")
    _option_arg(p)
    p.add_argument("--field", default=None, metavar="BOT",
                   help="only line-ups of each other bot alone against a full table of this one")
    p.add_argument("--jobs", type=int, default=1, help="games played in parallel processes (default 1)")
    _json_and_quiet(p, "print one JSON object")
    p.set_defaults(func=cmd_tournament)

    p = sub.add_parser("report", help="balance report for designers: seat advantage, scores, rows, options")
    _game_arg(p)
    p.add_argument("--players", type=int, required=True, help="seats at the table")
    p.add_argument("--games", type=int, default=200, help="games to play, and deals replayed per option "
                                                         "compared (default 200)")
    p.add_argument("--out", required=True, help="folder for report.md and its plots")
    p.add_argument("--bots", default="greedy", help="bot level for every seat (or one per seat; default greedy)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game; the next ones count up (default 0)")
    _option_arg(p)
    p.add_argument("--jobs", type=int, default=1, help="games played in parallel processes (default 1)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_report)

    from meeple.analysis import strength

    p = sub.add_parser("strength", help="how strong the bots are: the strength table's rows, paired comparisons, "
                                        "the OpenSpiel arena, the table and lobby figures rewritten",
                       description=strength.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    strength.configure(p)
    p.set_defaults(func=cmd_strength)

    p = sub.add_parser("check", help="every generic check on one game: contract, leaks, bots, adapters")
    p.add_argument("game", help="a registered game id, or module:Name of a Game instance or class")
    p.add_argument("--only", default=None, metavar="CHECKS", help="comma-separated checks to run (default: all; "
                                                                    "docs/engine.md lists them)")
    p.add_argument("--playouts", type=int, default=2, help="random games per table (default 2)")
    p.add_argument("--positions", type=int, default=8, help="positions per table for the costlier checks (default 8)")
    p.add_argument("--seed", type=int, default=0, help="seed of the random games and positions (default 0)")
    p.add_argument("--json", action="store_true", help="the report as one JSON object")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("serve", help="serve the hall (HTTP + WebSocket) for browsers")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: the network)")
    p.add_argument("--port", type=int, default=8000, help="the port to listen on (default 8000)")
    p.add_argument("--data", default="data", help="folder of the SQLite database (default: ./data)")
    p.add_argument("--db", default=None, help="database URL instead, e.g. postgresql://user@host/db")
    p.add_argument("--redis", default=None, help="redis://host:port, to run several serve processes together")
    p.add_argument("--bot-workers", type=int, default=2,
                   help="processes that compute bot moves (one slow bot then never holds up the others)")
    p.add_argument("--fsync", action="store_true",
                   help="SQLite: wait for the disk on every move (survives power cuts; slower)")
    p.add_argument("--redis-channel", default="meeple:tables",
                   help="the Redis channel of this hall (halls sharing one Redis need their own)")
    p.add_argument("--trusted-proxies", default=None, metavar="IPS",
                   help="comma-separated addresses of reverse proxies whose X-Forwarded-For is believed "
                        "(default: none; the client address is the connection's)")
    # The limits' defaults are those of meeple.server.limits and app.Api (docs/server/play.md, "Rulings").
    p.add_argument("--live-tables-per-user", type=int, default=64, metavar="N",
                   help="open or running tables one user may have created (default 64)")
    p.add_argument("--tables-rate-user", default="64,5", metavar="BURST,SECONDS",
                   help="tables one user may create: a burst, then one every SECONDS (default 64,5)")
    p.add_argument("--tables-rate-address", default="128,2", metavar="BURST,SECONDS",
                   help="tables created from one client address (default 128,2)")
    p.add_argument("--sockets-per-address", type=int, default=256, metavar="N",
                   help="open WebSockets per client address (default 256)")
    p.add_argument("--sockets-per-session", type=int, default=16, metavar="N",
                   help="open WebSockets per signed-in session (default 16)")
    p.add_argument("--signin-rate", default="10,6", metavar="BURST,SECONDS",
                   help="sign-in, sign-up and guest attempts per client address (default 10,6)")
    p.add_argument("--move-rate", default=None, metavar="BURST,SECONDS",
                   help="moves, confirms and resets of one seat (default: 30 at once, then 15 a second)")
    p.add_argument("--body-cache-mb", type=int, default=128, metavar="MB",
                   help="the cached state texts of all live tables together; past it the least recently "
                        "used tables' are dropped (default 128)")
    p.set_defaults(func=cmd_serve)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except MeepleError as exc:
        print(f"meeple: {exc}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as exc:
        # A game named in MEEPLE_EXTRA_GAMES (docs/engine.md) whose module is not on Python's path: the
        # registry, unlike `meeple check`, does not look in the working directory.
        extra = [entry.partition("=")[2].strip() for entry in os.environ.get(games.EXTRA_GAMES_ENV, "").split(",")]
        if not exc.name or not any(target.startswith(exc.name + ".") or target.startswith(exc.name + ":")
                                   for target in extra):
            raise
        print(f"meeple: {games.EXTRA_GAMES_ENV} names a game in module '{exc.name}', which Python cannot find: "
              "start the command with PYTHONPATH=<the folder that holds it>.", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nmeeple: stopped.", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
