"""VASSAL's SequenceEncoder/SequenceDecoder: fields joined by a one-character delimiter.

Every piece type, piece state, command and list in VASSAL is built from this codec, and its
quirks (escape only the delimiter, quote-wrap values that start with a backslash or are
quoted) must be reproduced exactly for round trips to hold.
"""

from __future__ import annotations

from collections.abc import Iterable

from converter.errors import VassalFormatError


def join(fields: Iterable[object | None], delimiter: str) -> str:
    """Join *fields* as VASSAL's SequenceEncoder does.

    >>> join(["a;b", "", 3, True], ";")
    'a\\\\;b;;3;true'
    """
    return join_texts([value if type(value) is str else to_text(value) for value in fields],
                      delimiter)


def join_texts(texts: list[str], delimiter: str) -> str:
    """`join` for fields that are all `str` already (a trait's formatted fields): no
    conversion pass over them."""
    joined = delimiter.join(texts)
    # The common case, checked at C speed: no field holds a quote or the delimiter (each
    # delimiter in the joined text is then a separator) or starts or ends with a backslash,
    # so none needs work.
    if ("'" not in joined and joined.count(delimiter) == len(texts) - 1
            and ("\\" not in joined
                 or (joined[0] != "\\" and joined[-1] != "\\"
                     and delimiter + "\\" not in joined and "\\" + delimiter not in joined))):
        return joined
    out: list[str] = []
    escaped = "\\" + delimiter
    for text in texts:
        if not text:
            out.append("")
            continue
        first = text[0]
        if first != "\\" and first != "'" and delimiter not in text and text[-1] != "\\":
            out.append(text)  # the common case: nothing to escape or quote
            continue
        if text[-1] == "\\" and first != "\\":  # one that starts with one is quoted
            raise VassalFormatError(
                f"field {text!r} ends with a backslash, which VASSAL cannot read back")
        body = text.replace(delimiter, escaped)
        if first == "\\" or (first == "'" and text[-1] == "'"):
            body = "'" + body + "'"
        out.append(body)
    return delimiter.join(out)


def split(text: str | None, delimiter: str) -> list[str]:
    """Split *text* as VASSAL's SequenceDecoder does (None gives no fields).

    >>> split("a\\\\;b;;3", ";")
    ['a;b', '', '3']
    """
    if text is None:
        return []
    if delimiter not in text:
        return [_unquote(text)]
    if "\\" not in text:  # nothing escaped: a plain split, then the quote rule
        parts = text.split(delimiter)
        return [_unquote(p) for p in parts] if "'" in text else parts
    # A delimiter is escaped when a backslash precedes it: split at C level, then each
    # piece ending in that backslash is joined to the next (a turn tracker's state nests
    # its levels so, and a Python walk from one delimiter to the next cost twice as much)
    fields: list[str] = []
    held: list[str] = []  # the field so far, up to an escaped delimiter (kept linear)
    for piece in text.split(delimiter):
        if piece[-1:] == "\\":
            held += (piece[:-1], delimiter)
            continue
        if held:
            held.append(piece)
            piece = "".join(held)
            held = []
        fields.append(_unquote(piece))
    if held:  # the text ends in a backslash: it stays the field's text
        held[-1] = "\\"
        fields.append(_unquote("".join(held)))
    return fields


def _unquote(text: str) -> str:
    if len(text) > 1 and text[0] == "'" and text[-1] == "'":
        return text[1:-1]
    return text


def to_text(value: object | None) -> str:
    """Java's String.valueOf for the values VASSAL writes (booleans lower-case)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value) if value != int(value) else f"{value:.1f}"
    return str(value)
