"""Real modules with elements VASSAL cannot build, imported: the import says so, naming the
element, and does not make anything of it that VASSAL does not.

- Tanto Monta with unreadable grid numbers (dx="NaN97.0", x0="398.5"): the engine fails to
  build each SquareGrid ('failed to load class …SquareGrid'); import had kept the grids with
  VASSAL's default spacing, giving squares where VASSAL has none, without a word.
- A grid whose spacing Java reads but which lays no cell (dx="NaN", "Infinity"): the engine
  loads the module without an error; import stopped with 'cannot be read again (cannot convert
  float NaN to integer)'.
- A card (or piece) whose Basic Piece definition is cut short of its name field: the engine
  fails to load the module ('NoSuchElementException'); import took it without a note.
- Fields of Normandy 2's VASSAL 3.7 'border' trait, kept only in the build file: the import
  said so of Ragnarok's 'Flip' layers, not of the trait.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from converter.cli import main
from converter.vassal.traits.piece import encode_chain
from tests.check.conftest import BUILDFILE, PROTO, write_module

SQUARE = "Map[Main Map]/BoardPicker/Board[Main]/ZonedGrid/SquareGrid"


def _import(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
            ) -> tuple[int, str, dict]:
    module = write_module(tmp_path / "m.vmod", text)
    out_dir = tmp_path / "game"
    capsys.readouterr()
    code = main(["import", str(module), "-o", str(out_dir), "-f"])
    captured = capsys.readouterr()
    boards = json.loads((out_dir / "boards.json").read_text(encoding="utf-8")) \
        if code == 0 else {}
    return code, captured.out + captured.err, boards


def _squares(boards: dict) -> list[str]:
    return [s["id"] for b in boards["boards"] for s in b.get("spaces", [])
            if s.get("kind") == "square"]


def test_a_grid_number_vassal_cannot_read_leaves_the_grid_out_with_a_note(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, boards = _import(tmp_path, capsys, BUILDFILE.replace(
        'x0="25" y0="25" dx="50.0"', 'x0="25.5" y0="25" dx="NaN50.0"'))
    assert code == 0
    assert (f"note: not imported: {SQUARE}: x0 '25.5' is not an integer, dx 'NaN50.0' is not "
            "a number; VASSAL fails to build this SquareGrid and leaves it out, so the import "
            "does too (correct it in VASSAL's editor)") in out, out
    assert _squares(boards) == []  # VASSAL has no grid there: no square of a made-up spacing
    code, out, boards = _import(tmp_path, capsys, BUILDFILE)  # the sound grid: its squares
    # 64 cells, of which the 32 under zone 'East' ('$name$': VASSAL calls them all 'East')
    assert "not imported: Map" not in out and len(_squares(boards)) == 32


@pytest.mark.parametrize("dx", ["NaN", "Infinity"])
def test_a_grid_spacing_that_lays_no_cell_is_said_and_the_import_goes_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], dx: str) -> None:
    code, out, boards = _import(tmp_path, capsys, BUILDFILE.replace('dx="50.0"', f'dx="{dx}"'))
    assert code == 0, out
    assert ("its spacing (" in out and "is no number of pixels VASSAL can lay cells by, so no "
            "cell is listed as a space") in out, out
    assert _squares(boards) == []


@pytest.mark.parametrize("before, after, path, name", [
    ("piece;;;card.png;Card A/", "piece;;;card.png/",
     "Map[Main Map]/DrawPile[Deck]/CardSlot[Card A]", "Card A"),
    ("piece;;;front.png;1st Bn/", "piece;;;front.png/",
     "PieceWindow[Counters]/ListWidget[Units]/PieceSlot[1st Bn]", "1st Bn")])
def test_a_definition_cut_short_of_its_name_is_imported_with_a_note(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], before: str, after: str,
        path: str, name: str) -> None:
    assert before in BUILDFILE
    code, out, _ = _import(tmp_path, capsys, BUILDFILE.replace(before, after))
    assert code == 0
    assert (f"note: {path}: its Basic Piece definition lacks its name field: VASSAL cannot "
            "build the piece and fails to load the whole module ('module load failed: "
            f"NoSuchElementException'); imported under the slot's name {name!r}") in out, out


def test_a_trait_newer_than_vassal_3_6_is_said_to_be_kept_in_the_build_file_only(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Fields of Normandy 2's prototype 'Unit' has VASSAL 3.7's 'border' trait: only the build
    file keeps it, as it keeps a layer the format cannot write, and the import says so as it
    says it of the layer (it said nothing of the trait)."""
    proto = ("+/null/" + encode_chain(["border;is_activated;Activated;4;0,255,255;;AND",
                                       "delete;Delete;68,130;", "piece;;;;"])
             + "/" + encode_chain(["", "", "null;0;0;;0"]))
    text = BUILDFILE.replace(f'name="Unit" description="">{PROTO}<',
                             f'name="Unit" description="">{proto}<')
    assert text != BUILDFILE
    code, out, _ = _import(tmp_path, capsys, text)
    assert code == 0
    assert ("note: piece '1st Bn': not imported: trait 'border' of prototype 'Unit' (new in "
            "VASSAL 3.7, which older players report as unknown; the format has no place for "
            "it, the build file keeps it)") in out, out
    code, out, _ = _import(tmp_path, capsys, BUILDFILE)
    assert "trait 'border'" not in out


def test_a_layer_without_pictures_is_not_said_to_be_lost(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """JADO's single-sided counters carry a 'Flip' layer with no picture: import said
    'not imported: layers 'Flip' (0 levels)' of each, though nothing of it is lost."""
    empty = "emb2;Activate;128;A;;128;;;128;;;;1;false;0;0;;;true;Flip;;;false;;1;1;true;65,130;;;;1.0;;true"
    unit = "+/null/" + encode_chain([empty, "piece;;;front.png;1st Bn"]) + "/" + \
        encode_chain(["1", "null;0;0;1;0"])
    start = BUILDFILE.index('<VASSAL.build.widget.PieceSlot entryName="1st Bn" gpid="1"')
    end = BUILDFILE.index("</VASSAL.build.widget.PieceSlot>", start)
    slot = BUILDFILE[start:end]
    text = BUILDFILE.replace(slot, slot[:slot.index(">") + 1] + unit)
    code, out, _ = _import(tmp_path, capsys, text)
    assert code == 0
    assert "not imported: layers 'Flip'" not in out, out
