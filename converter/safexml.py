"""The one way vconv parses XML from a file it did not write (build files, module and save
metadata, SVG pictures): no DTD at all, no entity, no network, a bounded tree.

A DTD is refused from what the parser itself saw (its document type), not from a byte search,
so it is refused in every encoding (UTF-16 holds no ``<!ENTITY`` bytes).  libxml2 still reads
the internal subset to get there, but it stops entity amplification on its own and nothing
declared there reaches vconv.
"""

from __future__ import annotations

import io

from lxml import etree

from converter.errors import VassalFormatError
from converter.limits import XML_ELEMENTS, Limit


def safe_parser() -> etree.XMLParser:
    """An lxml parser that expands no entities, loads no DTD, fetches nothing, bounds the tree."""
    return etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False,
                           load_dtd=False, dtd_validation=False)


def parse_untrusted(data: bytes, source: str, what: str = "XML",
                    elements: Limit = XML_ELEMENTS) -> etree._Element:
    """The root element of *data*, holding at most *elements* elements.

    Raises:
        VassalFormatError: malformed XML (with its line), a document type declaration, or
            more elements than the limit.
    """
    if holds_more_elements(data, elements.value()):
        raise VassalFormatError(elements.refusal(
            source, f"{what} of {elements.value() + 1} elements or more"))
    try:
        root = etree.fromstring(data, safe_parser())
    except etree.XMLSyntaxError as exc:
        line = getattr(exc, "lineno", None)
        raise VassalFormatError(f"{source}:{line}: malformed {what}: {_plain(exc.msg)}") \
            from None
    except ValueError as exc:  # e.g. a str with an encoding declaration
        raise VassalFormatError(f"{source}: unreadable {what}: {exc}") from None
    docinfo = root.getroottree().docinfo
    if docinfo.internalDTD is not None or docinfo.doctype or docinfo.system_url:
        raise VassalFormatError(f"{source}: {what} declares a DTD, which vconv refuses (VASSAL "
                                "never writes one; its XML entities could change what the "
                                "file says)")
    return root


def holds_more_elements(data: bytes, bound: int) -> bool:
    """Whether *data* holds more than *bound* elements, found before any tree is built:
    libxml2 spends about 250 bytes a node, so 60 MB of ``<a/>`` would take 4 GB.

    Every element starts with a '<' that does not start an end tag, so the bytes give a
    bound for free; only a document past it is counted exactly, streamed in bounded memory.
    Malformed XML counts as within the bound (the parse proper reports it, with its line).
    """
    if data.count(b"<") - data.count(b"</") <= bound:
        return False
    count = 0
    try:
        for _event, element in etree.iterparse(io.BytesIO(data), events=("start",),
                                               resolve_entities=False, no_network=True,
                                               load_dtd=False, huge_tree=False):
            if isinstance(element.tag, str):
                count += 1
                if count > bound:
                    return True
            parent = element.getparent()
            if parent is not None and element.getprevious() is not None:
                del parent[0]  # keep the streamed tree small: its finished first sibling goes
    except etree.XMLSyntaxError:
        pass
    return False


# libxml2's own bounds (vconv parses without its "huge" option): what they mean to a reader
_LIMITS = (("Buffer size limit exceeded", "an attribute value over 10,000,000 characters, "
            "more than vconv reads"),
           ("AttValue length too long", "an attribute value over 10,000,000 characters, "
            "more than vconv reads"),
           ("Text node too long", "a text over 10,000,000 characters, more than vconv reads"),
           ("Excessive depth in document", "elements nested more than 256 deep, more than "
            "vconv reads"))


def _plain(message: str) -> str:
    """libxml2's message on one line, its bounds said in words (not as a parser option)."""
    text = " ".join(message.split())
    for cause, words in _LIMITS:
        if cause in text:
            where = text[text.find(", line "):] if ", line " in text else ""
            return words + where
    return text


def looks_like_xml(data: bytes) -> bool:
    """Whether *data* may be an XML document (its first character '<', in UTF-8, UTF-16 or
    UTF-32, a byte order mark allowed): pictures and other binary files are not."""
    if data.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")):
        return True
    return data[:1024].lstrip(b" \t\r\n\x00").startswith(b"<")


def declared_entities(data: bytes) -> str | None:
    """What in XML *data* a reader that expands entities would expand (VASSAL's parser reads
    a module's moduledata, build file and SVG pictures so): the entities its DTD declares,
    or None for a document that declares none (a DTD naming only an outside one, as SVG
    editors write, included) or is not XML at all.

    Only the prolog is read: the DTD stands before the first element, so the parse stops
    there, and a large document costs no more than its first kilobytes."""
    parser = etree.XMLPullParser(events=("start",), recover=True, resolve_entities=False,
                                 load_dtd=False, no_network=True, huge_tree=False)
    chunk = 64 * 1024
    for at in range(0, len(data), chunk):
        try:
            parser.feed(data[at:at + chunk])
        except etree.XMLSyntaxError:
            break
        for _event, element in parser.read_events():
            if not isinstance(element, etree._Element):
                continue
            dtd = element.getroottree().docinfo.internalDTD
            names = [str(e.name) for e in getattr(dtd, "iterentities", list)()]  # (no stubs)
            if not names:
                return None
            more = f" and {len(names) - 5} more" if len(names) > 5 else ""
            return ", ".join(f"&{name};" for name in names[:5]) + more
    # no element reached: a document that stopped in its prolog (libxml2 halts an entity
    # that amplifies past its bound, a billion laughs in the root's attributes) or no XML
    try:
        etree.fromstring(data, safe_parser())
    except etree.XMLSyntaxError as exc:
        if getattr(exc, "code", None) in _ENTITY_ERRORS or "amplification" in str(exc):
            return "entities that expand past the parser's bound (an entity bomb)"
    except ValueError:
        pass
    return None


# libxml2's errors for an entity that expands without end (the error log is shared by every
# parse of the thread, so the exception's own code is read, not the log)
_ENTITY_ERRORS = frozenset(getattr(etree.ErrorTypes, name) for name in (
    "ERR_RESOURCE_LIMIT", "ERR_ENTITY_LOOP") if hasattr(etree.ErrorTypes, name))
