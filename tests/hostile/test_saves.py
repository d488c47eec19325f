"""Hostile saves and logs (issue 14): junk metadata is no date, huge numbers are text, and a
small file holding millions of tiny commands stops at the command limit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.conftest import Run
from tests.hostile.inputs import save_bytes

EMPTY = "begin_save\x1bend_save"


@pytest.mark.parametrize("stamp", ["²", "253402300800000", "1" + "0" * 20, "9" * 400, "-5",
                                   "12.5", "0x10"])
def test_a_junk_date_saved_is_no_date(run: Run, tmp_path: Path, stamp: str) -> None:
    log = tmp_path / "junk.vlog"
    log.write_bytes(save_bytes(EMPTY + "\x1bLOG\tCHAThi", date_saved=stamp))
    code, out, _ = run("dump", log, "--format", "json")
    assert code == 0 and json.loads(out)["savedata"]["saved"] is None
    code, out, _ = run("dump", log)
    assert code == 0 and "saved: ? by VASSAL" in out


def test_the_last_printable_date_is_shown(run: Run, tmp_path: Path) -> None:
    log = tmp_path / "late.vlog"
    log.write_bytes(save_bytes(EMPTY, date_saved="253402300799999"))
    code, out, _ = run("dump", log, "--format", "json")
    assert code == 0 and json.loads(out)["savedata"]["saved"] == "9999-12-31 23:59 UTC"


def test_a_dice_report_with_a_5000_digit_result_is_shown_as_text(
        run: Run, tmp_path: Path, mini_vmod: Path) -> None:
    log = tmp_path / "dice.vlog"
    log.write_bytes(save_bytes(EMPTY + "\x1bLOG\tCHAT*** 2d6 = " + "9" * 5000 + " *** <Alice>"))
    code, out, _ = run("dump", log)
    assert code == 0 and "Dice 2d6 = 9999" in out and "(values" not in out
    code, out, _ = run("dump", log, "--format", "json")
    assert code == 0 and "9" * 5000 in out
    code, out, err = run("audit", log, "--module", mini_vmod)
    assert code in (0, 1) and err == ""


def tiny_commands(count: int) -> str:
    return EMPTY + "\x1bLOG\tCHATx" * count


def test_millions_of_tiny_commands_stop_at_the_command_limit(
        run: Run, tmp_path: Path, mini_vmod: Path) -> None:
    log = tmp_path / "tiny.vlog"
    log.write_bytes(save_bytes(tiny_commands(300_000)))
    assert log.stat().st_size < 64 * 1024  # small on disk, big once inflated
    for args in (["dump", log], ["dump", log, "--format", "json"],
                 ["audit", log, "--module", mini_vmod]):
        code, out, err = run(*args)
        assert code == 2 and out == ""
        assert f"{log}: 300002 commands, over the limit of 200000 (commands in one save or " \
               "log; raise it with VCONV_MAX_LOG_COMMANDS)" in err


def test_the_command_limit_is_raised_by_its_variable(
        run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "some.vlog"
    log.write_bytes(save_bytes(tiny_commands(2000)))
    monkeypatch.setenv("VCONV_MAX_LOG_COMMANDS", "1000")
    code, _, err = run("dump", log)
    assert code == 2 and "over the limit of 1000" in err
    monkeypatch.setenv("VCONV_MAX_LOG_COMMANDS", "5000")
    code, out, _ = run("dump", log)
    assert code == 0 and "logged steps: 2000" in out


def test_a_log_of_exactly_the_command_limit_is_read_and_one_more_is_refused(
        run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "edge.vlog"
    log.write_bytes(save_bytes(tiny_commands(998)))  # with the save's own two: 1000
    monkeypatch.setenv("VCONV_MAX_LOG_COMMANDS", "1000")
    code, out, _ = run("dump", log)
    assert code == 0 and "logged steps: 998" in out
    monkeypatch.setenv("VCONV_MAX_LOG_COMMANDS", "999")
    code, out, err = run("dump", log)
    assert code == 2 and out == ""
    assert f"{log}: 1000 commands, over the limit of 999 (commands in one save or log" in err


def test_decoded_text_is_bounded(run: Run, tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "text.vlog"
    text = EMPTY + "\x1bLOG\tCHAT" + "x" * 5000
    log.write_bytes(save_bytes(text))
    monkeypatch.setenv("VCONV_MAX_LOG_TEXT_BYTES", "4096")
    code, _, err = run("dump", log)
    assert code == 2 and f"{log}:savedGame: {len(text)} bytes of commands, over the limit of 4096" in err
    assert "VCONV_MAX_LOG_TEXT_BYTES" in err


def test_a_save_with_a_dtd_in_its_metadata_shows_no_metadata(run: Run, tmp_path: Path) -> None:
    from converter.vassal.savefile import save_archive_bytes

    evil = '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE d [<!ENTITY e "EVIL">]>' \
           '<data><name>&e;</name><dateSaved>0</dateSaved></data>'
    log = tmp_path / "dtd.vlog"
    log.write_bytes(save_archive_bytes(EMPTY, savedata=evil.encode("utf-16"),
                                       moduledata=evil.encode("utf-16")))
    assert b"<!ENTITY" not in log.read_bytes()
    code, out, _ = run("dump", log, "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["savedata"] is None and doc["moduledata"] is None
    assert "EVIL" not in out


def _needing_version(archive: bytes, version: int) -> bytes:
    """*archive* whose central directory says its entries need ZIP version *version* / 10
    (Python's zipfile refuses past 6.3 with NotImplementedError, not BadZipFile)."""
    out = bytearray(archive)
    at = out.find(b"PK\x01\x02")
    assert at >= 0
    while at >= 0:
        out[at + 6:at + 8] = version.to_bytes(2, "little")
        at = out.find(b"PK\x01\x02", at + 4)
    return bytes(out)


@pytest.mark.parametrize("version", [225, 100])
def test_an_archive_needing_a_zip_version_nobody_has_is_corrupt_input(
        run: Run, tmp_path: Path, mini_vmod: Path, version: int) -> None:
    log = tmp_path / "future.vlog"
    log.write_bytes(_needing_version(save_bytes(EMPTY + "\x1bLOG\tCHAThi"), version))
    module = tmp_path / "future.vmod"
    module.write_bytes(_needing_version(mini_vmod.read_bytes(), version))
    shown = f"zip file version {version / 10:.1f}"
    for args in (["dump", log], ["dump", log, "--format", "json"],
                 ["audit", log, "--module", mini_vmod], ["dump", module],
                 ["import", module, "-o", tmp_path / "game"]):
        code, out, err = run(*args)
        assert code == 2 and out == "", args
        assert f"vconv {args[0]}: error: " in err and str(args[1]) in err and shown in err, args
    code, out, _ = run("check", module)  # check lists each module it was given, readable or not
    assert code == 2 and f"{module}: unreadable: {module}: not a ZIP archive ({shown})" in out
