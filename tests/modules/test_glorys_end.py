"""Glory's End (GE) module: the JSON is compared with values typed from the Italian rulebook
(shared/seeds/003, sections quoted beside each check), not with itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from converter.load import load_game
from converter.validate import validate_path

MODULE = Path(__file__).resolve().parents[2] / "modules" / "glorys-end"


@pytest.fixture(scope="module")
def game() -> dict[str, Any]:
    return load_game(MODULE).data


def by_id(items: list[dict[str, Any]], ident: str) -> dict[str, Any]:
    found = [x for x in items if x.get("id") == ident]
    assert len(found) == 1, f"{ident!r} found {len(found)} times"
    return found[0]


def board(game: dict[str, Any], ident: str = "mappa") -> dict[str, Any]:
    return by_id(game["boards"], ident)


def test_module_validates_clean() -> None:
    _doc, problems = validate_path(MODULE)
    assert [p.line() for p in problems] == []


# --- CRT -------------------------------------------------------------------------------------------
# The OCR of "TABELLA DEI RISULTATI DEL COMBATTIMENTO (CRT)" (p. 26) lists the 1:1..4:1 cells row by
# row, then the 1:2 and the 5:1 columns:
#   "2/0 2/1 2/2 2/2 | 1/1 1/1 2/2 2/2R | 1/1 1/1 1/1R 1/1R | 1/1 1/1R 0/1R 1/2R |
#    1/1R 1/1R 0/2R 0/2R | 0/2R 0/2R 0/2R 0/3R"  "1:2 1/0 1/0 1/0 1/1 1/1 0/1R"
#   "5:1 2/2R 2/2R 0/2R 0/2R 0/3R 0/3R"
OCR_1_1_TO_4_1 = "2/0 2/1 2/2 2/2 1/1 1/1 2/2 2/2R 1/1 1/1 1/1R 1/1R 1/1 1/1R 0/1R 1/2R 1/1R 1/1R 0/2R 0/2R 0/2R 0/2R 0/2R 0/3R".split()
OCR_1_2 = "1/0 1/0 1/0 1/1 1/1 0/1R".split()
OCR_5_1 = "2/2R 2/2R 0/2R 0/2R 0/3R 0/3R".split()


def crt_cell(crt: dict[str, Any], roll: int, column: str) -> str:
    col = [c["label"] for c in crt["columns"]].index(column)
    row = [r["roll"] for r in crt["rows"]].index(roll)
    return crt["cells"][row][col]


def test_crt_columns_rows_and_clamp(game: dict[str, Any]) -> None:
    crt = by_id(game["tables"], "crt")
    assert [c["label"] for c in crt["columns"]] == ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1"]  # 13.11 "da 1:2 a 5:1"
    assert [r["roll"] for r in crt["rows"]] == [1, 2, 3, 4, 5, 6]
    assert crt["clamp"] == {"min": 1, "max": 6}  # "nessun risultato del dado può essere modificato ad un numero inferiore ad 1 o superiore a 6"
    assert crt["rounding"] == {"favourable": "down", "unfavourable": "up"}  # 13.9 "per difetto", 13.10 "per eccesso"
    assert crt["below"] == {"result": "2/0"}  # "I rapporti di forze inferiori ad 1:2 danno un risultato automatico di “2/0”"
    assert crt["above"] == {"column": "5:1", "drm_per_level": 1}  # "DRM +1 per ciascun rapporto superiore a 5:1"


@pytest.mark.parametrize("roll", range(1, 7))
def test_crt_cells_read_row_by_row(game: dict[str, Any], roll: int) -> None:
    crt = by_id(game["tables"], "crt")
    for i, column in enumerate(["1:1", "2:1", "3:1", "4:1"]):
        assert crt_cell(crt, roll, column) == OCR_1_1_TO_4_1[(roll - 1) * 4 + i], (roll, column)
    assert crt_cell(crt, roll, "1:2") == OCR_1_2[roll - 1]
    assert crt_cell(crt, roll, "5:1") == OCR_5_1[roll - 1]


def test_crt_example_of_13_3(game: dict[str, Any]) -> None:
    # 13.3: "un tiro di dado finale di 6 sulla colonna del rapporto 3:1 dà un risultato 0/2R"
    assert crt_cell(by_id(game["tables"], "crt"), 6, "3:1") == "0/2R"


def test_crt_cells_match_result_pattern(game: dict[str, Any]) -> None:
    import re
    crt = by_id(game["tables"], "crt")
    pattern = re.compile(crt["result_pattern"])
    for row in crt["cells"]:
        for cell in row:
            m = pattern.match(cell)
            assert m, cell
    m = pattern.match("0/2R")
    assert m and m.group("attacker") == "0" and m.group("defender") == "2" and m.group("retreat") == "R"


def test_combat_drms(game: dict[str, Any]) -> None:
    # 13.14 "Le Città, Paludi ed entrambi i tipi di Fiume generano ciascuno un DRM -1; la Montagna genera un DRM -2"
    # 14.3 "Le unità mobili che difendono in FZ ricevono sempre un DRM -1"; 13.16 "quell’attacco riceve un DRM +2"
    entries = {e["id"]: e for e in by_id(game["tables"], "drm-combattimento")["entries"]}
    assert entries["drm-citta"]["value"] == -1
    assert entries["drm-palude"]["value"] == -1
    assert entries["drm-fiume-minore"]["value"] == -1
    assert entries["drm-fiume-maggiore"]["value"] == -1
    assert entries["drm-montagna"]["value"] == -2
    assert entries["drm-fz"]["value"] == -1
    assert entries["drm-concentrico"]["value"] == 2
    assert entries["drm-rapporto-altissimo"]["value"] == 1
    assert "value" not in entries["drm-colline"] and entries["drm-colline"]["missing"] == ["value"]


def test_siege_gun_table_is_marked_missing(game: dict[str, Any]) -> None:
    sgt = by_id(game["tables"], "sgt")
    assert [c["label"] for c in sgt["columns"]] == ["305", "420"]  # "Calibro del Cannone 305 420"
    assert sgt["cells"] == [[None, None]] * 6
    assert sgt["provenance"]["status"] == "missing"
    mods = {e["id"]: e for e in by_id(game["tables"], "sgt-modificatori")["entries"]}
    assert mods["sgt-verdun"]["value"] == 3  # 14.10 "il modificatore per la fortezza di Verdun è +3"


# --- terrain ---------------------------------------------------------------------------------------
def test_terrain_movement_and_combat(game: dict[str, Any]) -> None:
    t = {x["id"]: x for x in game["terrain"]}
    # 12.8 "Gli esagoni di Foresta costano 2 MP ciascuno, le Paludi e Montagne 3 MP."
    assert t["foresta"]["movement"]["cost"] == 2
    assert t["palude"]["movement"]["cost"] == 3
    assert t["montagna"]["movement"]["cost"] == 3
    assert t["aperto"]["movement"]["cost"] == 1
    # 12.9 "Tutte le unità spendono un MP extra (+1) per attraversare un lato di esagono di fiume maggiore"
    assert t["fiume-maggiore"]["movement"]["added"] == 1
    assert t["fiume-minore"]["movement"]["added"] == 0  # "non vi sono costi aggiuntivi per attraversare i Fiumi Minori"
    assert t["fiume-minore"]["combat"] == {"drm": -1, "only_if_all_attackers_cross": True}  # 13.15
    assert t["lato-tutto-mare"]["movement"]["prohibited"] is True  # 12.3 "1839-1939"
    assert t["montagna"]["combat"]["drm"] == -2 and t["citta"]["combat"]["drm"] == -1
    assert t["colline"]["missing"] == ["combat"]  # no rule gives the hills DRM


# --- map ---------------------------------------------------------------------------------------------
def neighbours(grid: dict[str, Any], hex_id: str) -> set[str]:
    """Neighbours of a hex from the grid fields alone (stagger parity)."""
    d = grid["digits"]
    a, b = int(hex_id[:d]), int(hex_id[d:])  # a = the straight line (rows here), b = position in it
    line_is = grid["stagger"]["lines"]
    shifted = (a % 2 == 0) == (line_is == "even")
    offs = (-1, 0) if (shifted == (grid["stagger"]["toward"] == "lower")) else (0, 1)
    out = {(a, b - 1), (a, b + 1)}
    for da in (-1, 1):
        for db in offs:
            out.add((a + da, b + db))
    return {f"{x:0{d}d}{y:0{d}d}" for x, y in out}


def test_grid_scheme(game: dict[str, Any]) -> None:
    grid = board(game)["grid"]
    assert grid["first"] == "row" and grid["orientation"] == "pointy"
    assert grid["rows"]["increases"] == "south" and grid["columns"]["increases"] == "west"
    assert (grid["rows"]["min"], grid["rows"]["max"]) == (10, 41)  # 8.2 "bordo mappa orientale (1015-4111)"


@pytest.mark.parametrize("a,b", [
    ("1820", "1919"), ("1820", "1920"),  # 13.5 "un’unità nell’esagono 1820 non può attaccare unità nemiche negli esagoni 1919 e 1920"
    ("1839", "1939"),                    # 12.3 "lati di esagono tutti i mare, come 1839-1939"
    ("1520", "1620"), ("3621", "3720"),  # 3.8 "dal lato di esagono 1520/1620 al lato di esagono 3621/3720"
    ("3921", "3922"),                    # 3.8 "al Fiume Marna a 3921/3922"
])
def test_grid_parity_makes_the_texts_pairs_adjacent(game: dict[str, Any], a: str, b: str) -> None:
    grid = board(game)["grid"]
    assert b in neighbours(grid, a) and a in neighbours(grid, b)


def test_grid_parity_rejects_the_other_stagger(game: dict[str, Any]) -> None:
    grid = board(game)["grid"]
    assert "1921" not in neighbours(grid, "1820")
    for h in board(game)["hexsides"]:
        assert h["hexes"][1] in neighbours(grid, h["hexes"][0]), h


@pytest.mark.parametrize("hex_id,name", [
    ("1226", "Antwerp [Anversa]"), ("2442", "Rouen"), ("2244", "Le Havre"), ("3036", "Parigi"), ("3037", "Parigi"),
    ("3136", "Parigi (sud)"), ("3334", "Melun"), ("1621", "Liegi"), ("2822", "Verdun"), ("3320", "Toul"), ("3716", "Epinal"),
    ("4115", "Belfort"), ("1632", "Lille"), ("3912", "Volgelsheim"), ("2013", "Le Cateau"), ("1439", "Boulogne"),
    ("1337", "Calais"), ("1335", "Dunkirk"), ("1032", "Ostenda"), ("1525", "Brussels"), ("1415", "Cologne"), ("2038", "Abbeville"),
])
def test_named_hexes(game: dict[str, Any], hex_id: str, name: str) -> None:
    hexes = {h["id"]: h for h in board(game)["hexes"]}
    assert hexes[hex_id]["name"] == name


def test_hex_properties(game: dict[str, Any]) -> None:
    hexes = {h["id"]: h for h in board(game)["hexes"]}
    assert hexes["2244"]["vp"] == {"tedeschi": 10}  # "Le Havre (2244) è un esagono VP tedesco che vale 10 VP"
    assert hexes["3912"]["vp"] == {"alleati": 4}  # "Volgelsheim (3912) è un esagono VP Alleato che vale 4 VP"
    assert hexes["1632"]["vp"] == {"tedeschi": 5, "alleati": 5}  # "Lille (1632) ... VP (5) ad entrambi i giocatori"
    assert hexes["2013"]["properties"]["vp_printed"] == "5c"  # "Le Cateau (2013) – ha “5c”"
    for port in ("1439", "1337", "1335", "1032"):
        assert "vp-condizionale" in hexes[port]["features"] and "vp" in hexes[port]["missing"]
    for fortress in ("1621", "2822", "3320", "3716", "4115"):
        assert "fortezza" in hexes[fortress]["features"]
    assert hexes["2822"]["properties"]["siege_gun_drm"] == 3
    assert hexes["1525"]["supply_source"] == {"nationalities": ["belgi"]}  # 7.10 "solo a Brussels (1525)"
    # 7.9 "1126, 1127 ed 1227 per Antwerp; 2243, 2244, 2342, 2343 e 2443 per Rouen"
    access = {h["id"] for h in board(game)["hexes"] if "accesso-porto-interno" in h.get("features", [])}
    assert access == {"1126", "1127", "1227", "2243", "2244", "2342", "2343", "2443"}
    assert "porto-interno" in hexes["1226"]["features"] and "porto-interno" in hexes["2442"]["features"]


def test_meuse_line_hexsides(game: dict[str, Any]) -> None:
    meuse = sorted(tuple(h["hexes"]) for h in board(game)["hexsides"] if h["terrain"] == "linea-mosa")
    assert meuse == [("1520", "1620"), ("3621", "3720"), ("3921", "3922")]


def test_board_is_partial(game: dict[str, Any]) -> None:
    assert board(game)["complete"] is False
    assert board(game, "mini-mappa-marna")["complete"] is False


# --- Marne setup (16.2) --------------------------------------------------------------------------
MARNE_TEXT = (
    "BEF: 1 XXX(4) 3334; 2 XXX(3) 3235; 4 XX(2) 3235; 19 X(1) 3235; 1 Cav XX(2) 3333. "
    "Esercito Francese: 1 Cav XXX(1) 3237; 9 XXX(3) 3230; 18 XXX(3) 3631; 4 XXX(2) 3036; 42 XX(2) 3130; 7 Cav XX(1) 3224; "
    "12 XXX(3) 3326; 17 XXX(3) 3327. Col XXX(2) 3325; 9 Cav XX(1) 3433; 1 XXX(3) 3231; 2 XXX(3) 3324; 3 XXX(2) 3331; "
    "10 XXX(3) 3231; 11 XXX(3) 3229; 4R Grp (3) 3332; 5RGrp (3) 2936; 45 XX(2) 3037; M XX(2) 2936; 61R XX(2) 3036; "
    "62R XX(2) 3036; 4T XXX(2) 3136; 2 Cav XXX(2) 3433. "
    "Esercito Tedesco: 1 Cav XXX(1) 3232; 2 Cav XXX(2) 3233; 3 Cav XXX(2) 3124; 2 XXX(3) 3133; 3 XXX(2) 3232; 4 XXX(2) 3233; "
    "4R XXX(3) 2934; 9 XXX(3) 3131; Gd XXX(2) 3129; 7 XXX(3) 3131; 10 XXX(2) 3030; 1OR XXX(3) 3031; 12 XXX(3) 3029; "
    "12R XXX(3) 2928; 19 XXX(3) 3027; 8 XXX(3) 3226; 8R XXX(3) 3225; 18 XXX(3) 3124."
)


def parse_marne() -> list[tuple[str, str, str, int, str]]:
    """(army, designation, size, steps, hex) parsed from the quoted text of 16.2."""
    import re
    out = []
    text = MARNE_TEXT.replace("1OR", "10R").replace("5RGrp", "5R Grp")
    for army, body in re.findall(r"(BEF|Esercito Francese|Esercito Tedesco): (.*?)(?= Esercito|$)", text):
        for m in re.finditer(r"([\w ]+?) (XXX|XX|X|Grp) ?\((\d)\) (\d{4})", body):
            out.append((army, m.group(1).strip(" .;"), m.group(2), int(m.group(3)), m.group(4)))
    return out


def test_marne_text_parses_into_46_units() -> None:
    units = parse_marne()
    assert len(units) == 46
    assert sum(1 for u in units if u[0] == "BEF") == 5
    assert sum(1 for u in units if u[0] == "Esercito Francese") == 23
    assert sum(1 for u in units if u[0] == "Esercito Tedesco") == 18


def test_marne_setup_places_every_listed_unit(game: dict[str, Any]) -> None:
    nat = {"BEF": "inglesi", "Esercito Francese": "francesi", "Esercito Tedesco": "tedeschi-de"}
    size = {"XXX": "XXX", "XX": "XX", "X": "X", "Grp": "group"}
    pieces = {p["id"]: p for p in game["pieces"]}
    scen = by_id(game["scenarios"], "marna")
    placed = [(pieces[s["piece"]], s) for s in scen["setup"] if pieces[s["piece"]]["kind"] == "unit" and "hex" in s["at"]]
    got = sorted((p["nationality"], p["designation"], p["size"], s["steps"], s["at"]["hex"]) for p, s in placed)
    want = sorted((nat[a], d, size[z], st, h) for a, d, z, st, h in parse_marne())
    assert got == want


@pytest.mark.parametrize("piece,hex_id,steps", [
    ("br-1-xxx", "3334", 4), ("br-19-x", "3235", 1), ("br-1-cav-xx", "3333", 2),
    ("fr-18-xxx", "3631", 3), ("fr-4t-xxx", "3136", 2), ("fr-5r-grp", "2936", 3), ("fr-m-xx", "2936", 2),
    ("fr-61r-xx", "3036", 2), ("fr-62r-xx", "3036", 2), ("fr-col-xxx", "3325", 2), ("fr-2-cav-xxx", "3433", 2),
    ("de-2-xxx", "3133", 3), ("de-gd-xxx", "3129", 2), ("de-10r-xxx", "3031", 3), ("de-19-xxx", "3027", 3), ("de-18-xxx", "3124", 3),
])
def test_marne_placements(game: dict[str, Any], piece: str, hex_id: str, steps: int) -> None:
    scen = by_id(game["scenarios"], "marna")
    [place] = [s for s in scen["setup"] if s["piece"] == piece]
    assert place["at"] == {"board": "mini-mappa-marna", "hex": hex_id}
    assert place["steps"] == steps


def test_marne_markers_turns_and_reinforcements(game: dict[str, Any]) -> None:
    scen = by_id(game["scenarios"], "marna")
    assert scen["turns"] == {"min": 8, "max": 12}  # "Turno 8 (4-6 settembre) ... alla fine del Turno di Gioco 12"
    control = sorted(s["at"]["hex"] for s in scen["setup"] if s["piece"] == "de-falso-controllo")
    assert control == sorted(["2435", "2331", "2932", "2529", "2829", "2627"])  # "Ponete segnalini di Controllo tedeschi in: ..."
    ooc = sorted(s["at"]["hex"] for s in scen["setup"] if s["piece"] == "fuori-comando")
    assert ooc == ["3235", "3333", "3334"]  # 16.3 "gli esagoni 3235, 3334 e 3333 (la BEF) sono OOC"
    [forts] = [s for s in scen["setup"] if s["piece"] == "fr-forte-parigi"]
    assert forts["count"] == 3
    markers = {s["piece"]: s["at"] for s in scen["setup"] if "track" in s["at"]}
    assert markers["fr-rimpiazzi"] == {"track": "rimpiazzi", "value": 3}  # "nello spazio “3” della Tabella dei Rimpiazzi"
    assert markers["de-rimpiazzi"]["value"] == 0 and markers["al-vp"]["value"] == 0 and markers["de-vp"]["value"] == 0
    pieces = {p["id"]: p for p in game["pieces"]}
    # 16.3 "La 7 XXX(4) francese entra ... durante il Turno 8. Le 15 XXX(4) e 7R XXX(4) tedesche ... durante il Turno 10."
    assert pieces["fr-7-xxx"]["entry"]["turn"] == 8 and pieces["fr-7-xxx"]["steps"]["count"] == 4
    assert pieces["de-15-xxx"]["entry"]["turn"] == 10 and pieces["de-7r-xxx"]["entry"]["turn"] == 10


def test_marne_stacks_respect_stacking(game: dict[str, Any]) -> None:
    from collections import defaultdict
    pieces = {p["id"]: p for p in game["pieces"]}
    steps: dict[str, int] = defaultdict(int)
    corps: dict[str, int] = defaultdict(int)
    for s in by_id(game["scenarios"], "marna")["setup"]:
        p = pieces[s["piece"]]
        if p["kind"] == "unit" and "hex" in s["at"] and p.get("type") != "fanteria-fortezza":
            steps[s["at"]["hex"]] += s["steps"]
            corps[s["at"]["hex"]] += p["size"] in ("XXX", "group")
    assert max(steps.values()) <= 9 and max(corps.values()) <= 2  # 6.1


def test_german_ii_corps_example(game: dict[str, Any]) -> None:
    # 2.4 "il 2° Corpo di Fanteria Tedesco ... quattro livelli di forza ... attacco di 6 ... difesa di 7 ... movimento di 4 ... 1° Armata"
    p = by_id(game["pieces"], "de-2-xxx")
    assert p["steps"] == {"count": 4, "model": "two-counters", "provenance": p["steps"]["provenance"]}
    full = [f for f in p["faces"] if f.get("role") == "full"][0]
    assert full["factors"] == {"attacco": 6, "difesa": 7, "movimento": 4} and full["printed"] == "6-7-4"
    assert p["formation"] == "1"
    lower = [f for f in p["faces"] if f["counter"] == 2]
    assert lower and all(f["mark"] == "dot" for f in lower)  # 2.11 "con un pallino nell’angolo in alto a sinistra"


# --- counts ------------------------------------------------------------------------------------------
def copies(game: dict[str, Any], **flt: str) -> int:
    return sum(p.get("count", 1) for p in game["pieces"] if all(p.get(k) == v for k, v in flt.items()))


def test_declared_counts(game: dict[str, Any]) -> None:
    assert copies(game, id="al-mobilitazione") == 5  # 3.5 "i suoi 5 segnalini di mobilitazione"
    assert copies(game, id="de-mobilitazione") == 7  # 4.6 "hanno numero da 1 a 7"
    assert copies(game, type="cannoni-assedio") == 2  # 14.7 "da 305 mm e da 420 mm"
    assert copies(game, type="fanteria-navale") == 2  # 13.26 "le due unità di fanteria navale inglesi"
    assert copies(game, id="fr-forte-parigi") == 3  # 16.2 "Ponete i tre forti di Parigi"
    totals = {t["id"]: t for t in game["totals"]}
    assert totals["pedine-totali"]["count"] == 352 and totals["pedine-totali"]["complete"] is False
    assert [r["used"] for r in totals["pedine-totali"]["provenance"]["readings"]] == [False, True]


def test_sides_and_colours(game: dict[str, Any]) -> None:
    nat = {n["id"]: n for n in game["nationalities"]}
    # 2.5 "Unità Belghe* – Azzurro / Unità Inglesi – Marrone Chiaro / Unità Francesi – Blu / Tedesco – Grigio"
    assert {k: v["color_name"] for k, v in nat.items()} == {
        "belgi": "Azzurro", "inglesi": "Marrone Chiaro", "francesi": "Blu", "tedeschi-de": "Grigio"}
    assert {n["side"] for n in nat.values()} == {"alleati", "tedeschi"}


# --- turns, sequence, rules ---------------------------------------------------------------------------
def test_turn_track(game: dict[str, Any]) -> None:
    turns = game["turns"]
    assert turns["count"] == 30
    labels = {x["turn"]: x["label"] for x in turns["labels"]}
    assert labels[8] == "4-6 settembre 1914" and labels[12] == "16-18 settembre 1914"  # 16.2
    assert labels[1] == "14-16 agosto 1914"  # deduced: 3 days a turn
    notes = {(n["turn"], n["text"]) for n in turns["notes"]}
    for expected in [(1, "No Mov Strat"), (2, "Inizio CC"), (2, "Inizio FM"), (4, "Inizio Rimp Fr e Ge (3/Turno)"),
                     (5, "Ritirata Fronte Orientale"), (6, "Fine FM"), (7, "Inglese: Rimpiazzi 2"), (8, "Inizio Mov. Navale Alleato"),
                     (10, "Fine Restr. Rimp Ge; Inizio Trinceramenti"), (29, "Inglese: Rimpiazzo"),
                     (30, "Alleato 15 o 20 VP Fronte Orientale. Fine Gioco")]:
        assert expected in notes


def test_sequence_of_play(game: dict[str, Any]) -> None:
    seq = game["sequence"]
    # 5.2 "Notate che il Turno di Giocatore Alleato è il primo turno di giocatore in ogni turno di gioco."
    assert [p["side"] for p in seq[:2]] == ["alleati", "tedeschi"]
    allied = seq[0]["phases"]
    assert [p["name"][:6] for p in allied] == ["Fase d"] * 8
    assert allied[0]["when"] == {"not_turns": [1]}  # "A. Fase dei Rinforzi & Rimpiazzi (non nel Turno 1)"
    assert allied[1]["when"] == {"turns": {"min": 10, "max": 30}}  # "B. Fase di Trinceramento (Turni 10-30 solamente)"
    assert allied[2]["when"] == {"not_turns": [1]} and allied[3]["when"] == {"not_turns": [1]}
    assert allied[7]["when"] == {"not_turns": [30]}
    assert seq[1]["phases"][3]["when"] == {"not_turns": [1]}  # errata: the German SM too (turn track "No Mov Strat")
    assert seq[2]["when"] == {"turns": [30]}


def test_stacking_and_other_rules(game: dict[str, Any]) -> None:
    rules = {r["id"]: r for r in game["rules"]}
    # 6.1 "sino a 9 livelli di forza per esagono; ... nessun giocatore può avere più di due unità di dimensione corpo"
    assert (rules["stack-livelli"]["measure"], rules["stack-livelli"]["limit"]) == ("steps", 9)
    assert (rules["stack-corpi"]["measure"], rules["stack-corpi"]["limit"]) == ("size-weight", 2)
    assert rules["stack-corpi"]["weights"]["XXX"] == 1 and rules["stack-corpi"]["weights"]["XX"] == 0
    assert rules["movimento-strategico"]["value"] == 8  # 11.1 "sino ad otto livelli di forza"
    assert rules["movimento-navale"]["value"] == 4 and rules["movimento-navale"]["when"] == {"turns": {"min": 8, "max": 30}}
    assert rules["combattimento"]["table"] == "crt"
    assert rules["marcia-forzata"]["when"] == {"turns": {"min": 2, "max": 6}}  # 12.10 "dal 2 al 6, inclusi"


def test_replacements_and_victory(game: dict[str, Any]) -> None:
    repl = {e["label"]: e for e in by_id(game["tables"], "rimpiazzi")["entries"]}
    # 8.6 "A partire dal Turno di Gioco 4, sia il tedesco che il francese ricevono 3 livelli di forza"
    assert repl["Tedeschi"]["value"] == 3 and repl["Tedeschi"]["when"] == {"turns": {"min": 4, "max": 30}}
    assert repl["Francesi"]["value"] == 3
    assert repl["Inglesi (Turno 7)"]["value"] == 2 and repl["Inglesi (Turno 29)"]["value"] == 1
    assert repl["Belgi"]["value"] == 0
    thresholds = {e["applies_to"]: e["value"] for e in by_id(game["tables"], "soglie-vittoria")["entries"][:2]}
    assert thresholds == {"alleati": 20, "tedeschi": 30}  # 4.1 "20 VP o più" / "30 VP o più"
    start = {t["owner"]: t["value"] for t in by_id(game["scenarios"], "campagna-storica")["track_start"] if "owner" in t}
    assert start == {"alleati": -7, "tedeschi": 0}  # 4.1 "Il tedesco inizia il gioco con zero VP, l’Alleato con -7 VP"


# --- odds as a user computes them from the table's own fields ------------------------------------------
def resolve(crt: dict[str, Any], attack: int, defence: int, roll: int, drm: int = 0) -> str:
    """Odds column, beyond-table rules, DRM and clamp, all read from the JSON table."""
    import math
    rnd = {"down": math.floor, "up": math.ceil}
    if attack >= defence:
        odds = (rnd[crt["rounding"]["favourable"]](attack / defence), 1)
    else:
        odds = (1, rnd[crt["rounding"]["unfavourable"]](defence / attack))
    columns = [tuple(c["odds"]) for c in crt["columns"]]
    if odds[0] == 1 and odds[1] > columns[0][1]:
        return crt["below"]["result"]
    if odds[1] == 1 and odds[0] > columns[-1][0]:
        drm += (odds[0] - columns[-1][0]) * crt["above"]["drm_per_level"]
        odds = columns[-1]
    final = min(max(roll + drm, crt["clamp"]["min"]), crt["clamp"]["max"])
    return crt_cell(crt, final, crt["columns"][columns.index(odds)]["label"])


def test_odds_examples_of_the_text(game: dict[str, Any]) -> None:
    crt = by_id(game["tables"], "crt")
    # 13.9 "26 fattori di attacco contro 7 fattori di difesa danno un rapporto di forze di 3:1"; 13.3 "6 ... 3:1 ... 0/2R"
    assert resolve(crt, 26, 7, 6) == "0/2R"
    # 13.10 "9 fattori di attacco contro 11 fattori di difesa ... Il rapporto è 1:2" (1:2 at die 6 = 0/1R)
    assert resolve(crt, 9, 11, 6) == "0/1R"
    # 13.11 "I rapporti peggiori di 1:2 danno automaticamente un risultato di combattimento “2/0”"
    assert resolve(crt, 5, 11, 6) == "2/0"
    # 13.13 "un attacco a rapporto di forze 7:1 viene risolto sulla colonna 5:1 con DRM +2": die 2 +2 = 4 -> 0/2R
    assert resolve(crt, 7, 1, 2) == "0/2R"
    # 13.12 "nessun risultato del dado può essere modificato ad un numero inferiore ad 1": 1:1, die 1 -3 -> row 1 = 2/0
    assert resolve(crt, 10, 10, 1, drm=-3) == "2/0"


def test_marne_three_step_units_are_two_counter_units_of_unknown_size(game: dict[str, Any]) -> None:
    # 2.11 "Le unità di tre e quattro livello di forza sono rappresentati ciascuno da due pedine."
    # A Marne unit set up at 3 steps is on two counters, but whether it has 3 or 4 steps is not stated.
    three = {s["piece"] for s in by_id(game["scenarios"], "marna")["setup"] if s.get("steps") == 3}
    assert three, "the Marne setup places 3-step units"
    for ident in three:
        p = by_id(game["pieces"], ident)
        assert p["steps"]["model"] == "two-counters", ident
        if ident == "de-2-xxx":  # 2.4 "Quando è a piena forza contiene quattro livelli di forza"
            assert p["steps"]["count"] == 4
        else:
            assert "count" not in p["steps"] and "count" in p["steps"]["missing"], ident


def test_marker_counts_the_text_lacks_are_missing(game: dict[str, Any]) -> None:
    # 15.1 "Il numero di Pedine False fornite nel gioco è un limite intenzionale" — but the number is not given;
    # 16.2 places six German control markers and 16.3 three OOC markers: lower bounds, not counts.
    for ident, at_least in (("de-falso-controllo", 6), ("fuori-comando", 3)):
        p = by_id(game["pieces"], ident)
        assert "count" not in p and "count" in p["missing"], ident
        assert p["properties"]["count_at_least"] == at_least


def test_optional_rules_are_marked(game: dict[str, Any]) -> None:
    # "10.4 (Opzionale) Ten. Col. Hentsch", "15.0 (Opzionale) Pedine False"
    rules = {r["id"]: r for r in game["rules"]}
    assert rules["hentsch"].get("optional") is True and rules["pedine-false"].get("optional") is True
    assert not rules["stack-livelli"].get("optional")


def test_marne_replacement_track_starts_per_nationality(game: dict[str, Any]) -> None:
    # 16.2 "Ponete il segnalino di Rimpiazzi francese nello spazio “3” della Tabella dei Rimpiazzi."
    # 16.2 "Ponete il segnalino di Rimpiazzi tedesco ... nello spazio zero."
    starts = {(t["track"], t.get("owner")): t["value"] for t in by_id(game["scenarios"], "marna")["track_start"]}
    assert starts[("rimpiazzi", "francesi")] == 3 and starts[("rimpiazzi", "tedeschi-de")] == 0
