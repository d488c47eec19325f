"""vconv check on what modules of the VASSAL 2.7–3.0 era hold, which the real engine loads
without an error (the Carcassonne family of modules, 2006–2007):

- Ark of the Covenant keeps each player's supply and its score track in maps inside a chart
  window (ChartWindow/PanelWidget/TabWidget/MapWidget/WidgetMap): check took them for absent
  maps ('sends the piece to map 'Blue Supply', which the module does not have' ×40, '8
  piece(s) of the setup are on map 'Blue Supply' … VASSAL drops them' ×25);
- Carcassonne 2.0 parks its 'Automove' deck at (-200, -200), off its 30x30 board, on
  purpose: check called it an error, VASSAL raises nothing;
- their player rosters keep 'Retire' as the button's icon name, which VASSAL 3.6 skips when
  the archive has no such image: check called it a missing image.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from converter.check import check_module
from converter.check.findings import Severity
from tests.check.conftest import _save

SEND = ("+/null/sendto;Supply;83,130;Blue Supply;Blue;0;0;;;0;0;0;0\t"
        "piece;;;front.png;Meeple/\tnull;0;0;{gpid};0")
WIDGET_MAP = f"""
  <VASSAL.build.module.ChartWindow name="Game Window" hotkey="" text="Game" tooltip="">
    <VASSAL.build.widget.PanelWidget entryName="Panel" fixed="false" nColumns="2" vert="false">
      <VASSAL.build.widget.MapWidget entryName="Blue">
        <VASSAL.build.widget.WidgetMap mapName="Blue Supply">
          <VASSAL.build.module.map.BoardPicker>
            <VASSAL.build.module.map.boardPicker.Board name="Blue" width="200" height="100"/>
          </VASSAL.build.module.map.BoardPicker>
          <VASSAL.build.module.map.SetupStack name="Meeples" owningBoard="Blue" useGridLocation="false" x="20" y="20">
            <VASSAL.build.widget.PieceSlot entryName="Meeple" gpid="7" width="64" height="64">{SEND.format(gpid=7)}</VASSAL.build.widget.PieceSlot>
          </VASSAL.build.module.map.SetupStack>
        </VASSAL.build.widget.WidgetMap>
      </VASSAL.build.widget.MapWidget>
    </VASSAL.build.widget.PanelWidget>
  </VASSAL.build.module.ChartWindow>
"""
SETUP = "\x1b".join([
    "begin_save", "",
    "+/101/" + SEND.format(gpid=7)[len("+/null/"):].replace("null;0;0;7;0",
                                                              "Blue Supply;30;30;7;0"),
    "end_save"])


def _codes(path: Path) -> list[tuple[str, str, str]]:
    return [(f.severity.value, f.code, f.message) for f in check_module(path).findings]


def test_a_map_inside_a_chart_window_is_a_map_of_the_module(
        module: Callable[..., Path]) -> None:
    path = module({'  <VASSAL.build.module.PredefinedSetup': WIDGET_MAP
                   + '  <VASSAL.build.module.PredefinedSetup'},
                  files={"scenario.vsav": _save(SETUP)})
    found = _codes(path)
    assert not [f for f in found if "Blue Supply" in f[2]], found
    assert not [f for f in found if f[1] in ("missing-map", "setup-missing-map")], found


def test_a_deck_parked_off_its_board_is_a_warning(module: Callable[..., Path]) -> None:
    path = module({'x="300" y="300"': 'x="-200" y="-200"'})
    (off,) = [f for f in check_module(path).findings if f.code == "off-board"]
    assert off.severity is Severity.WARNING
    assert off.message == ("the deck is at (-200, -200), outside board 'Main' (400x400); "
                           "VASSAL lays it there without a word, where players may not see "
                           "or reach it")


def test_the_old_retire_icon_of_the_player_roster_is_no_missing_image(
        module: Callable[..., Path]) -> None:
    """Modules of VASSAL 2.7 name the roster's button icon 'Retire' (Ark of the Covenant,
    Carcassonne: The Discovery); VASSAL 3.6 opens it only if the archive has it and raises
    nothing otherwise: check called it a missing image (an error)."""
    roster = ('<VASSAL.build.module.PlayerRoster buttonIcon="Retire" buttonText="Retire">'
              "<entry>Blue</entry><entry>Green</entry></VASSAL.build.module.PlayerRoster>\n"
              "  <VASSAL.build.module.Documentation/>")
    path = module({"<VASSAL.build.module.Documentation/>": roster})
    assert not [f for f in check_module(path).findings if "Retire" in f.message]
    other = module({"<VASSAL.build.module.Documentation/>":
                    roster.replace('buttonIcon="Retire"', 'buttonIcon="roster.png"')})
    assert [f.code for f in check_module(other).findings if "roster.png" in f.message] == [
        "missing-image"]
