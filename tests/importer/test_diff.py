"""`vconv diff`: what a maintainer changed between two versions of a real module."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from converter.cli import main
from converter.importer.diff import trait_key
from converter.vassal.buildfile import read_buildfile, write_buildfile
from converter.vassal.components import PieceSlot
from converter.vassal.traits import Marker
from tests.importer.helpers import TOUR


def _edited(tmp_path: Path, *edits: tuple[bytes, bytes], extra: dict[str, bytes] | None = None
            ) -> Path:
    """tour.vmod with its build file edited (each old text replaced once) and entries added."""
    target = tmp_path / "tour-2.vmod"
    with zipfile.ZipFile(TOUR) as src, zipfile.ZipFile(target, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == "buildFile":
                for old, new in edits:
                    assert old in data, old
                    data = data.replace(old, new, 1)
            dst.writestr(info, data)
        for name, data in (extra or {}).items():
            dst.writestr(name, data)
    return target


def _run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["diff", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_module_against_itself_is_the_same_exit_0(capsys) -> None:
    code, out, err = _run(capsys, str(TOUR), str(TOUR))
    assert code == 0 and err == ""
    assert out.strip() == f"{TOUR} and {TOUR}: the same module"


def test_changes_are_listed_by_component_and_piece(tmp_path: Path, capsys) -> None:
    buildfile = zipfile.ZipFile(TOUR).read("buildFile")
    region = buildfile.index(b"<VASSAL.build.module.map.boardPicker.board.Region ")
    region_xml = buildfile[region:buildfile.index(b"/>", region) + 2]
    new = _edited(tmp_path,
                  (b'mapName="Main Map" markMoved="Always" markUnmovedIcon="/images/unmoved.gif" edgeWidth="0"',
                   b'mapName="Main Map" markMoved="Always" markUnmovedIcon="/images/unmoved.gif" edgeWidth="20"'),
                  (region_xml, b""),
                  (b"piece;;X;USA-1ME;1ME", b"piece;;X;USA-1ME;1ME*"),
                  extra={"images/new.png": b"png"})
    code, out, err = _run(capsys, str(TOUR), str(new))
    assert code == 1 and err == ""
    region_name = region_xml.split(b'name="', 1)[1].split(b'"', 1)[0].decode()
    lines = out.splitlines()
    assert "components: 0 added, 1 removed, 1 changed" in lines
    assert any(line.startswith("  - ") and f"Region[{region_name}]" in line for line in lines)
    assert "  ~ Map[Main Map]" in lines
    assert "      edgeWidth: '0' → '20'" in lines
    assert "pieces: 0 added, 0 removed, 1 changed" in lines
    slot = next(line for line in lines if line.startswith("  ~ ") and "PieceSlot[1ME]" in line)
    block = lines[lines.index(slot) + 1:]
    assert any(line.startswith("      trait ~ piece;: 'piece;;X;USA-1ME;1ME'") for line in block)
    assert "files: 1 added, 0 removed, 0 changed" in lines
    assert "  + images/new.png" in lines


def test_json_lists_added_removed_and_changed_traits_and_properties(tmp_path: Path,
                                                                    capsys) -> None:
    # the maintainer gives 1ME a Side marker in place of its first report trait
    root = read_buildfile(zipfile.ZipFile(TOUR).read("buildFile"), "tour")
    slot = next(s for s in root.find_all(PieceSlot) if s.entry_name == "1ME")
    piece = slot.piece
    dropped = piece.traits.pop(0).encode_type()
    piece.traits.insert(0, Marker.of({"Side": "Allies"}))
    slot.piece = piece
    new = tmp_path / "tour-2.vmod"
    with zipfile.ZipFile(TOUR) as src, zipfile.ZipFile(new, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, write_buildfile(root) if info.filename == "buildFile"
                         else src.read(info))
    code, out, _ = _run(capsys, str(TOUR), str(new), "--format", "json")
    doc = json.loads(out)
    assert code == 1 and doc["same"] is False
    assert doc["components"] == {"added": [], "removed": [], "changed": []}
    (change,) = doc["pieces"]["changed"]
    assert change["path"].endswith("PieceSlot[1ME]")
    assert change["traits_added"] == ["mark;Side"]
    assert change["traits_removed"] == [trait_key(dropped)]
    assert trait_key(dropped).startswith("report;")
    assert change["properties"] == {"Side": [None, "Allies"]}


@pytest.mark.parametrize("which", ["old", "new"])
def test_an_unreadable_module_is_exit_2(which: str, tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.vmod"
    bad.write_text("not a zip")
    args = [str(bad), str(TOUR)] if which == "old" else [str(TOUR), str(bad)]
    code, out, err = _run(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith(f"vconv diff: error: {bad}: not a ZIP archive")


def test_a_trait_in_another_state_is_a_change_of_that_trait(tmp_path: Path, capsys) -> None:
    from converter.vassal.traits import Layer

    root = read_buildfile(zipfile.ZipFile(TOUR).read("buildFile"), "tour")
    slot = next(s for s in root.find_all(PieceSlot) if s.entry_name == "Jagd Pz Tiger")
    piece = slot.piece
    layer = next(t for t in piece.traits if isinstance(t, Layer) and t.name == "")
    before = layer.encode_state()
    layer.value = 3
    slot.piece = piece
    new = tmp_path / "tour-3.vmod"
    with zipfile.ZipFile(TOUR) as src, zipfile.ZipFile(new, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, write_buildfile(root) if info.filename == "buildFile"
                         else src.read(info))
    code, out, _ = _run(capsys, str(TOUR), str(new), "--format", "json")
    (change,) = json.loads(out)["pieces"]["changed"]
    key = trait_key(layer.encode_type()) + " (state)"
    assert code == 1 and change["traits_changed"] == {key: [before, layer.encode_state()]}
    assert before == "-4;" and layer.encode_state() == "3;"


def _with_named_keys(tmp_path: Path, name: str, code: int, key: str) -> Path:
    """tour.vmod with the Force Pool's button and the Tiger's layer reset on the named key
    *key*, written with the private *code* the editor gave it."""
    root = read_buildfile(zipfile.ZipFile(TOUR).read("buildFile"), "tour")
    from converter.vassal.traits import Layer

    slot = next(s for s in root.find_all(PieceSlot) if s.entry_name == "Jagd Pz Tiger")
    piece = slot.piece
    layer = next(t for t in piece.traits if isinstance(t, Layer) and t.name == "")
    layer.reset_key = f"{code},0,{key}"
    slot.piece = piece
    text = write_buildfile(root).replace(b'hotkey="70,195"', f'hotkey="{code + 1},0,{key}"'.encode())
    target = tmp_path / name
    with zipfile.ZipFile(TOUR) as src, zipfile.ZipFile(target, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, text if info.filename == "buildFile" else src.read(info))
    return target


def test_named_keys_renumbered_by_the_editor_are_no_change(tmp_path: Path, capsys) -> None:
    """The editor renumbers every named key command's private code when one is added, and
    VASSAL gives them codes afresh at load: only their names count.  Paths of Glory 10.5 →
    10.8 listed 196 changed pieces, 145 of them for these codes alone."""
    old = _with_named_keys(tmp_path, "old.vmod", 57949, "Flip")
    renumbered = _with_named_keys(tmp_path, "renumbered.vmod", 57968, "Flip")
    code, out, err = _run(capsys, str(old), str(renumbered))
    assert (code, err) == (0, "") and out.strip() == f"{old} and {renumbered}: the same module"

    renamed = _with_named_keys(tmp_path, "renamed.vmod", 57968, "Flop")
    code, out, _ = _run(capsys, str(old), str(renamed), "--format", "json")
    report = json.loads(out)
    assert code == 1
    (component,) = report["components"]["changed"]
    assert component["attributes"] == {"hotkey": ["57950,0,Flip", "57969,0,Flop"]}
    (piece,) = report["pieces"]["changed"]
    (key,) = piece["traits_changed"]
    assert piece["traits_changed"][key][1].count("57968,0,Flop") == 1

    plain = _with_named_keys(tmp_path, "plain.vmod", 70, "")  # a plain key: its code counts
    other = _with_named_keys(tmp_path, "other.vmod", 71, "")
    code, out, _ = _run(capsys, str(plain), str(other))
    assert code == 1 and "hotkey: '71,0,' → '72,0,'" in out


RESERVES = b"return;Send to Reserves;82,130;Airplane Reserves\tpiece;;;ALLIED_Dauntless_1;Dauntless/\tnull;0;0"


@pytest.mark.parametrize("appended, same", [
    (b";Select destination;;2;false;Airplane Reserves", True),  # what VASSAL reads the old as
    (b";Select destination;;2;true;Airplane Reserves", False),  # now asks for the deck
    (b";Select destination;;2;false;Fighter Reserves", False),  # another deck
    (b";Pick a deck", False),  # another prompt
])
def test_fields_a_newer_editor_appends_with_their_defaults_are_no_change(
        appended: bytes, same: bool, tmp_path: Path, capsys) -> None:
    """A newer VASSAL editor writes every trait's later fields when it saves (Paths of Glory
    10.5 → 10.8: a `return;` gained `;;2;false;CP Discard`, 40 traits such tails); VASSAL reads
    the shorter text alike, so only an appended value other than its default is a change."""
    new = _edited(tmp_path, (RESERVES, RESERVES.replace(b"Reserves\tpiece",
                                                         b"Reserves" + appended + b"\tpiece")))
    code, out, err = _run(capsys, str(TOUR), str(new), "--format", "json")
    assert err == ""
    if same:
        assert code == 0 and json.loads(out)["same"] is True
    else:
        (piece,) = json.loads(out)["pieces"]["changed"]
        assert code == 1 and list(piece["traits_changed"]) == ["return;Send to Reserves"]


def test_a_slots_stored_position_is_no_change_its_map_is(tmp_path: Path, capsys) -> None:
    """A palette slot's piece is laid where it is dropped: the position the editor stored with
    it (Paths of Glory's prototypes moved from 0,0 to 37,32) is not shown."""
    moved = _edited(tmp_path, (RESERVES, RESERVES.replace(b"null;0;0", b"null;37;32")))
    code, out, err = _run(capsys, str(TOUR), str(moved))
    assert (code, err) == (0, "") and out.strip().endswith("the same module")
    elsewhere = _edited(tmp_path, (RESERVES, RESERVES.replace(b"null;0;0", b"Main Map;0;0")))
    code, out, _ = _run(capsys, str(TOUR), str(elsewhere))
    assert code == 1 and "piece; (state): 'null;0;0' → 'Main Map;0;0'" in out
