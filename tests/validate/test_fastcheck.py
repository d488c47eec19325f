"""The one-pass check gives jsonschema's verdict: on every bundled game, and on random damage
to them (a wrong "valid" would let a broken game through unreported)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from converter.load import load_game
from converter.load.schemas import schemas
from converter.validate.schema import _single_pass, fast_check, validator
from tests.conftest import MINI, bundled_games

GAMES = [MINI, *bundled_games()]
DOCS = {g.name: load_game(g).data for g in GAMES}


def _paths(node: Any, prefix: tuple = ()) -> list[tuple]:  # type: ignore[type-arg]
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_paths(v, prefix + (k,)))
    elif isinstance(node, list):
        for i, v in enumerate(node[:4]):  # the first few of each list: every shape, not all
            out.extend(_paths(v, prefix + (i,)))
    return out


PATHS = {name: [p for p in _paths(doc) if p] for name, doc in DOCS.items()}
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(-2, 3, allow_nan=False)
    | st.sampled_from(["", "0203", "na-1", "blue", "hex", "x" * 300, "A b", "1/0"]),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(
        st.sampled_from(["id", "name", "hex", "min", "max", "kind", "zzz"]), children,
        max_size=3),
    max_leaves=6)


def test_the_game_schema_compiles_whole() -> None:
    """Every keyword our schemas use is compiled: the fast verdict is really used."""
    assert fast_check() is not None


def test_bundled_games_are_valid_both_ways() -> None:
    for name, data in DOCS.items():
        assert fast_check()(data) is True, name
        assert validator().is_valid(data), name


# a game, and one to three edits at places of that game (each example damages its game)
DAMAGE = st.sampled_from(sorted(DOCS)).flatmap(lambda game: st.tuples(st.just(game), st.lists(
    st.tuples(st.sampled_from(PATHS[game]), VALUES | st.just(KeyError)), min_size=1, max_size=3)))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damage=DAMAGE)
def test_damaged_games_get_the_same_verdict(damage: tuple) -> None:  # type: ignore[type-arg]
    game, edits = damage
    data = copy.deepcopy(DOCS[game])
    for path, value in edits:
        node: Any = data
        try:
            for part in path[:-1]:
                node = node[part]
            if value is KeyError:
                del node[path[-1]]
            else:
                node[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    assert fast_check()(data) == validator().is_valid(data)


def test_single_pass_schema_is_what_is_compiled() -> None:
    assert "unevaluatedProperties" not in _single_pass(schemas()["game.schema.json"])
