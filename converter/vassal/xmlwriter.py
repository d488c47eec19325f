"""A component tree as deterministic XML text, written by hand rather than with
`toprettyxml`: fixed two-space indent, attributes in spec order, TAB/newline in attribute
values written as character references (XML attribute normalisation would turn them into
spaces), text content written raw (VASSAL trims it)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from converter.errors import BuildError

if TYPE_CHECKING:
    from converter.vassal.components.base import Component

INDENT = "  "

_ATTR_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                               "\t": "&#9;", "\n": "&#10;", "\r": "&#13;"})
# Characters XML 1.0 cannot carry at all, not even as character references.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"})


def serialize(component: Component, depth: int = 0) -> str:
    """One component and its subtree as XML text, indented from *depth*."""
    out: list[str] = []
    _write(component, depth, out)
    return "".join(out)


# Anything an attribute value or a text needs escaped or refused; most hold none, and one
# search over all of a component's values is much cheaper than escaping each.
_ATTR_SPECIAL = re.compile('[&<>"\t\n\r\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]')
_TEXT_SPECIAL = re.compile("[&<>\r\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _write(component: Component, depth: int, out: list[str]) -> None:
    tag = component.tag
    pad = INDENT * depth
    head = pad + "<" + tag
    attributes = component.attributes()
    if attributes:
        if _ATTR_SPECIAL.search("".join([value for _, value in attributes])) is None:
            head += "".join([f' {name}="{value}"' for name, value in attributes])
        else:
            for name, value in attributes:
                if _NOT_XML.search(value):
                    raise BuildError(f"{tag}@{name}: value {value!r} holds a control "
                                     "character XML cannot carry")
                head += f' {name}="{value.translate(_ATTR_ESCAPES)}"'
    text = component.body_text()
    if text and _TEXT_SPECIAL.search(text) is not None:
        if _NOT_XML.search(text):
            raise BuildError(f"{tag}: text {text[:60]!r} holds a control character "
                             "XML cannot carry")
        text = text.translate(_TEXT_ESCAPES)
    children = component.children
    if not children:
        out.append(head + (">" + text + "</" + tag + ">\n" if text else "/>\n"))
        return
    out.append(head + ">" + text + "\n")
    for child in children:
        _write(child, depth + 1, out)
    out.append(pad + "</" + tag + ">\n")
