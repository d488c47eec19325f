"""The game description inside a module: read back whole, refused with a clear error when absent
or damaged."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from converter.builder import read_game_from_vmod
from converter.builder.conventions import GAME_ENTRY
from converter.errors import InputError, ModelError, VassalFormatError
from converter.validate import load_model
from tests.builder.conftest import MINI, BuildCache


def _copy_with(source: Path, target: Path, replace: dict[str, bytes | None]) -> Path:
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w") as dst:
        for name in src.namelist():
            if name in replace:
                continue
            dst.writestr(name, src.read(name))
        for name, data in replace.items():
            if data is not None:
                dst.writestr(name, data)
    return target


def test_the_module_carries_the_whole_game(builds: BuildCache) -> None:
    game = read_game_from_vmod(builds.get(MINI).path)
    assert game.to_dict() == load_model(MINI).to_dict()
    assert game.piece("na-1").step_count == 4


def test_missing_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such module file"):
        read_game_from_vmod(tmp_path / "none.vmod")


def test_not_a_zip(tmp_path: Path) -> None:
    bad = tmp_path / "bad.vmod"
    bad.write_bytes(b"this is not a module")
    with pytest.raises(VassalFormatError, match="not a ZIP"):
        read_game_from_vmod(bad)


def test_a_module_vconv_did_not_build(builds: BuildCache, tmp_path: Path) -> None:
    other = _copy_with(builds.get(MINI).path, tmp_path / "other.vmod", {GAME_ENTRY: None})
    with pytest.raises(VassalFormatError, match="holds no vconv/game.json"):
        read_game_from_vmod(other)


@pytest.mark.parametrize("data,message", [
    (b"{not json", "not JSON text"),
    (b"\xff\xfe", "not JSON text"),
    (b"[1, 2]", "expected a JSON object"),
])
def test_damaged_description(builds: BuildCache, tmp_path: Path, data: bytes, message: str) -> None:
    damaged = _copy_with(builds.get(MINI).path, tmp_path / "d.vmod", {GAME_ENTRY: data})
    with pytest.raises(VassalFormatError, match=message):
        read_game_from_vmod(damaged)


def test_a_description_that_does_not_validate(builds: BuildCache, tmp_path: Path) -> None:
    with zipfile.ZipFile(builds.get(MINI).path) as z:
        doc = json.loads(z.read(GAME_ENTRY))
    doc["scenarios"][0]["setup"][0]["piece"] = "ghost"
    damaged = _copy_with(builds.get(MINI).path, tmp_path / "v.vmod",
                         {GAME_ENTRY: json.dumps(doc).encode()})
    with pytest.raises(ModelError, match="ghost"):
        read_game_from_vmod(damaged)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=300))
def test_any_bytes_give_a_clear_error(tmp_path_factory, data: bytes) -> None:
    """Whatever the game entry holds, the reader answers with one of our errors, never a crash."""
    folder = tmp_path_factory.mktemp("fuzz")
    module = folder / "m.vmod"
    with zipfile.ZipFile(module, "w") as z:
        z.writestr("buildFile.xml", b'<?xml version="1.0"?><VASSAL.build.GameModule name="x"/>')
        z.writestr(GAME_ENTRY, data)
    with pytest.raises((VassalFormatError, ModelError)):
        read_game_from_vmod(module)
