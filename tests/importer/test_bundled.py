"""Bundled games built into modules, then imported from the build file alone (the game they
carry removed): the hex ids, the hexes' names and adjacency come back, and the folder
validates."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from converter.cli import main
from converter.load import load_game
from converter.model.codec import from_json
from converter.model.hexgrid import HexGridSpec
from converter.validate import validate_path
from tests.conftest import built_once
from tests.importer.helpers import ROOT

builder = pytest.importorskip("converter.builder.module")

# a pointy grid numbered westwards, and a flat one
GAMES = [g for g in ("glorys-end", "when-eagles-fight") if (ROOT / "modules" / g).is_dir()]


@pytest.mark.parametrize("slug", GAMES)
def test_hex_ids_and_neighbours_survive_the_build_file(slug: str, tmp_path: Path) -> None:
    built = builder.write_module(built_once(ROOT / "modules" / slug), tmp_path, 0)
    plain = tmp_path / "plain.vmod"
    with zipfile.ZipFile(built) as src, zipfile.ZipFile(plain, "w") as dst:
        for info in src.infolist():
            if not info.filename.startswith("vconv/"):
                dst.writestr(info, src.read(info))
    folder = tmp_path / slug
    assert main(["import", str(plain), "-o", str(folder), "-q"]) == 0
    _, problems = validate_path(folder)
    assert [p.line() for p in problems] == []
    original = load_game(ROOT / "modules" / slug).data
    imported = load_game(folder).data
    hex_boards = [b for b in original["boards"] if b["kind"] == "hex" and "grid" in b]
    assert hex_boards
    for board in hex_boards:
        again = next(b for b in imported["boards"] if b["name"] == board["name"])
        # the ids are VASSAL's names; a named hex's zone gives its name back
        assert {h["id"]: h.get("name") for h in again.get("hexes", [])} == \
            {h["id"]: h["name"] for h in board.get("hexes", []) if h.get("name")}
        ours = from_json(HexGridSpec, again["grid"])
        theirs = from_json(HexGridSpec, board["grid"])
        assert ours.orientation == theirs.orientation and ours.first == theirs.first
        for hid in theirs.all_ids():
            assert ours.contains(hid)
            assert set(theirs.neighbours(hid)) <= set(ours.neighbours(hid)), hid
