"""The passes of ``tools/fuzz.py`` for the inputs of issue 33, which the first passes let
through: each random case is built so its right answer is known, and a wrong answer counts.

- refusals: shipped packs of every game with a control or invisible character put in a
  random string, a random deck written twice, a folder or a named pipe named like a pack
  file (each must be refused naming the file, the line and what), or a byte-order mark at the
  start of a random file (must be read as if it were not there);
- glyphs: random text mixing such characters with letters, arrows and combining marks goes
  through the table's text drawing, which must never raise;
- links: records whose pack is reached through links in and out of a trusted folder, ``..``
  after a link, and links to links; ``record check`` trusting that folder must refuse exactly
  those that lead elsewhere, and open nothing there;
- simulate-args: ``simulate`` with worker counts, confidences, scheduler addresses and
  connection timeouts that make no sense (a one-line message, exit 2, no process started)
  and a scheduler port that accepts and never answers (given up on after the timeout).

Each pass takes a tally (``fuzz.Tally``) and fills ``tried``, ``crashed``, ``hung``, ``wrong``
(a bad input taken, or a good one refused), ``outside_reads`` and ``notes``.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import shutil
import socket
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rules
import rules.sim.runner as sim_runner
from rules import GAMES
from rules.__main__ import main as rules_main
from rules.core.packs import check_pack, format_for
from rules.core.paths import asset
from rules.records import new_record, save_atomic
from rules.records.trust import outside_places
from rules.sim.simulation import MAX_WORKERS

Tally = Any
Timed = Callable[[Tally, str, Callable[[], object]], None]

# Every control and format character (Unicode Cc, Cf) and the two separators: what check
# must refuse in text.
REFUSED_CHARS = [chr(c) for c in range(0x110000)
                 if unicodedata.category(chr(c)) in ("Cc", "Cf", "Zl", "Zp")
                 and chr(c) not in "\n\t\r"]


def _cli(argv: list[str]) -> tuple[int | None, str]:
    err = io.StringIO()
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            code = rules_main(argv)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 2
    return code, err.getvalue()


def _wrong(t: Tally, what: str) -> None:
    t.wrong += 1
    t.note(what)


# ---- refusals ---------------------------------------------------------------------------
def _copy(folder: Path, game: str) -> Path:
    dest = folder / "edges" / game
    shutil.rmtree(dest, ignore_errors=True)
    shutil.copytree(asset("packs", game), dest)
    return dest


def _string_lines(path: Path) -> list[int]:
    return [i for i, line in enumerate(path.read_text(encoding="utf-8").split("\n"))
            if " = \"" in line and line.rstrip().endswith('"') and not line.startswith("#")]


def _put_char(pack: Path, rng: random.Random) -> tuple[Path, int, str]:
    """A refused character in a random one-line string of a random file: (file, line,
    its code point as check names it)."""
    files = [p for p in sorted(pack.glob("*.toml")) if p.name != "pack.toml" and _string_lines(p)]
    path = rng.choice(files)
    lines = path.read_text(encoding="utf-8").split("\n")
    no = rng.choice(_string_lines(path))
    ch = rng.choice(REFUSED_CHARS)
    # A raw control character is a TOML syntax error already; an escape reaches the text.
    put = f"\\u{ord(ch):04X}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08X}"
    if unicodedata.category(ch) == "Cf" and rng.random() < 0.5:
        put = ch  # format characters may be written as they are
    line = lines[no]
    at = line.index(' = "') + 4 if rng.random() < 0.5 else len(line.rstrip()) - 1
    lines[no] = line[:at] + put + line[at:]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path, no + 1, f"U+{ord(ch):04X}"


def _deck_twice(pack: Path, game: str, rng: random.Random) -> tuple[Path, int]:
    key = format_for(game, GAMES).deck_key
    source = next(iter(sorted(pack.glob(f"{key}*.toml"))))
    lines = source.read_text(encoding="utf-8").split("\n")
    header = f"[[{key}]]"
    starts = [i for i, line in enumerate(lines) if line == header]
    k = rng.randrange(len(starts))
    end = starts[k + 1] if k + 1 < len(starts) else len(lines)
    table = lines[starts[k]:end]
    target = source if rng.random() < 0.5 else pack / f"{key}s_again.toml"
    before = target.read_text(encoding="utf-8").split("\n") if target.exists() else []
    target.write_text("\n".join([*before, "", *table, ""]), encoding="utf-8")
    return target, len(before) + 2 + next(i for i, x in enumerate(table) if x.startswith("name"))


def _not_a_file(pack: Path, game: str, rng: random.Random) -> Path:
    key = format_for(game, GAMES).deck_key
    name = rng.choice(["extra.toml", f"{key}s_more.toml", "sheet.csv", "more.TOML"])
    path = pack / name
    if hasattr(os, "mkfifo") and rng.random() < 0.5:
        os.mkfifo(path)
    else:
        path.mkdir()
    return path


def refusals(t: Tally, count: int, seed: int, folder: Path, timed: Timed) -> None:
    rng = random.Random(seed)
    games = sorted(rules.GAMES)
    for n in range(count):
        game = games[n % len(games)]
        pack = _copy(folder, game)
        kind = rng.randrange(4)
        if kind == 0:
            path, line, code = _put_char(pack, rng)
            expect: str | None = f"{path}:{line}: "
            detail = f"holds {code}"
            what = f"{game}: {code} in {path.name}:{line}"
        elif kind == 1:
            path, line = _deck_twice(pack, game, rng)
            expect, detail = f"{path}:{line}: ", "name: a second "
            what = f"{game}: a deck again in {path.name}:{line}"
        elif kind == 2:
            path = _not_a_file(pack, game, rng)
            expect, detail = f"{path}:1: file: ", "not a regular file"
            what = f"{game}: {path.name} is not a file"
        else:
            path = rng.choice(sorted(pack.glob("*.toml")))
            path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
            expect, detail, what = None, "", f"{game}: a BOM on {path.name}"
        timed(t, what, _expecting(t, game, pack, expect, detail, what))


def _expecting(t: Tally, game: str, pack: Path, expect: str | None, detail: str,
               what: str) -> Callable[[], object]:
    def run() -> None:
        problems = check_pack(game, pack, GAMES)
        if expect is None:
            if problems:
                _wrong(t, f"{what}: refused: {problems[0][:200]}")
        elif not any(p.startswith(expect) and detail in p for p in problems):
            _wrong(t, f"{what}: not refused as expected: {problems[:1]}")
    return run


# ---- glyphs -----------------------------------------------------------------------------
def glyphs(t: Tally, count: int, seed: int) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.draw import glyphs as drawing

    pygame.font.init()
    rng = random.Random(seed)
    pool = ["a", "Z", " ", "→", "←", "é", "\u0301", "\ufe0f", "\ue000", "\ud800", "\n", "Ω"]
    fonts = [pygame.font.Font(None, 20), pygame.font.Font(None, 31)]
    for _ in range(count):
        text = "".join(rng.choice(REFUSED_CHARS) if rng.random() < 0.4 else rng.choice(pool)
                       for _ in range(rng.randrange(1, 8)))
        t.tried += 1
        try:
            drawing.render(rng.choice(fonts), text, (255, 255, 255))
            drawing.missing(text)
            drawing.ui_text(text)
        except Exception as e:  # noqa: BLE001 - the count is the point
            t.crashed += 1
            t.note(f"glyphs: {text!r}: {type(e).__name__}: {e}")


# ---- links ------------------------------------------------------------------------------
class _Tree:
    """A trusted folder and a folder elsewhere, each holding a pack, with links between them
    (one a link to a link); ``step`` follows a name the way the system does, so the fuzzer
    knows where a written path really leads."""

    def __init__(self, root: Path, elsewhere: Path) -> None:
        for f in (root, elsewhere):
            shutil.rmtree(f, ignore_errors=True)
        self.trusted, self.elsewhere = root / "trusted", elsewhere
        (self.trusted / "own").mkdir(parents=True)
        shutil.copytree(asset("packs", "kyoukai"), elsewhere / "pack")
        shutil.copytree(asset("packs", "kyoukai"), self.trusted / "own" / "pack")
        self.links = {self.trusted / "out": elsewhere,
                      self.trusted / "own" / "in": self.trusted / "own",
                      elsewhere / "back": self.trusted / "own",
                      self.trusted / "via": self.trusted / "out"}
        for link, to in self.links.items():
            link.symlink_to(to, target_is_directory=True)

    def names(self, real: Path) -> list[str]:
        """What a path standing in folder ``real`` may go on with."""
        return [*(p.name for p in real.iterdir() if p.is_dir()), ".."]

    def step(self, real: Path, name: str) -> Path:
        if name == "..":
            return real.parent  # the parent of where a link led, not of the link
        p = real / name
        while p in self.links:
            p = self.links[p]
        return p


def links(t: Tally, count: int, seed: int, folder: Path, elsewhere: Path,
          timed: Timed) -> None:
    rng = random.Random(seed)
    tree = _Tree(folder / "links", elsewhere)
    base = new_record("kyoukai", 1)
    for n in range(count):
        written, real = tree.trusted, tree.trusted
        for _ in range(rng.randrange(1, 5)):
            name = rng.choice(tree.names(real))
            written, real = written / name, tree.step(real, name)
        leads_out = not real.is_relative_to(tree.trusted)
        record = base.model_copy(update={"options": {"pack": str(written / "pack")}})
        t.tried += 1
        said_out = bool(outside_places(record, [tree.trusted]))
        if said_out != leads_out:
            _wrong(t, f"links: {written} leads to {real}; said {'out' if said_out else 'in'}")
        if n % 4 == 0 and leads_out:
            path = folder / "links-record.json"
            save_atomic(path, record)
            timed(t, f"links: record check of {written}",
                  _refused_record(t, path, tree.trusted))


def _refused_record(t: Tally, path: Path, trusted: Path) -> Callable[[], object]:
    def run() -> None:
        code, err = _cli(["record", "check", "--trust-folder", str(trusted), str(path)])
        if code != 2 or "outside" not in err:
            _wrong(t, f"record check trusted a pack through a link: exit {code} {err[:200]}")
    return run


# ---- simulate's arguments ---------------------------------------------------------------
def _garbage(rng: random.Random) -> str:
    letters = "ab:/.-_ 1@[]%\\"
    return "".join(rng.choice(letters) for _ in range(rng.randrange(1, 12))) + " x"


def simulate_args(t: Tally, count: int, seed: int, folder: Path, timed: Timed) -> None:
    rng = random.Random(seed)
    started: list[int] = []
    real_context = sim_runner._context

    def no_pool() -> Any:
        started.append(1)
        raise RuntimeError("a pool was started")

    sim_runner._context = no_pool
    try:
        base = ["simulate", "--game", "dreadnought", "--games", "4", "--quiet", "--out",
                str(folder / "sim")]
        for _ in range(count):
            kind = rng.randrange(4)
            if kind == 0:
                value = rng.choice([0, -1, -(2 ** rng.randrange(1, 40)), MAX_WORKERS + 1,
                                    2 ** rng.randrange(9, 40)])
                args, starts = ["--workers", str(value)], "--workers: "
            elif kind == 1:
                value2 = rng.choice(["nan", "inf", "-inf", "1", "0", str(rng.uniform(1, 1e9)),
                                     str(-rng.random())])
                args, starts = ["--confidence", value2], "--confidence: "
            elif kind == 2:
                address = rng.choice(["not a url", "tcp://", "foo://h:1", _garbage(rng)])
                args, starts = ["--scheduler", address], "--scheduler: "
            else:
                args = ["--scheduler", "localhost:8786", "--connect-timeout",
                        rng.choice(["0", "-3", "nan", "inf"])]
                starts = "--connect-timeout: "
            # --opt=VALUE: argparse takes a lone "-inf" for an option of its own
            flags = [f"{args[i]}={args[i + 1]}" for i in range(0, len(args), 2)]
            timed(t, f"simulate {' '.join(flags)}", _one_line(t, base + flags, starts))
        silent = ["--scheduler", _silent_address(), "--connect-timeout", "0.3"]
        timed(t, "simulate: a scheduler that never answers",
              _one_line(t, base + silent, "--scheduler tcp://"))
    finally:
        sim_runner._context = real_context
    if started:
        t.crashed += len(started)
        t.note(f"simulate: {len(started)} runs started worker processes")


_SILENT: list[socket.socket] = []


def _silent_address() -> str:
    """A port that accepts connections and never says a word (kept open to the end)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind(("127.0.0.1", 0))
    s.listen(8)
    _SILENT.append(s)
    return f"tcp://127.0.0.1:{s.getsockname()[1]}"


def _one_line(t: Tally, argv: list[str], starts: str) -> Callable[[], object]:
    def run() -> None:
        code, err = _cli(argv)
        if code != 2 or err.count("\n") != 1 or not err.startswith(f"simulate: {starts}"):
            _wrong(t, f"simulate {argv[-2:]}: exit {code}: {err[:200]!r}")
    return run


def close() -> None:
    for s in _SILENT:
        s.close()
    _SILENT.clear()

