"""Each kind of finding, on the small clean module broken in one way (tests/check/conftest)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from converter.check import Severity, check_module
from tests.check.conftest import ESC, IMAGES, SCENARIO, TAB, _save, png


def codes(path: Path) -> list[tuple[str, str]]:
    return sorted((f.severity.value, f.code) for f in check_module(path).findings)


def only(path: Path, code: str):
    found = [f for f in check_module(path).findings if f.code == code]
    assert len(found) == 1, check_module(path).findings
    return found[0]


def test_the_base_module_is_clean(module: Callable[..., Path]) -> None:
    report = check_module(module())
    assert report.findings == []
    assert report.exit_code() == 0


def test_missing_image_names_the_slot_and_trait(module: Callable[..., Path]) -> None:
    images = {n: png(*s) for n, s in IMAGES.items() if n != "back.png"}
    path = module(images=images)
    f = only(path, "missing-image")
    assert "'back.png'" in f.message and "1 more place" in f.message
    assert "PrototypesContainer" not in f.where and "Layer 'Step'" in f.where
    # VASSAL draws the piece without it and warns 'Image not found' (a data warning)
    assert f.severity is Severity.WARNING and "VASSAL warns 'Image not found'" in f.message
    report = check_module(path)
    assert report.exit_code() == 0 and report.exit_code(strict=True) == 1


def test_board_and_icon_images_are_references(module: Callable[..., Path]) -> None:
    images = {n: png(*s) for n, s in IMAGES.items() if n != "mapicon.png"}
    f = only(module(images=images), "missing-image")
    assert "Map[Main Map]" in f.where and "@icon" in f.where


def test_jar_resources_and_expressions_are_not_missing(module: Callable[..., Path]) -> None:
    path = module({'icon="mapicon.png"': 'icon="/images/map.gif"',
                   "card.png;Card A": "b$side$.png;Card A"})
    f = only(path, "image-expression")
    assert f.severity is Severity.INFO and "2 image(s) of the archive fit it" in f.message  # back.png, board.png
    assert codes(path) == [("info", "image-expression"), ("info", "unused-image")]
    unfit = module({"card.png;Card A": "d6-$result$.png;Card A"})
    assert only(unfit, "image-expression").severity is Severity.WARNING


def test_unused_image_is_information(module: Callable[..., Path]) -> None:
    images = {n: png(*s) for n, s in IMAGES.items()} | {"spare.png": png(2, 2)}
    f = only(module(images=images), "unused-image")
    assert f.severity is Severity.INFO and "'spare.png'" in f.message


def test_missing_prototype(module: Callable[..., Path]) -> None:
    path = module({'name="Unit" description=""': 'name="Units" description=""'})
    f = only(path, "missing-prototype")
    assert "prototype 'Unit'" in f.message and "and 1 other definition" in f.message
    assert "SetupStack[Reserve]/PieceSlot[1st Bn]" in f.where
    # VASSAL builds the piece without those traits and never says so: met only in play
    assert f.severity is Severity.WARNING and f.in_play and "VASSAL says nothing" in f.message
    assert "'Unit'" in only(path, "setup-missing-prototype").message
    report = check_module(path)
    assert report.exit_code() == 0 and report.exit_code(strict=True) == 1
    assert "2 warning(s) (2 met only in play)" in report.summary()


def test_prototype_name_differing_in_case_gets_a_hint(module: Callable[..., Path]) -> None:
    path = module({'name="Unit" description=""': 'name="unit" description=""'})
    assert "did you mean 'unit'" in only(path, "missing-prototype").hint
    f = only(path, "setup-missing-prototype")
    assert f.severity is Severity.WARNING and f.in_play


def test_send_to_location_targets(module: Callable[..., Path]) -> None:
    from converter.vassal.traits.piece import encode_chain

    send = "sendto;Eliminate;69,130;{map};{board};10;10;;;0;0;1;1;;{dest};{zone};{region};;"
    proto = "+/null/delete;Delete;68,130;\tpiece;;;;/\tnull;0;0;;0"
    def with_send(**kw: str) -> Path:
        fields = {"map": "Main Map", "board": "Main", "dest": "L", "zone": "", "region": ""}
        fields.update(kw)
        trait = send.format(**fields)  # nested in the prototype's chain as VASSAL writes it
        return module({proto: "+/null/" + encode_chain([trait, "delete;Delete;68,130;", "piece;;;;"])
                       + "/" + encode_chain([";;", "", "null;0;0;;0"])})
    assert codes(with_send()) == []
    # met only when a player uses it (VASSAL's load says nothing): in-play warnings that
    # say what VASSAL then does (confirmed in the 3.6 engine, tests/check/test_vassal_agrees)
    f = only(with_send(map="Dead Pile"), "missing-map")
    assert f.severity is Severity.WARNING and f.in_play
    assert "VASSAL moves the piece to (10, 10) on the map it is on instead" in f.message
    assert str(f).startswith("warning (in play): ")
    f = only(with_send(map="Dead Pile", dest="Z", zone="East"), "missing-map")
    assert ("from map 'Main Map', which has one, the piece goes there; from any other map it "
            "writes 'Bad Data in Module: Zone not found'") in f.message
    f = only(with_send(board="Other"), "missing-board")
    assert f.severity is Severity.WARNING and f.in_play and "top-left corner" in f.message
    f = only(with_send(dest="Z", zone="North"), "missing-zone")
    assert "zone 'North'" in f.message and f.in_play
    assert "'Bad Data in Module: Zone not found'" in f.message
    assert "Send To Location 'Eliminate'" in f.where
    assert check_module(with_send(dest="Z", zone="North")).exit_code() == 0
    assert codes(with_send(dest="Z", zone="East")) == []
    assert codes(with_send(map="$myMap$")) == []


def test_images_of_html_charts(module: Callable[..., Path]) -> None:
    chart = ('<VASSAL.build.module.ChartWindow name="Charts"><VASSAL.build.widget.HtmlChart '
             'chartName="Help" fileName="help.html"/></VASSAL.build.module.ChartWindow>')
    files = {"scenario.vsav": _save(SCENARIO),
             "help.html": b'<html><img src="gone.png"><IMG SRC=card.png></html>'}
    path = module({"  <VASSAL.build.module.PredefinedSetup": chart + "\n  <VASSAL.build.module.PredefinedSetup"},
                  files=files)
    f = only(path, "missing-image")
    assert "'gone.png'" in f.message and "<img> in help.html" in f.where
    # VASSAL's HTML pages log an error for an image they cannot read
    assert f.severity is Severity.ERROR and check_module(path).exit_code() == 1


def test_an_image_both_drawn_and_shown_in_html_is_an_error_at_the_page(
        module: Callable[..., Path]) -> None:
    chart = ('<VASSAL.build.module.ChartWindow name="Charts"><VASSAL.build.widget.HtmlChart '
             'chartName="Help" fileName="help.html"/></VASSAL.build.module.ChartWindow>')
    files = {"scenario.vsav": _save(SCENARIO), "help.html": b'<html><img src="back.png"></html>'}
    images = {n: png(*s) for n, s in IMAGES.items() if n != "back.png"}
    path = module({"  <VASSAL.build.module.PredefinedSetup": chart + "\n  <VASSAL.build.module.PredefinedSetup"},
                  files=files, images=images)
    f = only(path, "missing-image")
    assert f.severity is Severity.ERROR and "<img> in help.html" in f.where
    assert "2 more place(s)" in f.message


def test_image_stored_under_its_decomposed_name(module: Callable[..., Path]) -> None:
    images = {n: png(*s) for n, s in IMAGES.items() if n != "card.png"}
    images["ca\u0308rd.png"] = png(50, 50)
    path = module({"card.png;Card A": "c\u00e4rd.png;Card A"}, images=images)
    assert only(path, "image-nfd").severity is Severity.INFO


def test_set_global_property_names_a_property(module: Callable[..., Path]) -> None:
    proto = "+/null/delete;Delete;68,130;\tpiece;;;;/\tnull;0;0;;0"
    setprop = "setprop;{name};false,0,100,false;Score:83\\,130:P\\,1;;Module;"
    def with_prop(name: str, define: bool) -> Path:
        replace = {proto: f"+/null/{setprop.format(name=name)}\tdelete;Delete;68,130;\\\t"
                          "piece;;;;/\t\\\tnull;0;0;;0"}
        if define:
            replace["  <VASSAL.build.module.PredefinedSetup"] = (
                "  <VASSAL.build.module.properties.GlobalProperties><VASSAL.build.module."
                'properties.GlobalProperty name="VP" initialValue="0"/></VASSAL.build.module.'
                "properties.GlobalProperties>\n  <VASSAL.build.module.PredefinedSetup")
        return module(replace)
    assert codes(with_prop("VP", define=True)) == []
    f = only(with_prop("VP", define=False), "missing-property")
    assert "'VP'" in f.message and f.severity is Severity.WARNING
    assert codes(with_prop("$side$VP", define=False)) == []


def test_global_key_command_targets(module: Callable[..., Path]) -> None:
    def gkc(target: str) -> Path:
        return module({"  <VASSAL.build.module.PredefinedSetup":
                       f'  <VASSAL.build.module.GlobalKeyCommand name="All" target="{target}"/>'
                       "\n  <VASSAL.build.module.PredefinedSetup"})
    assert codes(gkc("MODULE|true|ZONE|Main Map||East||0|0||false|||EQUALS||")) == []
    assert codes(gkc("MODULE|false|ZONE|Nowhere||East||0|0||false|||EQUALS||")) == []
    f = only(gkc("MODULE|true|ZONE|Main Map||North||0|0||false|||EQUALS||"), "missing-zone")
    assert "GlobalKeyCommand[All] (@target)" in f.where
    assert only(gkc("MODULE|true|MAP|Side Map||||0|0||false|||EQUALS||"), "missing-map")
    f = only(gkc("MODULE|true|DECK|||||0|0|Discard|false|||EQUALS||"), "missing-deck")
    assert f.in_play and "the command reaches no piece there and VASSAL says nothing" in f.message
    assert codes(gkc("MODULE|true|DECK|||||0|0|Deck|false|||EQUALS||")) == []


def test_missing_file_and_missing_setup(module: Callable[..., Path]) -> None:
    path = module(files={})
    f = only(path, "missing-setup")
    assert "scenario.vsav" in f.message and "PredefinedSetup[Scenario]" in f.where
    assert f.in_play and "'Bad Data in Module: Setup not found'" in f.message


def test_setup_that_does_not_decode(module: Callable[..., Path]) -> None:
    f = only(module(files={"scenario.vsav": b"PK\x03\x04 broken"}), "setup-decode")
    assert f.severity is Severity.WARNING and f.in_play  # met when a player chooses it


def test_setup_pieces_on_a_missing_map_and_boards(module: Callable[..., Path]) -> None:
    text = SCENARIO.replace("Main Map;75", "Side Map;75").replace("\tMain\t0", "\tOther\t0")
    path = module(files={"scenario.vsav": _save(text)})
    assert codes(path) == [("warning", "setup-missing-board"), ("warning", "setup-missing-map")]
    assert all(f.in_play for f in check_module(path).findings)
    assert "'Side Map'" in only(path, "setup-missing-map").message


def test_setup_pieces_from_slots_the_module_lacks(module: Callable[..., Path]) -> None:
    text = SCENARIO.replace("Main Map;75;125;1;0", "Main Map;75;125;77;0")
    f = only(module(files={"scenario.vsav": _save(text)}), "setup-unknown-piece")
    assert "1 piece(s)" in f.message and "gpid 77" in f.message


def test_unused_save_in_the_archive(module: Callable[..., Path]) -> None:
    path = module(files={"scenario.vsav": _save(SCENARIO), "old.vsav": _save(SCENARIO)})
    assert "old.vsav" in only(path, "unused-setup").where


def test_duplicate_gpid_and_next_id(module: Callable[..., Path]) -> None:
    path = module({'gpid="3"': 'gpid="2"', "null;0;0;3;0": "null;0;0;2;0",
                   'nextPieceSlotId="10"': 'nextPieceSlotId="2"'})
    got = codes(path)
    # VASSAL 3.6 loads this module without a word (tests/check/test_vassal_agrees.py):
    # warnings, the duplicate one a player meets (Refresh Counters, a Place Marker)
    assert got == [("warning", "duplicate-gpid"), ("warning", "gpid-above-next")]
    assert "gpid 2 is also used by Map[Main Map]/SetupStack[Reserve]/PieceSlot[1st Bn]" in \
        only(path, "duplicate-gpid").message
    assert only(path, "duplicate-gpid").in_play and not only(path, "gpid-above-next").in_play


def test_gpids_without_a_next_id(module: Callable[..., Path]) -> None:
    f = only(module({' nextPieceSlotId="10"': ""}), "gpid-above-next")
    assert f.severity is Severity.WARNING and "gpids up to 3" in f.message


def test_missing_and_bad_gpids(module: Callable[..., Path]) -> None:
    assert only(module({'gpid="3"': 'gpid=""'}), "missing-gpid").severity is Severity.WARNING
    assert only(module({'gpid="3"': 'gpid="x3"'}), "bad-gpid").severity is Severity.WARNING
    assert only(module({'nextPieceSlotId="10"': 'nextPieceSlotId="ten"'}),
                "bad-next-gpid").severity is Severity.ERROR


def test_duplicate_names(module: Callable[..., Path]) -> None:
    path = module({'name="East"': 'name="West"', 'name="Deck"': 'name="Deck"'})
    f = only(path, "duplicate-zone")
    assert "'West'" in f.message and f.severity is Severity.WARNING


def test_duplicate_map_names_are_errors(module: Callable[..., Path]) -> None:
    path = module({"  </VASSAL.build.module.Map>\n": "  </VASSAL.build.module.Map>\n"
                   '  <VASSAL.build.module.Map mapName="Main Map"/>\n'})
    assert only(path, "duplicate-map").severity is Severity.ERROR


def test_stack_off_board_and_bad_location(module: Callable[..., Path]) -> None:
    off = module({'location="1,2"': 'location="1,2"', 'x="300" y="300"': 'x="450" y="30"'})
    f = only(off, "off-board")
    assert "(450, 30)" in f.message and "DrawPile[Deck]" in f.where
    far = module({'location="1,2"': 'location="9,9"'})
    assert "(475, 475), outside board 'Main' (400x400)" in only(far, "off-board").message
    bad = module({'location="1,2"': 'location="Nowhere"'})
    f = only(bad, "bad-location")
    assert "'Nowhere' names no place on board 'Main'" in f.message
    # VASSAL's SetupStack keeps its stored x, y when the name fails (3.6.0 warns at load)
    assert f.severity is Severity.WARNING and "stored position (0, 0)" in f.message
    assert "corner" not in f.message


REGION_ZONE = ('<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="East" '
               'path="200,0;400,0;400,400;200,400" locationFormat="$name$">'
               '<VASSAL.build.module.map.boardPicker.board.RegionGrid>'
               '<VASSAL.build.module.map.boardPicker.board.Region name="Depot" originx="300" '
               'originy="100"/></VASSAL.build.module.map.boardPicker.board.RegionGrid>'
               '</VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>')


def test_stack_on_a_region_of_a_zone_that_reports_its_own_name(module: Callable[..., Path]
                                                               ) -> None:
    """Flashpoint: South China Sea (3.6.7) puts its cubes on regions such as 'V US Eco 2' of
    zone 'Vietnam Economic' ($name$): VASSAL 3.6.7+ finds them by name, 3.6.0 warns."""
    east = ('<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="East" '
            'path="200,0;400,0;400,400;200,400" locationFormat="$name$"/>')
    path = module({east: REGION_ZONE, 'location="1,2" x="0" y="0"':
                   'location="Depot" x="300" y="100"'})
    f = only(path, "region-by-name")
    assert f.severity is Severity.INFO and "SetupStack[Reserve]" in f.where
    assert "3.6.7 and later find the region" in f.message and "(300, 100)" in f.message
    assert codes(path) == [("info", "region-by-name")]
    # a region that lies outside its zone is not found: VASSAL looks only inside the zone
    outside = module({east: REGION_ZONE.replace('originx="300"', 'originx="100"'),
                      'location="1,2"': 'location="Depot"'})
    assert only(outside, "bad-location").severity is Severity.WARNING


def test_stack_resolved_through_a_zone_name(module: Callable[..., Path]) -> None:
    assert codes(module({'location="1,2"': 'location="East"'})) == []


def test_stack_owning_board_missing(module: Callable[..., Path]) -> None:
    f = only(module({'owningBoard="Main" useGridLocation': 'owningBoard="Mian" useGridLocation'}),
             "missing-board")
    assert "'Mian'" in f.message and "SetupStack[Reserve]" in f.where


def test_zones_overlapping_and_leaving_the_board(module: Callable[..., Path]) -> None:
    path = module({'path="200,0;400,0;400,400;200,400"': 'path="150,0;450,0;450,400;150,400"'})
    assert codes(path) == [("info", "zone-overlap"), ("warning", "zone-off-board")]
    assert "'East' overlaps zone 'West'" in only(path, "zone-overlap").message
    hidden = module({'path="200,0;400,0;400,400;200,400"': 'path="50,50;100,50;100,100;50,100"'})
    assert "'East' lies inside zone 'West'" in only(hidden, "zone-hidden").message
    nested = module({'path="0,0;200,0;200,400;0,400"': 'path="250,50;300,50;300,100;250,100"',
                     'path="200,0;400,0;400,400;200,400"': 'path="0,0;400,0;400,400;0,400"'})
    assert only(nested, "zone-overlap").message.startswith("zone 'East' contains zone 'West'")


def test_piece_that_does_not_decode(module: Callable[..., Path]) -> None:
    path = module({"+/null/piece;;;card.png;Card A/null;0;0;3;0": "+/null/"})
    f = only(path, "piece-decode")
    assert "CardSlot[Card A]" in f.where
    # VASSAL reads id, type and state: without a state its load fails (the engine's
    # 'module load failed: NoSuchElementException'), an error however the type reads
    assert f.severity is Severity.ERROR and "has no state after its type" in f.message


FLAT_UNIT = ("+/null/prototype;Unit" + TAB + "mark;Side=Red" + TAB + "piece;;;front.png;1st Bn/"
             + TAB + "1" + TAB + "null;0;0;1;0")


@pytest.mark.parametrize(("slot", "severity", "says"), [
    # a flat chain: VASSAL reads 'mark;Side=Red' as the innermost part and builds it with a
    # blank Basic Piece, the real one never read; its state: 'null;...' is never read either
    (FLAT_UNIT, Severity.WARNING,
     ["ends in 'mark;Side=Red', not in a Basic Piece", "VASSAL reads 2 of its 3 parts",
      "never reads 'piece;;;front.png;1st Bn'", "'Could not create piece with type ...'",
      "without its picture, name and the traits after it"]),
    # the type nested as VASSAL writes it, the state flat: the marker gets no state
    (FLAT_UNIT.replace(TAB + "mark;Side=Red" + TAB, TAB + "mark;Side=Red\\" + TAB),
     Severity.ERROR, ["gives trait 'mark;Side=Red' no state of its own",
                      "VASSAL's load fails on it ('No state for Decorator'"]),
    # nested, but ending in a trait: built with a blank Basic Piece, a warning
    ("+/null/prototype;Unit" + TAB + "mark;Side=Red/" + TAB + "1", Severity.WARNING,
     ["ends in 'mark;Side=Red', not in a Basic Piece", "without its picture and name"]),
    # one trait alone: VASSAL builds no piece ('couldn't build piece', a warning)
    ("+/null/mark;Side=Red/1", Severity.WARNING, ["the slot holds no piece"]),
    # flat after the Basic Piece: VASSAL never reads the marker, and says nothing
    ("+/null/prototype;Unit" + TAB + "piece;;;front.png;1st Bn" + TAB + "mark;Side=Red/" + TAB
     + "null;0;0;1;0", Severity.WARNING, ["is flat", "never reads 'mark;Side=Red'",
                                          "says nothing"]),
])
def test_a_trait_chain_is_read_as_vassal_reads_it(module: Callable[..., Path], slot: str,
                                                 severity: Severity, says: list[str]) -> None:
    """VASSAL reads two tokens of a chain a level (BasicCommandEncoder.createPiece,
    Decorator.setState); what it makes of a chain it never writes is judged as the 3.6
    engine judges it (tests/check/test_vassal_agrees.py plays each in the engine)."""
    from tests.check.conftest import UNIT

    f = only(module({UNIT.format(gpid=1): slot}), "piece-decode")
    assert f.severity is severity and "PieceWindow[Counters]" in f.where, f
    assert all(text in f.message for text in says), f.message


def test_unknown_trait_and_custom_encoder(module: Callable[..., Path]) -> None:
    broken = {"+/null/piece;;;card.png;Card A/null;0;0;3;0":
              "+/null/wobble;x\tpiece;;;card.png;Card A/\tnull;0;0;3;0"}
    assert only(module(broken), "unknown-trait").severity is Severity.WARNING
    custom = dict(broken) | {"<VASSAL.build.module.BasicCommandEncoder/>":
                             "<my.MyCommandEncoder/>"}
    encoder = {"my/MyCommandEncoder.class": _class_file(
        "my.MyCommandEncoder", "VASSAL.build.module.BasicCommandEncoder")}
    assert ("info", "custom-trait") in codes(module(custom, files=encoder))
    # without its class file VASSAL cannot load the encoder: the trait is unknown after all
    assert ("warning", "unknown-trait") in codes(module(custom))


def test_layer_levels_and_state(module: Callable[..., Path]) -> None:
    names = module({",+ (reduced);": ",+ (reduced),+ (gone);"})
    found = [f for f in check_module(names).findings if f.code == "layer-levels"]
    assert len(found) == 2  # the palette slot and the at-start stack's slot
    assert all("2 image(s) but 3 level names" in f.message for f in found)
    state = module({"/\t1\\\tnull;0;0;1;0": "/\t3\\\tnull;0;0;1;0"})
    assert "level 3" in only(state, "layer-state").message


def test_hotkey_bound_twice(module: Callable[..., Path]) -> None:
    path = module({"delete;Delete;68,130;": "delete;Delete;70,130;"})
    f = only(path, "hotkey-twice")
    assert f.severity is Severity.WARNING
    assert "Ctrl+F" in f.message and "'Flip'" in f.message and "'Delete'" in f.message


def test_trait_newer_than_declared_version(module: Callable[..., Path]) -> None:
    newer = {"+/null/piece;;;card.png;Card A/null;0;0;3;0":
             "+/null/cmt;Note\tpiece;;;card.png;Card A/\tnull;0;0;3;0"}
    f = only(module(newer), "newer-than-declared")
    assert "trait cmt;" in f.message and "3.7" in f.message
    # the 3.6 engine's load warns 'Unknown type' and builds the piece without the trait
    assert f.severity is Severity.WARNING and "warns 'Unknown type'" in f.message
    meta = "<VassalVersion>3.7.2</VassalVersion>"
    ok = module(newer, moduledata=f'<data version="1">{meta}<name>Test</name></data>')
    assert ("info", "needs-version") in codes(ok)
    assert ("error", "newer-than-declared") not in codes(ok)


def test_folder_older_than_declared(module: Callable[..., Path]) -> None:
    path = module({'VassalVersion="3.6.0"': 'VassalVersion="3.5.0"'},
                  moduledata='<data version="1"><VassalVersion>3.5.0</VassalVersion>'
                             '<name>Test</name></data>')
    found = [f for f in check_module(path).findings if f.code == "newer-than-declared"]
    assert {f.message.split(" is new")[0] for f in found} == {"PrototypeFolder", "MapSubFolder"}
    assert {f.severity for f in found} == {Severity.ERROR}  # a component: the load fails


def test_custom_class_with_and_without_class_file(module: Callable[..., Path]) -> None:
    extra = {"<VASSAL.build.module.Documentation/>":
             "<VASSAL.build.module.Documentation/><mygame.Chatter/>"}
    assert only(module(extra), "missing-class").severity is Severity.ERROR
    with_class = module(extra, files={"scenario.vsav": _save(SCENARIO),
                                      "mygame/Chatter.class": b"\xca\xfe\xba\xbe"})
    assert only(with_class, "custom-class").severity is Severity.INFO
    # Blood Bowl's <BBCounterFactory/>: a class of Java's default package (no dot in its name);
    # VASSAL 3.6 fails with 'failed to load class BBCounterFactory' without its class file
    bare = {"<VASSAL.build.module.Documentation/>":
            "<VASSAL.build.module.Documentation/><CounterFactory/>"}
    f = only(module(bare), "missing-class")
    assert f.severity is Severity.ERROR and "CounterFactory.class is not in the archive" in f.message
    packed = module(bare, files={"scenario.vsav": _save(SCENARIO),
                                 "CounterFactory.class": b"\xca\xfe\xba\xbe"})
    assert only(packed, "custom-class").severity is Severity.INFO


def _class_file(*names: str) -> bytes:
    """A class file's start: magic, version, then its constant pool's Utf8 strings."""
    pool = b"".join(b"\x01" + len(n).to_bytes(2, "big") + n.encode() for n in names)
    return b"\xca\xfe\xba\xbe\x00\x00\x00\x34" + (len(names) + 1).to_bytes(2, "big") + pool


def test_a_custom_class_using_a_class_vassal_dropped_fails_to_load(
        module: Callable[..., Path]) -> None:
    """IKRPG (a real 3.2.17 module) carries cxio/malnorma/MalnormaFactory.class, whose own
    ChatFactory uses VASSAL.chat.node.NodeServerInfo: VASSAL 3.6 has no such class and reports
    'failed to load class cxio.malnorma.MalnormaFactory'; the check said only 'custom-class'."""
    extra = {"<VASSAL.build.module.Documentation/>":
             "<VASSAL.build.module.Documentation/><mygame.Factory/>"}
    files = {"scenario.vsav": _save(SCENARIO),
             "mygame/Factory.class": _class_file("mygame/Factory", "VASSAL/build/GameModule",
                                                 "Lmygame/Chat;", "(I)V"),
             "mygame/Chat.class": _class_file("mygame/Chat", "LVASSAL/chat/node/NodeServerInfo;",
                                              "VASSAL/tools/FileChooser$1")}
    f = only(module(extra, files=files), "outdated-class")
    assert f.severity is Severity.ERROR
    assert "own Java class mygame.Factory (its class file mygame/Factory.class is in the " \
        "archive) uses VASSAL.chat.node.NodeServerInfo (through mygame.Chat), " \
        "VASSAL.tools.FileChooser (through mygame.Chat), which VASSAL 3.6 no longer has: " \
        "VASSAL fails to load the class ('failed to load class mygame.Factory')" in f.message
    files["mygame/Chat.class"] = _class_file("mygame/Chat", "LVASSAL/chat/node/NodeClient;")
    assert only(module(extra, files=files), "custom-class").severity is Severity.INFO


def test_a_custom_class_using_a_class_newer_than_36_needs_that_version(
        module: Callable[..., Path]) -> None:
    """A custom class that uses a class VASSAL added in 3.7 fails to load in 3.6 as one that
    uses a dropped class does: an error where the module declares 3.6, else information."""
    extra = {"<VASSAL.build.module.Documentation/>":
             "<VASSAL.build.module.Documentation/><mygame.Factory/>"}
    files = {"scenario.vsav": _save(SCENARIO),
             "mygame/Factory.class": _class_file("mygame/Factory",
                                                 "(LVASSAL/counters/GlobalAttach;)V")}
    f = only(module(extra, files=files), "newer-than-declared")
    assert "uses VASSAL.counters.GlobalAttach (VASSAL 3.7), which VASSAL added after 3.6: " \
        "older players fail to load the class ('failed to load class mygame.Factory'), and " \
        "the module declares VassalVersion 3.6.0" in f.message
    newer = {**extra, 'VassalVersion="3.6.0"': 'VassalVersion="3.7.2"'}
    meta = '<data version="1"><VassalVersion>3.7.2</VassalVersion><name>Test</name></data>'
    assert only(module(newer, files=files, moduledata=meta), "needs-version").severity \
        is Severity.INFO


def test_metadata_problems(module: Callable[..., Path]) -> None:
    assert only(module(moduledata=None), "no-moduledata").severity is Severity.WARNING
    other = '<data version="1"><VassalVersion>3.6.0</VassalVersion><name>Tset</name></data>'
    assert only(module(moduledata=other), "name-mismatch").severity is Severity.WARNING
    old = '<data version="1"><VassalVersion>3.4.0</VassalVersion><name>Test</name></data>'
    assert ("error", "no-buildfile") in codes(module(moduledata=old))


@pytest.mark.parametrize("content", [b"not a zip", b""])
def test_unreadable_module(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "x.vmod"
    path.write_bytes(content)
    report = check_module(path)
    assert report.exit_code() == 2 and "not a ZIP" in report.unreadable


def test_a_component_allowed_once_present_twice(module: Callable[..., Path]) -> None:
    """Blood Bowl's pitch map holds two Game Piece Layers; VASSAL 3.6 warns 'No more than one
    [Game Piece Layers] allowed in Grass Pitch [Map Window]'."""
    layers = ('<VASSAL.build.module.map.LayeredPieceCollection property="Layer" layerOrder="a,b"/>'
              '<VASSAL.build.module.map.LayeredPieceCollection property="Tier" layerOrder="c"/>')
    path = module({'<VASSAL.build.module.map.BoardPicker>':
                   layers + '<VASSAL.build.module.map.BoardPicker>'})
    f = only(path, "one-allowed")
    assert f.severity is Severity.WARNING and "Map[Main Map]/LayeredPieceCollection" in f.where
    assert "map 'Main Map' has 2 LayeredPieceCollection components" in f.message
    grid = ('<VASSAL.build.module.map.boardPicker.board.SquareGrid x0="0" y0="0" dx="10.0" '
            'dy="10.0"/></VASSAL.build.module.map.boardPicker.Board>')
    two_grids = module({"</VASSAL.build.module.map.boardPicker.Board>": grid})
    assert "board 'Main' has 2 grid components" in only(two_grids, "one-allowed").message
    # one of each kind, as every module has, is no finding
    one = module({'<VASSAL.build.module.map.BoardPicker>': layers.split("/>")[0] + "/>"
                  '<VASSAL.build.module.map.BoardPicker>'})
    assert codes(one) == []


