"""The `vconv` command line: a thin layer over the library.

Each subcommand lives in its own module of this package with two functions,
``configure(parser)`` and ``run(args) -> int``.  Exit codes follow linters:
0 clean, 1 problems found, 2 usage errors and unreadable or corrupt input.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import NoReturn
from collections.abc import Sequence

from converter import __version__
from converter.errors import VconvError

# (command name, module in this package, one-line help)
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("validate", "validate", "check game descriptions against the schema and cross-references"),
    ("build", "build", "build a VASSAL module (.vmod) from a game"),
    ("print", "print_kit", "print counter sheets and reference cards (PDF, PNG)"),
    ("dump", "dump", "show what a VASSAL save, log or module holds"),
    ("audit", "audit", "replay a VASSAL save or log and check it against the game's rules"),
    ("import", "import_module", "import an existing VASSAL module into the canonical JSON form"),
    ("preview", "preview", "draw each board with its hex grid, hex ids, zones and regions over the art"),
    ("diff", "diff", "show what changed between two versions of a VASSAL module"),
    ("check", "check", "validate any VASSAL module: references, ids, geometry, pieces, setups, version"),
)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse exits 2 on usage errors, as we want
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser, or with *only* one subcommand's module imported and configured
    (the others listed by name and help): start-up then imports what runs, nothing more."""
    parser = _Parser(prog="vconv", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"vconv {__version__}")
    parser.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, module_name, help_text in COMMANDS:
        p = sub.add_parser(name, help=help_text, description=help_text)
        if only is not None and name != only:
            continue
        module = importlib.import_module(f"converter.cli.{module_name}")
        module.configure(p)
        p.set_defaults(_run=module.run)
    return parser


def _command_of(argv: Sequence[str]) -> str:
    """The subcommand named on the line ("" for none): the first word not an option, as
    the top-level options take no value."""
    return next((word for word in argv if not word.startswith("-")), "")


def main(argv: Sequence[str] | None = None) -> int:
    words = list(argv) if argv is not None else sys.argv[1:]
    parser = build_parser(only=_command_of(words))
    args = parser.parse_args(words)
    if not getattr(args, "_run", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        code = int(args._run(args))
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # the reader went away (`vconv dump x | head`): not an error; silence the final flush
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except VconvError as exc:
        if args.debug:
            raise
        print(f"vconv {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("vconv: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # the last line of defence: never a traceback for bad input
        if args.debug or os.environ.get(GUARD_ENV) == "raise":
            raise
        print(f"vconv {args.command}: error: {_inputs(args)}: could not be processed "
              f"({type(exc).__name__}: {_short(exc)}); rerun with --debug for details",
              file=sys.stderr)
        return 2


# The test suite sets VCONV_GUARD=raise so that an input reaching the guard above fails the
# test with its traceback: every bad input must be handled where it arises.
GUARD_ENV = "VCONV_GUARD"


def _inputs(args: argparse.Namespace) -> str:
    """The input files the command was given, for the guard's one line."""
    names: list[str] = []
    for attr in ("games", "game", "paths", "module"):
        value = getattr(args, attr, None)
        if isinstance(value, str):
            names.append(value)
        elif isinstance(value, list):
            names.extend(str(v) for v in value)
    return ", ".join(names) or "input"


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= 160 else text[:157] + "..."
