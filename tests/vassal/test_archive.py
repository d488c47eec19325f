"""The .vmod writer (deterministic, atomic, metadata per §1.3) and the safe reader."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from converter.errors import BuildError, InputError, VassalFormatError
from converter.vassal.archive import ModuleArchive, zip_bytes
from converter.vassal.buildfile import write_buildfile
from converter.vassal.vmod_reader import read_vmod
from proof_module import build_proof_module

REAL = Path(__file__).resolve().parents[1] / "data" / "real"


def test_same_module_same_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1763800000")
    assert build_proof_module().to_bytes() == build_proof_module().to_bytes()


def test_entries_are_sorted_and_stamped_with_source_date_epoch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1763800000")  # 2025-11-22 08:26:40 UTC
    archive = zipfile.ZipFile(io.BytesIO(build_proof_module().to_bytes()))
    names = archive.namelist()
    assert names == sorted(names)
    assert {"buildFile.xml", "moduledata", "images/board.png"} <= set(names)
    assert {i.date_time for i in archive.infolist()} == {(2025, 11, 22, 8, 26, 40)}
    assert {i.compress_type for i in archive.infolist()} == {zipfile.ZIP_DEFLATED}


def test_other_epoch_other_stamp(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1763800000")
    first = build_proof_module().to_bytes()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1763900000")
    assert build_proof_module().to_bytes() != first


def test_moduledata_matches_the_game_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1763800000")
    archive = zipfile.ZipFile(io.BytesIO(build_proof_module().to_bytes()))
    data = etree.fromstring(archive.read("moduledata"))
    values = {child.tag: child.text or "" for child in data}
    assert values["name"] == "vconv proof" and values["version"] == "0.1.0"
    assert values["VassalVersion"] == "3.6.0" and values["dateSaved"] == "1763800000000"
    build = etree.fromstring(archive.read("buildFile.xml"))
    assert build.get("name") == "vconv proof" and build.get("VassalVersion") == "3.6.0"


def test_write_is_atomic_and_read_back_gives_the_same_tree(tmp_path: Path) -> None:
    module = build_proof_module()
    target = module.write(tmp_path / "out" / "proof.vmod", epoch=1763800000)
    assert [p.name for p in target.parent.iterdir()] == ["proof.vmod"]
    read = read_vmod(target)
    assert read.buildfile_name == "buildFile.xml"
    assert read.metadata["name"] == "vconv proof"
    assert write_buildfile(read.buildfile) == write_buildfile(module.buildfile)
    assert read.image_names == set(module.images)


def test_forbidden_and_unsafe_entry_names_are_refused() -> None:
    module = build_proof_module()
    module.files["savedGame"] = b"x"
    with pytest.raises(BuildError, match="savedGame"):
        module.to_bytes()
    module.files = {"../evil": b"x"}
    with pytest.raises(BuildError, match="clean relative path"):
        module.to_bytes()


def test_reader_picks_the_legacy_buildfile_of_tour() -> None:
    module = read_vmod(REAL / "tour.vmod")
    assert module.buildfile_name == "buildFile"
    assert module.buildfile.name == "VASSAL Tour"
    assert "VIP-map2.png" in module.image_names


def _zip(path: Path, entries: dict[str, bytes]) -> Path:
    path.write_bytes(zip_bytes(entries, 0))
    return path


def test_reader_errors_are_clear(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such module file"):
        read_vmod(tmp_path / "missing.vmod")
    (tmp_path / "text.vmod").write_text("hello")
    with pytest.raises(VassalFormatError, match="not a ZIP"):
        read_vmod(tmp_path / "text.vmod")
    with pytest.raises(VassalFormatError, match="not a module"):
        read_vmod(_zip(tmp_path / "empty.vmod", {"readme.txt": b"x"}))
    with pytest.raises(VassalFormatError, match="saved game"):
        read_vmod(_zip(tmp_path / "save.vmod", {"savedGame": b"x", "buildFile.xml": b"<a/>"}))
    with pytest.raises(VassalFormatError, match="escapes"):
        read_vmod(_zip(tmp_path / "escape.vmod", {"../x": b"x", "buildFile.xml": b"<a/>"}))


def test_reader_bounds_decompression(tmp_path: Path) -> None:
    bomb = b"<VASSAL.build.GameModule>" + b" " * 3_000_000 + b"</VASSAL.build.GameModule>"
    path = _zip(tmp_path / "bomb.vmod", {"buildFile.xml": bomb})
    assert path.stat().st_size < 100_000
    with pytest.raises(VassalFormatError, match="byte limit"):
        read_vmod(path, max_member=1_000_000)
    assert read_vmod(path).buildfile.tag == "VASSAL.build.GameModule"


def test_reader_refuses_a_lying_size_header(tmp_path: Path) -> None:
    data = b"<VASSAL.build.GameModule>" + b" " * 500_000 + b"</VASSAL.build.GameModule>"
    raw = bytearray(zip_bytes({"buildFile.xml": data}, 0))
    # Patch both size fields (local header and central directory) to claim 100 bytes.
    size = len(data).to_bytes(4, "little")
    raw = raw.replace(size, (100).to_bytes(4, "little"))
    path = tmp_path / "liar.vmod"
    path.write_bytes(bytes(raw))
    with pytest.raises(VassalFormatError):
        read_vmod(path, max_member=1000)


def test_archive_accepts_a_built_module_with_extra_files(tmp_path: Path) -> None:
    module = ModuleArchive(buildfile=build_proof_module().buildfile,
                           images=build_proof_module().images,
                           files={"help/rules.html": b"<html></html>"})
    read = read_vmod(module.write(tmp_path / "m.vmod", epoch=0))
    assert "help/rules.html" in read.entry_names


SMALL_VMOD = zip_bytes({"buildFile.xml": b'<VASSAL.build.GameModule name="m">'
                        b'<VASSAL.build.module.Chatter/></VASSAL.build.GameModule>',
                        "moduledata": b'<data version="1"><name>m</name></data>',
                        "images/a.png": b"\x89PNG" + b"x" * 50}, 0)


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(position=st.integers(0, len(SMALL_VMOD) - 1), value=st.integers(0, 255),
       cut=st.booleans())
def test_corrupt_archives_raise_only_format_errors(tmp_path: Path, position: int, value: int,
                                                   cut: bool) -> None:
    data = bytearray(SMALL_VMOD)
    if cut:
        data = data[:position]
    else:
        data[position] = value
    path = tmp_path / "fuzz.vmod"
    path.write_bytes(bytes(data))
    try:
        module = read_vmod(path)
    except VassalFormatError:
        return
    assert module.buildfile.tag


def test_write_refuses_a_module_the_checker_rejects(tmp_path: Path) -> None:
    module = build_proof_module()
    del module.images["crt.png"]
    with pytest.raises(BuildError, match=r"1 problem\(s\): .*'crt.png' is not in the archive"):
        module.write(tmp_path / "bad.vmod")
    assert not (tmp_path / "bad.vmod").exists()
    module.write(tmp_path / "forced.vmod", check=False)
    assert (tmp_path / "forced.vmod").exists()


def test_control_characters_cannot_be_written() -> None:
    module = build_proof_module()
    module.buildfile.description = "bell\x07"
    with pytest.raises(BuildError, match="control character"):
        module.to_bytes()


def test_read_member_is_bounded_and_names_missing_entries(tmp_path: Path) -> None:
    module = build_proof_module()
    read = read_vmod(module.write(tmp_path / "m.vmod", epoch=0))
    assert read.read_member("images/crt.png") == module.images["crt.png"]
    with pytest.raises(VassalFormatError, match="no entry 'images/nope.png'"):
        read.read_member("images/nope.png")
    with pytest.raises(VassalFormatError, match="byte limit"):
        read.read_member("images/board.png", limit=100)
