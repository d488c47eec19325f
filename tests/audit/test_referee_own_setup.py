"""The referee flow on a module's own setup: `vconv import` the module, then `vconv audit
--game` the setup save the module carries.  Import and audit must take each saved piece for
the same piece of the game, or the module's own setup shows violations.

The small module here reproduces what real modules showed:
- Paths of Glory: several slots share a name ('Entrench', 'BRc'); import took the first slot
  of the name, the audit the one with most traits alike (34 false violations);
- For the People: nameless pieces (a label shows their text); import left them out and the
  audit guessed one slot for all of them ('24 copies of  () are in play; the game has 3');
- Paths of Glory: card-slot markers laid past the end of a player hand's board, which VASSAL
  names 'offboard' and import had placed on the board.
A saved piece keeps the gpid of the slot it was made from; both now ask one function.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from converter.cli import main
from converter.vassal.traits.piece import encode_chain
from tests.check.conftest import BUILDFILE, ESC, PROTO, UNIT, _save, write_module

DELETE = "delete;Delete;68,130"  # what prototype Unit (and Unit2) expands to


def slot(entry: str, gpid: int, types: list[str], states: list[str]) -> str:
    return (f'<VASSAL.build.widget.PieceSlot entryName="{entry}" gpid="{gpid}" width="64" '
            f'height="64">+/null/{encode_chain(types)}/{encode_chain(states)}'
            '</VASSAL.build.widget.PieceSlot>')


def stack(name: str, x: int, y: int, inner: str) -> str:
    return (f'<VASSAL.build.module.map.SetupStack name="{name}" owningBoard="Main" '
            f'useGridLocation="false" x="{x}" y="{y}">{inner}'
            '</VASSAL.build.module.map.SetupStack>')


def saved(pid: int, types: list[str], gpid: int | str, x: int, y: int, extra: list[str]) -> str:
    """An AddPiece as VASSAL saves it: prototypes expanded, the slot's gpid kept."""
    return (f"+/{pid}/{encode_chain(types)}/"
            f"{encode_chain(extra + [f'Main Map;{x};{y};{gpid};0'])}")


SCOUT_1 = ["prototype;Unit", "piece;;;front.png;Scout"]
SCOUT_2 = ["prototype;Unit2", "mark;Arm", "piece;;;front.png;Scout"]
NAMELESS_1 = ["prototype;Unit", "piece;;;back.png;"]
NAMELESS_2 = ["prototype;Unit2", "piece;;;back.png;"]
SIEGE_1 = ["prototype;Unit", "piece;;;siege.png;"]  # Inferno: two slots named only by the slot
SIEGE_2 = ["prototype;Unit2", "mark;Siege", "piece;;;siege.png;"]
BN = UNIT[len("+/null/"):].split("/")[0]  # the at-start '1st Bn' of the module

MODULE = BUILDFILE.replace(
    "</VASSAL.build.module.folder.PrototypeFolder>",
    f'<VASSAL.build.module.PrototypeDefinition name="Unit2" description="">{PROTO}'
    "</VASSAL.build.module.PrototypeDefinition></VASSAL.build.module.folder.PrototypeFolder>",
    1).replace(
    "</VASSAL.build.module.folder.MapSubFolder>",
    stack("Marker 1", 225, 25, slot("", 7, NAMELESS_1, ["", "null;0;0;7;0"]))
    + stack("Marker 2", 275, 25, slot("", 8, NAMELESS_2, ["", "null;0;0;8;0"]))
    + "</VASSAL.build.module.folder.MapSubFolder>", 1).replace(
    "</VASSAL.build.widget.ListWidget>",
    '</VASSAL.build.widget.ListWidget><VASSAL.build.widget.ListWidget entryName="Scouts">'
    + slot("Scout", 5, SCOUT_1, ["", "null;0;0;5;0"])
    + slot("Scout", 6, SCOUT_2, ["", "Cav", "null;0;0;6;0"])
    + slot("Siege Marker", 11, SIEGE_1, ["", "null;0;0;11;0"])
    + slot("Siege Marker", 12, SIEGE_2, ["", "Yes", "null;0;0;12;0"])
    + "</VASSAL.build.widget.ListWidget>", 1)

