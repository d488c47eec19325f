"""References: every image, prototype, map, board, zone, region, deck and archive file that a
component or a piece trait names must exist; images nobody names are listed as information.

VASSAL passes over most of these without a word at load time: a missing prototype simply
adds no traits, a missing image draws a warning only when it is drawn (an error when an
HTML page shows it), a Send-To-Location to a missing region fails only when a player uses it.
What a player meets only in play is a warning marked `in_play` whose message says what VASSAL
does then (read in VASSAL 3.6's own code: Decorator.reportDataError writes 'Bad Data in
Module: ...' in the chat; a missing prototype or global key command target says nothing).
"""

from __future__ import annotations

from collections.abc import Mapping

import re
from collections import defaultdict
from dataclasses import dataclass

from converter.check.context import Context, PieceDef
from converter.check.findings import Finding, error, in_play, info, warning
from converter.check.tree import Node
from converter.errors import VconvError
from converter.limits import HTML_PAGE_BYTES
from converter.vassal import sequence
from converter.vassal.traits import (
    BasicPiece, PieceTraits, Layer, MovementMarkable, Obscurable, RawTrait, ReturnToDeck, SendToLocation,
    UsePrototype)

_FILE_IMAGE_KINDS = frozenset({"Chart", "AboutScreen"})
# The images VASSAL's own jar holds under /images/ (3.6 to 3.8 alike). VASSAL looks an image
# up in the module, then in its jar, then both again with '.gif' added: a module naming
# 'Splash.png' or 'moved' (Mark When Moved's old default, the jar's moved.gif) gets these.
VASSAL_JAR_IMAGES = frozenset({
    "Edit16.gif", "Help16.gif", "Save16.gif", "SaveAs16.gif", "Splash.gif", "Splash.png",
    "StepForward16.gif", "Undo16.gif", "VASSAL-256x256.png", "black.jpg", "camera.gif",
    "chart.gif", "chess_clock.png", "connect.gif", "counter.gif", "die.gif", "disconnect.gif",
    "getMessages.gif", "globe_selected.gif", "globe_unselected.gif", "inventory.gif",
    "keyCommand.gif", "lockedRoom.gif", "map.gif", "mm-extension-active.png",
    "mm-extension-inactive.png", "mm-file.png", "mm-gamefolder-closed.png",
    "mm-gamefolder-open.png", "mm-module.png", "moved.gif", "notes.gif", "overview.gif",
    "playerAway.gif", "playerLooking.gif", "postMessage.gif", "recenter.gif", "status.gif",
    "thread.gif", "unmoved.gif", "zoom.png", "zoomIn.gif", "zoomIn.png", "zoomOut.gif",
    "zoomOut.png"})


def in_vassal_jar(name: str) -> bool:
    """VASSAL finds *name* in its own jar when the module lacks it."""
    return name in VASSAL_JAR_IMAGES or name + ".gif" in VASSAL_JAR_IMAGES
_EXPRESSION = re.compile(r"\$[^$]*\$|\{")
MAX_LISTED = 20


@dataclass(frozen=True)
class ImageRef:
    name: str
    where: str


def is_expression(text: str) -> bool:
    """A `$property$` format or a `{bean shell}` expression: its value is known only in play."""
    return bool(_EXPRESSION.search(text))


def _attrib(node: Node) -> list[tuple[str, str]]:
    """A node's attributes as text (lxml gives str for a parsed document)."""
    return [(str(k), str(v)) for k, v in node.elem.attrib.items()]


def image_attrs(node: Node) -> list[tuple[str, str]]:
    """(attribute, image name) pairs a component names: icons, board images, chart images."""
    out = []
    for key, value in _attrib(node):
        low = key.lower()
        if value and (low == "image" or low.endswith("icon") or low.endswith("iconname")
                      or (key == "fileName" and node.kind in _FILE_IMAGE_KINDS)):
            out.append((key, value))
    return out


