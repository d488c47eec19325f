from converter.check.context import Context
from converter.check.findings import Finding


def check_geometry(ctx: Context) -> list[Finding]:
    return []
