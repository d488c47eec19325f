"""VASSAL formats: the sequence codec, piece traits, buildFile components, archives,
saved games and logs.  Nothing here knows about the canonical game model."""