def piece_images(ctx: Context, piece: PieceTraits, depth: int = 0) -> list[tuple[str, str]]:
    """(trait, image name) pairs a piece's own traits name, and those of the markers its
    Place Marker and Replace traits create."""
    out: list[tuple[str, str]] = []
    if depth < 5:
        for marker in ctx.markers(piece):
            out.extend((f"marker {where}", name)
                       for where, name in piece_images(ctx, marker, depth + 1))
    for trait in piece.traits:
        if isinstance(trait, BasicPiece):
            if trait.image:
                out.append(("BasicPiece", trait.image))
        elif isinstance(trait, Layer):
            out.extend((f"Layer {trait.name!r}", image) for image in trait.images if image)
        elif isinstance(trait, Obscurable):
            if trait.mask_image:
                out.append(("Mask", trait.mask_image))
            if trait.display_style.startswith("G") and len(trait.display_style) > 1:
                out.append(("Mask", trait.display_style[1:]))
        elif isinstance(trait, MovementMarkable):
            if trait.image:
                out.append(("Mark When Moved", trait.image))
        elif isinstance(trait, RawTrait) and trait.trait_id in ("nonRect2;", "nonRect;"):
            # NonRectangular: the shape is traced from an image, named `n<image>` first
            fields = sequence.split(trait.type_text, ";")
            shape = fields[-1] if len(fields) > 1 else ""
            if shape.startswith("n") and "," in shape:
                out.append(("Non-Rectangular", shape[1:shape.index(",")]))
    return out


def check_references(ctx: Context) -> list[Finding]:
    findings: list[Finding] = []
    findings += _check_images(ctx)
    findings += _check_prototypes(ctx)
    findings += _check_trait_targets(ctx)
    findings += _check_files(ctx)
    return findings


# The player roster's button icon of modules of VASSAL 2.x (Ark of the Covenant, Carcassonne:
# The Discovery): 'Retire' was its text, kept as the icon's name; VASSAL 3.6's PlayerRoster
# opens it only if the archive has it, and otherwise leaves the button without an icon.
_OLD_RETIRE_ICON = ("PlayerRoster", "buttonIcon", "Retire")


