"""The deck screen: a pack's cards as faces, filtered by type and text; click a card to add a
copy, right-click (or click its line in the deck list) to take one out. Every change is checked
with the game's own deck rules (the format's ``load_decks``, as for a deck file in the pack): a
change that breaks a rule is refused with the rule's message; a deck that is not complete yet
says what is missing. Save writes ``<deck key>-<name>.toml`` to the pack folder, or to the user
data folder for the shipped pack; the menu lists it from then on."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from game import simulating
from game.draw.cards import spec_of
from game.draw.palette import ERROR, GOLD, INK, INK_DIM, PANEL, PANEL_EDGE
from game.draw.scale import px, pxs
from game.draw.text import TEXT, fit, wrap
from game.input.focus import ENTER_KEYS, FocusRing
from game.layouts import title_of
from game.packs import (
    DeckChecker,
    deck_toml,
    decks_of,
    fmt_of,
    game_options,
    is_shipped,
    new_problem,
    save_folder,
    slug,
)
from game.scenes.base import Scene
from game.session import GameConfig
from game.userdata import data_dir
from rules.core.cards import read_toml
from rules.core.decklist import Entry, read, text_of
from rules.core.errors import DataError
from rules.sim.simulation import Request, base_options, cards_of, check, prepare
from rules.sim.suggest import candidates

if TYPE_CHECKING:
    from game.app import App

NEW_DECK = "New deck"
ALL_TYPES = "All types"
# design pixels at UI scale 1.0 (px scales them)
CARD_SIZE = (132, 185)
CARD_GAP = 10
SIDE = 330
GRID_TOP = 96  # the grid starts under the title and the filter row
SIDE_BOTTOM = 190  # under the deck panel: the what-if entry, the experiment, vs and buttons
SIM_GAMES = 300  # "Simulate…": enough games to flag a card far off, done in a minute or two
SIM_AGENTS = ("greedy", "greedy")
# What "Simulate…" asks (the menu above it) and how many paired games each plays per arm:
# a what-if's interval is a few points wide at 300 pairs; an ablation plays a deck's 15-20
# cards, a search a hundred candidates or more, so they play fewer pairs each.
REPORT, WHAT_IF, WORTH, SUGGEST = ("Balance report", "What if…", "Each card's worth",
                                   "Suggest fixes")
EXPERIMENTS = (REPORT, WHAT_IF, WORTH, SUGGEST)
PAIRS = {WHAT_IF: 300, WORTH: 100, SUGGEST: 100}
# The experiments that take a typed line, and what the empty field says.
TYPED = {WHAT_IF: "card.field=value: wandering_lion.attack=2",
         SUGGEST: "fields: attack,defense (empty: all)"}
EXPERIMENT_TIPS = {
    REPORT: f"{SIM_GAMES} games of this deck against the other: which card wins more when "
            "played, with the 17lands figures (GIH WR, IWD)",
    WHAT_IF: f"{PAIRS[WHAT_IF]} pairs of games, the pack as it is and with your change "
             "(card.field=value): what the change does to the win rate, with its interval",
    WORTH: f"{PAIRS[WORTH]} pairs per card: each card of this deck taken out in turn, ranked "
           "by how much the deck's win rate drops without it (several minutes)",
    SUGGEST: "searches the single changes (a card's number moved by 1 or 2 steps) that bring "
             "the two decks closest to even, and confirms the best (many minutes; name a "
             "few fields to search fewer)",
}


def _card() -> tuple[int, int]:
    return pxs(*CARD_SIZE)
OK_COLOUR = (130, 210, 140)


def _text(face: Any) -> str:
    parts = [face["title"], face["type"], face["kind"], face["flavour"]]
    parts += [f"{b['title']} {b['tag']} {b['text']}" for b in face["blocks"]]
    return " ".join(parts).lower()


class DeckScene(Scene):
    shows_simulation = True  # its status line follows the run; it opens the report itself
    # the widgets ``build`` makes (and makes again at another window size)
    back_button: UIButton
    type_menu: UIDropDownMenu
    filter: UITextEntryLine
    deck_menu: UIDropDownMenu
    name_entry: UITextEntryLine
    clear_button: UIButton
    save_button: UIButton
    vs_menu: UIDropDownMenu
    sim_button: UIButton
    copy_button: UIButton
    paste_button: UIButton
    exp_menu: UIDropDownMenu  # what "Simulate…" asks
    what_entry: UITextEntryLine  # the line the what-if (or the search's fields) is typed in

    def __init__(self, app: App, game: str, folder: Path, back: GameConfig | None = None,
                 deck: str | None = None) -> None:
        super().__init__(app)
        self.game, self.folder, self.back = game, folder, back
        self.fmt = fmt_of(game)
        found = decks_of(game, folder)
        self.pack = found.pack
        self.models: dict[str, Any] = found.models
        self.load_errors = found.errors
        self.cards: dict[str, Any] = dict(self.pack.cards) if self.pack is not None else {}
        self.faces = {cid: self.fmt.face(c) for cid, c in self.cards.items()} \
            if self.fmt is not None else {}
        art = self.pack.folder if self.pack is not None else None
        self.specs = {cid: spec_of(f, art) for cid, f in self.faces.items()}
        self.search = {cid: _text(f) for cid, f in self.faces.items()}
        self.kinds = sorted({f["kind"] for f in self.faces.values()})
        self.checker: DeckChecker | None = None
        if self.fmt is not None and self.pack is not None:
            try:
                self.checker = DeckChecker(self.fmt, self.cards)
            except KeyError as e:
                self.load_errors = [str(e.args[0])]
        self.kind = ALL_TYPES
        self.text = ""
        self.scroll = 0
        self.copies: list[str] = []
        # lines of a pasted list that name no card of the pack: shown, kept, copied back out
        self.placeholders: list[Entry] = []
        self.problems: list[str] = []
        self.status = ""
        self.status_error = False
        self.saved: Path | None = None
        self.card_rects: dict[str, pygame.Rect] = {}
        self.line_rects: list[tuple[str | Entry, pygame.Rect]] = []
        self.hover: str | None = None
        self.elements: list[Any] = []
        self.user_decks = found.user
        names = list(self.models)
        # The deck "Simulate…" plays against: the second deck (the first for a mirror).
        self.versus = names[1] if len(names) > 1 else (names[0] if names else None)
        self.experiment = REPORT  # what "Simulate…" asks (EXPERIMENTS)
        self.deck_choice = deck if deck in self.models else NEW_DECK  # the Deck menu's pick
        self.typed = dict.fromkeys(TYPED, "")  # what was typed for each experiment that asks
        self.shown_typed = REPORT
        self.run = simulating.CURRENT  # a run started here earlier goes on
        self.run_seen: tuple[int, Path | None, str | None] | None = None
        self.build()
        self.open_deck(deck if deck in self.models else None)
        self.grid = CardGrid(self)
        self.focus = FocusRing(app.manager, lambda: [
            self.type_menu, self.filter, self.grid if self.shown() else None, self.deck_menu,
            self.name_entry, self.what_entry if self.experiment in TYPED else None,
            self.exp_menu, self.vs_menu, self.sim_button, self.clear_button,
            self.save_button, self.copy_button, self.paste_button, self.back_button])

    # ---- the deck ---------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.name_entry.get_text().strip() or "My deck"

    def open_deck(self, name: str | None) -> None:
        self.placeholders = []
        if name is None or self.fmt is None or self.fmt.deck_cards is None:
            self.copies = []
        else:
            self.copies = list(self.fmt.deck_cards(self.models[name]))
            self.name_entry.set_text(name)
        self._check()

    def _check(self, said: str | None = None) -> None:
        self.problems = self.checker.problems(self.name, self.copies) if self.checker else []
        self.problems = [f"line {e.line}: {e.problem}" for e in self.placeholders] + \
            self.problems
        if said is not None:
            self.status, self.status_error = said, True
        elif self.problems:
            self.status = f"Not a legal deck yet: {in_words(self.problems[0])}"
            self.status_error = False
        else:
            self.status, self.status_error = f"Legal deck: {len(self.copies)} cards.", False

    def count(self, cid: str) -> int:
        return self.copies.count(cid)

    def add(self, cid: str) -> bool:
        """One more copy of ``cid``; False (and the rule's message) when a rule forbids it."""
        if self.checker is None:
            return False
        cand = self.checker.normalise(self.name, [*self.copies, cid])
        after = self.checker.problems(self.name, cand)
        # The first card of a deck is always welcome (an empty deck breaks rules of its own).
        broken = new_problem(self.problems, after) if self.copies else None
        if broken is not None:
            self._check(said=f"Can't add {self.faces[cid]['title']}: {broken}")
            return False
        self.copies = cand
        self._check()
        return True

    def remove(self, cid: str) -> bool:
        if cid not in self.copies:
            return False
        at = len(self.copies) - 1 - self.copies[::-1].index(cid)
        del self.copies[at]
        self._check()
        return True

    def save(self) -> Path | None:
        """Write the deck (only a legal one) and return its file; None with a message."""
        if self.checker is None or self.fmt is None:
            return None
        name = self.name
        problems = [f"line {e.line} of the pasted list: {e.problem}; fix or remove it"
                    for e in self.placeholders] + self.checker.problems(name, self.copies)
        if problems:
            self._check(said=f"Not saved: {problems[0]}")
            return None
        folder = save_folder(self.game, self.folder)
        target = folder / f"{self.fmt.deck_key}-{slug(name)}.toml"
        if name in self.models and name not in _names_in(target, self.fmt.deck_key):
            self._check(said=f"Not saved: a deck named {name!r} is already in the pack; "
                             "choose another name.")
            return None
        text = (f"# Built on the deck screen. Check it with: playtable check "
                f"\"{self.folder}\"\n" + deck_toml(self.fmt, self.checker.table(name,
                                                                                self.copies)))
        try:
            folder.mkdir(parents=True, exist_ok=True)
            tmp = target.with_name(f".{target.name}.tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(target)
        except OSError as e:
            self._check(said=f"Not saved: {e}")
            return None
        found = decks_of(self.game, self.folder)
        if name not in found.names:
            self._check(said="Saved, but the pack does not load it: " +
                        "; ".join(found.errors[:2]))
            return target
        self.models = found.models
        self.user_decks = found.user
        self.saved = target
        self._rebuild_deck_menu(name)
        self.status, self.status_error = f"Saved {target.name}: pick it in the menu.", False
        return target

    # ---- the deck as text ---------------------------------------------------------------------
    def list_text(self) -> str:
        """The deck as a text list (``rules.core.decklist``), placeholders kept."""
        if self.fmt is None:
            return ""
        return text_of(self.fmt, self.cards, self.copies, self.placeholders)

    def copy_list(self) -> None:
        text = self.list_text()
        try:
            pygame.scrap.put_text(text)
        except pygame.error as e:
            self._check(said=f"Could not copy the list: {e}")
            return
        n = len(text.splitlines())
        self.status, self.status_error = (f"Copied the list ({n} line{'s' * (n != 1)}): "
                                          f"paste it anywhere."), False

    def paste_list(self, text: str | None = None) -> None:
        """The deck becomes the list ``text`` (default: the clipboard's); lines that name no
        card stay in it as placeholders, each reported with its line."""
        if self.fmt is None:
            return
        if text is None:
            try:
                text = pygame.scrap.get_text()
            except pygame.error as e:
                self._check(said=f"Could not read the clipboard: {e}")
                return
        got = read(text or "", self.fmt, self.cards)
        if not got.entries:
            self._check(said="The clipboard holds no deck list ('count name' lines).")
            return
        self.copies = got.copies()
        self.placeholders = list(got.placeholders)
        self._check()
        if got.problems:
            n = len(got.problems)
            self.status = f"Pasted, {n} problem{'s' * (n != 1)}: {got.problems[0]}"
            self.status_error = True

    # ---- UI ---------------------------------------------------------------------------------
    def build(self) -> None:
        keep = self.name_entry.get_text() if self.elements else "My deck"
        if self.elements and self.shown_typed in TYPED:
            self.typed[self.shown_typed] = self.what_entry.get_text()
        for e in self.elements:
            e.kill()
        m = self.app.manager
        w, h = self.app.size
        sx, side = w - px(SIDE), px(SIDE)
        self.back_button = UIButton(pygame.Rect(w - px(110), px(14), px(96), px(36)), "Menu",
                                    manager=m)
        self.copy_button = UIButton(pygame.Rect(w - px(330), px(14), px(106), px(36)),
                                    "Copy list", manager=m,
                                    tool_tip_text="The deck as text ('count name' lines) to "
                                                  "the clipboard")
        self.paste_button = UIButton(pygame.Rect(w - px(218), px(14), px(100), px(36)),
                                     "Paste list", manager=m,
                                     tool_tip_text="A deck list from the clipboard: 'count "
                                                   "name' lines, '# Part' headers")
        self.type_menu = UIDropDownMenu([ALL_TYPES, *(k.capitalize() for k in self.kinds)],
                                        self.kind if self.kind == ALL_TYPES
                                        else self.kind.capitalize(),
                                        pygame.Rect(px(16), px(56), px(200), px(32)), manager=m)
        self.filter = UITextEntryLine(pygame.Rect(px(226), px(56), min(px(300), sx - px(250)),
                                                  px(32)), manager=m,
                                      placeholder_text="Filter by text…",
                                      initial_text=self.text)
        self.elements = [self.back_button, self.copy_button, self.paste_button, self.type_menu,
                         self.filter]
        lab = UILabel(pygame.Rect(sx + px(8), px(56), px(60), px(32)), "Deck", manager=m)
        chosen_deck = self.deck_choice if self.deck_choice in self.models else NEW_DECK
        self.deck_menu = UIDropDownMenu([NEW_DECK, *self.models], chosen_deck,
                                        self._deck_rect(), manager=m)
        lab2 = UILabel(pygame.Rect(sx + px(8), px(96), px(60), px(32)), "Name", manager=m)
        self.name_entry = UITextEntryLine(self._deck_rect().move(0, px(40)), manager=m,
                                          initial_text=keep)
        self.clear_button = UIButton(pygame.Rect(sx + px(8), h - px(52), px(110), px(40)),
                                     "Clear", manager=m)
        self.save_button = UIButton(pygame.Rect(sx + px(126), h - px(52), side - px(142),
                                                px(40)),
                                    "Save deck", manager=m, object_id="#start_button")
        self.elements += [lab, self.deck_menu, lab2, self.name_entry, self.clear_button,
                          self.save_button]
        vs: list[str | tuple[str, str]] = [f"vs {n}" for n in self.models] or ["vs (no deck)"]
        chosen = f"vs {self.versus}" if self.versus in self.models else vs[0]
        self.vs_menu = UIDropDownMenu(vs, chosen, pygame.Rect(sx + px(8), h - px(96),
                                                              side - px(142), px(36)),
                                      manager=m)
        running = self.run is not None and self.run.progress().running
        self.sim_button = UIButton(pygame.Rect(sx + side - px(126), h - px(96), px(110),
                                               px(36)), "Stop" if running else "Simulate…",
                                   manager=m, tool_tip_text=EXPERIMENT_TIPS[self.experiment])
        asks = self.experiment in TYPED
        self.exp_menu = UIDropDownMenu(list(EXPERIMENTS), self.experiment,
                                       pygame.Rect(sx + px(8), h - px(180 if asks else 138),
                                                   side - px(24), px(36)), manager=m)
        self.what_entry = UITextEntryLine(pygame.Rect(sx + px(8), h - px(138), side - px(24),
                                                      px(36)), manager=m,
                                          placeholder_text=TYPED.get(self.experiment, ""),
                                          initial_text=self.typed.get(self.experiment, ""))
        self.shown_typed = self.experiment
        if not asks:
            self.what_entry.hide()
        self.elements += [self.vs_menu, self.sim_button, self.exp_menu, self.what_entry]

    # ---- balance simulation ---------------------------------------------------------------
    def simulate(self) -> bool:
        """Start "Simulate…" for the deck on screen (a saved one) against ``versus``; False
        with a message when it cannot start."""
        name = self.name
        model = self.models.get(name)
        if model is None or self.fmt is None or self.fmt.deck_cards is None or \
                sorted(self.fmt.deck_cards(model)) != sorted(self.copies):
            self._check(said="Save the deck first: the simulation plays saved decks.")
            return False
        if self.versus is None:
            self._check(said="There is no deck to play against.")
            return False
        opts = game_options(self.game, self.folder, [name, self.versus], self.user_decks)
        kind = {REPORT: "", WHAT_IF: "what-if", WORTH: "worth", SUGGEST: "suggest"}[
            self.experiment]
        out = data_dir() / "simulations" / self.game / slug(
            f"{name} vs {self.versus}{' ' + kind if kind else ''}")
        req = Request(game=self.game, games=SIM_GAMES, decks=(name, self.versus),
                      agents=SIM_AGENTS,
                      pack=Path(opts["pack"]) if "pack" in opts else None,
                      deck_folder=Path(opts["deck_folder"]) if "deck_folder" in opts else None,
                      workers=simulating.background_workers(), out=out)
        if self.experiment == WHAT_IF:
            text = self.what_entry.get_text().strip()
            if not text:
                self._check(said="Type a change first, e.g. wandering_lion.attack=2 "
                                 "(card.field=value; commas between several).")
                return False
            req = dataclasses.replace(req, games=PAIRS[WHAT_IF], variants=(text,))
        elif self.experiment == WORTH:
            req = dataclasses.replace(req, games=PAIRS[WORTH], ablate="A")
        elif self.experiment == SUGGEST:
            fields = tuple(f.strip() for f in self.what_entry.get_text().split(",")
                           if f.strip())
            req = dataclasses.replace(req, games=PAIRS[SUGGEST], suggest=True,
                                      suggest_fields=fields)
        try:  # what was typed is checked here, so a mistake is said at once
            check(req)
            prep = prepare(dataclasses.replace(req, suggest=False, suggest_fields=()))
            if req.suggest and not candidates(cards_of(self.game, base_options(req),
                                                       prep.settings.decks),
                                              req.suggest_fields):
                raise ValueError(f"no card of the two decks has a whole-number field named "
                                 f"{', '.join(req.suggest_fields)}")
        except (ValueError, DataError) as e:
            words = "; ".join(e.errors[:2]) if isinstance(e, DataError) else str(e)
            self._check(said=f"Can't simulate: {words.removeprefix('options:1: ')}")
            return False
        self.run = simulating.start(req)
        self.run.finish = self._finish_report  # on whichever screen the report is opened
        self.run_seen = None
        self.sim_button.set_text("Stop")
        self.status = f"Simulating{asked(req)}: {name} vs {self.versus}…"
        self.status_error = False
        return True

    def update(self, dt: float) -> None:
        if self.run is None:
            return
        st = self.run.progress()
        seen = (st.done, st.report, st.error)
        if seen == self.run_seen:
            return
        self.run_seen = seen
        self.dirty = True
        if st.running:
            self.status = f"Simulating{asked(self.run.req)}: {st.done}/{st.total} games{eta(st)}"
            self.status_error = False
            return
        self.sim_button.set_text("Simulate…")
        if st.error is not None:
            self.status, self.status_error = f"Simulation failed: {st.error}", True
            return
        assert st.report is not None
        if not self.run.opened:
            self.run.opened = True
            simulating.open_report(self.run.page())
        stopped = " (stopped early)" if st.stopped else ""
        self.status = f"Report{stopped}: {st.report}"
        self.status_error = False

    def _finish_report(self, report: Path) -> Path:
        """The page to open: the report with each card's line linked to its face."""
        return simulating.with_faces(report, self._report_faces(report), pygame.image.save)

    def _report_faces(self, report: Path) -> dict[str, Any]:
        """Each card of the report that has a face in this pack (by id, or by name where
        the game keys cards by name), drawn at the zoom's size."""
        rows = json.loads((report.parent / "summary.json").read_text(encoding="utf-8"))
        by_title = {f["title"]: cid for cid, f in self.faces.items()}
        out = {}
        for row in rows["cards"]:
            cid = row["card"] if row["card"] in self.specs else by_title.get(row["card"])
            if cid is not None:
                out[row["card"]] = self.app.faces.face(self.specs[cid], pxs(250, 350))
        return out

    def _deck_rect(self) -> pygame.Rect:
        """The deck choice's place (the name field is under it)."""
        w, _ = self.app.size
        return pygame.Rect(w - px(SIDE) + px(70), px(56), px(SIDE) - px(86), px(32))

    def _rebuild_deck_menu(self, chosen: str) -> None:
        self.deck_choice = chosen
        self.deck_menu.kill()
        self.elements.remove(self.deck_menu)
        self.deck_menu = UIDropDownMenu([NEW_DECK, *self.models], chosen, self._deck_rect(),
                                        manager=self.app.manager)
        self.elements.append(self.deck_menu)
        # The "vs" list offers the new deck too.
        rect = self.vs_menu.rect.copy()
        self.vs_menu.kill()
        self.elements.remove(self.vs_menu)
        self.vs_menu = UIDropDownMenu([f"vs {n}" for n in self.models],
                                      f"vs {self.versus}" if self.versus in self.models
                                      else f"vs {chosen}", rect, manager=self.app.manager)
        self.elements.append(self.vs_menu)

    def shown(self) -> list[str]:
        """The cards that pass the filters, in pack order."""
        text = self.text.strip().lower()
        return [cid for cid, f in self.faces.items()
                if (self.kind == ALL_TYPES or f["kind"] == self.kind)
                and (not text or all(word in self.search[cid] for word in text.split()))]

    def grid_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(px(16), px(GRID_TOP + 6), w - px(SIDE + 32), h - px(GRID_TOP + 16))

    def _layout(self) -> None:
        area = self.grid_rect()
        card, gap = _card(), px(CARD_GAP)
        cols = max(1, (area.w + gap) // (card[0] + gap))
        self.card_rects = {}
        for k, cid in enumerate(self.shown()):
            r, c = divmod(k, cols)
            y = area.y + r * (card[1] + gap) - self.scroll
            rect = pygame.Rect(area.x + c * (card[0] + gap), y, *card)
            if rect.bottom > area.y and rect.top < area.bottom:
                self.card_rects[cid] = rect

    def _max_scroll(self) -> int:
        area = self.grid_rect()
        card, gap = _card(), px(CARD_GAP)
        cols = max(1, (area.w + gap) // (card[0] + gap))
        rows = -(-len(self.shown()) // cols)
        return max(0, rows * (card[1] + gap) - area.h)

    # ---- events -----------------------------------------------------------------------------
    def before_ui(self, ev: pygame.event.Event) -> bool:
        """Ctrl+S saves (even from a text field); Tab walks filters, cards and buttons."""
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_s and \
                ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.save()
            return True
        return self.focus.key(ev)

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame_gui.UI_BUTTON_PRESSED:
            if ev.ui_element is self.back_button:
                self.leave()
            elif ev.ui_element is self.save_button:
                self.save()
            elif ev.ui_element is self.clear_button:
                self.copies, self.placeholders = [], []
                self._check()
            elif ev.ui_element is self.copy_button:
                self.copy_list()
            elif ev.ui_element is self.paste_button:
                self.paste_list()
            elif ev.ui_element is self.sim_button:
                if self.run is not None and self.run.progress().running:
                    self.run.stop()
                    self.status = "Stopping: the report will hold the games done…"
                else:
                    self.simulate()
        elif ev.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if ev.ui_element is self.type_menu:
                self.kind = ALL_TYPES if ev.text == ALL_TYPES else ev.text.lower()
                self.scroll = 0
            elif ev.ui_element is self.vs_menu:
                self.versus = ev.text.removeprefix("vs ") if self.models else None
            elif ev.ui_element is self.exp_menu:
                self.experiment = ev.text
                self.build()  # the what-if field shows or goes, the deck panel makes room
            elif ev.ui_element is self.deck_menu:
                self.deck_choice = ev.text
                self.open_deck(None if ev.text == NEW_DECK else ev.text)
                if ev.text == NEW_DECK:
                    self.name_entry.set_text("My deck")
        elif ev.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and ev.ui_element is self.filter:
            self.text = self.filter.get_text()
            self.scroll = 0
        elif ev.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and ev.ui_element is self.name_entry:
            self._check()
        elif ev.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self._max_scroll(), self.scroll - ev.y * 60))
        elif ev.type == pygame.MOUSEMOTION:
            self._layout()
            self.hover = next((c for c, r in self.card_rects.items()
                               if r.collidepoint(ev.pos)), None)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3):
            self._layout()
            cid = next((c for c, r in self.card_rects.items() if r.collidepoint(ev.pos)), None)
            if cid is not None:
                _ = self.add(cid) if ev.button == 1 else self.remove(cid)
                return
            line = next((c for c, r in self.line_rects if r.collidepoint(ev.pos)), None)
            if isinstance(line, Entry):
                self.placeholders.remove(line)
                self._check()
            elif line is not None:
                self.remove(line)
        elif ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.leave()

    def leave(self) -> None:
        cfg = self.back or GameConfig(game=self.game)
        opts = dict(cfg.options)
        if self.folder is not None and not is_shipped(self.game, self.folder):
            opts["pack"] = str(self.folder)
        else:  # the menu then says "Shipped pack", not the folder's name
            opts.pop("pack", None)
        cfg = GameConfig(**{**cfg.__dict__, "game": self.game, "options": opts})
        self.app.to_menu(cfg)

    def resize(self, size: tuple[int, int]) -> None:
        self.build()

    def draw_over_ui(self, surf: pygame.Surface) -> None:
        self.focus.draw(surf)

    # ---- drawing ----------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        title = title_of(getattr(self.pack.format, "game", self.game) if self.pack else self.game)
        t = TEXT.get(f"Decks · {title}", 30, GOLD, True)
        surf.blit(t, (px(16), px(12)))
        where = TEXT.get(fit(f"Pack: {self.folder}", 16, w - t.get_width() - px(380)), 16,
                         INK_DIM)
        surf.blit(where, where.get_rect(midleft=(t.get_width() + px(32),
                                                 px(12) + t.get_height() // 2)))
        if self.load_errors and self.pack is None:
            y = px(GRID_TOP + 10)
            for line in ["The pack has problems (playtable check lists them):",
                         *self.load_errors[:12]]:
                s = TEXT.get(fit(line, 18, w - px(SIDE + 40)), 18, ERROR)
                surf.blit(s, (px(20), y))
                y += px(24)
        self._layout()
        area = self.grid_rect()
        surf.set_clip(area.inflate(px(8), px(8)))
        for cid, r in self.card_rects.items():
            img = self.app.faces.face(self.specs[cid], _card())
            surf.blit(img, r)
            n = self.count(cid)
            if n:
                badge = TEXT.get(f"×{n}", 22, INK, True)
                b = badge.get_rect(bottomright=(r.right - px(4), r.bottom - px(4)))
                b = b.inflate(px(12), px(4))
                pygame.draw.rect(surf, (30, 90, 50), b, border_radius=px(8))
                pygame.draw.rect(surf, OK_COLOUR, b, width=px(2), border_radius=px(8))
                surf.blit(badge, badge.get_rect(center=b.center))
            if cid == self.hover:
                pygame.draw.rect(surf, GOLD, r.inflate(px(4), px(4)), width=px(2),
                                 border_radius=px(10))
        surf.set_clip(None)
        if not self.card_rects and self.pack is not None:
            s = TEXT.get("No card matches the filters.", 20, INK_DIM)
            surf.blit(s, (area.x + px(8), area.y + px(8)))
        self._draw_side(surf)
        if self.hover is not None and self.hover in self.card_rects:
            self._zoom(surf, self.hover)

    def _draw_side(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        top = px(136)
        bottom = SIDE_BOTTOM if self.experiment in TYPED else SIDE_BOTTOM - 42
        side = pygame.Rect(w - px(SIDE), top, px(SIDE - 8), h - top - px(bottom))
        pygame.draw.rect(surf, PANEL, side, border_radius=px(8))
        pygame.draw.rect(surf, PANEL_EDGE, side, width=px(1), border_radius=px(8))
        y = side.y + px(8)
        head = TEXT.get(f"{len(self.copies)} cards", 20, INK, True)
        surf.blit(head, (side.x + px(10), y))
        hint = TEXT.get("click: add · right-click: remove", 14, INK_DIM)
        surf.blit(hint, hint.get_rect(topright=(side.right - px(10), y + px(4))))
        y += px(28)
        self.line_rects = []
        counted: dict[str, int] = {}
        for cid in self.copies:
            counted[cid] = counted.get(cid, 0) + 1
        status_h = px(80)
        for cid, n in counted.items():
            if y > side.bottom - status_h - px(22):
                more = TEXT.get("…", 18, INK_DIM)
                surf.blit(more, (side.x + px(10), y))
                break
            name = self.faces[cid]["title"] if cid in self.faces else cid
            s = TEXT.get(fit(f"{n}× {name}", 18, side.w - px(40)), 18, INK)
            r = pygame.Rect(side.x + px(6), y - px(1), side.w - px(12), px(22))
            self.line_rects.append((cid, r))
            surf.blit(s, (side.x + px(12), y))
            minus = TEXT.get("−", 18, INK_DIM, True)
            surf.blit(minus, (side.right - px(22), y))
            y += px(22)
        for e in self.placeholders:  # what a pasted list named that the pack lacks
            if y > side.bottom - status_h - px(22):
                break
            s = TEXT.get(fit(f"? {e.count}× {e.written} (line {e.line}: {e.problem})", 18,
                             side.w - px(40)), 18, ERROR)
            r = pygame.Rect(side.x + px(6), y - px(1), side.w - px(12), px(22))
            self.line_rects.append((e, r))
            surf.blit(s, (side.x + px(12), y))
            surf.blit(TEXT.get("−", 18, INK_DIM, True), (side.right - px(22), y))
            y += px(22)
        colour = ERROR if self.status_error else (OK_COLOUR if not self.problems else GOLD)
        lines = wrap(self.status, 16, side.w - px(20))[:4]
        yy = side.bottom - px(8) - px(20) * len(lines)
        st = self.run.status if self.run is not None else None
        if st is not None and st.running and st.total:
            bar = pygame.Rect(side.x + px(10), yy - px(14), side.w - px(20), px(8))
            pygame.draw.rect(surf, PANEL_EDGE, bar, border_radius=px(4))
            done = bar.copy()
            done.w = max(px(4), bar.w * min(st.done, st.total) // st.total)
            pygame.draw.rect(surf, OK_COLOUR, done, border_radius=px(4))
        for line in lines:
            surf.blit(TEXT.get(line, 16, colour), (side.x + px(10), yy))
            yy += px(20)

    def _zoom(self, surf: pygame.Surface, cid: str) -> None:
        size = pxs(250, 350)
        r = self.card_rects[cid]
        area = self.grid_rect()
        gap = px(12)
        x = r.right + gap if r.right + gap + size[0] <= area.right else r.left - gap - size[0]
        y = max(px(GRID_TOP), min(r.top - px(40), surf.get_height() - size[1] - px(10)))
        img = self.app.faces.face(self.specs[cid], size)
        pygame.draw.rect(surf, (0, 0, 0), pygame.Rect(x + px(6), y + px(8), *size),
                         border_radius=px(12))
        surf.blit(img, (x, y))

    def close(self) -> None:
        for e in self.elements:
            e.kill()
        if self.checker is not None:
            self.checker.close()


class CardGrid:
    """The card grid as one keyboard stop: arrows move between cards, Enter (or +) adds a copy
    of the card in focus, Delete / Backspace (or -) takes one out."""

    def __init__(self, scene: DeckScene) -> None:
        self.scene = scene
        self.at = 0

    def card(self) -> str | None:
        shown = self.scene.shown()
        if not shown:
            return None
        self.at = max(0, min(self.at, len(shown) - 1))
        return shown[self.at]

    @property
    def rect(self) -> pygame.Rect:
        sc = self.scene
        cid = self.card()
        sc._layout()
        if cid is None or cid not in sc.card_rects:
            return sc.grid_rect()
        return pygame.Rect(sc.card_rects[cid])

    def _show(self) -> None:
        """Scroll so the card in focus is on screen, and zoom it as a hover does."""
        sc = self.scene
        area = sc.grid_rect()
        card, gap = _card(), px(CARD_GAP)
        cols = max(1, (area.w + gap) // (card[0] + gap))
        top = (self.at // cols) * (card[1] + gap)
        if top < sc.scroll:
            sc.scroll = top
        elif top + card[1] > sc.scroll + area.h:
            sc.scroll = min(sc._max_scroll(), top + card[1] - area.h)
        sc._layout()
        sc.hover = self.card()

    def key(self, ev: pygame.event.Event) -> bool:
        sc = self.scene
        cid = self.card()
        if cid is None:
            return False
        area = sc.grid_rect()
        cols = max(1, (area.w + px(CARD_GAP)) // (_card()[0] + px(CARD_GAP)))
        moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -cols, pygame.K_DOWN: cols}
        if ev.key in moves:
            self.at = max(0, min(len(sc.shown()) - 1, self.at + moves[ev.key]))
            self._show()
            return True
        if ev.key in (*ENTER_KEYS, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
            sc.add(cid)
            self._show()
            return True
        if ev.key in (pygame.K_DELETE, pygame.K_BACKSPACE, pygame.K_MINUS, pygame.K_KP_MINUS):
            sc.remove(cid)
            self._show()
            return True
        return False


_EMPTY_CHOICE = re.compile(r"^(\w+): unknown card ''$")
_NONE_YET = re.compile(r"^(\w+): .*at least 1 item.*$")


def asked(req: Request) -> str:
    """" (what if)", " (each card's worth)", " (suggest fixes)" or "" for a plain run."""
    kind = WHAT_IF if req.variants else WORTH if req.ablate else SUGGEST if req.suggest \
        else None
    return f" ({kind.rstrip('…').lower()})" if kind else ""


def eta(st: simulating.Status) -> str:
    """", 1 min 20 s left" once the run has a pace; "…" before."""
    left = st.left()
    if left is None:
        return "…"
    if left >= 90:
        return f", {int(left // 60)} min {int(left % 60):02d} s left"
    return f", {max(1, round(left))} s left"


def in_words(problem: str) -> str:
    """A deck rule's message as a player building the deck reads it: an empty choice is a
    thing to choose ("entrant: unknown card ''" is "choose an Entrant")."""
    m = _EMPTY_CHOICE.match(problem)
    if m:
        what = m.group(1).replace("_", " ").capitalize()
        return f"choose {'an' if what[0] in 'AEIOU' else 'a'} {what}"
    m = _NONE_YET.match(problem)
    if m:
        return f"add {m.group(1).replace('_', ' ')}"
    return problem


def _names_in(path: Path, key: str) -> set[str]:
    try:
        data = read_toml(path)[0]  # limits, links and encoding checked like any pack file
    except DataError:
        return set()
    return {t["name"] for t in data.get(key, []) if isinstance(t, dict)
            and isinstance(t.get("name"), str)}
