"""A piece with no name of its own is imported under the name VASSAL shows it by.

Paths of Glory's setup markers have neither a name in their Basic Piece nor one on their
slot; they came in as 'piece-19' … 'piece-22', and the setup card said 'piece'.  VASSAL shows
such a piece under the name a layer's level gives it ('Besieged').
"""

from __future__ import annotations

import json
from pathlib import Path

from converter.cli import main
from converter.vassal.traits.piece import encode_chain
from tests.check.conftest import BUILDFILE, IMAGES, png, write_module

STACKED = ('<VASSAL.build.widget.PieceSlot entryName="1st Bn" gpid="2" width="64" '
           'height="64">')


def _imported(tmp_path: Path, setup_slot: str) -> list[str]:
    """The names of the pieces imported from the test module whose 'Reserve' stack holds
    *setup_slot* (a PieceSlot's text) in place of its '1st Bn'."""
    start = BUILDFILE.index(STACKED)
    end = BUILDFILE.index("</VASSAL.build.widget.PieceSlot>", start)
    buildfile = BUILDFILE[:start] + setup_slot + BUILDFILE[end:]
    images = {n: png(*s) for n, s in IMAGES.items()}
    module = write_module(tmp_path / "m.vmod", buildfile, images=images)
    assert main(["import", str(module), "-o", str(tmp_path / "game"), "-q"]) == 0
    pieces = json.loads((tmp_path / "game" / "pieces.json").read_text(encoding="utf-8"))
    return [p["name"] for p in pieces["pieces"]]


def test_a_nameless_piece_is_not_named_after_its_at_start_stack(tmp_path: Path) -> None:
    """One definition serves many stacks (Paths of Glory's nameless space marker sits in 277
    stacks, 'London (d)', 'Aachen (d)', 'Adana (d)', ...): named after the first, the setup
    card called the marker at Adana 'London (d)'."""
    names = _imported(tmp_path, '<VASSAL.build.widget.PieceSlot entryName="" gpid="2" '
                                'width="64" height="64">+/null/piece;;;front.png;/null;0;0;2;0')
    assert "Reserve" not in names and "piece" in names, names


def test_a_nameless_piece_takes_the_name_its_layer_shows(tmp_path: Path) -> None:
    layer = ("emb2;Activate;128;A;;128;;;128;;;;1;false;0;0;front.png,back.png;"
             "Besieged,Destroyed;true;;;;false;;1;1;true;65,130;;;;1.0")
    text = ("+/null/" + encode_chain([layer, "piece;;;;"]) + "/"
            + encode_chain(["1", "null;0;0;2;0"]))
    names = _imported(tmp_path, '<VASSAL.build.widget.PieceSlot entryName="" gpid="2" '
                                f'width="64" height="64">{text}')
    assert "Besieged" in names and "Reserve" not in names and "piece" not in names, names