def _check_images(ctx: Context) -> list[Finding]:
    findings: list[Finding] = []
    generated = {n.attr("name") for n in ctx.tree.of("GamePieceImage")}
    used: set[str] = set()
    missing: dict[str, list[str]] = defaultdict(list)
    expressions: dict[str, list[str]] = defaultdict(list)
    decomposed: dict[str, list[str]] = defaultdict(list)

    def see(name: str, where: str) -> None:
        if not name.strip() or name.startswith("/") or name in generated:
            return  # a resource inside the VASSAL jar, or a GamePieceImage definition
        if is_expression(name):
            expressions[name].append(where)
            return
        entry = ctx.image_entry(name)
        if entry is None:
            if not in_vassal_jar(name):
                missing[name].append(where)
        else:
            used.add(entry)
            if entry != "images/" + name and entry != "images/" + name + ".gif":
                decomposed[name].append(where)

    for node in ctx.tree.nodes:
        for key, value in image_attrs(node):
            if (node.kind, key, value) == _OLD_RETIRE_ICON and ctx.image_entry(value) is None:
                continue  # VASSAL tries this old default and, when absent, shows no icon
            see(value, ctx.where(node, f"@{key}"))
    for d in ctx.pieces:
        if d.piece is not None:
            for trait, name in piece_images(ctx, d.piece):
                see(name, ctx.where(d.node, trait))
    for node in ctx.tree.of("option"):
        # toolbar icons of the module window (GameModule's <option name="stepIcon">)
        if node.attr("name").endswith("Icon") and node.text:
            see(node.text, ctx.where(node, node.attr("name")))
    in_html: set[str] = set()
    for node, page, src in html_images(ctx):
        see(src, ctx.where(node, f"<img> in {page}"))
        in_html.add(src)
    for name, wheres in sorted(missing.items()):
        findings.append(_missing_image(name, wheres, name in in_html))
    for name, wheres in sorted(decomposed.items()):
        findings.append(info(
            "image-nfd", wheres[0],
            f"image {name!r} is stored under its decomposed (NFD) Unicode name; VASSAL 3.4.7 "
            "and later find it, older versions and other tools do not",
            "rename the archive entry to the name the module uses"))
    for name, wheres in sorted(expressions.items()):
        fits = _fitting_images(ctx, name)
        for entry in fits:
            used.add(entry)
        if fits or "{" in name:
            findings.append(info(
                "image-expression", wheres[0],
                f"image name {name!r} is computed in play from properties; "
                f"{len(fits)} image(s) of the archive fit it ({len(wheres)} place(s))"))
        else:
            findings.append(warning(
                "image-expression", wheres[0],
                f"image name {name!r} is computed in play from properties, and no image of "
                f"the archive fits it ({len(wheres)} place(s))",
                "check the name pattern against the images' names"))
    unused = sorted(e for e in set(ctx.images.values()) if e not in used)
    if unused:
        unused = _not_named_anywhere(ctx, unused)
    by_archive: dict[str, list[str]] = defaultdict(list)  # an extension's, said of it
    for entry in unused:
        by_archive[ctx.source.archive_of(entry)].append(entry)
    for archive, entries in by_archive.items():
        shown = ", ".join(repr(e[len("images/"):]) for e in entries[:MAX_LISTED])
        more = f" and {len(entries) - MAX_LISTED} more" if len(entries) > MAX_LISTED else ""
        findings.append(info(
            "unused-image", archive,
            f"{len(entries)} image(s) in the archive are named by nothing in the build file: "
            f"{shown}{more}", "remove them to make the module smaller, if no extension, "
            "help page or saved game needs them"))
    return findings


def _missing_image(name: str, wheres: list[str], in_html: bool) -> Finding:
    """The engine's own severity: an image drawn by VASSAL's image code that is not there
    is a data warning ('Image not found', logged when it is drawn); one an HTML chart shows
    is logged as an error when the page is read, as the module loads. An image only a chat
    message or a label's HTML shows is met in play: VASSAL logs the error then."""
    more = f" and {len(wheres) - 1} more place(s)" if len(wheres) > 1 else ""
    hint = "add images/" + name + " to the module, or correct the name (names are case-sensitive)"
    pages = [w for w in wheres if "<img> in " in w and not _in_text(w)]
    if in_html and pages:
        return error("missing-image", pages[0],
                     f"image {name!r} is not in the archive (named here{more}); VASSAL "
                     "reports an error when it shows this HTML page", hint)
    drawn = [w for w in wheres if "<img> in " not in w]
    if drawn:
        return warning("missing-image", drawn[0],
                       f"image {name!r} is not in the archive (named here{more}); VASSAL "
                       "warns 'Image not found' when it draws it", hint)
    return in_play("missing-image", wheres[0],
                   f"image {name!r} is not in the archive (named here{more}); when the chat "
                   "or a label shows this text in play, VASSAL logs an error ('Failed to "
                   "load') and shows no picture", hint)


def _in_text(where: str) -> bool:
    """The `<img>` sits in a component's attribute or text (a report, a message shown in the
    chat, a label), not in an HTML chart's page."""
    return "(<img> in @" in where or "(<img> in text)" in where


_IMG_SRC = re.compile(r"""<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""",
                      re.IGNORECASE)


