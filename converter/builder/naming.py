"""The names VASSAL reports for the places of a built module, computed from the model alone.

Maps are named after their boards.  A move report or a log says where a piece went by
location name: a hex id on a hex grid, the
space's name for a region or zone (its name and id when two spaces of a board share a name),
and '<track name> <cell label>' on the display board.  The auditor maps names back to ids
with these same functions, without building the module.

>>> from converter.load import load_model
>>> game = load_model("tests/data/games/mini")
>>> space_names(game.board("east"))["kiev"], track_cell_names(game)[("turn", 1)]
('Kiev', 'Turno Ago 1914')
>>> map_names(game)["main"], map_names(game)[""]
('Mappa', 'Display')
"""

from __future__ import annotations

from converter.builder.layout import track_values
from converter.model.board import Board
from converter.model.game import Game


DISPLAY_MAP = "Display"
EVENT_BOX = "Reinforcements (by event)"


def unique(name: str, taken: set[str]) -> str:
    """*name*, or *name* with the first free number after it."""
    if name not in taken:
        return name
    n = 2
    while f"{name} {n}" in taken:
        n += 1
    return f"{name} {n}"


def map_names(game: Game) -> dict[str, str]:
    """Board id → the name of its VASSAL map (the board's name, made unique), plus the
    display map of tracks and decks under the key ''."""
    out: dict[str, str] = {}
    for board in game.boards or []:
        out[board.id] = unique(board.name, set(out.values()))
    if game.tracks or game.decks:
        out[""] = unique(DISPLAY_MAP, set(out.values()))
    return out


def space_names(board: Board) -> dict[str, str]:
    """Space id → the name VASSAL reports: the space's name, made unique on its board."""
    spaces = board.spaces or []
    counts: dict[str, int] = {}
    for s in spaces:
        counts[s.name] = counts.get(s.name, 0) + 1
    taken: set[str] = set()
    out: dict[str, str] = {}
    for s in spaces:
        name = s.name if counts[s.name] == 1 else f"{s.name} ({s.id})"
        if name in taken:
            name = s.id
        taken.add(name)
        out[s.id] = name
    return out


def track_cell_names(game: Game) -> dict[tuple[str, int], str]:
    """(track id, value) → the zone name of that cell on the display board."""
    out: dict[tuple[str, int], str] = {}
    taken: set[str] = set()
    for track in game.tracks or []:
        values, labels = track_values(game, track.id)
        for value, label in zip(values, labels):
            name = f"{track.name} {label}"
            if name in taken:
                name = f"{track.name} {value} ({track.id})"
            taken.add(name)
            out[(track.id, value)] = name
    return out


def event_box_label(game: Game) -> str:
    """The words on the display board's box of reinforcements that enter on an event, in the
    game's language."""
    from converter.render.words import words

    return words(game.language)(EVENT_BOX)


def event_box_name(game: Game) -> str:
    """The zone name of the display board's box of reinforcements that enter on an event:
    its label, made unique among the track cells' names."""
    return unique(event_box_label(game), set(track_cell_names(game).values()))
