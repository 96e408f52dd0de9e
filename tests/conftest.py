"""Test-wide set-up: the tests' own toy games join the registry (see tests/toys), and the order and grouping
of a run on several pytest-xdist workers (see the Makefile's `test`)."""

from pathlib import Path

import pytest

from meeple import games
from tests.server.processes import pytest_sessionfinish  # noqa: F401  (fails a run that leaves processes running)

# Twenty (solo, hidden cards, chance), tic-tac-toe (perfect information, no chance), Kuhn poker (two moves or three).
TOY_GAMES = {"twenty": "tests.toys.twenty:GAME", "tictactoe": "tests.toys.tictactoe:GAME",
             "kuhn": "tests.toys.kuhn:GAME"}

for _game_id, _target in TOY_GAMES.items():
    games.register(_game_id, _target)

TESTS = Path(__file__).resolve().parent
# The folders of pure-Python tests: no server, no browser, nothing set up per module that costs more than
# the test; under `--dist loadgroup` they are handed out one test at a time.
PURE = [TESTS / name for name in ("engine", "testing", "games", "adapters", "bots", "analysis")] + [
    TESTS / "test_bench_floors.py"]

# The modules that take longest, slowest first, handed out first so that none of them is left for the end
# while the other worker has nothing to do (the Makefile's two runs file by file keep this order,
# --no-loadscope-reorder; xdist's own order, by number of tests, left the one-test test_fault_run last).
# Each module's seconds, its tests' set-up, call and tear-down summed, in that part of `make test` run alone
# on two workers on 6 December: the server and process modules of 4 s or more at load 4-5 (181 s, both
# workers done within a second of each other), the browser modules of 10 s or more at load 12-15.
LONGEST_FIRST = [
    "server/test_leak.py", "server/test_redis_outage.py", "server/test_fault_run.py",  # 50, 32, 28 s
    "server/test_retries.py", "server/test_schemathesis.py", "server/test_pending_scaleout.py",
    "server/test_pg_unwatched.py", "server/test_db_outage.py", "server/test_confirm_in_move.py",
    "server/test_table_limits.py", "server/test_db_hang.py", "server/test_limits.py", "server/test_sealed.py",
    "server/test_abuse.py", "server/test_chat.py", "server/test_review_routes.py", "server/test_rules_pages.py",
    "server/test_bus.py", "server/test_seat_holders.py", "server/test_scaleout.py", "server/test_text_inputs.py",
    "server/test_crash.py", "server/test_memory.py",  # 4 s
    "web/test_accessible_whole_game.py", "web/test_living_forest_play.py", "web/test_table_features.py",  # 136, 56
    "web/test_draft_and_write_records_play.py", "web/test_end_in_view.py", "web/test_turing_machine_play.py",
    "web/test_assyria_play.py", "web/test_letters_home.py", "web/test_ninety_nine_play.py",
    "web/test_acting_in_view.py", "web/test_review.py", "web/test_digging_for_dinos_play.py",
    "web/test_vent_life.py", "web/test_picnic_play.py", "web/test_toy_battle_play.py",
    "web/test_look_h3_dw_sheets.py", "web/test_chat_reconnect.py", "web/test_card_table_phone.py",
    "web/test_pages_fit_phones.py", "web/test_wizard_play.py", "web/test_accessibility.py",
    "web/test_letters_home_stays.py", "web/test_touch.py", "web/test_relative_space_play.py",
    "web/test_security_headers.py", "web/test_vent_life_view.py", "web/test_socket_gaps.py",
    "web/test_look_h4_bad_invite.py", "web/test_toys_generic_board.py", "web/test_solo.py",
    "web/test_rules_pages_fit.py", "web/test_turing_machine_phone_ask.py", "web/test_whole_replay.py",
    "web/test_look_result_ratings.py", "web/test_look_ratings.py", "web/test_look_h4_sign_out.py",
    "web/test_ninety_nine_felt.py"]  # 10 s


def _pure(path: Path) -> bool:
    return any(path == p or p in path.parents for p in PURE)


@pytest.hookimpl(tryfirst=True)  # (before pytest-xdist reads the xdist_group marks)
def pytest_collection_modifyitems(config, items):
    """Every module that starts servers or a browser is one xdist group (its module-scoped servers start once,
    on one worker); the pure tests are not grouped. Order: the longest modules, the other grouped modules,
    then the pure tests, which being small fill the end of the run evenly."""
    rank = {TESTS / name: i for i, name in enumerate(LONGEST_FIRST)}
    last = len(rank)
    for item in items:
        if not _pure(item.path):
            item.add_marker(pytest.mark.xdist_group(str(item.path.relative_to(TESTS.parent))))
    # (a stable sort: the other modules, and every module's tests, keep their order)
    items.sort(key=lambda item: rank.get(item.path, last + 1 if _pure(item.path) else last))
