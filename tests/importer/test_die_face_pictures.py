"""A special die's face pictures (Blood Bowl's block dice show 'Attacker Down' or 'POW!' as
pictures) come into the game with their faces, and a build from the JSON alone shows them
when the die is rolled; before, a note said they were not imported."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from converter.cli import main
from converter.validate import validate_path
from converter.vassal.buildfile import read_buildfile
from converter.vassal.components import SpecialDieFace
from tests.check.conftest import BUILDFILE, IMAGES, png, write_module
from tests.helpers_vassal import run_vassal_check

BLOCK = ('<VASSAL.build.module.SpecialDiceButton name="Block" text="Block" '
         'format="$name$ = $result1$"><VASSAL.build.module.SpecialDie format="$result$" '
         'name="Block"><VASSAL.build.module.SpecialDieFace icon="down.png" text="Attacker Down"'
         ' value="1"/><VASSAL.build.module.SpecialDieFace icon="pow.png" text="POW" value="2"/>'
         '</VASSAL.build.module.SpecialDie></VASSAL.build.module.SpecialDiceButton>')


def _imported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    text = BUILDFILE.replace("  <VASSAL.build.module.PredefinedSetup",
                             BLOCK + "\n  <VASSAL.build.module.PredefinedSetup")
    images = {n: png(*s) for n, s in IMAGES.items()}
    images.update({"down.png": png(30, 30), "pow.png": png(31, 30)})
    folder = tmp_path / "game"
    assert main(["import", str(write_module(tmp_path / "dice.vmod", text, images=images)),
                 "-o", str(folder)]) == 0
    assert "face pictures" not in capsys.readouterr().out
    return folder


def test_each_face_keeps_its_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _imported(tmp_path, capsys)
    (die,) = json.loads((folder / "tables.json").read_text(encoding="utf-8"))["dice"]
    assert [(f["label"], f["image"]) for f in die["faces"]] == [
        ("Attacker Down", "images/down.png"), ("POW", "images/pow.png")]
    assert (folder / "images" / "pow.png").read_bytes() == png(31, 30)
    assert [p.line() for p in validate_path(folder)[1]] == []
    (folder / "images" / "pow.png").unlink()
    assert [p.line() for p in validate_path(folder)[1]] == [
        f"tables.json:/dice/0/faces/1/image: file 'images/pow.png' does not exist in {folder}"]


def test_a_build_from_the_json_alone_rolls_the_pictures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _imported(tmp_path, capsys)
    game = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    del game["vassal"]
    (folder / "game.json").write_text(json.dumps(game), encoding="utf-8")
    assert main(["build", str(folder), "-o", str(tmp_path / "out")]) == 0
    vmod = tmp_path / "out" / "game.vmod"
    with zipfile.ZipFile(vmod) as archive:
        root = read_buildfile(archive.read("buildFile.xml"))
        faces = [(f.text, f.icon) for f in root.find_all(SpecialDieFace)]
        assert faces == [("Attacker Down", "dice/down.png"), ("POW", "dice/pow.png")]
        assert archive.read("images/dice/pow.png") == png(31, 30)
    assert run_vassal_check(vmod, images=True).errors == 0
