"""The fixed words printed on cards and maps, in the game's own language.

A game states its ``language`` (an ISO 639-1 code); every word the renderers add around the
game's own text (headings, legends, notes) is looked up here, English when the language or
the word has no translation.  Keys are the English text itself, so a missing translation
still prints something a player can read.

>>> words("it")("Turn")
'Turno'
>>> words("fr")("Turn")
'Turn'
"""

from __future__ import annotations

from collections.abc import Callable

from converter.model.common import Range, When

ITALIAN: dict[str, str] = {
    # card furniture
    "Code": "Codice", "Meaning": "Significato", "Note": "Nota", "Notes": "Note",
    "Entry": "Voce", "Roll": "Tiro", "Value": "Valore", "Result": "Risultato",
    "Applies to": "Si applica a", "Terrain": "Terreno", "Pieces": "Pedine", "When": "Quando",
    "Section": "§", "Turn": "Turno", "Label": "Etichetta", "Die": "Dado", "Count": "Numero",
    "Sides": "Facce", "Faces": "Valori", "Total": "Somma", "Physical": "Dado reale",
    "Rule": "Regola", "What": "Cosa", "Phase": "Fase", "Who / when": "Chi / quando",
    "On": "Su", "Movement": "Movimento", "Combat": "Combattimento",
    "Terrain Effects": "Effetti del terreno",
    "Stacking, Movement and Other Rules": "Raggruppamento, movimento e altre regole",
    "Sequence of Play": "Sequenza di gioco", "Turn Record Track": "Tracciato dei turni",
    "Dice": "Dadi", "Sources": "Fonti", "Counter key": "Legenda delle pedine", "Nationality": "Nazionalità",
    "Legend": "Legenda",
    "phases in order; sub-phases are indented under their phase":
        "fasi in ordine; le sotto-fasi sono rientrate sotto la loro fase",
    "{n} turns": "{n} turni", "{n} turns, each {unit}": "{n} turni, ciascuno di {unit}",
    "{n} terrain types": "{n} tipi di terreno", "{n} rules": "{n} regole", "{n} dice": "{n} dadi",
    "{n} cards": "{n} carte",
    # legends
    "— : the rulebook text does not give this value": "— : il testo del regolamento non dà questo valore",
    "empty cell: nothing applies": "casella vuota: non si applica nulla",
    "? : a value the rulebook text does not give": "? : un valore che il testo del regolamento non dà",
    "No rows: the rulebook text does not give this table.":
        "Nessuna riga: il testo del regolamento non dà questa tabella.",
    "Where each card's data comes from: rulebook sections, and what was deduced or is missing.":
        "Da dove vengono i dati di ogni carta: paragrafi del regolamento, cosa è dedotto o manca.",
    "Colours are drawing choices unless the rulebook names them.":
        "I colori sono scelte grafiche, salvo quando il regolamento li indica.",
    "Below the first column": "Sotto la prima colonna", "Above the last column": "Oltre l'ultima colonna",
    "result {r}": "risultato {r}", "use column {c}": "usa la colonna {c}",
    "{d} DRM per level beyond": "{d} al tiro per ogni livello oltre",
    "rolls clamped to {r}": "tiri limitati a {r}", "odds rounded {how}": "rapporti arrotondati {how}",
    "favourable": "a favore", "unfavourable": "a sfavore",
    "die: {name}": "dado: {name}", "two-dice roll": "tiro di due dadi",
    "opposed rolls": "tiri contrapposti", "roll at or under the value": "tiro pari o inferiore al valore",
    "roll at or over the value": "tiro pari o superiore al valore",
    # rules
    "at most {n} per {scope}": "al massimo {n} per {scope}",
    "at most {n} {measure} per {scope}": "al massimo {n} {measure} per {scope}",
    "at most {n} {measure} moved per {period}": "al massimo {n} {measure} mossi per {period}",
    "in: {phases}": "in: {phases}", "turn": "turno", "phase": "fase",
    "hex": "esagono", "space": "spazio", "area": "area", "location": "luogo", "box": "casella",
    "units": "unità", "steps": "passi", "nationalities": "nazionalità", "pieces": "pedine",
    "piece": "pedina", "step": "passo",
    "free: {who}": "non contano: {who}", "allowance: {a}": "capacità: {a}", "cost: {c}": "costo: {c}",
    "enemy: {e}": "nemico: {e}", "minimum move": "movimento minimo", "table: {t}": "tabella: {t}",
    "die {d}": "dado {d}", "value {v}": "valore {v}", "only {x}": "solo {x}", "never {x}": "mai {x}",
    "repeat ×{n}": "ripeti ×{n}", "order: {o}": "ordine: {o}", "actions: {a}": "azioni: {a}",
    "not {x}": "non {x}", "size {x}": "taglia {x}", "yes": "sì", "no": "no",
    "{n} MP": "{n} PM", "+{n} MP to cross": "+{n} PM per attraversare", "whole move": "tutto il movimento",
    "prohibited": "vietato", "ends move": "termina il movimento", "DRM {d}": "modificatore {d}",
    "{d} column(s)": "{d} colonna/e", "defender {d} column(s)": "difensore {d} colonna/e",
    "only if all attackers cross": "solo se tutti gli attaccanti attraversano",
    "weights {w}": "pesi {w}", "{a} vs {d}": "{a} contro {d}",
    "turns {r}": "turni {r}", "not turn {n}": "non al turno {n}",
    "odds (attack:defence)": "rapporto di forze (attacco:difesa)", "strength difference": "differenza di forze",
    "strength": "forza", "hexside": "lato d'esagono", "link": "collegamento", "edge": "bordo",
    "terrain": "terreno", "forbidden": "vietato", "stop": "si ferma", "allowed": "consentito",
    "down": "per difetto", "up": "per eccesso", "nearest": "al più vicino",
    "feature": "elemento", "side": "parte", "faction": "fazione", "nationality": "nazionalità",
    "combat": "combattimento", "movement": "movimento",
    # kinds of piece, and the fields a rulebook may leave missing (named on the sources card)
    "unit": "unità", "marker": "segnalino", "dummy": "pedina fittizia", "token": "gettone", "chip": "fiche",
    "miniature": "miniatura", "control": "controllo",
    "columns": "colonne", "cells": "caselle", "rows": "righe", "text": "testo", "symbols": "simboli",
    "provenance": "fonte", "factors": "fattori", "color": "colore", "values": "valori",
    "entries": "voci", "layout": "posizione", "printed": "valori stampati",
    "name": "nome", "section": "paragrafo", "steps": "passi", "result": "risultato", "value": "valore",
    "grid": "griglia", "hexes": "esagoni", "spaces": "spazi", "links": "collegamenti", "edges": "bordi",
    # counter key
    "Nationality codes": "Codici di nazionalità", "Code on the counters": "Codice sulle pedine", "Marks on counters": "Segni sulle pedine",
    "top left: the hex where the unit starts": "in alto a sinistra: l'esagono dove l'unità inizia",
    "T{n} (top left): enters on turn {n}": "T{n} (in alto a sinistra): entra al turno {n}",
    "top left: how the unit enters": "in alto a sinistra: come entra l'unità",
    "●: the unit's second counter (its weaker steps)": "●: il secondo segnalino dell'unità (i passi più deboli)",
    "light band behind the factors: the reduced side": "fascia chiara dietro i fattori: il lato ridotto",
    "factors, left to right": "fattori, da sinistra a destra",
    "abbreviated names end in a point: 'Div. di Fant.' = 'Divisione di Fanteria'":
        "i nomi abbreviati finiscono con un punto: 'Div. di Fant.' = 'Divisione di Fanteria'",
    "Mark": "Segno",
    # sources card
    "Rulebook: {cite}": "Regolamento: {cite}", "Rulebook section: not given": "Paragrafo del regolamento: non indicato",
    "missing from the rulebook: {what}": "mancante nel regolamento: {what}", "Card": "Carta", "Source": "Fonte",
    "stated": "dal regolamento", "deduced": "dedotto", "missing": "mancante", "assumed": "presunto",
    # map furniture
    "box drawn apart; the dot is its place":
        "casella spostata; il punto è il suo posto",
    "one-way link": "collegamento a senso unico",
    "Groups": "Gruppi", "Groups: {kind}": "Gruppi: {kind}",
    # a group's kind in the data's English words (a game's own words print as they are)
    "theatre": "teatro", "country": "paese", "region": "regione", "sea": "mare", "front": "fronte",
    "attack line": "linea d'attacco", "terrain class": "classe di terreno", "half board": "metà tabellone",
    "city": "città", "town": "cittadina", "capital": "capitale", "fortress": "fortezza", "place": "luogo",
    "border strip": "fascia di confine", "perimeter": "perimetro",
    "Name (larger group): its spaces are in the larger group too":
        "Nome (gruppo più ampio): le sue caselle sono anche nel gruppo più ampio",
    "empty box: no strip shows this group here": "riquadro vuoto: nessuna striscia mostra questo gruppo qui",
    "red empty box: hexes not given by the rulebook": "riquadro rosso vuoto: esagoni non indicati dal regolamento",
    "Name (larger group): its hexes are in the larger group too":
        "Nome (gruppo più ampio): i suoi esagoni sono anche nel gruppo più ampio",
    "red empty box: spaces not given by the rulebook":
        "riquadro rosso vuoto: spazi non indicati dal regolamento",
    "label set apart from its link":
        "etichetta spostata dal suo collegamento",
    "filled square: where this page lies in the whole map":
        "quadratino pieno: dove sta questa pagina nella mappa intera",
    "adjacent": "adiacenza", "Legend (red outline: data missing)": "Legenda (bordo rosso: dati mancanti)",
    "Legend (red outline: missing {what})": "Legenda (bordo rosso: mancano {what})",
    "{what} ({n} spaces)": "{what} ({n} spazi)", "{what} (1 space)": "{what} (1 spazio)",
    # a space's fields a red outline says are missing
    # ('terrain', 'control', 'name' and 'VP' are above)
    "adjacent spaces": "spazi adiacenti", "groups": "gruppi", "enclosing area": "area che lo contiene",
    "pieces allowed": "pedine ammesse", "kind of space": "tipo di spazio", "fort": "forte", "position": "posizione",
    "SCHEMATIC — not the real map": "SCHEMA — non è la mappa reale",
    "SCHEMATIC — not the real map; data marked missing: {n}":
        "SCHEMA — non è la mappa reale; dati segnati come mancanti: {n}",
    " — hex grid not given": " — griglia esagonale non indicata",
    " — the rulebook gives only part of this map": " — il regolamento dà solo parte di questa mappa",
    # scenario cards
    "Victory Conditions": "Condizioni di vittoria", "Who wins": "Chi vince", "Condition": "Condizione",
    "Victory point places": "Luoghi che danno punti vittoria", "Place": "Luogo", "VP": "PV",
    "Held at start by": "Controllato all'inizio da", "Setup": "Schieramento", "reference cards": "aiuti di gioco", "page {n}": "pagina {n}", "Where": "Dove",
    "1 step": "1 passo", "{n} steps": "{n} passi", "face-down": "coperta",
    "showing {face}": "lato {face}",
    "Not listed: 1 piece the module gives no name or label":
        "Non elencata: 1 pedina senza nome né etichetta nel modulo",
    "Not listed: {n} pieces the module gives no name or label":
        "Non elencate: {n} pedine senza nome né etichetta nel modulo",
    "Not listed: 1 piece that only bears the name of the place it stands on (the module's handle on that place)":
        "Non elencata: 1 pedina che porta solo il nome del luogo su cui sta (serve al modulo per quel luogo)",
    "Not listed: {n} pieces that only bear the name of the place they stand on (the module's handles on those places)":
        "Non elencate: {n} pedine che portano solo il nome del luogo su cui stanno (servono al modulo per quei luoghi)",
    "back": "retro", "Markers on the tracks": "Segnalini sui tracciati",
    "Track": "Tracciato", "Box": "Casella", "map edge {e}": "bordo della mappa {e}",
    "beside {b}": "accanto a {b}", "deck {d}": "mazzo {d}",
    # print kit: counter and card sheets, map pages and track sheets
    "counters — sheet {n} of {total}": "segnalini — foglio {n} di {total}",
    "FRONTS ({paper}, print at 100%)": "FRONTI ({paper}, stampa al 100%)",
    "BACKS (duplex, flip on long edge)": "RETRI (fronte-retro, capovolgere sul lato lungo)",
    "sheet {n}": "foglio {n}", "FRONTS": "FRONTI", "BACKS (duplex, long edge)": "RETRI (fronte-retro, lato lungo)",
    "page {n} of {total} (row {r}, column {c})": "pagina {n} di {total} (riga {r}, colonna {c})",
    "trim the margin along the map's edge and lay the page over its neighbour, ⊕ marks on top of each other":
        "rifilare il margine lungo il bordo della mappa e sovrapporre alla pagina vicina facendo coincidere i segni ⊕",
    "scale: 1 hex = {mm} mm": "scala: 1 esagono = {mm} mm", "Tracks": "Tracciati",
    # map details beside a place's name
    "fort {cf}": "forte {cf}", "{n} VP": "{n} PV",
    # display board
    "Reinforcements (by event)": "Rinforzi (a evento)",
    # decks
    "Text missing from the rulebook": "Testo mancante nel regolamento",
}

LANGUAGES: dict[str, dict[str, str]] = {"it": ITALIAN}


def words(language: str | None) -> Callable[..., str]:
    """A translator for *language*: ``tr("{n} turns", n=30)``; English for what it lacks."""
    table = LANGUAGES.get((language or "en").split("-")[0].lower(), {})

    def tr(text: str, **values: object) -> str:
        out = table.get(text, text)
        return out.format(**values) if values else out

    return tr


def when_text(when: When | None, tr: Callable[..., str] | None = None) -> str:
    """When something applies, in the game's language ('turni 2-6; non al turno 1')."""
    if when is None:
        return ""
    tr = tr or words(None)
    parts = []
    if isinstance(when.turns, Range):
        parts.append(tr("turns {r}", r=when.turns.label()))
    elif when.turns:
        parts.append(tr("turns {r}", r=", ".join(map(str, when.turns))))
    if when.not_turns:
        parts.append(tr("not turn {n}", n=", ".join(map(str, when.not_turns))))
    if when.condition:
        parts.append(when.condition)
    return "; ".join(parts)
