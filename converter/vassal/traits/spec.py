"""Declarative field specs: one list of (attribute, codec) drives both decode and encode.

A trait type or state (and a buildFile attribute set) is a row of text fields.  Each field has a
codec that turns its text into a Python value and back.  Decoding remembers the exact text of
every field together with the value it produced, so an unmodified value re-encodes to the very
same text (VASSAL writes `1` and `1.0`, `true` and `True`; we must not normalise them), while a
changed value is written in canonical form.
"""

from __future__ import annotations

from dataclasses import dataclass
import functools
from typing import Any, Callable, ParamSpec, TypeVar

from converter.vassal import sequence


P = ParamSpec("P")
R = TypeVar("R")


def class_cache(fn: Callable[P, R]) -> Callable[P, R]:
    """`functools.cache` for a function of a class (spec, defaults): typeshed wants Hashable
    arguments, and mypy takes a dataclass's unhashable instances for its hashable class."""
    return functools.cache(fn)  # type: ignore[return-value]


@dataclass(frozen=True)
class Codec:
    """How one field's text maps to a value: `parse(text)` and `format(value)`."""

    name: str
    parse: Callable[[str], Any]
    format: Callable[[Any], str]


def _parse_int(text: str) -> int:
    value = int(text.strip())
    if not -0x80000000 <= value <= 0x7FFFFFFF:  # VASSAL's Integer.parseInt fails: default
        raise ValueError(f"{text[:20]!r} is outside a Java int")
    return value


def _parse_float(text: str) -> float:
    return float(text.strip())


def _format_float(value: float) -> str:
    return sequence.to_text(float(value))


STR = Codec("str", str, str)
INT = Codec("int", _parse_int, str)
FLOAT = Codec("float", _parse_float, _format_float)
BOOL = Codec("bool", lambda t: t.strip().lower() == "true", lambda v: "true" if v else "false")
# A String[] field: items joined with ',' by the §0 rules (commas inside an item escaped).
STR_LIST = Codec("str_list", lambda t: sequence.split(t, ",") if t else [],
                 lambda v: sequence.join(list(v), ",") if v else "")


@dataclass(frozen=True)
class Field:
    """One field of a spec: the Python attribute and its codec."""

    attr: str
    codec: Codec = STR


def fields(*items: tuple[str, Codec] | str) -> tuple[Field, ...]:
    """Shorthand: `fields("name", ("count", INT))` (a bare name is a string field)."""
    out = []
    for item in items:
        if isinstance(item, str):
            out.append(Field(item, STR))
        else:
            out.append(Field(item[0], item[1]))
    return tuple(out)


@dataclass
class Memo:
    """What decoding saw, so re-encoding an unchanged object gives the same text.

    `texts` maps an attribute to (decoded value, original text); `counts` maps a spec name
    (`type`, `state`) to the number of fields present; `extras` holds trailing fields beyond
    the spec, which VASSAL ignores but we keep.
    """

    texts: dict[str, tuple[Any, str]]
    counts: dict[str, int]
    extras: dict[str, list[str]]
    keep: bool = True  # False: decoded for reading only, never re-encoded; nothing kept

    @classmethod
    def empty(cls) -> "Memo":
        return cls({}, {}, {})

    @classmethod
    def reading(cls) -> "Memo":
        """A memo for decoding what is only read: `parse_into` skips remembering texts."""
        return cls({}, {}, {}, False)


def parse_into(obj: Any, spec: tuple[Field, ...], items: list[str], memo: Memo,
               part: str) -> None:
    """Set obj's attributes from *items* by *spec*; bad or missing text keeps the default."""
    if not memo.keep:
        _reader(spec)(obj, items)
        return
    texts = memo.texts
    count = min(len(items), len(spec))
    for index in range(count):
        fld = spec[index]
        text = items[index]
        codec = fld.codec
        if codec is STR:
            setattr(obj, fld.attr, text)
            texts[fld.attr] = ((str, text), text)
            continue
        try:
            value = codec.parse(text)
        except (ValueError, TypeError):
            value = getattr(obj, fld.attr)
        setattr(obj, fld.attr, value)
        texts[fld.attr] = (freeze(value), text)
    memo.counts[part] = count
    memo.extras[part] = items[len(spec):]


