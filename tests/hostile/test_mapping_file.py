"""The audit's mapping file is edited by hand, so it is read as the game's JSON is: a key
given twice (the old tie left beside the new), NaN, a number past any int, nesting past the
limit, a device that never ends: each one line naming the file and the line, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.conftest import Run
from tests.hostile.inputs import ROOT

TOUR = ROOT / "tests" / "data" / "real" / "tour.vmod"
TOUR_GAME = ROOT / "tests" / "data" / "games" / "tour-skirmish"
TOUR_LOG = ROOT / "tests" / "data" / "real" / "tour-vassal36.vlog"


@pytest.fixture(scope="module")
def proposed(tmp_path_factory: pytest.TempPathFactory) -> str:
    from converter.cli import main

    mapping = tmp_path_factory.mktemp("mapping") / "tour.mapping.json"
    assert main(["audit", "--module", str(TOUR), "--game", str(TOUR_GAME), "--mapping",
                 str(mapping), "--propose-mapping"]) == 0
    text = mapping.read_text(encoding="utf-8")
    assert text.splitlines()[4] == '  "game": "tour-skirmish",'
    return text


def audit(run: Run, mapping: Path | str) -> tuple[int, str, str]:
    return run("audit", TOUR_LOG, "--module", TOUR, "--game", TOUR_GAME, "--mapping", mapping)


@pytest.mark.parametrize("edit, message", [
    ('  "game": "tour-skirmish",', ":6: key 'game' appears twice in one object"),
    ('  "x": ' + "9" * 5000 + ",", ":4: number: 999999999999... has 5000 characters, over the "
     "limit of 100 (characters in one JSON number; raise it with VCONV_MAX_NUMBER_CHARS)"),
    ('  "x": NaN,', ":4: NaN is not a JSON number (write a number or a string)"),
])
def test_a_broken_edit_is_named_by_its_line(run: Run, tmp_path: Path, proposed: str, edit: str,
                                            message: str) -> None:
    lines = proposed.splitlines(keepends=True)
    lines.insert(3, edit + "\n")  # line 4, above the game's own (now line 6)
    mapping = tmp_path / "tour.mapping.json"
    mapping.write_text("".join(lines), encoding="utf-8")
    code, out, err = audit(run, mapping)
    assert code == 2 and out == ""
    assert err == f"vconv audit: error: {mapping}{message}\n"


def test_nesting_past_the_limit(run: Run, tmp_path: Path) -> None:
    mapping = tmp_path / "deep.json"
    mapping.write_text("[" * 200 + "]" * 200)
    code, _, err = audit(run, mapping)
    assert code == 2
    assert err == (f"vconv audit: error: {mapping}:{'/0' * 100}: JSON: arrays and objects "
                   "nested more than 100 deep, over the limit of 100 (json nesting depth; raise "
                   "it with VCONV_MAX_JSON_DEPTH)\n")


def test_a_mapping_that_never_ends_is_read_to_the_limit(run: Run) -> None:
    code, _, err = audit(run, "/dev/zero")
    assert code == 2
    assert err == "vconv audit: error: /dev/zero: larger than 16777216 bytes; not a mapping\n"
