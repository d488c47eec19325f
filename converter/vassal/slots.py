"""Which slot of a module a placed piece was made from: one answer for import and audit.

`vconv import` names the pieces of a module's setup saves by the slot each was made from, and
`vconv audit --game` ties the pieces of a save or log to the imported game the same way; when
the two answered differently (several slots sharing a name), the module's own setup showed
false violations.  So both ask `SlotIndex.find`.

As VASSAL's Refresh Counters does, a piece is told by the gpid its BasicPiece keeps (the `gpid`
of the slot it was made from).  A piece whose gpid is no slot's (saved with another version of
the module, made by a trait) is told by its type text, then by its name: the one slot of that
name (a slot whose BasicPiece is nameless goes by the slot's own name), or of several the one
sharing most trait texts (the first in the module on a tie).  A nameless piece is told by its
gpid or type only: its name says nothing.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from converter.errors import VassalFormatError
from converter.vassal import sequence
from converter.vassal.components.base import Component
from converter.vassal.components.piece_slot import SlotDefinition
from converter.vassal.paths import join


@dataclass(frozen=True, slots=True)
class SlotEntry:
    """A slot of the module (PieceSlot or CardSlot) with what tells pieces made from it."""

    number: int      # its place among the module's slots, in document order
    slot: SlotDefinition
    path: str        # where it is, as the importer's provenance notes write it; unique:
                     # the second slot at one path is `<path>#2`
    name: str        # its BasicPiece name ('' when nameless)
    type_text: str   # its piece type text (prototypes not expanded)


@dataclass(slots=True)
class SlotIndex:
    """Every readable slot of a module, by gpid, type text and name."""

    entries: list[SlotEntry] = field(default_factory=list)
    by_gpid: dict[str, SlotEntry] = field(default_factory=dict)
    by_type: dict[str, SlotEntry] = field(default_factory=dict)
    by_name: dict[str, list[SlotEntry]] = field(default_factory=dict)
    by_entry: dict[str, list[SlotEntry]] = field(default_factory=dict)  # nameless, by slot name
    by_id: dict[int, SlotEntry] = field(default_factory=dict)  # id(slot component) → entry

    @classmethod
    def of(cls, root: Component) -> SlotIndex:
        """The slots under *root* in document order; a slot whose definition cannot be read
        is left out (import notes it)."""
        index = cls()
        gpids: dict[str, int] = {}
        paths: dict[str, int] = {}
        for comp, path in walk_paths(root):
            if not isinstance(comp, SlotDefinition):
                continue
            seen = paths[path] = paths.get(path, 0) + 1
            if seen > 1:  # slots alike in one folder (a stack of five 'BUc')
                path = f"{path}#{seen}"
            try:
                name = comp.piece.basic.name
            except (VassalFormatError, ValueError, IndexError):
                continue
            entry = SlotEntry(len(index.entries), comp, path, name, slot_type(comp.content))
            index.entries.append(entry)
            index.by_id[id(comp)] = entry
            if comp.gpid:
                gpids[comp.gpid] = gpids.get(comp.gpid, 0) + 1
                index.by_gpid.setdefault(comp.gpid, entry)
            if entry.type_text:
                index.by_type.setdefault(entry.type_text, entry)
            index.by_name.setdefault(name, []).append(entry)
            if not name and comp.entry_name:
                index.by_entry.setdefault(comp.entry_name, []).append(entry)
        for gpid, seen in gpids.items():  # a gpid several slots share tells none of them
            if seen > 1:
                del index.by_gpid[gpid]
        return index

    def path(self, slot: Component, fallback: str) -> str:
        """The slot's unique path (*fallback* for a slot the index does not hold)."""
        entry = self.by_id.get(id(slot))
        return entry.path if entry is not None else fallback

    def find(self, type_text: str, gpid: str, name: str) -> SlotEntry | None:
        """The slot a piece (its type text, its BasicPiece's gpid and name) was made from;
        None when no slot tells it (see the module docstring)."""
        found = self.by_gpid.get(gpid) if gpid else None
        if found is None:
            found = self.by_type.get(type_text)
        if found is not None or not name:
            return found
        # a slot whose BasicPiece is nameless goes by the slot's own name (Inferno's two
        # 'Siege Marker' slots; the markers their Place Marker traits make are named)
        named = self.by_name.get(name) or self.by_entry.get(name, [])
        if len(named) <= 1:
            return named[0] if named else None
        mine = set(type_text.split("\t"))
        return max(named, key=lambda e: len(mine & set(e.type_text.split("\t"))))


def slot_type(content: str) -> str:
    """The piece type text of a slot's `+/id/type/state` definition ('' when not one)."""
    if not content.startswith("+/"):
        return ""
    fields = sequence.split(content[2:], "/")
    return fields[1] if len(fields) > 1 else ""


def basic_gpid(state_text: str) -> str:
    """The gpid a piece's state keeps (its BasicPiece state `map;x;y;gpid;...` is the last
    part of the chain); '' when the state does not hold one."""
    tail = state_text.rsplit("\t", 1)[-1]
    if "\\" in tail:  # escaped: each decorator's state wraps the rest, so unwrap
        tail = state_text
        parts = sequence.split(tail, "\t")
        while len(parts) == 2:
            tail = parts[1]
            parts = sequence.split(tail, "\t")
    fields = sequence.split(tail, ";")
    return fields[3] if len(fields) > 3 else ""


def walk_paths(root: Component) -> list[tuple[Component, str]]:
    """Every component under *root*, in document order, with its path as the importer's
    notes write it (`Map[Main]/SetupStack[Bremen]/PieceSlot[GEc]`)."""
    out: list[tuple[Component, str]] = []
    stack: list[tuple[Component, str]] = [(c, join("", c)) for c in reversed(root.children)]
    while stack:
        comp, path = stack.pop()
        out.append((comp, path))
        stack.extend((k, join(path, k)) for k in reversed(comp.children))
    return out


__all__ = ["SlotEntry", "SlotIndex", "basic_gpid", "slot_type", "walk_paths"]


def definition_mark(type_text: str) -> str:
    """A short mark of a piece definition (its whole type text, prototypes as the save
    holds them): import writes it into the provenance of a setup piece saved with neither a
    name nor a gpid, and the audit ties saved pieces of that definition to that piece."""
    return hashlib.sha256(type_text.encode("utf-8")).hexdigest()[:12]
