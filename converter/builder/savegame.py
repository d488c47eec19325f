"""A scenario's setup as a saved game (.vsav) inside the module, for PredefinedSetup.

The restore command follows §4.4 of the format reference: `begin_save`, the version-check
placeholder, every piece (members before the stack that holds them), the board of every map,
the global properties and `end_save`.  No `SETUP_STACK` marker: the 3.6 engine does not know it,
and a module with several scenarios has no at-start stacks to hold back.  Piece ids are counted from a fixed base so the
same scenario always gives the same bytes.
"""

from __future__ import annotations

from converter.builder.maps import PlacedBoard
from converter.builder.setup import ScenarioSetup
from converter.builder.toolbar import start_values
from converter.builder.trackers import TRACKER_ID, turn_state
from converter.model.game import Game
from converter.vassal.archive import VASSAL_VERSION, module_metadata
from converter.vassal.commands import (
    AddPiece, Command, GlobalPropertyRestore, NullCommand, SetBoards, SetupCommand,
    TurnTrackerChange, encode_command)
from converter.vassal.savefile import save_archive_bytes, savedata_xml

ID_BASE = 1_000_000_000_000


def restore_command(setup: ScenarioSetup, boards: list[PlacedBoard],
                    properties: dict[str, int] | None = None,
                    turn: str | None = None) -> Command:
    """The command tree VASSAL runs when it opens the scenario (*properties*: the module's
    global properties and their values in this scenario; *turn*: the turn tracker's state)."""
    next_id = ID_BASE
    pieces = NullCommand()
    stacks: dict[tuple[str, int, int], list[str]] = {}
    for start in setup.pieces:
        next_id += 1
        pid = str(next_id)
        basic = start.definition.basic
        basic.map_id = start.spot.placed.map_name
        basic.x, basic.y = start.spot.point
        type_text, state_text = start.definition.encode()
        pieces.children.append(AddPiece(id=pid, type=type_text, state=state_text))
        stacks.setdefault((basic.map_id, basic.x, basic.y), []).append(pid)
    for (map_name, x, y), members in stacks.items():
        next_id += 1
        state = ";".join([map_name, str(x), str(y), *members])
        pieces.children.append(AddPiece(id=str(next_id), type="stack", state=state))
    root = SetupCommand(False)
    root.children.append(NullCommand())
    root.children.append(pieces)
    for placed in boards:
        root.children.append(SetBoards(map_name=placed.map_name,
                                       fields=(placed.board_name, "0", "0")))
    for name, value in sorted((properties or {}).items()):
        root.children.append(GlobalPropertyRestore(values=("", name, str(value), "Module")))
    if turn is not None:
        root.children.append(TurnTrackerChange(tracker_id=TRACKER_ID, state=turn))
    root.children.append(SetupCommand(True))
    return root


def scenario_save(game: Game, setup: ScenarioSetup, boards: list[PlacedBoard]) -> bytes:
    """The .vsav bytes of one scenario (deterministic under SOURCE_DATE_EPOCH)."""
    text = encode_command(restore_command(setup, boards, start_values(game, setup.scenario),
                                          turn_state(game, setup.scenario)))
    return save_archive_bytes(
        text, savedata=savedata_xml(vassal_version=VASSAL_VERSION, module_version="1.0",
                                    description=setup.scenario.name),
        moduledata=module_metadata(name=game.title, version="1.0",
                                   vassal_version=VASSAL_VERSION))
