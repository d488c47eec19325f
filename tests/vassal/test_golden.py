"""Golden files for the proof module, both ways: built XML equals the golden bytes, and the
golden bytes read and written again are unchanged.

To accept an intended change, regenerate with:
    SOURCE_DATE_EPOCH=1763800000 .venv/bin/python tests/vassal/test_golden.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from converter.vassal.buildfile import read_buildfile, write_buildfile
from proof_module import build_full_module, build_proof_module

DATA = Path(__file__).resolve().parent / "data"
EPOCH = 1763800000


@pytest.mark.parametrize("build, stem", [(build_proof_module, "proof"),
                                         (build_full_module, "full")])
def test_xml_from_model_equals_the_golden_file(build, stem: str) -> None:
    entries = build().entries(EPOCH)
    assert entries["buildFile.xml"] == (DATA / f"{stem}_buildFile.xml").read_bytes()
    assert entries["moduledata"] == (DATA / f"{stem}_moduledata").read_bytes()


@pytest.mark.parametrize("stem", ["proof", "full"])
def test_xml_from_xml_is_unchanged(stem: str) -> None:
    golden = (DATA / f"{stem}_buildFile.xml").read_bytes()
    assert write_buildfile(read_buildfile(golden)) == golden


def test_next_piece_slot_id_is_derived_from_the_slots() -> None:
    assert build_proof_module().buildfile.refresh_next_piece_slot_id() == 4
    assert build_full_module().buildfile.refresh_next_piece_slot_id() == 5


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    for builder, name in [(build_proof_module, "proof"), (build_full_module, "full")]:
        files = builder().entries(EPOCH)
        (DATA / f"{name}_buildFile.xml").write_bytes(files["buildFile.xml"])
        (DATA / f"{name}_moduledata").write_bytes(files["moduledata"])
