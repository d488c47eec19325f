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
from converter.check.findings import Finding, Severity
from converter.check.geometry import check_geometry
from converter.check.ids import check_ids
from converter.check.pieces import check_pieces
from converter.check.references import check_references
from converter.check.report import Report, render_json, render_text
from converter.check.setups import check_setups
from converter.check.source import ModuleSource, open_module
from converter.check.version import check_version
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
    finally:
        source.close()
    return Report(source.path, findings)


def check_module(path: str | os.PathLike[str]) -> Report:
    """Check one module file; an unreadable one gives a report that says why (exit 2)."""
    try:
        source = open_module(path)
    except VconvError as exc:
        return Report(str(path), unreadable=str(exc))
    return check_source(source)


__all__ = ["Finding", "Report", "Severity", "check_module", "check_source", "render_json",
           "render_text"]
