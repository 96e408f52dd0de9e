"""Balance reports for game designers (`meeple report`): a Markdown page with PNG plots.

The page answers first whether some seat wins more often than its fair share,
then shows score distributions, the mean points of each score-sheet row, game
length, and how often each option changes who wins when the same deals are
replayed with it set differently.

A solo game (one seat) is won or lost against the game's own goal, so its page
answers first how often the goal is reached (the share of games won, with its
interval, and the verdicts that came up), splits the score distribution into
won and lost games, and compares options by how often the result changes.
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter
from pathlib import Path

from meeple.engine import MeepleError, OptionError
from meeple.engine.options import resolve_options

from .stats import equal_shares_p, mean_ci, wilson
from .tournament import Match, play_matches, win_share


def _records(game, n_players, options, seeds, seats, jobs, progress):
    matches = [Match(i, tuple(seats), tuple(seats), seed) for i, seed in enumerate(seeds)]
    results, errors = play_matches(game.id, n_players, options, matches, jobs, progress)
    return [results[m.index] for m in matches if m.index in results], errors


def option_variants(game, n_players: int, base: dict) -> tuple[list[tuple[str, object]], list[str]]:
    """(option, value) pairs worth comparing with the base settings, and notes on options left out."""
    variants: list[tuple[str, object]] = []
    notes: list[str] = []
    for opt in game.options:
        current = base[opt.name]
        values: list = []
        if opt.kind == "bool":
            values = [not current]
        elif opt.kind == "choice":
            values = [v for v in opt.choices if v != current]
        elif opt.kind == "int":
            values = [v for v in (opt.minimum, opt.maximum) if v is not None and v != current]
            if not values:
                values = [current + 1]
        else:
            notes.append(f"`{opt.name}` (a list) is not varied automatically; compare settings with --option.")
            continue
        for value in values:
            allowed = _allowed(game, n_players, base, opt.name, value)
            if isinstance(allowed, str) and opt.kind == "int":
                # An int bound may depend on the player count: step back toward the default.
                step = 1 if value < current else -1
                for nearer in range(value + step, current, step):
                    if not isinstance(_allowed(game, n_players, base, opt.name, nearer), str):
                        value, allowed = nearer, None
                        break
            if isinstance(allowed, str):
                notes.append(f"`{opt.name}={value}` is not allowed with {n_players} players: {allowed}")
            elif (opt.name, value) not in variants:
                variants.append((opt.name, value))
    return variants, notes


def _allowed(game, n_players: int, base: dict, name: str, value):
    """None when the setting is playable, else the game's reason."""
    try:
        game.setup(n_players, dict(base, **{name: value}), 0)
    except OptionError as exc:
        return str(exc)
    return None


def analyse(game, n_players: int, records, variant_records: dict) -> dict:
    """The report's figures from the base games and the replays with options changed."""
    games = len(records)
    wins = [sum(win_share(r.ranks, s) for r in records) for s in range(n_players)]
    seat_rows = []
    for s in range(n_players):
        low, high = wilson(wins[s], games)
        mean, mlow, mhigh = mean_ci([r.scores[s] for r in records])
        seat_rows.append({"seat": s + 1, "win_rate": wins[s] / games if games else 0.0, "ci95": (low, high),
                          "mean_score": mean, "score_ci95": (mlow, mhigh)})
    row_keys = list(dict.fromkeys(k for r in records for sheet in r.rows for k in sheet))
    row_points = {k: [statistics.fmean([r.rows[s].get(k, 0) for r in records]) for s in range(n_players)]
                  for k in row_keys}
    winners_base = [frozenset(s for s, rank in enumerate(r.ranks) if rank == 1) for r in records]
    by_seed = {r.seed: (w, r) for w, r in zip(winners_base, records)}
    variants = []
    for (name, value), recs in variant_records.items():
        pairs = [(by_seed[r.seed], r) for r in recs if r.seed in by_seed]
        changed = sum(1 for (w, _), r in pairs if frozenset(s for s, k in enumerate(r.ranks) if k == 1) != w)
        low, high = wilson(changed, len(pairs))
        delta = statistics.fmean([statistics.fmean(r.scores) - statistics.fmean(base.scores)
                                  for (_, base), r in pairs]) if pairs else 0.0
        variants.append({"option": name, "value": value, "games": len(pairs),
                         "changed": changed / len(pairs) if pairs else 0.0, "ci95": (low, high),
                         "mean_score_change": delta})
    figures = {
        "games": games,
        "seats": seat_rows,
        "p_equal": equal_shares_p(wins),
        "scores": [[r.scores[s] for r in records] for s in range(n_players)],
        "margins": [sorted(r.scores)[-1] - sorted(r.scores)[-2] for r in records] if n_players > 1 else [],
        "rows": row_points,
        "lengths": [r.moves for r in records],
        "variants": variants,
    }
    if n_players == 1:
        figures["solo"] = {"won": [r.scores[0] for r in records if r.ranks[0] == 1],
                           "lost": [r.scores[0] for r in records if r.ranks[0] != 1],
                           "verdicts": Counter(r.verdict for r in records).most_common()}
    return figures


