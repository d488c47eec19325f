"""Damaged modules give findings or a clear unreadable-module message, never a traceback."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from converter.check import check_module
from tests.check.conftest import BUILDFILE, write_module

_TOUCHY = ("+/null", "path=", "location=", "x=", "gpid", "image=", "target=", "name=")
_JUNK = ["\t", ";", "\\", "/", "x", "9", ",", "$", "-1", "abc", "'", "{", "|"]


@pytest.mark.parametrize("seed", range(8))
def test_damaged_build_files_never_crash(tmp_path: Path, seed: int) -> None:
    rnd = random.Random(seed)
    starts = [i for i in range(len(BUILDFILE)) if BUILDFILE.startswith(_TOUCHY, i)]
    for n in range(15):
        text = BUILDFILE
        for _ in range(rnd.randint(1, 4)):
            pos = min(rnd.choice(starts) + rnd.randint(0, 60), len(text))
            if rnd.random() < 0.5:
                text = text[:pos] + text[pos + rnd.randint(1, 5):]
            else:
                text = text[:pos] + rnd.choice(_JUNK) + text[pos:]
        report = check_module(write_module(tmp_path / f"{n}.vmod", text))
        assert report.unreadable == "" or "malformed XML" in report.unreadable
