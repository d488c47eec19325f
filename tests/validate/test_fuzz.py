"""Random damage to a game never crashes the validator: it reports problems instead."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from converter.load.document import GameDocument
from converter.validate import validate_document
from tests.conftest import MINI

_BASE = json.loads((MINI / "game.json").read_text(encoding="utf-8"))
for _name in _BASE["include"]:
    for _key, _value in json.loads((MINI / _name).read_text(encoding="utf-8")).items():
        if _key != "$schema":
            _BASE.setdefault(_key, []).extend(_value) if isinstance(_value, list) else _BASE.setdefault(_key, _value)
del _BASE["include"]


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_paths(v, prefix + (k,)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_paths(v, prefix + (i,)))
    return out


_PATHS = [p for p in _paths(_BASE) if p]
_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(["", "0203", "0909", "na-1", "blue", "crt", "x", "1/0", "hex"]),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.sampled_from(["id", "name", "hex", "min", "max", "kind"]), children, max_size=3),
    max_leaves=6,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edits=st.lists(st.tuples(st.sampled_from(_PATHS), _values), min_size=1, max_size=4))
def test_damaged_games_give_problems_not_exceptions(edits) -> None:
    data = copy.deepcopy(_BASE)
    for path, value in edits:
        node = data
        try:
            for part in path[:-1]:
                node = node[part]
            node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    doc = GameDocument(folder=Path(MINI), data=data)
    problems = validate_document(doc)
    assert all(p.message for p in problems)
