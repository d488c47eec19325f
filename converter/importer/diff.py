"""What changed between two versions of a VASSAL module, for its maintainers.

Components are matched by path (`Map[Main Map]/SetupStack[Reserve]`; folders are left out
of paths, since they only group components in the editor, and are compared as components of
their own); same-named siblings get `#2`, `#3`.  Slots and prototypes are compared as
pieces: traits added, removed or changed (a trait is known by its kind and first field, e.g.
`mark;Side`), and the properties the piece's traits give.  Archive entries are compared by
size and CRC.

A named key command is written with a private key code (`57949,0,GlobalTrailsOn`) that
VASSAL gives it afresh at every load; the editor renumbers them all when one is added, so
codes in VASSAL's named range are not compared, only the names (in Paths of Glory's 10.5 to
10.8, 453 of the 1,205 changed values differed in those codes alone).  Nor are the fields a
newer editor appends to a trait with the values VASSAL takes when they are missing
(`vassal/traits/appended.py`), nor the position stored with a slot's or prototype's piece,
which VASSAL does not use.
"""

from __future__ import annotations

import os
import re
import zipfile
from dataclasses import dataclass, field
from typing import Any

from converter.errors import VassalFormatError
from converter.importer.paths import is_folder, label
from converter.vassal import sequence
from converter.vassal.components import CardSlot, PieceSlot, PrototypeDefinition
from converter.vassal.components.base import Component
from converter.vassal.traits.appended import same_but_appended
from converter.vassal.vmod_reader import ModuleFile, read_vmod
from converter.vassal.zipfiles import ZIP_ERRORS

PIECE_CLASSES = (PieceSlot, CardSlot, PrototypeDefinition)
TEXT_SHOWN = 120  # characters of a changed text shown in the text report
# `code,modifiers,name` with a five-digit code, at any depth of escaping (`57378\\,0\\,Flip`
# inside a trait, the backslash doubled inside a macro's list of keys)
_NAMED_KEY = re.compile(r"(?<!\d)(\d{5})(\\*),(\d+)\2,(?=[^\s;,\\])")
# VASSAL gives named key commands codes from U+E000; once a name is there it alone counts
# (older editors wrote U+F8FF for every one of them)
_NAMED_RANGE = range(0xE000, 0x10000)


def _named_key_free(text: str, *, names_only: bool = False) -> str:
    """*text* with each named key command's private code left out (`,0,Flip`), or with the
    name alone left (`Flip`, *names_only*)."""
    if "," not in text:
        return text
    return _NAMED_KEY.sub(lambda m: m.group(0) if int(m.group(1)) not in _NAMED_RANGE
                          else "" if names_only else m.group(0)[len(m.group(1)):], text)


@dataclass
class Change:
    """One component or piece present in both versions, and how it differs."""

    path: str
    attributes: dict[str, list[str | None]] = field(default_factory=dict)  # name → [old, new]
    text: list[str] | None = None
    traits_added: list[str] = field(default_factory=list)
    traits_removed: list[str] = field(default_factory=list)
    traits_changed: dict[str, list[str]] = field(default_factory=dict)  # trait → [old, new]
    properties: dict[str, list[str | None]] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": self.path}
        for key in ("attributes", "text", "traits_added", "traits_removed", "traits_changed",
                    "properties"):
            value = getattr(self, key)
            if value:
                out[key] = value
        return out


@dataclass
class Section:
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[Change] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.added or self.removed or self.changed)

    def as_json(self) -> dict[str, Any]:
        return {"added": self.added, "removed": self.removed,
                "changed": [c.as_json() for c in self.changed]}


@dataclass
class ModuleDiff:
    old: str
    new: str
    components: Section = field(default_factory=Section)
    pieces: Section = field(default_factory=Section)
    files: Section = field(default_factory=Section)

    @property
    def same(self) -> bool:
        return not (self.components or self.pieces or self.files)

    def as_json(self) -> dict[str, Any]:
        return {"old": self.old, "new": self.new, "same": self.same,
                "components": self.components.as_json(), "pieces": self.pieces.as_json(),
                "files": self.files.as_json()}


