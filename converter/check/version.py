"""Version: traits and components newer than the VASSAL version the module declares, what a
module needs beyond VASSAL 3.6, and custom Java classes with or without their class files
(and the VASSAL classes those files use that 3.6 lacks: converter.check.javaclass).

The introduction versions come from comparing VASSAL's sources at the release tags
3.2.17 … 3.8.0-beta1 (build classes and the trait IDs of `VASSAL.counters`).
"""

from __future__ import annotations

import re
from collections import defaultdict

from converter.check.context import Context
from converter.check.findings import Finding, error, info, warning
from converter.check.javaclass import ClassUse
from converter.check.tree import Node
from converter.vassal.traits import RawTrait

Version = tuple[int, int]
_B = "VASSAL.build.module."

COMPONENT_SINCE: dict[str, Version] = {
    **{_B + n: (3, 5) for n in ("ChessClockControl", "chessclockcontrol.ChessClock",
                                "documentation.BrowserPDFFile", "map.Flare", "KeyNamer")},
    **{_B + n: (3, 6) for n in ("folder.DeckSubFolder", "folder.GlobalPropertyFolder",
                                "folder.MapSubFolder", "folder.ModuleSubFolder",
                                "folder.PrototypeFolder", "map.MoveCameraButton",
                                "map.deck.DeckKeyCommand", "map.deck.DeckSendKeyCommand",
                                "map.deck.DeckSortKeyCommand",
                                "properties.GlobalTranslatableMessage",
                                "properties.GlobalTranslatableMessages")},
    **{_B + n: (3, 7) for n in ("properties.ScenarioOptions",
                                "properties.ScenarioPropertiesOptionTab",
                                "properties.BooleanScenarioProperty",
                                "properties.ListScenarioProperty",
                                "properties.NumberScenarioProperty",
                                "properties.StringScenarioProperty")},
    _B + "map.boardPicker.board.mapgrid.ObliqueHexGridNumbering": (3, 8),
}

TRAIT_SINCE: dict[str, Version] = {
    "menuSeparator;": (3, 4), "deselect;": (3, 5),  # globalhotkey; is as old as 3.0
    "basicName;": (3, 6), "locmsg;": (3, 6), "mat;": (3, 6), "matPiece;": (3, 6),
    "nonRect2;": (3, 6),
    "attach;": (3, 7), "border;": (3, 7), "cmt;": (3, 7), "locCommand;": (3, 7),
    "setpieceprop;": (3, 7),
}

# Features newer than this are listed as information: players on VASSAL 3.6 cannot use them.
BASELINE: Version = (3, 6)
# Modules declaring a later version than this make older players warn or refuse; 3.6.0 is
# what vconv itself declares, and what every current player opens without a word.
OLDEST_PLAYER = (3, 6, 0)
# Build-file elements that are not Java classes (text holders inside components).
_NOT_CLASSES = frozenset({"entry", "option", "setup", "VASSAL.build.GameModule"})


def parse_version(text: str) -> Version | None:
    match = re.match(r"\s*(\d+)\.(\d+)", text)
    return (int(match.group(1)), int(match.group(2))) if match else None


def _full(text: str) -> tuple[int, ...]:
    """major, minor, patch of a version text (`3.6.6`, `3.7.0-beta2`)."""
    return tuple(int(n) for n in re.findall(r"\d+", text)[:3])


def _v(version: Version) -> str:
    return f"{version[0]}.{version[1]}"


def check_version(ctx: Context) -> list[Finding]:
    findings: list[Finding] = []
    findings += check_declared(ctx)
    # (what, since, declared version, declarer) -> places
    uses: dict[tuple[str, Version, str, str], list[str]] = defaultdict(list)
    for node in ctx.tree.nodes:
        since = COMPONENT_SINCE.get(node.cls)
        if since is not None:
            uses[(node.cls.rsplit(".", 1)[-1], since, *ctx.version_of(node))].append(
                ctx.where(node))
    for folder in ctx.source.root.iter():
        tag = folder.tag
        if isinstance(tag, str) and tag in COMPONENT_SINCE and ".folder." in tag:
            uses[(tag.rsplit(".", 1)[-1], COMPONENT_SINCE[tag], ctx.version, "module")].append(
                f"{ctx.buildfile_label}:{folder.sourceline}")
    for d in ctx.pieces:
        if d.piece is None:
            continue
        for trait in d.piece.traits:
            if isinstance(trait, RawTrait) and trait.trait_id in TRAIT_SINCE:
                uses[(f"trait {trait.trait_id}", TRAIT_SINCE[trait.trait_id],
                      *ctx.version_of(d.node))].append(ctx.where(d.node))
    for (what, since, text, by), wheres in sorted(uses.items(),
                                                  key=lambda kv: (kv[0][1], kv[0][0], kv[0][3])):
        places = f"{len(wheres)} place(s)"
        declared = parse_version(text)
        if declared is not None and since > declared:
            # an older player's load fails on a component's class, but only warns of a
            # trait ('Unknown type') and builds the piece without it
            of_trait = what.startswith("trait ")
            findings.append((warning if of_trait else error)(
                "newer-than-declared", wheres[0],
                f"{what} is new in VASSAL {_v(since)} but the {by} declares VassalVersion "
                f"{text} ({places}); " + (
                    f"a VASSAL {_v(declared)} player's load warns 'Unknown type' and the "
                    "piece goes without it" if of_trait
                    else f"a VASSAL {_v(declared)} player fails on it"),
                f"declare VassalVersion {_v(since)} or later, or do without it"))
        elif since > BASELINE:
            findings.append(info(
                "needs-version", wheres[0],
                f"{what} needs VASSAL {_v(since)} or later ({places}); older players report "
                "it as unknown"))
    findings += _check_custom_classes(ctx)
    return findings


