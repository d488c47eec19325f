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
        "which the module does not have (VASSAL ignores the boards it lays there, and reports "
        "'No such map' for any piece on it): it was probably saved with another version of the "
        "module"]


def test_the_html_report_and_an_archive_summary_show_the_replay_problems(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A referee reading the HTML page or an archive's summary sees what the text report says:
    the position replayed is not quite the players' own."""
    import html
    import json
    import re
    module = write_module(tmp_path / "m.vmod")
    old = tmp_path / "old.vsav"
    old.write_bytes(_save(SCENARIO.replace("Main Map", "Old Map")))
    same = tmp_path / "same.vsav"
    same.write_bytes(_save(SCENARIO))
    message = ("the file names map 'Old Map', which the module does not have (VASSAL ignores "
               "the boards it lays there, and reports 'No such map' for any piece on it): it was "
               "probably saved with another version of the module")
    page_path = tmp_path / "old.html"
    assert main(["audit", str(old), "--module", str(module), "--format", "html",
                 "-o", str(page_path)]) == 0
    page = page_path.read_text(encoding="utf-8")
    block = re.search(r"<summary>Replay problems \(1\)</summary>(.*?)</details>", page, re.S)
    assert block is not None
    link = re.search(r"<a href='#([^']+)'>old.vsav: restored game \(command 0\)</a>: (.*?)</div>",
                     block.group(1))
    assert link is not None and html.unescape(link.group(2)) == message
    assert f"id='{link.group(1)}'" in page  # the link leads to the step's line
    clean = tmp_path / "same.html"
    assert main(["audit", str(same), "--module", str(module), "--format", "html",
                 "-o", str(clean)]) == 0
    assert "Replay problems" not in clean.read_text(encoding="utf-8")
    capsys.readouterr()

    code, out = audit(capsys, "--each", same, old, "--module", module)
    assert code == 0
    assert f"  replay problem: restored game (command 0): {message}" in out.splitlines()
    assert out.count("replay problem:") == 1 and "replay problems: 1" in out
    code, out = audit(capsys, "--each", same, old, "--module", module, "--format", "json")
    doc = json.loads(out)
    assert [log["replay_problems"] for log in doc["logs"]] == [
        [], [{"step": 0, "command": 0, "message": message}]]
    assert doc["totals"]["replay_problems"] == 1
    code, out = audit(capsys, "--each", same, old, "--module", module, "--format", "html")
    assert html.escape(f"replay problem: restored game (command 0): {message}") in out
    # the note both logs share (the module has no game description) is said once, above
    assert out.count("no game rule was checked") == 1


def test_pieces_on_a_map_the_module_lacks_are_not_judged_by_the_setup(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Judged by the module's own import, Warhammer Underworlds' setup gave 15 violations
    besides the replay problem ('CONTADOR starts at (3798,460) [MESA - BOARD]; scenario ...
    places it at board-wide'): VASSAL shows those pieces on no map, so where they start is
    not judged, and the report says so."""
    module = write_module(tmp_path / "m.vmod")
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    old = tmp_path / "old.vsav"
    old.write_bytes(_save(SCENARIO.replace("Main Map", "Old Map")))
    capsys.readouterr()
    code, out = audit(capsys, old, "--module", module, "--game", game)
    assert code == 0 and "findings: 0 violation(s)" in out, out
    assert out.count("replay problem:") == 1
    assert ("not checkable: setup:vassal-setup (setup): the piece lies on a map the module does "
            "not have (VASSAL shows it on no map; see the replay problems) [1st Bn on Old Map] "
            "(1 time, ") in out, out