EXTENSION = """<?xml version="1.0" encoding="UTF-8"?>
<VASSAL.build.module.ModuleExtension anyModule="true" extensionId="cc2" module="Test" moduleVersion="1.0" nextPieceSlotId="20" vassalVersion="3.6.0" version="1.0">
  <VASSAL.build.module.ExtensionElement target="VASSAL.build.module.PieceWindow:Counters">
    <VASSAL.build.widget.PieceSlot entryName="2nd Bn" gpid="cc2:11" width="64" height="64">{slot}</VASSAL.build.widget.PieceSlot>
  </VASSAL.build.module.ExtensionElement>
</VASSAL.build.module.ModuleExtension>
"""


def test_an_extension_may_use_what_its_module_defines(module: Callable[..., Path]) -> None:
    """A real extension (the Warmachine & Hordes CID extension) names prototypes and images of
    the module it extends: not errors of the extension; its archive's stray moduledata (VASSAL
    reads extensiondata) is no name mismatch."""
    slot = "+/null/prototype;Unit\tpiece;;;front.png;2nd Bn/\tnull;0;0;cc2:11;0"
    path = module(buildfile=EXTENSION.format(slot=slot), images={}, files={})
    report = check_module(path)
    assert report.exit_code() == 0
    assert codes(path) == [("info", "extension"), ("info", "missing-image"),
                           ("info", "missing-prototype")]
    # a save it carries may lay its module's maps: information too
    with_save = module(buildfile=EXTENSION.format(slot=slot), images={},
                       files={"scenario.vsav": _save(SCENARIO)})
    assert ("info", "setup-missing-map") in codes(with_save)
    assert check_module(with_save).exit_code() == 0
    (summary,) = [f for f in report.findings if f.code == "extension"]
    assert "an extension of module 'Test': the 2 name(s) it uses and does not define" \
        in summary.message
    assert summary.hint == f"check it with its module to check them: vconv check MODULE.vmod " \
        f"--extension {path}"
    assert "(unless module 'Test' has it)" in only(path, "missing-prototype").message
    # a module is judged as before
    assert only(module({'name="Unit" description=""': 'name="Units" description=""'}),
                "missing-prototype").severity is Severity.WARNING


