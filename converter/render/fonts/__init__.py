"""The bundled DejaVu fonts (a package only so that installers ship the TTF files and the licence)."""
