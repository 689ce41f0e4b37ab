"""``playtable``: open the table (main menu, or straight into a game with --players)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import rules
from game.session import GameConfig, Seat

SEATS: dict[str, Seat] = {"human": "human", "person": "human", "computer": "computer",
                          "cpu": "computer"}


EXAMPLES = """\
Without options the main menu opens. Examples:
  playtable --game krosmaster --players human,computer --seed 7
  playtable --game krosmaster --option map=arena   a game's own option
  playtable --continue                 the game you left, as you left it
  playtable check path/to/pack         every problem of a card pack, as file:line
  playtable print path/to/pack         the pack's cards as printable sheets
  playtable simulate --game kyoukai    1,000 games: which card is too strong (report/)
  playtable deck export path/to/pack --deck NAME    a deck as a text list
  playtable deck import list.txt --pack path/to/pack --out path/to/pack/deck-mine.toml
  playtable simulate --game kyoukai --variant "wandering_lion.attack=2"
                                       what if a card changed (paired games, report/)
  playtable replay FILE                watch a recorded game (as --replay FILE)
"""


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="playtable", description="A table for card and board "
                                 "games with the rules enforced.", epilog=EXAMPLES,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default=None, metavar="NAME",
                    help=f"the game to play: {' or '.join(rules.GAMES)} (default: the first "
                         "registered one)")
    ap.add_argument("--seed", type=int, default=None, metavar="N",
                    help="the shuffle and dice seed: the same seed deals the same game "
                         "(starts that game, skipping the menu)")
    ap.add_argument("--players", default=None, metavar="SEATS",
                    help="two comma-separated seats, human or computer (skips the menu)")
    ap.add_argument("--decks", default=None, metavar="NAMES", help="two comma-separated deck names")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="one of the game's own options, checked against it (repeat for "
                         "more; starts that game)")
    ap.add_argument("--pack", type=Path, default=None, metavar="FOLDER",
                    help="play with the card pack in this folder (starts a game; saved card "
                         "files reload into it)")
    ap.add_argument("--record", type=Path, default=None, metavar="FILE",
                    help="also write the game record here (it is always autosaved in the "
                         "user data folder)")
    ap.add_argument("--continue", dest="resume", action="store_true",
                    help="resume the autosaved game (\"Continue last game\")")
    ap.add_argument("--open", type=Path, default=None, metavar="FILE", help="open a saved game")
    ap.add_argument("--replay", type=Path, default=None, metavar="FILE", help="watch a saved game")
    ap.add_argument("--progress", action="store_true",
                    help="print 'saved N' after every autosave (for tests)")
    ap.add_argument("--layout-out", type=Path, default=None, metavar="FILE",
                    help="write screen positions of pieces and zones here (for tests)")
    ap.add_argument("--agent-delay", type=float, default=0.6, metavar="SECONDS",
                    help="seconds each computer decision stays visible")
    ap.add_argument("--no-auto-pass", action="store_true",
                    help="ask a person even when Pass is all they can do")
    ap.add_argument("--size", default=None, metavar="WxH",
                    help="window size, e.g. 1280x720 (default: the one in Settings)")
    ap.add_argument("--quit-after-seconds", type=float, default=None, metavar="SECONDS",
                    help="close the window after this many seconds (for tests and demos)")
    ap.add_argument("--smoke", action="store_true",
                    help="check the program: open the menu, let the computer play a few moves "
                         "of each game, go back, quit (exit 1 on any error; headless when "
                         "there is no display)")
    ap.add_argument("--smoke-menu-time", action="store_true",
                    help="open the menu, draw it once, print how long that took, quit")
    return ap


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    return parser().parse_args(argv)


def config(args: argparse.Namespace) -> GameConfig | None:
    """The game to start right away, or None for the main menu."""
    if args.players is None and args.seed is None and args.record is None and \
            args.pack is None and not args.option:
        return None
    seats_raw = (args.players or "human,computer").split(",")
    if len(seats_raw) != 2 or any(s.strip().lower() not in SEATS for s in seats_raw):
        raise SystemExit(f"--players needs two of human/computer, got {args.players!r}")
    seats = tuple(SEATS[s.strip().lower()] for s in seats_raw)
    options: dict[str, object] = {}
    if args.decks:
        options["decks"] = [d.strip() for d in args.decks.split(",")]
    if args.pack is not None:
        options["pack"] = str(args.pack)
    from game.layouts import playable

    if args.game is not None and args.game not in playable():
        raise SystemExit(f"--game: unknown game {args.game!r}; known: {', '.join(playable())}")
    game = args.game or GameConfig().game
    if args.option:
        from rules.core.options import from_text

        info = rules.registry.info(game)
        try:
            options.update(from_text(info.options, args.option, info.title))
        except ValueError as e:
            raise SystemExit(str(e)) from None
    seed = args.seed if args.seed is not None else 1
    return GameConfig(game=game, seed=seed,
                      seats=(seats[0], seats[1]), options=options, record=args.record,
                      agent_delay=args.agent_delay, auto_pass=not args.no_auto_pass,
                      progress=args.progress)


def defaults(args: argparse.Namespace) -> GameConfig:
    """Delays and switches for games opened from records or the menu."""
    return GameConfig(game=args.game, agent_delay=args.agent_delay,
                      auto_pass=not args.no_auto_pass, progress=args.progress)


def tool(argv: list[str]) -> int | None:
    """``playtable check PATH``, ``print PATH``, ``simulate``, ``host`` and ``deck
    export|import``; None for anything else."""
    if argv[:1] == ["check"]:
        from rules.cli.check import check_command

        ap = argparse.ArgumentParser(prog="playtable check", description="Check a card pack: "
                                     "every problem as file:line, exit 1 if there is any.")
        ap.add_argument("path", type=Path, help="a pack folder, or one card/deck file")
        ap.add_argument("--game", default=None, help="default: from pack.toml or the folder")
        a = ap.parse_args(argv[1:])
        return check_command(a.path, a.game)
    if argv[:1] == ["print"]:
        from game.printing import main as print_main

        return print_main(argv[1:])
    if argv[:1] == ["deck"]:
        from game.deck_cli import main as deck_main

        return deck_main(argv[1:])
    if argv[:1] == ["simulate"]:
        from rules.cli.simulate import main as simulate_main

        return simulate_main(argv[1:])
    if argv[:1] == ["host"]:
        from game.net.cli import main as host_main

        return host_main(argv[1:])
    return None


def replay_command(argv: list[str]) -> list[str]:
    """``playtable replay FILE [options]`` as ``playtable --replay FILE [options]``."""
    ap = argparse.ArgumentParser(prog="playtable replay",
                                 description="Watch a recorded game in the replay viewer "
                                 "(the same as playtable --replay FILE): a saved game, or an "
                                 "example game of a simulation report.")
    ap.add_argument("file", type=Path, help="the game record (a .json file)")
    known, rest = ap.parse_known_args(argv)
    return ["--replay", str(known.file), *rest]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    done = tool(argv)
    if done is not None:
        return done
    if argv[:1] == ["replay"]:
        argv = replay_command(argv[1:])
    args = parse(argv)
    if args.smoke or args.smoke_menu_time:
        from game.smoke import run as smoke

        return smoke(menu_time_only=args.smoke_menu_time)
    opening = args.resume or args.open is not None or args.replay is not None
    cfg = None if opening else config(args)
    from game.app import App

    size = None
    if args.size:
        w, h = (int(x) for x in args.size.lower().split("x"))
        size = (w, h)
    app = App(size, layout_out=args.layout_out, game=cfg, resume=args.resume,
              defaults=defaults(args))
    if args.open is not None:
        app.files.open_path(args.open, "play")
    elif args.replay is not None:
        app.files.open_path(args.replay, "replay")
    if args.progress and args.resume:
        from game.scenes.table import TableScene

        scene = app.scene
        n = len(scene.session.intents) if isinstance(scene, TableScene) else -1
        print(f"resumed {n}", flush=True)
    app.run(quit_after=args.quit_after_seconds)
    return 0


if __name__ == "__main__":
    # In the packaged executable the computer's search worker (a spawned process) starts this
    # same program: freeze_support runs the worker's code instead of the table (PyInstaller
    # makes it work on Linux and macOS too), before any argument is parsed.
    import multiprocessing

    multiprocessing.freeze_support()
    sys.exit(main())
