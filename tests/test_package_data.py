"""Every file the package reads beside its modules ships in the wheel: pyproject.toml's package-data names it."""

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "meeple"


def unshipped(patterns: list[str]) -> list[str]:
    """Files under src/meeple, other than Python modules and caches, that no package-data pattern matches."""
    shipped = {path for pattern in patterns for path in PACKAGE.glob(pattern)}
    data = {path for path in PACKAGE.rglob("*") if path.is_file() and path.suffix not in (".py", ".pyc")
            and "__pycache__" not in path.parts}
    return sorted(str(path.relative_to(PACKAGE)) for path in data - shipped)


def test_every_data_file_of_the_package_is_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert unshipped(config["tool"]["setuptools"]["package-data"]["meeple"]) == []
