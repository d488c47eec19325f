"""Inferno's Cart, Coin and Loot printed as blank squares: their art is a Layer over a
one-level shadow, and the import took the shadow as the face.  A module whose piece draws so
is imported and printed; its art's colours are on the counter sheets."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from converter.cli import main
from tests.importer.test_layer_faces import ART, SHADOW, SIDE, layered_module

RED, BLUE = (200, 20, 20), (20, 40, 200)


def _solid(colour: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 64), colour).save(out, "PNG")
    return out.getvalue()


def test_the_art_over_a_shadow_prints_on_both_sides(tmp_path: Path) -> None:
    module = layered_module(tmp_path, [(ART, "1"), (SHADOW, "1"), (SIDE, "1")],
                            {"cart.png": _solid(RED), "cart-2x.png": _solid(BLUE)})
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "-q"]) == 0
    assert main(["print", str(tmp_path / "game"), "-o", str(tmp_path / "kit"), "--dpi", "100",
                 "--png", "--quiet"]) == 0
    colours = []
    for page in sorted((tmp_path / "kit").glob("*counters*.png")):
        with Image.open(page) as picture:
            colours.append({c for _n, c in picture.convert("RGB").getcolors(1 << 20) or []})
    assert RED in colours[0], sorted(colours[0])[:20]  # the fronts
    assert BLUE in colours[1], sorted(colours[1])[:20]  # the backs