def solo_verdict(figures: dict) -> str:
    """A solo game's answer in one sentence: how often the goal is reached."""
    seat = figures["seats"][0]
    low, high = seat["ci95"]
    won, games = len(figures["solo"]["won"]), figures["games"]
    return (f"The goal is reached in {won} of {games} games ({seat['win_rate']:.1%}, 95% interval "
            f"{low:.1%} to {high:.1%}), with {seat['mean_score']:.1f} points on average.")


def seat_verdict(figures: dict, n_players: int) -> str:
    """One sentence a designer can act on."""
    fair = 1 / n_players
    p = figures["p_equal"]
    high = [s for s in figures["seats"] if s["ci95"][0] > fair]
    low = [s for s in figures["seats"] if s["ci95"][1] < fair]
    if p >= 0.05 and not high and not low:
        return (f"No clear seat advantage: every seat's win rate is consistent with the fair share of "
                f"{fair:.0%} (chi-squared test of equal shares, p = {p:.2f}).")
    parts = []
    if high:
        parts.append(", ".join(f"seat {s['seat']} ({s['win_rate']:.1%})" for s in high) + " wins more than its share")
    if low:
        parts.append(", ".join(f"seat {s['seat']} ({s['win_rate']:.1%})" for s in low) + " wins less than its share")
    detail = "; ".join(parts) if parts else "the seats' win rates differ"
    return f"Yes, likely: {detail} (fair share {fair:.0%}; chi-squared test of equal shares, p = {p:.3g})."


def _error_bars(values: list[float], intervals: list[tuple[float, float]]) -> list[list[float]]:
    """Distances below and above each value; rounding can put a value a hair outside its
    interval (a rate of 0 or 1), and matplotlib refuses negative lengths."""
    return [[max(0.0, v - low) for v, (low, _) in zip(values, intervals)],
            [max(0.0, high - v) for v, (_, high) in zip(values, intervals)]]


