"""Counts as a summary line says them: '1 deck', '2 decks'."""

from __future__ import annotations

_ONE = {"maps": "map", "boards": "board", "piece slots": "piece slot", "pieces": "piece",
        "scenarios": "scenario", "dice": "die", "decks": "deck", "cards": "card",
        "images": "image", "notes": "note", "problems": "problem", "cells": "cell",
        "charts": "chart", "global properties": "global property"}


def counted(n: int, noun: str) -> str:
    """*n* and *noun* (given in the plural), in the singular for one."""
    return f"{n} {_ONE.get(noun, noun) if n == 1 else noun}"
