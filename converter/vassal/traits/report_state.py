"""ReportState (`report;`, "Report Action"): writes a chat report when given keys fire."""

from __future__ import annotations

from dataclasses import dataclass, field

from converter.vassal.traits.base import Trait
from converter.vassal.traits.spec import BOOL, INT, STR_LIST, fields


@dataclass
class ReportState(Trait):
    """Reports `report_format` on `keys` (a NamedKeyStroke[] text, §0.3 of the reference)."""

    ID = "report;"
    TYPE = fields("keys", "report_format", "cycle_down_keys", ("cycle_formats", STR_LIST),
                  "description", ("no_suppress", BOOL))
    STATE = fields(("cycle_index", INT))

    keys: str = ""
    report_format: str = "$location$: $newPieceName$ *"
    cycle_down_keys: str = ""
    cycle_formats: list[str] = field(default_factory=list)
    description: str = ""
    no_suppress: bool = False
    cycle_index: int = -1
