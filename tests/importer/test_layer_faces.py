"""Which Layer of a piece holds its faces, as VASSAL draws the piece.

VASSAL draws each Layer over the ones inside it.  Inferno's Cart, Coin and Loot draw a
one-level shadow (RoundedSquareShadow.png) and, over it, their art in a four-level layer that
follows the piece's CounterSide; the import took the innermost layer, the shadow, as the one
face, and the print showed a blank square; their one-level Supply Source and Moved/Fought
markers too.  Paths of Glory's BEF corps draws its own art over the British corps art of its
prototype: the import took the prototype's.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image

from converter.cli import main
from converter.validate import validate_path
from converter.vassal.traits.piece import encode_chain
from tests.check.conftest import BUILDFILE, IMAGES, png, write_module

SHADOW = "emb2;Activate;128;A;;128;;;128;;;;1;false;0;0;shadow.png;;true;;;;false;;1;1;true;65,130;;;;1.0"
ART = ("emb2;Activate;128;A;;128;;;128;;;;1;false;0;0;cart.png,cart-2x.png;,+ (x2);true;;;;"
       "true;CounterSide;1;1;true;65,130;;;;1.0")
SIDE = "PROP;CounterSide;true,1,2,false;;"
# a two-level picture no command and no property can change: it shows its first level for good
STILL = "emb2;;2;;;2;;;2;;;;1;false;0;0;blank-a.png,blank-b.png;,;true;;;;false;;1;1;true;;;;;1.0"
# Imperial Struggle's Byng: level 1 shows the BasicPiece's front, level 2 the back over it
FLIP = ("emb2;Activate;128;A;Flip;128;;;128;;;;1;false;0;0;,cart-2x.png;,;true;Flip;;;false;;1;1;"
        "true;65,130;70,130;;;1.0;;true")
# the tour's Disrupt: a marker of two degrees over the unit, no side of it
DISRUPT = "emb2;Activate;2;;Disrupt;2;D;Decrease;2;;;;0;false;0;0;,cart-2x.png,patch.png;,,;true"
PATCH = "emb2;Activate;128;A;;128;;;128;;;;1;false;0;0;patch.png;;true;;;;false;;1;1;true;65,130;;;;1.0"


def layered_module(tmp_path: Path, traits: list[tuple[str, str]],
                   pictures: dict[str, bytes] | None = None, basic_image: str = "") -> Path:
    """The test module with its palette's '1st Bn' slot holding *traits* (type, state),
    outermost first, over a BasicPiece with *basic_image* (none by default)."""
    types = [t for t, _ in traits] + [f"piece;;;{basic_image};Cart"]
    states = [s for _, s in traits] + ["null;0;0;1;0"]
    text = "+/null/" + encode_chain(types) + "/" + encode_chain(states)
    start = BUILDFILE.index('<VASSAL.build.widget.PieceSlot entryName="1st Bn" gpid="1"')
    end = BUILDFILE.index("</VASSAL.build.widget.PieceSlot>", start)
    slot = BUILDFILE[start:end]
    buildfile = BUILDFILE.replace(slot, slot[:slot.index(">") + 1] + text)
    images = {n: png(*s) for n, s in IMAGES.items()}
    images.update({n: png(64, 64) for n in ("cart.png", "cart-2x.png", "supply.png",
                                            "blank-a.png", "blank-b.png", "patch.png",
                                            "bef.png", "bef-back.png")})
    images["shadow.png"] = _shadow()
    images.update(pictures or {})
    return write_module(tmp_path / "m.vmod", buildfile, images=images)


def _shadow() -> bytes:
    """A blurred shadow's picture: dark, nowhere wholly opaque (Inferno's reach alpha 152)."""
    out = io.BytesIO()
    Image.new("RGBA", (80, 80), (0, 0, 0, 150)).save(out, "PNG")
    return out.getvalue()


def _imported(tmp_path: Path, module: Path) -> tuple[dict, list[str]]:
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "-q"]) == 0
    pieces = json.loads((tmp_path / "game" / "pieces.json").read_text(encoding="utf-8"))
    game = json.loads((tmp_path / "game" / "game.json").read_text(encoding="utf-8"))
    cart = next(p for p in pieces["pieces"] if p["name"] == "Cart")
    return cart, [n["text"] for n in game["notes"]]


def test_the_art_over_a_shadow_is_the_face(tmp_path: Path) -> None:
    cart, notes = _imported(tmp_path, layered_module(tmp_path, [(ART, "1"), (SHADOW, "1"), (SIDE, "1")]))
    assert [f.get("image") for f in cart["faces"]] == ["images/cart.png", "images/cart-2x.png"]
    assert [f.get("label") for f in cart["faces"]] == [None, "(x2)"]
    assert "piece 'Cart': not imported: layers 'Activate' (1 level) (overlays the format has " \
        "no place for)" in notes


def test_of_two_changing_layers_the_outer_one_is_the_face(tmp_path: Path) -> None:
    """Paths of Glory's BEF corps: its own Status layer over its prototype's."""
    own = ART.replace("cart.png,cart-2x.png", "bef.png,bef-back.png")
    cart, _ = _imported(tmp_path, layered_module(tmp_path, [(own, "1"), (ART, "1"), (SIDE, "1")]))
    assert [f.get("image") for f in cart["faces"]] == ["images/bef.png", "images/bef-back.png"]


def test_a_layer_nothing_can_change_is_no_flip(tmp_path: Path) -> None:
    """Paths of Glory's map patches: a two-level 'Empty Space' picture (wholly transparent)
    over the patch, with no command or property to change its level: the patch stays the
    face."""
    cart, _ = _imported(tmp_path, layered_module(tmp_path, [(STILL, "1"), (PATCH, "1")]))
    assert [f.get("image") for f in cart["faces"]] == ["images/patch.png"]


def test_a_one_level_picture_over_a_shadow_is_the_face(tmp_path: Path) -> None:
    """Inferno's Supply Source marker: one picture over a one-level shadow."""
    supply = SHADOW.replace("shadow.png", "supply.png")
    cart, notes = _imported(tmp_path, layered_module(tmp_path, [(supply, "1"), (SHADOW, "1")]))
    assert [f.get("image") for f in cart["faces"]] == ["images/supply.png"]


