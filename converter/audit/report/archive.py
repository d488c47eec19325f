"""The summary of an archive audit (many logs, each on its own) as text, JSON and HTML.

Per log: players, steps, findings by rule (or why it is unreadable); then the totals.
"""

from __future__ import annotations

import html
import json
from typing import Any

from converter.audit.archive import ArchiveSummary, LogSummary
from converter.errors import shown


def _rules(by_rule: dict[str, int]) -> str:
    return ", ".join(f"{rule} {n}" for rule, n in by_rule.items())


def _verdict(s: LogSummary) -> str:
    return f"{s.violations} violation(s), {s.warnings} warning(s)"


# a log whose replay went wrong from its first commands (another version of the module) can
# have hundreds of problems: the summary shows the first few, the JSON has them all
SHOWN_PROBLEMS = 3


def _problem(p: dict[str, Any]) -> str:
    where = "restored game" if p["step"] == 0 else f"step {p['step']}"
    return f"{where} (command {p['command']}): {p['message']}"


def render_archive_text(summary: ArchiveSummary) -> str:
    lines = [f"module: {m}" for m in summary.modules]
    for s in summary.logs:
        if s.error is not None:
            lines.append(f"{shown(s.path)}: unreadable: {s.error}")
            continue
        lines.append(f"{shown(s.path)}: {s.steps} steps, {s.commands} commands: {_verdict(s)}"
                     + (f": {_rules(s.by_rule)}" if s.by_rule else ""))
        if s.players:
            lines.append(f"  players: {', '.join(s.players)}")
        if len(summary.modules) > 1:
            lines.append(f"  module: {s.module}")
        lines.extend(f"  replay problem: {_problem(p)}" for p in s.problems[:SHOWN_PROBLEMS])
        if len(s.problems) > SHOWN_PROBLEMS:
            lines.append(f"  … and {len(s.problems) - SHOWN_PROBLEMS} more replay problem(s) "
                         "(--format json lists them all)")
        lines.extend(f"  note: {note}" for note in s.notes)
    t = summary.totals()
    lines.append(f"logs: {t['logs']} ({t['audited']} audited, {t['unreadable']} unreadable): "
                 f"{t['with_violations']} with violations, {t['with_warnings_only']} with "
                 f"warnings only, {t['clean']} clean")
    lines.append(f"steps: {t['steps']}, commands: {t['commands']}; findings: "
                 f"{t['violations']} violation(s), {t['warnings']} warning(s)"
                 + (f"; replay problems: {t['replay_problems']}" if t["replay_problems"]
                    else ""))
    if t["findings_by_rule"]:
        lines.append(f"findings by rule: {_rules(t['findings_by_rule'])}")
    for s in summary.unreadable:
        lines.append(f"unreadable: {shown(s.path)}")
    return "\n".join(lines) + "\n"


def render_archive_json(summary: ArchiveSummary) -> str:
    doc = {"modules": summary.modules, "logs": [s.to_dict() for s in summary.logs],
           "totals": summary.totals(),
           "unreadable": [s.path for s in summary.unreadable]}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


CSS = """body{font:14px system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;
text-align:left;vertical-align:top}th{background:#eee}tr.bad td{background:#fde8e8}
tr.warn td{background:#fff6dc}tr.unread td{background:#eee;color:#900}.n{text-align:right}
.small{color:#555;font-size:12px}"""


def render_archive_html(summary: ArchiveSummary) -> str:
    esc = html.escape
    t = summary.totals()
    done = summary.audited
    # a note every log shares (no game description in the module) is said once, above
    common = [n for n in done[0].notes if all(n in s.notes for s in done[1:])] if done else []
    rows = []
    for s in summary.logs:
        if s.error is not None:
            rows.append(f"<tr class=unread><td>{esc(s.path)}</td><td colspan=5>unreadable: "
                        f"{esc(s.error)}</td></tr>")
            continue
        cls = "bad" if s.violations else ("warn" if s.warnings else "ok")
        rules = "<br>".join(f"{esc(r)} {n}" for r, n in s.by_rule.items()) or "—"
        problems = "".join(f"<div class=small>replay problem: {esc(_problem(p))}</div>"
                           for p in s.problems[:SHOWN_PROBLEMS])
        if len(s.problems) > SHOWN_PROBLEMS:
            problems += (f"<div class=small>… and {len(s.problems) - SHOWN_PROBLEMS} more "
                         "(the JSON summary lists them all)</div>")
        problems += "".join(f"<div class=small>note: {esc(n)}</div>" for n in s.notes
                            if n not in common)
        rows.append(f"<tr class={cls}><td>{esc(s.path)}</td><td>{esc(', '.join(s.players))}"
                    f"</td><td class=n>{s.steps}</td><td class=n>{s.violations}</td>"
                    f"<td class=n>{s.warnings}</td><td>{rules}{problems}</td></tr>")
    by_rule = "".join(f"<tr><td>{esc(r)}</td><td class=n>{n}</td></tr>"
                      for r, n in t["findings_by_rule"].items())
    head = (f"<h1>vconv audit: {t['logs']} logs</h1>"
            + "".join(f"<div class=small>module {esc(m)}</div>" for m in summary.modules)
            + f"<p>{t['audited']} audited, {t['unreadable']} unreadable: "
              f"{t['with_violations']} with violations, {t['with_warnings_only']} with "
              f"warnings only, {t['clean']} clean. {t['steps']} steps, {t['commands']} "
              f"commands; {t['violations']} violation(s), {t['warnings']} warning(s)"
              + (f"; replay problems: {t['replay_problems']}" if t["replay_problems"] else "")
              + ".</p>"
            + "".join(f"<p class=small>note: {esc(n)}</p>" for n in common))
    table = ("<table><tr><th>log</th><th>players</th><th>steps</th><th>violations</th>"
             "<th>warnings</th><th>findings by rule; replay problems</th></tr>" + "".join(rows) + "</table>")
    totals = ("<h2>Findings by rule</h2><table><tr><th>rule</th><th>findings</th></tr>"
              + by_rule + "</table>") if by_rule else ""
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>vconv audit: "
            f"{t['logs']} logs</title><style>{CSS}</style></head><body>{head}{table}{totals}"
            "</body></html>\n")