def diff_modules(old: str | os.PathLike[str], new: str | os.PathLike[str]) -> ModuleDiff:
    """Compare two module files.

    Raises:
        InputError: a file does not exist.
        VassalFormatError: a file is not a readable module.
    """
    a, b = read_vmod(old), read_vmod(new)
    out = ModuleDiff(str(old), str(new))
    comps_a, pieces_a = _index(a.buildfile)
    comps_b, pieces_b = _index(b.buildfile)
    _compare(comps_a, comps_b, out.components, _component_change)
    _compare(pieces_a, pieces_b, out.pieces, _piece_change)
    _compare(_entries(a), _entries(b), out.files, _file_change)
    return out


def _index(root: Component) -> tuple[dict[str, Component], dict[str, Component]]:
    comps: dict[str, Component] = {}
    pieces: dict[str, Component] = {}

    def visit(comp: Component, path: str, folder_path: str) -> None:
        seen: dict[str, int] = {}
        for child in comp.children:
            name = label(child)
            seen[name] = seen.get(name, 0) + 1
            if seen[name] > 1:
                name = f"{name}#{seen[name]}"
            if is_folder(child):
                fpath = f"{folder_path}/{name}" if folder_path else name
                comps[fpath] = child
                visit(child, path, fpath)  # its contents belong to the folder's parent
                continue
            child_path = f"{path}/{name}" if path else name
            (pieces if isinstance(child, PIECE_CLASSES) else comps)[child_path] = child
            visit(child, child_path, child_path)

    comps[label(root)] = root
    visit(root, "", "")
    return comps, pieces


def _compare(a: dict[str, Any], b: dict[str, Any], section: Section, change: Any) -> None:
    section.removed = [p for p in a if p not in b]
    section.added = [p for p in b if p not in a]
    for path, item in a.items():
        if path in b:
            found = change(path, item, b[path])
            if found is not None:
                section.changed.append(found)


def _attributes(a: Component, b: Component) -> dict[str, list[str | None]]:
    old, new = dict(a.attributes()), dict(b.attributes())
    return {k: [old.get(k), new.get(k)] for k in sorted(set(old) | set(new))
            if _differ(old.get(k), new.get(k))}


def _differ(old: str | None, new: str | None) -> bool:
    """Whether two values differ in more than named key commands' private codes."""
    if old is None or new is None:
        return old != new
    return old != new and _named_key_free(old) != _named_key_free(new)


def _component_change(path: str, a: Component, b: Component) -> Change | None:
    change = Change(path, attributes=_attributes(a, b))
    if _differ(a.body_text(), b.body_text()):
        change.text = [a.body_text(), b.body_text()]
    return change if change.attributes or change.text else None


def trait_key(type_text: str) -> str:
    """A trait's kind and first field (`mark;Side`, `prototype;Unit`, `emb2;Step`), a named
    key command in it by its name alone (`report;Flip`, not `report;57378\\,0\\,Flip`)."""
    parts = _named_key_free(type_text, names_only=True).split(";", 2)
    key = ";".join(parts[:2]) if len(parts) > 1 else parts[0]
    return key[:60]


def _traits(comp: Component
            ) -> tuple[list[tuple[str, str]], dict[str, str], dict[str, str]]:
    """The traits by key with their type text, the piece's properties, and each trait's
    state text by key."""
    piece = comp.piece  # type: ignore[attr-defined]
    keyed: list[tuple[str, str]] = []
    states: dict[str, str] = {}
    counts: dict[str, int] = {}
    for trait in piece.traits:
        text = trait.encode_type()
        key = trait_key(text)
        counts[key] = counts.get(key, 0) + 1
        key = key if counts[key] == 1 else f"{key}#{counts[key]}"
        keyed.append((key, text))
        states[key] = trait.encode_state()
    return keyed, piece.properties(), states


