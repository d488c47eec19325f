"""Piece traits: exact round trips on every real piece, what a reader learns from a piece
(name, layer level, mask, properties), canonical encoding of new traits, and errors."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from converter.errors import VassalFormatError
from converter.vassal import sequence
from helpers_vassal import command_leaves, deobfuscate
from converter.vassal.traits import (
    BasicPiece, Delete, DynamicProperty, Label, Layer, Marker, MovementMarkable, Obscurable,
    PieceTraits, RawTrait, ReportState, ReturnToDeck, UsePrototype, decode_add_piece, decode_piece)
from converter.vassal.vmod_reader import read_vmod

REAL = Path(__file__).resolve().parents[1] / "data" / "real"
T = "\t"

# The reference's worked example (§3.5, §3.7).
LAYER_TYPE = ("emb2;;128;;Flip;128;;;128;;;;1;false;0;0;inf_front.png,inf_back.png;"
              ",+ (reduced);true;Step;;;false;;1;1;true;;70,130;;Flip side;1.0;;true")
SLOT_TEXT = ("+/null/prototype;Infantry" + T + LAYER_TYPE + "\\" + T +
             "piece;;;inf_front.png;1st Bn/" + T + "1\\" + T + "null;0;0;17;0")
PROTOTYPE_TEXT = ("+/null/mark;Type" + T + "markmoved;\\/images\\/moved.gif;0;0;Mark Moved;"
                  "77,130;;false;;;;\\" + T + "delete;Delete;68,130;\\\\" + T + "piece;;;;/"
                  "Infantry" + T + "false\\" + T + "\\\\" + T + "null;0;0;;0")


def real_piece_texts() -> list[tuple[str, str, str]]:
    """(source, type, state) of every piece in tour.vmod's slots/prototypes and in the saves."""
    out = []
    module = read_vmod(REAL / "tour.vmod")
    for comp in module.buildfile.walk():
        if comp.TAG.endswith(("PieceSlot", "CardSlot", "PrototypeDefinition")):
            fields = sequence.split(comp.content[2:], "/")
            out.append(("tour.vmod", fields[1], fields[2]))
    for save in sorted(REAL.glob("*.v[sl]*")):
        text = deobfuscate(zipfile.ZipFile(save).read("savedGame"))
        for leaf in command_leaves(text):
            if leaf.startswith("+/"):
                fields = sequence.split(leaf[2:], "/")
                if fields[1] != "stack" and not fields[1].startswith("deck;"):
                    out.append((save.name, fields[1], fields[2] if len(fields) > 2 else ""))
    return out


REAL_PIECES = real_piece_texts()


def test_there_are_real_pieces_from_every_file() -> None:
    sources = {src for src, _, _ in REAL_PIECES}
    assert len(REAL_PIECES) > 800
    assert sources == {"tour.vmod", *(save.name for save in REAL.glob("*.v[sl]*"))}


def test_every_real_piece_round_trips_exactly() -> None:
    failures = []
    for source, type_text, state_text in REAL_PIECES:
        piece = decode_piece(type_text, state_text)
        if piece.encode() != (type_text, state_text):
            failures.append((source, type_text[:80]))
    assert failures == []


def test_real_pieces_mostly_decode_into_modelled_traits() -> None:
    raw_ids = set()
    modelled = 0
    for _, type_text, state_text in REAL_PIECES:
        for trait in decode_piece(type_text, state_text).traits:
            if isinstance(trait, RawTrait):
                raw_ids.add(trait.trait_id)
            else:
                modelled += 1
    assert modelled > 1500
    assert raw_ids <= {"footprint;", "pivot;", "propertysheet;", "translate;"}


def test_worked_example_slot_reads_as_a_user_sees_it() -> None:
    piece_id, piece = decode_add_piece(SLOT_TEXT)
    assert piece_id == "null"
    assert [type(t) for t in piece.traits] == [UsePrototype, Layer, BasicPiece]
    assert piece.trait(UsePrototype).name == "Infantry"
    layer = piece.trait(Layer)
    assert (layer.name, layer.level, layer.active) == ("Step", 1, True)
    assert layer.images == ["inf_front.png", "inf_back.png"]
    assert piece.name == "1st Bn"
    assert piece.basic.gpid == "17" and not piece.basic.on_map
    assert piece.properties()["Step_Level"] == "1"
    assert piece.add_piece_text() == SLOT_TEXT


