"""Predefined setups and saved games inside the module: each decodes, and the pieces, maps
and boards it names exist in the module.  A setup that does not load shows an error only
when a player picks it from File → New."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from converter.check.context import Context
from converter.check.findings import Finding, in_play, info, warning
from converter.check.ids import gpid_uses
from converter.check.tree import Node
from converter.errors import VconvError
from converter.vassal.commands import AddPiece, SetBoards, read_record
from converter.vassal.savefile import ReadLimits, read_save_bytes
from converter.vassal.traits import UsePrototype, decode_piece

MAX_SAVE_BYTES = 64 * 1024 * 1024
# a UsePrototype part of a type chain: at the start or after a (possibly escaped) TAB
_PROTOTYPE = re.compile(r"(?:^|\t)prototype;([^;\t\\]*)")


def _prototype_names(type_text: str) -> list[str]:
    """The prototype names of a type chain's UsePrototype parts (a quick scan)."""
    out = []
    at = type_text.find("prototype;")
    while at >= 0:
        if at == 0 or type_text[at - 1] == "\t":
            out.extend(_PROTOTYPE.findall(type_text, at - 1 if at else 0, at + 200))
        at = type_text.find("prototype;", at + 10)
    return out


def _gpid_guess(state: str) -> str:
    """The PieceId (4th field) of a piece's BasicPiece state, as `_map_id_guess` finds it."""
    fields = state[state.rfind("\t") + 1:].split(";")
    return fields[3] if len(fields) > 3 else ""


def _map_id_guess(state: str) -> str:
    """The map id of a piece's BasicPiece state, the innermost part of the state chain:
    the text after the last TAB (a BasicPiece state rarely holds one itself)."""
    inner = state[state.rfind("\t") + 1:]
    return inner.split(";", 1)[0]


@dataclass
class SavedSetup:
    """A save inside the module: its entry, the PredefinedSetup naming it (if any), its
    decoded pieces and board choices, or why it does not decode."""

    entry: str
    node: Node | None
    pieces: list[AddPiece] = field(default_factory=list)
    boards: list[tuple[str, str]] = field(default_factory=list)   # (map name, board name)
    error: str = ""


def saved_setups(ctx: Context) -> list[SavedSetup]:
    """Every save the module holds or names, decoded once per check."""
    cached = ctx.cache.get("setups")
    if isinstance(cached, list):
        return cached
    named: dict[str, Node] = {}
    for node in ctx.tree.of("PredefinedSetup"):
        if node.attr("useFile", "true") != "false" and node.attr("file"):
            named.setdefault(node.attr("file"), node)
    entries = sorted(set(named) | {e for e in ctx.source.entries
                                   if e.lower().endswith((".vsav", ".vlog"))})
    out = []
    for entry in entries:
        setup = SavedSetup(entry, named.get(entry))
        out.append(setup)
        if entry not in ctx.source.entries:
            continue
        try:
            data = ctx.source.read(entry, MAX_SAVE_BYTES)
            save = read_save_bytes(data, source=ctx.source.path_of(entry),
                                   limits=ReadLimits(max_total_bytes=MAX_SAVE_BYTES))
            record = read_record(save.text, source=entry)
            for command in record.restored():
                if isinstance(command, AddPiece) and command.is_piece:
                    setup.pieces.append(command)
                elif isinstance(command, SetBoards):
                    setup.boards += [(command.map_name, b.name) for b in command.boards]
        except (VconvError, ValueError, IndexError) as exc:
            setup.error = str(exc)
    ctx.cache["setups"] = out
    return out


def check_setups(ctx: Context) -> list[Finding]:
    findings: list[Finding] = []
    boards: dict[str, set[str]] = {}
    for i, m in enumerate(ctx.maps):
        names = {b.attr("name") for b in m.descendants("Board")}
        boards.setdefault(m.attr("mapName"), names)
        boards.setdefault(f"Map{i}", names)
    for setup in saved_setups(ctx):
        where = (ctx.where(setup.node, f"file {setup.entry!r}") if setup.node is not None
                 else ctx.source.path_of(setup.entry))
        if setup.entry not in ctx.source.entries:
            # PredefinedSetup.launch: the entry is not found, a data warning, no game
            findings.append(in_play("missing-setup", where,
                                    f"the setup file {setup.entry!r} is not in the archive; "
                                    "when a player chooses this setup, VASSAL writes 'Bad "
                                    "Data in Module: Setup not found' in the chat and starts "
                                    "no game", "add the saved game to the module, or correct "
                                    "the name"))
            continue
        if setup.error:
            findings.append(in_play("setup-decode", where,
                                    f"the saved game does not decode: {setup.error}; when a "
                                    "player chooses this setup, VASSAL cannot load it",
                                    "save the setup again from VASSAL"))
            continue
        if setup.node is None and setup.entry.lower().endswith(".vsav"):
            findings.append(info("unused-setup", where, "no predefined setup names this "
                                 "saved game; players cannot open it from the File menu"))
        findings += _check_setup_content(ctx, setup, where, boards)
    return findings