def test_a_shadow_alone_is_still_the_face(tmp_path: Path) -> None:
    cart, _ = _imported(tmp_path, layered_module(tmp_path, [(SHADOW, "1")]))
    assert [f.get("image") for f in cart["faces"]] == ["images/shadow.png"]


def test_an_opaque_picture_over_another_is_an_overlay(tmp_path: Path) -> None:
    """Nevsky's card slot draws its button over the slot: the slot stays the face."""
    button = SHADOW.replace("shadow.png", "supply.png")
    slot = SHADOW.replace("shadow.png", "patch.png")
    cart, _ = _imported(tmp_path, layered_module(tmp_path, [(button, "1"), (slot, "1")]))
    assert [f.get("image") for f in cart["faces"]] == ["images/patch.png"]


def test_a_back_over_the_front_picture_is_the_other_side(tmp_path: Path) -> None:
    """Imperial Struggle's Byng, Conflict, Jacobite and Treaty Points markers printed their
    front only: the back is a 'Flip' layer whose first level has no picture."""
    cart, notes = _imported(tmp_path, layered_module(tmp_path, [(FLIP, "1")],
                                                     basic_image="cart.png"))
    assert [f.get("image") for f in cart["faces"]] == ["images/cart.png", "images/cart-2x.png"]
    assert [f["side"] for f in cart["faces"]] == ["front", "back"]
    assert not [n for n in notes if "not imported: layers 'Flip'" in n]


def test_a_status_overlay_is_no_side(tmp_path: Path) -> None:
    cart, notes = _imported(tmp_path, layered_module(tmp_path, [(DISRUPT, "1")],
                                                     basic_image="cart.png"))
    assert [f.get("image") for f in cart["faces"]] == ["images/cart.png"]
    assert "piece 'Cart': not imported: layers 'Disrupt' (3 levels) (overlays the format has " \
        "no place for)" in notes


# Imperial Struggle's Flag Token: no picture of its own; its Flag layer follows the Flag
# property (first level value 0): a pale flag while Flag is unset (0), none at 1 ('No Flag'),
# then the British (2) and French (3) flags, which play and the start-up trigger set
FLAGS = ("emb2;Activate;128;A;;128;;;128;;;;1;false;0;0;pale.png,,british.png,french.png;"
         ",No Flag,British Flag,French Flag;true;Flag;;;true;Flag;0;1;true;65,130;;;;1.0;;true")
