"""What a save or log holds, step by step, as plain data: the body of `vconv dump`.

Each piece is decoded once, when its AddPiece is seen (its name, place and type are
remembered), and the command lists are generators, so the text and the JSON are written
while the record is walked rather than built whole first.

Player passwords never appear: VASSAL stores the password as the player id in MovePiece
commands, PLAYER roster entries and private/secret notes, so those fields are redacted.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO

from converter.errors import VassalFormatError
from converter.vassal import commands as cmd
from converter.vassal.savefile import Metadata, SaveFile, read_metadata
from converter.vassal.traits.piece import decode_shown, shown_name

REDACTED = "<redacted>"


class _Names:
    """Piece id → (name, type text), learnt from AddPiece commands as the file goes on."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}
        self.types: dict[str, str] = {}
        # (type, state) -> (name, place) of an AddPiece already seen: a log adds the same
        # piece again and again (undo, redo, re-entry)
        self.shown: dict[tuple[str, str], tuple[str, dict[str, Any]]] = {}
        # (type, state) -> the name a ChangePiece to that state gives (None: undecodable);
        # a log flips the same pieces back and forth
        self.renamed: dict[tuple[str, str], str | None] = {}

    def name(self, piece_id: str) -> str:
        return self.names.get(piece_id, piece_id)


def describe(save: SaveFile, record: cmd.GameRecord) -> dict[str, Any]:
    """Everything dump shows, as plain data (the JSON output; the text is rendered from it).

    The ``commands`` lists are generators, consumed once and in order (restored commands
    first, then the steps), since the piece names are learnt on the way.
    """
    names = _Names()
    restored = (_command(c, names) for c in record.restored()
                if not (isinstance(c, cmd.NullCommand) and c.children))
    return {
        "file": save.path,
        "encoding": save.encoding.value,
        "key": save.key,
        "archive": save.archive,
        "members": [{"name": m.name, "size": m.size, "compressed": m.compressed_size}
                    for m in save.members],
        "savedata": _metadata(read_metadata(save.savedata)),
        "moduledata": _metadata(read_metadata(save.moduledata)),
        "restored": {"counts": cmd.counts(record.restored()), "commands": restored},
        "steps": Lazy(len(record.steps), _steps(record, names)),
        "log_entries": sum(1 for _ in record.log_entries()),
        "unknown": len(record.unknown()),
    }


class Lazy:
    """A list made while it is written: its length is known first, its items on demand."""

    def __init__(self, length: int, items: Iterator[Any]) -> None:
        self._length = length
        self._items = items

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[Any]:
        return self._items


def _steps(record: cmd.GameRecord, names: _Names) -> Iterator[dict[str, Any]]:
    for number, step in enumerate(record.steps, start=1):
        entries = 0
        nulls = 0
        for entry in step.entries():
            entries += 1
            nulls += entry.command is None
        yield {"step": number, "log_entries": entries, "null_entries": nulls,
               "commands": [_command(c, names) for c in step.logged()]}


