from converter.check.context import Context
from converter.check.findings import Finding


def check_setups(ctx: Context) -> list[Finding]:
    return []
