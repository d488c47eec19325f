"""Where each element of a build file lies in its bytes, and edits made there.

An imported module's build file is kept byte for byte; an edit of the game's JSON changes
only the elements it concerns, so everything else stays as the module's author wrote it.
Elements are listed in document order, the order of `Component.walk()` over the tree the
same bytes parse into (comments and processing instructions are no elements in either).
"""

from __future__ import annotations

import xml.parsers.expat
from dataclasses import dataclass, field

from converter.errors import VassalFormatError


@dataclass(frozen=True)
class Span:
    """One element: `start` at its '<', `head_end` after its start tag, `end` after it."""

    start: int
    head_end: int
    end: int
    depth: int

    @property
    def empty(self) -> bool:
        """Written as `<tag .../>`: no end tag, nothing inside."""
        return self.head_end == self.end


def element_spans(raw: bytes) -> list[Span]:
    """Every element's span, in document order.

    Raises:
        VassalFormatError: the bytes do not parse (they did once, when imported).
    """
    starts: list[tuple[int, int]] = []  # (index in out, start)
    out: list[Span | None] = []
    parser = xml.parsers.expat.ParserCreate()

    def start(_name: str, _attrs: dict[str, str]) -> None:
        starts.append((len(out), parser.CurrentByteIndex))
        out.append(None)

    def end(_name: str) -> None:
        index, begin = starts.pop()
        head_end = start_tag_end(raw, begin)
        if head_end is None:
            raise VassalFormatError("the kept build file ends inside a start tag")
        if raw[head_end - 2:head_end] == b"/>":
            finish = head_end
        else:
            finish = raw.index(b">", parser.CurrentByteIndex) + 1
        out[index] = Span(begin, head_end, finish, len(starts))

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(raw, True)
    except (xml.parsers.expat.ExpatError, ValueError) as exc:
        raise VassalFormatError(f"the kept build file cannot be read again ({exc})") from None
    return [s for s in out if s is not None]


def start_tag_end(raw: bytes, begin: int) -> int | None:
    """The index after the '>' closing the start tag at *begin* (quotes respected); None
    when the text ends inside the tag."""
    quote = 0
    for index in range(begin, len(raw)):
        byte = raw[index]
        if quote:
            if byte == quote:
                quote = 0
        elif byte in (0x22, 0x27):
            quote = byte
        elif byte == 0x3E:
            return index + 1
    return None


@dataclass
class Patch:
    """Byte edits of one file, applied together; an edit inside a removed range is void."""

    raw: bytes
    _edits: list[tuple[int, int, bytes]] = field(default_factory=list)

    def replace(self, begin: int, finish: int, text: bytes) -> None:
        self._edits.append((begin, finish, text))

    @property
    def changed(self) -> bool:
        return bool(self._edits)

    def insert(self, at: int, text: bytes) -> None:
        self._edits.append((at, at, text))

    def remove(self, span: Span) -> None:
        """The element and the line it stands on, when it stands alone there."""
        begin, finish = span.start, span.end
        line = self.raw.rfind(b"\n", 0, begin) + 1
        if not self.raw[line:begin].strip():
            begin = line
            if self.raw[finish:finish + 2] == b"\r\n":
                finish += 2
            elif self.raw[finish:finish + 1] == b"\n":
                finish += 1
        self._edits.append((begin, finish, b""))

    def indent_of(self, span: Span) -> bytes:
        """The white space before the element on its line."""
        line = self.raw.rfind(b"\n", 0, span.start) + 1
        lead = self.raw[line:span.start]
        return lead if not lead.strip() else b""

    def newline(self) -> bytes:
        return b"\r\n" if b"\r\n" in self.raw[:4096] else b"\n"

    def apply(self) -> bytes:
        """The file with every edit made (from the end, so earlier offsets hold)."""
        removed = [(b, f) for b, f, t in self._edits if not t and f > b]
        kept = [e for e in self._edits
                if not any(b <= e[0] and e[1] <= f and (b, f) != (e[0], e[1]) and
                           not (e[0] == e[1] and e[0] in (b, f)) for b, f in removed)]
        # ascending; at one offset, insertions in the order they were made, then the rest
        order = sorted(range(len(kept)), key=lambda i: (kept[i][0], kept[i][1] > kept[i][0], i))
        pieces: list[bytes] = []
        cursor = 0
        for i in order:
            begin, finish, text = kept[i]
            if begin < cursor:
                continue  # overlaps an edit already made
            pieces += [self.raw[cursor:begin], text]
            cursor = finish
        pieces.append(self.raw[cursor:])
        return b"".join(pieces)
