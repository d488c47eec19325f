"""Stateless renderers: counters, schematic maps, reference cards and card decks.

Every public function takes the game model and keyword options and returns a Pillow image
(or layout data).  Colours and strokes come from each module's ``DEFAULT_THEME``; callers
override keys with ``theme={...}``.  Text is drawn with the fonts bundled in ``fonts/``.
"""
