"""tools/build_exe.py's choices, without running PyInstaller: which pygame-gui fonts ship."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("build_exe", ROOT / "tools" / "build_exe.py")
assert _spec is not None and _spec.loader is not None
build_exe = importlib.util.module_from_spec(_spec)
sys.modules["build_exe"] = build_exe
_spec.loader.exec_module(build_exe)


def test_the_shipped_packs_need_only_the_latin_gui_fonts() -> None:
    fonts = build_exe.gui_fonts(ROOT / "assets")
    assert "NotoSans-Regular.ttf" in fonts and "NotoSans-Bold.ttf" in fonts
    assert not any(f.startswith(("NotoSansJP", "NotoSansSC", "NotoSansKR", "NotoSansArabic"))
                   for f in fonts)


def test_a_pack_with_japanese_text_keeps_the_japanese_font(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    (tmp_path / "assets" / "packs" / "kyoukai" / "extra.toml").write_text(
        '[[card]]\nname = "きつね"\n', encoding="utf-8")
    assert build_exe.scripts_in_packs(tmp_path / "assets") == ["japanese"]
    assert "NotoSansJP-Regular.otf" in build_exe.gui_fonts(tmp_path / "assets")


def test_the_spec_drops_what_the_program_does_not_use(tmp_path: Path) -> None:
    spec = build_exe.write_spec(tmp_path).read_text(encoding="utf-8")
    compile(spec, "playtable.spec", "exec")  # valid Python for PyInstaller
    for name in ("tkinter", "unittest", "pydoc", "numpy", "pygame.tests"):
        assert repr(name) in spec
    assert "(os.path.join(ROOT, \"assets\"), \"assets\")" in spec
    # rules.<game>.pack is imported by name: every module of ours must be bundled
    assert 'collect_submodules("rules") + collect_submodules("game")' in spec
    # network play: LAN discovery and the websocket transport, imported out of the scan's sight
    assert 'collect_submodules("zeroconf")' in spec
    assert 'collect_submodules("websockets")' in spec
