"""Board kinds live in one place: `converter/model/boardkinds/`, one module per kind, which the
schema mirrors; no other module compares a board's ``kind`` with a kind's name."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import converter
from converter.model.boardkinds import BOARD_KINDS, Drawing, board_kind

PACKAGE = Path(converter.__file__).parent
REGISTRY = PACKAGE / "model" / "boardkinds"
SCHEMA = PACKAGE.parent / "schemas" / "maps.schema.json"


def _is_kind(node: ast.expr) -> bool:
    """``x.kind``, ``x["kind"]`` or ``x.get("kind")``."""
    if isinstance(node, ast.Attribute):
        return node.attr == "kind"
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "kind"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        return bool(node.args) and isinstance(node.args[0], ast.Constant) and node.args[0].value == "kind"
    return False


def _kind_names(node: ast.expr) -> set[str]:
    """The board kind names a literal holds: ``"hex"`` or ``("area", "boxes")``."""
    items = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return {i.value for i in items if isinstance(i, ast.Constant) and i.value in BOARD_KINDS}


def board_kind_comparisons(source: str) -> list[int]:
    """The lines of *source* that compare a ``kind`` with a board kind's name."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_kind(s) for s in sides) and any(_kind_names(s) for s in sides):
                lines.append(node.lineno)
    return lines


def test_no_module_outside_the_registry_compares_board_kinds() -> None:
    found = [f"{path.relative_to(PACKAGE.parent)}:{line}"
             for path in sorted(PACKAGE.rglob("*.py")) if REGISTRY not in path.parents
             for line in board_kind_comparisons(path.read_text(encoding="utf-8"))]
    assert not found, ("compare a board's kind through converter.model.boardkinds "
                       f"(board.kind_spec, board.hex_grid(), converter.render.drawings): {found}")


def test_the_check_sees_the_comparisons_it_forbids() -> None:
    assert board_kind_comparisons('if board.kind == "hex": pass') == [1]
    assert board_kind_comparisons('ok = b.get("kind") in ("area", "network")') == [1]
    assert board_kind_comparisons('if piece.kind == "marker": pass') == []


def test_the_schema_lists_exactly_the_registered_kinds() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    enum = schema["$defs"]["board"]["properties"]["kind"]["enum"]
    assert sorted(enum) == sorted(BOARD_KINDS)
    assert {p.stem for p in REGISTRY.glob("*.py")} - {"__init__", "kind"} == set(BOARD_KINDS)


def test_what_each_kind_means() -> None:
    assert board_kind("hex").drawing(has_grid=True) is Drawing.HEX_GRID
    assert board_kind("hex").drawing(has_grid=False) is Drawing.NODES  # drawn by its spaces
    assert board_kind("boxes").drawing(has_grid=False) is Drawing.BOXES
    assert not board_kind("boxes").on_map and board_kind("area").on_map


def test_every_drawing_has_its_module() -> None:
    """Each way a board is drawn has one module in `converter/render/drawings/`: a board kind
    drawn a new way adds its `Drawing` value and that module, no branch anywhere else."""
    from converter.render.drawings import DRAWINGS

    assert set(DRAWINGS) == set(Drawing)
    assert all(DRAWINGS[d].drawing is d for d in Drawing)


def test_no_module_outside_the_drawings_matches_a_drawing() -> None:
    """Only `converter/render/drawings/` (and validation of a picture's calibration) asks which
    `Drawing` a board has: the module, preview and print kit read the drawing's layout."""
    drawings = PACKAGE / "render" / "drawings"
    allowed = {PACKAGE / "validate" / "semantic" / "boards.py", PACKAGE / "model" / "board.py"}
    found = [str(path.relative_to(PACKAGE.parent)) for path in sorted(PACKAGE.rglob("*.py"))
             if REGISTRY not in path.parents and drawings not in path.parents and path not in allowed
             and "Drawing." in path.read_text(encoding="utf-8")]
    assert not found, found
