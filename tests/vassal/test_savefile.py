"""Saves and logs: every savedGame encoding, the archive, limits, errors and the writer."""

from __future__ import annotations

import io
import struct
import subprocess
import time
import zipfile
import zlib
from concurrent.futures import Future
from pathlib import Path

import pytest

from tests.helpers_vassal import (VassalCheckResult, pywargame_python, start_vassal_check,
                                  vassal_checker)

from converter.errors import InputError, VassalFormatError
from converter.vassal.commands import read_record
from converter.vassal.savefile import (
    Encoding, ReadLimits, decode_saved_game, encode_saved_game, read_save, read_save_bytes,
    save_archive_bytes, savedata_xml, write_save, write_save_file)

REAL = Path(__file__).resolve().parents[1] / "data" / "real"
GAMES = sorted(p.name for p in REAL.glob("*.v*") if p.suffix in (".vsav", ".vlog"))
PYWARGAME = pywargame_python()
CHECKER = vassal_checker()


def test_the_reference_example_decodes_and_encodes() -> None:
    # §4.2: key 0x2a, "begin_save"
    assert decode_saved_game(b"!VCSK2a484f4d434475594b5c4f") == ("begin_save", Encoding.VCSK, 0x2a)
    assert encode_saved_game("begin_save", Encoding.VCSK, 0x2a) == b"!VCSK2a484f4d434475594b5c4f"


def test_upper_case_hex_is_read_too() -> None:
    assert decode_saved_game(b"!VCSK2A484F4D434475594B5C4F")[0] == "begin_save"


@pytest.mark.parametrize("encoding", list(Encoding))
def test_each_encoding_round_trips_unicode(encoding: Encoding) -> None:
    text = "begin_save\x1bCHAT<Zoë> - Übergang über die Brücke ✓\x1bend_save"
    raw = encode_saved_game(text, encoding, 0x7f)
    assert decode_saved_game(raw) == (text, encoding,
                                      0x7f if encoding in (Encoding.VCSK, Encoding.VOBS)
                                      else None)


def test_vobs_is_four_bytes_a_raw_key_then_xor() -> None:
    raw = encode_saved_game("begin_save", Encoding.VOBS, 1)
    assert raw[:5] == b"VOBS\x01"
    assert bytes(b ^ 1 for b in raw[5:]) == b"begin_save"


@pytest.mark.parametrize("name", GAMES)
def test_real_files_decode_and_encode_back_byte_for_byte(name: str) -> None:
    save = read_save(REAL / name)
    raw = zipfile.ZipFile(REAL / name).read("savedGame")
    assert save.text.startswith("begin_save")
    assert encode_saved_game(save.text, save.encoding, save.key) == raw


def test_real_file_encodings_and_members() -> None:
    assert read_save(REAL / "tour.vlog").encoding is Encoding.PLAIN
    modern = read_save(REAL / "tour-vassal36.vlog")
    assert modern.encoding is Encoding.VCSK
    assert [m.name for m in modern.members] == ["savedGame", "savedata", "moduledata"]
    assert modern.moduledata is not None and b"<name>VASSAL Tour</name>" in modern.moduledata
    assert b"3.6.0" in (modern.savedata or b"")


def test_bare_savedgame_stream_is_read(tmp_path: Path) -> None:
    bare = tmp_path / "savedGame"
    bare.write_bytes(encode_saved_game("begin_save\x1bend_save", Encoding.VOBS, 9))
    save = read_save(bare)
    assert (save.archive, save.encoding, save.key) == (False, Encoding.VOBS, 9)


# ----------------------------------------------------------------------------- errors

@pytest.mark.parametrize("raw, expected", [
    (b"!VCSK2a484f4d434475594b5c4", "odd number of hex digits"),
    (b"!VCSK2a484f4d43zz75594b5c4f", "non-hex character b'z' at byte 15"),
    (b"!VCSK", "cut off before its key"),
    (b"VOBS", "no key byte"),
    (b"!VCSK00ff", "not UTF-8 at byte 7 (wrong key?)"),
    (b"!VCSK2b484f4d434475594b5c4f", "does not start with 'begin_save' (wrong key?)"),
    (b"\xfd7zXZ\x00garbage", "broken xz stream"),
    (b"hello world", "does not start with 'begin_save'"),
])
def test_bad_savedgame_streams_say_what_and_where(raw: bytes, expected: str) -> None:
    with pytest.raises(VassalFormatError, match="^game.vsav:savedGame: .*") as info:
        decode_saved_game(raw, source="game.vsav:savedGame")
    assert expected in str(info.value)


