"""`vconv audit LOG... --module MODULE`: replay VASSAL saves/logs on the game's map and check
them against its rules.  Exit 0 clean, 1 when violations are found, 2 for unreadable input."""

from __future__ import annotations

import argparse
import sys

from converter.atomic import write_text_atomic
from converter.audit.auditor import audit_files
from converter.audit.report import render_html, render_json, render_text


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="LOG", help=".vlog or .vsav files, in order")
    parser.add_argument("--module", "-m", required=True,
                        help="the module: a built .vmod, or a game folder (built in memory)")
    parser.add_argument("--format", choices=("text", "json", "html"), default="text",
                        help="report format (default text)")
    parser.add_argument("--output", "-o", help="write the report to this file (atomically)")


def run(args: argparse.Namespace) -> int:
    result = audit_files(args.paths, args.module)
    if args.format == "json":
        text = render_json(result)
    elif args.format == "html":
        text = render_html(result)
    else:
        text = render_text(result)
    if args.output:
        write_text_atomic(args.output, text)
    else:
        sys.stdout.write(text)
    return 1 if result.violations else 0
