"""`vconv dump MODULE.vmod`: what a VASSAL module holds.

The metadata, how many of each buildFile element, and the component tree in outline: each
component with its name, siblings of one kind beyond a few folded into a count (994 regions
are one line), folders shown as the editor shows them.  `--format json` gives the counts and
the full tree.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import Any

from converter.importer.paths import label, short_tag
from converter.vassal.components.base import Component
from converter.vassal.vmod_reader import read_vmod

SHOWN_PER_KIND = 4  # siblings of one kind listed before the rest are folded into a count


def describe_module(path: str) -> dict[str, Any]:
    """Everything the dump shows, as plain data."""
    module = read_vmod(path)
    counts = Counter(short_tag(c) for c in module.buildfile.walk())
    root = module.buildfile
    metadata = dict(module.metadata)  # modules before VASSAL 3.1 have no moduledata
    for key, attr in (("name", "name"), ("version", "version"),
                      ("VassalVersion", "vassal_version")):
        if not metadata.get(key) and getattr(root, attr, None):
            metadata[key] = str(getattr(root, attr))
    return {"file": path, "kind": "module", "build_file": module.buildfile_name,
            "metadata": dict(sorted(metadata.items())),
            "entries": len(module.sizes),
            "images": sum(1 for n in module.sizes if n.startswith("images/")),
            "elements": dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))),
            "tree": _tree(module.buildfile)}


def _tree(comp: Component) -> dict[str, Any]:
    node: dict[str, Any] = {"component": label(comp)}
    if comp.children:
        node["children"] = [_tree(c) for c in comp.children]
    return node


def render_text(doc: dict[str, Any]) -> list[str]:
    meta = doc["metadata"]
    lines = [f"{doc['file']}: VASSAL module {meta.get('name', '?')!r} version "
             f"{meta.get('version', '?')} (VASSAL {meta.get('VassalVersion', '?')}), "
             f"{doc['build_file']}, {doc['entries']} entries ({doc['images']} images)",
             "elements:"]
    lines += [f"  {n:6d} {tag}" for tag, n in doc["elements"].items()]
    lines.append("components:")
    _outline(doc["tree"], 1, lines)
    return lines


def _outline(node: dict[str, Any], depth: int, lines: list[str]) -> None:
    lines.append("  " * depth + node["component"])
    shown: Counter[str] = Counter()
    folded: Counter[str] = Counter()
    for child in node.get("children", []):
        kind = child["component"].split("[", 1)[0]
        shown[kind] += 1
        if shown[kind] > SHOWN_PER_KIND:
            folded[kind] += 1
            continue
        _outline(child, depth + 1, lines)
    for kind, n in folded.items():
        lines.append("  " * (depth + 1) + f"... and {n} more {kind}")


def run(args: argparse.Namespace) -> int:
    docs = [describe_module(path) for path in args.paths]
    if args.format == "json":
        print(json.dumps(docs if len(docs) > 1 else docs[0], indent=2, ensure_ascii=False))
    else:
        for doc in docs:
            print("\n".join(render_text(doc)))
    return 0
