from converter.check.context import Context
from converter.check.findings import Finding


def check_version(ctx: Context) -> list[Finding]:
    return []