def _metadata(meta: Metadata | None) -> dict[str, Any] | None:
    if meta is None:
        return None
    saved = None
    if meta.date_saved_ms is not None:
        import datetime  # only for a file that holds metadata

        saved = datetime.datetime.fromtimestamp(meta.date_saved_ms / 1000,
                                                datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return {"name": meta.name, "version": meta.version, "vassal_version": meta.vassal_version,
            "saved": saved, "description": meta.description}


def _add_piece(c: cmd.AddPiece, names: _Names, out: dict[str, Any]) -> None:
    """Name (and place) a new piece, decoding its chain once."""
    names.types[c.id] = c.type
    place: dict[str, Any] = {}
    if c.type == "stack":
        # stack state: map;x;y;id1;id2;...[;@@layer]; name it after its pieces
        named = names.names.get
        inside = ", ".join([named(m, m) for m in cmd.fast_split(c.state, ";")[3:]
                            if m and not m.startswith("@@")])
        name = f"stack of {inside}" if inside else "empty stack"
    elif c.type.startswith("deck;"):
        name = "deck"
    else:
        known = names.shown.get((c.type, c.state))
        if known is None:
            known = names.shown[c.type, c.state] = _shown(c.type, c.state)
        name, place = known
    names.names[c.id] = name
    out.update(id=c.id, name=name, **place)


def _shown(type_text: str, state_text: str) -> tuple[str, dict[str, Any]]:
    """A piece's name and place (or that it cannot be decoded), from its type and state."""
    place: dict[str, Any] = {}
    try:
        piece = decode_shown(type_text, state_text)
    except (VassalFormatError, ValueError, IndexError):
        return "?", {"undecodable": True}
    try:
        name = piece.name
    except (VassalFormatError, ValueError, IndexError):
        name = "?"
    try:
        b = piece.basic
        place.update(map=None if b.map_id == "null" else b.map_id, x=b.x, y=b.y)
    except (VassalFormatError, ValueError, IndexError):
        place["undecodable"] = True
    return name, place


def _command(c: cmd.Command, names: _Names) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": c.KIND}
    if isinstance(c, cmd.AddPiece):
        _add_piece(c, names, out)
    elif isinstance(c, cmd.MovePiece):
        out.update(id=c.id, name=names.name(c.id), from_map=c.old_map, from_x=c.old_x,
                   from_y=c.old_y, to_map=c.new_map, to_x=c.new_x, to_y=c.new_y,
                   under=c.new_under)
    elif isinstance(c, cmd.ChangePiece):
        out.update(id=c.id, name=names.name(c.id))
        type_text = names.types.get(c.id)
        if type_text and not (type_text == "stack" or type_text.startswith("deck;")):
            key = (type_text, c.new_state)
            if key in names.renamed:
                new_name = names.renamed[key]
            else:
                try:
                    new_name = shown_name(type_text, c.new_state)
                except (VassalFormatError, ValueError, IndexError):
                    new_name = None
                names.renamed[key] = new_name
            if new_name is not None and new_name != names.name(c.id):
                out["new_name"] = new_name
                names.names[c.id] = new_name
    elif isinstance(c, cmd.RemovePiece):
        out.update(id=c.id, name=names.name(c.id))
    elif isinstance(c, cmd.Chat):
        out["text"] = c.text
        dice = c.dice
        if dice is not None:
            out["dice"] = {"label": dice.label, "result": dice.result,
                           "values": list(dice.values) if dice.values is not None else None,
                           "player": dice.player}
    elif isinstance(c, cmd.SetBoards):
        out.update(map=c.map_name, boards=[
            {"name": b.name, "reversed": b.reversed, "column": b.column, "row": b.row}
            for b in c.boards])
    elif isinstance(c, cmd.PropertyChange):
        out.update(name=c.name, old=c.old_value, new=c.new_value, container=c.container)
    elif isinstance(c, cmd.GlobalPropertyRestore):
        out.update(name=c.name, value=c.value)
    elif isinstance(c, cmd.TurnTrackerChange):
        out.update(tracker=c.tracker_id, state=c.state)
    elif isinstance(c, cmd.PlayerJoin):
        out.update(player=c.name, side=c.side, password=REDACTED)
    elif isinstance(c, (cmd.PlayerRemove, cmd.PrivateNote, cmd.SecretNote)):
        out["content"] = REDACTED  # the owner id there is a password; private text stays so
    elif isinstance(c, cmd.Notes):
        out.update(public=c.public, text=c.text)
    elif isinstance(c, cmd.SetupCommand):
        out["game_starting"] = c.game_starting
    elif isinstance(c, cmd.Undo):
        out["in_progress"] = c.in_progress
    elif isinstance(c, cmd.SpecialDiceResults):
        out.update(button=c.button, fields=list(c.fields[1:]))
    elif isinstance(c, (cmd.VersionCheck, cmd.SecureEmail)):
        out["fields"] = list(c.fields) if isinstance(c, cmd.VersionCheck) else [REDACTED]
    elif isinstance(c, cmd.ComponentState):
        out["fields"] = list(c.fields)
    elif isinstance(c, cmd.PlayAudio):
        out["clip"] = c.clip
    elif isinstance(c, cmd.UnknownCommand):
        out["raw"] = c.raw[:200]
    return out


# ----------------------------------------------------------------------------- JSON

def write_json(value: Any, out: TextIO, level: int = 0) -> None:
    """Write *value* as ``json.dumps(value, indent=2, ensure_ascii=False)`` would, with
    generators written item by item as lists (so a large record is never held as text)."""
    from json import dumps  # the text output does not need it

    _write_json(value, out, level, dumps)


def _write_json(value: Any, out: TextIO, level: int, dumps: Callable[..., str]) -> None:
    pad = "  " * level
    if isinstance(value, dict):
        if not value:
            out.write("{}")
            return
        out.write("{")
        sep = "\n"
        for key, item in value.items():
            out.write(f"{sep}{pad}  {dumps(key, ensure_ascii=False)}: ")
            _write_json(item, out, level + 1, dumps)
            sep = ",\n"
        out.write(f"\n{pad}}}")
    elif isinstance(value, (Iterator, Lazy)):
        _write_items(value, out, level, dumps)
    elif isinstance(value, list) and any(isinstance(v, (dict, list, Iterator)) for v in value):
        _write_items(iter(value), out, level, dumps)
    else:
        text = dumps(value, indent=2, ensure_ascii=False)
        out.write(text.replace("\n", "\n" + pad) if level and "\n" in text else text)


def _write_items(items: Iterable[Any], out: TextIO, level: int,
                 dumps: Callable[..., str]) -> None:
    pad = "  " * level
    sep = "[\n"
    for item in items:
        out.write(sep + pad + "  ")
        _write_json(item, out, level + 1, dumps)
        sep = ",\n"
    out.write("[]" if sep == "[\n" else f"\n{pad}]")


# ----------------------------------------------------------------------------- text

def text_lines(doc: dict[str, Any]) -> Iterator[str]:
    """The human text of a described record, line by line."""
    yield f"file: {doc['file']}"
    yield (f"encoding: {doc['encoding']}"
           + (f" (key 0x{doc['key']:02x})" if doc["key"] is not None else "")
           + ("" if doc["archive"] else " (bare savedGame stream)"))
    if doc["members"]:
        yield "members: " + ", ".join(f"{m['name']} ({m['size']} bytes)"
                                      for m in doc["members"])
    module, saved = doc["moduledata"], doc["savedata"]
    if module:
        yield (f"module: {module['name'] or '?'} {module['version']}".rstrip()
               + f" (VASSAL {module['vassal_version'] or '?'})")
    if saved:
        yield (f"saved: {saved['saved'] or '?'} by VASSAL {saved['vassal_version'] or '?'}"
               + (f": {saved['description']}" if saved["description"] else ""))
    counts = doc["restored"]["counts"]
    yield "restored game: " + ", ".join(f"{n} {k}" for k, n in counts.items())
    for item in doc["restored"]["commands"]:
        yield "  " + command_line(item)
    steps = doc["steps"]
    yield f"logged steps: {len(steps)} ({doc['log_entries']} LOG entries)"
    for step in steps:
        items = step["commands"]
        head = f"step {step['step']}: "
        if not items:
            yield head + "(nothing: null LOG entries only)"
            continue
        yield head + command_line(items[0])
        for item in items[1:]:
            yield "  " + command_line(item)
    if doc["unknown"]:
        yield f"unknown commands kept raw: {doc['unknown']}"


def _where(map_name: str | None, x: int, y: int) -> str:
    return f"{map_name or 'off-map'} ({x},{y})"


def command_line(item: dict[str, Any]) -> str:
    """One described command as a line of text."""
    kind = item["kind"]
    if kind == "AddPiece":
        where = (" at " + _where(item.get("map"), item["x"], item["y"])) if "x" in item else ""
        if item.get("undecodable"):  # (a piece may be named "?": say which this is)
            where += " (its trait chain cannot be decoded)"
        return f"AddPiece {item['name']!r} [{item['id']}]{where}"
    if kind == "MovePiece":
        target = (f"({item['to_x']},{item['to_y']})" if item["to_map"] == item["from_map"]
                  else _where(item["to_map"], item["to_x"], item["to_y"]))
        return (f"MovePiece {item['name']!r} from "
                f"{_where(item['from_map'], item['from_x'], item['from_y'])} to {target}")
    if kind == "ChangePiece":
        extra = f" -> {item['new_name']!r}" if "new_name" in item else ""
        return f"ChangePiece {item['name']!r}{extra}"
    if kind == "RemovePiece":
        return f"RemovePiece {item['name']!r}"
    if kind == "Chat":
        dice = item.get("dice")
        if dice:
            vals = dice["values"]
            who = f" by {dice['player']}" if dice["player"] else ""
            return (f"Dice {dice['label']} = {dice['result']}"
                    + (f" (values {', '.join(map(str, vals))})" if vals else "") + who)
        return f"Chat {html.unescape(item['text'])}"  # as the chat pane shows it
    if kind == "SetBoards":
        boards = ", ".join(b["name"] + (" (reversed)" if b["reversed"] else "")
                           for b in item["boards"])
        return f"SetBoards {item['map']}: {boards}"
    if kind == "PropertyChange":
        return f"PropertyChange {item['name']}: {item['old']!r} -> {item['new']!r}"
    if kind == "GlobalProperty":
        return f"GlobalProperty {item['name']} = {item['value']!r}"
    if kind == "TurnTracker":
        return f"TurnTracker {item['tracker']}: {item['state']}"
    if kind == "Player":
        return f"Player {item['player']!r} side {item['side']!r} (password {REDACTED})"
    if kind == "SetupCommand":
        return "SetupCommand end_save" if item["game_starting"] else "SetupCommand begin_save"
    if kind == "Undo":
        return "Undo " + ("begins" if item["in_progress"] else "ends")
    if kind == "SpecialDice":
        return f"SpecialDice {item['button']}"
    if kind == "Notes":
        text = item["text"].replace("\n", " ")
        return f"{'Public notes' if item['public'] else 'Notes'}: {text[:80]}"
    if kind in ("StartupGlobalKey", "ChessClock", "ChessClockControl", "LosThread", "Flare"):
        return f"{kind} {' '.join(item['fields'])}"[:100]
    if kind == "PlayAudio":
        return f"PlayAudio {item['clip']!r}"
    if kind == "Unknown":
        return f"Unknown {item['raw'][:80]!r}"
    if kind == "Null":
        return "Null (empty command)"
    return str(kind)
