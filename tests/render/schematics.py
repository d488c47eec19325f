"""The bundled games' schematics, each drawn once per test run for every file that reads one."""

from __future__ import annotations

import functools

from PIL import Image

import converter.render.maps as maps
from converter.model.game import Game
from converter.validate import load_model
from tests.conftest import MODULES


@functools.cache
def drawn(slug: str, board_id: str) -> tuple[Game, Image.Image, maps.SchematicKey]:
    """A bundled game's schematic, drawn once per test run, and the key it was drawn from."""
    game = load_model(MODULES / slug)
    board = game.board(board_id)
    assert board is not None
    image = maps.space_schematic(game, board)
    return game, image, maps.schematic_key(game, board, image.size)
