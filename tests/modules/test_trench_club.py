"""Trench Club (seed 001): the module against the Italian rulebook text.

Expected values are typed from the rulebook (quoted beside them), not read from the JSON."""

from __future__ import annotations

from pathlib import Path

import pytest

from converter.load import load_game
from converter.validate import validate_path

MODULE = Path(__file__).resolve().parents[2] / "modules" / "trench-club"


@pytest.fixture(scope="module")
def game() -> dict:
    return load_game(MODULE).data


def by_id(items: list[dict], ident: str) -> dict:
    found = [item for item in items if item.get("id") == ident]
    assert len(found) == 1, f"expected exactly one {ident!r}, found {len(found)}"
    return found[0]


def table(game: dict, ident: str) -> dict:
    return by_id(game["tables"], ident)


def entry_values(t: dict) -> dict[str, object]:
    return {e["label"]: e["value"] for e in t["entries"]}


def type_name(game: dict, type_id: str) -> str:
    return by_id(game["unit_types"], type_id)["name"]


def units_of(game: dict, nation_name: str) -> list[dict]:
    nat = next(n["id"] for n in game["nationalities"] if n["name"] == nation_name)
    return [p for p in game["pieces"] if p.get("nationality") == nat and p["kind"] == "miniature"]


def test_module_validates_clean() -> None:
    _, problems = validate_path(MODULE)
    assert [p.line() for p in problems] == []


def test_two_teams(game: dict) -> None:
    # "Germania/ Austria-Ungheria ("Imperi Centrali") o Francia/ Gran Bretagna ("Intesa")"
    team = {n["name"]: by_id(game["sides"], n["side"])["name"] for n in game["nationalities"]}
    assert team == {"Germania": "Imperi Centrali", "Austria-Ungheria": "Imperi Centrali",
                    "Gran Bretagna": "Intesa", "Francia": "Intesa"}
    assert game["players"] == {"min": 2, "max": 4}


# "Trasporto Truppe, Fanteria e Fanteria a Cavallo, Unita Antiaerea, Fanteria Pesante, Cannone Campale
#  o Obice, Mortaio, Carro Armato, Autoblindo, Aereo da Caccia" + "Unita specifica per Nazione"
COMMON = ["Trasporto Truppe", "Fanteria", "Fanteria a Cavallo", "Unità Antiaerea", "Fanteria Pesante",
          "Mortaio", "Carro Armato", "Autoblindo", "Aereo da Caccia"]
ROSTER = {
    # "Germania e Gran Bretagna possiedono un Cannone Campale, mentre Austria-Ungheria e Francia un Obice."
    # "Germania: Big Bertha; Austria-Ungheria: Artiglieria Anticarro; Gran Bretagna: Carro Armato Mark I
    #  femmina; Francia: Carro Armato Renault Ft-17"
    "Germania": COMMON + ["Cannone Campale", "Big Bertha"],
    "Austria-Ungheria": COMMON + ["Obice", "Artiglieria Anticarro"],
    "Gran Bretagna": COMMON + ["Cannone Campale", "Carro Armato Mark I femmina"],
    "Francia": COMMON + ["Obice", "Carro Armato Renault FT-17"],
}


@pytest.mark.parametrize("nation", sorted(ROSTER))
def test_eleven_units_per_player(game: dict, nation: str) -> None:
    # "Ogni giocatore ha 11 diverse unita."
    units = [p for p in units_of(game, nation) if "forze-speciali" not in p.get("flags", [])]
    assert len(units) == 11
    assert sorted(type_name(game, p["type"]) for p in units) == sorted(ROSTER[nation])


def test_units_carry_damage_and_experience(game: dict) -> None:
    # "Un'unita viene distrutta quando ha un totale di 6 danni."
    for unit in units_of(game, "Germania"):
        damage = next(c for c in unit["carries"] if c["token"] == "indicatore-danno")
        assert damage["destroyed_at"] == 6
        assert (unit["steps"]["count"], unit["steps"]["model"]) == (6, "tokens")


