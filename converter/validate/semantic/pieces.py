"""Pieces and their steps, cards, and the totals the rulebook declares (pieces and cards
counted against them); on the model."""

from __future__ import annotations

import difflib
from collections import Counter

from converter.model.pieces import Piece
from converter.validate.semantic.context import Context, escape_pointer


def check_pieces(ctx: Context) -> None:
    factor_ids = set(ctx.index.ids.get("factors", {}))
    for k, piece in enumerate(ctx.game.pieces or []):
        pp = f"/pieces/{k}"
        ctx.ref(f"{pp}/side", piece.side, "sides")
        ctx.ref(f"{pp}/faction", piece.faction, "factions")
        if isinstance(piece.nationality, list):
            ctx.refs(f"{pp}/nationality", piece.nationality, "nationalities")
        else:
            ctx.ref(f"{pp}/nationality", piece.nationality, "nationalities")
        ctx.ref(f"{pp}/type", piece.type, "unit_types")
        ctx.refs(f"{pp}/flags", piece.flags, "piece_flags")
        ctx.location(f"{pp}/printed_setup", piece.printed_setup)
        ctx.location(f"{pp}/entry/at", piece.entry.at if piece.entry is not None else None)
        for i, c in enumerate(piece.carries or []):
            ctx.ref(f"{pp}/carries/{i}/token", c.token, "pieces")
        if piece.kind == "unit" and not (piece.side or piece.faction or piece.nationality):
            ctx.report(pp, f"unit {piece.id!r} has no side, faction or nationality",
                        "give one so its owner and colour are known", check="owner")
        faces_seen: set[tuple[int, str]] = set()
        for i, face in enumerate(piece.faces):
            fp, key = f"{pp}/faces/{i}", (face.counter, face.side)
            if key in faces_seen:
                ctx.report(fp, f"counter {key[0]} {key[1]} is described twice", check="steps")
            faces_seen.add(key)
            for name in face.factors or {}:
                if name not in factor_ids:
                    close = difflib.get_close_matches(name, sorted(factor_ids), n=1)
                    ctx.report(f"{fp}/factors/{escape_pointer(name)}", f"unknown factor {name!r}",
                                f"did you mean {close[0]!r}?" if close else "declare it in 'factors'",
                                check="reference")
            ctx.refs(f"{fp}/flags", face.flags, "piece_flags")
            if face.image:
                ctx.picture(f"{fp}/image", face.image)
        _check_steps(ctx, pp, piece)


def _check_steps(ctx: Context, pp: str, piece: Piece) -> None:
    steps, faces = piece.steps, piece.faces
    counters = piece.counters()
    if counters and counters != list(range(1, len(counters) + 1)):
        ctx.report(f"{pp}/faces", f"counters are numbered {counters}; expected 1" + (" and 2" if len(counters) > 1 else ""),
                    check="steps")
    if steps is None or steps.count is None:
        return
    count, model = steps.count, steps.model
    numbers = sorted((f.step for f in faces if f.step is not None and f.role != "rebuilt"), reverse=True)
    expected = {"single": (1, 1), "flip": (2, 2), "two-counters": (3, 4), "rebuilt-back": (1, 1), "tokens": (1, 9)}[model]
    if not expected[0] <= count <= expected[1]:
        lo, hi = expected
        want = str(lo) if lo == hi else f"{lo} to {hi}"
        ctx.report(f"{pp}/steps/count", f"a {model!r} unit has {want} steps, not {count}", check="steps")
        return
    if model in ("tokens",):
        return
    if any(n > count for n in numbers):
        ctx.report(f"{pp}/faces", f"a face shows more steps ({max(numbers)}) than the unit has ({count})", check="steps")
        return
    if numbers and numbers != list(range(count, count - len(numbers), -1)):
        ctx.report(f"{pp}/faces", f"the faces' steps {numbers} do not count down from {count} one by one",
                    check="steps")
    if model == "flip":
        front, back = piece.face(1, "front"), piece.face(1, "back")
        if front is None or back is None or front.step != 2 or back.step != 1:
            ctx.report(f"{pp}/faces", "a 'flip' unit needs counter 1 front at step 2 and back at step 1", check="steps")
    elif model == "two-counters":
        if counters != [1, 2]:
            ctx.report(f"{pp}/faces", f"a 'two-counters' unit needs counters 1 and 2, has {counters}", check="steps")
        else:
            lower = piece.face(2, "front")
            if lower is not None and lower.mark != "dot":
                ctx.report(f"{pp}/faces", "the lower counter of a 3-4 step unit carries a dot mark",
                            "set \"mark\": \"dot\" on counter 2's front", check="steps")
            top = [f.step for f in faces if f.counter == 1 and f.step is not None]
            low = [f.step for f in faces if f.counter == 2 and f.step is not None]
            if top and low and min(top) <= max(low):
                ctx.report(f"{pp}/faces", "counter 1 must carry the higher steps and counter 2 the lower ones",
                            check="steps")
    elif model == "rebuilt-back":
        back = piece.face(1, "back")
        if back is None or back.role != "rebuilt":
            ctx.report(f"{pp}/faces", "a 'rebuilt-back' unit needs a back face with role 'rebuilt'", check="steps")
    elif model == "single" and len(numbers) > 1:
        ctx.report(f"{pp}/faces", "a 'single' step unit shows one step only", check="steps")


