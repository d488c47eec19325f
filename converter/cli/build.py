"""`vconv` subcommand (not yet written)."""

from __future__ import annotations

import argparse
import sys


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*")


def run(args: argparse.Namespace) -> int:
    print("vconv: this command is not available yet", file=sys.stderr)
    return 2
