"""The strength table of docs/strength.md and its plots, made from measured rows: `meeple strength`.

    meeple strength greedy picnic --players 2 --seconds 0.1,0.3 --deals 4 --seed 1000
    meeple strength openspiel --seconds 0.1 --games 40
    meeple strength ab picnic --bots "search3@0.1,search3@0.1+prior_weight=0" --deals 10
    meeple strength arena --game wizard --players 4 --option single_round=10 --seconds 0.1 --games 100
    meeple strength report

`ab` is the paired comparison used to decide what search3 keeps: two bots on the
same deals, each deal in every seat rotation, printing the first bot's win share
(Wilson interval over games) and its mean per deal (normal interval over deals,
which is the paired figure: a deal's luck is shared by both bots).

`greedy` plays search3, limited to each CPU time per decision in turn, against a
full table of greedy (every seat rotation on the same deals) and appends one row
per time to the results file (`--jobs N` plays the games in N processes: each decision
stops on its own process's CPU time, so that is no weaker, only sooner). `openspiel` plays
search3 against OpenSpiel's Python ISMCTS on a four-player ten-card Wizard round at equal CPU per move
(`arena`, meeple.analysis.arena, which also runs on its own with any game and settings; `--jobs N`
as for greedy, each process calibrating OpenSpiel on its own). `report`
rewrites the table between the markers in docs/strength.md and draws one plot per game (win share
against CPU per decision) in docs/img. Every row keeps the command that measured it; the table
shows the newest row of each command (`current`: a command run again replaces its row there, and
the older rows stay in the results file), and says where a row was measured before its game's
rules last changed (`RULES_CHANGED`). It also writes src/meeple/bots/measured.json, the figures
the lobby labels its bot levels with: per game and player count, the current row against greedy
on the current rules with the most games (`lobby_figures`).
Below the table it lists every game and player count short of its goal, with what was tried
(`shortfalls`, from docs/strength-tried.json).

The files are those of the source checkout the package runs from (found from the package, never
from the working directory), or the ones --results, --page, --images and --shipped name; an
installed package without a checkout needs them named.

The goal each row is held to (issue 22): against greedy, at least 75% of the wins
with two players and twice the fair share with three or four, the 95% interval's
lower end above the fair share, over at least 40 games; against OpenSpiel, more
than half of the first places with the lower end above half, at each of 0.1, 0.3 and 1 s.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shlex
import sys
from pathlib import Path

from meeple.engine import MeepleError

# Where the table's files are, relative to the root of the source checkout (`checkout_root`).
RESULTS = Path("docs/strength.jsonl")
PAGE = Path("docs/strength.md")
IMAGES = Path("docs/img")
SHIPPED = Path("src/meeple/bots/measured.json")
# Per game and player count where the goal is not met, what was measured that did not help (short
# texts pointing into docs/journal/bots.md), keyed "opponent:game:players" (`shortfalls`).
TRIED = Path("docs/strength-tried.json")
BEGIN, END = "<!-- strength table: made by meeple strength report -->", "<!-- end of strength table -->"
# The table's opening marker as any version of the command wrote it (an older page still opens).
BEGIN_ANY = re.compile(r"<!-- strength table: made by [^>]*-->")
# How rows measured before the command moved name it; the table shows today's command.
OLD_COMMAND = "python -m meeple.bots.strength "
COMMAND = "meeple strength "
MIN_GAMES = 40
# The CPU times per move at which the Wizard round must beat OpenSpiel's ISMCTS clearly (issue 40): each one.
OPENSPIEL_SECONDS = (0.1, 0.3, 1.0)
# game id -> the day its rules last changed. A row measured before that day is marked in the table
# and gives no lobby figure; a row of that day counts as on the new rules (rows keep only the date,
# and the rule changes of 5 December came before that day's measurements). bench/perf_page.py marks
# the performance tables' rows by the same dates.
RULES_CHANGED = {"living_forest": "2026-12-05", "draft_and_write_records": "2026-12-05"}
# game id -> the day its bots' own valuation last changed (greedy's guide, which search3's rollouts play
# too): rows before it measured other bots, and are marked and left out of the lobby as RULES_CHANGED's.
BOTS_CHANGED = {"wizard": "2026-12-05"}


def checkout_root() -> Path | None:
    """The source checkout this package runs from (an editable install: src/meeple under a folder
    with pyproject.toml), or None for an installed package."""
    package = Path(__file__).resolve().parents[1]
    root = package.parents[1]
    if package.parent.name == "src" and (root / "pyproject.toml").is_file():
        return root
    return None


def in_checkout(given: Path | None, relative: Path, option: str) -> Path:
    """`given`, or the file `relative` to the source checkout; without a checkout the path must be given."""
    if given is not None:
        return given
    root = checkout_root()
    if root is None:
        raise MeepleError(f"No source checkout found beside this package: name the file with {option}.")
    return root / relative


def game_name(game_id: str) -> str:
    """The game's own name (a row of a game no longer registered keeps its id)."""
    from meeple import games
    from meeple.engine import UnknownGame

    try:
        return games.get(game_id).name
    except UnknownGame:
        return game_id


