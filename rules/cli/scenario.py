"""``python -m rules scenario FILE…``: run scenario files, stop at the first failure."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import rules
from rules.core.errors import DataError
from rules.core.scenario import run_scenario


def run(args: argparse.Namespace) -> int:
    files: list[Path] = []
    for f in args.files:
        p = Path(f)
        files.extend(sorted(p.rglob("*.toml")) if p.is_dir() else [p])
    for path in files:
        try:
            result = run_scenario(path, rules.GAMES)
        except DataError as e:
            print("\n".join(e.errors))
            return 2
        if not result.ok:
            print(f"FAIL {path}: {result.title}")
            print("\n".join(result.failures))
            return 1
        print(f"ok   {path}: {result.title}")
    print(f"{len(files)} passed, 0 failed")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("scenario", help="check scenario files (a position, intents, expectations)")
    p.add_argument("files", nargs="+", help="scenario .toml files or folders")
    p.set_defaults(run=run)