def test_foot_soldiers_and_transportable(game: dict) -> None:
    # "i soldati a piedi (Fanteria, Fanteria a cavallo, Fanteria pesante, Artiglieria Anticarro)"
    foot = {type_name(game, p["type"]) for p in game["pieces"] if "soldato-a-piedi" in p.get("flags", [])}
    assert foot == {"Fanteria", "Fanteria a Cavallo", "Fanteria Pesante", "Artiglieria Anticarro"}
    # "Fanteria, Fanteria a cavallo, Fanteria Pesante, Mitragliatrice, Obice/Cannone Campale, Mortaio,
    #  Artiglieria Anticarro, Big Bertha, Lancia Gas"
    carried = {type_name(game, p["type"]) for p in game["pieces"] if "trasportabile" in p.get("flags", [])}
    assert carried == {"Fanteria", "Fanteria a Cavallo", "Fanteria Pesante", "Mitragliatrice", "Obice",
                       "Cannone Campale", "Mortaio", "Artiglieria Anticarro", "Big Bertha", "Lancia Gas"}
    # "puo portare fino a 4 unita"
    assert by_id(game["rules"], "trasporto-truppe")["limit"] == 4


def test_special_forces(game: dict) -> None:
    fs = {type_name(game, p["type"]) for p in game["pieces"] if "forze-speciali" in p.get("flags", [])}
    assert fs == {"Cannoniera", "Medico", "Aerei da Attacco al Suolo", "Cannone Ferroviario", "Lancia Gas",
                  "Dirigibile", "Torretta Mitragliatrice", "Posamine", "Trench Club", "Mitragliatrice"}
    # "per 18 obbligazioni di guerra (denaro)"
    assert entry_values(table(game, "economia"))["Unità delle Forze Speciali (estratta a caso)"] == 18


def test_printed_values_given_by_the_text(game: dict) -> None:
    def factors(nation: str, name: str) -> dict:
        unit = next(p for p in units_of(game, nation) if type_name(game, p["type"]) == name)
        return unit["faces"][0]["factors"]
    # "La Fanteria costa 7 ... e possiede 2 punti velocita, la Fanteria a Cavallo costa 9 ... 3 punti velocita"
    assert factors("Francia", "Fanteria")["velocita"] == 2
    assert factors("Francia", "Fanteria a Cavallo")["velocita"] == 3
    # "Un'Autoblindo ha una velocita di 4"; "un Mortaio (velocita 1)"
    assert factors("Germania", "Autoblindo")["velocita"] == 4
    # Unknown values stay null rather than guessed.
    assert factors("Germania", "Carro Armato")["velocita"] is None


SCHEDA = {
    # (row, column): value   -- from the text's examples and Informazioni Varie
    ("Fanteria", "Velocità"): 2, ("Fanteria", "Gittata"): "1", ("Fanteria", "Costo"): 7,
    ("Fanteria", "Colpisce (Recluta)"): 2,          # "per la fanteria con 2 punti esperienza, ... 2 o meno"
    ("Fanteria a Cavallo", "Velocità"): 3, ("Fanteria a Cavallo", "Costo"): 9,
    ("Autoblindo", "Velocità"): 4,
    ("Autoblindo", "Colpisce (Veterano)"): 6,        # "Per I'Autoblindo con 3 punti esperienza, ... 6 o meno"
    ("Mortaio", "Gittata"): "2-5",                   # "Un Mortaio (gittata 2-5)"
    ("Mortaio", "Velocità"): 1,                      # "un Mortaio (velocita 1)"
    ("Dirigibile", "Costo"): 18,                     # Forze Speciali "per 18 obbligazioni"
}


def test_scheda_unita_known_cells(game: dict) -> None:
    t = table(game, "scheda-unita")
    rows = [r["label"] for r in t["rows"]]
    cols = [c["label"] for c in t["columns"]]
    for (row, col), value in SCHEDA.items():
        assert t["cells"][rows.index(row)][cols.index(col)] == value, (row, col)
    # Everything else is on the missing Scheda: null, never invented.
    assert t["cells"][rows.index("Carro Armato")] == [None] * len(cols)