_READERS: dict[int, tuple[tuple[Field, ...], Callable[[Any, list[str]], None]]] = {}


def _reader(spec: tuple[Field, ...]) -> Callable[[Any, list[str]], None]:
    """`parse_into` without a memo, generated once per spec (specs are class constants):
    one statement per field instead of a loop, as `canonical_formatter` does for writing."""
    known = _READERS.get(id(spec))
    if known is not None and known[0] is spec:
        return known[1]
    namespace: dict[str, Any] = {}
    lines = ["def read(obj, items):", "    n = len(items)"]
    for index, fld in enumerate(spec):
        if not fld.attr.isidentifier():
            raise ValueError(f"field attribute {fld.attr!r} is not a Python name")
        lines.append(f"    if n <= {index}: return")
        if fld.codec is STR:
            lines.append(f"    obj.{fld.attr} = items[{index}]")
        else:
            namespace[f"parse{index}"] = fld.codec.parse
            lines += ["    try:", f"        obj.{fld.attr} = parse{index}(items[{index}])",
                      "    except (ValueError, TypeError):", "        pass"]
    exec("\n".join(lines) + "\n", namespace)  # noqa: S102 - built from the spec's names only
    read: Callable[[Any, list[str]], None] = namespace["read"]
    _READERS[id(spec)] = (spec, read)
    return read


def canonical_formatter(spec: tuple[Any, ...]) -> Callable[[Any], list[str]]:
    """A function giving an object's field texts by *spec* (a spec's fields, or anything with `attr`
    and `codec`, such as a component's Attrs), all in canonical form.

    What `format_from` gives for an object that was built, not decoded.  A palette of
    thousands of pieces formats every field of every trait once, so the function is
    generated for the spec (as dataclasses generate `__init__`): one expression per field,
    with no codec call for text already in a plain-text field (`str(text)` is `text`) and
    booleans written inline.
    """
    namespace: dict[str, Any] = {}
    items = []
    for index, fld in enumerate(spec):
        if not fld.attr.isidentifier():
            raise ValueError(f"field attribute {fld.attr!r} is not a Python name")
        value = f"obj.{fld.attr}"
        if fld.codec.format is str:
            items.append(f"(v if type(v := {value}) is str else str(v))")
        elif fld.codec is BOOL:
            items.append(f"('true' if {value} else 'false')")
        else:
            namespace[f"format{index}"] = fld.codec.format
            items.append(f"format{index}({value})")
    source = "def texts(obj):\n    return [" + ", ".join(items) + "]\n"
    exec(source, namespace)  # noqa: S102 - source built above from the spec's names only
    texts: Callable[[Any], list[str]] = namespace["texts"]
    return texts


def format_from(obj: Any, spec: tuple[Field, ...], memo: Memo | None, part: str,
                defaults: dict[str, Any]) -> list[str]:
    """The field texts of *obj* by *spec*: remembered text when unchanged, canonical otherwise."""
    texts: list[str] = []
    last_needed = -1
    for index, fld in enumerate(spec):
        value = getattr(obj, fld.attr)
        remembered = memo.texts.get(fld.attr) if memo is not None else None
        if remembered is not None and remembered[0] == freeze(value):
            texts.append(remembered[1])
        else:
            texts.append(fld.codec.format(value))
            if memo is not None and (fld.attr in memo.texts
                                     or freeze(value) != freeze(defaults.get(fld.attr))):
                last_needed = index
    if memo is None or part not in memo.counts:
        return texts
    count = max(memo.counts[part], last_needed + 1)
    return texts[:count] + memo.extras.get(part, [])


def freeze(value: Any) -> Any:
    """A comparable snapshot (lists become tuples, so later mutation is seen as a change)."""
    kind = type(value)
    if kind is list:
        return (list, tuple(freeze(v) for v in value))
    return (kind, value)
