"""Building the same game twice gives the same bytes (checked on the small game and one
bundled module, to keep the suite quick)."""

from __future__ import annotations

import zipfile

import pytest

from converter.builder.module import build_module
from tests.builder.conftest import GAMES, BuildCache, fixed_epoch

SAMPLE = GAMES[:2]


@pytest.mark.parametrize("folder", SAMPLE, ids=[p.name for p in SAMPLE])
def test_two_builds_are_byte_identical(builds: BuildCache, folder) -> None:
    first = builds.get(folder).path.read_bytes()
    with fixed_epoch():
        again = build_module(folder).archive.to_bytes()
    assert again == first
    with zipfile.ZipFile(builds.get(folder).path) as z:
        names = z.namelist()
        assert names == sorted(names)
        assert {i.date_time for i in z.infolist()} == {(2023, 11, 14, 22, 13, 20)}


def test_the_epoch_changes_only_the_stamps(builds: BuildCache, monkeypatch) -> None:
    first = builds.get(GAMES[0]).path.read_bytes()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1600000000")
    other = build_module(GAMES[0]).archive.to_bytes()
    assert other != first
    with zipfile.ZipFile(builds.get(GAMES[0]).path) as a:
        before = {n: a.read(n) for n in a.namelist()}
    import io
    with zipfile.ZipFile(io.BytesIO(other)) as b:
        after = {n: b.read(n) for n in b.namelist()}
    changed = {n for n in before if before[n] != after[n]}
    assert changed <= {"moduledata"}


def test_another_process_writes_the_same_bytes(builds: BuildCache, tmp_path) -> None:
    """Nothing depends on hash order or the process: a fresh interpreter agrees byte for byte."""
    import os
    import subprocess
    import sys

    from tests.builder.conftest import EPOCH, MINI

    env = {**os.environ, "SOURCE_DATE_EPOCH": str(EPOCH), "PYTHONHASHSEED": "4242"}
    subprocess.run([sys.executable, "-m", "converter", "build", str(MINI), "-o", str(tmp_path),
                    "-q"], check=True, env=env, capture_output=True)
    assert (tmp_path / "mini.vmod").read_bytes() == builds.get(MINI).path.read_bytes()
