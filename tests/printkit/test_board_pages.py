"""Map pages of boards imported from real modules: a player aid (a picture with no places of
its own: Nevsky's 939 x 1150 'Sequence') printed over 6 to 8 pages, scaled as if a box of it
had to hold a stack; and a board without its picture whose one place is the board itself
(the same aids in the image-less module) printed a page holding one empty box."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.cli import main
from converter.printkit.layout import MARGIN_MM, PAPERS
from converter.printkit.mapsheets import board_print
from converter.validate import load_model
from tests.check.conftest import BUILDFILE, IMAGES, png, write_module
from tests.conftest import ROOT

NEVSKY = ROOT / "tests" / "data" / "real" / "nevsky" / "Nevsky-2.1-noimages.vmod"


def test_a_picture_without_places_prints_on_one_page_as_large_as_it_holds(tmp_path: Path) -> None:
    start = BUILDFILE.index("<VASSAL.build.module.map.boardPicker.board.ZonedGrid>")
    end = BUILDFILE.index("</VASSAL.build.module.map.boardPicker.board.ZonedGrid>") + len(
        "</VASSAL.build.module.map.boardPicker.board.ZonedGrid>")
    images = {n: png(*s) for n, s in IMAGES.items()}
    images["board.png"] = png(939, 1150)
    module = write_module(tmp_path / "aid.vmod", BUILDFILE[:start] + BUILDFILE[end:], images=images)
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "--quiet"]) == 0
    game = load_model(tmp_path / "game")
    paper = PAPERS["a4"]
    bp = board_print(game, game.board("main"), paper)
    assert len(bp.tiles) == 1
    tile = bp.tiles[0]
    # portrait, as wide as the page inside its margins (its height then fits too)
    assert bp.sheet.height_mm > bp.sheet.width_mm
    assert tile.w_mm == pytest.approx(paper.width_mm - 2 * MARGIN_MM, abs=0.01)
    assert tile.h_mm == pytest.approx(tile.w_mm * 1150 / 939, abs=0.01)
    assert tile.h_mm <= paper.height_mm - 2 * MARGIN_MM


def test_boards_with_nothing_to_print_get_no_page_and_are_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "nevsky"
    assert main(["import", str(NEVSKY), "-o", str(game), "--quiet"]) == 0
    assert main(["print", str(game), "-o", str(tmp_path / "kit"), "--dpi", "72", "--png"]) == 0
    out = capsys.readouterr().out
    assert ("note: boards 'Sequence', 'Commands', 'Battle', 'Forces', 'Teutonic Display', "
            "'Russian Display' and 4 more: no picture and no places of their own, so no map "
            "page") in out, out
    pages = {p.name.split("-map-")[1].rsplit("-", 1)[0] for p in (tmp_path / "kit").glob("*-map-*.png")}
    assert not pages & {"sequence", "commands", "battle", "forces", "teutonic-display",
                        "russian-display", "teutonic-lords", "russian-lords", "teutonic-cards",
                        "russian-cards"}
    assert "nevsky" in pages  # the map itself, drawn from its places, is still printed