FLAG = "PROP;Flag;true,0,5,false;;"


def test_a_layer_with_a_blank_level_over_nothing_gives_the_faces(tmp_path: Path) -> None:
    """VASSAL draws Imperial Struggle's 'British Flag' from the palette with its Flag layer's
    first level, the pale flag (checked in the engine); the import left the piece blank."""
    pictures = {n: png(64, 64) for n in ("pale.png", "british.png", "french.png")}
    cart, notes = _imported(tmp_path, layered_module(tmp_path, [(FLAGS, "1"), (FLAG, "0")],
                                                     pictures))
    assert [f.get("image") for f in cart["faces"]] == [
        "images/pale.png", "images/british.png", "images/french.png"]
    assert [f.get("label") for f in cart["faces"]] == [None, "British Flag", "French Flag"]
    assert cart["faces"][1]["provenance"]["note"].endswith("(Layer 'Flag') level 3")
    assert "piece 'Cart': layer 'Flag' shows no picture at level 2 ('No Flag') (the piece " \
        "then draws nothing); its faces are its other levels" in notes
    assert not [n for n in notes if "not imported: layers 'Flag'" in n]


def test_a_hover_picture_with_a_blank_level_is_no_face(tmp_path: Path) -> None:
    """Imperial Struggle's spaces draw a picture only while the mouse is over them."""
    hover = FLAGS.replace("true;Flag;0;1", "true;DrawingMouseoverIndex;0;1")
    pictures = {n: png(64, 64) for n in ("pale.png", "british.png", "french.png")}
    cart, _ = _imported(tmp_path, layered_module(tmp_path, [(hover, "1")], pictures))
    assert [f.get("image") for f in cart["faces"]] == [None]


def test_a_layer_with_a_blank_level_over_a_picture_is_an_overlay(tmp_path: Path) -> None:
    """Over a piece's own picture, a level without one shows that picture: a status marker
    over the counter, not its sides."""
    pictures = {n: png(64, 64) for n in ("pale.png", "british.png", "french.png")}
    cart, _ = _imported(tmp_path, layered_module(tmp_path, [(FLAGS, "1"), (FLAG, "0")],
                                                 pictures, basic_image="cart.png"))
    assert [f.get("image") for f in cart["faces"]] == ["images/cart.png"]


def _numbers(count: int) -> str:
    """Almoravid's, Nevsky's and Inferno's Number Marker: a layer of *count* numbers that
    its commands step through."""
    images = ",".join(f"n{n}.png" for n in range(1, count + 1))
    names = ",".join(str(n) for n in range(1, count + 1))
    return (f"emb2;;128;;Increase;128;]];Decrease;128;[[;;;1;false;0;0;{images};{names};true;"
            "Number;;;false;;1;1;true;;93,130;91,130;;1.0;;true")


def test_a_marker_of_ten_values_keeps_them_all(tmp_path: Path) -> None:
    """The import kept four of a layer's levels (the format held four faces): Almoravid's
    twelve-value Number Marker printed 1 to 4 only."""
    pictures = {f"n{n}.png": png(64, 64) for n in range(1, 11)}
    cart, notes = _imported(tmp_path, layered_module(tmp_path, [(_numbers(10), "1")], pictures))
    assert [f.get("label") for f in cart["faces"]] == [str(n) for n in range(1, 11)]
    assert [(f["counter"], f["side"]) for f in cart["faces"]][-2:] == [(5, "front"), (5, "back")]
    assert not [n for n in notes if "the format holds" in n]
    _, problems = validate_path(tmp_path / "game")  # the schema holds them
    assert [p.line() for p in problems] == []


def test_past_twelve_values_the_rest_is_said(tmp_path: Path) -> None:
    pictures = {f"n{n}.png": png(64, 64) for n in range(1, 15)}
    cart, notes = _imported(tmp_path, layered_module(tmp_path, [(_numbers(14), "1")], pictures))
    assert [f.get("label") for f in cart["faces"]] == [str(n) for n in range(1, 13)]
    assert "piece 'Cart': layer 'Number' has 14 levels; the format holds 12 faces, so levels " \
        "13-14 are left out" in notes
