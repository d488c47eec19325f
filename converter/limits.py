"""Every bound vconv puts on untrusted input, in one place.

A file from a stranger must cost time and memory in proportion to what it is for, so each
reader stops at one of these limits with a message that names the limit and how to raise
it.  A limit is raised with its environment variable (``VCONV_MAX_JSON_DEPTH=500 vconv
validate ...``); the defaults are well above anything a real game, module, save or log holds.

>>> JSON_DEPTH.default
100
>>> JSON_DEPTH.refusal("game.json", "arrays and objects nested 101 deep")
'game.json: arrays and objects nested 101 deep, over the limit of 100 (json nesting depth; raise it with VCONV_MAX_JSON_DEPTH)'
"""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limit:
    """One bound: its name in messages, its default and the variable that raises it."""

    name: str
    default: int
    env: str | None = None  # None: a fixed bound (raising it would not help anyone)

    def value(self) -> int:
        """The bound in force: the environment variable when it holds a positive integer."""
        if self.env is not None:
            raw = os.environ.get(self.env, "").strip()
            if raw.isdigit() and len(raw) < 19 and int(raw) > 0:
                return int(raw)
        return self.default

    def how_to_raise(self) -> str:
        return f"; raise it with {self.env}" if self.env else ""

    def refusal(self, where: str, what: str) -> str:
        """'<where>: <what>, over the limit of N (<name>; raise it with VAR)'."""
        return f"{where}: {self.exceeded(what)}"

    def exceeded(self, what: str) -> str:
        """'<what>, over the limit of N (<name>; raise it with VAR)' (for an InputError)."""
        return f"{what}, over the limit of {self.value()} ({self.name}{self.how_to_raise()})"


# --- game JSON (load/)
JSON_DEPTH = Limit("json nesting depth", 100, "VCONV_MAX_JSON_DEPTH")
# a JSON value costs Python about 300 bytes once parsed and validated: 10 million empty
# arrays (a 31 MB game.json, under JSON_BYTES) took validate 3 GB.  A game's files share
# the limit (ten included files of 900,000 values each are 9 million values, not ten
# readings under it); Paths of Glory imported holds 76,000 values in all its files (For
# the People 66,000, The Longest Day 69,000; the bundled games 4,000 to 13,000)
JSON_VALUES = Limit("values in a game's JSON files together, or in one other JSON file",
                    1_000_000, "VCONV_MAX_JSON_VALUES")
NUMBER_CHARS = Limit("characters in one JSON number", 100, "VCONV_MAX_NUMBER_CHARS")
JSON_BYTES = Limit("bytes in one JSON file", 32 * 1024 * 1024, "VCONV_MAX_JSON_BYTES")
INCLUDED_BYTES = Limit("bytes of a game and all its includes", 64 * 1024 * 1024,
                       "VCONV_MAX_INCLUDED_BYTES")
INCLUDES = Limit("files included by one game", 1000, "VCONV_MAX_INCLUDES")
INCLUDE_NAME_CHARS = Limit("characters in an include name", 255)
TRACK_CELLS = Limit("turns, and track values either side of 0 (each is a drawn cell)", 10_000,
                    "VCONV_MAX_TRACK_CELLS")

# --- modules (safexml.py: build files and module metadata)
# each element costs libxml2 and the readers about 1 to 10 KB: 15 million empty elements (a
# 60 MB build file, 100 KB zipped) took 4 GB; the largest real build files hold 3,900 to
# 12,600 elements (For the People, Paths of Glory 5,600, FOF2 12,621)
XML_ELEMENTS = Limit("elements in one build file or other module XML", 50_000,
                     "VCONV_MAX_XML_ELEMENTS")

# an HTML chart page is read whole by the build (which copies it and the pictures it shows)
# and by check (which lists its <img>): the real modules' largest is 34 KB (zxvt's quick start)
HTML_PAGE_BYTES = Limit("bytes of one HTML chart page", 8 * 1024 * 1024,
                        "VCONV_MAX_HTML_PAGE_BYTES")

# --- saves and logs (vassal/savefile.py, vassal/commands.py)
LOG_COMMANDS = Limit("commands in one save or log", 200_000, "VCONV_MAX_LOG_COMMANDS")
LOG_TEXT_BYTES = Limit("bytes of decoded command text in one save or log", 48 * 1024 * 1024,
                       "VCONV_MAX_LOG_TEXT_BYTES")
RESULT_DIGITS = Limit("digits in one dice result or number field", 18)

# --- rendering and printing (render/, printkit/)
WRAP_WORD_CHARS = Limit("characters measured at once when a word longer than a line is cut", 1000)
IMAGE_PIXELS = Limit("pixels in one image", 64 * 1024 * 1024, "VCONV_MAX_IMAGE_PIXELS")
# drawing a scan holds several copies of it (decoded, with its overlay, composed): about 16
# to 21 bytes a pixel, so 40 Mi pixels stay under 900 MB where a 1 KB JPEG declaring
# 10000x8000 would take 1.7 GB; real modules' maps reach 35 Mi (FOF2's 6792x5200 'Bulge
# Background'; The Longest Day's map 5340x5024, Paths of Glory's 5100x4200), so less would
# refuse what players print
DECODED_PIXELS = Limit("pixels in one picture that is drawn (a board scan or a face picture)",
                       40 * 1024 * 1024, "VCONV_MAX_DECODED_PIXELS")
PRINT_PIXELS = Limit("raster pixels drawn for one PDF (pages x page pixels at --dpi)",
                     1000 * 1000 * 1000, "VCONV_MAX_PRINT_PIXELS")