def goal(players: int, opponent: str) -> float:
    """The share a row must reach: 75% at two players, twice the fair share at more; OpenSpiel: half."""
    if opponent == "openspiel":
        return 0.5
    return 0.75 if players == 2 else 2.0 / players


def verdict(row: dict) -> str:
    fair = 0.5 if row["opponent"] == "openspiel" else 1.0 / row["players"]
    target = goal(row["players"], row["opponent"])
    share, low = row["share"], row["ci95"][0]
    reached = (share > target if row["opponent"] == "openspiel" else share >= target) and low > fair
    if not reached:
        return "not met"
    return "met" if row["games"] >= MIN_GAMES else f"met on {row['games']} games (goal asks {MIN_GAMES})"


def against_greedy(game_id: str, players: int, seconds: float, deals: int, seed: int, options: dict | None,
                   command: str, jobs: int = 1) -> dict:
    from meeple import games
    from meeple.analysis.tournament import run_tournament

    level = f"search3@{seconds:g}"
    # A decision stops on its own process's CPU time, so games played side by side are no weaker.
    result = run_tournament(games.get(game_id), players, [level, "greedy"], deals, seed, options,
                            jobs=jobs, field="greedy")
    if result["errors"]:
        raise SystemExit(f"{result['errors']} games failed: {result['error_messages'][0]}")
    ours = result["results"][level]
    return {
        "opponent": "greedy", "game": game_id, "players": players, "seconds": seconds,
        "games": result["games"], "share": ours["win_rate"], "ci95": ours["win_rate_ci95"],
        "shared_firsts": ours["shared_firsts"], "deals": deals,
        "deals_won_by_one_seat": result["lineups"][0]["deals_won_by_one_seat"],
        "x_fair": ours["times_fair_share"], "mean_score": ours["mean_score"],
        "greedy_mean_score": result["results"]["greedy"]["mean_score"],
        "cpu_per_decision": [ours["decision_cpu_seconds_mean"], ours["decision_cpu_seconds_max"]],
        "options": options or {}, "command": command,
    }


def against_openspiel(seconds: float, games: int, command: str, jobs: int = 1) -> dict:
    from meeple.analysis import arena

    # (the command leaves --jobs out: as against greedy, the processes change the wall time, not the row)
    args = arena.parser().parse_args(["--game", "wizard", "--players", "4", "--option", "single_round=10",
                                      "--seconds", str(seconds), "--games", str(games), "--jobs", str(jobs)])
    result = arena.run(args)
    ours = result["sides"]["meeple"]
    share, low, high = ours["first_place_share"]
    return {
        "opponent": "openspiel", "game": "wizard", "players": 4, "seconds": seconds, "games": games,
        "share": share, "ci95": [low, high], "x_fair": round(share / 0.5, 3),
        "mean_rank_return": ours["mean_rank_return"],
        "cpu_per_decision": [ours["measured_cpu_seconds_per_move"], None],
        "iterations": result["meeple_iterations_per_move"],
        "openspiel_simulations": result["openspiel_ismcts_simulations"]["mean"],
        "options": {"single_round": 10}, "command": command,
    }


