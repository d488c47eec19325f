"""A scenario whose setup breaks the game's own stacking limit is refused by `vconv validate`,
at the setup entry, with the place as the players name it, the limit and what the stack holds."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from converter.cli import main
from converter.validate import validate_path
from tests.conftest import MODULES


def _damaged(tmp_path: Path, game: str, edit: Callable[[list[dict[str, Any]]], None]) -> Path:
    """A copy of a bundled game with its scenarios' setups edited by *edit*."""
    folder = tmp_path / game
    shutil.copytree(MODULES / game, folder)
    path = folder / "scenarios.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data["scenarios"])
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return folder


def _marna(scenarios: list[dict[str, Any]]) -> list[dict[str, Any]]:
    setup: list[dict[str, Any]] = next(s for s in scenarios if s["id"] == "marna")["setup"]
    return setup


def test_a_fourth_corps_in_paris_breaks_glorys_ends_limits(tmp_path: Path) -> None:
    def edit(scenarios: list[dict[str, Any]]) -> None:
        for k in (0, 1, 5):  # two British and one French corps join Paris's garrison
            _marna(scenarios)[k]["at"]["hex"] = "3036"
    folder = _damaged(tmp_path, "glorys-end", edit)
    _doc, problems = validate_path(folder)
    found = {p.message.split(", over")[0]: p for p in problems}
    assert set(found) == {
        "at the start of scenario 'marna', hex 3036 (Parigi) holds 14 steps",
        "at the start of scenario 'marna', hex 3036 (Parigi) holds 4 stacking points",
        "at the start of scenario 'marna', hex 3036 (Parigi) holds 2 nationalities"}
    corps = found["at the start of scenario 'marna', hex 3036 (Parigi) holds 4 stacking points"]
    assert (corps.file, corps.pointer, corps.check) == ("scenarios.json", "/scenarios/2/setup/25",
                                                        "stacking")
    assert "over the limit of 2: 1 XXX (br-1-xxx): XXX = 1; " in corps.message
    assert "61R XX (fr-61r-xx): XX = 0" in corps.message
    assert corps.hint.startswith("rule 'stack-corpi' (section 6.1) allows at most 2 stacking points")
    nations = found["at the start of scenario 'marna', hex 3036 (Parigi) holds 2 nationalities"]
    assert "1 XXX (br-1-xxx): Inghilterra" in nations.message
    assert "allows at most 1 nationality:" in nations.hint


def test_steps_over_the_limit_name_each_pieces_steps(tmp_path: Path) -> None:
    folder = _damaged(tmp_path, "glorys-end",
                      lambda scenarios: _marna(scenarios)[0]["at"].update(hex="3235"))
    _doc, problems = validate_path(folder)
    assert [p.line() for p in problems] == [
        "scenarios.json:/scenarios/2/setup/3: at the start of scenario 'marna', hex 3235 holds "
        "10 steps, over the limit of 9: 1 XXX (br-1-xxx): 4; 2 XXX (br-2-xxx): 3; "
        "4 XX (br-4-xx): 2; 19 X (br-19-x): 1 (hint: rule 'stack-livelli' (section 6.1) allows "
        "at most 9 steps: move a piece elsewhere, or correct the rule if the rulebook allows "
        "this stack)"]


def test_enemies_in_one_space_are_refused_at_the_entry_that_brings_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def edit(scenarios: list[dict[str, Any]]) -> None:
        scenarios[0]["setup"][4]["at"]["space"] = "vienna"  # the Russian army from Moscow
    folder = _damaged(tmp_path, "quartermaster-general-1914", edit)
    assert main(["validate", str(folder)]) == 1
    err = capsys.readouterr()
    assert ("scenarios.json:/scenarios/0/setup/4: at the start of scenario 'partita', Vienna "
            "(vienna) holds pieces of Potenze dell'Intesa and Potenze Centrali: Armata (Russia) "
            "(armata-russia); Armata (Austria-Ungheria) (armata-austria-ungheria) (hint: rule "
            "'un-pezzo-per-nazione' (section Pezzi) allows pieces of one side only") in err.out + err.err


def test_a_stack_within_the_limits_is_accepted(tmp_path: Path) -> None:
    # three corps of weight 1 where When Eagles Fight allows three: the limit itself is fine
    folder = _damaged(tmp_path, "when-eagles-fight", lambda scenarios: None)
    setup = json.loads((folder / "scenarios.json").read_text(encoding="utf-8"))["scenarios"][0]["setup"]
    assert any(e["piece"] == "ru-corpi-2417" and e.get("count") == 3 for e in setup)
    _doc, problems = validate_path(folder)
    assert problems == []
