"""Audit reports: text for the terminal, JSON for tools, one self-contained HTML page."""

from converter.audit.report.html import render_html
from converter.audit.report.json_report import render_json, to_dict
from converter.audit.report.text import render_text

__all__ = ["render_html", "render_json", "render_text", "to_dict"]
