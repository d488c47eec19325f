"""`vconv check` as a user runs it: one line per finding, JSON, exit codes, --fix-gpids."""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path

import pytest

from converter.cli import main
from tests.check.conftest import BUILDFILE, write_module

TOUR = Path(__file__).resolve().parents[1] / "data" / "real" / "tour.vmod"


def broken(tmp_path: Path, name: str = "m.vmod", **replace: str) -> Path:
    text = BUILDFILE
    for old, new in replace.items():
        text = text.replace(old, new)
    return write_module(tmp_path / name, text)


DUPLICATE = {'gpid="3"': 'gpid="1"', "null;0;0;3;0": "null;0;0;1;0"}


def test_clean_module_exits_0(tmp_path: Path, capsys) -> None:
    path = write_module(tmp_path / "ok.vmod")
    assert main(["check", str(path)]) == 0
    assert capsys.readouterr().out == f"{path}: 0 error(s), 0 warning(s), 0 info\n"


def test_errors_exit_1_with_where_what_and_hint(tmp_path: Path, capsys) -> None:
    path = broken(tmp_path, **{'nextPieceSlotId="10"': 'nextPieceSlotId="ten"'})
    assert main(["check", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "error: buildFile.xml:2: GameModule (@nextPieceSlotId): nextPieceSlotId 'ten' is not "
        "an integer; VASSAL cannot load the module (hint: run `vconv check --fix-gpids MODULE "
        "-o FIXED.vmod`, or open and save the module in VASSAL's editor)")
    assert lines[-1] == f"{path}: 1 error(s), 0 warning(s), 0 info"


def test_a_duplicate_gpid_is_a_warning_met_in_play(tmp_path: Path, capsys) -> None:
    """VASSAL loads the module without a word; Refresh Counters finds the first definition."""
    path = broken(tmp_path, **DUPLICATE)
    assert main(["check", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "warning (in play): buildFile.xml:33: PieceWindow[Counters]/ListWidget[Units]/"
        "PieceSlot[1st Bn] (@gpid): gpid 1 is also used by Map[Main Map]/DrawPile[Deck]/"
        "CardSlot[Card A] (line 28); Refresh Counters will pick the wrong definition (hint: "
        "run `vconv check --fix-gpids MODULE -o FIXED.vmod`, or open and save the module in "
        "VASSAL's editor)")
    assert lines[-1] == f"{path}: 0 error(s), 1 warning(s) (1 met only in play), 0 info"
    assert main(["check", "--strict", str(path)]) == 1


def test_warnings_exit_0_unless_strict(tmp_path: Path) -> None:
    path = broken(tmp_path, **{'name="East"': 'name="West"'})
    assert main(["check", str(path)]) == 0
    assert main(["check", "--strict", str(path)]) == 1


def test_json_output(tmp_path: Path, capsys) -> None:
    path = broken(tmp_path, **DUPLICATE)
    assert main(["check", "--format", "json", str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    (report,) = doc["modules"]
    assert (report["module"], report["errors"], report["warnings"]) == (str(path), 0, 1)
    assert report["findings"][0]["code"] == "duplicate-gpid"
    assert set(report["findings"][0]) == {"severity", "code", "where", "message", "hint",
                                          "in_play"}
    assert report["findings"][0]["in_play"] is True and report["in_play"] == 1


def test_a_fault_met_in_play_is_a_warning_that_says_so(tmp_path: Path, capsys) -> None:
    """A missing prototype: VASSAL's load says nothing, the piece plays without its traits."""
    path = broken(tmp_path, **{'name="Unit" description=""': 'name="Units" description=""'})
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "warning (in play): " in out and "(2 met only in play)" in out
    assert main(["check", "--format", "json", str(path)]) == 0
    (report,) = json.loads(capsys.readouterr().out)["modules"]
    assert report["in_play"] == 2 and all(f["in_play"] for f in report["findings"])
    assert main(["check", "--strict", str(path)]) == 1


def test_output_is_the_same_every_run(tmp_path: Path, capsys) -> None:
    main(["check", "--format", "json", str(TOUR)])
    first = capsys.readouterr().out
    main(["check", "--format", "json", str(TOUR)])
    assert capsys.readouterr().out == first


def test_several_modules_worst_exit_code_wins(tmp_path: Path, capsys) -> None:
    good = write_module(tmp_path / "ok.vmod")
    bad = tmp_path / "bad.vmod"
    bad.write_bytes(b"not a zip at all")
    assert main(["check", str(good), str(bad)]) == 2
    captured = capsys.readouterr()
    assert f"{good}: 0 error(s)" in captured.out
    assert f"vconv check: error: {bad}: not a ZIP archive" in captured.err
    assert "Traceback" not in captured.err


@pytest.mark.parametrize("content", [b"", b"PK\x03\x04garbage"])
def test_unreadable_module_exits_2(tmp_path: Path, capsys, content: bytes) -> None:
    path = tmp_path / "x.vmod"
    path.write_bytes(content)
    assert main(["check", str(path)]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_save_given_as_module_exits_2(tmp_path: Path, capsys) -> None:
    path = tmp_path / "game.vsav"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("savedGame", "begin_save")
    assert main(["check", str(path)]) == 2
    assert "saved game, not a module" in capsys.readouterr().err


def test_missing_file_exits_2(tmp_path: Path, capsys) -> None:
    assert main(["check", str(tmp_path / "nope.vmod")]) == 2
    assert "no such module file" in capsys.readouterr().err


def test_output_option_needs_fix_gpids(tmp_path: Path, capsys) -> None:
    path = write_module(tmp_path / "ok.vmod")
    assert main(["check", str(path), "-o", str(tmp_path / "x.vmod")]) == 2


def test_fix_gpids_renumbers_and_changes_nothing_else(tmp_path: Path, capsys) -> None:
    path = broken(tmp_path, **DUPLICATE, **{'gpid="2"': 'gpid=""'})
    fixed = tmp_path / "fixed.vmod"
    assert main(["check", "--fix-gpids", str(path), "-o", str(fixed)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{fixed}: line 24: Map[Main Map]/SetupStack[Reserve]/PieceSlot[1st Bn]: gpid '' -> '10'",
        f"{fixed}: line 33: PieceWindow[Counters]/ListWidget[Units]/PieceSlot[1st Bn]: gpid '1' -> '11'",
        f"{fixed}: 2 gpid(s) renumbered; nextPieceSlotId '10' -> '12'"]
    assert main(["check", str(fixed)]) == 0
    with zipfile.ZipFile(path) as a, zipfile.ZipFile(fixed) as b:
        assert a.namelist() == b.namelist()
        for name in a.namelist():
            if name != "buildFile.xml":
                assert a.read(name) == b.read(name)
                assert a.getinfo(name).date_time == b.getinfo(name).date_time
        before, after = a.read("buildFile.xml").decode(), b.read("buildFile.xml").decode()
    assert after == (before.replace('nextPieceSlotId="10"', 'nextPieceSlotId="12"')
                     .replace('gpid="" width', 'gpid="10" width')
                     .replace('PieceSlot entryName="1st Bn" gpid="1"',
                              'PieceSlot entryName="1st Bn" gpid="11"'))


def test_fix_gpids_copies_other_entries_byte_for_byte(tmp_path: Path) -> None:
    fixed = tmp_path / "tour-fixed.vmod"
    assert main(["check", "--fix-gpids", str(TOUR), "-o", str(fixed)]) == 0
    raw = TOUR.read_bytes()
    with zipfile.ZipFile(TOUR) as a, zipfile.ZipFile(fixed) as b:
        assert b.testzip() is None
        for info in a.infolist():
            if info.filename == "buildFile":
                continue
            start = info.header_offset
            other = b.getinfo(info.filename)
            new = fixed.read_bytes()
            assert raw[start:start + 30 + len(info.filename) + info.compress_size] == \
                new[other.header_offset:other.header_offset + 30 + len(info.filename)
                    + other.compress_size]
    assert main(["check", "--strict", str(fixed)]) == 1  # only the other warnings remain
    assert main(["check", "--fix-gpids", str(TOUR), "-o", str(tmp_path / "again.vmod")]) == 0
    assert (tmp_path / "again.vmod").read_bytes() == fixed.read_bytes()


def test_fix_gpids_refuses_to_overwrite_its_input(tmp_path: Path, capsys) -> None:
    path = broken(tmp_path, **DUPLICATE)
    before = path.read_bytes()
    assert main(["check", "--fix-gpids", str(path), "-o", str(path)]) == 2
    assert path.read_bytes() == before


def test_fix_gpids_leaves_no_partial_file_on_failure(tmp_path: Path, monkeypatch) -> None:
    path = broken(tmp_path, **DUPLICATE)
    out = tmp_path / "out" / "fixed.vmod"
    import converter.atomic as atomic

    def boom(*args: object, **kw: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(atomic.os, "fsync", boom)
    assert main(["check", "--fix-gpids", str(path), "-o", str(out)]) == 2  # one line, no traceback
    assert not out.exists() and os.listdir(out.parent) == []


def test_fix_gpids_renumbers_a_slot_sharing_a_place_marker_id(tmp_path: Path, capsys) -> None:
    marker = "placemark;Place;80,130;null;null;0;0;false;;;2;0;false"
    proto = "+/null/delete;Delete;68,130;\tpiece;;;;/\tnull;0;0;;0"
    path = broken(tmp_path, **{proto: f"+/null/{marker}\tdelete;Delete;68,130;\\\tpiece;;;;"
                                      "/\t\\\tnull;0;0;;0"})
    assert main(["check", str(path)]) == 0
    assert "Place Marker 'Place'" in capsys.readouterr().out
    fixed = tmp_path / "fixed.vmod"
    assert main(["check", "--fix-gpids", str(path), "-o", str(fixed)]) == 0
    assert "SetupStack[Reserve]/PieceSlot[1st Bn]: gpid '2' -> '10'" in capsys.readouterr().out
    assert main(["check", str(fixed)]) == 0


def test_a_module_with_an_entry_named_twice_is_unreadable(tmp_path: Path, capsys) -> None:
    """Which copy a reader takes differs (zipfile the last, VASSAL the first): refused, as the
    importer and the auditor refuse it."""
    import warnings
    import zipfile

    path = tmp_path / "twice.vmod"
    with zipfile.ZipFile(TOUR) as src, zipfile.ZipFile(path, "w") as out, \
            warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns of the duplicate it is asked to write
        for info in src.infolist():
            out.writestr(info, src.read(info))
        out.writestr("buildFile", b"<VASSAL.launch.BasicModule/>")
    assert main(["check", str(path)]) == 2
    assert "archive entry 'buildFile' appears twice" in capsys.readouterr().err
