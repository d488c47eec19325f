"""Scripted games of every bundled game: a clean game past its setup, and planted violations
each expected to be found at the step that commits it, with the rule id and section the game
cites.  Shared by tests/audit/test_bundled_games.py and tests/data/logs/make_logs.py (the
sample logs users can try).

A Plant's `act` adds the offending steps to a clean game and returns the step the finding
must point at; `found` lists (rule, section, message start) of the findings expected there.
Checks the game's data cannot feed are listed in `unjudged`: (rule id, reason start) that the
report must say "not checkable" about.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from converter.builder.scripted import ScriptedGame
from converter.builder.module import BuiltModule


@dataclass(frozen=True)
class Plant:
    """One planted violation (or a move the data cannot judge, when `found` is empty)."""

    name: str
    act: Callable[[ScriptedGame], int]
    found: list[tuple[str, str, str]] = field(default_factory=list)
    unjudged: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class GameScript:
    slug: str
    clean: Callable[[BuiltModule], ScriptedGame]
    plants: list[Plant]


def _last(s: ScriptedGame) -> int:
    """The step number of the last logged step (steps count from 1)."""
    return len(s.steps)


def _then(*actions: Callable[[ScriptedGame], object], judge: Callable[[ScriptedGame], object]
          | None = None) -> Callable[[ScriptedGame], int]:
    """Run *actions*; the finding belongs to the last of them (*judge* then closes the phase,
    where stacking is judged)."""
    def act(s: ScriptedGame) -> int:
        for a in actions:
            a(s)
        step = _last(s)
        if judge is not None:
            judge(s)
        return step
    return act


CHECKABLE_FALSE = "the rule is marked not checkable in the game data"

# ---------------------------------------------------------------- Quartermaster General 1914


def _qmg(built: BuiltModule) -> ScriptedGame:
    s = ScriptedGame(built)
    s.setup("partita")
    s.turn(1, "fase-arruolamento")
    s.place("armata-germania", space="prussia")          # a new German army
    s.turn(1, "fase-azione")
    s.move("flotta-regno-unito", space="mare-del-nord")
    s.turn(1, "fase-attrito")
    return s


QMG = GameScript("quartermaster-general-1914", _qmg, [
    Plant("two German armies in Berlin",
          _then(lambda s: s.move("armata-germania", nth=2, space="berlino"),
                judge=lambda s: s.turn(1, "fase-preparazione")),
          [("un-pezzo-per-nazione", "Pezzi", "Berlino (berlino) holds 2 pieces")]),
    Plant("a German army at sea",
          _then(lambda s: s.move("armata-germania", nth=2, space="mar-baltico")),
          [("allowed:spazi-di-mare", "Pezzi", "Armata (Germania) stands in Mar Baltico")],
          [("armate-solo-terra", CHECKABLE_FALSE)]),
    Plant("an Austrian army joins a Russian one",
          _then(lambda s: s.move("armata-russia", space="galizia"),
                lambda s: s.place("armata-austria-ungheria", space="galizia"),
                judge=lambda s: s.turn(1, "fase-pesca")),
          [("un-pezzo-per-nazione", "Pezzi", "Galizia (galizia) holds pieces of")]),
])

# ---------------------------------------------------------------- Pursuit of Glory


def _pog(built: BuiltModule) -> ScriptedGame:
    s = ScriptedGame(built)
    s.setup("campagna")
    s.turn(1, "round-di-azione")
    for unit in ("tu-ix-corpo", "tu-x-corpo", "tu-cavalleria-div"):
        s.place(unit, space="costantinopoli")
    s.move("tu-cavalleria-div", space="ankara")
    s.roll("d6", 4)
    s.place("ru-i-corpo-caucasico", space="erevan")
    s.turn(1, "c-attrito")
    return s


POG = GameScript("pursuit-of-glory", _pog, [
    Plant("four units in Constantinople",
          _then(lambda s: s.place("tu-fanteria-div", space="costantinopoli"),
                lambda s: s.move("tu-cavalleria-div", space="costantinopoli"),
                judge=lambda s: s.turn(1, "d-assedio")),
          [("raggruppamento-spazi", "8.1.1", "Costantinopoli (costantinopoli) holds 4 units")]),
    Plant("a Russian corps in India",
          _then(lambda s: s.move("ru-i-corpo-caucasico", space="india")),
          [("ru-mai-india-baluchistan", "20.2.3", "I Corpo Caucasico enters India")]),
    Plant("a Russian corps into a Turkish-held space",
          _then(lambda s: s.place("tu-fanteria-elite-div", space="erzurum"),
                lambda s: s.move("ru-i-corpo-caucasico", space="erzurum"),
                judge=lambda s: s.turn(1, "e1-guerra-tribale")),
          [("raggruppamento-spazi", "8.1.1", "Erzurum (erzurum) holds pieces of")]),
    Plant("a d6 roll of 7", _then(lambda s: s.roll("d6", 7)),
          [("dado-modificato", "12.2.8a", "Dado a sei facce roll '7' is impossible")]),
    Plant("a Turkish LCU enters the Salonika swamp",
          _then(lambda s: s.move("tu-ix-corpo", space="salonicco")),
          unjudged=[("paludi-lcu-tu-bu", CHECKABLE_FALSE)]),
    Plant("a Serbian unit on the Belgrade-Galicia railway (closed to SB)",
          _then(lambda s: s.place("sb-lcu", space="belgrado"),
                lambda s: s.move("sb-lcu", space="galizia")),
          unjudged=[("movimento", CHECKABLE_FALSE)]),
])

# ---------------------------------------------------------------- When Eagles Fight


def _wef(built: BuiltModule) -> ScriptedGame:
    s = ScriptedGame(built)
    s.setup("storico")
    s.turn(2, "nuove-unita-pc")
    s.place("de-wl-xxx", hex="2316")
    s.place("de-fr-xxx", hex="2316")
    s.turn(2, "russo-movimento")
    s.move("ru-1-xxx", hex="2318")
    s.turn(2, "russo-combattimento")
    s.roll("d6", 5)
    s.roll("2d6", 3, 4)
    s.turn(2, "pc-movimento")
    s.move("de-fr-xxx", hex="2416")
    return s


WEF = GameScript("when-eagles-fight", _wef, [
    Plant("four corps in hex 2316",
          _then(lambda s: s.place("de-20-xxx", hex="2316"),
                lambda s: s.place("de-1r-xxx", hex="2316"),
                lambda s: s.place("de-1-xxx", hex="2316"),
                judge=lambda s: s.turn(2, "pc-combattimento")),
          [("stack-corpi", "8.1, 8.4, 8.5", "hex 2316 holds 4 stacking points")]),
    Plant("an Austro-Hungarian corps in Germany",
          _then(lambda s: s.move("ah-1-xxx", hex="2314")),
          [("forbidden:germania", "6.3", "1 XXX (I Corpo austroungarico) stands in hex 2314")],
          [("ah-non-in-germania", CHECKABLE_FALSE)]),
    Plant("a random-events roll of 6 and 7", _then(lambda s: s.roll("2d6", 6, 7)),
          [("eventi", "7.1", "Due dadi a 6 facce (Eventi Casuali) roll '6,7' is impossible")]),
    Plant("a corps moved twelve hexes",
          _then(lambda s: s.turn(3, "russo-movimento"),
                lambda s: s.move("ru-1-xxx", hex="3518")),
          unjudged=[("movimento", CHECKABLE_FALSE)]),
])

# ---------------------------------------------------------------- Glory's End

MARNE = "mini-mappa-marna"


def _ge(built: BuiltModule) -> ScriptedGame:
    s = ScriptedGame(built)
    s.setup("marna")
    s.turn(8, "al-e")                                    # the Marne starts on turn 8
    s.move("br-1-cav-xx", hex="3334", board=MARNE)       # a legal stack: onto 1 XXX (BR)
    s.move("fr-9-xxx", hex="3330", board=MARNE)
    s.turn(8, "al-f")
    s.roll("d6", 2)
    s.turn(8, "de-e")
    s.move("de-2-xxx", hex="3134", board=MARNE)
    return s


GE = GameScript("glorys-end", _ge, [
    Plant("three corps (3 + 4 + 4 steps) in hex 3134",
          _then(lambda s: s.turn(10, "de-a"),         # both corps enter on turn 10 (16.3)
                lambda s: s.place("de-15-xxx", hex="3134", board=MARNE),
                lambda s: s.place("de-7r-xxx", hex="3134", board=MARNE),
                judge=lambda s: s.turn(10, "de-f")),
          [("stack-corpi", "6.1", "hex 3134 holds 3 stacking points"),
           ("stack-livelli", "6.1", "hex 3134 holds 11 steps")]),
    Plant("a third corps in hex 3231",
          _then(lambda s: s.move("fr-4t-xxx", hex="3231", board=MARNE),
                judge=lambda s: s.turn(8, "de-f")),
          [("stack-corpi", "6.1", "hex 3231 holds 3 stacking points")],
          # the two corps already there have no step count in the data
          [("stack-livelli", "the steps of some pieces are missing")]),
    Plant("a corps moved six hexes in one phase",
          _then(lambda s: s.move("fr-9-xxx", hex="2630", board=MARNE)),
          unjudged=[("movimento", CHECKABLE_FALSE)]),
])

# ---------------------------------------------------------------- The First World War


def _tfww(built: BuiltModule) -> ScriptedGame:
    s = ScriptedGame(built)
    s.setup("historical-setup")
    s.turn(1, "rounds")
    s.move("fr-5", space="front-3")                      # front 2 → 3: adjacent
    s.move("de-3", space="front-1")                      # front 2 → 1: adjacent
    s.move("fr-2", space="front-2")                      # front 3 → 2: adjacent
    s.turn(1, "replacement")
    return s


TFWW = GameScript("the-first-world-war", _tfww, [
    Plant("a French army on front 9 (ah, de, ru only)",
          _then(lambda s: s.move("fr-2", space="front-9")),
          [("front-lists-known", "2.1, 5.0, 7.0", "2 FR stands in Fronte 9")]),
    Plant("a French army on the Italian front", _then(lambda s: s.move("fr-2", space="front-5")),
          [("italian-front-gate", "5.3", "2 FR enters Fronte 5")]),
    Plant("a German army from front 1 to front 3 (not adjacent)",
          _then(lambda s: s.move("de-1", space="front-3")),
          unjudged=[("move-action", "the game data lacks front adjacency")]),
    Plant("a roll of the special die", _then(lambda s: s.roll("tfww-die", 3)),
          unjudged=[("die-s-face", "the faces of die 'Dado speciale' are not all")]),
])

# ---------------------------------------------------------------- Trench Club


def _tc(built: BuiltModule) -> ScriptedGame:
    s = ScriptedGame(built)
    s.setup("partita-4-giocatori")
    s.turn(1, "preparazione")
    s.place("de-fanteria", space="numero-iniziale-1")
    s.place("gb-fanteria", space="numero-iniziale-7")
    s.turn(1, "fase-1-muovere")
    s.move("de-fanteria", space="numero-iniziale-2")
    s.turn(1, "fase-3-battaglie")
    s.roll("d12", 7)
    s.roll("d12-rosso", 12)
    return s


TC = GameScript("trench-club", _tc, [
    Plant("a d12 roll of 13", _then(lambda s: s.roll("d12", 13)),
          [("dado-d12", "Regole dettagliate: Fase 3",
            "Dado da combattimento (12 facce) roll '13' is impossible")]),
    Plant("an Austrian unit joins the German one in a start hex (one unit per hex; the "
          "fort rule is for forts only)",
          _then(lambda s: s.place("ah-fanteria", space="numero-iniziale-2"),
                judge=lambda s: s.turn(1, "fase-3-battaglie")),
          [("una-unita-per-esagono",
            "Regole dettagliate: Preparazione alla partita",
            "Numero iniziale 2 (numero-iniziale-2) holds 2 units, over the limit of 1")]),
])

GAMES: dict[str, GameScript] = {g.slug: g for g in (QMG, POG, WEF, GE, TFWW, TC)}


def violations_game(script: GameScript, built: BuiltModule) -> tuple[ScriptedGame, list[int]]:
    """The clean game with every planted violation after it (one sample log per game), and
    the step each plant's finding points at."""
    s = script.clean(built)
    return s, [plant.act(s) for plant in script.plants]
