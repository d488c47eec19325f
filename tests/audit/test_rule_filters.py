"""A bundled game's stacking rule frees the pieces its own note names: a `free` filter that
matches no piece of the game (types and kinds in one filter must both match) is wrong data."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.validate import load_model
from tests.conftest import bundled_games


@pytest.mark.parametrize("folder", bundled_games(), ids=lambda p: p.name)
def test_every_stacking_rule_frees_some_piece(folder: Path) -> None:
    game = load_model(folder)
    for rule in game.rules or []:
        if rule.kind != "stacking" or rule.free is None:
            continue
        freed = [p.id for p in game.pieces or [] if game.matches(p, rule.free)]
        assert freed, f"{folder.name}: rule {rule.id} frees none of {len(game.pieces or [])} pieces"


@pytest.mark.parametrize(("slug", "rule_id", "freed_type"), [
    ("glorys-end", "stack-livelli", "cannoni-assedio"),
    ("when-eagles-fight", "stack-corpi", "fanteria-fortezza"),
])
def test_siege_guns_and_fortress_infantry_do_not_count_toward_stacking(
        slug: str, rule_id: str, freed_type: str) -> None:
    game = load_model(Path(__file__).resolve().parents[2] / "modules" / slug)
    rule = next(r for r in game.rules or [] if r.id == rule_id)
    of_type = [p for p in game.pieces or [] if p.type == freed_type]
    markers = [p for p in game.pieces or [] if p.kind == "marker"]
    assert of_type and all(game.matches(p, rule.free) for p in of_type)
    assert all(game.matches(p, rule.free) for p in markers)
    units = [p for p in game.pieces or [] if p.kind == "unit" and p.type not in
             ("cannoni-assedio", "fanteria-fortezza")]
    assert units and not any(game.matches(p, rule.free) for p in units)
