"""The real VASSAL files under tests/data/real stay documented: each one is listed in SOURCES.md
(where it came from, its licence, what VASSAL makes of it) and each one listed is there."""
from __future__ import annotations

import zipfile
from pathlib import Path

REAL = Path(__file__).parent / "data" / "real"
SOURCES = REAL / "SOURCES.md"


def listed_files() -> set[str]:
    """Paths named in the first cell of every table row of SOURCES.md."""
    names: set[str] = set()
    for line in SOURCES.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            continue
        first = line.strip("|").split("|")[0].strip()
        if first in ("file", "") or set(first) <= set("-: "):
            continue
        names.update(part.strip().strip("`") for part in first.split(","))
    return names


def present_files() -> set[str]:
    return {p.relative_to(REAL).as_posix() for p in REAL.rglob("*") if p.is_file()} - {"SOURCES.md"}


def test_every_listed_file_exists() -> None:
    missing = sorted(listed_files() - present_files())
    assert not missing, f"SOURCES.md lists files that are not in {REAL}: {missing}"


def test_every_file_is_listed() -> None:
    unlisted = sorted(present_files() - listed_files())
    assert not unlisted, f"files in {REAL} without a row in SOURCES.md: {unlisted}"


def test_modules_hold_a_build_file() -> None:
    """Every module here is a zip VASSAL can open: it names its components in buildFile(.xml)."""
    modules = sorted(REAL.rglob("*.vmod"))
    assert len(modules) >= 7
    for module in modules:
        with zipfile.ZipFile(module) as archive:
            names = set(archive.namelist())
        assert names & {"buildFile", "buildFile.xml"}, module
