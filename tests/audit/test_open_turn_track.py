"""A real module whose turn tracker counts on without a last turn (Kassala's CounterTurnLevel
starts at 1 and does not loop): `vconv import` gives turns with a first turn and no count, and
auditing a game of that module against its import crashed (IndexError) before any check ran."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.cli import main
from tests.check.conftest import BUILDFILE, SCENARIO, _save, write_module

TRACKER = ('<VASSAL.build.module.turn.TurnTracker name="Turn" buttonText="Turn">'
           '<VASSAL.build.module.turn.CounterTurnLevel incr="1" loop="false" loopLimit="10" '
           'start="1" turnFormat="$value$"/></VASSAL.build.module.turn.TurnTracker>'
           '<VASSAL.build.module.PredefinedSetup name="Scenario"')


def test_a_game_with_an_open_ended_turn_track_is_audited(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module = write_module(tmp_path / "open.vmod",
                          BUILDFILE.replace('<VASSAL.build.module.PredefinedSetup name="Scenario"',
                                            TRACKER, 1))
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    assert '"first": 1' in (game / "game.json").read_text(encoding="utf-8")
    assert '"count"' not in (game / "game.json").read_text(encoding="utf-8")
    save = tmp_path / "start.vsav"
    save.write_bytes(_save(SCENARIO))
    capsys.readouterr()
    code = main(["audit", str(save), "--module", str(module), "--game", str(game),
                 "--mapping", str(tmp_path / "m.json")])
    out, err = capsys.readouterr()
    assert err == "" and code == 0, err
    assert "setup: scenario" in out and "judged" in out


def test_a_game_with_an_open_ended_turn_track_is_built(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same turns written by hand (a first turn, no count): `vconv build` crashed too."""
    import json
    import shutil
    import zipfile

    game = tmp_path / "mini"
    shutil.copytree(Path(__file__).parents[1] / "data" / "games" / "mini", game)
    doc = json.loads((game / "game.json").read_text(encoding="utf-8"))
    doc["turns"] = {"first": 2}
    (game / "game.json").write_text(json.dumps(doc), encoding="utf-8")
    assert main(["validate", str(game)]) == 0
    assert main(["build", str(game), "-o", str(tmp_path / "out")]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    with zipfile.ZipFile(tmp_path / "out" / "mini.vmod") as archive:
        text = archive.read("buildFile.xml").decode("utf-8")
    assert 'CounterTurnLevel' in text and 'start="2"' in text
