"""``python -m rules <command>``: playout, scenario (and more as they are added)."""

from __future__ import annotations

import argparse
import sys

from rules.cli import arena, check, playout, record, scenario, simulate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules")
    sub = parser.add_subparsers(dest="command", required=True)
    for module in (playout, scenario, record, check, arena, simulate):
        module.register(sub)
    args = parser.parse_args(argv)
    result: int = args.run(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
