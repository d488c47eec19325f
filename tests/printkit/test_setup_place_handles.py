"""Setup cards of imported modules leave off the pieces that only stand for a place.

For the People puts a see-through 'Empty Space' piece on each of its 254 cities ('Danville'
on Danville) to give the city a right-click menu; Almoravid and Nevsky put a location mask
on each town, Paths of Glory one on each turn space.  The setup card listed every one of
them ('Danville | Danville'), hundreds of lines a player never places.  Such a piece bears
only the name of the place it starts on and prints nothing else; it is now counted in one
line under the table, while a unit named after its town, with a factor, stays listed.
The module here is written by the test (the real modules state no licence)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from converter.cli import main
from converter.render.cards import setup_card
from converter.validate import load_model
from tests.check.conftest import BUILDFILE, IMAGES, png, write_module

TAB = "\t"  # between a trait chain's traits
# the place's handle: no picture of its own, a see-through layer switched on by its menu
HANDLE = ("+/null/emb2;Activate;128;A;;128;;;128;;;;1;false;0;0;mask.png;;true;Mask;;;false;;1;1;"
          "true;65,130;;;;1.0" + TAB + "piece;;;;{name}/" + "1" + TAB + "null;0;0;{gpid};0")
# a real unit named after its town: it prints a strength
GARRISON = "+/null/mark;Strength" + TAB + "piece;;;front.png;{name}/" + "3" + TAB + "null;0;0;{gpid};0"


def _stack(name: str, x: int, y: int, slots: list[tuple[str, str, int]]) -> str:
    pieces = "".join(f'<VASSAL.build.widget.PieceSlot entryName="{entry}" gpid="{gpid}" width="64" '
                     f'height="64">{slot}</VASSAL.build.widget.PieceSlot>' for entry, slot, gpid in slots)
    return (f'<VASSAL.build.module.map.SetupStack name="{name}" owningBoard="Main" '
            f'useGridLocation="false" x="{x}" y="{y}">{pieces}</VASSAL.build.module.map.SetupStack>')


def see_through() -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", (64, 64), (0, 0, 0, 0)).save(out, "PNG")
    return out.getvalue()


def handles_module(path: Path) -> Path:
    """Zone 'East' (locations '$name$') holds the handle 'East' and the garrison 'East'."""
    stacks = (_stack("East", 300, 100, [("East", HANDLE.format(name="East", gpid=11), 11)])
              + _stack("East Garrison", 310, 110, [("East", GARRISON.format(name="East", gpid=12), 12)]))
    at = BUILDFILE.index("</VASSAL.build.module.folder.MapSubFolder>")
    images = {n: png(*s) for n, s in IMAGES.items()}
    images["mask.png"] = see_through()
    return write_module(path, BUILDFILE[:at] + stacks + BUILDFILE[at:], images=images)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Any:
    tmp = tmp_path_factory.mktemp("handles")
    module = handles_module(tmp / "handles.vmod")
    assert main(["import", str(module), "-o", str(tmp / "game"), "-q"]) == 0
    return load_model(tmp / "game")


def test_a_piece_bearing_only_its_places_name_is_counted_under_the_setup_not_listed(game: Any) -> None:
    scenario = next(s for s in game.scenarios if any(p.piece == "east" for p in s.setup or []))
    card = setup_card(game, scenario, dpi=60)
    assert card is not None
    texts = [c.text for c in card.cells]
    rows = dict(zip(texts[texts.index("Pieces") + 1::2], texts[texts.index("Pieces") + 2::2]))
    assert rows.get("East") == "East", rows  # the garrison, with its strength, once
    assert ("Not listed: 1 piece that only bears the name of the place it stands on"
            " (the module's handle on that place)") in texts, texts
    assert "1st Bn" in texts  # the module's other unit is listed as before

