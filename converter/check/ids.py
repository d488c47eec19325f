"""Ids: piece-slot gpids unique, numeric and below `nextPieceSlotId` (what Refresh Counters
relies on and only the editor repairs), and names unique where VASSAL looks things up by
name (the first match wins, the others are unreachable)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from converter.check.context import SLOT_KINDS, Context
from converter.check.findings import Finding, error, in_play, info, warning
from converter.check.tree import MAP_KINDS, Node
from converter.vassal.traits import PlaceMarker, RawTrait

FIX_HINT = "run `vconv check --fix-gpids MODULE -o FIXED.vmod`, or open and save the module " \
           "in VASSAL's editor"


@dataclass(frozen=True)
class GpidUse:
    """One gpid in the build file: on a slot element, or inside a Place Marker/Replace trait."""

    node: Node
    gpid: str
    trait: str = ""   # "" for the slot's own gpid attribute


def gpid_uses(ctx: Context) -> list[GpidUse]:
    out = []
    for d in ctx.pieces:
        if d.node.kind in SLOT_KINDS:
            out.append(GpidUse(d.node, d.node.attr("gpid")))
        if d.piece is None:
            continue
        for trait in d.piece.traits:
            if isinstance(trait, PlaceMarker):
                out.append(GpidUse(d.node, trait.gpid, f"Place Marker {trait.menu_text!r}"))
            elif isinstance(trait, RawTrait) and trait.trait_id == "replace;":
                marker = PlaceMarker.decode("placemark;" + trait.type_text[len("replace;"):], "")
                out.append(GpidUse(d.node, marker.gpid, f"Replace {marker.menu_text!r}"))
    return out


def gpid_key(gpid: str, extension: bool) -> str | None:
    """The part of a gpid its uniqueness is judged by. In a module an id holding ':' is an
    extension's and is passed over (None); in an extension VASSAL's editor (GpIdChecker)
    judges the number after the extension's id, `<extensionId>:<n>`, or a bare number."""
    if ":" not in gpid:
        return gpid
    if not extension:
        return None
    parts = gpid.split(":")
    return parts[1] if len(parts) > 1 else gpid


def check_ids(ctx: Context) -> list[Finding]:
    return _check_gpids(ctx) + _check_names(ctx) + _check_single_children(ctx)


def _check_gpids(ctx: Context) -> list[Finding]:
    findings: list[Finding] = []
    root = ctx.tree.root
    next_text = root.attr("nextPieceSlotId")
    next_id: int | None = None
    if next_text:
        try:
            next_id = int(next_text)
        except ValueError:
            findings.append(error("bad-next-gpid", ctx.where(root, "@nextPieceSlotId"),
                                  f"nextPieceSlotId {next_text!r} is not an integer; VASSAL "
                                  "cannot load the module", FIX_HINT))
    seen: dict[str, GpidUse] = {}
    without: list[GpidUse] = []
    highest = -1
    extension = root.kind == "ModuleExtension"
    for use in gpid_uses(ctx):
        where = ctx.where(use.node, use.trait or "@gpid")
        if not use.gpid:
            if not use.trait:  # an empty Place Marker gpid is given one by the editor
                without.append(use)
            continue
        key = gpid_key(use.gpid, extension)
        if key is None:
            continue  # in a module, an extension's id, <extension>:<n>
        try:
            number = int(key)
        except ValueError:
            # the load keeps it as text (no error); the editor's id checker renumbers it
            findings.append(warning("bad-gpid", where, f"gpid {use.gpid!r} is not a number",
                                    FIX_HINT))
            continue
        highest = max(highest, number)
        first = seen.get(key)
        if first is not None and not (first.node is use.node and first.trait == use.trait):
            # VASSAL's load says nothing; Refresh Counters and a Place Marker look the
            # gpid up when a player uses them, and find the first definition
            findings.append(in_play(
                "duplicate-gpid", where,
                f"gpid {use.gpid} is also used by {first.node.path or first.node.kind}"
                f"{' (' + first.trait + ')' if first.trait else ''} "
                f"(line {first.node.line}); Refresh Counters will pick the wrong definition",
                FIX_HINT))
        else:
            seen.setdefault(key, use)
    if without:
        more = f" and {len(without) - 1} other slot(s)" if len(without) > 1 else ""
        findings.append(warning(
            "missing-gpid", ctx.where(without[0].node, "@gpid"),
            f"this piece slot{more} {'have' if more else 'has'} no gpid; Refresh Counters cannot find "
            "their pieces",
            FIX_HINT))
    if not next_text and highest >= 0:
        findings.append(warning(
            "gpid-above-next", ctx.where(root, "@nextPieceSlotId"),
            f"the module has no nextPieceSlotId but uses gpids up to {highest}; the editor "
            "will hand out ids that are already taken", FIX_HINT))
    if next_id is not None and highest >= next_id:  # the load passes over it; the editor not
        findings.append(warning(
            "gpid-above-next", ctx.where(root, "@nextPieceSlotId"),
            f"nextPieceSlotId is {next_id} but gpid {highest} is in use; the editor will hand "
            "out ids that are already taken", FIX_HINT))
    return findings


