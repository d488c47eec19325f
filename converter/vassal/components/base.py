"""The buildFile component base class, driven by a declarative attribute spec.

A subclass declares `TAG` (VASSAL's Java class name, the XML element name), `ATTRS` (XML
attribute name, Python attribute, codec; VASSAL's defaults are the dataclass defaults) and
whether it holds text (PieceSlot, PrototypeDefinition).  `from_element` (with `registry.component_from_xml` for the children) and `to_xml` are generic.

A component built in Python writes every attribute of its spec, in spec order (explicit beats
VASSAL's defaults, e.g. HexGridNumbering's `stagger` defaults to true).  A component read from
a file writes back the attributes it had, with their original text when unchanged, plus any
whose value was changed; unknown attributes are kept in `extra_attrs`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterator, TypeVar

from lxml import etree

from converter.vassal.traits.base import defaults_of
from converter.vassal.xmlwriter import serialize
from converter.vassal.traits.spec import STR, Codec, Memo, canonical_formatter, freeze

C = TypeVar("C", bound="Component")


@dataclass(frozen=True)
class Attr:
    """One XML attribute: its name in the file, the Python attribute and the codec."""

    xml: str
    attr: str
    codec: Codec = STR


@dataclass
class Component:
    """One element of buildFile.xml with its child components."""

    TAG: ClassVar[str] = ""
    ATTRS: ClassVar[tuple[Attr, ...]] = ()
    TEXT: ClassVar[bool] = False

    children: list["Component"] = field(default_factory=list, kw_only=True)
    content: str = field(default="", kw_only=True)
    extra_attrs: dict[str, str] = field(default_factory=dict, kw_only=True)
    _memo: Memo | None = field(default=None, repr=False, compare=False, kw_only=True)

    @property
    def tag(self) -> str:
        return self.TAG

    @classmethod
    def from_element(cls: type[C], element: etree._Element) -> C:
        """Build from a parsed element's attributes and text; the registry
        (`component_from_xml`) reads the children."""
        obj = cls()
        memo = Memo.empty()
        by_xml = {a.xml: a for a in cls.ATTRS}
        for name, text in element.attrib.items():
            spec = by_xml.get(name)
            if spec is None:
                obj.extra_attrs[name] = text
                continue
            try:
                value = spec.codec.parse(text)
            except (ValueError, TypeError):
                value = getattr(obj, spec.attr)
            setattr(obj, spec.attr, value)
            memo.texts[spec.attr] = (freeze(value), text)
        if cls.TEXT:
            obj.content = (element.text or "").strip()
        obj._memo = memo
        return obj

    def attributes(self) -> list[tuple[str, str]]:
        """The (name, text) pairs this component writes, in a fixed order."""
        memo = self._memo
        if memo is None:  # built in Python: every attribute, canonical text
            names, texts = _canonical(type(self))
            out = list(zip(names, texts(self)))
            if self.extra_attrs:
                out.extend(self.extra_attrs.items())
            return out
        out: list[tuple[str, str]] = []
        defaults = defaults_of(type(self))
        for spec in self.ATTRS:
            value = getattr(self, spec.attr)
            remembered = memo.texts.get(spec.attr)
            if remembered is not None and remembered[0] == freeze(value):
                out.append((spec.xml, remembered[1]))
            elif remembered is not None or freeze(value) != freeze(defaults.get(spec.attr)):
                out.append((spec.xml, spec.codec.format(value)))
        out.extend(self.extra_attrs.items())
        return out

    def body_text(self) -> str:
        return self.content if self.TEXT else ""

    # -- tree helpers --------------------------------------------------------------------------

    def add(self, *children: "Component") -> "Component":
        """Append children and return self, so trees can be written as nested calls."""
        self.children.extend(children)
        return self

    def walk(self) -> Iterator["Component"]:
        """This component and all its descendants, depth first, in document order."""
        yield self
        for child in self.children:
            yield from child.walk()

    def find_all(self, cls: type[C]) -> list[C]:
        return [c for c in self.walk() if isinstance(c, cls)]

    def find(self, cls: type[C]) -> C | None:
        for c in self.walk():
            if isinstance(c, cls):
                return c
        return None

    def to_xml(self) -> str:
        """This component and its subtree as deterministic XML text (no declaration)."""
        return serialize(self)


@dataclass
class RawElement(Component):
    """An element vconv does not model: tag, attributes, text and children kept as read."""

    raw_tag: str = ""
    attrib: dict[str, str] = field(default_factory=dict)

    @property
    def tag(self) -> str:
        return self.raw_tag

    @classmethod
    def from_element(cls, element: etree._Element) -> "RawElement":
        text = (element.text or "").strip()
        return cls(raw_tag=str(element.tag), attrib=dict(element.attrib), content=text)

    def attributes(self) -> list[tuple[str, str]]:
        return list(self.attrib.items())

    def body_text(self) -> str:
        return self.content


@functools.cache
def _canonical(cls: type[Component]) -> tuple[tuple[str, ...], Callable[[Any], list[str]]]:
    """The XML names of a component class's attributes and their canonical formatter
    (cached: ATTRS are class constants)."""
    return tuple(a.xml for a in cls.ATTRS), canonical_formatter(cls.ATTRS)


def attrs(*items: tuple[str, str, Codec] | tuple[str, str]) -> tuple[Attr, ...]:
    """Shorthand for an ATTRS spec: ("xmlName", "python_name"[, codec])."""
    return tuple(Attr(*item) for item in items)


