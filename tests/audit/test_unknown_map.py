"""A save or log made with another version of the module: it names a map the module no longer
has (Warhammer Underworlds' setups lay boards and pieces on 'MESA - BOARD', a map the module
renamed 'BOARD'; VASSAL 3.6 reports 'No such map'). The referee is told once per map."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.cli import main
from tests.check.conftest import SCENARIO, _save, write_module


def audit(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str]:
    code = main(["audit", *map(str, args)])
    return code, capsys.readouterr().out


def test_a_map_the_module_lacks_is_a_replay_problem_named_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module = write_module(tmp_path / "m.vmod")
    same = tmp_path / "same.vsav"
    same.write_bytes(_save(SCENARIO))
    code, out = audit(capsys, same, "--module", module)
    assert code == 0 and "replay problem" not in out
    old = tmp_path / "old.vsav"  # its piece and its boards on the map's former name
    old.write_bytes(_save(SCENARIO.replace("Main Map", "Old Map")))
    code, out = audit(capsys, old, "--module", module)
    assert code == 0  # VASSAL opens it with a warning: a problem to read, not a violation
    problems = [line for line in out.splitlines() if "replay problem" in line]
    assert problems == [
        "  replay problem: old.vsav: restored game (command 0): the file names map 'Old Map', "
        "which the module does not have (VASSAL reports 'No such map' and shows its pieces on "
        "no map): it was probably saved with another version of the module"]
