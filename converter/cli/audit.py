"""`vconv audit LOG... --module MODULE`: replay VASSAL saves/logs on the game's map and check
them against its rules.  Exit 0 clean, 1 when violations are found, 2 for unreadable input."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from converter.atomic import write_text_atomic
from converter.errors import InputError, VconvError
from converter.audit.auditor import audit_files
from converter.audit.module import AuditModule, from_components, load_module, one_line_model_errors
from converter.audit.report import render_html, render_json, render_text


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="LOG", help=".vlog or .vsav files, in order")
    parser.add_argument("--module", "-m", required=True,
                        help="the module: a built .vmod, or a game folder (built in memory)")
    parser.add_argument("--format", choices=("text", "json", "html"), default="text",
                        help="report format (default text)")
    parser.add_argument("--output", "-o", help="write the report to this file (atomically)")
    parser.add_argument("--game", "-g", metavar="GAME",
                        help="judge with this game's rules (a game folder, its game.json or a "
                             "built .vmod) while the pieces and places come from --module, a "
                             "module we did not build")
    parser.add_argument("--mapping", metavar="FILE",
                        help="with --game: the JSON file tying the module's pieces and places "
                             "to the game's; used when it exists, else proposed from names and "
                             "written there (edit it and audit again)")
    parser.add_argument("--propose-mapping", action="store_true",
                        help="with --game: propose the mapping from names, write it to "
                             "--mapping FILE (or print it), and stop")


def run(args: argparse.Namespace) -> int:
    module = None
    if args.game is not None:
        from converter.audit.mapping import attach, load_rules_game

        module = open_module(args.module)
        mapping = attach(module, load_rules_game(args.game), args.mapping,
                         rewrite=args.propose_mapping)
        if args.propose_mapping:
            if args.mapping is None:
                sys.stdout.write(mapping.to_json())
            else:
                gone = mapping.unmatched()
                sys.stdout.write(f"{args.mapping}: {mapping.summary()}; untied module pieces: "
                                 f"{len(gone['module_pieces'])}, places: "
                                 f"{len(gone['module_places'])} (listed as null)\n")
            return 0
    elif args.mapping is not None or args.propose_mapping:
        raise VconvError("--mapping and --propose-mapping need --game GAME")
    if not args.paths:
        raise VconvError("give at least one LOG (.vlog or .vsav)")
    result = audit_files(args.paths, args.module,
                         module=module if module is not None else open_module(args.module))
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


def open_module(path: str | os.PathLike[str]) -> AuditModule:
    """The module to audit: a built .vmod, or a game folder (or its game.json) built in
    memory with the builder, which gives the same component tree.

    Raises:
        InputError: the path does not exist or cannot be read.
        VassalFormatError, ModelError: the module or its game description is broken.
    """
    p = Path(path)
    if not p.exists():
        raise InputError(str(path), "no such module file or game folder")
    if not (p.is_dir() or p.suffix.lower() == ".json"):
        return load_module(p)
    from converter.builder import build_module
    from converter.importer.writeback import write_back

    with one_line_model_errors():
        built = build_module(p, write_back)
    images = built.archive.images
    return from_components(str(p), built.archive.buildfile, built.game,
                           lambda name: images.get(name))