def test_flipping_the_layer_changes_name_state_and_nothing_else() -> None:
    _, piece = decode_add_piece(SLOT_TEXT)
    type_before, state_before = piece.encode()
    piece.trait(Layer).value = 2
    type_after, state_after = piece.encode()
    assert type_after == type_before
    assert state_after == state_before.replace("1\\\tnull", "2\\\tnull")
    assert piece.name == "1st Bn (reduced)"
    assert piece.properties()["Step_Name"] == "(reduced)"


def test_worked_example_prototype_round_trips_and_has_its_marker() -> None:
    _, piece = decode_add_piece(PROTOTYPE_TEXT)
    assert piece.properties()["Type"] == "Infantry"
    assert piece.trait(MovementMarkable).image == "/images/moved.gif"
    assert piece.trait(MovementMarkable).moved is False
    assert piece.trait(Delete).key == "68,130"
    assert piece.add_piece_text() == PROTOTYPE_TEXT


def test_new_layer_encodes_as_the_reference_type() -> None:
    layer = Layer(increase_command="Flip", images=["inf_front.png", "inf_back.png"],
                  level_names=["", "+ (reduced)"], name="Step", increase_key="70,130",
                  description="Flip side")
    assert layer.encode_type() == LAYER_TYPE
    assert layer.encode_state() == "1"


def test_new_piece_builds_the_reference_slot_text() -> None:
    piece = PieceTraits([UsePrototype(name="Infantry"), Layer.decode(LAYER_TYPE, "1"),
                   BasicPiece(image="inf_front.png", name="1st Bn", gpid="17")])
    assert piece.add_piece_text() == SLOT_TEXT


def test_real_masked_piece_and_reader_api() -> None:
    masks = [decode_piece(t, s) for _, t, s in REAL_PIECES if t.startswith("obs;")]
    assert masks, "tour has masked cards"
    card = masks[0]
    mask = card.trait(Obscurable)
    assert mask.mask_image == "MnvrCrdRev.jpg"
    assert card.masked == mask.masked


def test_masked_state_is_seen() -> None:
    piece = decode_piece("obs;70,130;back.png;Hide;I;?" + T + "piece;;;front.png;Spy",
                         "alice;" + T + "null;0;0;5;0")
    assert piece.masked and piece.trait(Obscurable).obscured_by == "alice"
    piece.trait(Obscurable).obscured_by = "null"
    assert not piece.masked
    assert piece.encode()[1] == "null;" + T + "null;0;0;5;0"


def test_unknown_trait_is_kept_and_re_emitted() -> None:
    type_text = "footprint;70,130;Trail;true" + T + "piece;;;a.png;Scout"
    state_text = "true;;;" + T + "Main Map;10;20;3;1;UniqueID;x1"
    piece = decode_piece(type_text, state_text)
    raw = piece.traits[0]
    assert isinstance(raw, RawTrait) and raw.trait_id == "footprint;"
    assert piece.basic.persistent == {"UniqueID": "x1"}
    assert (piece.basic.map_id, piece.basic.x, piece.basic.y) == ("Main Map", 10, 20)
    assert piece.encode() == (type_text, state_text)


def test_label_and_dynamic_property_states_are_unsplit_text() -> None:
    piece = decode_piece("label;;Change;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;"
                         "TextLabel;;false" + T + "PROP;Hits;true,0,3,false;;\\" + T +
                         "piece;;;a.png;Tank", "A;B" + T + "2\\" + T + "null;0;0;;0")
    assert piece.trait(Label).text == "A;B"
    assert piece.name == "Tank (A;B)"
    hits = piece.trait(DynamicProperty)
    assert (hits.is_numeric, hits.minimum, hits.maximum) == (True, 0, 3)
    assert piece.position == ("null", 0, 0)
    assert piece.properties()["Hits"] == "2"
    piece.trait(DynamicProperty).value = "1"
    assert piece.encode()[1] == "A;B" + T + "1\\" + T + "null;0;0;;0"


def test_marker_values_with_commas_are_escaped() -> None:
    marker = Marker.of({"Nation": "France, Free", "Type": "Inf"})
    again = Marker.decode(marker.encode_type(), marker.encode_state())
    assert again.properties() == {"Nation": "France, Free", "Type": "Inf"}


