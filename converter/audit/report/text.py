"""The audit as plain text, one line per finding, then what ran and what could not."""

from __future__ import annotations

from converter.audit.auditor import AuditResult
from converter.audit.findings import grouped


def render_text(result: AuditResult) -> str:
    game = result.module.game
    lines = [f"module: {result.module.source}" + (f" (game {game.id}: {game.title})"
                                                  if game is not None else "")]
    for f in result.files:
        extra = f", {len(f.undone_steps)} undone" if f.undone_steps else ""
        lines.append(f"file: {f.path}: {f.steps} steps, {f.commands} commands{extra}")
        if f.players:
            lines.append(f"  players: {', '.join(f.players)}")
        for p in f.problems:
            lines.append(f"  replay problem: {p.pos.label()}: {p.message}")
    for note in result.notes:
        lines.append(f"note: {note}")
    v = sum(1 for f in result.findings if f.severity.value == "violation")
    w = len(result.findings) - v
    lines.append(f"findings: {v} violation(s), {w} warning(s)")
    for finding in result.findings:
        lines.append("  " + finding.line())
        lines.append(f"      expected: {finding.expected}; happened: {finding.happened}")
    if result.withdrawn:
        lines.append(f"withdrawn by undo: {len(result.withdrawn)}")
        for finding in result.withdrawn:
            lines.append("  " + finding.line())
    if result.checks:
        lines.append("checks run:")
        for c in result.checks:
            rules = ", ".join(c.rules) if c.rules else "no rule it can apply"
            lines.append(f"  {c.check}: {rules} ({c.applied} judged)")
    if result.not_checkable:
        lines.append("not checkable:")
        for n in grouped(result.not_checkable):
            lines.append("  " + n.line())
    return "\n".join(lines) + "\n"
