"""Every bundled game's built module checks clean: no error, no warning, and no image it
does not use (The First World War's modules once carried an unused mask.png)."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.check import Severity, check_module
from converter.cli import main
from tests.conftest import bundled_games


@pytest.mark.parametrize("game", bundled_games(), ids=lambda p: p.name)
def test_built_module_checks_clean(game: Path, tmp_path: Path) -> None:
    assert main(["build", str(game), "-o", str(tmp_path)]) == 0
    (module,) = tmp_path.glob("*.vmod")
    report = check_module(module)
    problems = [str(f) for f in report.findings if f.severity is not Severity.INFO]
    assert problems == []
    assert [str(f) for f in report.findings if f.code == "unused-image"] == []
    assert report.exit_code(strict=True) == 0