# Scheda dei dadi, OCR "12 1110|875 -": 0 danni 12, 1 11, 2 10, 3 8, 4 7, 5 5, 6 -
# "L'Autoblindo con 3 danni puo combattere con 8 dadi, la Fanteria con 1 danno con 11 dadi."
DICE_BY_DAMAGE = [(0, 12), (1, 11), (2, 10), (3, 8), (4, 7), (5, 5), (6, "-")]


@pytest.mark.parametrize("damage,dice", DICE_BY_DAMAGE)
def test_dice_per_damage(game: dict, damage: int, dice: object) -> None:
    t = table(game, "dadi-per-danni")
    column = next(i for i, c in enumerate(t["columns"]) if c["range"] == {"min": damage, "max": damage})
    assert t["cells"][0][column] == dice


def test_dice_are_d12(game: dict) -> None:
    # "Con il risultato da 1 a 6 colpisce uno spazio adiacente ... da 7 a 12 colpisce lo spazio dell'obiettivo"
    die = by_id(game["dice"], "d12")
    assert die["sides"] == 12 and die["provenance"]["status"] == "deduced"


def test_flank_and_encircle(game: dict) -> None:
    # "Fiancheggiare: 2 dadi rossi extra"; "Accerchiare: 3 dadi rossi in piu"
    assert entry_values(table(game, "bonus-attaccante")) == {"Fiancheggiare": 2, "Accerchiare": 3}
    assert {e["applies_to"] for e in table(game, "bonus-attaccante")["entries"]} == {"attacker"}


def test_movement_costs(game: dict) -> None:
    costs = entry_values(table(game, "costi-movimento"))
    assert costs["Pianura"] == 1                  # "Muoversi verso una pianura richiede 1 punto velocita."
    assert costs["Strada / ponte"] == 0.5         # "verso una strada o un ponte richiede 0,5 punti velocita"
    assert costs["Foresta"] == 1.5                # "verso una foresta richiede 1,5 punti velocita"
    assert costs["Acqua"] == "turno intero"       # "Muoversi verso uno spazio d'acqua costa un Turno intero"
    assert costs["Unità aeree, qualsiasi terreno"] == 1   # "Ogni spazio costa 1 punto velocita."
    assert costs["Conquistare il Forte"] == "turno intero"
    assert costs["Entrare nel proprio Forte"] == 0.5      # "costa 0,5 punti velocita"
    assert costs["Salire a bordo del Camion da Trasporto"] == 0.5
    terrain = {t["id"]: t for t in game["terrain"]}
    assert terrain["pianura"]["movement"]["cost"] == 1
    assert terrain["strada"]["movement"]["cost"] == 0.5
    assert terrain["foresta"]["movement"]["cost"] == 1.5
    assert terrain["acqua"]["movement"]["whole_move"] is True


def test_experience(game: dict) -> None:
    # "0, 1 o 2 punti esperienza se "Recluta" (bianco), a 3 o 4 ... "Veterano" (giallo) e da 5 punti
    #  esperienza in poi "Eroe di Guerra" (rosso)"
    t = table(game, "livelli-esperienza")
    assert [r["label"] for r in t["rows"]] == ["Recluta", "Veterano", "Eroe di Guerra"]
    assert t["cells"] == [["0-2", "bianco"], ["3-4", "giallo"], ["5+", "rosso"]]
    # "(1 danno =1 punto / distruzione =2 punti)"
    assert entry_values(table(game, "esperienza-guadagnata")) == {
        "Danneggiare un'unità nemica": 1, "Distruggere un'unità nemica": 2}


def test_big_bertha(game: dict) -> None:
    # Recluta: 1-6 adjacent, 7-12 target; Veterano: only 1-3 adjacent; Eroe di Guerra: always on target.
    t = table(game, "big-bertha-dispersione")
    assert t["die"] == "d12"
    assert [r["roll"] for r in t["rows"]] == [{"min": 1, "max": 3}, {"min": 4, "max": 6}, {"min": 7, "max": 12}]
    assert t["cells"] == [["A", "A", "B"], ["A", "B", "B"], ["B", "B", "B"]]


