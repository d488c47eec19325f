"""Extensions (.vmdx) loaded with their module, as VASSAL's ModuleExtension loads them: each
ExtensionElement's component joins the module component its `target` path names, the
extension's files join the module's archive (looked up after the module's own), and what
makes VASSAL refuse or warn about the extension as a whole is said of the extension.

VASSAL finds a target by walking the module's components from the top (folders included),
one `class:name` step at a time: a child of that class and name, else, at the last step, the
first child of that class, else, with steps left, the first child of that class under which
the rest is found.  A step found nowhere stops the extension's load ('Could not find ...'),
as does an extension built for another module (unless it is universal, `anyModule`); one
built for a later version of the module, or by a later VASSAL, only warns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lxml import etree

from converter.check.context import Context
from converter.check.findings import Finding, Severity, error, info, warning
from converter.check.source import ModuleSource, with_extensions
from converter.check.tree import graft, is_folder, kind_of
from converter.vassal import sequence

# where a component keeps the name VASSAL's look-up compares (a map's mapName, a palette's
# name, a list's entryName, ...): the first of these it has
_NAME_ATTRS = ("mapName", "name", "entryName", "chartName", "title", "buttonText")
MAX_TARGET_STEPS = 100
# what VASSAL calls the component it looked in ('Could not find Reserves in Game Piece
# Palette'): the editor's English names of the components extensions aim at; others by class
TYPE_NAMES = {
    "GameModule": "Module", "BasicModule": "Module", "PieceWindow": "Game Piece Palette",
    "ListWidget": "Scrollable List", "TabWidget": "Tabbed Panel", "PanelWidget": "Panel",
    "BoxWidget": "Pull-down Menu", "PrototypesContainer": "Game Piece Prototype Definitions",
    "Map": "Map Window", "ChartWindow": "Chart Window Menu", "BoardPicker": "Map Boards",
    "Board": "Board"}


@dataclass
class _Components:
    """The module's components as VASSAL's path look-up walks them: the build file's
    elements, folders included, and the components extensions have added so far."""

    added: dict[etree._Element, list[etree._Element]] = field(default_factory=dict)
    host_of: dict[etree._Element, etree._Element] = field(default_factory=dict)

    def children(self, elem: etree._Element) -> list[etree._Element]:
        own = [c for c in elem if isinstance(c.tag, str)]
        return own + self.added.get(elem, [])

    def add(self, target: etree._Element, component: etree._Element) -> None:
        self.added.setdefault(target, []).append(component)
        self.host_of[component] = target

    def parent(self, elem: etree._Element) -> etree._Element | None:
        return self.host_of.get(elem, elem.getparent())


def configure_name(elem: etree._Element) -> str | None:
    """The name VASSAL's path look-up compares (None for a component without one)."""
    return next((v for v in (elem.get(a) for a in _NAME_ATTRS) if v is not None), None)


def parse_target(target: str) -> list[tuple[str, str | None]]:
    """An ExtensionElement's target, `class:name/class:name/...` in VASSAL's escaped
    sequence form, as (class, name or None) steps."""
    steps = []
    for step in sequence.split(target, "/")[:MAX_TARGET_STEPS] if target else []:
        parts = sequence.split(step, ":")
        steps.append((parts[0], parts[1] if len(parts) > 1 else None))
    return steps


def resolve(root: etree._Element, steps: list[tuple[str, str | None]],
            components: _Components) -> etree._Element | str:
    """The component a target names, or what VASSAL says when it finds none."""
    found = _resolve(root, steps, 0, components)
    return found if found is not None else _not_found(root, steps, components)


def _resolve(parent: etree._Element, steps: list[tuple[str, str | None]], at: int,
             components: _Components) -> etree._Element | None:
    """Steps `at`... from *parent* (each component is tried at one step only: the walk is
    as long as the module's tree, whatever the target)."""
    if at == len(steps):
        return parent
    cls, name = steps[at]
    same_class = [c for c in components.children(parent) if c.tag == cls]
    named = next((c for c in same_class if configure_name(c) == name), None)
    if named is not None:
        return _resolve(named, steps, at + 1, components)
    for child in same_class:  # at the last step: the first of the class
        found = _resolve(child, steps, at + 1, components)
        if found is not None:
            return found
    return None


def _not_found(root: etree._Element, steps: list[tuple[str, str | None]],
               components: _Components) -> str:
    """VASSAL's message: the first step found nowhere, and the component it looked in."""
    parent = root
    for cls, name in steps:
        same_class = [c for c in components.children(parent) if c.tag == cls]
        match = next((c for c in same_class if configure_name(c) == name), None)
        if match is None:
            shown = name if name is not None else kind_of(cls)
            kind = kind_of(str(parent.tag))
            return f"Could not find {shown} in {TYPE_NAMES.get(kind, kind)}"
        parent = match
    return "Could not find the target"


def _version_key(text: str) -> tuple[int, ...]:
    """A version's numbers, trailing zeros left out ('4.6' = '4.6.0'), for VASSAL's test of
    an extension's module version against the module's."""
    numbers = [int(n) for n in re.findall(r"\d+", text)[:6]]
    while numbers and numbers[-1] == 0:
        numbers.pop()
    return tuple(numbers)


