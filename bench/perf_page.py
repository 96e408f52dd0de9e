"""The current tables of docs/performance.md, made from measured rows, not typed in.

`record` runs one bench script and keeps each JSON object it prints as a row of
docs/performance.jsonl, with the command, the time it started and the one-minute load average
before and after; `report` rewrites every table between its markers in docs/performance.md from
the newest row of each table line:

    .venv/bin/python bench/perf_page.py record floor -- --game living_forest --seconds 3
    .venv/bin/python bench/perf_page.py record greedy -- --games 3 --game toy_battle
    .venv/bin/python bench/perf_page.py record decisions -- --players 4 --game assyria
    .venv/bin/python bench/perf_page.py record openspiel -- --seconds 10
    .venv/bin/python bench/perf_page.py report

A row measured before its game's rules last changed says so in the table (RULES_CHANGED).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

from meeple import games
from meeple.analysis import strength

ROOT = Path(__file__).resolve().parents[1]
ROWS = ROOT / "docs" / "performance.jsonl"
PAGE = ROOT / "docs" / "performance.md"

# bench name -> (script, the fields that name one line of its table)
BENCHES = {
    "floor": ("bench/engine_vs_floor.py", ("game", "players", "options")),
    "openspiel": ("bench/engine_vs_openspiel.py", ()),
    "greedy": ("bench/greedy_games.py", ("game",)),
    "decisions": ("bench/bot_decisions.py", ("game", "players", "level")),
}
# game id -> the day its rules last changed (a row measured before it is marked), kept once for
# this page and the strength table. (Toy Battle's turn order changed and was restored on
# 2026-12-05: the same games, so not listed.)
RULES_CHANGED = strength.RULES_CHANGED


def begin(bench: str) -> str:
    return f"<!-- table {bench}: made by bench/perf_page.py report -->"


def end(bench: str) -> str:
    return f"<!-- end of table {bench} -->"


def load_rows(path: Path = ROWS) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def json_objects(text: str) -> list[dict]:
    """Every JSON object printed, one a line or indented over several."""
    decoder, found, at = json.JSONDecoder(), [], 0
    while (at := text.find("{", at)) >= 0:
        value, at = decoder.raw_decode(text, at)
        found.append(value)
    return found


def record(bench: str, args: list[str], path: Path = ROWS) -> list[dict]:
    script, _ = BENCHES[bench]
    started = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    before = os.getloadavg()[0]
    done = subprocess.run([sys.executable, str(ROOT / script), *args], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    after = os.getloadavg()[0]
    load = f"{min(before, after):.1f} to {max(before, after):.1f}"
    command = " ".join([".venv/bin/python", script, *args])
    rows = [{"bench": bench, "measured": started, "load": load, "command": command, **value}
            for value in json_objects(done.stdout) if "skipped" not in value]
    if not rows:
        raise SystemExit(f"{script} printed no measurement:\n{done.stdout}{done.stderr}")
    with path.open("a", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row) + "\n")
    return rows


def newest(rows: list[dict], bench: str) -> list[dict]:
    """The newest row of each table line, in the order the lines were first measured."""
    keys = BENCHES[bench][1]
    lines: dict[str, dict] = {}
    for row in rows:
        if row["bench"] == bench:
            lines[json.dumps([row.get(k) for k in keys])] = row
    return list(lines.values())


def when(row: dict) -> str:
    changed = RULES_CHANGED.get(row.get("game", ""))
    stale = f" (before the rules of {changed})" if changed and row["measured"][:10] < changed else ""
    return f"{row['measured']}, load {row['load']}{stale}"


def name(row: dict) -> str:
    return games.get(row["game"]).name


def options(row: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in row["options"].items()) or "default"


def table(rows: list[dict], bench: str) -> str:
    lines = newest(rows, bench)
    if bench == "floor":
        head = ["game", "players", "options", "engine playouts per CPU s", "floor playouts per CPU s", "ratio",
                "ratio, C generator", "measured"]
        body = [[name(r), r["players"], options(r), f"{r['engine']['playouts_per_cpu_s']:,.0f}",
                 f"{r['floor']['playouts_per_cpu_s']:,.0f}", f"{r['ratio_engine_to_floor']:.2f}",
                 f"{r['ratio_c_rng']:.2f}" if "ratio_c_rng" in r else "-", when(r)]
                for r in lines]
    elif bench == "openspiel":
        head = ["side", "rounds per CPU s", "measured"]
        names = {"meeple": "meeple (the engine contract)", "floor": "floor (bench/floors/wizard.py)",
                 "openspiel": "OpenSpiel oh_hell, C++ stepped from Python",
                 "meeple_through_adapter": "meeple through our OpenSpiel adapter"}
        body = [[label, f"{r[side]['playouts_per_cpu_s']:,.0f}", when(r)]
                for r in lines for side, label in names.items()]
        body += [[f"`{k}`", f"{r[k]:.3f}", when(r)] for r in lines for k in r if k.startswith("ratio_")]
    elif bench == "greedy":
        head = ["game", "players", "CPU s a game", "fingerprint", "measured"]
        body = [[name(r), r["players"], f"{r['cpu_s_per_game']:.3f}", r["fingerprint"], when(r)] for r in lines]
    else:
        head = ["game", "players", "iterations a decision (mean)", "CPU s a decision (mean, max)", "measured"]
        body = [[name(r), r["players"], f"{r['iterations_mean']:,.0f}" if r["iterations_mean"] is not None else "-",
                 f"{r['cpu_s_mean']:.3f}, {r['cpu_s_max']:.3f}", when(r)] for r in lines]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in body]
    return "\n".join(out)


def report(rows_path: Path = ROWS, page: Path = PAGE) -> None:
    rows, text = load_rows(rows_path), page.read_text(encoding="utf-8")
    for bench in BENCHES:
        if begin(bench) not in text:
            continue
        before, rest = text.split(begin(bench), 1)
        if end(bench) not in rest:
            raise SystemExit(f"{page}: {begin(bench)!r} has no {end(bench)!r}")
        _, after = rest.split(end(bench), 1)
        text = f"{before}{begin(bench)}\n{table(rows, bench)}\n{end(bench)}{after}"
    page.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    run = sub.add_parser("record", help="run one bench script and keep its rows")
    run.add_argument("bench", choices=sorted(BENCHES))
    run.add_argument("args", nargs=argparse.REMAINDER, help="the script's own arguments, after --")
    sub.add_parser("report", help="rewrite the tables of docs/performance.md")
    args = parser.parse_args(argv)
    if args.what == "record":
        for row in record(args.bench, [a for a in args.args if a != "--"]):
            print(json.dumps(row), flush=True)
    else:
        report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