def test_cut_off_xz_stream() -> None:
    raw = encode_saved_game("begin_save" * 100, Encoding.XZ)
    with pytest.raises(VassalFormatError, match="cut off"):
        decode_saved_game(raw[:-8], source="s")


def test_truncated_zip_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cut.vlog"
    path.write_bytes((REAL / "tour-vassal36.vlog").read_bytes()[:1500])
    with pytest.raises(VassalFormatError, match=r"cut\.vlog: not a readable zip archive"):
        read_save(path)


def test_garbage_and_missing_files_are_input_errors(tmp_path: Path) -> None:
    junk = tmp_path / "junk.vsav"
    junk.write_bytes(b"\x00\x01garbage")
    with pytest.raises(InputError, match=r"junk\.vsav: not a VASSAL save or log.*byte 0"):
        read_save(junk)
    with pytest.raises(InputError, match="cannot read file"):
        read_save(tmp_path / "missing.vlog")
    (tmp_path / "empty.vlog").write_bytes(b"")
    with pytest.raises(InputError, match="empty"):
        read_save(tmp_path / "empty.vlog")


def test_archive_without_savedgame(tmp_path: Path) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("notes.txt", "x")
    with pytest.raises(VassalFormatError, match="no 'savedGame' entry.*notes.txt"):
        read_save_bytes(buf.getvalue(), source="x.vsav")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("buildFile", "<x/>")
    with pytest.raises(VassalFormatError, match="m.vmod: a VASSAL module .*not a save or log"):
        read_save_bytes(buf.getvalue(), source="m.vmod")


@pytest.mark.parametrize("bad", ["../evil", "/etc/passwd", "a/../../b", "C:/x"])
def test_unsafe_member_names_are_refused(bad: str) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("savedGame", "begin_save")
        z.writestr(bad, "x")
    with pytest.raises(VassalFormatError, match="unsafe archive entry name"):
        read_save_bytes(buf.getvalue(), source="x.vsav")


def _deflate_bomb(gigabytes: float, declared: int) -> bytes:
    """A zip whose savedGame inflates to *gigabytes* of zeros (about 1 MB per GB on disk)."""
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = comp.compress(bytes(1 << 20)) + comp.flush(zlib.Z_FULL_FLUSH)
    tail = comp.flush()
    data = block * int(gigabytes * 1024) + tail
    name = b"savedGame"
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, 0, len(data), declared,
                        len(name), 0) + name
    central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x21, 0,
                          len(data), declared, len(name), 0, 0, 0, 0, 0, 0) + name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central),
                      len(local) + len(data), 0)
    return local + data + central + end


@pytest.mark.parametrize("declared", [1 << 30, 100])
def test_decompression_bomb_stops_quickly(tmp_path: Path, declared: int) -> None:
    # an honest header is refused at once; with a lying one, zipfile inflates only the
    # declared bytes and the CRC check fails: either way a clear error, no gigabyte in memory
    path = tmp_path / "bomb.vsav"
    path.write_bytes(_deflate_bomb(1, declared))
    assert path.stat().st_size < 1_200_000
    start = time.monotonic()
    with pytest.raises(VassalFormatError,
                       match=r"bomb\.vsav: entry 'savedGame' .*(limit|corrupt or truncated)"):
        read_save(path)
    assert time.monotonic() - start < 10


def test_xz_bomb_inside_a_small_entry_is_stopped() -> None:
    raw = encode_saved_game("begin_save" + "x" * 300_000, Encoding.XZ)
    with pytest.raises(VassalFormatError, match="decompresses past the 1000 byte limit"):
        decode_saved_game(raw, source="s", limits=ReadLimits(max_member_bytes=1000))


# ----------------------------------------------------------------------------- writing

