"""When Eagles Fight (WEF) module: compared with values typed from the Italian rulebook
(shared/seeds/003, second game), quoted beside each check."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from converter.load import load_game
from converter.validate import validate_path

MODULE = Path(__file__).resolve().parents[2] / "modules" / "when-eagles-fight"


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    return load_game(MODULE).data


def by_id(items: list[dict[str, Any]], ident: str) -> dict[str, Any]:
    found = [x for x in items if x.get("id") == ident]
    assert len(found) == 1, f"{ident!r} found {len(found)} times"
    return found[0]


def test_module_validates_clean() -> None:
    _doc, problems = validate_path(MODULE)
    assert [p.line() for p in problems] == []


# --- CRT: body missing, frame and data points --------------------------------------------------------
def cell(table: dict[str, Any], roll: int, column: str) -> Any:
    col = [c["label"] for c in table["columns"]].index(column)
    row = [r["roll"] for r in table["rows"]].index(roll)
    return table["cells"][row][col]


def test_crt_frame(game: dict[str, Any]) -> None:
    crt = by_id(game["tables"], "crt")
    assert [c["label"] for c in crt["columns"]] == ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1"]  # 13.10 "da 1:2 a 5:1"
    assert crt["clamp"] == {"min": 1, "max": 9}  # 13.11 "nessun risultato del dado può essere modificato a meno di 1 o a più di 9"
    assert [r["roll"] for r in crt["rows"]] == list(range(1, 10))
    assert crt["below"] == {"result": "E/0"}  # "I rapporti inferiori ad 1:2 danno un risultato automatico “E/0”"
    assert crt["above"] == {"column": "5:1", "drm_per_level": 1}  # 13.12 "7:1 ... 5:1 della CRT con DRM +2"
    assert crt["rounding"] == {"favourable": "down", "unfavourable": "up"}  # 13.8 / 13.9
    assert {c["code"] for c in crt["result_codes"]} >= {"B", "E"}  # "B: Sfondamento dell’Attaccante" / "E: Eliminato"
    assert crt["provenance"]["status"] == "missing"


def test_crt_cells_missing_except_the_stated_one(game: dict[str, Any]) -> None:
    crt = by_id(game["tables"], "crt")
    # 13.20 "Un tiro di dado di ”6” a rapporto 3:1 dà un risultato del combattimento di “1/E”."
    assert cell(crt, 6, "3:1") == "1/E"
    known = [(r, c) for r, row in enumerate(crt["cells"]) for c, v in enumerate(row) if v is not None]
    assert known == [(5, 3)]


@pytest.mark.parametrize("result,attacker,defender", [("1/E", "1", "E"), ("B/E", "B", "E"), ("E/0", "E", "0")])
def test_crt_result_pattern_reads_the_texts_results(game: dict[str, Any], result: str, attacker: str, defender: str) -> None:
    m = re.match(by_id(game["tables"], "crt")["result_pattern"], result)
    assert m and m.group("attacker") == attacker and m.group("defender") == defender


def test_crt_data_points_recorded(game: dict[str, Any]) -> None:
    notes = " ".join(n["text"] for n in by_id(game["tables"], "crt")["notes"])
    assert "B/E automatico" in notes  # Tannenberg: "Il risultato è un B/E automatico."
    assert "Osowiec" in notes and "dado 3-6" in notes  # "Il forte verrà eliminato con un tiro di dado da 3 a 6."
    assert "50%" in notes  # "Vi è il 50% di possibilità di eliminare tutti e tre i corpi."


def test_combat_modifiers(game: dict[str, Any]) -> None:
    e = {x["id"]: x["value"] for x in by_id(game["tables"], "drm-combattimento")["entries"]}
    # Note alla CRT: "+2 Attacco Concentrico contro unità austroungariche, miste ..., russe o romene", "+1 ... solo tedesche",
    # "+3 Artiglieria Pesante tedesca", "+1 STAVKA", "+3/+2/+1 Offensiva di Brusilov", "-1 STAVKA", "-1 Unità difendente in Fortezza"
    assert (e["concentrico-misti"], e["concentrico-tedeschi"], e["artiglieria-pesante"]) == (2, 1, 3)
    assert (e["corpo-attivo-attacco"], e["corpo-attivo-difesa"]) == (1, -1)  # 13.19 "+1 in attacco, -1 in difesa"
    assert (e["stavka-attacco"], e["stavka-difesa"], e["fortezza"]) == (1, -1, -1)
    assert (e["brusilov-1"], e["brusilov-2"], e["brusilov-3"]) == (3, 2, 1)
    # 13.13/13.14 "Città Fiume e Palude ... DRM -1; le Montagne ... -2"; "in Russia vera e propria ... -2"; "Kovno (2913) non genera alcun DRM"
    assert (e["citta"], e["fiume"], e["palude"], e["montagna"], e["citta-russia"], e["kovno"]) == (-1, -1, -1, -2, -2, 0)


def test_terrain_costs(game: dict[str, Any]) -> None:
    t = {x["id"]: x for x in game["terrain"]}
    # 12.8 "Questi tipi di terreni costano ... 2 MP"; 12.10 "pagando solo 1 MP, invece dei normali 2"
    assert [t[k]["movement"]["cost"] for k in ("aperto", "foresta", "palude", "montagna", "passo-montano")] == [1, 2, 2, 2, 1]
    assert t["fiume"]["movement"]["added"] == 0  # 12.9 "Non vi sono costi di movimento aggiuntivi"
    assert t["lato-mare"]["movement"]["prohibited"] is True


# --- map ---------------------------------------------------------------------------------------------
def neighbours(grid: dict[str, Any], hex_id: str) -> set[str]:
    d = grid["digits"]
    a, b = int(hex_id[:d]), int(hex_id[d:])
    shifted = (a % 2 == 0) == (grid["stagger"]["lines"] == "even")
    offs = (-1, 0) if shifted == (grid["stagger"]["toward"] == "lower") else (0, 1)
    out = {(a, b - 1), (a, b + 1)} | {(a + da, b + db) for da in (-1, 1) for db in offs}
    return {f"{x:0{d}d}{y:0{d}d}" for x, y in out}


def grid(game: dict[str, Any]) -> dict[str, Any]:
    return by_id(game["boards"], "mappa")["grid"]


def test_grid_scheme(game: dict[str, Any]) -> None:
    g = grid(game)
    assert g["first"] == "column" and g["orientation"] == "flat"
    assert g["columns"]["increases"] == "east" and g["rows"]["increases"] == "south"
    assert (g["columns"]["min"], g["columns"]["max"]) == (10, 42)  # "bordo mappa occidentale (fila di esagoni 10xx)"; 4231-4233


@pytest.mark.parametrize("a,b", [
    ("1820", "1919"), ("1820", "1920"),  # 13.3 "Un’unità in 1820 non può attaccare unità nemiche in 1919 e 1920"
    ("2317", "2218"), ("2317", "2217"),  # "il 1 XXX si ritira in 22187 o 2217"
    ("2628", "2528"), ("2628", "2629"),  # 12.10 "Un’unità in 2628 che muove in 2528 ... in 2629"
    ("2816", "2715"), ("2816", "2716"),  # Osowiec (2816) attacked from 2715 and 2716
    ("2617", "2616"), ("2617", "2517"), ("2517", "2418"),  # Lumja from 2616; breakthrough advance 2617 -> 2517 -> 2418
    ("2417", "2516"),  # "gli altri due obbligati a ritirarsi in 2516"
    ("2412", "2413"),  # 12.3 "lati di esagono tutti di mare (come da 2412 a 2413)"
])
def test_grid_parity_matches_the_text(game: dict[str, Any], a: str, b: str) -> None:
    assert b in neighbours(grid(game), a) and a in neighbours(grid(game), b)


def test_oberost_attack_on_2417_is_concentric(game: dict[str, Any]) -> None:
    # "I FR, 20, 1 e 17 XXX attaccano tre corpi russi in 2417 a 2:1 con +3": FR in 2316, 20 in 2317, 1 in 2418, 17 in 2517
    attackers = {"2316", "2317", "2418", "2517"}
    assert attackers <= neighbours(grid(game), "2417")  # four hexes: "da unità in più di tre esagoni" (13.16) = +2, +1 active corps


@pytest.mark.parametrize("hex_id,name", [
    ("2419", "Varsavia"), ("2314", "Königsberg"), ("2726", "Przemysl"), ("3229", "Czernowitz"), ("4233", "Odessa"),
    ("3532", "Jassy"), ("2913", "Kovno"), ("2617", "Lumja"), ("2816", "Osowiec"), ("2529", "Passo"),
])
def test_named_hexes(game: dict[str, Any], hex_id: str, name: str) -> None:
    hexes = {h["id"]: h for h in by_id(game["boards"], "mappa")["hexes"]}
    assert hexes[hex_id]["name"] == name


def test_victory_hexes_and_passes(game: dict[str, Any]) -> None:
    hexes = {h["id"]: h for h in by_id(game["boards"], "mappa")["hexes"]}
    # 4.3 "Czernowitz (3229), Przemysl (2726), e l’esagono di passo montano in 2529 contano come esagoni di vittoria austroungarici"
    assert {h for h, x in hexes.items() if "esagono-vittoria" in x.get("features", [])} == {"3229", "2726", "2529"}
    assert hexes["2830"]["properties"]["victory_hex"] is False  # "l’esagono di passo montano in 2830 non è un esagono di vittoria"
    # 12.10 "I passi montani negli esagoni 2528, 2529, 2629 e 2830"
    assert {h for h, x in hexes.items() if "passo-montano" in x.get("terrain", [])} == {"2528", "2529", "2629", "2830"}
    for h in ("4231", "4232", "4233"):  # 9.6 "i russi non possono usare gli esagoni 4231, 4232, 4233"
        assert hexes[h]["properties"]["railway_exit"] is False
    assert hexes["2314"]["properties"]["sea_supply_hexes"] == 4 and hexes["4233"]["properties"]["sea_supply_hexes"] == 4
    assert by_id(game["boards"], "mappa")["complete"] is False


# --- pieces ------------------------------------------------------------------------------------------
def test_ah_i_corps_rebuilt_back(game: dict[str, Any]) -> None:
    p = by_id(game["pieces"], "ah-1-xxx")
    # 2.4 "un livello di forza ... 6 ... 7 ... 4. Inizia il Turno di Gioco 1 nell’esagono 2425. L’asterisco ..."
    # 2.12 "torna in gioco ... con valori 3-4-3 (sul retro)"
    assert p["steps"]["count"] == 1 and p["steps"]["model"] == "rebuilt-back"
    front = [f for f in p["faces"] if f["side"] == "front"][0]
    back = [f for f in p["faces"] if f["side"] == "back"][0]
    assert front["factors"] == {"attacco": 6, "difesa": 7, "movimento": 4} and "non-rimpiazzabile" in front["flags"]
    assert back["factors"] == {"attacco": 3, "difesa": 4, "movimento": 3} and back["role"] == "rebuilt"
    assert p["printed_setup"]["hex"] == "2425"


def test_every_ah_unit_has_one_step(game: dict[str, Any]) -> None:
    # 2.12 "tutte le unità austroungariche nel gioco sono di un solo livello di forza"
    ah = [p for p in game["pieces"] if p.get("nationality") == "austroungarici"]
    assert ah and all(p["steps"] == {**p["steps"], "count": 1, "model": "rebuilt-back"} for p in ah)


def test_schlieffen_reinforcement_factors(game: dict[str, Any]) -> None:
    # 17.0 "[6-7-4 corpo] - G, 2, 10, 11 e 13; [5-6-4 corpo] - GR, 3R, 4R e 10R; e 1 Cav corpo cavalleria [2-2-6]"
    printed = {p["designation"]: p["faces"][0].get("printed") for p in game["pieces"] if p.get("nationality") == "tedeschi" and p.get("size") == "XXX"}
    for d in ("G", "2", "10", "11", "13"):
        assert printed[d] == "6-7-4"
    for d in ("GR", "3R", "4R", "10R"):
        assert printed[d] == "5-6-4"
    assert printed["1 Cav"] == "2-2-6"


def copies(game: dict[str, Any], ident: str) -> int:
    return by_id(game["pieces"], ident).get("count", 1)


def test_declared_counts(game: dict[str, Any]) -> None:
    totals = {t["id"]: t["count"] for t in game["totals"]}
    assert totals["pedine-totali"] == 176 + 88 == 264  # "Un foglio con 176 pedine. Un foglio con 88 pedine." / "264 pedine"
    assert copies(game, "de-artiglieria-pesante") == 2  # 13.18 "I due battaglioni tedeschi di artiglieria pesante"
    assert copies(game, "de-rinforzi-brusilov") == 7  # 10.5 "I sette Rinforzi condizionali tedeschi"
    assert copies(game, "de-variante-sev") == 17  # 17.0 "le 17 pedine di variante"
    assert copies(game, "ah-corpi-2a-armata") == 3  # 3.5 "I tre corpi della 2° Armata austroungarica"
    assert copies(game, "ah-cavalleria-fs") == 3  # 3.9 "Gli austriaci ricevono tre corpi di Cavalleria"
    assert copies(game, "ru-armata-guardie") == 3  # 10.16 "le tre unità dell’armata Guardie"
    ro = by_id(game["pieces"], "ro-4-armata")
    assert ro["entry"]["code"] == "B+3" and ro["entry"]["at"]["hex"] == "3532"  # 10.4 "entra da Jassy (3532) ... “B+3”"


def test_colours(game: dict[str, Any]) -> None:
    # 2.5 "Unità Tedesche – Grigio-azzurro / Unità Austroungariche – Grigio chiaro / Unità Russe – Verde Scuro / Unità Romene - Giallo"
    names = {n["id"]: n["color_name"] for n in game["nationalities"]}
    assert names == {"tedeschi": "Grigio-azzurro", "austroungarici": "Grigio chiaro", "russi": "Verde Scuro", "romeni": "Giallo"}


# --- tables, rules, turns ----------------------------------------------------------------------------
def test_strategic_movement_limits(game: dict[str, Any]) -> None:
    sm = by_id(game["tables"], "limiti-movimento-strategico")
    rows = {r["label"]: row for r, row in zip(sm["rows"], sm["cells"])}
    assert rows["Germania"] == [6, 6, 5]  # 11.3 "sino a 6 ... durante il 1914 e 1915 e sino a 5 ... successivamente"
    assert rows["Austria-Ungheria"] == [4, 4, 4]  # 11.4 "sino a 4 unità per turno"
    assert rows["Russia"] == [5, 4, 3]  # 11.5 "5 ... durante il 1914, 4 per turno nel 1915 e solo 3 per turno in seguito"
    assert rows["Germania: in partenza o arrivo in Russia"][:2] == [3, 3]


def test_event_table(game: dict[str, Any]) -> None:
    ev = by_id(game["tables"], "eventi-casuali")
    assert ev["die"] == "2d6" and [r["roll"] for r in ev["rows"]] == list(range(2, 13))
    assert cell(ev, 7, "Turni 5-11") == "A"  # 7.1 "con un “7” all’inizio del Turno di Gioco 5 si ha l’Evento Casuale “A”"
    letters = [e["label"] for e in by_id(game["tables"], "eventi-elenco")["entries"]]
    assert letters == list("ABCDEFGHIJKL")


def test_ammunition_and_revolution(game: dict[str, Any]) -> None:
    ammo = by_id(game["tables"], "scarsita-munizioni")
    assert "cells" not in ammo and "cells" in ammo["missing"]
    mods = {e["label"]: e["value"] for e in ammo["entries"]}
    assert mods["Evento Casuale H (Odessa controllata dal russo)"] == -2 and mods["Offensiva di Brusilov completata"] == 1
    rev = {e["id"]: e["value"] for e in by_id(game["tables"], "rivoluzione")["entries"]}
    assert rev == {"rev-a": 1, "rev-brusilov": 1, "rev-l": 1, "rev-b": -1}  # 4.5 (+1) A, (+1) Brusilov, (+1) L, (-1) B


def test_victory_check_turns(game: dict[str, Any]) -> None:
    v = by_id(game["tables"], "verifica-vittoria")
    assert [r["label"] for r in v["rows"]] == [f"Turno {t}" for t in (2, 6, 11, 15, 20, 24)]  # 5.2 "(Turni di Giooco 2, 6, 11, 15, 20, 24)"
    assert v["cells"][2][0] == 4  # 4.3 "se al termine del Turno di Gioco 11 il russo controlla 4 o più esagoni vittoria austroungarici"
    assert all(row[1] == 3 for row in v["cells"])  # 4.3 "tre o più città in Germania"


def test_stacking_rules(game: dict[str, Any]) -> None:
    rules = {r["id"]: r for r in game["rules"]}
    # 8.1 "sino a 3 corpi in un esagono. Le Divisioni (XX) contano come mezzo corpo."
    assert rules["stack-corpi"]["limit"] == 3 and rules["stack-corpi"]["weights"]["XX"] == 0.5
    assert rules["stack-artiglieria"]["limit"] == 1  # 8.5 "non più di uno può trovarsi nello stesso esagono"
    assert rules["combattimento-due-corpi"]["when"] == {"turns": {"min": 12, "max": 24}}  # 8.6 "A partire dal Turno 12"
    assert rules["brusilov"]["when"] == {"turns": {"min": 15, "max": 18}}  # 15.1 "Tra i Turni di Gioco 15 e 18, inclusi"


def test_turn_track_and_sequence(game: dict[str, Any]) -> None:
    labels = {x["turn"]: x["label"] for x in game["turns"]["labels"]}
    assert game["turns"]["count"] == 24
    assert labels[1] == "Agosto 1914" and labels[24] == "Marzo/Aprile 1917"
    # 4.1 "al termine di ogni Turno di Gioco di Settembre e Marzo/aprile"
    for t in (2, 6, 11, 15, 20, 24):
        assert labels[t].startswith(("Settembre", "Marzo/Aprile"))
    notes = {(n["turn"], n["text"]) for n in game["turns"]["notes"]}
    assert (12, "Ritirata CP Balcani") in notes and (14, "Ritorno CP Balcani; arrivano le tre unità dell'Armata Guardie") in notes
    seq = {p["id"]: p for p in game["sequence"]}
    assert seq["eventi"]["when"] == {"turns": {"min": 5, "max": 24}}  # "I. Fase degli Eventi Casuali (dai Turni di Gioco 5 al 24)"
    assert seq["turno-russo"]["when"] == {"not_turns": [1]}  # 3.4 "il Turno di Giocatore russo del Turno di Gioco 1 ... si salta"
    assert [p["id"] for p in seq["turno-pc"]["phases"]] == ["pc-movimento", "pc-combattimento", "pc-oberost", "pc-attrito"]
    assert seq["verifica-vittoria"]["when"] == {"turns": [2, 6, 11, 15, 20, 24]}


def test_historical_setup(game: dict[str, Any]) -> None:
    setup = {(s["piece"], s["at"].get("hex")) for s in by_id(game["scenarios"], "storico")["setup"]}
    assert ("ah-1-xxx", "2425") in setup  # 2.4
    assert ("ru-1-xxx", "2317") in setup and ("ru-corpi-2417", "2417") in setup  # Tannenberg notes
    assert ("ru-fortezza-lumja", "2617") in setup and ("ru-fortezza-osowiec", "2816") in setup
    assert by_id(game["scenarios"], "schlieffen-est")["turns"] == {"min": 1, "max": 3}  # 17.0 "alla fine del Turno di Gioco 3"


def test_unfavourable_odds_example_gives_the_automatic_result(game: dict[str, Any]) -> None:
    import math
    crt = by_id(game["tables"], "crt")
    # 13.9 "Una forza di 5 fattori di attacco sta attaccando una forza di 11 fattori di difesa. Dividete 11 per 5 (= 2.2)
    # ed arrotondate per eccesso (3), quindi il rapporto è 1:3." ; 13.10 "I rapporti di forze peggiori di 1:2 danno sempre un risultato “E/0”"
    assert crt["rounding"]["unfavourable"] == "up" and math.ceil(11 / 5) == 3
    worst = crt["columns"][0]["odds"]
    assert [1, 3][1] > worst[1] and crt["below"]["result"] == "E/0"
    # 13.8 "26 per 7 = 3.71, arrotondato per difetto a 3": the 3:1 column exists
    assert crt["rounding"]["favourable"] == "down" and [3, 1] in [c["odds"] for c in crt["columns"]]
