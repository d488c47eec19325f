"""DrawPiles → decks, their CardSlots → cards (identical slots counted as copies)."""

from __future__ import annotations

from typing import Any

from converter.errors import VassalFormatError
from converter.importer.context import ImportContext
from converter.importer.paths import contents, join, label
from converter.importer.pieces import note_nameless
from converter.vassal.components import CardSlot, DrawPile, Map


def import_decks(ctx: ImportContext, consumed: set[int]
                 ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    decks: list[dict[str, Any]] = []
    cards: list[dict[str, Any]] = []
    pictured: list[str] = []  # decks whose cards have pictures the format cannot hold
    for vmap in ctx.module.buildfile.find_all(Map):
        for pile, path in contents(vmap, label(vmap)):
            if not isinstance(pile, DrawPile):
                continue
            consumed.add(id(pile))
            slots = [c for c, _ in contents(pile) if isinstance(c, CardSlot)]
            deck_id = ctx.ids.take("decks", pile.name, "deck")
            decks.append({"id": deck_id, "name": pile.name or deck_id, "count": len(slots),
                          "provenance": ctx.stated(path)})
            seen: dict[tuple[str, str], dict[str, Any]] = {}
            for slot in slots:
                consumed.add(id(slot))
                try:
                    piece = slot.piece
                    key = (piece.basic.name or slot.entry_name, piece.encode()[0])
                except VassalFormatError as exc:
                    ctx.note(f"not imported: {join(path, slot)}: its card cannot be read ({exc})")
                    continue
                note_nameless(ctx, piece, join(path, slot), slot.entry_name)
                if key in seen:
                    seen[key]["count"] = seen[key].get("count", 1) + 1
                    continue
                title = key[0] or slot.entry_name or "card"
                card = {"id": ctx.ids.take("cards", f"{deck_id}-{title}", "card"),
                        "deck": deck_id, "title": title, "provenance": ctx.stated(join(path, slot))}
                seen[key] = card
                cards.append(card)
            if slots:
                pictured.append(pile.name)
    if pictured:  # one note for all (Carcassonne has 75 decks, a supply per player)
        one = len(pictured) == 1
        names = ", ".join(repr(n) for n in pictured[:6]) + (
            f" and {len(pictured) - 6} more" if len(pictured) > 6 else "")
        ctx.note(f"{'deck' if one else 'decks'} {names}: the card pictures are not imported; "
                 "the format's cards have no image")
    for card in cards:  # count after title, before provenance
        if "count" in card:
            prov = card.pop("provenance")
            card["provenance"] = prov
    return decks, cards
