"""`vconv dump MODULE.vmod`: what a real module holds, as the README promises."""

from __future__ import annotations

import json

from converter.cli import main
from tests.importer.helpers import TOUR


def test_dump_of_a_module_shows_its_metadata_counts_and_components(capsys) -> None:
    assert main(["dump", str(TOUR)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (f"{TOUR}: VASSAL module 'VASSAL Tour' version 1.3 (VASSAL 2.0b6), "
                      "buildFile, 144 entries (142 images)")
    assert "      13 Region" in out and "      10 PieceSlot" in out
    assert "    Map[Main Map]" in out
    assert "          ZonedGrid" in out
    assert any(line.strip().startswith("... and ") and "more Region" in line for line in out)


def test_dump_of_a_module_as_json_holds_the_whole_tree(capsys) -> None:
    assert main(["dump", "--format", "json", str(TOUR)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["kind"] == "module" and doc["build_file"] == "buildFile"
    assert doc["elements"]["CardSlot"] == 11

    def count(node: dict, kind: str) -> int:
        own = node["component"].startswith(kind + "[") or node["component"] == kind
        return own + sum(count(c, kind) for c in node.get("children", []))

    assert count(doc["tree"], "Region") == 13
