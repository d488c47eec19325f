"""The audit as JSON: stable keys, sorted lists (the same input gives the same bytes).

Each file lists its undos (the step, the step it takes back), and a finding withdrawn by
undo names the undo that withdrew it (`undone_by`), as the HTML step list shows them."""

from __future__ import annotations

import json
import os
from typing import Any

from converter.audit.auditor import AuditResult


def to_dict(result: AuditResult) -> dict[str, Any]:
    game = result.module.game
    undone_by: dict[tuple[str, int], int] = {}  # (file, undone step) -> the first undo of it
    for f in result.files:
        for undo, taken in sorted(f.undos.items()):
            undone_by.setdefault((os.path.basename(f.path), taken), undo)
    return {
        "module": result.module.source,
        "game": game.id if game is not None else None,
        "notes": result.notes,
        "files": [{"file": f.path, "steps": f.steps, "commands": f.commands,
                   "undone_steps": sorted(f.undone_steps),
                   "undos": [{"step": undo, "takes_back": taken}
                             for undo, taken in sorted(f.undos.items())],
                   "players": f.players,
                   "replay_problems": [{"step": p.pos.step, "command": p.pos.index,
                                        "message": p.message} for p in f.problems]}
                  for f in result.files],
        "violations": sum(1 for f in result.findings if f.severity.value == "violation"),
        "warnings": sum(1 for f in result.findings if f.severity.value == "warning"),
        "findings": [f.to_dict() for f in result.findings],
        "withdrawn_by_undo": [{**f.to_dict(),
                               "undone_by": undone_by.get((f.pos.file, f.pos.step))}
                              for f in result.withdrawn],
        "checks_run": [c.to_dict() for c in result.checks],
        "not_checkable": [n.to_dict() for n in sorted(
            result.not_checkable, key=lambda n: (n.check, n.rule, n.reason))],
    }


def render_json(result: AuditResult) -> str:
    return json.dumps(to_dict(result), indent=2, ensure_ascii=False) + "\n"
