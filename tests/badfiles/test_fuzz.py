"""``tools/fuzz.py --quick``: the soak, illegal-intent and bad-file passes run and report; the
record edge and the file readers never crash, read outside, or lose a game. (Times are
measured by the tool and reported in docs/robustness.md, not asserted here.)"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_quick_fuzz_reports_no_crash_outside_read_or_lost_game() -> None:
    run = subprocess.run([sys.executable, str(ROOT / "tools" / "fuzz.py"), "--quick"],
                         capture_output=True, text=True, timeout=600, cwd=ROOT)
    passes = {m.group(1): {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", m.group(2))}
              for m in re.finditer(r"^PASS (\S+) (.*)$", run.stdout, re.M)}
    assert set(passes) == {"soak", "illegal-apply", "illegal-record", "files", "refusals",
                           "glyphs", "links", "simulate-args", "journal", "manual",
                           "reload"}, \
        run.stdout
    assert re.search(r"^RESULT tried=\d+ crashed=\d+ hung=\d+ outside_reads=\d+ lost=\d+ "
                     r"wrong=\d+", run.stdout, re.M)
    assert all(p["tried"] > 0 for p in passes.values())
    assert passes["soak"]["crashed"] == passes["soak"]["lost"] == 0, run.stdout
    assert passes["illegal-record"]["crashed"] == 0, run.stdout
    assert passes["illegal-apply"]["lost"] == 0, run.stdout
    files = passes["files"]
    assert files["crashed"] == files["outside_reads"] == files["lost"] == 0, run.stdout
    # issue 33: pack text, deck names, non-files, links, simulate's arguments, drawn text;
    # manual steps (crashes, listed intents refused, a game stuck after Done)
    assert {"refused", "stuck"} <= set(passes["manual"]), run.stdout
    for name in ("refusals", "glyphs", "links", "simulate-args", "manual"):
        assert not any(v for k, v in passes[name].items() if k not in ("tried", "slowest")), \
            run.stdout
    # Cut and damaged autosave journals, and pack files edited under records (issue 33).
    assert passes["journal"]["crashed"] == passes["journal"]["lost"] == 0, run.stdout
    # Hot reloads while something waits to resolve, in every game (issue 33 item 1).
    reload = passes["reload"]
    assert reload["crashed"] == reload["lost"] == 0 and reload["stacked"] > 0, run.stdout