def test_archives_are_deterministic_sorted_and_deflated(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    text = read_save(REAL / "tour.vlog").text
    a = write_save(tmp_path / "a.vlog", text, savedata=savedata_xml(), moduledata=b"<data/>")
    b = write_save(tmp_path / "b.vlog", text, savedata=savedata_xml(), moduledata=b"<data/>")
    assert a.read_bytes() == b.read_bytes()
    infos = zipfile.ZipFile(a).infolist()
    assert [i.filename for i in infos] == ["moduledata", "savedGame", "savedata"]
    assert {i.date_time for i in infos} == {(2023, 11, 14, 22, 13, 20)}
    assert {i.compress_type for i in infos} == {zipfile.ZIP_DEFLATED}
    assert b"<dateSaved>1700000000000</dateSaved>" in zipfile.ZipFile(a).read("savedata")
    assert not list(tmp_path.glob(".*part"))


@pytest.mark.parametrize("encoding", list(Encoding))
@pytest.mark.parametrize("name", GAMES)
def test_read_write_read_keeps_everything(tmp_path: Path, name: str,
                                          encoding: Encoding) -> None:
    original = read_save(REAL / name)
    out = write_save_file(tmp_path / name, original, encoding=encoding)
    again = read_save(out)
    assert again.encoding is encoding
    assert (again.text, again.savedata, again.moduledata) == \
        (original.text, original.savedata, original.moduledata)
    assert read_record(again.text).root == read_record(original.text).root


def test_writer_refuses_bad_keys() -> None:
    with pytest.raises(VassalFormatError, match="VOBS key must be 1-255"):
        encode_saved_game("begin_save", Encoding.VOBS, 0)
    with pytest.raises(VassalFormatError, match="0-255"):
        encode_saved_game("begin_save", Encoding.VCSK, 256)


def test_bytes_in_a_zip_written_by_us_are_what_vassal_reads() -> None:
    data = save_archive_bytes("begin_save\x1bend_save", key=0x2a)
    assert zipfile.ZipFile(io.BytesIO(data)).read("savedGame") == \
        b"!VCSK2a" + encode_saved_game("begin_save\x1bend_save", key=0x2a)[7:]


# ----------------------------------------------------------------------------- independent readers

@pytest.mark.pywargame
@pytest.mark.skipif(PYWARGAME is None, reason="no Python 3.12 with pywargame")
@pytest.mark.parametrize("name", GAMES)
def test_pywargame_reads_what_we_write(tmp_path: Path, name: str) -> None:
    text = read_save(REAL / name).text
    out = write_save(tmp_path / "ours.vsav", text, key=0x3c)
    script = ("import sys\nfrom pywargame.vassal import SaveIO\n"
              "key, lines = SaveIO.readSave(sys.argv[1])\n"
              "sys.stdout.buffer.write(bytes([key]) + '\\x1b'.join(lines).encode('latin-1'))\n")
    done = subprocess.run([str(PYWARGAME), "-c", script, str(out)], capture_output=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert done.stdout[0] == 0x3c
    assert done.stdout[1:] == text.encode("utf-8")


@pytest.mark.vassal
@pytest.mark.skipif(CHECKER is None, reason="the VASSAL engine checker is not set up")
@pytest.mark.parametrize("name, steps, pieces", [("tour.vlog", 114, 28),
                                                 ("tour-vassal36.vlog", 16, 25)])
def test_real_vassal_replays_logs_we_wrote(tmp_path: Path, name: str, steps: int,
                                           pieces: int) -> None:
    original = read_save(REAL / name)
    ours = write_save(tmp_path / f"ours-{name}", original.text, key=0x11,
                      savedata=original.savedata, moduledata=original.moduledata)

    theirs = _replay(REAL / name, urgent=True)  # runs beside ours
    out = _replay(ours, urgent=True).result()
    assert out.returncode == 0, out.output[-5000:]
    assert f"replayed {steps} log steps" in out.stdout
    assert f"pieces in game={pieces}" in out.stdout
    # VASSAL sees exactly the same commands in our file as in the one it wrote itself
    assert theirs.result().returncode == 0, theirs.result().output[-5000:]
    assert _vassal_counts(out.stdout) == _vassal_counts(theirs.result().stdout)
    assert _vassal_counts(out.stdout)


def _replay(path: Path, urgent: bool = False) -> Future[VassalCheckResult]:
    """The engine replays the log *path* on tour.vmod (in the background)."""
    return start_vassal_check(REAL / "tour.vmod", "--game", str(path), "--execute", "--raw",
                              images=False, timeout=300, urgent=urgent)


def start_engine_jobs(item: pytest.Function) -> None:
    """VASSAL's replays of its own logs start with the test run (tests/conftest.py)."""
    if item.originalname == "test_real_vassal_replays_logs_we_wrote":
        _replay(REAL / item.callspec.params["name"])


def _vassal_counts(output: str) -> list[str]:
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if "command counts" in line)
    return [line.strip() for line in lines[start + 1:] if line.startswith("      ")
            and line.strip()[:1].isdigit()]


def test_unsupported_zip_version_is_a_format_error() -> None:
    # found by fuzzing: zipfile raises NotImplementedError for a "version needed" it lacks
    data = bytearray((REAL / "tour-vassal36.vlog").read_bytes())
    central = data.index(b"PK\x01\x02")
    data[central + 6] = 64
    with pytest.raises(VassalFormatError, match="not a readable zip archive.*version 6.4"):
        read_save_bytes(bytes(data), source="v.vlog")
