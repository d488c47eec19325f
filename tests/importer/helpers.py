"""Shared by the import tests: reading the imported grid back and the hex under a pixel."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lxml import etree
from PIL import Image

from converter.model.codec import from_json
from converter.model.hexgrid import HexGridSpec
from converter.render.maps import HexBoardGeometry

ROOT = Path(__file__).resolve().parents[2]
TOUR = ROOT / "tests" / "data" / "real" / "tour.vmod"
MINI = ROOT / "tests" / "data" / "games" / "mini"


def merged(folder: Path) -> dict[str, Any]:
    """game.json with the lists of its includes appended (read without the loader)."""
    game = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    for name in game.get("include", []):
        part = json.loads((folder / name).read_text(encoding="utf-8"))
        for key, value in part.items():
            if isinstance(value, list):
                game.setdefault(key, []).extend(value)
    return game


def geometry(folder: Path, board: dict[str, Any]) -> HexBoardGeometry:
    """The imported hex board's geometry: its grid placed on its image."""
    image = board["image"]
    with Image.open(folder / image["file"]) as picture:
        size = picture.size
    grid = from_json(HexGridSpec, board["grid"])
    return HexBoardGeometry(grid, size, tuple(image["origin"]), image["hex_width_px"],
                            image["hex_height_px"])


def hex_at(geo: HexBoardGeometry, point: tuple[float, float]) -> str:
    """The canonical id whose centre is nearest to *point* (the hex containing it)."""
    return hex_finder(geo)(point)


def hex_finder(geo: HexBoardGeometry) -> Callable[[tuple[float, float]], str]:
    """`hex_at` for many points of one geometry (left unchanged meanwhile): every centre is
    computed once, not once per point asked."""
    centres = [(h, geo.center(h)) for h in geo.grid.all_ids()]

    def at(point: tuple[float, float]) -> str:
        return min(centres, key=lambda hc: (hc[1][0] - point[0]) ** 2
                   + (hc[1][1] - point[1]) ** 2)[0]
    return at


def buildfile_tree(vmod: Path) -> etree._Element:
    """The module's build file parsed here, independently of vconv's reader."""
    with zipfile.ZipFile(vmod) as archive:
        names = archive.namelist()
        name = "buildFile.xml" if "buildFile.xml" in names else "buildFile"
        data = archive.read(name)
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    return etree.parse(io.BytesIO(data), parser).getroot()


def write_zip(path: Path, entries: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return path
