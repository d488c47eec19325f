"""Where the module's images land in the game folder: flat (`images/sub_x.png`), except a
subfolder one of whose SVGs draws from another SVG beside it, which is kept as a folder so
that the print finds that neighbour (see tests/printkit/test_svg_symbols.py)."""

from __future__ import annotations

import json
from pathlib import Path

from converter.cli import main
from tests.check.conftest import IMAGES, png, write_module

USES = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="9" height="9"><use xlink:href="{href}"/></svg>')
SYMBOLS = '<svg xmlns="http://www.w3.org/2000/svg"><rect id="s" width="9" height="9"/></svg>'


def _files(tmp_path: Path, extra: dict[str, bytes]) -> tuple[set[str], dict[str, str]]:
    images = {n: png(*s) for n, s in IMAGES.items()}
    images.update(extra)
    module = write_module(tmp_path / "m.vmod", images=images)
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "-q"]) == 0
    folder = tmp_path / "game"
    game = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    return ({p.relative_to(folder).as_posix() for p in (folder / "images").rglob("*")
             if p.is_file()}, game["vassal"]["files"])


def test_a_folder_whose_svg_draws_from_a_neighbour_is_kept(tmp_path: Path) -> None:
    files, entries = _files(tmp_path, {
        "units/inf.svg": USES.format(href="symbols.svg#s").encode(),
        "units/symbols.svg": SYMBOLS.encode(), "units/a (1).png": png(4, 4),
        "markers/m.svg": USES.format(href="#own").encode(), "markers/n.png": png(4, 4)})
    assert {f for f in files if "units" in f or "markers" in f} == {
        "images/units/inf.svg", "images/units/symbols.svg", "images/units/a (1).png",
        "images/markers_m.svg", "images/markers_n.png"}
    # a module rebuilt from the folder puts each back where it was
    assert entries["images/units/symbols.svg"] == "images/units/symbols.svg"
    assert entries["images/markers_n.png"] == "images/markers/n.png"


def test_a_name_that_is_a_path_is_no_neighbour(tmp_path: Path) -> None:
    files, _ = _files(tmp_path, {"units/inf.svg": USES.format(href="../symbols.svg#s").encode(),
                                 "symbols.svg": SYMBOLS.encode()})
    assert "images/units_inf.svg" in files