SETUP = ESC.join([
    "begin_save",
    "+/100/" + UNIT[len("+/null/"):].replace("null;0;0;{gpid};0", "Main Map;75;125;2;0"),
    saved(101, [DELETE, "piece;;;back.png;"], 7, 225, 25, [""]),
    saved(102, [DELETE, "piece;;;back.png;"], 8, 275, 25, [""]),
    saved(103, [DELETE, "piece;;;back.png;"], 8, 325, 125, [""]),
    saved(104, [DELETE, "piece;;;back.png;"], 8, 325, 175, [""]),
    saved(105, [DELETE, "mark;Arm", "piece;;;front.png;Scout"], 6, 300, 300, ["", "Cav"]),
    "+/106/" + UNIT[len("+/null/"):].replace("null;0;0;{gpid};0", "Main Map;450;100;1;0"),
    saved(107, [DELETE, "piece;;;back.png;"], 99, 325, 325, [""]),  # a gpid no slot has
    saved(109, [DELETE, "mark;Fort", "piece;;;fort.png;"], "", 325, 275, ["", "stone"]),  # neither
    # made by a Place Marker trait: named, with a gpid no slot has
    saved(108, [DELETE, "mark;Siege", "piece;;;siege.png;Siege Marker"], 1085, 300, 200, ["", "Yes"]),
    "Main MapBoardPicker\tMain\t0\t0",
    "end_save"])


@pytest.fixture(scope="module")
def referee(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], int, dict]:
    """The module imported once and its own setup save audited against the import: (the
    imported game's pieces and scenarios, the audit's exit code, its JSON report)."""
    tmp = tmp_path_factory.mktemp("referee")
    module = write_module(tmp / "own.vmod", MODULE,
                          files={"scenario.vsav": _save(SETUP)})
    game = tmp / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    save = tmp / "scenario.vsav"
    save.write_bytes(_save(SETUP))
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["audit", str(save), "--module", str(module), "--game", str(game),
                     "--format", "json"])
    imported = {name: json.loads((game / f"{name}.json").read_text(encoding="utf-8"))
                for name in ("pieces", "scenarios", "game")}
    return imported, code, json.loads(out.getvalue())


def _scenario(imported: dict[str, Any]) -> dict[str, Any]:
    return next(s for s in imported["scenarios"]["scenarios"] if s["id"] == "scenario")


def test_the_module_s_own_setup_gives_no_violation(referee: tuple[dict, int, dict]) -> None:
    _imported, code, report = referee
    assert [f["message"] for f in report["findings"]] == [] and code == 0
    judged = {c["check"]: c["applied"] for c in report["checks_run"]}
    # the 1st Bn beside the board too, the nameless piece of gpid 99 (no slot's) and the
    # fort saved with neither name nor gpid
    assert judged["setup"] == 8 and judged["counter-mix"] > 0


def test_a_named_piece_of_slots_named_only_by_the_slot_is_told_by_the_slot_s_name(
        referee: tuple[dict, int, dict]) -> None:
    """Inferno: two slots 'Siege Marker' whose BasicPiece is nameless, and a marker named
    'Siege Marker' that a Place Marker trait made (its gpid is no slot's).  Import and audit
    both take it for the slot of that name with most traits alike; import had placed the
    first slot's piece and the audit, finding no slot, found the name ambiguous, so the
    module's own setup showed '1 × Siege Marker missing'."""
    imported, _code, _report = referee
    placed = [p["piece"] for p in _scenario(imported)["setup"]]
    assert "siege-marker-2" in placed and "siege-marker" not in placed, placed


def test_of_slots_sharing_a_name_the_saved_piece_is_the_one_its_gpid_names(
        referee: tuple[dict, int, dict]) -> None:
    """The Scout of the save was made from the second 'Scout' slot (gpid 6), in the same
    list as the first: import places that piece (it had placed the first slot's, while the
    audit took the slot with most traits alike), and names its slot apart from the first."""
    imported, _code, _report = referee
    scouts = {p["id"]: p["provenance"]["note"] for p in imported["pieces"]["pieces"]
              if p["name"] == "Scout"}
    assert "Arm" not in json.dumps(imported["pieces"]["pieces"][0])
    placed = [p["piece"] for p in _scenario(imported)["setup"]]
    assert "scout-2" in placed and "scout" not in placed, placed
    assert "ListWidget[Scouts]/PieceSlot[Scout]#2" in scouts["scout-2"]


def test_nameless_pieces_are_told_by_their_gpid_in_import_and_audit(
        referee: tuple[dict, int, dict]) -> None:
    """Three saved copies of the second nameless marker (gpid 8): import places them (it had
    left every nameless piece out, and the audit guessed one slot for all nameless pieces),
    so the game has 3 of them and no count is found broken."""
    imported, _code, report = referee
    setup = [(p["piece"], p.get("count", 1)) for p in _scenario(imported)["setup"]]
    assert sum(n for pid, n in setup if pid == "piece") == 1
    assert sum(n for pid, n in setup if pid == "piece-2") == 3
    counts = {p["id"]: p.get("count") for p in imported["pieces"]["pieces"]}
    assert counts["piece-2"] == 3
    assert not any("copies" in f["message"] for f in report["findings"])
    notes = [n["text"] for n in imported["game"].get("notes", [])]
    assert any("1 piece of its saved game has no name and a slot id (gpid) no slot of the "
               "module has; kept as pieces of their own, one per gpid" in n for n in notes), notes


