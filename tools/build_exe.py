#!/usr/bin/env python3
"""Build the one-file desktop executable: ``dist/playtable`` (``dist/playtable.exe`` on Windows).

    python tools/build_exe.py            # or: make exe
    python tools/build_exe.py --check    # then run it: --smoke, and time it to the menu

PyInstaller bundles Python, the code (game/, rules/), its libraries and the shipped data
(assets/: card packs, maps, UI theme, sounds) into one file that unpacks itself when started;
the program finds the data through ``rules.core.paths.asset``. Left out: what the program never
imports (tkinter, unittest, pydoc, test packages, numpy, the developer tools), pygame's
docs/examples/tests, and pygame-gui's fonts for scripts no pack uses (its CJK, Arabic,
Hebrew and Georgian Noto fonts are ~40 MB; the theme uses the default Latin font).

PyInstaller is installed into the running Python (the project's .venv) when missing. The spec
is written to build/playtable.spec; build/ and dist/ are not kept in git.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from shutil import which

ROOT = Path(__file__).resolve().parents[1]
NAME = "playtable"
PYINSTALLER = "pyinstaller>=6.10"

# Modules the program never imports at run time (some are pulled in by optional imports).
EXCLUDES = [
    "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib", "unittest", "doctest", "pydoc",
    "pydoc_data", "test", "tests", "lib2to3", "ensurepip", "venv", "distutils", "setuptools",
    "pkg_resources", "pip", "numpy", "pytest", "_pytest", "hypothesis", "mypy", "ruff",
    "IPython", "matplotlib", "dask", "distributed", "pygame.tests", "pygame.examples",
    "pygame.docs", "pygame._camera_opencv", "PIL.ImageTk", "PIL.ImageQt", "PIL._avif",
    "PIL.AvifImagePlugin",
]

# pygame-gui's bundled fonts: always the Latin Noto Sans (its default font) and Fira Code (its
# symbols font); the others only when a card pack has text in their script.
GUI_FONTS_ALWAYS = ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf",
                    "NotoSans-BoldItalic.ttf", "FiraCode-Regular.ttf"]
SCRIPT_FONTS: dict[str, tuple[str, list[str]]] = {
    # script: (characters that need it, the fonts)
    "japanese": ("\u3040-\u30ff", ["NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf"]),
    "korean": ("\uac00-\ud7af\u1100-\u11ff", ["NotoSansKR-Regular.ttf", "NotoSansKR-Bold.ttf"]),
    "chinese": ("\u4e00-\u9fff", ["NotoSansSC-Regular.otf", "NotoSansSC-Bold.otf"]),
    "arabic": ("\u0600-\u06ff", ["NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf"]),
    "hebrew": ("\u0590-\u05ff", ["NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf"]),
    "georgian": ("\u10a0-\u10ff", ["NotoSansGeorgian-Regular.ttf",
                                   "NotoSansGeorgian-Bold.ttf"]),
}


def scripts_in_packs(assets: Path) -> list[str]:
    """Scripts other than Latin that the shipped packs' text uses."""
    text = "".join(p.read_text(encoding="utf-8", errors="replace")
                   for p in sorted((assets / "packs").rglob("*"))
                   if p.suffix in (".toml", ".csv", ".json", ".txt"))
    return [name for name, (chars, _) in SCRIPT_FONTS.items() if re.search(f"[{chars}]", text)]


def theme_font_files(theme: Path) -> list[str]:
    """Font files the UI theme names (``font`` blocks' ``*_path``/``*_resource`` entries)."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if isinstance(v, str) and k.endswith(("_path", "_resource")):
                    found.append(Path(v.split(":")[-1]).name)
                else:
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(json.loads(theme.read_text(encoding="utf-8")))
    return found


def gui_fonts(assets: Path) -> list[str]:
    keep = list(GUI_FONTS_ALWAYS) + theme_font_files(assets / "ui" / "theme.json")
    for script in scripts_in_packs(assets):
        keep += SCRIPT_FONTS[script][1]
    return sorted(set(keep))


def ensure_pyinstaller() -> None:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print(f"installing {PYINSTALLER} into {sys.prefix}", flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", PYINSTALLER], check=True)


SPEC = """\
# Written by tools/build_exe.py; edit that file instead.
import os
from PyInstaller.utils.hooks import collect_submodules