def check_declared(ctx: Context) -> list[Finding]:
    """What the module (or extension) declares: metadata, VASSAL version, its name."""
    findings = []
    source = ctx.source
    meta_version = source.metadata.get("VassalVersion", "")
    # an extension's root spells it vassalVersion
    build_version = source.root.get("VassalVersion") or source.root.get("vassalVersion") or ""
    entry = source.metadata_entry
    if entry not in source.entries:
        what = "extension" if source.is_extension else "module"
        entry = "extensiondata" if source.is_extension else entry
        findings.append(warning(
            "no-moduledata", source.path, f"the {what} has no {entry} entry; VASSAL then "
            "guesses the file type from the build file's first lines",
            f"open and save the {what} in VASSAL's editor"))
    else:
        name = source.metadata.get("name", "")
        root_name = source.root.get("name", "")
        if name.strip() != root_name.strip():
            findings.append(warning(
                "name-mismatch", f"{source.path}!moduledata",
                f"moduledata names the module {name!r} but the build file names it "
                f"{root_name!r}; saves are matched to modules by name",
                "open and save the module in VASSAL's editor"))
    declared = parse_version(meta_version)
    if declared is not None and declared < (3, 5) and "buildFile" not in source.entries:
        findings.append(error(
            "no-buildfile", f"{source.path}!{entry}",
            f"{entry} declares VassalVersion {meta_version}, so VASSAL looks for the "
            "legacy entry 'buildFile', which the archive lacks", "declare 3.5 or later"))
    meta, build = parse_version(meta_version), parse_version(build_version)
    if meta is not None and build is not None and meta != build:
        findings.append(info(
            "version-mismatch", f"{source.path}!{entry}",
            f"{entry} declares VassalVersion {meta_version}, the build file "
            f"{build_version}"))
    declared = meta or build
    text = meta_version if meta is not None else build_version
    if declared is not None and _full(text) > OLDEST_PLAYER:
        # Info.isModuleTooNew refuses a newer minor version; GameModule warns about any newer;
        # ModuleExtension only warns (ModuleExtension.wrong_vassal_version)
        findings.append(info(
            "declared-version", f"{source.path}!{entry}" if meta is not None
            else f"{source.path}!{source.buildfile_name}",
            f"the extension declares VassalVersion {text}: players older than {text} load it "
            "with a warning in the chat ('Extension ... was created using version "
            f"{text} of the VASSAL engine'), and fail on what it uses of a later VASSAL"
            if source.is_extension else
            f"the module declares VassalVersion {text}: VASSAL players before {_v(declared)} "
            f"refuse to open it, and players older than {text} warn that it is newer"))
    return findings


def _check_custom_classes(ctx: Context) -> list[Finding]:
    findings = []
    seen: dict[str, Node] = {}
    for node in ctx.tree.nodes:
        # a class of Java's default package has no dot (Blood Bowl's <BBCounterFactory/>);
        # VASSAL loads every element's tag as a class but for the data elements above
        if node.cls in _NOT_CLASSES or node.cls.startswith("VASSAL."):
            continue
        if "." not in node.cls and node.parent is not None \
                and not node.parent.cls.startswith("VASSAL."):
            continue  # may be data that the custom component around it reads itself
        seen.setdefault(node.cls, node)
    uses = ClassUse(ctx.source.entries, ctx.source.read)
    for cls, node in seen.items():
        entry = cls.replace(".", "/") + ".class"
        removed = uses.removed(entry) if entry in ctx.source.entries else []
        newer = uses.newer(entry) if entry in ctx.source.entries and not removed else []
        if newer:
            since = max(v for _n, _u, v in newer)
            gone = ", ".join(f"{name} (VASSAL {_v(v)}" + ("" if user == cls
                                                          else f", through {user}") + ")"
                             for name, user, v in newer)
            declared = parse_version(ctx.version)
            text = (f"the module's own Java class {cls} (its class file {entry} is in the "
                    f"archive) uses {gone}, which VASSAL added after {_v(BASELINE)}: older "
                    f"players fail to load the class ('failed to load class {cls}')")
            findings.append(
                error("newer-than-declared", ctx.where(node),
                      text + f", and the module declares VassalVersion {ctx.version}",
                      f"declare VassalVersion {_v(since)} or later")
                if declared is not None and since > declared
                else info("needs-version", ctx.where(node), text))
        elif removed:
            gone = ", ".join(name if user == cls else f"{name} (through {user})"
                             for name, user in removed)
            findings.append(error(
                "outdated-class", ctx.where(node),
                f"the module's own Java class {cls} (its class file {entry} is in the "
                f"archive) uses {gone}, which VASSAL 3.6 no longer has: VASSAL fails to load "
                f"the class ('failed to load class {cls}') and cannot build this component",
                "recompile the class against VASSAL 3.6 or later, or remove the component"))
        elif entry in ctx.source.entries:
            findings.append(info(
                "custom-class", ctx.where(node),
                f"the module names its own Java class {cls} (its class file {entry} is in the "
                "archive); it may stop working with a newer VASSAL"))
        else:
            findings.append(error(
                "missing-class", ctx.where(node),
                f"the module names Java class {cls}, but {entry} is not in the archive; "
                "VASSAL cannot build this component", "add the compiled class to the module"))
    return findings