def html_images(ctx: Context) -> list[tuple[Node, str, str]]:
    """(HtmlChart, page, image) for each `<img src>` of the HTML charts stored in the
    archive: VASSAL draws them from `images/` (DataArchiveHTMLEditorKit)."""
    cached = ctx.cache.get("html_images")
    if isinstance(cached, list):
        return cached
    out: list[tuple[Node, str, str]] = []
    # HTML in report formats, messages and piece texts: chat and labels draw it the same way
    for node in ctx.tree.nodes:
        texts = [(f"@{k}", v) for k, v in _attrib(node) if "<img" in v.lower()]
        if node.elem.text and "<img" in node.elem.text.lower():
            texts.append(("text", node.elem.text))
        for label, value in texts:
            out.extend((node, label, src) for src in _img_sources(value))
    for node in ctx.tree.of("HtmlChart"):
        page = node.attr("fileName")
        if page not in ctx.source.entries:
            continue
        try:
            text = ctx.source.read(page, HTML_PAGE_BYTES.value()).decode("utf-8", "replace")
        except VconvError:
            continue
        out.extend((node, page, src) for src in _img_sources(text))
    ctx.cache["html_images"] = out
    return out


def _img_sources(html: str) -> list[str]:
    """The archive images an HTML text shows (web addresses and jar resources left out)."""
    out = []
    for match in _IMG_SRC.finditer(html):
        src = next(g for g in match.groups() if g is not None)
        if src and ":" not in src and not src.startswith("/"):
            out.append(src)
    return out


def _fitting_images(ctx: Context, name: str) -> list[str]:
    """Archive images whose names fit a `$property$` pattern (each property any text)."""
    pattern = re.compile("".join(".+" if i % 2 else re.escape(part)
                                 for i, part in enumerate(name.split("$"))) + "(?:\\.gif)?")
    return sorted({entry for image, entry in ctx.images.items() if pattern.fullmatch(image)})


def _not_named_anywhere(ctx: Context, entries: list[str]) -> list[str]:
    """Of unreferenced images, those whose name appears nowhere in the build file text
    (a trait vconv does not model, or a property value, may still name them)."""
    text = ctx.source.buildfile.decode("utf-8", "replace")
    return [e for e in entries
            if e[len("images/"):] not in text
            and not (e.endswith(".gif") and e[len("images/"):-4] in text)]


def _check_prototypes(ctx: Context) -> list[Finding]:
    """One finding per undefined prototype name, at its first use."""
    findings = []
    known = ctx.prototypes
    users: dict[str, list[PieceDef]] = defaultdict(list)
    for d in ctx.pieces:
        if d.piece is None:
            continue
        for piece in [d.piece, *ctx.markers(d.piece)]:
            for trait in piece.traits:
                if isinstance(trait, UsePrototype) and trait.name not in known \
                        and not is_expression(trait.name):
                    users[trait.name].append(d)
    for name, defs in users.items():
        first = defs[0]
        what = "prototype" if first.is_prototype else "piece"
        more = f" (and {len(defs) - 1} other definition(s))" if len(defs) > 1 else ""
        findings.append(in_play(
            "missing-prototype", ctx.where(first.node, f"Prototype {name!r}"),
            f"this {what}{more} uses prototype {name!r}, which the module does not define; "
            "VASSAL says nothing, on load or in play: the piece is built without that "
            "prototype's traits (their commands, pictures and properties)",
            _near(name, known) or "define the prototype or remove the trait"))
    return findings


def _near(name: str, known: Mapping[str, object]) -> str:
    low = name.strip().lower()
    for other in known:
        if other.strip().lower() == low:
            return f"did you mean {other!r}? prototype names are case- and space-sensitive"
    return ""


_GKC_SOURCES = ("COUNTER|", "MAP|", "MODULE|")


