"""`vconv audit LOG... --module MODULE`: replay VASSAL saves/logs on the game's map and check
them against its rules.  Exit 0 clean, 1 when violations are found, 2 for unreadable input.

Several files are one game's sequence (each starts where the previous ended); a folder, or
`--each`, audits every log on its own, in parallel, into one summary (an archive)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from converter.atomic import check_not_input, write_text_atomic
from converter.errors import VconvError
from converter.audit.auditor import audit_files
from converter.audit.module import (
    AuditModule, from_components, load_module, one_line_model_errors)
from converter.audit.report import render_html, render_json, render_text
from converter.vassal.components import BoardComponent


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="LOG",
                        help=".vlog or .vsav files, in order (one game's sequence), or "
                             "folders of logs (each audited on its own)")
    parser.add_argument("--module", "-m", required=True, action="append",
                        help="the module: a built .vmod, or a game folder (built in memory); "
                             "for an archive, give it again for each game: each log is judged "
                             "by the module it was saved with")
    parser.add_argument("--each", action="store_true",
                        help="audit every LOG on its own (an archive, as for a folder), not "
                             "as one game's sequence")
    parser.add_argument("--jobs", "-j", type=int, metavar="N",
                        help="archive: audit N logs at once (default: the machine's cores)")
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
    archive = args.each or any(os.path.isdir(p) for p in args.paths)
    if args.jobs is not None and args.jobs < 1:
        raise VconvError("--jobs needs a number of 1 or more")
    if not archive and (args.jobs is not None or len(args.module) > 1):
        raise VconvError(f"{'--jobs' if args.jobs is not None else 'several --module'} is "
                         "for an archive: give a folder of logs, or --each")
    if args.game is not None and len(args.module) > 1:
        raise VconvError("--game judges one --module, not several")
    _check_outputs(args, archive)
    module = None
    if args.game is not None:
        from converter.audit.mapping import attach, load_rules_game

        module = open_module(args.module[0])
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
    if archive:
        return _run_archive(args, module)
    result = audit_files(args.paths, args.module[0],
                         module=module if module is not None else open_module(args.module[0]),
                         steps=args.format == "html")  # (text and JSON show no step list)
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


def _check_outputs(args: argparse.Namespace, archive: bool) -> None:
    """Refuse, before any work, a report (-o) or a proposed mapping (--mapping) written over
    a file the audit reads: a log, the module, the game or (for the report) the mapping."""
    from converter.audit.archive import collect_logs

    games = [*args.module, *([args.game] if args.game else [])]
    read = [*(collect_logs(args.paths) if archive and args.paths else args.paths), *games]
    for game in games:  # a game folder is read through its JSON files
        if os.path.isdir(game):
            read.extend(Path(game).rglob("*.json"))
    if args.mapping is not None:
        check_not_input(args.mapping, read)
    if args.output:
        check_not_input(args.output, [*read, *([args.mapping] if args.mapping else [])])


def _run_archive(args: argparse.Namespace, module: AuditModule | None) -> int:
    """Every log on its own, in parallel; one summary.  Exit 2 when a log is unreadable
    (the summary names it), else 1 when a log has a violation."""
    from converter.audit.archive import Progress, audit_archive, collect_logs, default_jobs
    from converter.audit.report.archive import (
        render_archive_html, render_archive_json, render_archive_text)
    from converter.cli import GUARD_ENV

    logs = collect_logs(args.paths)
    modules = [module] if module is not None else [open_module(m) for m in args.module]
    names = [m.name for m in modules]
    twice = sorted({n for n in names if names.count(n) > 1})
    if len(modules) > 1 and twice:
        raise VconvError(f"two --module are both named {twice[0]!r}: a log could not say "
                         "which it was played on")
    summary = audit_archive(logs, modules, jobs=args.jobs or default_jobs(),
                            progress=Progress(), strict=os.environ.get(GUARD_ENV) == "raise")
    render = {"json": render_archive_json, "html": render_archive_html}.get(
        args.format, render_archive_text)
    text = render(summary)
    if args.output:
        write_text_atomic(args.output, text)
    else:
        sys.stdout.write(text)
    if summary.unreadable:
        print(f"vconv audit: {len(summary.unreadable)} of {len(summary.logs)} logs unreadable "
              "(the summary says which and why)", file=sys.stderr)
    return summary.exit_code()


def open_module(path: str | os.PathLike[str]) -> AuditModule:
    """The module to audit: a built .vmod, or a game folder (or its game.json) built in
    memory for the audit alone: no image drawn (a board's picture is drawn only if an HTML
    report asks for it), its boards sized by the build's layout, which the drawn pictures
    match.

    Raises:
        InputError: the path does not exist or cannot be read.
        VassalFormatError, ModelError: the module or its game description is broken.
    """
    p = Path(path)
    if not p.exists() or not (p.is_dir() or p.suffix.lower() == ".json"):
        return load_module(p)  # which says a missing path is neither a module nor a folder
    from converter.builder import build_module
    from converter.importer.writeback import write_back

    with one_line_model_errors():
        built = build_module(p, write_back, draw=False)
    root = built.archive.buildfile
    images = built.images
    if images is None:  # an imported game: its module written back, images and all
        from converter.audit.mapping import attach

        entries = built.archive.entries()  # (the original's, images under images/ as VASSAL has them)
        module = from_components(str(p), root, None, lambda name: entries.get("images/" + name))
        # a log played on the real module carries its slots' ids and names, as import
        # read them: tied to the game's pieces and places as `--game` ties them
        attach(module, built.game).source = (
            "proposed from names (to edit it: --module THE.vmod --game "
            f"{p} --mapping FILE)")
        return module
    sizes = {b.image: (b.width, b.height) for b in root.walk()
             if isinstance(b, BoardComponent) and b.image}
    return from_components(str(p), root, built.game, images.get, sizes.get)