ROOT = {root!r}
KEEP_FONTS = {fonts!r}
DROP = ("pygame/docs/", "pygame/examples/", "pygame/tests/", "/__pycache__/")


def wanted(dest):
    dest = dest.replace(os.sep, "/")
    if any(part in dest for part in DROP):
        return False
    if dest.startswith("pygame_gui/data/") and dest.endswith((".ttf", ".otf")):
        return os.path.basename(dest) in KEEP_FONTS  # pygame-gui's own hook takes them all
    return True


a = Analysis(
    [os.path.join(ROOT, "game", "__main__.py")],
    pathex=[ROOT],
    datas=[(os.path.join(ROOT, "assets"), "assets")],
    # All of our own modules: the games are imported by name (rules.registry.SHIPPED, as the
    # bundle has no package metadata, and each GameInfo's import strings), out of sight of
    # PyInstaller's import scan.
    hiddenimports=collect_submodules("rules") + collect_submodules("game")
    # Network play: zeroconf's compiled modules import each other out of the scan's sight,
    # and websockets imports its parts lazily (a network game in the smoke checks both).
    + collect_submodules("zeroconf") + collect_submodules("websockets"),
    excludes={excludes!r},
    optimize=1,
)
a.datas = [d for d in a.datas if wanted(d[0])]
pyz = PYZ(a.pure)
exe = EXE(
    pyz, a.scripts, a.binaries, a.datas, [],
    name={name!r},
    console={console!r},
    strip={strip!r},
    upx=False,
    runtime_tmpdir=None,
)
"""


def write_spec(build: Path) -> Path:
    fonts = gui_fonts(ROOT / "assets")
    spec = build / f"{NAME}.spec"
    build.mkdir(parents=True, exist_ok=True)
    spec.write_text(SPEC.format(root=str(ROOT), fonts=fonts, excludes=EXCLUDES, name=NAME,
                                console=sys.platform != "win32",  # Windows: no console window
                                strip=sys.platform.startswith("linux") and bool(which("strip"))),
                    encoding="utf-8")
    return spec


def executable() -> Path:
    return ROOT / "dist" / (NAME + (".exe" if sys.platform == "win32" else ""))


def build(clean: bool = False) -> Path:
    ensure_pyinstaller()
    spec = write_spec(ROOT / "build")
    args = [sys.executable, "-m", "PyInstaller", str(spec), "--noconfirm", "--log-level", "WARN",
            "--distpath", str(ROOT / "dist"), "--workpath", str(ROOT / "build" / "pyinstaller")]
    if clean:
        args.append("--clean")
    subprocess.run(args, check=True, cwd=ROOT)
    return executable()


def time_to_menu(exe: Path, runs: int = 3) -> float:
    """Best of ``runs``: seconds from starting the executable to its first menu frame (the line
    ``--smoke-menu-time`` prints after drawing it), unpacking included."""
    best = float("inf")
    for _ in range(runs):
        t0 = time.monotonic()
        proc = subprocess.Popen([str(exe), "--smoke-menu-time"], stdout=subprocess.PIPE,
                                text=True, env=_headless_env())
        assert proc.stdout is not None
        seen = None
        for line in proc.stdout:
            if "menu shown" in line and seen is None:
                seen = time.monotonic() - t0
        if proc.wait() != 0 or seen is None:
            raise SystemExit(f"{exe} --smoke-menu-time failed (exit {proc.returncode})")
        best = min(best, seen)
    return best


def _headless_env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    return env


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("--clean", action="store_true", help="rebuild from scratch")
    ap.add_argument("--check", action="store_true",
                    help="then run the executable: --smoke, and the time to the menu")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    exe = build(args.clean)
    took = time.monotonic() - t0
    size = os.path.getsize(exe)
    print(f"built {exe.relative_to(ROOT)}: {size / 2**20:.1f} MiB in {took:.0f} s", flush=True)
    if args.check:
        subprocess.run([str(exe), "--smoke"], check=True, env=_headless_env())
        print(f"time to the menu: {time_to_menu(exe):.2f} s (best of 3)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
