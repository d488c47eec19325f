"""Areas that touch: a piece moves from an area to an adjacent one."""

from converter.model.boardkinds.kind import BoardKind, Drawing

KIND = BoardKind("area", hex_grid=False, on_map=True, needs_spaces=True, spaces=Drawing.NODES)
