"""buildFile.xml as bytes: deterministic writing and safe reading of the component tree.

The text itself is written by `converter.vassal.xmlwriter` (which a component's `to_xml` uses
too); reading goes through `safexml.parse_untrusted` and the component registry.
"""

from __future__ import annotations

from converter.errors import VassalFormatError
from converter.vassal.components.base import Component
from converter.vassal.components.registry import component_from_xml
from converter.safexml import parse_untrusted
from converter.vassal.xmlwriter import serialize

XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
MAX_BUILDFILE_BYTES = 64 * 1024 * 1024


def write_buildfile(root: Component) -> bytes:
    """The whole buildFile.xml (declaration included) as UTF-8 bytes."""
    return (XML_DECLARATION + serialize(root)).encode("utf-8")


def read_buildfile(data: bytes, source: str = "buildFile.xml") -> Component:
    """Parse buildFile bytes into components (unknown elements kept as RawElement).

    Raises:
        VassalFormatError: the XML is malformed, declares entities, or is too large.
    """
    if len(data) > MAX_BUILDFILE_BYTES:
        raise VassalFormatError(f"{source}: build file is {len(data)} bytes, larger than "
                                f"the {MAX_BUILDFILE_BYTES} byte limit")
    return component_from_xml(parse_untrusted(data, source, "XML"))
