"""The small test game built once per session, and scripted games written against it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from pathlib import Path

import pytest

from converter.audit.auditor import AuditResult, audit_files
from converter.audit.module import AuditModule, load_module
from converter.builder.scripted import ScriptedGame
from converter.builder import build_module, write_module
from converter.builder.module import BuiltModule
from tests.conftest import built_once

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "data" / "games" / "mini"
REAL = ROOT / "tests" / "data" / "real"


@pytest.fixture(scope="session")
def mini_built() -> BuiltModule:
    return build_module(MINI)


@pytest.fixture(scope="session")
def mini_vmod(mini_built: BuiltModule, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_module(mini_built, tmp_path_factory.mktemp("mod"), epoch=0)


@pytest.fixture(scope="session")
def mini_module(mini_vmod: Path) -> AuditModule:
    return load_module(mini_vmod)


def clean_mini(built: BuiltModule, *, skip: set[str] = frozenset()) -> ScriptedGame:  # type: ignore[assignment]
    """A legal little game of the mini battle: placements, moves, a combat applied right.

    *skip* leaves out named parts so a test can replace them with a planted violation.
    """
    s = ScriptedGame(built)
    s.place("na-1", hex="0203")
    s.place("na-2", hex="0404")
    s.turn(1, "blue-move")
    s.move("na-2", hex="0405")            # forest → clear across the river: 1 + 1 MP of 6
    s.turn(1, "red-move")
    s.turn(2, "blue-move")
    s.turn(2, "blue-combat")
    s.turn(2, "red-move")
    s.turn(3, "blue-move")
    s.turn(3, "blue-combat")
    s.turn(3, "red-move")
    if "reinforcement" not in skip:
        s.place("sa-1", hex="0801")       # enters on turn 3 at the east edge
    s.turn(4, "blue-move")
    s.move("na-2", hex="0503")
    s.move("na-2", hex="0602")
    s.move("na-2", hex="0701")            # next to Armata A
    s.turn(4, "blue-combat")
    if "combat" not in skip:
        s.chat("0701 attacks 0801")
        s.roll("d6", 3)                   # 2 vs 7: below 1:2 → 2/0
        s.remove("na-2")                  # the attacker loses its 2 steps
    s.turn(4, "red-move")
    return s


@pytest.fixture
def audit_log(tmp_path: Path, mini_vmod: Path) -> Callable[..., AuditResult]:
    def run(game: ScriptedGame, name: str = "game.vlog") -> AuditResult:
        path = tmp_path / name
        path.write_bytes(game.log_bytes())
        return audit_files([path], mini_vmod)
    return run


@pytest.fixture(scope="session")
def bundled() -> Callable[[str], tuple[BuiltModule, AuditModule]]:
    """A bundled game built once per session, with its audit view (a bundled game that
    no longer builds fails the test)."""
    from converter.audit.module import from_components
    from converter.errors import BuildError, ModelError

    cache: dict[str, tuple[BuiltModule, AuditModule]] = {}

    def get(slug: str) -> tuple[BuiltModule, AuditModule]:
        if slug not in cache:
            folder = ROOT / "modules" / slug
            try:
                built = built_once(folder)
            except (BuildError, ModelError) as exc:
                pytest.fail(f"{slug} does not build: {str(exc).splitlines()[0]}")
            cache[slug] = (built, from_components(str(folder), built.archive.buildfile,
                                                  built.game, built.archive.images.get))
        return cache[slug]
    return get


def save_report(tmp_path: Path, capsys: pytest.CaptureFixture[str], save_text: str,
                module: Path, game: Path) -> dict[str, Any]:
    """The JSON report of a save holding *save_text*, audited against *module* with *game*'s
    rules; the exit code agrees with its findings."""
    import json

    from converter.cli import main
    from tests.check.conftest import _save

    save = tmp_path / "start.vsav"
    save.write_bytes(_save(save_text))
    capsys.readouterr()
    code = main(["audit", str(save), "--module", str(module), "--game", str(game),
                 "--format", "json"])
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert code == (1 if report["findings"] else 0)
    return report


def save_findings(tmp_path: Path, capsys: pytest.CaptureFixture[str], save_text: str,
                  module: Path, game: Path) -> list[str]:
    """The findings (messages) of `save_report`."""
    report = save_report(tmp_path, capsys, save_text, module, game)
    return [f["message"] for f in report["findings"]]
