"""Two prototypes of one name: VASSAL keeps its prototypes in a map by name, so the last one
defined is the one every piece gets (the 3.6 engine draws its images and logs 'More than one
Definition named Unit'); `vconv check` says the earlier one is never used.  Import and the
audit's module inventory took the first."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from converter.audit.mapping import inventory
from converter.audit.module import load_module
from converter.cli import main
from tests.check.conftest import PROTO, TAB, module  # noqa: F401  (the fixture)

DEFINITION = ('<VASSAL.build.module.PrototypeDefinition name="Unit" description="">{}'
              '</VASSAL.build.module.PrototypeDefinition>')


def _marker(nation: str) -> str:
    return "+/null/mark;Nationality" + TAB + "piece;;;;/" + nation + TAB + "null;0;0;;0"


def test_a_piece_gets_the_last_prototype_of_its_name(tmp_path: Path,
                                                     module: Callable[..., Path]) -> None:
    first, last = DEFINITION.format(_marker("French")), DEFINITION.format(_marker("German"))
    vmod = module(replace={DEFINITION.format(PROTO): first + last})
    folder = tmp_path / "game"
    assert main(["import", str(vmod), "-o", str(folder), "-q"]) == 0
    pieces = json.loads((folder / "pieces.json").read_text(encoding="utf-8"))["pieces"]
    unit = next(p for p in pieces if p["name"] == "1st Bn")
    assert unit["properties"]["Nationality"] == "German"


def test_the_audits_module_inventory_reads_the_last_prototype_of_a_name(
        module: Callable[..., Path]) -> None:
    """The properties a mapping ties a real module's pieces by (a naming property, a side)."""
    first, last = DEFINITION.format(_marker("French")), DEFINITION.format(_marker("German"))
    loaded = load_module(module(replace={DEFINITION.format(PROTO): first + last}))
    assert loaded.root is not None
    pieces = inventory(loaded.root, loaded).pieces
    assert pieces["1st Bn"].properties.get("Nationality") == "German"