def command_targets(ctx: Context) -> list[tuple[str, list[str]]]:
    """(where, fields) of every global key command's fast-match target (VASSAL 3.6+): the
    `target` attribute of module and map commands, and the field of Global Key Command
    traits (`globalkey;`) that holds one.  Fields: source, fast location, target type, map,
    board, zone, location, x, y, deck (GlobalCommandTarget.encode)."""
    out: list[tuple[str, list[str]]] = []
    for node in ctx.tree.nodes:
        target = node.elem.get("target")
        if target and target.startswith(_GKC_SOURCES):
            out.append((ctx.where(node, "@target"), sequence.split(target, "|")))
    for d in ctx.pieces:
        if d.piece is None:
            continue
        for trait in d.piece.traits:
            if isinstance(trait, RawTrait) and trait.trait_id == "globalkey;":
                for field_text in sequence.split(trait.type_text, ";"):
                    if field_text.startswith(_GKC_SOURCES) and field_text.count("|") >= 9:
                        out.append((ctx.where(d.node, "Global Key Command"),
                                    sequence.split(field_text, "|")))
    return out


_NO_PIECE = ("; in play the command reaches no piece there and VASSAL says nothing")


def _check_command_targets(ctx: Context, places: "_Places") -> list[Finding]:
    """Fast-match targets naming no map, zone, board or deck: GlobalCommand then matches no
    piece at all (VASSAL 3.6 compares the names and finds none), a command that silently
    does nothing when a player uses it."""
    findings: list[Finding] = []
    for where, f in command_targets(ctx):
        f = f + [""] * (10 - len(f))
        if f[1] != "true":
            continue
        kind, map_name, board, zone, deck = f[2], f[3], f[4], f[5], f[9]

        def fixed(text: str) -> bool:
            return bool(text) and not is_expression(text)

        if kind in ("MAP", "ZONE", "LOCATION", "XY") and fixed(map_name):
            if map_name not in ctx.map_ids:
                findings.append(in_play("missing-map", where, f"the global key command "
                                        f"targets map {map_name!r}, which the module does "
                                        f"not have{_NO_PIECE}", "name an existing map"))
                continue
            if kind == "ZONE" and fixed(zone) and zone not in places.zones.get(map_name, ()):
                findings.append(in_play("missing-zone", where, f"the global key command "
                                        f"targets zone {zone!r}, which map {map_name!r} does "
                                        f"not have{_NO_PIECE}",
                                        "name an existing zone of that map"))
            if kind == "XY" and fixed(board) and board not in places.boards.get(map_name, ()):
                findings.append(in_play("missing-board", where, f"the global key command "
                                        f"targets board {board!r}, which map {map_name!r} "
                                        f"does not have{_NO_PIECE}",
                                        "name an existing board of that map"))
        if kind == "DECK" and fixed(deck) and deck not in ctx.deck_ids:
            findings.append(in_play("missing-deck", where, f"the global key command targets "
                                    f"deck {deck!r}, which no map holds{_NO_PIECE}",
                                    "name an existing deck"))
    return findings


def _check_trait_targets(ctx: Context) -> list[Finding]:
    """Send To Location and Return To Deck destinations that name no map, board, zone,
    region or deck (fixed names only; expressions are evaluated in play)."""
    findings: list[Finding] = []
    places = _places(ctx)
    findings += _check_command_targets(ctx, places)
    properties = {n.attr("name") for n in ctx.tree.nodes
                  if n.kind in ("GlobalProperty", "ZoneProperty") or n.kind.endswith(
                      "ScenarioProperty")}
    unknown_properties: dict[str, list[PieceDef]] = defaultdict(list)
    for d in ctx.pieces:
        if d.piece is None:
            continue
        for trait in d.piece.traits:
            if isinstance(trait, RawTrait) and trait.trait_id == "setprop;":
                fields = sequence.split(trait.type_text, ";")
                name = fields[1] if len(fields) > 1 else "name"
                if name and not is_expression(name) and name not in properties:
                    unknown_properties[name].append(d)
    for name, defs in sorted(unknown_properties.items()):
        more = f" (and {len(defs) - 1} other definition(s))" if len(defs) > 1 else ""
        findings.append(in_play(
            "missing-property", ctx.where(defs[0].node, f"Set Global Property {name!r}"),
            f"this piece{more} sets global property {name!r}, which no module, map or zone "
            "defines; when a player uses it, VASSAL writes 'Bad Data in Module: Unable to "
            "locate Global Property' in the chat and sets nothing",
            "define the global property"))
    for d in ctx.pieces:
        if d.piece is None:
            continue
        for trait in d.piece.traits:
            if isinstance(trait, SendToLocation):
                findings += _check_send_to(ctx, d, trait, places)
            elif isinstance(trait, ReturnToDeck):
                deck = _return_deck(trait.encode_type())
                if deck and not is_expression(deck) and deck not in ctx.deck_ids:
                    findings.append(in_play(
                        "missing-deck", ctx.where(d.node, "Return to Deck"),
                        f"Return to Deck names deck {deck!r}, which no map holds; when a "
                        "player uses it, VASSAL writes 'Bad Data in Module: Deck Not Found "
                        "for Return-to-Deck trait' in the chat and the piece stays where it is",
                        "name an existing deck (DrawPile)"))
    return findings


