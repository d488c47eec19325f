"""The auditor: read → replay → rules → report.

A VASSAL save or log is tokenized by `converter.vassal` (the reader judges nothing), replayed
onto the game's map here (`replay`, `state`), checked by generic checkers driven by the game's
rules data (`rules/`), and reported as text, JSON or a self-contained HTML page (`report/`).
"""

from converter.audit.auditor import AuditResult, audit_files, audit_records

__all__ = ["AuditResult", "audit_files", "audit_records"]
