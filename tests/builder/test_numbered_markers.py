"""A marker the rulebook calls 'numbered 1-7' is one piece in VASSAL whose number is chosen
from its menu, each number its own picture."""

from __future__ import annotations

import zipfile

from converter.vassal.components import PieceSlot, SetupStack
from converter.vassal.traits import Layer
from tests.builder.conftest import ROOT, BuildCache
from tests.builder.readback import Module


def test_numbered_markers_carry_one_picture_per_number(builds: BuildCache) -> None:
    built = builds.get(ROOT / "modules" / "glorys-end")
    module = Module.read(built.path)
    slot = next(s for s in module.root.find_all(PieceSlot)
                if s.piece.properties()["vconv_id"] == "de-mobilitazione"
                and not any(s in st.children for st in module.root.find_all(SetupStack)))
    layer = slot.piece.trait(Layer, "Number")
    assert layer is not None and layer.level_names == [str(n) for n in range(1, 8)]
    with zipfile.ZipFile(built.path) as z:
        pictures = {z.read(f"images/{name}") for name in layer.images}
    assert len(pictures) == 7
