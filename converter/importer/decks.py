"""DrawPiles → decks, their CardSlots → cards (identical slots counted as copies), each card
with the pictures VASSAL shows of it: its face (the BasicPiece's image, or the face Layer's
level when the basic piece has none, as Nevsky's and Almoravid's cards do) and its back
(the Mask trait's image), so `vconv print` prints the module's own cards."""

from __future__ import annotations

from typing import Any

from converter.errors import VassalFormatError
from converter.importer.context import ImportContext
from converter.importer.paths import contents, join, label
from converter.importer.pieces import Prototypes, face_layer, note_nameless
from converter.vassal.components import CardSlot, DrawPile, Map
from converter.vassal.traits import Layer, Obscurable, PieceTraits


def card_pictures(piece: PieceTraits, protos: Prototypes
                  ) -> tuple[str | None, str | None]:
    """The module's names of a card's face and back pictures (None where it shows none)."""
    traits = protos.expand(piece)
    front = piece.basic.image.strip() or None
    if front is None:
        layers = [t for t in traits if isinstance(t, Layer)]
        chosen = face_layer(traits)
        for layer in ([chosen] if chosen is not None else []) + layers[::-1]:
            level = layer.level if 1 <= layer.level <= len(layer.images) else 1
            shown = [i.strip() for i in layer.images[level - 1:level] + layer.images[:1] if i.strip()]
            if shown:
                front = shown[0]
                break
    masks = [t.mask_image.strip() for t in traits
             if isinstance(t, Obscurable) and t.mask_image.strip()]
    return front, masks[0] if masks else None


DeckIds = dict[tuple[str, str], str]  # (VASSAL map, pile name) → the game's deck id


def import_decks(ctx: ImportContext, consumed: set[int], protos: Prototypes
                 ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], DeckIds]:
    """The decks, their cards, and which deck id each pile of each map became (a saved
    game names its decks by map and name)."""
    decks: list[dict[str, Any]] = []
    ids: DeckIds = {}
    cards: list[dict[str, Any]] = []
    unpictured: list[str] = []  # decks whose cards name face pictures the module lacks
    for vmap in ctx.module.buildfile.find_all(Map):
        for pile, path in contents(vmap, label(vmap)):
            if not isinstance(pile, DrawPile):
                continue
            consumed.add(id(pile))
            slots = [c for c, _ in contents(pile) if isinstance(c, CardSlot)]
            deck_id = ctx.ids.take("decks", pile.name, "deck")
            ids.setdefault((vmap.map_name, pile.name), deck_id)
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
                card: dict[str, Any] = {"id": ctx.ids.take("cards", f"{deck_id}-{title}", "card"),
                                        "deck": deck_id, "title": title}
                for field, name in zip(("image", "back_image"), card_pictures(piece, protos)):
                    file = ctx.images.copy(name) if name else None
                    if file is not None:
                        card[field] = file
                    elif name and field == "image" and pile.name not in unpictured:
                        unpictured.append(pile.name)
                card["provenance"] = ctx.stated(join(path, slot))
                seen[key] = card
                cards.append(card)
    if unpictured:  # one note for all (Carcassonne has 75 decks, a supply per player)
        one = len(unpictured) == 1
        names = ", ".join(repr(n) for n in unpictured[:6]) + (
            f" and {len(unpictured) - 6} more" if len(unpictured) > 6 else "")
        ctx.note(f"{'deck' if one else 'decks'} {names}: card pictures the module names are "
                 "not in it; vconv print draws those cards from their titles")
    for card in cards:  # count after title, before provenance
        if "count" in card:
            prov = card.pop("provenance")
            card["provenance"] = prov
    return decks, cards, ids
