"""`vconv check`: a validator for any VASSAL module, wherever it was made.

It reads a module's build file as XML (seeing through 3.7 folders), decodes its pieces with
`converter.vassal.traits`, and reports what VASSAL would fail on or silently get wrong:
references, ids, geometry, pieces, the setups inside the module and version needs.  Each
check is one module of this package returning findings; none raises on bad content.

>>> from converter.check.findings import Severity
>>> Severity.ERROR.value
'error'
"""

from __future__ import annotations

import os

from converter.check.context import Context
from converter.check.findings import Finding, Severity, info
from converter.check.geometry import check_geometry
from converter.check.ids import check_ids
from converter.check.pieces import check_pieces
from converter.check.references import check_references
from converter.check.report import Report, render_json, render_text
from converter.check.setups import check_setups
from converter.check.source import ModuleSource, open_module
from converter.check.version import check_declared, check_version
from converter.check.extensions import extension_summary, load_extensions
from converter.errors import VconvError

CHECKS = (check_references, check_ids, check_geometry, check_pieces, check_setups,
          check_version)


def check_source(source: ModuleSource) -> Report:
    """Run every check on an opened module."""
    ctx = Context.of(source)
    findings: list[Finding] = []
    try:
        for check in CHECKS:
            findings.extend(check(ctx))
        findings = _as_extension(ctx, findings)
    finally:
        source.close()
    return Report(source.path, findings)


# What an extension (.vmdx) may take from the module it extends, which is not at hand here
# (a Java class too: VASL's extensions name VASL's own classes, which VASL.vmod carries)
_FROM_THE_MODULE = frozenset({
    "missing-class", "missing-image", "missing-prototype", "missing-map", "missing-board", "missing-zone",
    "missing-region", "missing-deck", "missing-property", "setup-missing-prototype",
    "setup-missing-map", "setup-missing-board", "setup-unknown-piece"})


def _as_extension(ctx: Context, findings: list[Finding]) -> list[Finding]:
    """An extension's findings: a name it uses and does not define may be its module's, so
    it is information, not an error; its archive's moduledata is not what VASSAL reads."""
    root = ctx.tree.root
    if root.kind != "ModuleExtension":
        return findings
    module = root.attr("module")
    outside = [f for f in findings if f.code in _FROM_THE_MODULE]
    out = [info("extension", f"{ctx.source.path}!{ctx.source.buildfile_name}",
                f"an extension of module {module!r}: the {len(outside)} name(s) it uses and "
                "does not define (prototypes, images, maps, boards, zones, decks, "
                "properties) are checked only as far as the extension goes",
                f"check it with its module to check them: vconv check MODULE.vmod "
                f"--extension {ctx.source.path}")]
    for f in findings:
        if f.code in _FROM_THE_MODULE:
            out.append(Finding(Severity.INFO, f.code, f.where,
                               f"{f.message} (unless module {module!r} has it)", f.hint))
        elif f.code != "name-mismatch":  # (VASSAL reads an extension's extensiondata)
            out.append(f)
    return out


def check_module(path: str | os.PathLike[str]) -> Report:
    """Check one module file; an unreadable one gives a report that says why (exit 2)."""
    try:
        source = open_module(path)
    except VconvError as exc:
        return Report(str(path), unreadable=str(exc))
    return check_source(source)


def check_with_extensions(path: str | os.PathLike[str],
                          extension_paths: list[str | os.PathLike[str]]) -> Report:
    """Check a module as VASSAL plays it with these extensions loaded, in this order: the
    extensions' components in the module's tree, their files in its archive; each finding
    names the file it is in.  An unreadable file, or a module and extension given the wrong
    way round, gives a report that says why (exit 2)."""
    names = [str(p) for p in extension_paths]
    opened: list[ModuleSource] = []
    try:
        module = open_module(path)
        opened.append(module)
        if module.is_extension:
            raise VconvError(f"{path}: this is an extension (.vmdx), not a module; give its "
                             "module first and the extension with --extension")
        seen = set()
        for extension_path in extension_paths:
            if os.path.realpath(extension_path) in seen:
                continue  # VASSAL loads a file once, whatever the list says
            seen.add(os.path.realpath(extension_path))
            extension = open_module(extension_path)
            opened.append(extension)
            if not extension.is_extension:
                raise VconvError(f"{extension_path}: not an extension (its build file's root "
                                 f"is {extension.root.tag}): give a module's extension "
                                 "(.vmdx) with --extension")
    except VconvError as exc:
        for source in opened:
            source.close()
        return Report(str(path), unreadable=str(exc), extensions=names)
    ctx, findings = load_extensions(module, opened[1:])
    try:
        for check in CHECKS:
            findings.extend(check(ctx))
        findings += extension_summary(ctx)
        for extension in opened[1:]:
            findings += [f for f in check_declared(Context.of(extension))
                         if f.code != "name-mismatch"]
    finally:
        ctx.source.close()
    return Report(str(path), findings, extensions=names)


__all__ = ["Finding", "Report", "Severity", "check_module", "check_source",
           "check_with_extensions", "render_json", "render_text"]