@dataclass
class _Places:
    boards: dict[str, set[str]]        # map name → board names
    zones: dict[str, set[str]]         # map name → zone names
    regions: dict[str, set[str]]       # map name → region names


def _places(ctx: Context) -> _Places:
    boards: dict[str, set[str]] = defaultdict(set)
    zones: dict[str, set[str]] = defaultdict(set)
    regions: dict[str, set[str]] = defaultdict(set)
    for i, m in enumerate(ctx.maps):
        names = (m.attr("mapName"), f"Map{i}")
        for board in m.descendants("Board"):
            for name in names:
                boards[name].add(board.attr("name"))
        for zone in m.descendants("Zone"):
            for name in names:
                zones[name].add(zone.attr("name"))
        for region in m.descendants("Region"):
            for name in names:
                regions[name].add(region.attr("name"))
    return _Places(boards, zones, regions)


def _send_to_name(t: SendToLocation) -> str:
    """The trait as its editor names it: the menu text, else the description, else the
    named key that fires it (Paths of Glory's send-to traits have no menu text)."""
    if t.menu_text:
        return t.menu_text
    if t.description:
        return t.description
    named = sequence.split(t.key, ",")
    return named[2] if len(named) > 2 and named[2] else t.key


# What VASSAL 3.6 does when a player uses a Send To Location whose place is missing
# (SendToLocation.getSendLocation, also asked as the menu is built, to grey the command out):
# a zone or region it cannot find is a data warning in the chat and no move; a missing map
# is replaced by the map the piece is on (seen in the 3.6 engine through vlog-maker).
_NOT_FOUND = ("VASSAL writes 'Bad Data in Module: {What} not found' in the chat (as soon as "
              "the piece's menu opens) and the command does nothing (greyed out in the menu)")


def _on_its_own_map(ctx: Context, t: SendToLocation, places: _Places) -> str:
    """What a Send To Location naming a missing map does: VASSAL takes the map the piece is
    on, and looks there for the board, zone or region named; which maps have it is said,
    since on those the command works (Vive l'Empereur's 'Map' for 'Main Map')."""
    if t.destination not in ("G", "Z", "R"):
        return f"VASSAL moves the piece to ({t.x}, {t.y}) on the map it is on instead, without a word"
    what, name, table = {"G": ("board", t.board_name, places.boards),
                         "Z": ("zone", t.zone, places.zones),
                         "R": ("region", t.region, places.regions)}[t.destination]
    if is_expression(name):
        return f"VASSAL looks for the {what} on the map the piece is on instead"
    maps = sorted({m.attr("mapName") for m in ctx.maps
                   if name in table.get(m.attr("mapName"), ())})
    failing = ("nothing happens and VASSAL says nothing" if what == "board"
               else "it " + _NOT_FOUND.format(What=what.capitalize())[len("VASSAL "):])
    if not maps:
        return (f"VASSAL looks for {what} {name!r} on the map the piece is on instead; no map "
                f"of the module has one, so {failing}")
    shown = ", ".join(repr(m) for m in maps)
    return (f"VASSAL looks for {what} {name!r} on the map the piece is on instead: from map "
            f"{shown}, which has one, the piece goes there; from any other map {failing}")


