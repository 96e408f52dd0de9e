"""bench/perf_page.py: the tables of docs/performance.md come from docs/performance.jsonl, newest row first."""

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("perf_page", ROOT / "bench" / "perf_page.py")
assert spec and spec.loader
perf_page = importlib.util.module_from_spec(spec)
spec.loader.exec_module(perf_page)


def floor_row(measured: str, game: str, ratio: float) -> dict:
    return {"bench": "floor", "measured": measured, "load": "1.0 to 2.0", "command": "c", "game": game,
            "players": 2, "options": {}, "engine": {"playouts_per_cpu_s": 100.0},
            "floor": {"playouts_per_cpu_s": 100.0 / ratio}, "ratio_engine_to_floor": ratio}


def test_report_prints_the_newest_row_of_each_line_and_marks_rows_older_than_the_rules(tmp_path):
    rows = tmp_path / "rows.jsonl"
    rows.write_text("".join(json.dumps(r) + "\n" for r in (
        floor_row("2026-12-02 10:40 UTC", "picnic", 0.5),
        floor_row("2026-12-02 10:40 UTC", "living_forest", 0.6),
        {**floor_row("2026-12-03 09:00 UTC", "picnic", 0.7), "ratio_c_rng": 0.6})))
    page = tmp_path / "page.md"
    page.write_text(f"# P\n\nbefore\n{perf_page.begin('floor')}\nold text\n{perf_page.end('floor')}\nafter\n")
    perf_page.report(rows, page)
    text = page.read_text()
    assert "old text" not in text and text.startswith("# P\n\nbefore\n") and text.endswith("\nafter\n")
    lines = [line for line in text.splitlines() if line.startswith("| Picnic") or line.startswith("| Living")]
    assert lines == [
        "| Picnic | 2 | default | 100 | 143 | 0.70 | 0.60 | 2026-12-03 09:00 UTC, load 1.0 to 2.0 |",
        "| Living Forest | 2 | default | 100 | 167 | 0.60 | - | 2026-12-02 10:40 UTC, load 1.0 to 2.0 "
        "(before the rules of 2026-12-05) |"]


def test_a_table_without_its_end_marker_is_refused(tmp_path):
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps(floor_row("2026-12-02 10:40 UTC", "picnic", 0.5)) + "\n")
    page = tmp_path / "page.md"
    page.write_text(f"{perf_page.begin('floor')}\n")
    with pytest.raises(SystemExit, match="end of table floor"):
        perf_page.report(rows, page)


def test_the_committed_page_is_what_report_makes(tmp_path):
    page = tmp_path / "performance.md"
    page.write_text((ROOT / "docs" / "performance.md").read_text(encoding="utf-8"), encoding="utf-8")
    perf_page.report(ROOT / "docs" / "performance.jsonl", page)
    assert page.read_text(encoding="utf-8") == (ROOT / "docs" / "performance.md").read_text(encoding="utf-8"), (
        "docs/performance.md's tables differ from docs/performance.jsonl: run bench/perf_page.py report")


def test_printed_objects_are_read_one_a_line_or_indented():
    assert perf_page.json_objects('{"a": 1}\n{\n "b": {"c": 2}\n}\n') == [{"a": 1}, {"b": {"c": 2}}]
