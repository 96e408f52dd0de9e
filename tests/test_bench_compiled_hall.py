"""bench/compiled_hall.py rewrites a copy of the package for mypyc: the rewrites must still find their
classes in the current tree, the modules it compiles must exist, and the rewritten copy, run as plain
Python, must give the hall's answers and socket messages (bench/hall_driver.py's hash) as the package
does (only then is a compiled-against-pure ratio a comparison of the same work). Nothing is compiled."""

import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"


def load_script():
    spec = importlib.util.spec_from_file_location("compiled_hall", BENCH / "compiled_hall.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


COMPILED_HALL = load_script()


def test_the_modules_to_compile_exist():
    server = BENCH.parent / "src" / "meeple" / "server"
    assert [name for name in COMPILED_HALL.MODULES if not (server / f"{name}.py").is_file()] == []


def test_the_engines_rewrites_still_apply(tmp_path):
    # --with-engine: compiled_core's rewrites (tests/test_bench_compiled_core.py keeps them applying).
    COMPILED_HALL.copy_package(tmp_path / "compiled")
    COMPILED_HALL.compiled_core.patch(tmp_path / "compiled")
    modules = COMPILED_HALL.ENGINE_MODULES + [f"meeple/games/picnic/{m}.py" for m in COMPILED_HALL.PICNIC_MODULES]
    assert [m for m in modules if not (tmp_path / "compiled" / m).is_file()] == []
    package = tmp_path / "package"
    package.symlink_to(BENCH.parent / "src")
    mode = COMPILED_HALL.MODES["hall"]
    assert (COMPILED_HALL.drive(tmp_path / "compiled", mode, tables=1, rounds=1)["hash"]
            == COMPILED_HALL.drive(package, mode, tables=1, rounds=1)["hash"])


def test_the_rewritten_copy_gives_the_halls_answers_and_messages(tmp_path):
    COMPILED_HALL.copy_package(tmp_path / "compiled")
    done = COMPILED_HALL.decorate(tmp_path / "compiled")
    assert len(done) == len(COMPILED_HALL.DECORATE)
    assert "@mypyc_attr(native_class=False)\n@dataclass\nclass Seat:" in (
        tmp_path / "compiled/meeple/server/table.py").read_text(encoding="utf-8")
    package = tmp_path / "package"
    package.symlink_to(BENCH.parent / "src")
    for mode in COMPILED_HALL.MODES.values():
        copy = COMPILED_HALL.drive(tmp_path / "compiled", mode, tables=1, rounds=1)
        assert copy["hash"] == COMPILED_HALL.drive(package, mode, tables=1, rounds=1)["hash"]