def _check_send_to(ctx: Context, d: PieceDef, t: SendToLocation,
                   places: _Places) -> list[Finding]:
    where = ctx.where(d.node, f"Send To Location {_send_to_name(t)!r}")
    if t.destination == "A" or not t.map_id or is_expression(t.map_id):
        return []
    if t.map_id not in ctx.map_ids:
        return [in_play("missing-map", where, f"sends the piece to map {t.map_id!r}, which "
                        "the module does not have; when a player uses it, "
                        + _on_its_own_map(ctx, t, places),
                        "name an existing map (names are case-sensitive)")]
    checks = [("L", "board", t.board_name, places.boards),
              ("Z", "zone", t.zone, places.zones),
              ("R", "region", t.region, places.regions)]
    out = []
    for dest, what, name, table in checks:
        wanted = dest == t.destination or (dest == "L" and t.destination in ("L", "G"))
        if wanted and name and not is_expression(name) and name not in table.get(t.map_id, ()):
            if what != "board":
                then = _NOT_FOUND.format(What=what.capitalize())
            elif t.destination == "G":
                then = "nothing happens and VASSAL says nothing"
            else:
                then = f"VASSAL counts ({t.x}, {t.y}) from the map's top-left corner instead"
            out.append(in_play(f"missing-{what}", where,
                               f"sends the piece to {what} {name!r}, which map {t.map_id!r} "
                               f"does not have; when a player uses it, {then}",
                               f"name an existing {what} of that map"))
    return out


def _return_deck(type_text: str) -> str:
    """ReturnToDeck's fixed deck name: the 3rd field, or from version 2 on the 8th (the
    expression) unless the player is asked to choose (7th field true)."""
    fields = sequence.split(type_text[len("return;"):], ";")
    fields += [""] * (8 - len(fields))
    try:
        version = int(fields[5] or 0)
    except ValueError:
        version = 0
    if version < 2:
        return fields[2]
    if fields[6] != "false":
        return ""
    return fields[7]


# What VASSAL 3.6 does about a file it cannot find in the archive, by component: an HTML
# chart reads its page as the module loads (HtmlChart.getFile, a data warning); a help file
# and a PDF are read only when a player opens them from the Help menu.
_FILE_MISSING = {
    "HtmlChart": (warning, "VASSAL warns 'Bad Data in Module: Chart not found' as it loads "
                  "the module and shows an empty chart"),
    "HelpFile": (in_play, "when a player opens it from the Help menu, VASSAL shows an error "
                 "dialog 'Unable to Read File'"),
    "BrowserPDFFile": (in_play, "when a player opens it from the Help menu, VASSAL logs an "
                       "error ('File not found in data archive') and opens nothing"),
}


def _check_files(ctx: Context) -> list[Finding]:
    """Help pages, HTML charts and PDFs stored in the archive."""
    findings = []
    entries = ctx.source.entries
    for node in ctx.tree.nodes:
        name = ""
        if node.kind == "HelpFile" and node.attr("fileType") == "archive":
            name = node.attr("fileName")
        elif node.kind == "HtmlChart":
            name = node.attr("fileName")
        elif node.kind == "BrowserPDFFile":
            name = node.attr("pdfFile")
        if name and not name.startswith("/") and name not in entries:
            severity, then = _FILE_MISSING[node.kind]
            findings.append(severity("missing-file", ctx.where(node),
                                     f"file {name!r} is not in the archive; {then}",
                                     "add it to the module or correct the name"))
    return findings
