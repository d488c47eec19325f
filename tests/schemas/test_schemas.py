"""The schemas as an editor sees them: each file stands alone with a stable $id, every
$ref resolves to a local file, and each game points its $schema at them."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urldefrag

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from converter.validate.schema import BASE_URI, validator
from tests.conftest import MINI, ROOT, bundled_games

SCHEMAS = sorted((ROOT / "schemas").glob("*.schema.json"))


def _refs(node, found):
    if isinstance(node, dict):
        if "$ref" in node:
            found.append(node["$ref"])
        for v in node.values():
            _refs(v, found)
    elif isinstance(node, list):
        for v in node:
            _refs(v, found)
    return found


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_schema_is_valid_2020_12_with_a_stable_id(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == BASE_URI + path.name
    assert schema.get("title") and schema.get("description")


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_every_ref_resolves_from_the_files_alone(path: Path) -> None:
    """An editor resolves '$ref' against the file's own location: no network needed."""
    registry = Registry()
    for other in SCHEMAS:
        contents = json.loads(other.read_text(encoding="utf-8"))
        # register under the file's own URI, as an editor that opened the folder would
        registry = registry.with_resource(other.resolve().as_uri(), Resource(contents, DRAFT202012))
    schema = json.loads(path.read_text(encoding="utf-8"))
    resolver = registry.resolver(base_uri=path.resolve().as_uri())
    for ref in _refs(schema, []):
        target, fragment = urldefrag(ref)
        if target:
            assert (path.parent / target).is_file(), f"{path.name}: $ref {ref!r} names a missing file"
        resolved = resolver.lookup(ref if target else f"{path.resolve().as_uri()}{ref}")
        assert resolved.contents is not None


@pytest.mark.parametrize("game", [MINI, *bundled_games()], ids=lambda p: p.name)
def test_game_files_point_at_the_schemas(game: Path) -> None:
    data = json.loads((game / "game.json").read_text(encoding="utf-8"))
    assert (game / data["$schema"]).resolve() == (ROOT / "schemas" / "game.schema.json").resolve()
    for name in data.get("include", []):
        part = json.loads((game / name).read_text(encoding="utf-8"))
        assert (game / part["$schema"]).resolve() == (ROOT / "schemas" / "fragment.schema.json").resolve()


def test_every_piece_kind_and_step_model_is_accepted() -> None:
    """Valid examples for the branches of the piece schema, beyond the test game."""
    base = json.loads((MINI / "game.json").read_text(encoding="utf-8"))
    v = validator()
    for kind in ["unit", "dummy", "marker", "chip", "miniature", "token", "leader", "control"]:
        for model, count in [("single", 1), ("flip", 2), ("two-counters", 3), ("rebuilt-back", 1), ("tokens", 6)]:
            doc = dict(base, pieces=[{"id": "p", "name": "P", "kind": kind, "steps": {"count": count, "model": model},
                                      "faces": [{"counter": 1, "side": "front"}]}])
            assert not list(v.iter_errors(doc)), (kind, model)


def test_every_board_kind_is_accepted() -> None:
    base = json.loads((MINI / "game.json").read_text(encoding="utf-8"))
    v = validator()
    grid = {"orientation": "pointy", "first": "row", "digits": 2, "columns": {"min": 10, "max": 45, "increases": "west"},
            "rows": {"min": 10, "max": 41, "increases": "south"}, "stagger": {"lines": "even", "toward": "lower"}}
    boards = [{"id": "h", "name": "H", "kind": "hex", "grid": grid},
              {"id": "a", "name": "A", "kind": "area", "spaces": [{"id": "s", "name": "S", "kind": "sea"}]},
              {"id": "n", "name": "N", "kind": "network", "spaces": [{"id": "t", "name": "T"}],
               "links": [{"between": ["t", "s"], "type": "road", "directed": True}]},
              {"id": "b", "name": "B", "kind": "boxes", "spaces": [{"id": "u", "name": "U", "kind": "box"}]}]
    assert not list(v.iter_errors(dict(base, boards=boards)))


# keywords whose value is one subschema / a list of subschemas that may declare properties
_ONE = ("items", "additionalProperties", "unevaluatedProperties", "propertyNames")
_BRANCHES = ("allOf", "anyOf", "oneOf", "then", "else")


def _declared(node: object, pointer: str, outer: frozenset[str] = frozenset()) -> list[tuple[str, dict]]:
    """(JSON pointer, schema) of every property a schema declares, as an editor's completion
    lists them.  A branch (oneOf, then...) that only restates a property its object already
    declares (to constrain it) declares nothing new; 'if' and 'not' only test."""
    found: list[tuple[str, dict]] = []
    if not isinstance(node, dict):
        return found
    own: set[str] = set()
    for key in ("properties", "patternProperties"):
        for name, sub in (node.get(key) or {}).items():
            own.add(name)
            if name not in outer:
                found.append((f"{pointer}/{key}/{name}", sub))
                found += _declared(sub, f"{pointer}/{key}/{name}")
    for key in _ONE:
        found += _declared(node.get(key), f"{pointer}/{key}")
    for i, sub in enumerate(node.get("prefixItems") or []):
        found += _declared(sub, f"{pointer}/prefixItems/{i}")
    scope = frozenset(own | outer)
    for key in _BRANCHES:
        value = node.get(key)
        for i, sub in enumerate(value if isinstance(value, list) else [value]):
            found += _declared(sub, f"{pointer}/{key}/{i}" if isinstance(value, list) else f"{pointer}/{key}", scope)
    for name, sub in (node.get("$defs") or {}).items():
        found += _declared(sub, f"{pointer}/$defs/{name}")
    return found


def test_every_property_has_a_title_and_a_description() -> None:
    """What an editor shows on hover and in completion: a title and a description in words for
    every property of every schema, not just its name."""
    bare = []
    total = 0
    for path in SCHEMAS:
        for pointer, sub in _declared(json.loads(path.read_text(encoding="utf-8")), ""):
            total += 1
            title, text = sub.get("title"), sub.get("description")
            if not (isinstance(title, str) and title.strip() and isinstance(text, str)
                    and len(text.split()) >= 3 and text.strip() != title.strip()):
                bare.append(f"{path.name}#{pointer}")
    assert total > 400  # the walk reaches every file's properties, not just the top level
    assert not bare, f"{len(bare)} properties lack a title or a description: " + ", ".join(bare[:20])


def test_the_walk_finds_a_bare_property() -> None:
    schema = {"$defs": {"x": {"properties": {"a": {"title": "A", "description": "The a of x."},
                                             "b": {"type": "string"}},
                              "oneOf": [{"properties": {"a": {"const": 1}}}]}}}
    assert [p for p, s in _declared(schema, "") if "description" not in s] == ["/$defs/x/properties/b"]