def _check_setup_content(ctx: Context, setup: SavedSetup, where: str,
                         boards: dict[str, set[str]]) -> list[Finding]:
    findings: list[Finding] = []
    bad_maps: dict[str, int] = {}
    bad_protos: dict[str, int] = {}
    bad_pieces = 0
    protos_of: dict[str, list[str]] = {}
    known_gpids = {use.gpid for use in gpid_uses(ctx)}
    stray: dict[str, int] = {}
    for command in setup.pieces:
        gpid = _gpid_guess(command.state)
        if gpid and gpid not in known_gpids:
            stray[gpid] = stray.get(gpid, 0) + 1
        # A quick look first (a full decode of a long trait chain costs milliseconds, and a
        # setup holds thousands); a piece that looks wrong is decoded to be sure.
        map_id = _map_id_guess(command.state)
        protos = protos_of.get(command.type)
        if protos is None:
            protos = protos_of[command.type] = _prototype_names(command.type)
        if (map_id == "null" or map_id in ctx.map_ids) and all(
                p in ctx.prototypes for p in protos):
            continue
        try:
            piece = decode_piece(command.type, command.state)
        except (VconvError, ValueError, IndexError):
            bad_pieces += 1
            continue
        map_id = piece.basic.map_id if piece.traits else "null"
        if map_id != "null" and map_id not in ctx.map_ids:
            bad_maps[map_id] = bad_maps.get(map_id, 0) + 1
        for trait in piece.traits:
            if isinstance(trait, UsePrototype) and trait.name not in ctx.prototypes:
                bad_protos[trait.name] = bad_protos.get(trait.name, 0) + 1
    if stray:
        shown = ", ".join(sorted(stray, key=lambda g: (len(g), g))[:10])
        findings.append(warning(
            "setup-unknown-piece", where,
            f"{sum(stray.values())} piece(s) of the setup come from piece slots the module "
            f"no longer has (gpid {shown}{', ...' if len(stray) > 10 else ''}); Refresh "
            "Counters cannot update them", "re-create the setup from the current palette"))
    if bad_pieces:
        findings.append(in_play("setup-decode", where, f"{bad_pieces} piece(s) of the setup "
                                "do not decode; when a player chooses this setup, VASSAL "
                                "drops them", "save the setup again"))
    for map_id, count in sorted(bad_maps.items()):
        findings.append(in_play("setup-missing-map", where,
                                f"{count} piece(s) of the setup are on map {map_id!r}, which "
                                "the module does not have; when a player chooses this setup, "
                                "VASSAL drops them (a stack with 'Bad Data in Module: Could "
                                "not find map' in the chat)",
                                "re-create the setup with the module's maps"))
    for name, count in sorted(bad_protos.items()):
        findings.append(in_play("setup-missing-prototype", where,
                                f"{count} piece(s) of the setup use prototype {name!r}, which "
                                "the module does not define; when a player chooses this setup, "
                                "VASSAL builds them without its traits and says nothing",
                                "define the prototype"))
    for map_name, board in setup.boards:
        if map_name not in boards:
            # no encoder reads a board choice for an unknown map: VASSAL skips it and nothing
            # shows (the 3.6 engine on IKRPG's setups, made for WM/H's 'Player One' map)
            findings.append(warning("setup-missing-map", where,
                                    f"the setup chooses boards for map {map_name!r}, which "
                                    "the module does not have; VASSAL ignores that choice",
                                    "save the setup again with the module's maps"))
        elif board not in boards[map_name]:
            findings.append(in_play("setup-missing-board", where,
                                    f"the setup puts board {board!r} on map {map_name!r}, "
                                    "which has no such board; when a player chooses this setup, "
                                    f"VASSAL warns 'Board {board} not found' in the chat",
                                    "re-create the setup"))
    return findings
