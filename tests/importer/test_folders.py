"""A VASSAL 3.7 module in the shape real ones have: components inside folders, a player
hand, regions inside zones, a board whose image is absent, sides given by a prototype's
Marker in the module's own words ('CP'), palettes that state no count."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.cli import main
from converter.validate import validate_path
from tests.importer.buildfiles import buildfile_of, compare_buildfiles
from converter.vassal.savefile import save_archive_bytes
from tests.check.conftest import png
from tests.importer.helpers import merged, write_zip

F = b"VASSAL.build.module.folder."
B = b"VASSAL.build.module.map.boardPicker."
XML = (b'<?xml version="1.0" encoding="UTF-8"?>\n'
       b'<VASSAL.build.GameModule name="Folded" version="1" VassalVersion="3.7.10">'
       b'<VASSAL.build.module.PlayerRoster><entry>Central Powers</entry>'
       b'<entry>Allied Powers</entry></VASSAL.build.module.PlayerRoster>'
       b'<VASSAL.build.module.PrototypesContainer><' + F + b'PrototypeFolder name="Units">'
       b'<VASSAL.build.module.PrototypeDefinition name="GE">+/null/mark;Side\tmark;Nation\\\t'
       b'piece;;;;/CP\tGE\\\tnull;0;0;;0</VASSAL.build.module.PrototypeDefinition>'
       b'</' + F + b'PrototypeFolder></VASSAL.build.module.PrototypesContainer>'
       b'<VASSAL.build.module.PieceWindow name="Pieces"><VASSAL.build.widget.ListWidget '
       b'entryName="Markers"><VASSAL.build.widget.PieceSlot entryName="VP">+/null/piece;;;;VP/'
       b'null;0;0;1;0</VASSAL.build.widget.PieceSlot></VASSAL.build.widget.ListWidget>'
       b'</VASSAL.build.module.PieceWindow>'
       b'<VASSAL.build.module.Map mapName="Map"><VASSAL.build.module.map.BoardPicker>'
       b'<' + B + b'Board name="Europe" image="gone.jpg" width="800" height="600">'
       b'<' + B + b'board.ZonedGrid><' + B + b'board.mapgrid.Zone name="West" '
       b'locationFormat="$gridLocation$" path="0,0;400,0;400,600;0,600" useParentGrid="false">'
       b'<' + B + b'board.RegionGrid><' + B + b'board.Region name="Paris" originx="100" '
       b'originy="100"/><' + B + b'board.Region name="Metz" originx="300" originy="120"/>'
       b'</' + B + b'board.RegionGrid></' + B + b'board.mapgrid.Zone>'
       b'</' + B + b'board.ZonedGrid></' + B + b'Board>'
       b'</VASSAL.build.module.map.BoardPicker>'
       b'<' + F + b'MapSubFolder name="Setup"><' + F + b'MapSubFolder name="German">'
       b'<VASSAL.build.module.map.SetupStack name="a" owningBoard="Europe" '
       b'useGridLocation="true" location="Metz"><VASSAL.build.widget.PieceSlot entryName="GE1">'
       b'+/null/prototype;GE\tpiece;;;;GE 1/\tnull;0;0;2;0</VASSAL.build.widget.PieceSlot>'
       b'<VASSAL.build.widget.PieceSlot entryName="GE1">'
       b'+/null/prototype;GE\tpiece;;;;GE 1/\tnull;0;0;3;0</VASSAL.build.widget.PieceSlot>'
       b'</VASSAL.build.module.map.SetupStack></' + F + b'MapSubFolder>'
       b'</' + F + b'MapSubFolder></VASSAL.build.module.Map>'
       b'<VASSAL.build.module.PlayerHand mapName="CP Hand" side="Central Powers">'
       b'<VASSAL.build.module.map.BoardPicker><' + B + b'Board name="Hand" width="300" '
       b'height="100"/></VASSAL.build.module.map.BoardPicker>'
       b'<VASSAL.build.module.map.DrawPile name="Deck" owningBoard="Hand">'
       b'<VASSAL.build.widget.CardSlot entryName="Card">+/null/piece;;;;Card/null;0;0;4;0'
       b'</VASSAL.build.widget.CardSlot></VASSAL.build.module.map.DrawPile>'
       b'</VASSAL.build.module.PlayerHand>'
       b'</VASSAL.build.GameModule>\n')


def test_a_folded_module_is_imported_whole_and_built_back(tmp_path: Path, capsys) -> None:
    vmod = write_zip(tmp_path / "folded.vmod", {"buildFile.xml": XML, "images/x.png": b"x"})
    folder = tmp_path / "folded"
    assert main(["import", str(vmod), "-o", str(folder)]) == 0
    out = capsys.readouterr().out
    assert ("note: board 'Europe': its image 'gone.jpg' is not in the module; its grid is kept, "
            "on the board's stated size") in out
    _, problems = validate_path(folder)
    assert [p.line() for p in problems] == []
    game = merged(folder)
    boards = {b["name"]: b for b in game["boards"]}
    assert set(boards) == {"Europe", "Hand"}  # the player hand's board too
    spaces = {s["name"]: s for s in boards["Europe"]["spaces"]}
    assert spaces["Paris"]["parent"] == spaces["West"]["id"] == "west"
    assert spaces["Metz"]["kind"] == "region"
    pieces = {p["name"]: p for p in game["pieces"]}
    ge = pieces["GE 1"]
    assert ge["side"] == "central-powers" and ge["count"] == 2  # two placed, no palette
    assert ge["nationality"] == "ge"
    assert "side from Marker trait of prototype 'GE' (Side = 'CP')" in ge["provenance"]["note"]
    assert pieces["VP"]["missing"] == ["side", "count"] and "count" not in pieces["VP"]
    (setup,) = game["scenarios"][0]["setup"]
    assert setup == {"piece": "ge-1", "at": {"board": "europe", "space": "metz"}, "count": 2,
                     "provenance": setup["provenance"]}
    assert [d["name"] for d in game["decks"]] == ["Deck"]
    assert game["vassal"]["entry"] == "buildFile.xml"
    assert game["vassal"]["files"] == {"images/x.png": "images/x.png"}

    assert main(["build", str(folder), "-o", str(tmp_path / "dist"), "-q"]) == 0
    rebuilt = tmp_path / "dist" / "folded.vmod"
    assert compare_buildfiles(XML, buildfile_of(rebuilt)) == []
    assert buildfile_of(rebuilt) == XML


def test_a_predefined_setup_becomes_a_scenario_with_its_placements(tmp_path: Path) -> None:
    setup = (b'<VASSAL.build.module.PredefinedSetup name="Scenarios" isMenu="true">'
             b'<VASSAL.build.module.PredefinedSetup name="August 1914" file="1914.vsav" '
             b'useFile="true"/></VASSAL.build.module.PredefinedSetup>')
    xml = XML.replace(b"</VASSAL.build.GameModule>", setup + b"</VASSAL.build.GameModule>")
    text = ("begin_save"
            "\x1b+/11/prototype;GE\tpiece;;;;GE 1/\tMap;110;95;11;0"       # Paris, by its name
            "\x1b+/12/prototype;GE\tpiece;;;;GE 1/\tMap;290;130;12;0"      # Metz
            "\x1b+/13/piece;;;;Fort/Map;120;90;13;0"                      # made during play
            "\x1b+/14/piece;;;;Card/CP Hand;5;5;14;0"                     # in the deck below
            "\x1b+/15/deck;false;0,0,0;60;60;Never;Never;false;false;false;Re-shuffle;;;Deck;;"
            "/CP Hand;5;5;false;14"                                       # a one-card deck
            "\x1bend_save")
    vmod = write_zip(tmp_path / "folded.vmod", {"buildFile.xml": xml,
                                                  "1914.vsav": save_archive_bytes(text)})
    folder = tmp_path / "folded"
    assert main(["import", str(vmod), "-o", str(folder), "-q"]) == 0
    _, problems = validate_path(folder)
    assert [p.line() for p in problems] == []
    game = merged(folder)
    scenario = next(s for s in game["scenarios"] if s["name"] == "August 1914")
    placed = [(p["piece"], p["at"], p.get("count", 1)) for p in scenario["setup"]]
    assert placed == [("ge-1", {"board": "europe", "space": "paris"}, 1),
                      ("ge-1", {"board": "europe", "space": "metz"}, 1),
                      ("fort", {"board": "europe", "space": "paris"}, 1),
                      # in its deck as a deck of many cards is (the split on ';' of the
                      # deck's state took its one card for a card and dropped it)
                      ("card", {"board": "hand", "space": "hand", "deck": "deck"}, 1)]
    assert scenario["provenance"]["note"] == (
        "imported from PredefinedSetup[Scenarios]/PredefinedSetup[August 1914] "
        "(saved game '1914.vsav')")
    fort = next(p for p in game["pieces"] if p["id"] == "fort")
    # no palette holds it: as many as a setup places (one: the format's default count)
    assert "count" not in fort and fort["missing"] == ["side"]


def test_a_saved_deck_places_each_piece_it_holds_in_that_deck(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """VASSAL saves a deck's pieces as one comma-separated field of its state: For the
    People's 1861 setup keeps 11 of its 12 US Forts in the 'USA Forts Pool' deck.  Each piece
    of a deck, a counter or a card, is placed in the game's deck of that map and name, at the
    place where the deck lies; a deck the module does not define leaves its pieces where it
    lies.  A card saved with no map (Almoravid's) is in its deck all the same, as the
    engine's own end save of Almoravid's Scenario A keeps it; a copy of it on no map that no
    deck lists (Almoravid's saves keep one of each command card) VASSAL shows nowhere: left
    out, and nothing says so."""
    pool = (b'<VASSAL.build.module.map.DrawPile name="Pool" owningBoard="Europe" x="110" '
            b'y="95"/></VASSAL.build.module.Map>')
    setup = (b'<VASSAL.build.module.PredefinedSetup name="Pools" file="pools.vsav" '
             b'useFile="true"/>')
    xml = XML.replace(b"</VASSAL.build.module.Map>", pool, 1).replace(
        b"</VASSAL.build.GameModule>", setup + b"</VASSAL.build.GameModule>")
    deck = "deck;false;0,0,0;60;60;Never;Never;false;false;false;Re-shuffle;;;{};;"
    text = ("begin_save"
            "\x1b+/31/piece;;;;VP/Map;110;95;1;0"          # the palette's VP, twice
            "\x1b+/32/piece;;;;VP/Map;110;95;1;0"
            "\x1b+/33/piece;;;;Card/Map;110;95;4;0"        # the hand deck's card, in the pool
            "\x1b+/35/piece;;;;Card/null;0;0;4;0"          # a copy saved with no map
            "\x1b+/36/piece;;;;Card/null;0;0;4;0"          # a stale copy: no map, no deck
            "\x1b+/34/piece;;;;VP/Map;290;130;1;0"         # a deck the module has not
            "\x1b+/41/" + deck.format("Pool") + "/Map;110;95;true;31,32,33,35"
            "\x1b+/42/" + deck.format("Gone") + "/Map;290;130;false;34"
            "\x1b+/37/piece;;;;Card/null;0;0;4;0"          # in a deck on a map not here
            "\x1b+/43/" + deck.format("Pool") + "/Elsewhere;10;10;false;37"
            "\x1bend_save")
    vmod = write_zip(tmp_path / "pools.vmod", {"buildFile.xml": xml,
                                                "pools.vsav": save_archive_bytes(text)})
    folder = tmp_path / "pools"
    assert main(["import", str(vmod), "-o", str(folder)]) == 0
    notes = [line for line in capsys.readouterr().out.splitlines() if "Pools" in line]
    assert notes == ["  note: PredefinedSetup[Pools]: 1 piece of its saved game lies in a deck on "
                     "map 'Elsewhere', which the module does not have (saved with another "
                     "version of it); left out of the scenario"]
    _, problems = validate_path(folder)
    assert [p.line() for p in problems] == []
    game = merged(folder)
    assert [(d["id"], d["name"]) for d in game["decks"]] == [("pool", "Pool"), ("deck", "Deck")]
    scenario = next(s for s in game["scenarios"] if s["name"] == "Pools")
    placed = [(p["piece"], p["at"], p.get("count", 1)) for p in scenario["setup"]]
    assert placed == [("vp", {"board": "europe", "space": "paris", "deck": "pool"}, 2),
                      ("card", {"board": "europe", "space": "paris", "deck": "pool"}, 2),
                      ("vp", {"board": "europe", "space": "metz"}, 1)]


def test_a_nameless_setup_piece_of_a_gpid_no_slot_has_is_kept(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Inferno's Quick Start saves 47 markers and cards whose BasicPiece has no name and whose
    slot ids the module has since renumbered; VASSAL lays them all on the table, the import
    left them out of the scenario.  One piece per gpid; those with no gpid either, which
    VASSAL lays too, one piece per definition."""
    setup = (b'<VASSAL.build.module.PredefinedSetup name="Quick Start" file="qs.vsav" '
             b'useFile="true"/>')
    xml = XML.replace(b"</VASSAL.build.GameModule>", setup + b"</VASSAL.build.GameModule>")
    text = ("begin_save"
            "\x1b+/21/mark;Service\tpiece;;;m.png;/1\tMap;110;95;1843;0"   # gpid 1843: no slot
            "\x1b+/22/mark;Service\tpiece;;;m.png;/2\tMap;290;130;1843;0"  # another of it
            "\x1b+/23/piece;;;c.png;/Map;120;90;1900;0"                     # another gpid
            "\x1b+/24/piece;;;d.png;/Map;120;90;;0"                         # no gpid
            "\x1b+/25/piece;;;d.png;/Map;290;130;;0"                        # another of it
            "\x1b+/26/piece;;;e.png;/Map;290;130;;0"                        # another one
            "\x1bend_save")
    vmod = write_zip(tmp_path / "qs.vmod", {"buildFile.xml": xml,
                                             "qs.vsav": save_archive_bytes(text),
                                             "images/d.png": png(8, 8), "images/e.png": png(9, 9)})
    folder = tmp_path / "qs"
    assert main(["import", str(vmod), "-o", str(folder)]) == 0
    notes = [line for line in capsys.readouterr().out.splitlines() if "Quick Start" in line]
    assert notes == ["  note: PredefinedSetup[Quick Start]: 3 pieces of its saved game have "
                     "neither a name nor a slot id (gpid) that tells which of the module's "
                     "pieces they are; VASSAL lays them: kept as pieces of their own, one per "
                     "definition the saved game holds",
                     "  note: PredefinedSetup[Quick Start]: 3 pieces of its saved game have no "
                     "name and a slot id (gpid) no slot of the module has; kept as pieces of "
                     "their own, one per gpid, from the definitions the saved game holds"]
    _, problems = validate_path(folder)
    assert [p.line() for p in problems] == []
    game = merged(folder)
    scenario = next(s for s in game["scenarios"] if s["name"] == "Quick Start")
    placed = [(p["piece"], p["at"], p.get("count", 1)) for p in scenario["setup"]]
    first, second, third, fourth = dict.fromkeys(piece for piece, _, _ in placed)
    assert placed == [(first, {"board": "europe", "space": "paris"}, 1),
                      (first, {"board": "europe", "space": "metz"}, 1),
                      (second, {"board": "europe", "space": "paris"}, 1),
                      (third, {"board": "europe", "space": "paris"}, 1),
                      (third, {"board": "europe", "space": "metz"}, 1),
                      (fourth, {"board": "europe", "space": "metz"}, 1)]
    pictures = {p["id"]: p["faces"][0].get("image") for p in game["pieces"]}
    assert (pictures[third], pictures[fourth]) == ("images/d.png", "images/e.png")


def test_a_setup_that_names_no_saved_game_is_said(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """The Longest Day's five scenarios load a file (useFile) but name none: VASSAL starts a new
    game there.  The import said nothing and its summary read '0 scenarios'."""
    setup = (b'<VASSAL.build.module.PredefinedSetup name="Load Scenario" isMenu="true" '
             b'useFile="false"><VASSAL.build.module.PredefinedSetup name="Scenario #1: Mortain" '
             b'isMenu="false" useFile="true"/></VASSAL.build.module.PredefinedSetup>')
    xml = XML.replace(b"</VASSAL.build.GameModule>", setup + b"</VASSAL.build.GameModule>")
    vmod = write_zip(tmp_path / "nofile.vmod", {"buildFile.xml": xml})
    assert main(["import", str(vmod), "-o", str(tmp_path / "nofile")]) == 0
    notes = [line for line in capsys.readouterr().out.splitlines() if "PredefinedSetup" in line]
    assert notes == ["  note: PredefinedSetup[Load Scenario]/PredefinedSetup[Scenario #1: Mortain]: "
                     "it names no saved game to load, so VASSAL starts a new game from the "
                     "module's at-start stacks there; no scenario from it"]


def test_a_layer_vassal_always_shows_gives_the_faces_even_with_a_key() -> None:
    from converter.importer.pieces import face_layer
    from converter.vassal.traits.registry import decode_trait

    # Paths of Glory's corps (VASSAL 3.7): activate key Ctrl+A, but 'always active' is true
    always = decode_trait("emb2;Activate;2;;Take Losses;2;;Replace;2;;;;1;false;0;0;"
                          "ge_corps.png,ge_corps_back.png;GEc,(GEc);true;Status;;;true;"
                          "CounterLayer;1;1;true;65,130;76,130;82,130;;1.0;;true", "1")
    # a 2005 layer (no 'always active' field: VASSAL reads false) switched by Ctrl+D
    switched = decode_trait("emb2;Activate;2;D;;2;;;2;;;;0;false;0;0;a.png,b.png;,;true", "1")
    assert face_layer([always]) is always
    assert face_layer([switched]) is None


def test_whole_number_factor_properties_become_the_first_faces_factors(tmp_path: Path) -> None:
    xml = (b'<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.build.GameModule name="F" '
           b'version="1" VassalVersion="3.6.7"><VASSAL.build.module.PieceWindow name="P">'
           b'<VASSAL.build.widget.PieceSlot entryName="Inf">+/null/mark;Attack,Move,Corps\t'
           b'piece;;;;Inf/4,3,XII\tnull;0;0;1;0</VASSAL.build.widget.PieceSlot>'
           b'<VASSAL.build.widget.PieceSlot entryName="Gun">+/null/mark;Attack\t'
           b'piece;;;;Gun/?\tnull;0;0;2;0</VASSAL.build.widget.PieceSlot>'
           b'</VASSAL.build.module.PieceWindow></VASSAL.build.GameModule>\n')
    vmod = write_zip(tmp_path / "f.vmod", {"buildFile.xml": xml})
    folder = tmp_path / "f"
    assert main(["import", str(vmod), "-o", str(folder), "-q"]) == 0
    _, problems = validate_path(folder)
    assert [p.line() for p in problems] == []
    game = merged(folder)
    assert [(f["id"], f["name"]) for f in game["factors"]] == [("attack", "Attack"),
                                                               ("move", "Move")]
    pieces = {p["name"]: p for p in game["pieces"]}
    face = pieces["Inf"]["faces"][0]
    assert face["factors"] == {"attack": 4, "move": 3}
    assert face["provenance"]["note"].endswith(
        "factors from the piece's Marker trait (Attack = 4), the piece's Marker trait (Move = 3)")
    assert pieces["Inf"]["properties"] == {"Corps": "XII"}  # not a factor: kept as said
    assert "factors" not in pieces["Gun"]["faces"][0]       # '?' is no number the module states
    assert pieces["Gun"]["properties"] == {"Attack": "?"}


def test_a_marker_of_a_nation_takes_the_side_that_nations_pieces_have(tmp_path: Path) -> None:
    xml = (b'<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.build.GameModule name="N" '
           b'version="1" VassalVersion="3.6.7"><VASSAL.build.module.PlayerRoster><entry>Allies'
           b'</entry><entry>Axis</entry></VASSAL.build.module.PlayerRoster>'
           b'<VASSAL.build.module.PieceWindow name="P">'
           b'<VASSAL.build.widget.PieceSlot entryName="Inf">+/null/mark;Side,Nation\t'
           b'piece;;;;Inf/Axis,IT\tnull;0;0;1;0</VASSAL.build.widget.PieceSlot>'
           b'<VASSAL.build.widget.PieceSlot entryName="IT control">+/null/mark;Nation\t'
           b'piece;;;;IT control/IT\tnull;0;0;2;0</VASSAL.build.widget.PieceSlot>'
           b'<VASSAL.build.widget.PieceSlot entryName="FR control">+/null/mark;Nation\t'
           b'piece;;;;FR control/FR\tnull;0;0;3;0</VASSAL.build.widget.PieceSlot>'
           b'</VASSAL.build.module.PieceWindow></VASSAL.build.GameModule>\n')
    vmod = write_zip(tmp_path / "n.vmod", {"buildFile.xml": xml})
    folder = tmp_path / "n"
    assert main(["import", str(vmod), "-o", str(folder), "-q"]) == 0
    _, problems = validate_path(folder)
    assert [p.line() for p in problems] == []
    pieces = {p["name"]: p for p in merged(folder)["pieces"]}
    control = pieces["IT control"]
    assert (control["side"], control["nationality"]) == ("axis", "it")
    assert control["missing"] == ["count"] and "properties" not in control
    assert control["provenance"]["note"].endswith(
        "side deduced from its Nation 'IT', which pieces of that side carry")
    # no piece of a side is French: the side stays missing, the property kept as said
    assert pieces["FR control"]["missing"] == ["side", "count"]
    assert pieces["FR control"]["properties"] == {"Nation": "FR"}


def test_a_chart_windows_map_is_a_map_and_an_absent_image_keeps_the_grid(tmp_path: Path,
                                                                         capsys) -> None:
    xml = (b'<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.build.GameModule name="W" '
           b'version="1" VassalVersion="3.2.17"><VASSAL.build.module.Map mapName="Main">'
           b'<VASSAL.build.module.map.BoardPicker><' + B + b'Board name="Land" image="lost.png">'
           b'<' + B + b'board.HexGrid dx="50" dy="58" x0="0" y0="29" sideways="false"/>'
           b'</' + B + b'Board></VASSAL.build.module.map.BoardPicker>'
           b'<VASSAL.build.module.map.SetupStack name="far" owningBoard="Land" x="1900" '
           b'y="900"/></VASSAL.build.module.Map>'
           b'<VASSAL.build.module.ChartWindow name="Displays"><VASSAL.build.widget.TabWidget>'
           b'<VASSAL.build.widget.MapWidget entryName="Track"><VASSAL.build.widget.WidgetMap '
           b'mapName="Track"><VASSAL.build.module.map.BoardPicker><' + B + b'Board '
           b'name="Track" width="300" height="100"/></VASSAL.build.module.map.BoardPicker>'
           b'</VASSAL.build.widget.WidgetMap></VASSAL.build.widget.MapWidget>'
           b'</VASSAL.build.widget.TabWidget></VASSAL.build.module.ChartWindow>'
           b'</VASSAL.build.GameModule>\n')
    vmod = write_zip(tmp_path / "w.vmod", {"buildFile.xml": xml})
    folder = tmp_path / "w"
    assert main(["import", str(vmod), "-o", str(folder)]) == 0
    assert ("note: board 'Land': its image 'lost.png' is not in the module; its grid is kept, "
            "on the extent of what lies on it (2000x1000)") in capsys.readouterr().out
    _, problems = validate_path(folder)
    assert [p.line() for p in problems] == []
    boards = {b["name"]: b for b in merged(folder)["boards"]}
    assert set(boards) == {"Land", "Track"}
    land = boards["Land"]
    # 2000 px of 50 px columns (VASSAL's own 500 px default would give 11)
    assert land["kind"] == "hex" and land["grid"]["columns"]["max"] >= 40


def test_a_board_name_several_maps_use_is_told_by_its_map(tmp_path: Path, capsys) -> None:
    """Nevsky's five hands and displays each lay a board VASSAL named 'Alhambra': a note
    about one of them names its map too, so the builder knows which image is missing."""
    def hand(name: str, image: str) -> bytes:
        return (b'<VASSAL.build.module.PrivateMap mapName="' + name.encode() + b'">'
                b'<VASSAL.build.module.map.BoardPicker><' + B + b'Board name="Alhambra" image="'
                + image.encode() + b'" width="400" height="300"/></VASSAL.build.module.map.BoardPicker>'
                b'</VASSAL.build.module.PrivateMap>')

    xml = (b'<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.build.GameModule name="W" '
           b'version="1" VassalVersion="3.2.17">' + hand("Teuton Hand", "cards.png")
           + hand("Russian Hand", "lords.png") + b'<VASSAL.build.module.Map mapName="Main">'
           b'<VASSAL.build.module.map.BoardPicker><' + B + b'Board name="Land" image="lost.png" '
           b'width="400" height="300"/></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>'
           b'</VASSAL.build.GameModule>\n')
    vmod = write_zip(tmp_path / "w.vmod", {"buildFile.xml": xml})
    assert main(["import", str(vmod), "-o", str(tmp_path / "w")]) == 0
    notes = [line for line in capsys.readouterr().out.splitlines() if "is not in the module" in line]
    assert [line.split(": its image")[0].strip() for line in notes] == [
        "note: board 'Alhambra' of map 'Teuton Hand'", "note: board 'Alhambra' of map 'Russian Hand'",
        "note: board 'Land'"]


def test_boards_several_maps_name_alike_are_named_after_their_maps(tmp_path: Path) -> None:
    """Nevsky's import had five boards named 'Alhambra' (VASSAL's default board name), with
    ids alhambra … alhambra-5; each is now named after its map, its provenance keeps VASSAL's
    name, and an audit of the module built from the import finds each map's own board."""
    from converter.audit.module import load_module
    from converter.audit.places import Locator

    def hand(name: str) -> bytes:
        return (b'<VASSAL.build.module.PrivateMap mapName="' + name.encode() + b'">'
                b'<VASSAL.build.module.map.BoardPicker><' + B + b'Board name="Alhambra" '
                b'width="400" height="300"/></VASSAL.build.module.map.BoardPicker>'
                b'</VASSAL.build.module.PrivateMap>')

    xml = (b'<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.build.GameModule name="W" '
           b'version="1" VassalVersion="3.2.17">' + hand("Teuton Hand") + hand("Russian Hand")
           + hand("Land") + b'<VASSAL.build.module.Map mapName="Main">'
           b'<VASSAL.build.module.map.BoardPicker><' + B + b'Board name="Land" '
           b'width="400" height="300"/></VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>'
           b'</VASSAL.build.GameModule>\n')
    vmod = write_zip(tmp_path / "w.vmod", {"buildFile.xml": xml})
    assert main(["import", str(vmod), "-o", str(tmp_path / "w")]) == 0
    boards = merged(tmp_path / "w")["boards"]
    assert [(b["id"], b["name"]) for b in boards] == [
        ("teuton-hand", "Teuton Hand"), ("russian-hand", "Russian Hand"),
        # another board is named 'Land': the map's board is told by both names
        ("land-alhambra", "Land: Alhambra"), ("land", "Land")]
    assert boards[1]["provenance"]["note"] == \
        "imported from PrivateMap[Russian Hand]/BoardPicker/Board[Alhambra]"
    assert main(["build", str(tmp_path / "w"), "-o", str(tmp_path / "built")]) == 0
    locator = Locator(load_module(tmp_path / "built" / "w.vmod"))
    assert [(p.board, p.game_board) for p in (
        locator.place("Teuton Hand", 10, 10), locator.place("Russian Hand", 10, 10),
        locator.place("Land", 10, 10), locator.place("Main", 10, 10))] == [
        ("Alhambra", "teuton-hand"), ("Alhambra", "russian-hand"), ("Alhambra", "land-alhambra"),
        ("Land", "land")]
    # `vconv audit -m w.vmod --game w`: the proposed mapping ties the name 'Alhambra' to no
    # one board; a point of each hand is still its own board's (Malifaux's own 'Desert
    # Saloon' setup showed 2 false violations: 'starts at Side board (side-board); scenario
    # places it at side-board-2')
    from converter.audit.mapping import attach, load_rules_game

    real = load_module(vmod)
    mapping = attach(real, load_rules_game(tmp_path / "w"))
    assert mapping.boards["Alhambra"] is None
    assert [(p.game_board, p.space) for p in (
        mapping.place("Teuton Hand", "Alhambra", "board", "Alhambra"),
        mapping.place("Russian Hand", "Alhambra", "board", "Alhambra"))] == [
        ("teuton-hand", "alhambra"), ("russian-hand", "alhambra-2")]


def test_a_square_grid_inside_a_zone_gives_cells_only_when_vassal_names_them(
        tmp_path: Path) -> None:
    def zone(name: str, fmt: bytes, left: int) -> bytes:
        return (b'<' + B + b'board.mapgrid.Zone name="' + name.encode() + b'" locationFormat="'
                + fmt + b'" path="' + f"{left},0;{left + 200},0;{left + 200},100;{left},100"
                .encode() + b'" useParentGrid="false"><' + B + b'board.SquareGrid x0="'
                + str(left + 50).encode() + b'" y0="50" dx="100" dy="100"><' + B
                + b'board.mapgrid.SquareGridNumbering first="H" hType="N" vType="N" sep="," '
                b'hOff="0" vOff="0" hLeading="0" vLeading="0"/></' + B + b'board.SquareGrid></'
                + B + b'board.mapgrid.Zone>')

    xml = (b'<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.build.GameModule name="Q" '
           b'version="1" VassalVersion="3.6.7"><VASSAL.build.module.Map mapName="Main">'
           b'<VASSAL.build.module.map.BoardPicker><' + B + b'Board name="Pitch" width="600" '
           b'height="100"><' + B + b'board.ZonedGrid>'
           + zone("Field", b"Field $gridLocation$", 0) + zone("Bench", b"$name$", 300)
           + b'</' + B + b'board.ZonedGrid></' + B + b'Board>'
           b'</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map>'
           b'</VASSAL.build.GameModule>\n')
    vmod = write_zip(tmp_path / "q.vmod", {"buildFile.xml": xml})
    folder = tmp_path / "q"
    assert main(["import", str(vmod), "-o", str(folder), "-q"]) == 0
    _, problems = validate_path(folder)
    assert [p.line() for p in problems] == []
    (pitch,) = merged(folder)["boards"]
    spaces = [(s["name"], s["kind"], s.get("parent")) for s in pitch["spaces"]]
    # VASSAL names the Field's points 'Field 0,0' and 'Field 1,0'; every Bench point 'Bench'
    assert spaces == [("Field", "zone", None), ("Field 0,0", "square", "field"),
                      ("Field 1,0", "square", "field"), ("Bench", "zone", None)]


def test_a_fixed_text_label_is_the_faces_label(tmp_path: Path) -> None:
    label = b"label;76,130;Change Label;10;0,0,0;255,255,255;t;0;c;0;b;c;$pieceName$ ($label$)"
    xml = (b'<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.build.GameModule name="L" '
           b'version="1" VassalVersion="3.6.7"><VASSAL.build.module.PieceWindow name="P">'
           b'<VASSAL.build.widget.PieceSlot entryName="Fort">+/null/' + label + b'\tpiece;;;;'
           b'Fort/Metz\tnull;0;0;1;0</VASSAL.build.widget.PieceSlot>'
           b'<VASSAL.build.widget.PieceSlot entryName="VP">+/null/' + label + b'\tpiece;;;;'
           b'VP/$VP$\tnull;0;0;2;0</VASSAL.build.widget.PieceSlot>'
           b'</VASSAL.build.module.PieceWindow></VASSAL.build.GameModule>\n')
    vmod = write_zip(tmp_path / "l.vmod", {"buildFile.xml": xml})
    folder = tmp_path / "l"
    assert main(["import", str(vmod), "-o", str(folder), "-q"]) == 0
    pieces = {p["name"]: p for p in merged(folder)["pieces"]}
    fort = pieces["Fort"]["faces"][0]
    assert fort["label"] == "Metz" and fort["provenance"]["note"].endswith(
        "; label from its Text Label")
    assert "label" not in pieces["VP"]["faces"][0]  # a text made of properties at play time


def test_a_hex_grid_inside_a_zone_gives_its_hexes_as_spaces(tmp_path: Path) -> None:
    grid = (b'<' + B + b'board.HexGrid x0="50" y0="50" dx="52" dy="60" sideways="false">'
            b'<' + B + b'board.mapgrid.HexGridNumbering first="H" hType="N" vType="N" sep="" '
            b'hOff="1" vOff="1" hLeading="1" vLeading="1"/></' + B + b'board.HexGrid>')
    xml = (b'<?xml version="1.0" encoding="UTF-8"?>\n<VASSAL.build.GameModule name="Z" '
           b'version="1" VassalVersion="3.6.7"><VASSAL.build.module.Map mapName="Main">'
           b'<VASSAL.build.module.map.BoardPicker><' + B + b'Board name="Siege" width="400" '
           b'height="200"><' + B + b'board.ZonedGrid><' + B + b'board.mapgrid.Zone '
           b'name="Castle" locationFormat="$name$ $gridLocation$" path="0,0;140,0;140,120;0,120" '
           b'useParentGrid="false">' + grid + b'</' + B + b'board.mapgrid.Zone></' + B
           + b'board.ZonedGrid></' + B + b'Board></VASSAL.build.module.map.BoardPicker>'
           b'</VASSAL.build.module.Map></VASSAL.build.GameModule>\n')
    vmod = write_zip(tmp_path / "z.vmod", {"buildFile.xml": xml})
    folder = tmp_path / "z"
    assert main(["import", str(vmod), "-o", str(folder), "-q"]) == 0
    _, problems = validate_path(folder)
    assert [p.line() for p in problems] == []
    (siege,) = merged(folder)["boards"]
    spaces = [(s["name"], s["kind"], s.get("parent")) for s in siege["spaces"]]
    # each hex whose centre lies inside the zone (two columns of two: the third hex of the
    # second column lies below it), named as VASSAL names its points: no longer one space
    assert spaces == [("Castle", "zone", None), ("Castle 0101", "hex", "castle"),
                      ("Castle 0102", "hex", "castle"), ("Castle 0201", "hex", "castle"),
                      ("Castle 0202", "hex", "castle")]