def _piece_change(path: str, a: Component, b: Component) -> Change | None:
    change = Change(path, attributes={k: v for k, v in _attributes(a, b).items()})
    if a.body_text() == b.body_text():
        return change if change.attributes else None
    try:
        traits_a, props_a, states_a = _traits(a)
        traits_b, props_b, states_b = _traits(b)
    except VassalFormatError:
        change.text = [a.body_text(), b.body_text()]
        return change
    old, new = dict(traits_a), dict(traits_b)
    change.traits_removed = [k for k, _ in traits_a if k not in new]
    change.traits_added = [k for k, _ in traits_b if k not in old]
    change.traits_changed = {k: [old[k], new[k]] for k, _ in traits_a
                             if k in new and _trait_differs(old[k], new[k])}
    for key, _ in traits_a:  # the same trait in another state (a layer's level, a value)
        if key in new and not _trait_differs(old[key], new[key]) \
                and _state_differs(key, states_a[key], states_b[key]):
            change.traits_changed[f"{key} (state)"] = [states_a[key], states_b[key]]
    change.properties = {k: [props_a.get(k), props_b.get(k)]
                         for k in sorted(set(props_a) | set(props_b))
                         if props_a.get(k) != props_b.get(k)}
    if not (change.traits_removed or change.traits_added or change.traits_changed):
        if [k for k, _ in traits_a] != [k for k, _ in traits_b]:
            change.traits_changed["(order)"] = [" | ".join(k for k, _ in traits_a),
                                                " | ".join(k for k, _ in traits_b)]
        elif not change.properties:
            # every trait and state alike for VASSAL: the texts differ in named keys' codes,
            # fields an editor appends with their defaults or a slot's position alone
            return change if change.attributes else None
    return change


def _trait_differs(old: str, new: str) -> bool:
    """Whether two type texts of a trait differ for VASSAL: not in named keys' codes alone,
    nor in fields a newer editor appends with the values VASSAL takes when they are missing."""
    return _differ(old, new) and not same_but_appended(_named_key_free(old),
                                                       _named_key_free(new))


def _state_differs(key: str, old: str, new: str) -> bool:
    """Whether two states of a trait differ; a slot's or prototype's BasicPiece position is
    not compared, since VASSAL lays the piece where the palette drag, the setup stack or the
    using piece puts it."""
    if old == new:
        return False
    if key.startswith("piece;"):
        a, b = sequence.split(old, ";"), sequence.split(new, ";")
        return a[:1] + a[3:] != b[:1] + b[3:]
    return True


def _entries(module: ModuleFile) -> dict[str, tuple[int, int]]:
    try:
        with zipfile.ZipFile(module.path) as archive:
            return {i.filename: (i.file_size, i.CRC) for i in archive.infolist()
                    if not i.is_dir() and i.filename != module.buildfile_name}
    except ZIP_ERRORS as exc:
        raise VassalFormatError(f"{module.path}: not a ZIP archive ({exc})") from None


def _file_change(path: str, a: tuple[int, int], b: tuple[int, int]) -> Change | None:
    if a == b:
        return None
    return Change(path, attributes={"size": [str(a[0]), str(b[0])]} if a[0] != b[0]
                  else {"crc": [f"{a[1]:08x}", f"{b[1]:08x}"]})


def render_text(diff: ModuleDiff) -> list[str]:
    """The report as lines: one per added/removed item, a block per change."""
    if diff.same:
        return [f"{diff.old} and {diff.new}: the same module"]
    lines = [f"--- {diff.old}", f"+++ {diff.new}"]
    for title, section in (("components", diff.components), ("pieces", diff.pieces),
                           ("files", diff.files)):
        if not section:
            continue
        lines.append(f"{title}: {len(section.added)} added, {len(section.removed)} removed, "
                     f"{len(section.changed)} changed")
        lines += [f"  + {p}" for p in section.added]
        lines += [f"  - {p}" for p in section.removed]
        for change in section.changed:
            lines.append(f"  ~ {change.path}")
            for name, (old, new) in change.attributes.items():
                lines.append(f"      {name}: {_short(old)} → {_short(new)}")
            lines += [f"      trait + {k}" for k in change.traits_added]
            lines += [f"      trait - {k}" for k in change.traits_removed]
            for key, (old, new) in change.traits_changed.items():
                lines.append(f"      trait ~ {key}: {_short(old)} → {_short(new)}")
            for name, (old, new) in change.properties.items():
                lines.append(f"      property {name}: {_short(old)} → {_short(new)}")
            if change.text:
                lines.append(f"      text: {_short(change.text[0])} → {_short(change.text[1])}")
    return lines


def _short(text: str | None) -> str:
    if text is None:
        return "(none)"
    return repr(text if len(text) <= TEXT_SHOWN else text[:TEXT_SHOWN] + "…")