def check_cards(ctx: Context) -> None:
    """Decks and cards: owners, sub-decks, numbers once per deck, no more cards than counted
    (on the model)."""
    game = ctx.game
    decks = game.decks or []
    subdecks: dict[str, set[str]] = {}
    for d, deck in enumerate(decks):
        dp, subs = f"/decks/{d}", deck.subdecks or []
        ctx.ref(f"{dp}/owner", deck.owner, "owners")
        subdecks[deck.id] = {s.id for s in subs}
        for dupe in [k for k, v in Counter(s.id for s in subs).items() if v > 1]:
            ctx.report(f"{dp}/subdecks", f"duplicate sub-deck id {dupe!r}", check="unique-id")
        counts = [s.count for s in subs]
        if subs and deck.count is not None and all(c is not None for c in counts):
            held = sum(c for c in counts if c is not None)
            if held != deck.count:
                ctx.report(f"{dp}/subdecks", f"the sub-decks hold {held} cards but the deck has {deck.count}",
                           check="count")
    per_deck: Counter[str] = Counter()
    per_sub: Counter[tuple[str, str]] = Counter()
    numbers: dict[tuple[str, int], str] = {}
    for c, card in enumerate(game.cards or []):
        cp = f"/cards/{c}"
        if not ctx.ref(f"{cp}/deck", card.deck, "decks"):
            continue
        n = card.count if card.count is not None else 1
        per_deck[card.deck] += n
        if card.subdeck is not None:
            if card.subdeck not in subdecks.get(card.deck, set()):
                ctx.report(f"{cp}/subdeck", f"deck {card.deck!r} has no sub-deck {card.subdeck!r}",
                           check="reference")
            else:
                per_sub[(card.deck, card.subdeck)] += n
        ctx.ref(f"{cp}/nationality", card.nationality, "nationalities")
        for pointer, name in (("image", card.image), ("back_image", card.back_image)):
            if name:
                ctx.picture(f"{cp}/{pointer}", name)
        if card.number is not None:
            key = (card.deck, card.number)
            if key in numbers:
                ctx.report(f"{cp}/number", f"card number {card.number} appears twice in deck {card.deck!r}",
                           f"first at {ctx.where(numbers[key])}", check="unique-id")
            numbers[key] = cp
    for d, deck in enumerate(decks):
        dp = f"/decks/{d}"
        if deck.count is not None and per_deck[deck.id] > deck.count:
            ctx.report(f"{dp}/count", f"{per_deck[deck.id]} cards are listed for deck {deck.id!r}, which has {deck.count}",
                       check="count")
        for i, sub in enumerate(deck.subdecks or []):
            if sub.count is not None and per_sub[(deck.id, sub.id)] > sub.count:
                ctx.report(f"{dp}/subdecks/{i}/count",
                           f"{per_sub[(deck.id, sub.id)]} cards are listed for sub-deck {sub.id!r}, which has {sub.count}",
                           check="count")


def check_totals(ctx: Context) -> None:
    game = ctx.game
    for t, total in enumerate(game.totals or []):
        tp = f"/totals/{t}"
        if total.deck is not None or total.decks is not None:
            deck_ids = [total.deck] if total.deck is not None else total.decks or []
            base = f"{tp}/deck" if total.deck is not None else f"{tp}/decks"
            if not all(ctx.ref(base if total.deck is not None else f"{base}/{i}", d, "decks")
                       for i, d in enumerate(deck_ids)):
                continue
            declared = [deck.count for deck in (game.deck(d) for d in deck_ids) if deck is not None]
            counts = [n for n in declared if n is not None]
            if len(counts) == len(deck_ids) and sum(counts) != total.count:
                ctx.report(f"{tp}/count", f"the decks hold {sum(counts)} cards but the rulebook counts {total.count}",
                            check="count")
                continue
            listed = sum(c.count or 1 for d in deck_ids for c in game.cards_of(d))
        else:
            ctx.filter_refs(f"{tp}/pieces", total.pieces)
            listed = sum(p.copies for p in game.pieces or [] if game.matches(p, total.pieces))
        if total.complete and listed != total.count:
            ctx.report(f"{tp}/count", f"the rulebook counts {total.count} {total.what}, but {listed} are listed",
                        "list the rest, or set \"complete\": false", check="count")
        elif listed > total.count:
            ctx.report(f"{tp}/count", f"the rulebook counts {total.count} {total.what}, but {listed} are listed",
                        check="count")
