"""The robustness soak of issue 12: random games, illegal intents and bad files.

    python tools/fuzz.py [--games N] [--illegal N] [--mutations N] [--seed S] [--quick]

Passes (each prints a ``PASS`` line, then one ``RESULT`` line sums them):

- soak: random games of every game; mid-game the state is dumped and loaded and the record
  saved, loaded and replayed: any difference is a *lost* game;
- illegal-apply / illegal-record: intents of earlier states and with numbers out of range
  (built without validation) go to ``apply`` (anything but IllegalIntent is a *crash*, a
  changed state is *lost*) and, as the last line of a record, to ``record check`` (anything
  but a message is a crash);
- files: the corpus of ``tests/badfiles`` and random mutations of the shipped packs, records
  and settings, each checked the way the program reads it. A check over 2 CPU-seconds is
  *hung* (and stopped at 20 s); an open of a file in the "elsewhere" folder that links point to
  is an *outside read*;
- refusals, glyphs, links, simulate-args (``tools/fuzz_edges.py``, issue 33): control and
  invisible characters in pack text, a deck written twice, folders and pipes named like pack
  files, a byte-order mark; the same characters drawn; records reaching a pack through links;
  ``simulate``'s arguments. A bad input taken as good, or a good one refused, is *wrong*;
- journal: an autosave journal of random changes (intents, undos, redos, reloads) cut at
  random bytes (a kill mid-write) and damaged (a byte flipped); each must load to a record
  the game went through or be refused with a message (anything else is *lost*, or a
  *crash*), and a cut after the base must load; then the pack files edited under a finished
  record of each game: it must still replay as played, or not claim to.
- manual (``tools/fuzz_manual.py``, issue 33): random manual steps in every game, with
  intents out of range: a listed intent refused (or Done accepted unlisted) is *refused*, a
  player left to act with nothing legal after Done is *stuck*.
- reload (``tools/fuzz_reload.py``, issue 33): every game played until something waits to
  resolve (a Sequence, a queue, a resolution paused by a manual step), then hot-reloaded with
  random card changes and played on: the rules or the table (drawn headless) raising is a
  *crash*, a state that does not load back or that Continue does not reach is *lost*.

``--quick`` is the bounded run the test suite uses (a few seconds).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import re
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import fuzz_edges  # noqa: E402
import fuzz_manual  # noqa: E402
import fuzz_reload  # noqa: E402

import rules  # noqa: E402
from rules import GAMES  # noqa: E402
from rules.__main__ import main as rules_main  # noqa: E402
from rules.core.errors import IllegalIntent  # noqa: E402
from rules.core.packs import check_pack  # noqa: E402
from rules.core.paths import asset  # noqa: E402
from rules.records import (  # noqa: E402
    RecordError,
    Session,
    append,
    load_record,
    new_record,
    replay_full,
    save_atomic,
    state_sha256,
    to_text,
)
from rules.records.journal import MARKER  # noqa: E402
from rules.records.replay import pack_question  # noqa: E402
from tests.badfiles import corpus  # noqa: E402
from tests.records.journal_writer import changes  # noqa: E402

HUNG_CPU = 2.0  # seconds: the bound for checking any file under 5 MB
STOP_AT = 20.0  # a check still running then is stopped


@dataclass
class Tally:
    name: str
    tried: int = 0
    crashed: int = 0
    hung: int = 0
    outside_reads: int = 0
    lost: int = 0
    wrong: int = 0
    slowest: tuple[float, str] = (0.0, "")
    notes: list[str] = field(default_factory=list)
    extra: dict[str, int] = field(default_factory=dict)  # a pass's own failure counts

    def note(self, what: str) -> None:
        if len(self.notes) < 5:
            self.notes.append(what)

    def line(self) -> str:
        return (f"PASS {self.name} tried={self.tried} crashed={self.crashed} hung={self.hung} "
                f"outside_reads={self.outside_reads} lost={self.lost} wrong={self.wrong} "
                + "".join(f"{k}={v} " for k, v in self.extra.items())
                + f"slowest={self.slowest[0]:.2f}s ({self.slowest[1]})")


class Hung(Exception):
    pass


def _stop(*_: object) -> None:
    raise Hung


# ---- soak -------------------------------------------------------------------------------
def soak(t: Tally, games: int, seed: int, folder: Path) -> None:
    for name in sorted(rules.GAMES):
        rs = rules.get(name)
        for g in range(games):
            rng = random.Random(seed * 1000 + g)
            t.tried += 1
            try:
                record = new_record(name, seed + g)
                state = rs.new_game(seed=seed + g)
                check_at = rng.randrange(1, 200)
                for step in range(400):
                    legal = rs.legal_intents(state)
                    if not legal:
                        break
                    intent = rng.choice(legal)
                    state = rs.apply(state, intent).state
                    record = append(record, intent)
                    if step == check_at and not _same_after_reload(rs, state, record, folder):
                        t.lost += 1
                        t.note(f"{name} seed {seed + g}: differs after reload at {step}")
                if not _same_after_reload(rs, state, record, folder):
                    t.lost += 1
                    t.note(f"{name} seed {seed + g}: differs after reload at the end")
            except Exception as e:  # noqa: BLE001 - counted, the soak goes on
                t.crashed += 1
                t.note(f"{name} seed {seed + g}: {type(e).__name__}: {e}")


def _same_after_reload(rs: Any, state: Any, record: Any, folder: Path) -> bool:
    if rs.load(rs.dump(state)) != state:
        return False
    path = folder / "soak.json"
    save_atomic(path, record, backup=True)
    again = replay_full(load_record(path))
    return state_sha256(rs, again.state) == state_sha256(rs, state)


# ---- illegal intents --------------------------------------------------------------------
OUT_OF_RANGE = (25, -26, -1, 10 ** 6, 2 ** 63)
GAME_LENGTH = 80  # steps of one game in the illegal pass
RECORD_EVERY = 3  # one bad intent in this many also goes through ``record check``


def _variants(intent: Any, rng: random.Random) -> list[Any]:
    """Copies of ``intent`` with one number out of range, built without validation."""
    out = []
    for key, value in intent.__dict__.items():
        if isinstance(value, int) and not isinstance(value, bool):
            out.append(replace(intent, **{key: rng.choice(OUT_OF_RANGE)}))
    return out


def illegal(t: Tally, rec: Tally, count: int, seed: int, folder: Path) -> None:
    """``t`` counts ``apply`` itself, ``rec`` the same intents read from a record."""
    rng = random.Random(seed)
    for name in sorted(rules.GAMES):
        rs = rules.get(name)
        state = rs.new_game(seed=seed)
        record = new_record(name, seed)
        seen: list[Any] = []
        for step in range(count // len(rules.GAMES)):
            legal = rs.legal_intents(state)
            if not legal or step % GAME_LENGTH == GAME_LENGTH - 1:
                # A fresh game now and then keeps records short: each check replays one.
                g = seed + step + 1
                state, record = rs.new_game(seed=g), new_record(name, g)
                continue
            pool = [*_variants(rng.choice(legal), rng), *rng.sample(seen, min(3, len(seen)))]
            for bad in pool:
                if bad in legal:
                    continue
                t.tried += 1
                _try_apply(t, rs, state, bad, name)
                if t.tried % RECORD_EVERY == 0:
                    rec.tried += 1
                    _try_record(rec, record, bad, folder, name)
            seen.extend(legal[:5])
            seen = seen[-200:]
            intent = rng.choice(legal)
            state = rs.apply(state, intent).state
            record = append(record, intent)


def _try_apply(t: Tally, rs: Any, state: Any, bad: Any, name: str) -> None:
    before = rs.dump(state)
    try:
        rs.apply(state, bad)
        t.crashed += 1
        t.note(f"{name}: apply accepted {bad!r}")
    except IllegalIntent:
        pass
    except Exception as e:  # noqa: BLE001
        t.crashed += 1
        t.note(f"{name}: apply({bad!r}) raised {type(e).__name__}: {e}")
    if rs.dump(state) != before:
        t.lost += 1
        t.note(f"{name}: apply({bad!r}) changed the state")


def _try_record(t: Tally, record: Any, bad: Any, folder: Path, name: str) -> None:
    path = folder / "illegal.json"
    path.write_text(to_text(append(record, bad)), encoding="utf-8")
    code, err = _cli(["record", "check", str(path)])
    if code == 0 or "Traceback" in err or code is None:
        t.crashed += 1
        t.note(f"{name}: record check with {bad!r}: exit {code}: {err[-200:]}")


def _cli(argv: list[str]) -> tuple[int | None, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = rules_main(argv)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 2
    except Hung:
        raise
    except Exception as e:  # noqa: BLE001
        return None, f"Traceback: {type(e).__name__}: {e}"
    return code, err.getvalue()


# ---- files ------------------------------------------------------------------------------
class Opens:
    """Every file opened while it is on (an audit hook: catches reads by any library)."""

    def __init__(self) -> None:
        self.paths: list[str] = []
        self.on = False
        sys.addaudithook(self._hook)

    def _hook(self, event: str, args: tuple[Any, ...]) -> None:
        if self.on and event == "open" and isinstance(args[0], str | Path):
            self.paths.append(str(args[0]))


def _timed(t: Tally, opens: Opens, elsewhere: Path, what: str,
           check: Callable[[], object]) -> None:
    t.tried += 1
    opens.paths.clear()
    opens.on = True
    start = time.process_time()
    if hasattr(signal, "setitimer"):
        signal.setitimer(signal.ITIMER_REAL, STOP_AT)
    try:
        check()
    except Hung:
        t.hung += 1
        t.note(f"{what}: stopped after {STOP_AT:.0f} s")
    except Exception as e:  # noqa: BLE001 - every reader must turn bad files into messages
        t.crashed += 1
        t.note(f"{what}: {type(e).__name__}: {str(e)[:200]}")
    finally:
        if hasattr(signal, "setitimer"):
            signal.setitimer(signal.ITIMER_REAL, 0)
        opens.on = False
    spent = time.process_time() - start
    t.slowest = max(t.slowest, (spent, what))
    if spent > HUNG_CPU:
        t.hung += 1
        t.note(f"{what}: {spent:.1f} CPU-seconds")
    root = str(elsewhere.resolve())
    leaked = [p for p in opens.paths if str(Path(p).resolve()).startswith(root)]
    if leaked:
        t.outside_reads += 1
        t.note(f"{what}: opened {leaked[0]}")


def _check_pack(folder: Path) -> Callable[[], object]:
    return lambda: check_pack("kyoukai", folder, GAMES)


def _check_record(path: Path) -> Callable[[], object]:
    def run() -> None:
        code, err = _cli(["record", "check", str(path)])
        if code is None or "Traceback" in err:
            raise RuntimeError(err)
    return run


def _check_settings(path: Path) -> Callable[[], object]:
    def run() -> None:
        from game import settings

        settings.load(path)
    return run


def _mutate(data: bytes, rng: random.Random) -> bytes:
    """One random damage: a cut, a byte flipped, brackets or a line repeated."""
    kind = rng.randrange(5)
    at = rng.randrange(len(data) + 1)
    if kind == 0:
        return data[:at]
    if kind == 1 and data:
        i = min(at, len(data) - 1)
        return data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
    if kind == 2:
        return data[:at] + rng.choice([b"[", b"{", b'"', b"[[", b"="]) * rng.randrange(
            1, 5000) + data[at:]
    if kind == 3:
        lines = data.split(b"\n")
        line = rng.choice(lines)
        return data + (line + b"\n") * rng.randrange(1, 3000)
    return data[:at] + rng.choice([b"\xff\xfe", b"\x00", b"\\u0000", b"\r"]) + data[at:]


def files(t: Tally, mutations: int, seed: int, folder: Path) -> None:
    rng = random.Random(seed)
    opens = Opens()
    elsewhere = folder / "elsewhere"
    secret = corpus.write(elsewhere, "secret.toml", b'[[card]]\nid = "SECRET"\nname = 1\n')
    corpus.write(elsewhere, "secret.csv", b"id,name\nSECRET,1\n")
    shipped = asset("packs", "kyoukai")

    def pack(name: str) -> Path:
        dest = folder / "packs" / name
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(shipped, dest)
        return dest

    for group, file in ((corpus.CARD_FILES, "gates.toml"), (corpus.CSV_FILES, "cards.csv")):
        for name, make in group.items():
            p = pack("case")
            corpus.write(p, file, make()[0])
            _timed(t, opens, elsewhere, f"{file}: {name}", _check_pack(p))
    for suffix in (".toml", ".csv"):
        p = pack("leak")
        (p / f"leak{suffix}").symlink_to(secret.with_suffix(suffix))
        _timed(t, opens, elsewhere, f"a {suffix} linked from outside", _check_pack(p))
    for name, make in corpus.RECORDS.items():
        path = corpus.write(folder, "record.json", make()[0])
        _timed(t, opens, elsewhere, f"record: {name}", _check_record(path))
    for name, to in corpus.OUT_OF_RANGE.items():
        path = corpus.write(folder, "record.json", corpus.out_of_range_record(to))
        _timed(t, opens, elsewhere, f"record: first intent {name}", _check_record(path))
    outside = new_record("kyoukai", 1)
    p = pack("elsewhere-pack")
    shutil.rmtree(elsewhere / "pack", ignore_errors=True)
    shutil.move(p, elsewhere / "pack")
    path = folder / "outside.json"
    save_atomic(path, outside.model_copy(update={"options": {"pack": str(elsewhere / "pack")}}))
    _timed(t, opens, elsewhere, "record naming a pack outside", _check_record(path))
    for name, make in corpus.SETTINGS.items():
        path = corpus.write(folder, "settings.json", make()[0])
        _timed(t, opens, elsewhere, f"settings: {name}", _check_settings(path))

    # Random damage to real files.
    sources = sorted(shipped.glob("*.toml"))
    good_record = to_text(new_record("kyoukai", 1)).encode()
    for n in range(mutations):
        which = n % 3
        if which == 0:
            src = rng.choice(sources)
            p = pack("mutated")
            corpus.write(p, src.name, _mutate(src.read_bytes(), rng))
            _timed(t, opens, elsewhere, f"mutated {src.name} #{n}", _check_pack(p))
        elif which == 1:
            path = corpus.write(folder, "mutated.json", _mutate(good_record, rng))
            _timed(t, opens, elsewhere, f"mutated record #{n}", _check_record(path))
        else:
            path = corpus.write(folder, "settings.json", _mutate(b'{"width": 1600}', rng))
            _timed(t, opens, elsewhere, f"mutated settings #{n}", _check_settings(path))


# ---- the autosave journal ---------------------------------------------------------------
def journal(t: Tally, count: int, seed: int, folder: Path) -> None:
    rng = random.Random(seed)
    path = folder / "journal.json"
    live = Session.new("kyoukai", seed, autosave=path)
    seen = [live.record, *changes(live, seed)]
    data = path.read_bytes()
    after_base = data.index(MARKER.encode()) + len(MARKER) + 9
    damaged = folder / "damaged.json"
    for n in range(count):
        cut = n % 2 == 0
        if cut:
            at = rng.randrange(after_base, len(data) + 1)
            damaged.write_bytes(data[:at])
        else:
            at = rng.randrange(len(data))
            damaged.write_bytes(data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))])
                                + data[at + 1:])
        t.tried += 1
        try:
            record = load_record(damaged)
        except RecordError as e:
            if cut:
                t.lost += 1
                t.note(f"journal cut at byte {at}: refused ({e.message})")
            continue
        except Exception as e:  # noqa: BLE001 - counted
            t.crashed += 1
            t.note(f"journal {'cut' if cut else 'flip'} at byte {at}: {type(e).__name__}: {e}")
            continue
        if record not in seen:
            t.lost += 1
            t.note(f"journal {'cut' if cut else 'flip'} at byte {at}: another game")
    shipped = {name: asset("packs", name) for name in sorted(rules.GAMES)}
    for name, src in shipped.items():
        if not src.is_dir():
            continue
        pack = folder / "edited" / name
        shutil.rmtree(pack, ignore_errors=True)
        shutil.copytree(src, pack)
        live = Session.new(name, seed, {"pack": str(pack)})
        for _ in range(20):
            legal = live.rs.legal_intents(live.state)
            if not legal:
                break
            live.apply(rng.choice(legal))
        files = sorted(pack.glob("*.toml"))
        for target in rng.sample(files, min(4, len(files))):  # decks too
            t.tried += 1
            text = target.read_text(encoding="utf-8")
            target.write_text(_renumbered(text, rng), encoding="utf-8")
            try:
                question, _ = pack_question(live.record)
                # Silently (no question) or "as played", the replay must be the game played.
                if question in (None, "today") and \
                        replay_full(live.record).states != live.replayed.states:
                    t.lost += 1
                    t.note(f"{name}: {target.name} edited: replays as another game "
                           f"({'silently' if question is None else 'as played'})")
            except RecordError:
                pass  # a pack that no longer loads is a message
            except Exception as e:  # noqa: BLE001 - counted
                t.crashed += 1
                t.note(f"{name}: {target.name} edited: {type(e).__name__}: {e}")


def _renumbered(text: str, rng: random.Random) -> str:
    """``text`` with one small number after ``= `` changed (a designer's edit)."""
    spots = [m for m in re.finditer(r"= ([0-9])\n", text)]
    if not spots:
        return text
    m = rng.choice(spots)
    return text[:m.start(1)] + str((int(m.group(1)) + 1) % 10) + text[m.end(1):]


def _report(*tallies: Tally) -> None:
    for t in tallies:
        print(t.line(), flush=True)
        for note in t.notes:
            print(f"  {note}", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/fuzz.py")
    ap.add_argument("--games", type=int, default=200, help="random games per game (soak)")
    ap.add_argument("--illegal", type=int, default=2000, help="steps of the illegal pass")
    ap.add_argument("--mutations", type=int, default=300, help="randomly damaged files")
    ap.add_argument("--edges", type=int, default=200,
                    help="cases of each issue-33 pass (glyphs: ten times as many strings)")
    ap.add_argument("--journal", type=int, default=300, help="cut and damaged journals")
    ap.add_argument("--manual", type=int, default=200,
                    help="random walks of three manual steps each (manual pass)")
    ap.add_argument("--reloads", type=int, default=200,
                    help="games hot-reloaded while something waits to resolve (reload pass)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="a few seconds: what the tests run")
    args = ap.parse_args(argv)
    if args.quick:
        args.games, args.illegal, args.mutations, args.edges, args.journal = 2, 40, 30, 15, 30
        args.manual, args.reloads = 10, 5
    if hasattr(signal, "SIGALRM"):
        signal.signal(signal.SIGALRM, _stop)
    tallies = [Tally("soak"), Tally("illegal-apply"), Tally("illegal-record"), Tally("files"),
               Tally("refusals"), Tally("glyphs"), Tally("links"), Tally("simulate-args"),
               Tally("journal"), Tally("manual"), Tally("reload")]
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="playtable-fuzz-") as tmp:
        folder = Path(tmp)
        soak(tallies[0], args.games, args.seed, folder)
        _report(tallies[0])
        illegal(tallies[1], tallies[2], args.illegal, args.seed, folder)
        _report(tallies[1], tallies[2])
        files(tallies[3], args.mutations, args.seed, folder)
        _report(tallies[3])
        edges(tallies[4:8], args.edges, args.seed, folder)
        journal(tallies[8], args.journal, args.seed, folder)
        _report(tallies[8])
        fuzz_manual.manual(tallies[9], args.manual, args.seed, folder)
        _report(tallies[9])
        fuzz_reload.reloads(tallies[10], args.reloads, args.seed, folder)
        _report(tallies[10])
    total = {k: sum(getattr(t, k) for t in tallies)
             for k in ("tried", "crashed", "hung", "outside_reads", "lost", "wrong")}
    for t in tallies:
        for k, v in t.extra.items():
            total[k] = total.get(k, 0) + v
    extra = "".join(f"{k}={total[k]} " for k in sorted({k for t in tallies for k in t.extra}))
    print(f"RESULT tried={total['tried']} crashed={total['crashed']} hung={total['hung']} "
          f"outside_reads={total['outside_reads']} lost={total['lost']} "
          f"wrong={total['wrong']} {extra}seconds={time.monotonic() - started:.0f}")
    return 0 if not any(total[k] for k in total if k != "tried") else 1


def edges(tallies: list[Tally], count: int, seed: int, folder: Path) -> None:
    """The passes of tools/fuzz_edges.py, each timed and watched like the files pass."""
    opens = Opens()
    elsewhere = folder / "elsewhere-edges"

    def timed(t: Tally, what: str, check: Callable[[], object]) -> None:
        _timed(t, opens, elsewhere, what, check)

    refused, drawn, linked, simulated = tallies
    fuzz_edges.refusals(refused, count, seed, folder, timed)
    _report(refused)
    fuzz_edges.glyphs(drawn, count * 10, seed)
    _report(drawn)
    fuzz_edges.links(linked, count * 2, seed, folder, elsewhere, timed)
    _report(linked)
    try:
        fuzz_edges.simulate_args(simulated, count, seed, folder, timed)
    finally:
        fuzz_edges.close()
    _report(simulated)


if __name__ == "__main__":
    sys.exit(main())