EXTENSIONDATA = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<data version="1"><version>0.99a</version><VassalVersion>3.7.20</VassalVersion>
<description>PBS</description><universal>false</universal></data>"""
STALE_MODULEDATA = """<?xml version="1.0" encoding="UTF-8"?>
<data version="1"><version>6.7.2-beta4</version><VassalVersion>3.4.6</VassalVersion>
<name>Test</name></data>"""


def test_an_extension_is_judged_by_its_extensiondata_and_may_use_its_modules_classes(
        module: Callable[..., Path]) -> None:
    """ASL PBS (a real 3.7 extension of VASL) carries extensiondata (VassalVersion 3.7.20)
    and a stale copy of VASL's moduledata (3.4.6); VASSAL reads extensiondata (its metadata
    factory prefers it: checked on the 3.6 engine's own jar). vconv check read moduledata and
    gave 3 false errors: no legacy 'buildFile' entry, a Flare 'new in 3.5 but the module
    declares 3.4.6', and the class VASL.build.module.ASLPBSChecker, which may be VASL's."""
    text = EXTENSION.replace(
        "</VASSAL.build.module.ModuleExtension>",
        '<VASSAL.build.module.ExtensionElement target="">'
        '<VASL.build.module.ASLPBSChecker/></VASSAL.build.module.ExtensionElement>'
        '<VASSAL.build.module.ExtensionElement target="VASSAL.build.module.Map:Main Map">'
        '<VASSAL.build.module.map.Flare circleColor="255,0,0" circleSize="100" '
        'flareKey="keyAlt" flareName="Flare"/></VASSAL.build.module.ExtensionElement>'
        "</VASSAL.build.module.ModuleExtension>").replace('vassalVersion="3.6.0"',
                                                          'vassalVersion="3.7.22"')
    slot = "+/null/piece;;;front.png;2nd Bn/\tnull;0;0;cc2:11;0"
    path = module(buildfile=text.format(slot=slot), images={"front.png": b"x"},
                  files={"extensiondata": EXTENSIONDATA.encode()}, moduledata=STALE_MODULEDATA)
    report = check_module(path)
    assert [f for f in report.findings if f.severity is not Severity.INFO] == []
    assert report.exit_code() == 0
    assert "(unless module 'Test' has it)" in only(path, "missing-class").message
    declared = only(path, "declared-version")
    assert declared.where.endswith("!extensiondata") and "3.7.20" in declared.message
    # an older player loads an extension with a warning, as it does not a module
    assert declared.message.startswith("the extension declares VassalVersion 3.7.20: players "
                                       "older than 3.7.20 load it with a warning in the chat")


def test_a_setup_choosing_boards_for_a_missing_map_is_a_warning(
        module: Callable[..., Path]) -> None:
    """IKRPG (a real 3.2 module) reuses Warmachine & Hordes' setups, which lay boards on
    maps 'Player One' and 'Player Two' that IKRPG lacks: VASSAL 3.6 reads no such command
    (the engine reports it unrecognised and goes on), so nothing is lost; vconv check gave
    215 errors for them."""
    text = SCENARIO.replace(ESC + "end_save", ESC + "Player OneBoardPicker" + TAB + "City  A"
                            + TAB + "0" + TAB + "0" + ESC + "end_save")
    path = module(files={"scenario.vsav": _save(text)})
    f = only(path, "setup-missing-map")
    assert f.severity is Severity.WARNING
    assert "chooses boards for map 'Player One'" in f.message and "ignores" in f.message
    assert check_module(path).exit_code() == 0


def test_a_module_without_a_command_encoder(module: Callable[..., Path]) -> None:
    """VASSAL builds every piece through the module's command encoder: with none, the engine
    reports "Couldn't build piece" for each palette piece (tests/check/test_vassal_agrees.py).
    A module's own encoder class (Blood Bowl's) is an encoder too."""
    encoder = "<VASSAL.build.module.BasicCommandEncoder/>"
    f = only(module(replace={encoder: ""}), "no-command-encoder")
    assert f.severity is Severity.ERROR
    assert "Couldn't build piece" in f.message and "Basic Command Encoder" in (f.hint or "")
    own = module(replace={encoder: '<bb.BloodBowlCommandEncoder/>'}, files={
        "bb/BloodBowlCommandEncoder.class": _class_file(
            "bb.BloodBowlCommandEncoder", "VASSAL.build.module.BasicCommandEncoder")})
    assert not [x for x in check_module(own).findings if x.code == "no-command-encoder"]
    # an encoder class the module lacks is not loaded: no piece builds
    lacking = module(replace={encoder: '<bb.BloodBowlCommandEncoder/>'})
    assert "its own class bb.BloodBowlCommandEncoder, which VASSAL fails to load" in only(
        lacking, "no-command-encoder").message


def _class_file(name: str, parent: str, *uses: str) -> bytes:
    """A class file that declares *name* extending *parent* and names *uses* in its constant
    pool (as a method's descriptor would), with no fields or methods."""
    pool = [b""]  # entries from index 1

    def utf8(text: str) -> int:
        data = text.encode()
        pool.append(b"\x01" + len(data).to_bytes(2, "big") + data)
        return len(pool) - 1

    def cls(text: str) -> int:
        index = utf8(text.replace(".", "/"))
        pool.append(b"\x07" + index.to_bytes(2, "big"))
        return len(pool) - 1

    this, parent_index = cls(name), cls(parent)
    pool.append(b"\x03" + (7).to_bytes(4, "big"))  # an int constant, to be walked over
    for used in uses:
        cls(used)
    return (b"\xca\xfe\xba\xbe" + (0).to_bytes(2, "big") + (52).to_bytes(2, "big")
            + len(pool).to_bytes(2, "big") + b"".join(pool[1:])
            + (0x21).to_bytes(2, "big") + this.to_bytes(2, "big")
            + parent_index.to_bytes(2, "big") + bytes(8))


def test_a_module_whose_own_encoder_fails_to_load_builds_no_piece(
        module: Callable[..., Path]) -> None:
    """Warmachine & Hordes (VASSAL 3.2) has one command encoder, its own
    cxio.malnorma.MalnormaFactory (its class file extends BasicCommandEncoder), which uses
    classes VASSAL 3.6 lacks: the engine fails to load it and then builds no piece ('couldn't
    build piece' 1,700 times); check said only that the class fails to load."""
    encoder = "<VASSAL.build.module.BasicCommandEncoder/>"
    own = '<wmh.Factory/>'
    old = _class_file("wmh.Factory", "VASSAL.build.module.BasicCommandEncoder",
                      "VASSAL.chat.node.NodeServerInfo")
    path = module(replace={encoder: own}, files={"wmh/Factory.class": old})
    f = only(path, "no-command-encoder")
    assert f.severity is Severity.ERROR and "MalnormaFactory" not in f.message
    assert "its own class wmh.Factory, which VASSAL fails to load" in f.message
    assert "Couldn't build piece" in f.message and "recompile wmh.Factory" in (f.hint or "")
    assert only(path, "outdated-class")  # and why it fails, as before
    # the same class compiled against VASSAL 3.6 loads: an encoder, so no finding, and the
    # traits it adds are its own (information), not unknown to VASSAL
    trait = {"+/null/piece;;;card.png;Card A/null;0;0;3;0":
             "+/null/wmh.Aura;x\tpiece;;;card.png;Card A/\tnull;0;0;3;0"}
    fine = module(replace={encoder: own, **trait}, files={"wmh/Factory.class": _class_file(
        "wmh.Factory", "wmh.Base"), "wmh/Base.class": _class_file(
        "wmh.Base", "VASSAL.build.module.BasicCommandEncoder")})
    codes = [x.code for x in check_module(fine).findings]
    assert "no-command-encoder" not in codes and "unknown-trait" not in codes
    assert "custom-trait" in codes


def test_a_3_2_module_without_a_command_encoder(module: Callable[..., Path]) -> None:
    """Blood Bowl (VASSAL 3.2, whose build file's root is VASSAL.launch.BasicModule) names
    its own BBCounterFactory at its top level, whose class file it lacks, and no
    BasicCommandEncoder: the engine reports 'couldn't build piece' for each of its pieces;
    check said nothing of it, as it looked for the encoder only under a GameModule root."""
    path = module(replace={
        "<VASSAL.build.module.BasicCommandEncoder/>": "<BBCounterFactory/>",
        "<VASSAL.build.GameModule ": "<VASSAL.launch.BasicModule ",
        "</VASSAL.build.GameModule>": "</VASSAL.launch.BasicModule>"})
    f = only(path, "no-command-encoder")
    assert "no command encoder (its own BBCounterFactory at its top level, which VASSAL " \
           "fails to load, may have been one)" in f.message


@pytest.mark.parametrize(("attrs", "bad"), [
    ('x0="25.5" y0="25" dx="50.0" dy="50.0"', "x0 '25.5' is not an integer"),
    ('x0="2147483648" y0="25" dx="50.0" dy="50.0"', "x0 '2147483648' is not an integer"),
    ('x0="25" y0="25" dx="NaN50.0" dy="50.0"', "dx 'NaN50.0' is not a number"),
    ('x0="+25" y0="-3" dx="5e1" dy="NaN"', None),  # Java reads these
])
def test_a_grid_number_java_cannot_read_loses_the_grid(
        module: Callable[..., Path], attrs: str, bad: str | None) -> None:
    """Tanto Monta's grids, made unreadable by hand: VASSAL fails to build the grid whose
    x0, y0 (integers) or dx, dy (decimals) do not parse ('failed to load class …SquareGrid'),
    so the board has no grid; the check said nothing."""
    path = module({'x0="25" y0="25" dx="50.0" dy="50.0"': attrs,
                   'useGridLocation="true" location="1,2"': 'useGridLocation="false"'})
    found = [f for f in check_module(path).findings if f.code == "bad-number"]
    if bad is None:
        assert found == []
        return
    (f,) = found
    assert f.severity is Severity.ERROR and f.where.endswith(f"SquareGrid (@{bad.split()[0]})")
    assert f.message.startswith(bad + ": VASSAL fails to build this SquareGrid ('failed to load "
                                "class VASSAL.build.module.map.boardPicker.board.SquareGrid')")


def test_a_basic_piece_short_of_its_name_field_fails_the_module(
        module: Callable[..., Path]) -> None:
    """The template's pieces with their Basic Piece fields cut short (a hostile variant of a
    real 3.7.9 module): the engine reports 'module load failed: NoSuchElementException' (VASSAL
    reads the name with no default); the check said nothing, import left the pieces out."""
    path = module({"+/null/piece;;;card.png;Card A/null;0;0;3;0":
                   "+/null/piece;;;card.png/null;0;0;3;0"})
    f = only(path, "piece-decode")
    assert f.severity is Severity.ERROR and f.where.endswith("CardSlot[Card A]")
    assert "its Basic Piece definition lacks fields" in f.message
    assert not [f for f in check_module(module()).findings if f.code == "piece-decode"]