def test_short_legacy_fields_stay_short() -> None:
    # Old files stop early; defaults fill the rest, and the text is written back as it was.
    trait = ReturnToDeck.decode("return;Send to Reserves;82,130;Ship Reserves", "")
    assert trait.prompt == "Select destination"
    assert trait.encode_type() == "return;Send to Reserves;82,130;Ship Reserves"
    trait.prompt = "Where?"
    assert trait.encode_type() == "return;Send to Reserves;82,130;Ship Reserves;Where?"


def test_stack_is_not_a_piece() -> None:
    with pytest.raises(VassalFormatError, match="stack"):
        decode_piece("stack", "Main Map;0;0;a;b")


def test_state_shorter_than_type_is_an_error_naming_the_piece() -> None:
    with pytest.raises(VassalFormatError, match="2 traits but its state has 1"):
        decode_piece("delete;Delete;68,130;" + T + "piece;;;a.png;Gun", "null;0;0")


def test_add_piece_text_must_start_with_plus_slash() -> None:
    with pytest.raises(VassalFormatError, match="AddPiece"):
        decode_add_piece("D/123/state")


def test_piece_without_basic_piece_says_so() -> None:
    piece = PieceTraits([Delete()])
    with pytest.raises(VassalFormatError, match="BasicPiece"):
        _ = piece.basic


texts = st.text(alphabet=st.sampled_from(list("ab;,/\\'\t 1")), max_size=12)


@settings(max_examples=200, deadline=None)
@given(name=texts.filter(lambda s: not s.endswith("\\")),
       image=texts.filter(lambda s: not s.endswith("\\")),
       label=texts.filter(lambda s: not s.endswith("\\") and s == s.strip()),
       level=st.integers(-3, 3).filter(bool), report=texts.filter(lambda s: not s.endswith("\\")),
       props=st.dictionaries(st.sampled_from(["A", "B,C", "D;E"]),
                             texts.filter(lambda s: not s.endswith("\\")), max_size=2))
def test_built_pieces_decode_to_equal_traits(name, image, label, level, report, props) -> None:
    piece = PieceTraits([Marker.of(props) if props else Marker.of({"X": "1"}),
                   ReportState(report_format=report), Label(text=label),
                   Layer(images=[image, "b.png"], level_names=["", "+x"], name="L",
                         value=level),
                   BasicPiece(image=image, name=name, gpid="9")])
    type_text, state_text = piece.encode()
    again = decode_piece(type_text, state_text)
    assert again == piece
    assert again.encode() == (type_text, state_text)
    assert again.trait(Layer).value == level
    assert again.basic.name == name and again.basic.image == image
    assert again.trait(Label).text == label
    if props:
        assert again.trait(Marker).properties() == props


@settings(max_examples=300, deadline=None)
@given(type_text=st.text(max_size=60), state_text=st.text(max_size=60))
def test_decoding_garbage_never_crashes(type_text, state_text) -> None:
    try:
        piece = decode_piece(type_text, state_text)
    except VassalFormatError:
        return
    try:
        type_again, state_again = piece.encode()
    except VassalFormatError as exc:  # a field ending in a backslash cannot be written
        assert "backslash" in str(exc)
        return
    assert decode_piece(type_again, state_again).encode() == (type_again, state_again)


def test_piece_names_match_vassal_reports_through_adds_and_changes() -> None:
    """VASSAL 3.6 wrote tour-vassal36.vlog; its move/create reports name pieces as the
    decorator chain composes them (label text, layer level names)."""
    text = deobfuscate(zipfile.ZipFile(REAL / "tour-vassal36.vlog").read("savedGame"))
    types: dict[str, str] = {}
    names: dict[str, str] = {}
    reported = []
    for leaf in command_leaves(text):
        if leaf.startswith("+/"):
            fields = sequence.split(leaf[2:], "/")
            if fields[1] != "stack" and not fields[1].startswith("deck;"):
                types[fields[0]] = fields[1]
                names[fields[0]] = decode_piece(fields[1], fields[2]).name
        elif leaf.startswith("D/"):
            fields = sequence.split(leaf[2:], "/")
            names[fields[0]] = decode_piece(types[fields[0]], fields[1]).name
        report = re.match(r"CHAT\* (.*?) (?:created in|moves) ", leaf)
        if report:
            reported.append(report.group(1))
            assert report.group(1) in names.values()
    assert "Jagd Pz Tiger CA = 4" in reported and "Jagd Pz Tiger CA = 5 Wreck" in reported
    assert len(reported) >= 8
