"""Iron Kingdoms' dice buttons are a class of its own (`random.DiceButton`) carrying VASSAL's
DiceButton attributes: 8 of its 13 dice were left to the kept build file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from converter.cli import main
from tests.check.conftest import BUILDFILE, write_module

OWN = ('<random.DiceButton hotkey="" icon="" nDice="2" nSides="6" name="2d6" plus="0" '
       'prompt="false" reportFormat="$name$: ($result$)" reportTotal="true" text="2d6"/>'
       '<random.DiceButton nDice="1" nSides="3" name="1d3"/>'
       '<random.Shuffler name="not a die"/>')


def test_a_dice_button_of_the_modules_own_class_is_a_die(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = BUILDFILE.replace("<VASSAL.build.module.Documentation/>",
                             "<VASSAL.build.module.Documentation/>" + OWN, 1)
    module = write_module(tmp_path / "own.vmod", text)
    assert main(["import", str(module), "-o", str(tmp_path / "game")]) == 0
    out = capsys.readouterr().out
    assert ("note: 2 dice buttons of the module's own class 'random.DiceButton' read as "
            "VASSAL's DiceButton, whose attributes they carry") in out
    assert "no counterpart in the format, kept verbatim in the build file: " \
        "BasicCommandEncoder, Documentation, Shuffler" in out  # the other class stays
    dice = json.loads((tmp_path / "game" / "tables.json").read_text(encoding="utf-8"))["dice"]
    assert [(d["name"], d["count"], d["sides"], d.get("sum")) for d in dice] == [
        ("2d6", 2, 6, True), ("1d3", 1, 3, None)]
