"""`vconv check MODULE.vmod... [--format text|json] [--strict]`: validate any VASSAL module,
`vconv check MODULE.vmod --extension EXT.vmdx...`: the module with its extensions loaded, and
`vconv check --fix-gpids MODULE.vmod -o FIXED.vmod`: renumber repeated piece ids.

Exit 0 when no module has an error (with --strict: nor a warning), 1 when one has, 2 when a
module cannot be read or the options are wrong.
"""

from __future__ import annotations

import argparse
import sys

from converter.errors import InputError


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("modules", nargs="+", metavar="MODULE", help="VASSAL modules (.vmod)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (one line per finding) or json")
    parser.add_argument("--strict", action="store_true", help="exit 1 on warnings too")
    parser.add_argument("-x", "--extension", action="append", default=[], metavar="EXT.vmdx",
                        help="load this extension with the module, as VASSAL plays it "
                             "(repeatable, loaded in the order given; one MODULE only)")
    parser.add_argument("--fix-gpids", action="store_true",
                        help="write a copy with repeated or invalid gpids renumbered and "
                             "nextPieceSlotId raised (needs -o)")
    parser.add_argument("-o", "--output", metavar="FIXED.vmod",
                        help="where --fix-gpids writes the fixed module")


def run(args: argparse.Namespace) -> int:
    if args.fix_gpids:
        return _fix(args)
    if args.output:
        raise InputError(args.output, "-o is only used with --fix-gpids")
    from converter.check import check_module, check_with_extensions, render_json, render_text

    if args.extension and len(args.modules) != 1:
        print("vconv check: error: --extension loads extensions into one MODULE; give one",
              file=sys.stderr)
        return 2
    reports = ([check_with_extensions(args.modules[0], args.extension)] if args.extension
               else [check_module(path) for path in args.modules])
    text = render_json(reports) if args.format == "json" else render_text(reports)
    sys.stdout.write(text)
    for report in reports:
        if report.unreadable:
            print(f"vconv check: error: {report.unreadable}", file=sys.stderr)
    return max(report.exit_code(args.strict) for report in reports)


def _fix(args: argparse.Namespace) -> int:
    from converter.check.fix_gpids import fix_gpids

    if len(args.modules) != 1 or not args.output or args.extension:
        print("vconv check: error: --fix-gpids takes one MODULE and -o FIXED.vmod, without "
              "--extension",
              file=sys.stderr)
        return 2
    changes = fix_gpids(args.modules[0], args.output)
    for change in changes.lines():
        print(change)
    return 0