def test_first_turn_rule(game: dict) -> None:
    # 4 giocatori "[1-1-2-3]"; 2 giocatori "[1-2,2 - 3]"
    t = table(game, "primo-turno")
    assert t["cells"] == [[1, 1, 2, 3], [1, 2, None, None], [2, 3, None, None]]
    assert by_id(game["rules"], "primo-turno-4-giocatori")["when"] == {"turns": [1], "players": [4]}
    assert by_id(game["rules"], "primo-turno-2-giocatori")["when"] == {"turns": [1, 2], "players": [2]}


def test_turn_phases(game: dict) -> None:
    # "Muovere le truppe / Dichiarare gli Attacchi / Battaglie / Transazioni monetarie: ricevere denaro,
    #  riparare unita, acquistare unita"
    round_ = by_id(game["sequence"], "round")
    (turn,) = round_["phases"]
    assert [p["name"] for p in turn["phases"]] == [
        "Fase 1: Muovere le truppe", "Fase 2: Dichiarare gli Attacchi", "Fase 3: Battaglie",
        "Fase 4: Transazioni monetarie"]
    assert [p["name"] for p in turn["phases"][3]["phases"]] == ["Ricevere denaro", "Riparare unità", "Acquistare unità"]


def test_money(game: dict) -> None:
    money = entry_values(table(game, "economia"))
    assert money["Per ogni Forte occupato, alla fine del turno"] == 3   # "3 obbligazioni di guerra"
    assert money["Per ogni donazione all'alleato (alla banca)"] == -1   # "1 obbligazione di guerra va alla banca"
    assert money["Fanteria"] == 7 and money["Fanteria a Cavallo"] == 9
    scenario = by_id(game["scenarios"], "partita-4-giocatori")
    start = {s["owner"]: s["value"] for s in scenario["track_start"]}
    # "Austria-Ungheria e l'unica a prendere 3 obbligazioni di guerra"
    assert start == {"giocatore-austria-ungheria": 3, "giocatore-germania": 0,
                     "giocatore-gran-bretagna": 0, "giocatore-francia": 0}
    # Trincee: "Austria-Ungheria non inizia la partita con 3 obbligazioni di guerra"
    trench = by_id(game["scenarios"], "variante-trincee")
    assert {s["owner"]: s["value"] for s in trench["track_start"]}["giocatore-austria-ungheria"] == 0


def test_victory(game: dict) -> None:
    # "9 dei 14 forti vengono occupati dalla propria squadra (5 su 7 in 2 giocatori)"
    four = {v["id"]: v for v in by_id(game["scenarios"], "partita-4-giocatori")["victory"]}
    two = {v["id"]: v for v in by_id(game["scenarios"], "partita-2-giocatori")["victory"]}
    assert four["forti"]["at_least"] == 9 and two["forti"]["at_least"] == 5
    assert {"annientamento", "resa"} <= set(four)
    # "Una volta che un giocatore ha accumulato 10 PV o una squadra 15 PV"
    vp = {v["id"]: v["at_least"] for v in by_id(game["scenarios"], "variante-punti-vittoria")["victory"]}
    assert vp == {"pv-giocatore": 10, "pv-squadra": 15}
    values = entry_values(table(game, "punti-vittoria-variante"))
    assert values["Catturare il QG nemico"] == 3           # "cattura il QG e ottiene immediatamente 3 PV"
    assert values["Eliminare un'unità nemica"] == 1        # "Eliminare unita nemica = 1 PV"
    assert values["Conquistare un Forte neutrale o nemico"] == 1
    assert values["Pagare 60 obbligazioni alla banca"] == 1


def test_board_has_forts_and_start_numbers_but_no_invented_hexes(game: dict) -> None:
    board = by_id(game["boards"], "campo-di-battaglia")
    assert board["kind"] == "hex" and board["complete"] is False
    assert "hexes" not in board and "hexes" in board["missing"]
    assert "grid" not in board and "grid" in board["missing"]   # no hex ids, size or orientation in the text
    forts = [s for b in game["boards"] for s in b.get("spaces", []) if s["kind"] == "fort"]
    assert len(forts) == 14                                  # "9 dei 14 forti"
    # "si muove su uno dei due spazi d'ingresso"
    assert {f["properties"]["ingressi"] for f in forts} == {2}
    snow = [s["name"] for s in board["spaces"] if "meta-neve" in s.get("groups", [])]
    # "la meta della mappa con la neve con i numeri iniziali da 1 a 6"
    assert snow == [f"Numero iniziale {n}" for n in range(1, 7)]


