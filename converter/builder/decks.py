"""Card decks as draw piles on the display board: one pile per deck, face down, with a card
slot per printed card (copies repeated), each card masked by its deck's back."""

from __future__ import annotations

from functools import partial
from typing import Callable

from converter.builder.conventions import CARD_ID_PROPERTY
from converter.builder.images import ImageSet, card_back, card_image, safe_name
from converter.builder.maps import PlacedBoard
from converter.model.game import Game
from converter.vassal.components import CardSlot, DrawPile, Map
from converter.vassal.traits import BasicPiece, Marker, Obscurable
from converter.vassal.traits.piece import PieceTraits

DECK_ATTRS = {"faceDown": "Always", "drawFaceUp": "false", "shuffle": "Via right-click Menu",
              "reversible": "false", "allowMultiple": "false", "allowSelect": "false",
              "draw": "true", "color": "0,0,0"}


def deck_piles(game: Game, display: PlacedBoard, target: Map, images: ImageSet,
               take_gpid: Callable[[], str], notes: list[str]) -> None:
    for deck in game.decks or []:
        rect = display.decks.get(deck.id)
        if rect is None:
            continue
        back = f"cards/{safe_name(deck.id)}-back.png"
        images.add(back, partial(card_back, game, deck))
        cx, cy = rect.centre
        pile = DrawPile(name=deck.name, owning_board=display.board_name, x=cx, y=cy,
                        width=rect.w, height=rect.h)
        pile.extra_attrs.update(DECK_ATTRS)
        cards = game.cards_of(deck.id)
        if deck.count is not None and sum(c.count or 1 for c in cards) < deck.count:
            notes.append(f"deck {deck.name!r}: the description lists "
                         f"{sum(c.count or 1 for c in cards)} of its {deck.count} cards")
        for card in cards:
            front = f"cards/{safe_name(deck.id)}-{safe_name(card.id)}.png"
            images.add(front, partial(card_image, game, card))
            for _ in range(card.count or 1):
                gpid = take_gpid()
                slot = CardSlot(entry_name=card.title, gpid=gpid, width=75, height=105)
                slot.piece = PieceTraits([
                    Obscurable(key="", mask_image=back, menu_text="", display_style="B",
                               mask_name="Card", access="player:"),
                    Marker.of({CARD_ID_PROPERTY: card.id, "Deck": deck.name}),
                    BasicPiece(image=front, name=card.title, gpid=gpid),
                ])
                pile.add(slot)
        target.add(pile)
