"""Hot reloads kept in the record, so a game replays exactly across the card edits made while
it was played.

A ``Reload`` holds the JSON data of each card in play that changed, before and after, and the
number of intents applied when it happened. Replaying puts the cards back as they were when
the game started (the earliest ``before`` of each reloaded card) and applies every reload at
its point. Cards are keyed as ``Ruleset.card_hashes`` keys them (its default: the state's
``catalog``), and rebuilt from JSON with the type of the card they replace.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import ValidationError

from rules.core.model import Event
from rules.core.ruleset import Ruleset, catalog_hashes
from rules.records.model import Record, RecordError, Reload, catalog_cards


def make_reload(rs: Ruleset[Any], before: Any, after: Any, at: int) -> Reload | None:
    """The record entry for a reload that turned state ``before`` into ``after`` after
    ``at`` intents; None when no card in play changed."""
    old, new = rs.card_hashes(before), rs.card_hashes(after)
    changed = sorted(k for k in new if old.get(k) != new[k])
    if not changed:
        return None
    was, now = catalog_cards(before), catalog_cards(after)
    return Reload(at=at, cards={k: now[k].model_dump(mode="json") for k in changed if k in now},
                  before={k: was[k].model_dump(mode="json") for k in changed if k in was})


def _parsed(state: Any, data: Mapping[str, dict[str, Any]], what: str) -> dict[str, Any]:
    """Card data rebuilt with the types of the game's cards (keys not in the game dropped:
    ``replace_cards`` ignores them anyway)."""
    have = catalog_cards(state)
    out: dict[str, Any] = {}
    for key, doc in data.items():
        if key in have:
            try:
                out[key] = type(have[key]).model_validate(doc)
            except ValidationError as e:
                raise RecordError(f"{what}: card {key!r}: bad card data: "
                                  f"{e.errors()[0]['msg']}") from None
    return out


def apply_reload(rs: Ruleset[Any], state: Any, reload: Reload,
                 n: int) -> tuple[Any, list[Event]]:
    """``state`` with reload number ``n`` (1-based, for messages) applied."""
    return rs.replace_cards(state, _parsed(state, reload.cards, f"reload {n}"))


def earliest_before(known: Mapping[str, dict[str, Any]],
                    reloads: Iterable[Reload]) -> dict[str, dict[str, Any]]:
    """The cards' data in ``known``, then each other card's data before the first of
    ``reloads`` that changed it."""
    out = dict(known)
    for r in reloads:
        for key, doc in r.before.items():
            out.setdefault(key, doc)
    return out


def restore_originals(rs: Ruleset[Any], state: Any, record: Record) -> Any:
    """A fresh game's state with its cards put back as they were at the start: the record's
    own (format 5), then for earlier records each reloaded card's earliest ``before``."""
    originals = earliest_before(record.start_cards, record.reloads)
    if not originals:
        return state
    return rs.replace_cards(state, _parsed(state, originals, "the record's cards"))[0]


def last_hashes(record: Record) -> dict[str, str]:
    """The card hashes the game was last played with: the start's, then each reload's."""
    out = dict(record.cards)
    for r in record.reloads:
        out.update(catalog_hashes(r.cards))
    return out


def clamp(record: Record) -> Record:
    """Reloads after the last intent (an undo took the intents back) happen at the end now:
    an undo never takes back a card edit, the cards in play stay those of the pack files."""
    n = len(record.intents)
    if all(r.at <= n for r in record.reloads):
        return record
    return record.model_copy(update={"reloads": tuple(
        r if r.at <= n else r.model_copy(update={"at": n}) for r in record.reloads)})


def cut(record: Record, k: int) -> Record:
    """The reloads of the first ``k`` intents only: a game played on from step ``k`` of a
    replay, with the cards as they were then. The later reloads leave only what they knew of
    the cards before them (an entry that changes nothing), so the record still starts from
    the cards as they were, whatever the pack files hold now."""
    # The new game's log starts over: its reloads stand where their ``at`` says.
    keep = tuple(r.model_copy(update={"applied": None, "marks": None})
                 for r in record.reloads if r.at <= k)
    later = [r for r in record.reloads if r.at > k]
    if not later:
        return record.model_copy(update={"reloads": keep})
    entry = Reload(at=k, cards={}, before=earliest_before({}, later))
    return record.model_copy(update={"reloads": keep + (entry,)})


def add_reload(record: Record, entry: Reload) -> Record:
    """The record with a hot reload kept at its point (the journal replays reloads with this)."""
    if not (record.reloads[-1].at if record.reloads else 0) <= entry.at <= len(record.intents):
        raise RecordError(f"a reload at intent {entry.at} does not fit a record of "
                          f"{len(record.intents)} intents")
    return record.model_copy(update={"reloads": record.reloads + (entry,)})
