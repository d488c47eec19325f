"""buildFile components: the real tour.vmod tree round trips, every element is a known
class, unknown elements pass through, new components write explicit deterministic XML, and
the reader refuses entities and malformed XML with a location."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from converter.errors import VassalFormatError
from converter.vassal.buildfile import read_buildfile, write_buildfile
from converter.vassal.components import (
    COMPONENTS_BY_TAG, BoardComponent, DiceButton, GameModule, HexGridNumbering, Map, PieceSlot,
    PlayerRoster, RawElement, SpecialDiceButton, TurnTracker, component_from_xml)
from converter.vassal.traits import Layer

REAL = Path(__file__).resolve().parents[1] / "data" / "real"
TOUR_XML = zipfile.ZipFile(REAL / "tour.vmod").read("buildFile")


def canonical(element: etree._Element) -> tuple:
    """What VASSAL sees: tag, attribute set, trimmed text, children in order."""
    return (element.tag, dict(element.attrib), (element.text or "").strip(),
            [canonical(c) for c in element if isinstance(c.tag, str)])


def test_tour_buildfile_round_trips_to_the_same_tree() -> None:
    root = read_buildfile(TOUR_XML)
    written = write_buildfile(root)
    assert canonical(etree.fromstring(written)) == canonical(etree.fromstring(TOUR_XML))


def test_writing_is_stable_byte_for_byte() -> None:
    once = write_buildfile(read_buildfile(TOUR_XML))
    assert write_buildfile(read_buildfile(once)) == once


def test_every_tour_element_is_a_modelled_class() -> None:
    root = read_buildfile(TOUR_XML)
    assert [c.tag for c in root.walk() if isinstance(c, RawElement)] == []
    assert len(list(root.walk())) == len(etree.fromstring(TOUR_XML).xpath("//*"))


def test_tour_components_read_as_typed_values() -> None:
    root = read_buildfile(TOUR_XML)
    assert isinstance(root, GameModule) and root.name == "VASSAL Tour"
    main = next(m for m in root.find_all(Map) if m.map_name == "Main Map")
    assert main.edge_width == 0 and main.allow_multiple is False
    plain = next(b for b in main.find_all(BoardComponent) if b.name == "plain")
    assert (plain.width, plain.height) == (1008, 1008)
    dice = root.find(SpecialDiceButton)
    assert dice.name == "Graphical dice" and dice.result_button is True
    assert (dice.window_x, dice.window_y) == (100, 50)
    slots = root.find_all(PieceSlot)
    assert any(s.piece.trait(Layer) is not None for s in slots)


def test_changed_value_is_written_and_others_keep_their_text() -> None:
    root = read_buildfile(TOUR_XML)
    main = next(m for m in root.find_all(Map) if m.map_name == "Main Map")
    main.edge_width = 25
    main.map_name = "Main"
    xml = main.to_xml().splitlines()[0]
    assert 'mapName="Main"' in xml and 'edgeWidth="25"' in xml
    assert 'moveWithinFormat="$pieceName$ moves $previousLocation$ -&gt; $location$ *"' in xml


def test_new_component_writes_every_attribute_in_spec_order() -> None:
    numbering = HexGridNumbering()
    xml = numbering.to_xml()
    assert xml.startswith('<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering '
                          'first="H" sep="" hType="N" hLeading="1" hOff="1"')
    assert 'stagger="true"' in xml  # VASSAL's default, written explicitly


def test_attribute_escaping_round_trips_tabs_newlines_and_entities() -> None:
    dice = DiceButton(name="2d6",
                      report_format="** $name$ = $result$ &lt;$PlayerName$&gt;\t\n\"x\"")
    xml = dice.to_xml()
    assert "&amp;lt;" in xml and "&#9;" in xml and "&#10;" in xml and "&quot;x&quot;" in xml
    again = component_from_xml(etree.fromstring(xml))
    assert again.report_format == dice.report_format


def test_unknown_element_is_kept_with_attributes_children_and_order() -> None:
    xml = (b'<VASSAL.build.GameModule name="m"><com.example.Widget b="2" a="1">'
           b'<VASSAL.build.module.Chatter/><inner z="9">text</inner></com.example.Widget>'
           b'</VASSAL.build.GameModule>')
    root = read_buildfile(xml)
    raw = root.children[0]
    assert isinstance(raw, RawElement) and raw.tag == "com.example.Widget"
    assert list(raw.attrib.items()) == [("b", "2"), ("a", "1")]
    written = write_buildfile(root)
    assert canonical(etree.fromstring(written)) == canonical(etree.fromstring(xml))


def test_unknown_attribute_of_a_known_component_is_kept() -> None:
    root = read_buildfile(b'<VASSAL.build.GameModule name="m" futureThing="yes"/>')
    assert root.extra_attrs == {"futureThing": "yes"}
    assert b'futureThing="yes"' in write_buildfile(root)


def test_player_roster_sides_and_text_content() -> None:
    xml = (b'<VASSAL.build.module.PlayerRoster buttonText="Retire">'
           b'<entry> Allies </entry><entry>Axis</entry></VASSAL.build.module.PlayerRoster>')
    roster = component_from_xml(etree.fromstring(xml))
    assert isinstance(roster, PlayerRoster) and roster.sides == ["Allies", "Axis"]


def test_registry_tags_are_unique_java_names() -> None:
    assert len(COMPONENTS_BY_TAG) >= 60
    for tag, cls in COMPONENTS_BY_TAG.items():
        assert cls.TAG == tag
        assert tag.startswith("VASSAL.") or tag in ("entry", "setup")


def test_bad_integer_text_keeps_the_default_and_the_text() -> None:
    root = read_buildfile(b'<VASSAL.build.module.turn.TurnTracker name="T" length="12.0"/>')
    assert isinstance(root, TurnTracker) and root.length == -1
    assert b'length="12.0"' in write_buildfile(root)


def test_entities_are_refused() -> None:
    bomb = (b'<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa">'
            b'<!ENTITY b "&a;&a;&a;&a;">]><VASSAL.build.GameModule name="&b;"/>')
    with pytest.raises(VassalFormatError, match="entities"):
        read_buildfile(bomb, "x.vmod!buildFile.xml")


def test_malformed_xml_names_the_file_and_line() -> None:
    with pytest.raises(VassalFormatError, match=r"m\.vmod!buildFile\.xml:2: malformed XML"):
        read_buildfile(b'<VASSAL.build.GameModule>\n<a></b>\n</VASSAL.build.GameModule>',
                       "m.vmod!buildFile.xml")


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_reading_garbage_raises_only_format_errors(data: bytes) -> None:
    try:
        root = read_buildfile(b"<VASSAL.build.GameModule>" + data + b"</VASSAL.build.GameModule>")
    except VassalFormatError:
        return
    write_buildfile(root)


xml_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",),
                                          blacklist_characters="\x00\x0b\x0c\ufffe\uffff"
                                          + "".join(chr(c) for c in range(1, 9))
                                          + "".join(chr(c) for c in range(14, 32))),
                   max_size=40)


@settings(max_examples=200, deadline=None)
@given(name=xml_text, fmt=xml_text, body=xml_text.map(str.strip), edge=st.integers(-5, 5000))
def test_any_text_survives_writing_and_reading(name: str, fmt: str, body: str,
                                               edge: int) -> None:
    game_map = Map(map_name=name, move_to_format=fmt, edge_width=edge).add(
        PieceSlot(entry_name=name, gpid="1", content=body))
    again = read_buildfile(write_buildfile(game_map))
    assert (again.map_name, again.move_to_format, again.edge_width) == (name, fmt, edge)
    # A CR is written as &#13; so the parser's line-end normalisation keeps it.
    assert again.children[0].content == body
    assert again.children[0].entry_name == name