# (kind, scope, what): names that must be unique within the scope VASSAL looks them up in.
_UNIQUE = (
    ("Map", "module", "map"),
    ("DrawPile", "module", "deck"),
    ("PrototypeDefinition", "module", "prototype"),
    ("DiceButton", "module", "dice button"),
    ("SpecialDiceButton", "module", "dice button"),
    ("TurnTracker", "module", "turn tracker"),
    ("Board", "Map", "board"),
    ("Zone", "ZonedGrid", "zone"),
    ("Region", "RegionGrid", "region"),
    ("GlobalProperty", "GlobalProperties", "global property"),
)


def _check_names(ctx: Context) -> list[Finding]:
    findings: list[Finding] = []
    for kind, scope, what in _UNIQUE:
        kinds = tuple(MAP_KINDS) if kind == "Map" else (kind,)
        groups: dict[tuple[int, str], list[Node]] = defaultdict(list)
        for node in ctx.tree.of(*kinds):
            name = node.attr("mapName" if kind == "Map" else "name")
            if not name:
                continue
            owner = None if scope == "module" else node.up(
                MAP_KINDS if scope == "Map" else scope)
            if scope == "GlobalProperties" and owner is not None:
                owner = owner.parent  # module, map or zone: one property name space each
            groups[(id(owner), name)].append(node)
        for (_, name), nodes in groups.items():
            if kind == "PrototypeDefinition" and len(nodes) > 1:
                findings += _shadowed_prototypes(ctx, name, nodes)
                continue
            for node in nodes[1:]:
                severity = error if kind == "Map" else warning
                findings.append(severity(
                    f"duplicate-{what.replace(' ', '-')}", ctx.where(node),
                    f"{what} name {name!r} is also used at line {nodes[0].line}; VASSAL finds "
                    f"only the first{', and saves cannot tell the maps apart' if kind == 'Map' else ''}",
                    f"give each {what} its own name"))
    return findings


def _shadowed_prototypes(ctx: Context, name: str, nodes: list[Node]) -> list[Finding]:
    """Prototypes of one name: VASSAL uses the last one (its prototype map keeps the last
    put; it logs 'More than one Definition named ...'), so the earlier ones are never used;
    an extension's prototype thus replaces its module's."""
    last = nodes[-1]
    out = []
    for node in nodes[:-1]:
        there = (f"line {last.line}" if last.origin == node.origin
                 else f"{ctx.buildfile_of(last)}:{last.line}")
        replaced = last.origin and not node.origin
        out.append((info if replaced else warning)(
            "duplicate-prototype", ctx.where(node),
            f"prototype name {name!r} is also defined at {there}; VASSAL uses the last "
            f"definition of a name (and warns 'More than one Definition named {name}'), so "
            "this one is never used" + (": the extension's replaces it" if replaced else ""),
            "give each prototype its own name" if not replaced else
            "nothing to do if the extension means to replace it"))
    return out


# Components VASSAL 3.6 allows once in their parent (its SingleChildInstance validators):
# a second one draws "No more than one [...] allowed" and only one of them takes effect.
_ONE_PER_MODULE = frozenset({
    "ChessClockControl", "Documentation", "GlobalOptions", "PrototypesContainer",
    "ColorManager", "FontManager", "GamePieceImageDefinitions", "GamePieceLayoutsContainer",
    "GlobalTranslatableMessages", "GlobalProperties", "Language", "PlayerRoster", "Chatter",
    "KeyNamer", "Localization"})
_ONE_PER_MAP = frozenset({
    "Zoomer", "HighlightLastMoved", "Scroller", "ForwardToChatter", "MenuDisplayer",
    "MapCenterer", "StackExpander", "PieceMover", "KeyBufferer", "ForwardToKeyBuffer",
    "GlobalProperties", "SelectionHighlighters", "LayeredPieceCollection"})
_GRIDS = frozenset({"HexGrid", "SquareGrid", "RegionGrid", "ZonedGrid"})
_VASSAL_PACKAGE = "VASSAL."


def _check_single_children(ctx: Context) -> list[Finding]:
    """A component VASSAL allows once per module, map or board, present twice or more."""
    findings: list[Finding] = []
    parents = [(ctx.tree.root, _ONE_PER_MODULE, "the module")]
    parents += [(m, _ONE_PER_MAP, f"map {m.attr('mapName')!r}")
                for m in ctx.tree.of(*MAP_KINDS)]
    for parent, kinds, owner in parents:
        groups: dict[str, list[Node]] = defaultdict(list)
        for child in parent.children:
            if child.kind in kinds and child.cls.startswith(_VASSAL_PACKAGE):
                groups[child.kind].append(child)
        findings += [_twice(ctx, nodes, owner, nodes[0].kind) for nodes in groups.values()
                     if len(nodes) > 1]
    for board in ctx.tree.of("Board"):
        grids = [c for c in board.children if c.kind in _GRIDS]
        if len(grids) > 1:
            findings.append(_twice(ctx, grids, f"board {board.attr('name')!r}", "grid"))
    return findings


def _twice(ctx: Context, nodes: list[Node], owner: str, what: str) -> Finding:
    lines = ", ".join(str(n.line) for n in nodes)
    return warning("one-allowed", ctx.where(nodes[1]),
                   f"{owner} has {len(nodes)} {what} components (lines {lines}), where VASSAL "
                   "allows one: it warns 'No more than one ... allowed' and only one of them "
                   "takes effect", f"keep one {what} and remove the others")