def test_grey_setup_tokens(game: dict) -> None:
    # "Si mescolano i 12 segnalini grigi e se ne distribuiscono 3 coperti a ciascun giocatore."
    grey = [p for p in game["pieces"] if p["id"].startswith("segnalino-grigio-")]
    assert len(grey) == 12 and all(p["hidden"] for p in grey)


# "La 1° volta consigliamo: Gruppo 1: Fanteria a Cavallo, Autoblindo, Aereo da Caccia; Gruppo 2 Fanteria,
#  Carro Armato, Cannone Campale o Obice, Antiaerea; Gruppo 3: le unita rimanenti"
GROUP_1 = {"Fanteria a Cavallo", "Autoblindo", "Aereo da Caccia"}
GROUP_2_COMMON = {"Fanteria", "Carro Armato", "Unità Antiaerea"}


@pytest.mark.parametrize("nation,gun,national", [
    ("Germania", "Cannone Campale", "Big Bertha"),
    ("Austria-Ungheria", "Obice", "Artiglieria Anticarro"),
    ("Gran Bretagna", "Cannone Campale", "Carro Armato Mark I femmina"),
    ("Francia", "Obice", "Carro Armato Renault FT-17"),
])
def test_recommended_first_game_groups(game: dict, nation: str, gun: str, national: str) -> None:
    scenario = by_id(game["scenarios"], "partita-4-giocatori")
    groups: dict[str, set[str]] = {}
    for placement in scenario["setup"]:
        piece = by_id(game["pieces"], placement["piece"])
        if by_id(game["nationalities"], piece["nationality"])["name"] == nation:
            groups.setdefault(placement["at"]["code"], set()).add(type_name(game, piece["type"]))
    assert groups["gruppo-1"] == GROUP_1
    assert groups["gruppo-2"] == GROUP_2_COMMON | {gun}
    assert groups["gruppo-3"] == {"Trasporto Truppe", "Fanteria Pesante", "Mortaio", national}


def test_air_attack_contradiction_recorded(game: dict) -> None:
    # Sintesi: "solo da unita Aeree, Contraeree, Fanteria Pesante e Cannoniere"; Regole dettagliate omit Cannoniere.
    flag = by_id(game["piece_flags"], "attacca-aerei")
    readings = flag["provenance"]["readings"]
    assert len(readings) == 2 and sum(1 for r in readings if r.get("used")) == 1
    who = {type_name(game, p["type"]) for p in game["pieces"] if "attacca-aerei" in p.get("flags", [])}
    assert {"Unità Antiaerea", "Fanteria Pesante", "Aereo da Caccia", "Cannoniera"} <= who


def test_anti_aircraft_ambiguity_recorded(game: dict) -> None:
    # "sono indifesi contro le unita di terra e non possono né attaccare né difendersi."
    entry = next(e for e in table(game, "abilita-speciali")["entries"] if e["label"] == "Unità Antiaerea")
    readings = entry["provenance"]["readings"]
    assert len(readings) == 2 and [r["used"] for r in readings].count(True) == 1


def test_token_colours(game: dict) -> None:
    # "Le unita vengono considerate ... "Recluta" (bianco), ... "Veterano" (giallo) ... "Eroe di Guerra" (rosso)"
    # "Per ogni danno subito, l'unita riceve un indicatore grigio."
    pieces = {p["id"]: p for p in game["pieces"]}
    named = {i: pieces[i]["properties"]["color_name"] for i in (
        "indicatore-danno", "indicatore-esperienza-recluta", "indicatore-esperienza-veterano", "indicatore-esperienza-eroe")}
    assert named == {"indicatore-danno": "grigio", "indicatore-esperienza-recluta": "bianco",
                     "indicatore-esperienza-veterano": "giallo", "indicatore-esperienza-eroe": "rosso"}
    assert pieces["indicatore-esperienza-recluta"]["color"] == "#ffffff"
    assert len({pieces[i]["color"] for i in named}) == 4  # four distinct printed colours