def paired(game_id: str, players: int, names: list[str], deals: int, seed: int, options: dict | None,
           jobs: int, command: str) -> dict:
    """The first of two bots against the second, same deals, every seat rotation (see the module text)."""
    from meeple.analysis.stats import mean_ci, wilson
    from meeple.analysis.tournament import play_matches, schedule, win_share

    first, second = names
    matches = [m for m in schedule(names, players, deals, seed) if m.lineup[0] == first]
    records, errors = play_matches(game_id, players, options, matches, jobs)
    if errors:
        raise SystemExit(f"{len(errors)} games failed: {errors[0]}")
    per_deal: dict[int, list[float]] = {}
    scores: list[float] = []
    for match in matches:
        record = records[match.index]
        seats = [s for s, name in enumerate(match.seats) if name == first]
        per_deal.setdefault(match.seed, []).append(sum(win_share(record.ranks, s) for s in seats) / len(seats))
        others = [record.scores[s] for s, name in enumerate(match.seats) if name != first]
        scores.append(sum(record.scores[s] for s in seats) / len(seats) - max(others))
    wins = [w for deal in per_deal.values() for w in deal]
    low, high = wilson(sum(wins), len(wins))
    deal_mean, deal_low, deal_high = mean_ci([sum(d) / len(d) for d in per_deal.values()])
    margin, margin_low, margin_high = mean_ci(scores)
    return {"game": game_id, "players": players, "bots": names, "deals": deals, "seed": seed, "games": len(wins),
            "share": round(sum(wins) / len(wins), 4), "ci95": [round(low, 4), round(high, 4)],
            "per_deal_ci95": [round(deal_low, 4), round(deal_high, 4)],
            "score_margin": [round(margin, 2), round(margin_low, 2), round(margin_high, 2)],
            "options": options or {}, "command": command}


