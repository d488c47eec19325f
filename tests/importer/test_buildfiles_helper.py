"""The build-file comparison the round-trip tests rely on must itself see differences."""

from __future__ import annotations

from tests.importer.buildfiles import buildfile_of, compare_buildfiles, element_counts
from tests.importer.helpers import TOUR


def test_a_build_file_equals_itself_and_a_change_is_seen() -> None:
    original = buildfile_of(TOUR)
    assert compare_buildfiles(original, original) == []
    counts = element_counts(original)
    assert counts["VASSAL.build.widget.PieceSlot"] == 10
    renamed = original.replace(b'mapName="Main Map"', b'mapName="Main"', 1)
    assert compare_buildfiles(original, renamed) == [
        "Map names: lost ['Main Map'], new ['Main']"]
    start = original.index(b"<VASSAL.build.module.map.boardPicker.board.Region ")
    end = original.index(b"/>", start) + 2
    fewer = original[:start] + original[end:]
    found = compare_buildfiles(original, fewer)
    assert found[0] == "Region: 13 in the original, 12 rebuilt"
    assert found[1].startswith("Region names: lost [")
    slot = original.index(b"piece;;X;USA-1ME;1ME")
    edited = original[:slot] + original[slot:].replace(b"1ME", b"1ME*", 1)
    assert compare_buildfiles(original, edited) == ["piece definitions: 1 differ"]
