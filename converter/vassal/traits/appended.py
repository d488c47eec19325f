"""Fields newer VASSAL editors append to a trait's type, and what an older text means by leaving
them out.

Each VASSAL release that adds an option to a trait writes it as a new field at the end of the
type; reading an older text, VASSAL takes the option's default.  An editor that re-saves a module
writes every such field, so two versions of one module differ in text where no player sees a
difference (`report;…;;;SR` and `report;…;;;SR;false`).  The defaults here are those VASSAL's
readers take for a missing field (learnt from VASSAL 3.7's `mySetType` of each trait); `vconv
diff` uses them to tell an appended default from a change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from converter.vassal import sequence

# a default's text, or how VASSAL derives it from the fields the older text has
Default = str | Callable[[Sequence[str]], str]


@dataclass(frozen=True)
class Appended:
    """The fields of one trait kind that may be missing, by index in the type split at ';'
    (index 0 is the trait's id, `report`), and fields that are themselves sequences."""

    defaults: dict[int, Default]
    nested: dict[int, tuple[str, dict[int, Default]]] = field(default_factory=dict)


def _deck_select(fields: Sequence[str]) -> str:
    """Before version 2, ReturnToDeck asked for a deck exactly when it named none."""
    return "true" if len(fields) < 4 or fields[3] == "" else "false"


def _deck_expression(fields: Sequence[str]) -> str:
    return fields[3] if len(fields) > 3 else ""


# GlobalCommandTarget, a '|' sequence inside CounterGlobalKeyCommand's type: the attachment
# and attachment id came last
_GLOBAL_TARGET: tuple[str, dict[int, Default]] = ("|", {14: "", 15: ""})

APPENDED: dict[str, Appended] = {
    # ReportState: description, noSuppress
    "report": Appended({5: "", 6: "false"}),
    # Obscurable: description, autoPeekRollover (false for a piece read from a module),
    # deal key, deal expression
    "obs": Appended({8: "", 9: "false", 10: "", 11: ""}),
    # PlaceMarker: description, gpid, placement, above, copyDPsByName, parameters, version
    "placemark": Appended({9: "", 10: "", 11: "0", 12: "false", 13: "false", 14: "", 15: "0"}),
    # Embellishment (emb2): description, scale, the property and state it is shown for (the
    # fields before them come with a version number, whose absence VASSAL converts from)
    "emb2": Appended({30: "", 31: "1.0", 32: "", 33: "true"}),
    # CounterGlobalKeyCommand: description, deck selection, target, suppress sounds, parameters
    "globalkey": Appended({10: "", 11: "-1", 12: "", 13: "false", 14: ""},
                          {12: _GLOBAL_TARGET}),
    # ReturnToDeck: prompt (VASSAL's English one), description, then version 2's deck
    # selection and deck expression, which an older text (no version) means by its deck id
    "return": Appended({4: "Select destination", 5: "", 6: "2", 7: _deck_select,
                        8: _deck_expression}),
}


def same_but_appended(old: str, new: str) -> bool:
    """Whether two type texts of one trait differ only by fields one of them leaves out and
    the other writes with the value VASSAL takes when they are missing."""
    kind = old.split(";", 1)[0]
    known = APPENDED.get(kind)
    if known is None or new.split(";", 1)[0] != kind:
        return False
    return _same(sequence.split(old, ";"), sequence.split(new, ";"), known.defaults,
                 known.nested)


def _same(a: list[str], b: list[str], defaults: dict[int, Default],
          nested: dict[int, tuple[str, dict[int, Default]]]) -> bool:
    if len(a) > len(b):
        a, b = b, a
    for index in range(len(b)):
        old = a[index] if index < len(a) else _default(defaults, index, a)
        if old is None:
            return False
        new = b[index]
        if old == new:
            continue
        inner = nested.get(index)
        if inner is None or not _same(sequence.split(old, inner[0]) if old else [],
                                      sequence.split(new, inner[0]), inner[1], {}):
            return False
    return True


def _default(defaults: dict[int, Default], index: int, fields: Sequence[str]) -> str | None:
    default = defaults.get(index)
    return default(fields) if callable(default) else default
