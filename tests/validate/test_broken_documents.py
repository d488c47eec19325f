"""Broken game descriptions: each one reports exactly the problems a user should see,
with the file and JSON pointer where the fix goes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from converter.validate import validate_path


def _boxes_on_art(second: dict[str, float]) -> Callable[[Any], None]:
    """The box board drawn on a picture of its own: the first box on its left, the second at *second*."""
    def edit(doc: Any) -> None:
        board = doc["boards"][1]
        board["image"] = {"file": "map.json"}
        board["spaces"][0]["layout"] = {"x": 0.2, "y": 0.5, "w": 0.3, "h": 0.5}
        board["spaces"][1]["layout"] = second
    return edit


def _set(path: str, value: Any) -> Callable[[Any], None]:
    def edit(doc: Any) -> None:
        *parents, last = path.split("/")
        node = doc
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return edit


def _delete(path: str) -> Callable[[Any], None]:
    def edit(doc: Any) -> None:
        *parents, last = path.split("/")
        node = doc
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        del node[int(last) if isinstance(node, list) else last]
    return edit


def _append(path: str, value: Any) -> Callable[[Any], None]:
    def edit(doc: Any) -> None:
        node = doc
        for part in path.split("/"):
            node = node[int(part)] if isinstance(node, list) else node[part]
        node.append(value)
    return edit


def _all(*edits: Callable[[Any], None]) -> Callable[[Any], None]:
    def edit(doc: Any) -> None:
        for e in edits:
            e(doc)
    return edit


# (case id, file edited, edit, expected problems as (file, pointer, message))
CASES: list[tuple[str, str, Callable[[Any], None], list[tuple[str, str, str]]]] = [
    # --- schema ------------------------------------------------------------------------
    ("missing-title", "game.json", _delete("title"),
     [("game.json", "", "missing required property 'title'")]),
    ("wrong-type", "game.json", _set("players/min", "two"),
     [("game.json", "/players/min", 'expected an integer, got a string "two"')]),
    ("unknown-property", "game.json", _set("sides/0/colour", "#000000"),
     [("game.json", "/sides/0", "unknown property 'colour'")]),
    ("bad-colour", "game.json", _set("sides/0/color", "blue"),
     [("game.json", "/sides/0/color", '"blue" does not match the pattern ^#[0-9a-fA-F]{6}$')]),
    ("bad-id", "pieces.json", _set("pieces/0/id", "na 1"),
     [("pieces.json", "/pieces/0/id", '"na 1" does not match the pattern ^[A-Za-z0-9][A-Za-z0-9_.-]*$')]),
    ("wrong-format", "game.json", _set("format", "vconv-game/2"),
     [("game.json", "/format", 'expected "vconv-game/1", got "vconv-game/2"')]),
    ("face-side-enum", "pieces.json", _set("pieces/1/faces/1/side", "top"),
     [("pieces.json", "/pieces/1/faces/1/side", '"top" is not one of "front", "back"')]),
    ("count-zero", "pieces.json", _set("pieces/4/count", 0),
     [("pieces.json", "/pieces/4/count", "0 is out of range: expected at least 1")]),
    ("piece-without-faces", "pieces.json", _delete("pieces/5/faces"),
     [("pieces.json", "/pieces/5", "missing required property 'faces'")]),
    ("nationality-number", "pieces.json", _set("pieces/0/nationality", 3),
     [("pieces.json", "/pieces/0/nationality", "expected an identifier or a list of identifiers, got an integer 3")]),
    ("factor-word", "pieces.json", _set("pieces/0/faces/0/factors/attack", "six"),
     [("pieces.json", "/pieces/0/faces/0/factors/attack", 'expected an integer, "?" or null, got a string "six"')]),
    ("unknown-top-key", "game.json", _set("piece", []),
     [("game.json", "", "unknown property 'piece'")]),
    ("unknown-include-key", "map.json", _set("board", []),
     [("map.json", "/board", "unknown property 'board' in an included file")]),
    ("grid-on-area-board", "map.json", _set("boards/2/grid", {"orientation": "flat", "first": "column", "digits": 2,
                                                            "columns": {"min": 1, "max": 2, "increases": "east"},
                                                            "rows": {"min": 1, "max": 2, "increases": "south"},
                                                            "stagger": {"lines": "even", "toward": "lower"}}),
     [("map.json", "/boards/2", "'grid' not allowed here")]),
    ("stacking-field-on-movement-rule", "game.json", _set("rules/1/scope", "hex"),
     [("game.json", "/rules/1", "'scope' not allowed here")]),
    ("hex-board-without-grid", "map.json", _delete("boards/0/grid"),
     [("map.json", "/boards/0", "expected one of the properties 'grid', 'missing'")]),
    ("table-kind", "tables.json", _set("tables/2/kind", "limit"),
     [("tables.json", "/tables/2/kind", '"limit" is not one of "crt", "fire", "event", "matrix", "threshold", "drm", '
                                         '"column-shift", "cost", "list", "terrain-effects"')]),
    ("stacking-without-scope", "game.json", _delete("rules/0/scope"),
     [("game.json", "/rules/0", "missing required property 'scope'")]),
    ("empty-location", "game.json", _set("scenarios/0/setup/0/at", {"note": "somewhere"}),
     [("game.json", "/scenarios/0/setup/0/at", "expected one of the properties 'hex', 'space', 'edge', 'track', 'any_of', 'code', 'point', 'deck'")]),
    ("unknown-deck", "game.json", _set("scenarios/0/setup/0/at", {"deck": "blue-dek"}),
     [("game.json", "/scenarios/0/setup/0/at/deck", "unknown deck 'blue-dek'")]),
    ("point-without-board", "game.json", _set("scenarios/0/setup/0/at", {"point": [510, 20]}),
     [("game.json", "/scenarios/0/setup/0/at/point",
       "a point beside a board needs the board it is measured from ('board')")]),
    ("empty-die-face", "tables.json", _set("dice/2/faces/0/label", ""),
     [("tables.json", "/dice/2/faces/0/label", "must not be empty")]),
    ("steps-too-many", "pieces.json", _set("pieces/0/steps/count", 12),
     [("pieces.json", "/pieces/0/steps/count", "12 is out of range: expected at most 9")]),
    # --- cross-references ----------------------------------------------------------------
    ("duplicate-piece-id", "pieces.json", _set("pieces/1/id", "na-1"),
     [("game.json", "/scenarios/0/setup/1/piece", "unknown piece 'na-2'"),
      ("pieces.json", "/pieces/1/id", "duplicate piece id 'na-1'")]),
    ("dangling-nationality", "pieces.json", _set("pieces/2/nationality", "XX"),
     [("pieces.json", "/pieces/2/nationality", "unknown nationality 'XX'")]),
    ("dangling-faction-side", "game.json", _set("factions/1/side", "green"),
     [("game.json", "/factions/1/side", "unknown side 'green'")]),
    ("nationality-side-mismatch", "game.json", _set("nationalities/2/side", "blue"),
     [("game.json", "/nationalities/2/side",
       "nationality 'SA' is on side 'blue' but its faction 'south' is on side 'red'")]),
    ("asymmetric-edge", "map.json", _set("boards/2/spaces/1/adjacent", []),
     [("map.json", "/boards/2/spaces/0/adjacent/0",
       "space 'kiev' lists 'minsk' as adjacent, but 'minsk' does not list 'kiev'")]),
    ("adjacent-to-itself", "map.json", _set("boards/2/spaces/2/adjacent", ["odessa"]),
     [("map.json", "/boards/2/spaces/2/adjacent/0", "space 'odessa' is listed as adjacent to itself")]),
    ("setup-hex-off-grid", "game.json", _set("scenarios/0/setup/2/at/hex", "0907"),
     [("game.json", "/scenarios/0/setup/2/at/hex", "hex '0907' is not on the grid")]),
    ("printed-setup-malformed", "pieces.json", _set("pieces/0/printed_setup/hex", "02A3"),
     [("pieces.json", "/pieces/0/printed_setup/hex", "hex '02A3' is not on the grid")]),
    ("hexside-not-adjacent", "map.json", _set("boards/0/hexsides/0/hexes", ["0404", "0606"]),
     [("map.json", "/boards/0/hexsides/0/hexes", "hexes '0404' and '0606' are not adjacent, so they share no hexside")]),
    ("hexside-terrain-kind", "map.json", _set("boards/0/hexsides/0/terrain", "forest"),
     [("map.json", "/boards/0/hexsides/0/terrain", "terrain 'forest' applies to hexs, not to hexsides")]),
    ("unknown-hex-terrain", "map.json", _set("boards/0/hexes/1/terrain", ["forrest"]),
     [("map.json", "/boards/0/hexes/1/terrain/0", "unknown terrain type 'forrest'")]),
    ("hex-off-grid", "map.json", _set("boards/0/hexes/3/id", "0610"),
     [("map.json", "/boards/0/hexes/3/id", "hex '0610' is not on the grid")]),
    ("duplicate-hex", "map.json", _set("boards/0/hexes/2/id", "0404"),
     [("map.json", "/boards/0/hexes/2/id", "duplicate hex '0404'")]),
    ("flip-steps", "pieces.json", _set("pieces/1/faces/1/step", 2),
     [("pieces.json", "/pieces/1/faces", "a 'flip' unit needs counter 1 front at step 2 and back at step 1"),
      ("pieces.json", "/pieces/1/faces", "the faces' steps [2, 2] do not count down from 2 one by one")]),
    ("two-counters-without-dot", "pieces.json", _delete("pieces/0/faces/2/mark"),
     [("pieces.json", "/pieces/0/faces", "the lower counter of a 3-4 step unit carries a dot mark")]),
    ("flip-with-three-steps", "pieces.json", _set("pieces/1/steps/count", 3),
     [("pieces.json", "/pieces/1/steps/count", "a 'flip' unit has 2 steps, not 3")]),
    ("unknown-factor", "pieces.json", _set("pieces/2/faces/0/factors/atack", 1),
     [("pieces.json", "/pieces/2/faces/0/factors/atack", "unknown factor 'atack'")]),
    ("subdeck-sum", "pieces.json", _set("decks/0/subdecks/1/count", 4),
     [("pieces.json", "/decks/0/subdecks", "the sub-decks hold 6 cards but the deck has 3")]),
    ("card-unknown-subdeck", "pieces.json", _set("cards/2/subdeck", "middle"),
     [("pieces.json", "/cards/2/subdeck", "deck 'blue-deck' has no sub-deck 'middle'")]),
    ("deck-overfull", "pieces.json", _append("cards", {"id": "b4", "deck": "blue-deck", "title": "Extra"}),
     [("pieces.json", "/decks/0/count", "4 cards are listed for deck 'blue-deck', which has 3")]),
    ("table-row-short", "tables.json", _set("tables/0/cells/1", ["1/1", "0/1R"]),
     [("tables.json", "/tables/0/cells/1", "2 cells for 3 columns")]),
    ("result-pattern", "tables.json", _set("tables/0/cells/0/0", "1-0"),
     [("tables.json", "/tables/0/cells/0/0", "result '1-0' does not match the table's result_pattern")]),
    ("table-unknown-die", "tables.json", _set("tables/0/die", "d8"),
     [("tables.json", "/tables/0/die", "unknown die 'd8'")]),
    ("rule-unknown-table", "game.json", _set("rules/3/table", "crt2"),
     [("game.json", "/rules/3/table", "unknown table 'crt2'")]),
    ("hidden-pieces-unknown-side", "game.json", _set("hidden_information/0/pieces", {"sides": ["green"]}),
     [("game.json", "/hidden_information/0/pieces/sides/0", "unknown side 'green'")]),
    ("terrain-movement-unknown-piece", "map.json", _set("terrain/1/movement/never", {"pieces": ["nobody"]}),
     [("map.json", "/terrain/1/movement/never/pieces/0", "unknown piece 'nobody'")]),
    ("table-bad-pattern", "tables.json", _set("tables/0/result_pattern", "(unclosed"),
     [("tables.json", "/tables/0/result_pattern",
       "not a valid regular expression: missing ), unterminated subpattern at position 0")]),
    ("table-below-unknown-column", "tables.json", _set("tables/0/below", {"column": "3:1"}),
     [("tables.json", "/tables/0/below/column", "no column '3:1' in table 'crt'")]),
    ("die-too-many-faces", "tables.json", _set("dice/0/faces", [{"label": str(n)} for n in range(7)]),
     [("tables.json", "/dice/0/faces", "7 faces given for a die of 6 sides"),
      ("tables.json", "/dice/0/faces", "7 faces given for a die of 6 sides")]),
    ("sub-phase-unknown-side", "game.json", _set("sequence/1/phases/0/side", "green"),
     [("game.json", "/sequence/1/phases/0/side", "unknown side, faction or nationality 'green'")]),
    ("track-min-above-max", "game.json", _set("tracks/1/min", 30),
     [("game.json", "/tracks/1/min", "track 'vp' runs from 30 to 20")]),
    ("setup-off-track", "game.json", _set("scenarios/0/setup/4/at/value", 9),
     [("game.json", "/scenarios/0/setup/4/at/value", "9 is off track 'turn' (1..6)")]),
    ("setup-unknown-face", "game.json", _set("scenarios/0/setup/0/face", 5),
     [("game.json", "/scenarios/0/setup/0/face", "piece 'na-1' has no face 5")]),
    ("card-number-twice", "pieces.json", _set("cards/2/number", 1),
     [("pieces.json", "/cards/2/number", "card number 1 appears twice in deck 'blue-deck'")]),
    ("card-unknown-deck", "pieces.json", _set("cards/1/deck", "red-deck"),
     [("pieces.json", "/cards/1/deck", "unknown deck 'red-deck'")]),
    ("rule-unknown-attack-factor", "game.json", _set("rules/3/attack", "atk"),
     [("game.json", "/rules/3/attack", "unknown factor 'atk'")]),
    ("stacking-weights-without-size-weight", "game.json", _set("rules/0/weights", {"XX": 1}),
     [("game.json", "/rules/0/weights", 'weights apply only with "measure": "size-weight"')]),
    ("rule-target-unknown-space", "game.json", _set("rules/2/target", {"spaces": ["nowhere"]}),
     [("game.json", "/rules/2/target/spaces/0", "unknown space 'nowhere'")]),
    ("rows-overlap", "tables.json", _set("tables/0/rows/1/roll", {"min": 2, "max": 4}),
     [("tables.json", "/tables/0/rows/1/roll", "row 1 overlaps row 0 (rolls must increase down the table)")]),
    ("turn-note-off-track", "game.json", _set("turns/notes/0/turn", 9),
     [("game.json", "/turns/notes/0/turn", "turn 9 is not on the turn track (1..6)")]),
    ("setup-too-many-copies", "game.json", _set("scenarios/0/setup/3/count", 3),
     [("game.json", "/scenarios/0/setup/3/piece", "the setup places 3 of piece 'dummy', but the game has 2")]),
    ("setup-steps", "game.json", _set("scenarios/0/setup/1/steps", 3),
     [("game.json", "/scenarios/0/setup/1/steps", "piece 'na-2' has 2 steps; it cannot start with 3")]),
    ("total-mismatch", "game.json", _set("totals/0/count", 8),
     [("game.json", "/totals/0/count", "the rulebook counts 8 unità, but 6 are listed")]),
    ("missing-but-given", "tables.json", _set("tables/3/missing", ["die"]),
     [("tables.json", "/tables/3/missing/0", "'die' is listed as missing but is given")]),
    ("link-type-kind", "map.json", _set("boards/2/links/1/type", "forest"),
     [("map.json", "/boards/2/links/1/type", "terrain 'forest' applies to hexs, not to links")]),
    ("unknown-source", "game.json", _set("hidden_information/0/provenance/source", "manual"),
     [("game.json", "/hidden_information/0/provenance/source", "unknown source 'manual'")]),
    ("track-start-unknown", "game.json", _set("scenarios/0/track_start/0/track", "pv"),
     [("game.json", "/scenarios/0/track_start/0/track", "unknown track 'pv'")]),
    ("victory-side-unknown", "game.json", _set("scenarios/0/victory/0/side", "green"),
     [("game.json", "/scenarios/0/victory/0/side", "unknown side, faction or nationality 'green'")]),
    ("include-outside", "game.json", _set("include", ["map.json", "pieces.json", "tables.json", "../mini/../x.json"]),
     [("game.json", "/include/3", "include '../mini/../x.json' is outside the game folder")]),
    ("image-missing", "map.json", _set("boards/0/image", {"file": "scan.png", "origin": [50, 40], "hex_width_px": 100}),
     [("map.json", "/boards/0/image/file", "file 'scan.png' does not exist in {folder}")]),
    ("image-unreadable", "map.json", _set("boards/0/image", {"file": "map.json", "origin": [50, 40], "hex_width_px": 100}),
     [("map.json", "/boards/0/image/file", "the map picture 'map.json' is not a readable picture "
       "(cannot identify image file '{folder}/map.json')")]),
    ("image-uncalibrated", "map.json", _set("boards/0/image", {"file": "map.json"}),
     [("map.json", "/boards/0/image",
       "the map picture has no calibration: pieces cannot be put on its hexes")]),
    ("image-irregular-hex", "map.json", _set("boards/0/image", {"file": "map.json", "origin": [50, 40],
                                                                 "hex_width_px": 100, "hex_height_px": 60}),
     [("map.json", "/boards/0/image/hex_height_px",
       "hexes 100×60 px are not regular (a flat-topped hex 100 px wide is 86.6 px high)")]),
    ("space-on-wrong-board", "game.json", _set("scenarios/0/setup/4/at", {"board": "boxes", "space": "kiev"}),
     [("game.json", "/scenarios/0/setup/4/at/space", "space 'kiev' is on board 'east', not 'boxes'")]),
    ("box-leaves-its-picture", "map.json", _boxes_on_art({"x": 0.9, "y": 0.5, "w": 0.3, "h": 0.5}),
     [("map.json", "/boards/1/spaces/1/layout",
       "box 'eliminated' leaves the board's picture (from 0.75, 0.25 to 1.05, 0.75 of it)")]),
    ("box-on-another-box", "map.json", _boxes_on_art({"x": 0.3, "y": 0.5, "w": 0.3, "h": 0.5}),
     [("map.json", "/boards/1/spaces/1/layout", "box 'eliminated' lies on box 'reserve' on the board's picture")]),
    ("grid-axes-parallel", "map.json", _set("boards/0/grid/rows/increases", "east"),
     [("map.json", "/boards/0/grid/rows/increases",
       "columns grow east and rows grow east: one axis must run east-west and the other north-south")]),
]


def test_there_are_at_least_forty_distinct_broken_documents() -> None:
    assert len({c[0] for c in CASES}) == len(CASES) >= 40


@pytest.mark.parametrize("case_id,file,edit,expected", CASES, ids=[c[0] for c in CASES])
def test_broken_document(mini_copy, case_id, file, edit, expected) -> None:
    folder = mini_copy(file, edit)
    _doc, problems = validate_path(folder)
    got = [(p.file, p.pointer, p.message) for p in problems]
    want = [(f, p, m.replace("{folder}", str(folder))) for f, p, m in expected]
    assert got == want


def test_every_problem_is_reported_not_only_the_first(mini_copy) -> None:
    folder = mini_copy("pieces.json", _all(_set("pieces/3/id", "na-1"), _set("pieces/2/nationality", "XX"),
                                           _set("pieces/2/faces/0/factors/atack", 1)))
    _doc, problems = validate_path(folder)
    assert [(p.pointer, p.message) for p in problems] == [
        ("/pieces/2/faces/0/factors/atack", "unknown factor 'atack'"),
        ("/pieces/2/nationality", "unknown nationality 'XX'"),
        ("/pieces/3/id", "duplicate piece id 'na-1'"),
    ]


def test_hints_point_at_the_likely_fix(mini_copy) -> None:
    folder = mini_copy("map.json", _set("boards/0/hexes/1/terrain", ["forrest"]))
    _doc, problems = validate_path(folder)
    assert problems[0].hint == "did you mean 'forest'?"
    folder = mini_copy("game.json", _set("sides/0/colour", "#000000"))
    _doc, problems = validate_path(folder)
    assert problems[0].hint == "did you mean 'color'?"