def test_a_nameless_piece_of_a_gpid_no_slot_has_is_kept_and_judged(
        referee: tuple[dict, int, dict]) -> None:
    """The nameless piece whose gpid (99) is no slot's: VASSAL lays it on the table, so import
    keeps it as a piece of its own (Inferno's Quick Start lost 47 such markers and cards), and
    the audit ties the saved piece to it by that gpid: judged, not 'no rule judged them'."""
    imported, _code, report = referee
    lost = [p for p in imported["pieces"]["pieces"]
            if "(saved gpid 99)" in p["provenance"]["note"]]
    assert [p["id"] for p in lost] == ["piece-3"], imported["pieces"]["pieces"]
    setup = [(p["piece"], p["at"]) for p in _scenario(imported)["setup"]]
    assert [at for pid, at in setup if pid == "piece-3"] == [{"board": "main", "space": "east"}]
    assert not any("no rule judged them" in n for n in report["notes"]), report["notes"]
    assert not any("piece-3" in f["message"] for f in report["findings"])
    # tied by its gpid, it is no 'untied game piece' of the mapping's summary
    tied = [n for n in report["notes"] if "untied game pieces" in n]
    assert tied and all(n.endswith("untied game pieces: 0") for n in tied), tied


def test_a_piece_past_the_board_is_kept_beside_it_as_vassal_says_offboard(
        referee: tuple[dict, int, dict]) -> None:
    """The 1st Bn at x=450 lies past the 400-pixel board: VASSAL names it 'offboard', the
    audit 'off the boards of Main Map'.  Import had placed it on the board as a whole (a
    false violation), then nowhere (Ragnarok's hero Surt lost from its set-up); it is kept at
    its pixel beside the board, which the audit finds off the boards of that map."""
    imported, _code, report = referee
    assert not any(p["at"].get("space") == "main" for p in _scenario(imported)["setup"])
    beside = [p for p in _scenario(imported)["setup"] if "point" in p["at"]]
    assert [(p["piece"], p["at"]) for p in beside] == [
        ("1st-bn", {"board": "main", "point": [450, 100]})], _scenario(imported)["setup"]
    notes = [n["text"] for n in imported["game"].get("notes", [])]
    assert any("1 piece of its saved game lies off the boards (VASSAL's 'offboard'), beside a "
               "board: '1st Bn' at (450,100) of board 'main'; kept in the scenario at that "
               "pixel of the board" in n for n in notes), notes
    assert not any("off the boards" in f["message"] for f in report["findings"])


