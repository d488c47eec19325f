"""vconv: a board wargame described once in JSON, turned into a VASSAL module,
a print-and-play kit and an audit of recorded games."""

__version__ = "0.1.0"