def load(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def shown_command(command: str) -> str:
    """A row's command as it is typed today (rows measured before the move name the old module)."""
    return COMMAND + command[len(OLD_COMMAND):] if command.startswith(OLD_COMMAND) else command


def row_key(row: dict) -> tuple:
    """What names one line of the table: rows with the same key measured the same thing again."""
    return (row["opponent"], row["game"], row["players"], row["seconds"], shown_command(row["command"]))


def current(rows: list[dict]) -> list[dict]:
    """The newest row of each key (rows are appended, so the last one), in the order first measured."""
    newest: dict[tuple, dict] = {}
    for row in rows:
        newest[row_key(row)] = row  # a key keeps its first place in the dict, with its last row
    return list(newest.values())


def last_change(game_id: str) -> tuple[str, str] | None:
    """(day, "the rules" or "the bots") of the game's last change that makes older rows stale, or None."""
    found = [(day, what) for day, what in ((RULES_CHANGED.get(game_id), "the rules"),
                                           (BOTS_CHANGED.get(game_id), "the bots")) if day]
    return max(found) if found else None


def before_rules(row: dict) -> str | None:
    """The day of the rule (or bot) change a row predates, or None where it is on the game's current
    rules and bots (a row without a date is taken as old where its game changed)."""
    changed = last_change(row["game"])
    return changed[0] if changed and row.get("measured", "") < changed[0] else None


def stale_words(game_id: str) -> str:
    """"before the rules of DAY" (or "the bots of"), for a row `before_rules` marks."""
    day, what = last_change(game_id) or ("", "the rules")
    return f"before {what} of {day}"


def measured_text(row: dict) -> str:
    changed = before_rules(row)
    return f"{row.get('measured', '-')}" + (f", {stale_words(row['game'])}" if changed else "")


def table(rows: list[dict]) -> str:
    """The current rows (`current`) as a Markdown table."""
    lines = ["| game, players | against | CPU s per decision (limit) | games | search3 share (95% CI) "
             "| first places shared | x fair | goal | goal met? | measured | command |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for row in sorted(current(rows),
                      key=lambda r: (r["opponent"] != "openspiel", r["game"], r["players"], r["seconds"])):
        name = game_name(row["game"])
        if row["game"] == "wizard" and row["options"].get("single_round"):
            name += f" (one {row['options']['single_round']}-card round)"
        against = "OpenSpiel ISMCTS (first places)" if row["opponent"] == "openspiel" else "greedy"
        low, high = row["ci95"]
        cpu = row["cpu_per_decision"][0]
        target = goal(row["players"], row["opponent"])
        aim = f"over {target:.0%}" if row["opponent"] == "openspiel" else f"{target:.0%}"
        # Rows measured before ties were counted have no figure; a shared first place counts as part of a win.
        shared = row.get("shared_firsts")
        lines.append(f"| {name}, {row['players']} | {against} | {cpu:.3f} ({row['seconds']:g}) | {row['games']} "
                     f"| {row['share']:.1%} ({low:.1%}-{high:.1%}) | {'-' if shared is None else shared} "
                     f"| {row['x_fair']:.2f} | {aim} "
                     f"| {verdict(row)} | {measured_text(row)} | `{shown_command(row['command'])}` |")
    return "\n".join(lines)


def seated_counts() -> dict[str, list[int]]:
    """Every registered game's player counts that a strength row against greedy can measure (two or more)."""
    from meeple import games

    return {game.id: list(range(max(2, game.min_players), game.max_players + 1)) for game in games.all()}


def shortfalls(rows: list[dict], tried: dict[str, str], seated: dict[str, list[int]]) -> list[dict]:
    """Every game and player count whose goal no current row on the current rules meets, the run on the
    most games standing at each time (`points`): its best row (the highest share on the current rules,
    among rows of at least MIN_GAMES games where there are any), how far short it is, and what was tried
    (`tried`, keyed "opponent:game:players"); counts a game seats with no row at all are listed as
    not measured (for the games with any row). The Wizard round against OpenSpiel is its own line,
    which stays until every time of OPENSPIEL_SECONDS has a row meeting the goal."""
    groups: dict[tuple, list[dict]] = {}
    for row in current(rows):
        groups.setdefault((row["opponent"], row["game"], row["players"]), []).append(row)
    measured = {row["game"] for row in rows}  # games with rows (not the toy games tests register)
    for game_id, counts in seated.items():
        for players in counts if game_id in measured else ():
            groups.setdefault(("greedy", game_id, players), [])
    lines = []
    for (opponent, game_id, players), group in sorted(groups.items(), key=lambda kv: (kv[0][0] != "openspiel",
                                                                                       kv[0][1], kv[0][2])):
        # At each time the run on the most games stands (the remedy for a row near its goal is more
        # deals): a shorter run's luck neither meets the goal nor is the best row.
        on_rules = points([r for r in group if before_rules(r) is None])
        suffix = ""
        if opponent == "openspiel":
            # The goal asks a clear win at every time: one time met leaves the line while another is short,
            # and the best row is one of the times still short.
            met = {r["seconds"] for r in on_rules if verdict(r) == "met"}
            short_at = [t for t in OPENSPIEL_SECONDS if t not in met]
            if not short_at:
                continue
            group = [r for r in group if r["seconds"] in short_at]
            on_rules = [r for r in on_rules if r["seconds"] in short_at]
            suffix = (f"; short at {', '.join(f'{t:g}' for t in short_at)} s "
                      f"(the goal asks each of {', '.join(f'{t:g}' for t in OPENSPIEL_SECONDS)} s)")
        elif any(verdict(r) == "met" for r in on_rules):
            continue
        target, fair = goal(players, opponent), (0.5 if opponent == "openspiel" else 1 / players)
        line = {"opponent": opponent, "game": game_id, "players": players, "goal": target,
                "tried": tried.get(f"{opponent}:{game_id}:{players}", "nothing recorded yet")}
        if not on_rules:
            line["best"] = None
            line["short"] = (f"only measured {stale_words(game_id)}" if group
                             else "not measured") + suffix
        else:
            # (a row of the goal's length first: a shorter run's share is not the measure, only a sign)
            full = [r for r in on_rules if r["games"] >= MIN_GAMES] or on_rules
            best = max(full, key=lambda r: (r["share"], r["games"]))
            line["best"] = best
            if best["share"] < target or (opponent == "openspiel" and best["share"] <= target):
                line["short"] = f"{(target - best['share']) * 100:.1f} points under {target:.0%}"
            elif best["ci95"][0] <= fair:
                line["short"] = f"share reached, the interval's lower end {best['ci95'][0]:.1%} not above {fair:.0%}"
            else:
                line["short"] = f"share reached on {best['games']} games (the goal asks {MIN_GAMES})"
            line["short"] += suffix
        lines.append(line)
    return lines


def shortfall_table(lines: list[dict]) -> str:
    """`shortfalls` as a Markdown table."""
    out = ["| game, players | against | best row on the current rules | short by | measured, did not help |",
           "|---|---|---|---|---|"]
    for line in lines:
        best = line["best"]
        shown = "-" if best is None else f"{best['share']:.1%} of {best['games']} at {best['seconds']:g} s"
        against = "OpenSpiel ISMCTS" if line["opponent"] == "openspiel" else "greedy"
        out.append(f"| {game_name(line['game'])}, {line['players']} | {against} | {shown} | {line['short']} "
                   f"| {line['tried']} |")
    return "\n".join(out)


def points(rows: list[dict]) -> list[dict]:
    """The rows a plot's line draws, by time: one a time, the run on the most games (a shorter run at the
    same time stays in the table, not on the line)."""
    longest: dict[float, dict] = {}
    for row in rows:
        kept = longest.get(row["seconds"])
        if kept is None or row["games"] > kept["games"]:
            longest[row["seconds"]] = row
    return [longest[t] for t in sorted(longest)]


def plot(rows: list[dict], images: Path) -> list[Path]:
    """One plot per game and opponent: search3's share against CPU per decision, with intervals, from
    the current rows; a row from before its game's rules changed is drawn hollow."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    made = []
    groups: dict[tuple, list[dict]] = {}
    for row in current(rows):
        groups.setdefault((row["game"], row["opponent"]), []).append(row)
    images.mkdir(parents=True, exist_ok=True)
    for (game_id, opponent), group in sorted(groups.items()):
        fig, ax = plt.subplots(figsize=(5.5, 3.6), dpi=110)
        changed = (last_change(game_id) or ("", "the rules"))[1].removeprefix("the ")  # what a hollow row predates
        for players in sorted({r["players"] for r in group}):
            mine = sorted((r for r in group if r["players"] == players), key=lambda r: r["seconds"])
            colour = None
            for old in (False, True):
                part = points([r for r in mine if (before_rules(r) is not None) == old])
                if not part:
                    continue
                errors = [[r["share"] - r["ci95"][0] for r in part], [r["ci95"][1] - r["share"] for r in part]]
                label = f"{players} players" + (f", old {changed}" if old else "")
                line = ax.errorbar([r["seconds"] for r in part], [r["share"] for r in part], yerr=errors,
                                   marker="o", capsize=4, label=label, color=colour,
                                   markerfacecolor="none" if old else None)
                colour = line.lines[0].get_color()  # each count's goal and fair share in its own colour
            ax.axhline(goal(players, opponent), linestyle="--", linewidth=1, color=colour)
            ax.axhline(0.5 if opponent == "openspiel" else 1 / players, linestyle=":", linewidth=1, color=colour)
        ax.set_xscale("log")
        times = sorted({r["seconds"] for r in group})
        ax.set_xticks(times, [f"{t:g}" for t in times])
        ax.minorticks_off()
        ax.set_xlim(min(times) / 1.6, max(times) * 1.6)
        ax.set_xlabel("search3 CPU seconds per decision")
        ax.set_ylabel("first-place share" if opponent == "openspiel" else "win share")
        ax.set_ylim(0, 1)
        against = "OpenSpiel's ISMCTS" if opponent == "openspiel" else "greedy"
        ax.set_title(f"{game_name(game_id)}: search3 against {against}")
        ax.legend(loc="best", fontsize=7)
        legend = "dashed: goal (an even match)" if opponent == "openspiel" else "dashed: goal; dotted: fair share"
        if any(before_rules(r) for r in group):
            legend += f"; hollow: measured {stale_words(game_id)}"
        ax.text(0.01, 0.02, legend, transform=ax.transAxes, fontsize=7)
        fig.tight_layout()
        path = images / f"strength-{game_id}-{opponent}.png"
        fig.savefig(path)
        plt.close(fig)
        made.append(path)
    return made


def lobby_figures(rows: list[dict]) -> dict[str, dict[str, dict]]:
    """Per game, search3's figures against greedy for the lobby, from the table's current rows on the
    game's current rules (`current`, `before_rules`): per player count measured (`by_players`), the
    row with the most games, then the longest time per decision, then the latest; and at the top,
    that row for the fewest players (the table most often set up). A game without such a row is
    left out (no label)."""
    def figure(row: dict) -> dict:
        return {"against": "greedy", "players": row["players"], "seconds": row["seconds"], "games": row["games"],
                "share": row["share"], "ci95": row["ci95"], "goal_met": verdict(row) == "met"}

    def rank(row: dict) -> tuple:
        return (row["games"], row["seconds"])

    best: dict[str, dict[int, dict]] = {}
    for row in current(rows):
        if row["opponent"] != "greedy" or before_rules(row) is not None:
            continue
        counts = best.setdefault(row["game"], {})
        held = counts.get(row["players"])
        if held is None or rank(row) >= rank(held):
            counts[row["players"]] = row
    return {game_id: {"search3": {**figure(counts[min(counts)]),
                                  "by_players": {str(n): figure(row) for n, row in sorted(counts.items())}}}
            for game_id, counts in sorted(best.items())}


def write_shipped(rows: list[dict], path: Path) -> None:
    """The lobby's figures (`lobby_figures`) as the JSON that meeple.bots.measured loads (package data)."""
    path.write_text(json.dumps(lobby_figures(rows), indent=1) + "\n")


def report(results: Path, page: Path, images: Path, shipped: Path | None = None,
           tried: Path | None = None) -> None:
    """Rewrite the table between the markers of `page` from the rows in `results`, followed by the
    games and player counts short of the goal (`shortfalls`, with what was tried from `tried`, by
    default the file beside `results`), draw the plots into `images` (linked from the page by their
    path relative to it), and write `shipped` when given."""
    rows = load(results)
    tried_path = tried or results.with_name(TRIED.name)
    notes = json.loads(tried_path.read_text()) if tried_path.exists() else {}
    short = shortfall_table(shortfalls(rows, notes, seated_counts()))
    text = page.read_text()
    begin = BEGIN_ANY.search(text)
    if begin is None or END not in text[begin.end():]:
        raise SystemExit(f"{page} has no strength-table markers ({BEGIN!r} ... {END!r}).")
    paths = plot(rows, images)
    pictures = "\n".join(f"![{p.stem}]({Path(os.path.relpath(p, page.parent)).as_posix()})" for p in paths)
    before, rest = text[:begin.start()], text[begin.end():]
    _, after = rest.split(END, 1)
    page.write_text(f"{before}{BEGIN}\n{table(rows)}\n\n**Where the goal is not met**, game by game and "
                    f"player count (what was tried is in [the journal](journal/bots.md)):\n\n{short}\n\n"
                    f"{pictures}\n{END}{after}")
    if shipped is not None:
        write_shipped(rows, shipped)


def configure(parser: argparse.ArgumentParser) -> None:
    """The subcommands of `meeple strength` (and of `python -m meeple.analysis.strength`) on `parser`."""
    from meeple.analysis import arena

    sub = parser.add_subparsers(dest="what", required=True, metavar="{greedy,openspiel,ab,arena,report}")
    greedy = sub.add_parser("greedy", help="search3 against a table of greedy: rows of the strength table")
    greedy.add_argument("game")
    greedy.add_argument("--players", type=int, default=2)
    greedy.add_argument("--seconds", default="0.1,0.3,1", help="comma-separated CPU limits per decision")
    greedy.add_argument("--deals", type=int, default=10, help="deals, each played in every seat rotation")
    greedy.add_argument("--seed", type=int, default=1000)
    greedy.add_argument("--option", action="append", metavar="NAME=VALUE", help="game option (repeatable)")
    greedy.add_argument("--jobs", type=int, default=1, help="processes playing the games side by side")
    versus = sub.add_parser("openspiel", help="search3 against OpenSpiel's ISMCTS, Wizard, one ten-card round: "
                                              "rows of the strength table")
    versus.add_argument("--seconds", default="0.1,0.3,1")
    versus.add_argument("--games", type=int, default=40)
    versus.add_argument("--jobs", type=int, default=1, help="processes playing the games side by side (a deal's "
                                                             "two games in one), each calibrating OpenSpiel")
    ab = sub.add_parser("ab", help="a paired comparison of two bots on the same deals (prints one JSON object)")
    ab.add_argument("game")
    ab.add_argument("--bots", required=True, help="two bot names, comma-separated")
    ab.add_argument("--players", type=int, default=2)
    ab.add_argument("--deals", type=int, default=10, help="deals, each played in every seat rotation")
    ab.add_argument("--seed", type=int, default=2000)
    ab.add_argument("--jobs", type=int, default=1)
    ab.add_argument("--option", action="append", metavar="NAME=VALUE", help="game option (repeatable)")
    match = sub.add_parser("arena", help="our search against OpenSpiel's ISMCTS at equal CPU per move, any game "
                                         "(prints one JSON object)",
                           description=arena.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    arena.add_arguments(match)
    rewrite = sub.add_parser("report", help="rewrite the table in docs/strength.md, the plots in docs/img and the "
                                            "lobby's figures (src/meeple/bots/measured.json)")
    for p in (greedy, versus, rewrite):
        p.add_argument("--results", type=Path, default=None,
                       help="the rows (default: docs/strength.jsonl of the source checkout)")
    rewrite.add_argument("--page", type=Path, default=None, help="default: docs/strength.md of the source checkout")
    rewrite.add_argument("--images", type=Path, default=None, help="default: docs/img of the source checkout")
    rewrite.add_argument("--shipped", type=Path, default=None,
                         help="the lobby's figures (default: src/meeple/bots/measured.json of the source checkout)")


def _options_text(options: list[str] | None) -> str:
    return "".join(f" --option {shlex.quote(o)}" for o in options or [])


def run(args: argparse.Namespace) -> int:
    """Carry out the subcommand `configure` parsed into `args`."""
    from meeple.engine.options import parse_options

    if args.what == "arena":
        from meeple.analysis import arena

        print(json.dumps(arena.run(args)))
        return 0
    if args.what == "report":
        report(in_checkout(args.results, RESULTS, "--results"), in_checkout(args.page, PAGE, "--page"),
               in_checkout(args.images, IMAGES, "--images"), in_checkout(args.shipped, SHIPPED, "--shipped"))
        return 0
    if args.what == "ab":
        names = args.bots.split(",")
        if len(names) != 2:
            raise SystemExit("--bots wants two bot names, comma-separated")
        command = (f"{COMMAND}ab {args.game} --bots {shlex.quote(args.bots)} --players {args.players} "
                   f"--deals {args.deals} --seed {args.seed}{_options_text(args.option)}")
        print(json.dumps(paired(args.game, args.players, names, args.deals, args.seed,
                                parse_options(args.option), args.jobs, command)), flush=True)
        return 0
    results = in_checkout(args.results, RESULTS, "--results")
    for seconds in [float(t) for t in args.seconds.split(",")]:
        if args.what == "greedy":
            command = (f"{COMMAND}greedy {args.game} --players {args.players} --seconds {seconds:g} "
                       f"--deals {args.deals} --seed {args.seed}{_options_text(args.option)}")
            row = against_greedy(args.game, args.players, seconds, args.deals, args.seed,
                                 parse_options(args.option), command, args.jobs)
        else:
            command = f"{COMMAND}openspiel --seconds {seconds:g} --games {args.games}"
            row = against_openspiel(seconds, args.games, command, args.jobs)
        row["measured"] = datetime.date.today().isoformat()
        with results.open("a") as out:
            out.write(json.dumps(row) + "\n")
        print(json.dumps(row), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="meeple strength", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    configure(parser)
    try:
        return run(parser.parse_args(argv))
    except MeepleError as exc:
        print(f"meeple strength: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
