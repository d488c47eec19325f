"""A special die's faces imported as the module gives them: Paths of Glory's and For the
People's dice show the texts 1 to 6 and leave every face's value at VASSAL's default 0, which
none of their reports shows; the import said each face counts 0. It now leaves such values
out (a face without a value counts as the number its label shows), and marks them missing
where the labels are not numbers, rather than inventing 0."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from converter.cli import main
from converter.validate import load_model
from tests.check.conftest import BUILDFILE, write_module
from tests.conftest import imported_once

REAL = Path(__file__).resolve().parents[1] / "data" / "real"
POG = REAL / "paths-of-glory" / "PathsOfGlory-10.8-noimages.vmod"


def _button(faces: list[tuple[str, str | None]], fmt: str = "$name$ = $result1$") -> str:
    """A SpecialDiceButton of one die; a face's value None writes no value attribute."""
    body = "".join(f'<VASSAL.build.module.SpecialDieFace icon="" text="{text}"'
                   + ("" if value is None else f' value="{value}"') + "/>"
                   for text, value in faces)
    return (f'<VASSAL.build.module.SpecialDiceButton name="Die" text="Die" format="{fmt}">'
            f'<VASSAL.build.module.SpecialDie format="$result$" name="Die">{body}'
            "</VASSAL.build.module.SpecialDie></VASSAL.build.module.SpecialDiceButton>")


def _import(tmp_path: Path, capsys: pytest.CaptureFixture[str], button: str
            ) -> tuple[str, dict]:
    text = BUILDFILE.replace("  <VASSAL.build.module.PredefinedSetup",
                             button + "\n  <VASSAL.build.module.PredefinedSetup")
    module = write_module(tmp_path / "dice.vmod", text)
    out_dir = tmp_path / "game"
    assert main(["import", str(module), "-o", str(out_dir)]) == 0
    tables = json.loads((out_dir / "tables.json").read_text(encoding="utf-8"))
    (die,) = tables["dice"]
    return capsys.readouterr().out, die


NUMBERS = [str(n) for n in range(1, 7)]


def test_values_left_at_the_default_are_the_numbers_the_faces_show(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, die = _import(tmp_path, capsys, _button([(n, "0") for n in NUMBERS]))
    assert die["faces"] == [{"label": n} for n in NUMBERS]
    assert die["provenance"]["status"] == "deduced"
    assert "every face's value is 0 in the module (VASSAL's default)" in out
    assert "each face counts as the number it shows" in out
    # the game reads each face as its number: a roll gives 1 to 6, not 0
    game = load_model(tmp_path / "game")
    assert game.dice[0].possible_values() == set(range(1, 7))


def test_values_of_faces_that_are_not_numbers_are_missing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, die = _import(tmp_path, capsys, _button([("Hit", "0"), ("Miss", "0"), ("Flag", "0")]))
    assert die["faces"] == [{"label": "Hit"}, {"label": "Miss"}, {"label": "Flag"}]
    assert die["provenance"]["status"] == "missing"
    assert "the faces' values" in die["provenance"]["note"]
    assert "left out as missing" in out
    assert load_model(tmp_path / "game").dice[0].possible_values() is None


def test_faces_without_a_value_attribute_have_none(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, die = _import(tmp_path, capsys, _button([("A", None), ("B", "2"), ("C", "3")]))
    assert die["faces"] == [{"label": "A"}, {"label": "B", "value": 2},
                            {"label": "C", "value": 3}]
    assert die["provenance"]["status"] == "missing"
    assert "some faces of the module have no value" in out


@pytest.mark.parametrize("values, fmt", [
    (["1", "2", "3", "4", "5", "6"], "$name$ = $result1$"),       # Almoravid's, Nevsky's
    (["0"] * 6, "$name$ = $numericalTotal$"),                       # a report shows them
])
def test_values_the_module_gives_are_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          values: list[str], fmt: str) -> None:
    out, die = _import(tmp_path, capsys, _button(list(zip(NUMBERS, values)), fmt))
    assert [f["value"] for f in die["faces"]] == [int(v) for v in values]
    assert die["provenance"]["status"] == "stated"
    assert "die 'Die'" not in out


@pytest.mark.skipif(not POG.is_file(), reason="Paths of Glory is not in tests/data/real")
def test_paths_of_glory_dice_count_as_their_faces(
        capsys: pytest.CaptureFixture[str]) -> None:
    pog = imported_once(POG, "paths-of-glory")
    tables = json.loads((pog / "tables.json").read_text(encoding="utf-8"))
    assert {d["name"]: d["faces"] for d in tables["dice"]} == {
        "Grey Die": [{"label": n} for n in NUMBERS], "Blue Die": [{"label": n} for n in NUMBERS]}
