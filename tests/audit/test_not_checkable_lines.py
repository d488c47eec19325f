"""What a referee reads under "not checkable": a module imported from VASSAL states no
counter's count, and the audit of The Longest Day's log listed 168 lines saying so, one per
piece.  A family of per-piece rules missing the same datum is one line."""

from __future__ import annotations

from converter.audit.events import LogPos
from converter.audit.findings import NotCheckable, grouped

REASON = "the number of counters of a piece is missing from the game data"


def _count_rule(piece: str, step: int, times: int = 1) -> NotCheckable:
    return NotCheckable("counter-mix", f"count:{piece}", None, REASON, times,
                        LogPos("0606-1.log", step, step * 10), [piece])


def test_a_family_of_rules_missing_one_datum_is_one_line() -> None:
    pieces = [f"u{i:03}" for i in range(168)]
    items = [_count_rule(p, 5 + i % 7, 2) for i, p in enumerate(reversed(pieces))]
    items.append(NotCheckable("movement", "movement", None, "the map has no terrain"))
    lines = [n.line() for n in grouped(items)]
    assert lines == [
        "not checkable: count:… (168 rules) (counter-mix): " + REASON +
        " [u000, u001, u002, u003, u004, u005, u006, u007, …] (336 times, first at "
        "0606-1.log: step 5 (command 50))",
        "not checkable: movement (movement): the map has no terrain"]


def test_a_few_rules_or_other_reasons_stay_a_line_each() -> None:
    few = [_count_rule(p, 3) for p in ("b", "a", "c")]
    assert [n.rule for n in grouped(few)] == ["count:a", "count:b", "count:c"]
    mixed = [_count_rule(p, 3) for p in "abc"] + [
        NotCheckable("counter-mix", "count:d", None, "another reason", 1, None, ["d"])]
    assert len(grouped(mixed)) == 4
