"""`vconv diff OLD.vmod NEW.vmod [--format text|json]`: what changed between two versions of
a VASSAL module, by component and by piece.  Exit 0 the same, 1 they differ, 2 a file that
cannot be read.
"""

from __future__ import annotations

import argparse
import json


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("old", metavar="OLD", help="the earlier module (.vmod)")
    parser.add_argument("new", metavar="NEW", help="the later module (.vmod)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="human text (default) or JSON")


def run(args: argparse.Namespace) -> int:
    from converter.importer.diff import diff_modules, render_text

    diff = diff_modules(args.old, args.new)
    if args.format == "json":
        print(json.dumps(diff.as_json(), indent=1, ensure_ascii=False))
    else:
        print("\n".join(render_text(diff)))
    return 0 if diff.same else 1