def test_a_mapping_file_written_before_slots_at_one_path_were_told_apart_still_reads(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A mapping file proposed before this distinction keys both 'Scout' slots of one list
    at the one path (no `#2`).  Read as it is, the second slot was tied by its name alone, to
    the first slot's piece, and the module's own setup showed a violation; it is now tied to
    the piece import made of it, and the referee is told to propose the mapping again."""
    module = write_module(tmp_path / "own.vmod", MODULE, files={"scenario.vsav": _save(SETUP)})
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    mapping = tmp_path / "mapping.json"
    assert main(["audit", "--module", str(module), "--game", str(game), "--mapping",
                 str(mapping), "--propose-mapping"]) == 0
    data = json.loads(mapping.read_text(encoding="utf-8"))
    second = "Scout @ PieceWindow[Counters]/ListWidget[Scouts]/PieceSlot[Scout]#2"
    assert data["pieces"].pop(second) == "scout-2"  # as a file of the last session had it
    mapping.write_text(json.dumps(data), encoding="utf-8")
    save = tmp_path / "scenario.vsav"
    save.write_bytes(_save(SETUP))
    capsys.readouterr()
    code = main(["audit", str(save), "--module", str(module), "--game", str(game),
                 "--mapping", str(mapping), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert [f["message"] for f in report["findings"]] == [] and code == 0
    assert (f"the mapping {mapping} was written before slots sharing a folder path were told "
            f"apart ('<path>#2'): 1 slot(s) of the module are not in it ({second!r}); they "
            "are tied to the pieces import made of them; propose the mapping again "
            "(--propose-mapping) to see and edit them") in report["notes"], report["notes"]


def test_a_module_built_from_the_json_lays_the_piece_beside_the_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The point kept by import is a place a module built from the JSON alone (no kept build
    file) lays too: the scenario's saved game puts the 1st Bn at that pixel."""
    import zipfile

    module = write_module(tmp_path / "own.vmod", MODULE, files={"scenario.vsav": _save(SETUP)})
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    document = json.loads((game / "game.json").read_text(encoding="utf-8"))
    del document["vassal"]  # the game as JSON only: the builder lays every placement
    (game / "game.json").write_text(json.dumps(document), encoding="utf-8")
    assert main(["build", str(game), "-o", str(tmp_path / "dist"), "-q"]) == 0
    (built,) = (tmp_path / "dist").glob("*.vmod")
    save = tmp_path / "scenario.vsav"
    save.write_bytes(zipfile.ZipFile(built).read("scenarios/scenario.vsav"))
    capsys.readouterr()
    assert main(["dump", str(save)]) == 0
    laid = [line for line in capsys.readouterr().out.splitlines() if "'1st Bn'" in line]
    assert any(line.endswith("at Main (450,100)") for line in laid), laid


def test_a_zone_named_as_its_board_and_a_stack_on_the_board_s_edge_give_no_violation(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Bushido (a log VASSAL wrote through vlog-maker, judged by the module's own import): the
    board 'Battlefield' holds a zone 'Battlefield', and at-start stacks stand in the zone,
    in no zone, and on the right edge of a 390-pixel board (x=390: VASSAL says 'offboard').
    The audit named the zone's points by the board's space (the first of the two spaces
    named alike) and import placed the edge stack on its board: 8 false violations of the
    module's own set-up.  A name two spaces share now goes to the space of the kind VASSAL
    names (zone, or board for a point no zone names), and a stack past its board is kept
    beside it, as a setup save's piece is."""
    from tests.importer.test_real_world_modules import ZONED

    zone = ('<VASSAL.build.module.map.boardPicker.board.ZonedGrid>'
            '<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Main" '
            'path="0,0;400,0;400,200;0,200" locationFormat="$name$" useParentGrid="false"/>'
            '</VASSAL.build.module.map.boardPicker.board.ZonedGrid>')
    text = MODULE.replace(ZONED, zone).replace(
        'useGridLocation="true" location="1,2" x="0" y="0"',
        'useGridLocation="false" x="75" y="125"').replace(
        'x="225" y="25"', 'x="75" y="300"').replace('x="275" y="25"', 'x="400" y="25"')
    assert text.count('x="75" y="300"') == text.count('x="400" y="25"') == 1
    save = _save(ESC.join([
        "begin_save",
        "+/100/" + UNIT[len("+/null/"):].replace("null;0;0;{gpid};0", "Main Map;75;125;2;0"),
        saved(101, [DELETE, "piece;;;back.png;"], 7, 75, 300, [""]),
        saved(102, [DELETE, "piece;;;back.png;"], 8, 400, 25, [""]),
        "Main MapBoardPicker\tMain\t0\t0", "end_save"]))
    module = write_module(tmp_path / "zone.vmod", text, files={"scenario.vsav": save})
    game = tmp_path / "game"
    assert main(["import", str(module), "-o", str(game), "-q"]) == 0
    (tmp_path / "start.vsav").write_bytes(save)
    capsys.readouterr()
    code = main(["audit", str(tmp_path / "start.vsav"), "--module", str(module), "--game",
                 str(game), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert [f["message"] for f in report["findings"]] == [] and code == 0
    spaces = {s["id"]: s["kind"] for b in json.loads(
        (game / "boards.json").read_text(encoding="utf-8"))["boards"] for s in b["spaces"]}
    for scenario in json.loads((game / "scenarios.json").read_text(encoding="utf-8"))[
            "scenarios"]:
        at = {p["piece"]: p["at"] for p in scenario["setup"]}
        assert spaces[at["1st-bn"]["space"]] == "zone"
        assert spaces[at["piece"]["space"]] == "board"
        assert at["piece-2"] == {"board": "main", "point": [400, 25]}, scenario["id"]


def test_a_piece_of_neither_name_nor_gpid_is_kept_and_judged(
        referee: tuple[dict, int, dict]) -> None:
    """The fort saved with neither a name nor a gpid: import keeps it as a piece of its own
    (one per definition), and the audit ties the saved piece to it by that definition; it
    tied it to nothing ('no rule judged them', an untied game piece in the summary)."""
    imported, _code, report = referee
    forts = [p for p in imported["pieces"]["pieces"]
             if "(saved with neither a name nor a gpid; definition " in p["provenance"]["note"]]
    assert len(forts) == 1, imported["pieces"]["pieces"]
    setup = [(p["piece"], p["at"]) for p in _scenario(imported)["setup"]]
    assert [at for pid, at in setup if pid == forts[0]["id"]] == [
        {"board": "main", "space": "east"}]
    assert not any("no rule judged them" in n for n in report["notes"]), report["notes"]
    tied = [n for n in report["notes"] if "untied game pieces" in n]
    assert tied and all(n.endswith("untied game pieces: 0") for n in tied), tied