def load_extensions(module: ModuleSource, extensions: list[ModuleSource]
                    ) -> tuple[Context, list[Finding]]:
    """The module's context with every extension's components in place, and the findings
    about loading the extensions themselves."""
    findings: list[Finding] = []
    ids: dict[str, str] = {}
    loaded = []
    for extension in extensions:
        header = _check_header(extension, _label(extension), module, ids)
        findings += header
        if not any(f.severity is Severity.ERROR for f in header):
            loaded.append(extension)  # (VASSAL loads none of a refused one)
    source = with_extensions(module, loaded)
    ctx = Context.of(source)
    node_of = {node.elem: node for node in ctx.tree.nodes}
    components = _Components()
    for extension in loaded:
        label = _label(extension)
        for elem in extension.root:
            if not isinstance(elem.tag, str) or kind_of(elem.tag) != "ExtensionElement":
                continue
            where = f"{label}:{elem.sourceline}: ExtensionElement"
            target = elem.get("target", "")
            found = resolve(module.root, parse_target(target), components)
            if isinstance(found, str):
                findings.append(error(
                    "extension-target", where,
                    f"its target {target!r} is not a component of the module: VASSAL stops "
                    f"loading the extension here ('Unable to load extension "
                    f"{_name(extension)}: {found}'; what the elements before it added stays, "
                    "the rest is not loaded, and the extension is deactivated)",
                    "aim the element at a component the module has, or update the "
                    "extension for this version of the module"))
                continue
            component = next((c for c in elem if isinstance(c.tag, str)), None)
            if component is None:
                findings.append(error(
                    "extension-target", where, "the element holds no component: VASSAL "
                    "fails as it loads the extension (a NullPointerException adding nothing "
                    "to its target), which stops the module's load",
                    "remove the element"))
                continue
            components.add(found, component)
            host = found
            while is_folder(str(host.tag)):
                parent = components.parent(host)
                if parent is None:
                    break
                host = parent
            parent_node = node_of.get(host, ctx.tree.root)
            before = len(ctx.tree.nodes)
            graft(ctx.tree, component, parent_node, origin=label)
            node_of.update((n.elem, n) for n in ctx.tree.nodes[before:])
    return ctx, findings


def _label(extension: ModuleSource) -> str:
    """`ARCHIVE!buildFile`: where the extension's components come from."""
    return f"{extension.path}!{extension.buildfile_name}"


def _name(extension: ModuleSource) -> str:
    """The extension's name as VASSAL says it: its file name without the suffix."""
    name = extension.path.replace("\\", "/").rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[0] if "." in name[1:] else name


def _check_header(extension: ModuleSource, label: str, module: ModuleSource,
                  ids: dict[str, str]) -> list[Finding]:
    """The extension's root: the module and module version it was built for, its id."""
    root = extension.root
    where = f"{label}:{root.sourceline}: ModuleExtension"
    findings: list[Finding] = []
    universal = root.get("anyModule", "false").strip().lower() == "true"
    wanted = root.get("module")
    module_name = module.root.get("name", "")
    if not universal and wanted is not None and wanted != module_name:
        findings.append(error(
            "extension-module", f"{where} (@module)",
            f"the extension was built for module {wanted!r}, not {module_name!r}: VASSAL "
            f"does not load it ('Unable to load extension {_name(extension)}: Extension "
            f"'{_name(extension)}' was built for module {wanted}')",
            "load it with the module it was made for, or mark it universal (anyModule) in "
            "VASSAL's extension editor"))
        return findings
    wanted_version = root.get("moduleVersion", "")
    version = module.root.get("version", "")
    if not universal and wanted_version and _version_key(version) < _version_key(wanted_version):
        findings.append(warning(
            "extension-version", f"{where} (@moduleVersion)",
            f"the extension was built for version {wanted_version} of module "
            f"{module_name!r}, this module is version {version}: VASSAL loads it and "
            f"warns in the chat ('Extension '{_name(extension)}' was built for module "
            f"version {wanted_version}. You are running version {version}'); what it "
            "adds may name components this version lacks",
            f"play it with version {wanted_version} or later of the module"))
    ext_id = root.get("extensionId", "")
    if ext_id and ext_id in ids:
        findings.append(warning(
            "extension-id", f"{where} (@extensionId)",
            f"extension id {ext_id!r} is also the id of extension {ids[ext_id]}: VASSAL "
            f"warns 'Extension Id for {_name(extension)} ({ext_id}) conflicts with "
            "previously loaded extension', and the two give their pieces the same ids",
            "give one of them a new id in VASSAL's extension editor"))
    elif ext_id:
        ids[ext_id] = extension.path
    return findings


def extension_summary(ctx: Context) -> list[Finding]:
    """One line per extension loaded: what it added to the module, and where."""
    out = []
    for extension in ctx.source.extensions:
        label = _label(extension)
        added = [n for n in ctx.tree.nodes if n.origin == label]
        tops = [n for n in added if n.parent is None or n.parent.origin != label]
        places = sorted({n.parent.path or "the module's top level" for n in tops
                         if n.parent is not None})
        shown = ", ".join(repr(p) for p in places[:5]) + (" ..." if len(places) > 5 else "")
        out.append(info(
            "extension", label,
            f"extension {_name(extension)!r} adds {len(tops)} component(s) "
            f"({len(added)} with what they hold) to the module" + (f", under {shown}"
                                                                   if places else "")))
    return out

