"""A board the bundled games do not have: spaces (boxes) beside a hex grid."""

from __future__ import annotations

import pytest

from converter.builder.module import build_module, write_module
from tests.builder.readback import Module
from tests.helpers_vassal import run_vassal_check


def _spaces_beside_grid(data):
    data["boards"][0]["spaces"] = [{"id": "hq-box", "name": "Comando", "kind": "box"}]


def _hq_in_box(data):
    data["scenarios"][0]["setup"].append({"piece": "sa-hq", "at": {"space": "hq-box"}})


def test_spaces_beside_a_hex_grid_are_zones_over_the_grid(mini_copy, tmp_path) -> None:
    mini_copy("map.json", _spaces_beside_grid)
    folder = mini_copy("game.json", _hq_in_box)
    built = build_module(folder)
    assert built.findings == []
    module = Module.read(write_module(built, tmp_path / "out"))
    places = sorted((where, piece.properties()["vconv_id"])
                    for _map, where, piece in module.stack_pieces())
    assert ("Comando", "sa-hq") in places
    assert ("0203", "na-1") in places and ("0405", "sa-1") in places


@pytest.mark.vassal
def test_spaces_beside_a_hex_grid_load_cleanly(mini_copy, tmp_path) -> None:
    mini_copy("map.json", _spaces_beside_grid)
    folder = mini_copy("game.json", _hq_in_box)
    path = write_module(build_module(folder), tmp_path / "out")
    report = run_vassal_check(path)
    assert (report.errors, report.warnings) == (0, 0), report.output[-2000:]
