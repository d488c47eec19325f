"""Every bundled game's built module checks clean: no error, no warning, and no image it
does not use (The First World War's modules once carried an unused mask.png)."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.builder.module import write_module
from converter.check import Severity, check_module
from tests.conftest import bundled_games, built_once


@pytest.mark.parametrize("game", bundled_games(), ids=lambda p: p.name)
def test_built_module_checks_clean(game: Path, tmp_path: Path) -> None:
    # the run's one build of the game (tests/conftest.py `built_once`), written as `vconv
    # build` writes it: a module with a finding of our own checker is not written at all
    built = built_once(game)
    assert built.findings == []
    module = write_module(built, tmp_path)
    report = check_module(module)
    problems = [str(f) for f in report.findings if f.severity is not Severity.INFO]
    assert problems == []
    assert [str(f) for f in report.findings if f.code == "unused-image"] == []
    assert report.exit_code(strict=True) == 0
