"""The game model → a VASSAL module (VASSAL formats from converter.vassal, every image from
converter.render, so the module and the print kit show the same art).

What a built module holds, and the conventions other tools (the auditor) can rely on:

- one Map per board, named after the board (`naming.map_names`); a hex board's HexGrid numbering gives each hex
  its game id as location name (fitted in hexgrid.py, checked on every hex); spaces are
  Regions (areas, networks) or Zones (boxes, spaces beside a hex grid), named by
  `naming.space_names`; a generated "Display" map holds one Zone per track cell
  (`naming.track_cell_names`), the zone `naming.event_box_name` when some piece enters on an
  event, and a face-down draw pile per deck;
- every Zone carries the game's ids as ZoneProperties a piece inside reads: `vconv_space`
  (space id), or `vconv_track` and `vconv_track_value` (a track cell), or `vconv_box`
  (`reinforcements-by-event`); a VASSAL 3.6 Region takes no children, so regions carry only
  their name;
- every piece carries a Marker with `vconv_id` (the model's piece id), `Kind` and, when known,
  `Faction`, `Nationality`, `Type`; its side comes from the prototype `Side <side name>`
  (property `Side`); printed steps are the Layer `Step` (level 1 = strongest face), a flip
  without steps the Layer `Side`; steps no face shows are the property `Steps`, damage the
  property named after the carried token (or `Damage`); hidden pieces have a mask (Obscurable)
  owned by their side; cards carry `vconv_card`;
- a one-scenario game places its setup with at-start stacks; a game with several scenarios
  has one predefined setup (a saved game in `scenarios/`) per scenario; either also holds the
  reinforcements the setup does not place (`setup.reinforcement_placements`): on the turn
  track cell of their entry turn, or in the event box;
- `vconv/game.json` is the merged game description (`read_game_from_vmod`), and
  `vconv/notes.html` (Help menu) lists what the module could not express.
"""

from converter.builder.embedded import read_game_from_vmod
from converter.builder.module import BuiltModule, build_from_model, build_module, write_module
from converter.builder.naming import map_names, space_names, track_cell_names

__all__ = ["BuiltModule", "build_from_model", "build_module", "map_names", "read_game_from_vmod",
           "space_names", "track_cell_names", "write_module"]
