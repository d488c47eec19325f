"""BasicPiece (`piece;`): the innermost layer, holding the image, the name and the position.

State (VASSAL.counters.BasicPiece): mapId;x;y;gpid;n;key1;value1;... where the key/value pairs
are persistent properties.  Old files stop after y.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from converter.vassal import sequence
from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import INT, Memo, fields, parse_into


@dataclass
class BasicPiece(Trait):
    """The piece's own image and name, and where it is (map id and map pixels)."""

    ID = "piece;"
    TYPE = fields("clone_key", "delete_key", "image", "name")
    STATE = fields("map_id", ("x", INT), ("y", INT), "gpid")

    clone_key: str = ""
    delete_key: str = ""
    image: str = ""
    name: str = ""
    map_id: str = "null"
    x: int = 0
    y: int = 0
    gpid: str = ""
    persistent: dict[str, str] = field(default_factory=dict)

    @property
    def lacks_name(self) -> bool:
        """Read from a definition cut short of its name field: VASSAL reads the four type
        fields with no default for the last, so it cannot build the piece and fails to load
        the module ('NoSuchElementException')."""
        memo = self._memo
        return memo is not None and memo.keep and "name" not in memo.texts

    def _decode_state(self, text: str, memo: Memo) -> None:
        items = sequence.split(text, ";")
        parse_into(self, self.STATE, items[:4], memo, "state")
        if len(items) <= 4:
            return
        rest = items[5:]
        self.persistent.update(_persistent(items))
        memo.texts["__count__"] = (len(self.persistent), items[4])
        memo.extras["persistent"] = rest[2 * len(self.persistent):]

    def encode_state(self) -> str:
        head = self._texts(self.STATE, "state")
        if self._memo is None and not self.persistent:  # a built piece: all text already
            head.append("0")
            return sequence.join_texts(head, ";")
        remembered = self._memo.texts.get("__count__") if self._memo is not None else None
        if self._memo is not None and remembered is None and not self.persistent:
            return sequence.join(head, ";")
        head += [""] * (4 - len(head))
        count = str(len(self.persistent))
        if remembered is not None and remembered[0] == len(self.persistent):
            count = remembered[1]
        tail = [count]
        for key, value in self.persistent.items():
            tail += [key, value]
        if self._memo is not None:
            tail += self._memo.extras.get("persistent", [])
        return sequence.join(head + tail, ";")

    @property
    def on_map(self) -> bool:
        return self.map_id not in ("", "null")

    def properties(self) -> dict[str, str]:
        props = {"BasicName": self.name, "PieceId": self.gpid}
        props.update(self.persistent)
        return props


def state_position(text: str) -> tuple[str, int, int]:
    """(map id, x, y) of a BasicPiece state as decoding it gives them (a missing field or a
    number that does not read keeps the default: `null`, 0), without reading the rest: what
    a replay needs of a piece it does not name."""
    if "\\" in text or "'" in text:
        items = sequence.split(text, ";")
    else:
        items = text.split(";", 3)
    if len(items) > 2:  # (a piece added or changed: both numbers plain digits, read at once)
        x_text, y_text = items[1], items[2]
        if len(x_text) < 10 and len(y_text) < 10 and x_text.isdigit() and y_text.isdigit():
            try:
                return items[0], int(x_text), int(y_text)
            except ValueError:  # (a digit int() does not read: as `_int_at` says of it)
                pass
    return items[0] if items else "null", _int_at(items, 1), _int_at(items, 2)


def state_persistent(text: str) -> tuple[str, int, int, dict[str, str]]:
    """(map id, x, y, persistent properties) of a BasicPiece state as decoding it gives them,
    without a trait made for it: what identifying a piece needs of its BasicPiece, whose
    state (its VASSAL id and position) is a piece's own, so no decoded one is shared."""
    items = sequence.split(text, ";")
    return items[0], _int_at(items, 1), _int_at(items, 2), _persistent(items)


def _persistent(items: list[str]) -> dict[str, str]:
    """The persistent properties of a BasicPiece state's fields: field 4 counts the
    key/value pairs that follow it (a count that does not read, or runs past them, takes
    what is there)."""
    if len(items) <= 4:
        return {}
    try:
        count = max(0, int(items[4]))
    except ValueError:
        return {}
    end = 5 + 2 * count  # (the pairs made at C level, a later key winning as in a loop)
    return dict(zip(items[5:end:2], items[6:end:2]))


def _int_at(items: list[str], index: int) -> int:
    """Field *index* as an INT field decodes it: 0 when it is missing or does not read.

    Digits alone, fewer than ten (a Java int whatever they say), are read at once: a
    replay reads two for every piece it adds and most pieces it changes."""
    try:
        text = items[index]
        if len(text) < 10 and text.isdigit():  # (int() reads or refuses them as INT does)
            return int(text)
        value: int = INT.parse(text)
        return value
    except (IndexError, ValueError, TypeError):
        return 0