def _plots(figures: dict, n_players: int, out: Path) -> dict[str, str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    files = {}
    seats = [s["seat"] for s in figures["seats"]]
    solo = "solo" in figures
    if solo:
        files.update(_solo_plots(plt, figures, out))
    else:
        files.update(_seat_plots(plt, figures, n_players, out))

    keys = list(figures["rows"])
    if keys:
        fig, ax = plt.subplots(figsize=(max(6, 0.8 * len(keys)), 3.5))
        width = 0.8 / n_players
        for i, s in enumerate(seats):
            ax.bar([k + i * width for k in range(len(keys))], [figures["rows"][key][i] for key in keys],
                   width=width, label="solo" if solo else f"seat {s}")
        ax.set_xticks([k + 0.4 - width / 2 for k in range(len(keys))], keys, rotation=30, ha="right")
        ax.axhline(0, color="black", linewidth=0.5)
        ax.set_ylabel("mean points")
        ax.set_title("Mean points per score-sheet row")
        if not solo:
            ax.legend()
        _save(plt, fig, out / "rows.png", files)

    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.hist(figures["lengths"], bins=min(30, max(3, len(set(figures["lengths"])))), color="#72b7b2")
    ax.set_xlabel("moves per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    _save(plt, fig, out / "length.png", files)

    if figures["variants"]:
        fig, ax = plt.subplots(figsize=(6, 0.5 + 0.5 * len(figures["variants"])))
        labels = [f"{v['option']}={v['value']}" for v in figures["variants"]]
        vals = [v["changed"] for v in figures["variants"]]
        errs = _error_bars(vals, [v["ci95"] for v in figures["variants"]])
        ax.barh(labels, vals, xerr=errs, capsize=4, color="#f58518")
        ax.set_xlabel("share of deals with a different result" if solo else "share of deals with a different winner")
        ax.set_xlim(0, 1)
        _save(plt, fig, out / "options.png", files)
    return files


def _save(plt, fig, path: Path, files: dict[str, str]) -> None:
    """Write a finished plot, and list it in `files` by its name ("seats" for seats.png)."""
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    files[path.stem] = path.name


def _solo_plots(plt, figures: dict, out: Path) -> dict[str, str]:
    """One seat: the share of games won against the goal, and the scores of won and lost games."""
    files: dict[str, str] = {}
    seat = figures["seats"][0]
    fig, ax = plt.subplots(figsize=(4, 3.5))
    errs = _error_bars([seat["win_rate"]], [seat["ci95"]])
    ax.bar(["goal reached"], [seat["win_rate"]], yerr=errs, capsize=6, color="#4c78a8", width=0.5)
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games")
    ax.set_title("Solo games won (95% interval)")
    _save(plt, fig, out / "goal.png", files)

    _score_histogram(plt, [figures["solo"]["won"], figures["solo"]["lost"]], ["won", "lost"],
                     "Score distribution, won and lost games", out / "scores.png", files,
                     stacked=True, color=["#54a24b", "#e45756"])
    return files


def _seat_plots(plt, figures: dict, n_players: int, out: Path) -> dict[str, str]:
    """Several seats: win rate by seat against the fair share, and the scores of each seat."""
    files: dict[str, str] = {}
    seats = [s["seat"] for s in figures["seats"]]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    rates = [s["win_rate"] for s in figures["seats"]]
    errs = _error_bars(rates, [s["ci95"] for s in figures["seats"]])
    ax.bar([f"seat {s}" for s in seats], rates, yerr=errs, capsize=6, color="#4c78a8")
    ax.axhline(1 / n_players, color="#e45756", linestyle="--", label="fair share")
    ax.set_ylabel("win rate")
    ax.set_title("Win rate by seat (95% intervals)")
    ax.legend()
    _save(plt, fig, out / "seats.png", files)

    _score_histogram(plt, figures["scores"], [f"seat {s}" for s in seats], "Score distribution by seat",
                     out / "scores.png", files, histtype="step", linewidth=1.5)
    return files


def _score_histogram(plt, series: list, labels: list[str], title: str, path: Path, files: dict, **style) -> None:
    """Final scores, one histogram per series, over one set of bins."""
    fig, ax = plt.subplots(figsize=(6, 3.5))
    every = [x for scores in series for x in scores]
    bins, span = min(30, max(5, len(set(every)))), (min(every), max(every))
    if style.get("stacked"):
        ax.hist(series, bins=bins, range=span, label=labels, **style)
    else:  # one call a series keeps the legend in seat order
        for scores, label in zip(series, labels):
            ax.hist(scores, bins=bins, range=span, label=label, **style)
    ax.set_xlabel("final score")
    ax.set_ylabel("games")
    ax.set_title(title)
    ax.legend()
    _save(plt, fig, path, files)


def _solo_section(figures: dict, plots: dict[str, str]) -> list[str]:
    """The solo page's first section: how often the goal is reached, and the verdicts."""
    seat = figures["seats"][0]
    lines = ["## How often is the goal reached?", "", solo_verdict(figures), "",
             f"![solo games won]({plots['goal']})", "",
             "| games won | 95% interval | mean score | 95% interval |", "|---|---|---|---|",
             f"| {seat['win_rate']:.1%} | {seat['ci95'][0]:.1%} to {seat['ci95'][1]:.1%} | "
             f"{seat['mean_score']:.1f} | {seat['score_ci95'][0]:.1f} to {seat['score_ci95'][1]:.1f} |",
             "", "Verdicts, most frequent first:", "", "| verdict | games |", "|---|---|"]
    verdicts = figures["solo"]["verdicts"]
    for verdict, count in verdicts[:15]:
        lines.append(f"| {verdict or '(none)'} | {count} |")
    if len(verdicts) > 15:
        lines.append(f"| {len(verdicts) - 15} other verdicts | {sum(c for _, c in verdicts[15:])} |")
    return lines


def render(game, n_players: int, seats: list[str], seed: int, options: dict, figures: dict,
           plots: dict[str, str], notes: list[str], errors: list[str]) -> str:
    g = figures["games"]
    solo = "solo" in figures
    lines = [f"# Balance report: {game.name}, {'solo' if solo else f'{n_players} players'}", ""]
    setting = ", ".join(f"{k}={v}" for k, v in options.items()) or "none"
    played = f"1 game, seed {seed}" if g == 1 else f"{g} games, seeds {seed} to {seed + g - 1 if g else seed}"
    lines += [f"{played}; bots by seat: {', '.join(seats)}; options: {setting}.", ""]
    if len(set(seats)) > 1:
        lines += ["Note: the seats hold different bots, so seat figures mix seat and bot strength.", ""]
    if solo:
        lines += _solo_section(figures, plots)
    else:
        lines += ["## Is there a seat advantage?", "", seat_verdict(figures, n_players), "",
                  f"![win rate by seat]({plots['seats']})", "",
                  "| seat | win rate | 95% interval | mean score | 95% interval |", "|---|---|---|---|---|"]
        for s in figures["seats"]:
            lines.append(f"| {s['seat']} | {s['win_rate']:.1%} | {s['ci95'][0]:.1%} to {s['ci95'][1]:.1%} | "
                         f"{s['mean_score']:.1f} | {s['score_ci95'][0]:.1f} to {s['score_ci95'][1]:.1f} |")
    all_scores = [x for seat in figures["scores"] for x in seat]
    lines += ["", "## Scores", "", f"![score distribution]({plots['scores']})", ""]
    if all_scores:
        lines.append(f"Final scores range from {min(all_scores)} to {max(all_scores)} (mean "
                     f"{statistics.fmean(all_scores):.1f}, standard deviation {statistics.pstdev(all_scores):.1f}).")
    if figures["margins"]:
        lines.append(f"The winner leads the runner-up by {statistics.fmean(figures['margins']):.1f} points on "
                     f"average; {sum(1 for m in figures['margins'] if m == 0)} of {g} games end level on points.")
    lines += ["", "## Mean points per score-sheet row", ""]
    if figures["rows"] and solo:
        lines += [f"![points per row]({plots['rows']})", "", "| row | mean points |", "|---|---|"]
        for key, per_seat in figures["rows"].items():
            lines.append(f"| {key} | {per_seat[0]:.2f} |")
    elif figures["rows"]:
        lines += [f"![points per row]({plots['rows']})", "",
                  "| row | " + " | ".join(f"seat {s['seat']}" for s in figures["seats"]) + " | all seats |",
                  "|---|" + "---|" * (n_players + 1)]
        for key, per_seat in figures["rows"].items():
            lines.append(f"| {key} | " + " | ".join(f"{x:.2f}" for x in per_seat)
                         + f" | {statistics.fmean(per_seat):.2f} |")
    lengths = figures["lengths"]
    lines += ["", "## Game length", "", f"![game length]({plots['length']})", ""]
    if lengths:
        lines.append(f"{statistics.fmean(lengths):.1f} moves per game on average ({min(lengths)} to {max(lengths)}).")
    lines += ["", "## Options and variants", ""]
    if figures["variants"]:
        change = "result (won instead of lost, or lost instead of won)" if solo else "winner"
        lines += [f"The same deals replayed with one option changed; a change of outcome means a different {change}.",
                  "", f"![options]({plots['options']})", "",
                  f"| option | games | different {'result' if solo else 'winner'} | 95% interval | mean score change |",
                  "|---|---|---|---|---|"]
        for v in figures["variants"]:
            lines.append(f"| {v['option']}={v['value']} | {v['games']} | {v['changed']:.1%} | "
                         f"{v['ci95'][0]:.1%} to {v['ci95'][1]:.1%} | {v['mean_score_change']:+.2f} |")
    elif not game.options:
        lines.append(f"{game.name} has no table options.")
    else:
        lines.append("No option could be varied at this player count.")
    for note in notes:
        lines.append(f"- {note}")
    if errors:
        lines += ["", "## Errors", "", f"{len(errors)} games crashed and are left out:", ""]
        lines += [f"    {e.splitlines()[0]}" for e in errors[:10]]
    return "\n".join(lines) + "\n"


def write_report(game, n_players: int, games: int, out_dir: str, bots: list[str], seed: int = 0,
                 options: dict | None = None, jobs: int = 1, quiet: bool = True) -> str:
    """Play the games, draw the plots, write `report.md` in `out_dir`; returns the page's path."""
    from tqdm import tqdm

    game.setup(n_players, options, seed)  # fail fast on bad options and player counts
    resolved = resolve_options(game.options, options)
    seats = bots * n_players if len(bots) == 1 else bots
    if len(seats) != n_players:
        raise MeepleError(f"--bots names {len(seats)} bots for {n_players} players.")
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MeepleError(f"Cannot create the report folder {out_dir}: {exc.strerror}.") from None
    variants, notes = option_variants(game, n_players, resolved)
    seeds = list(range(seed, seed + games))
    with tqdm(total=games * (1 + len(variants)), desc=f"{game.name} report", unit="game", file=sys.stderr,
              disable=quiet) as bar:
        records, errors = _records(game, n_players, resolved, seeds, seats, jobs, bar.update)
        variant_records = {}
        for name, value in variants:
            recs, errs = _records(game, n_players, dict(resolved, **{name: value}), seeds, seats, jobs, bar.update)
            variant_records[(name, value)] = recs
            errors += errs
    if not records:
        raise MeepleError("Every game crashed; no report. First error: " + (errors[0] if errors else "none"))
    figures = analyse(game, n_players, records, variant_records)
    plots = _plots(figures, n_players, out)
    page = out / "report.md"
    page.write_text(render(game, n_players, seats, seed, resolved, figures, plots, notes, errors))
    return str(page)
