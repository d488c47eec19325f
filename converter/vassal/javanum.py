"""The grid numbers VASSAL reads as Java numbers when it builds a grid, and which texts Java
reads: one that does not parse makes VASSAL fail to build that element ('failed to load class
…SquareGrid') and leave it out, so its board has no grid there.  `vconv check` reports such a
number; import and audit leave the element out as VASSAL does (Tanto Monta's dx="NaN97.0")."""

from __future__ import annotations

import re
from typing import Callable

from converter.vassal.components.base import Component

INTEGERS: dict[str, tuple[str, ...]] = {
    "SquareGrid": ("x0", "y0"), "HexGrid": ("x0", "y0", "snapscale"),
    "Region": ("originx", "originy"), "RegionGrid": ("fontsize",),
    **{numbering: ("hLeading", "vLeading", "hOff", "vOff", "fontSize", "rotateText",
                   "hDrawOff", "vDrawOff")
       for numbering in ("HexGridNumbering", "SquareGridNumbering")}}
DECIMALS: dict[str, tuple[str, ...]] = {"SquareGrid": ("dx", "dy"), "HexGrid": ("dx", "dy")}
_JAVA_INT = re.compile(r"[+-]?[0-9]+")
_JAVA_DOUBLE = re.compile(  # what Java's Double.valueOf reads, once trimmed
    r"[+-]?(?:NaN|Infinity|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[fFdD]?"
    r"|0[xX](?:[0-9a-fA-F]+\.?|[0-9a-fA-F]*\.[0-9a-fA-F]+)[pP][+-]?[0-9]+[fFdD]?)")


def java_int(text: str) -> bool:
    """Whether Java's Integer.parseInt reads *text*."""
    return _JAVA_INT.fullmatch(text) is not None and -2**31 <= int(text) < 2**31


def java_double(text: str) -> bool:
    """Whether Java's Double.valueOf reads *text*."""
    return _JAVA_DOUBLE.fullmatch(text.strip(" \t\r\n")) is not None


def number_rules(kind: str) -> list[tuple[str, Callable[[str], bool], str]]:
    """(attribute, whether Java reads a text, 'an integer' / 'a number') of an element kind
    (the last part of its class name)."""
    rules: list[tuple[str, Callable[[str], bool], str]] = [
        (n, java_int, "an integer") for n in INTEGERS.get(kind, ())]
    rules += [(n, java_double, "a number") for n in DECIMALS.get(kind, ())]
    return rules


def unreadable_numbers(comp: Component) -> list[tuple[str, str, str]]:
    """(attribute, its text, 'an integer' / 'a number') of each number of a component read
    from a file that VASSAL cannot read; empty for any other component."""
    rules = number_rules(comp.TAG.rsplit(".", 1)[-1])
    memo = comp._memo
    if not rules or memo is None:
        return []
    attr_of = {a.xml: a.attr for a in comp.ATTRS}
    out = []
    for name, ok, what in rules:
        remembered = memo.texts.get(attr_of.get(name, ""))
        text = remembered[1] if remembered is not None else comp.extra_attrs.get(name)
        if text is not None and not ok(text):
            out.append((name, text, what))
    return out
