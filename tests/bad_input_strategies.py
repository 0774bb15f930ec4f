"""Shared by the bad-input tests: hypothesis strategies for what users get wrong, a small
campaign with something of every kind in its books, and the checks every refusal must pass.

The property everywhere is "a clear error or a correct result": a refusal is one of our own
errors (never a bare KeyError, TypeError, ValueError or sqlite3 error), its message says what
to fix and the ledger is as it was; an input that is genuinely valid (an emoji name, a reason
in Hebrew) is accepted and the books still agree with their history.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from conftest import HEROES, campaign_data, write_campaign
from hypothesis import Phase
from hypothesis import strategies as st

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.systems.draw_steel.campaign import Campaign

__all__ = [
    "FOLLOWER", "ITEM", "NO_SHRINK", "NPC", "ODD_PIECES", "PROJECT", "Pristine", "assert_clear",
    "assert_names", "bad_counts", "books", "books_data", "huge_ints", "odd_text", "one_line",
    "shown", "surrogate_text", "unknown_names", "wrong_types",
]

#: For a test that pins a known bug (a strict xfail): find a failing example, do not shrink
#: it. Such a test also sets derandomize=True, so that it fails the same way in every profile.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)

#: Text that trips up code handling names: right-to-left marks and overrides, combining
#: characters, zero-width ones, NUL and other control characters, emoji (with joiners and
#: skin tones), whitespace of every kind, quotes and markup, and very long runs.
ODD_PIECES: tuple[str, ...] = (
    "\u200f", "\u202e", "\u2066", "e\u0301", "\u0301", "\u200b", "\ufeff", "\x00", "\x07",
    "\x1b[31m", "\n", "\r\n", "\t", "\u2028", "\u00a0", "\u3000", "🐉", "👩‍👩‍👧",
    "👍🏽", "🏳️‍🌈", "Ω", "ﬁ", "İ", "ß", "'", '"', "\\", "<b>", "&amp;", "{0}", "%s", "--",
    "Val", "val", "VAL", "Yorn ", " Bran", "Valérie", "Vál", "שירה", "龍", "null", "None", "0",
)

#: Lone surrogates: what Python makes of command-line bytes that are not UTF-8
#: (``os.fsdecode``'s surrogateescape), and what a browser may send in a widget's JSON.
SURROGATES: tuple[str, ...] = ("\udce9", "caf\udce9", "\ud800", "\udfff")


def _long(piece: str) -> str:
    return piece * (5000 // max(1, len(piece)))


#: Odd names and free text: the pieces above alone, joined, around ordinary text, and very
#: long; plus whatever hypothesis makes of unicode (no lone surrogates: see surrogate_text).
odd_text: st.SearchStrategy[str] = st.one_of(
    st.sampled_from(ODD_PIECES),
    st.lists(st.sampled_from(ODD_PIECES), min_size=2, max_size=6).map("".join),
    st.tuples(st.sampled_from(ODD_PIECES), st.sampled_from(["Val", "Rope", "Duke", "x"]),
              st.sampled_from(ODD_PIECES)).map("".join),
    st.sampled_from(["x", "Val", "🐉", "e\u0301", " "]).map(_long),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=40),
    st.sampled_from(["", " ", "\t\n ", "\u3000\u00a0"]),  # empty and whitespace only
)

#: Text with a lone surrogate somewhere in it.
surrogate_text: st.SearchStrategy[str] = st.tuples(
    st.sampled_from(["", "Val", "reason ", "🐉"]), st.sampled_from(SURROGATES),
    st.sampled_from(["", "x", " ok"])).map("".join)

#: Names that are not in the books: near misses of real names, and odd text.
unknown_names: st.SearchStrategy[str] = st.one_of(
    st.sampled_from(["Vall", "Va l", "Bran Ironvein", "Yorne", "Nobody", "Rope!", "Duke Orso",
                     "Hesk2", "The Mill's Cellarr", "Discover Lor", "#1", "1"]),
    odd_text,
)

#: Integers no count is allowed to reach (and SQLite cannot store from 2**63 on).
huge_ints: st.SearchStrategy[int] = st.one_of(
    st.sampled_from([10**6, 10**9, 2**31, 2**63 - 1, 2**63, 2**64, 10**30, 10**100]),
    st.integers(min_value=10**6, max_value=10**40),
)

#: What lands where a count goes: zero, negatives, huge numbers (either sign), floats (NaN,
#: infinities, whole-valued ones), booleans, None, and numbers written as text.
bad_counts: st.SearchStrategy[Any] = st.one_of(
    st.sampled_from([0, -1, -2, -(2**63), True, False, None, 1.0, 2.5, -0.0, math.nan,
                     math.inf, -math.inf, "1", "2", " 3", "one", "", "1e3", "0x10"]),
    st.integers(max_value=0),
    huge_ints,
    huge_ints.map(lambda n: -n),
    st.floats(allow_nan=True, allow_infinity=True),
)

#: Values of the wrong type altogether, for a name, a text or a mapping.
wrong_types: st.SearchStrategy[Any] = st.one_of(
    st.none(), st.booleans(), st.integers(), huge_ints, st.floats(),
    st.lists(st.sampled_from(["Val", 1, None]), max_size=3),
    st.dictionaries(st.sampled_from(["Val", "kind", "might"]), st.sampled_from([1, "x", None]),
                    max_size=2),
    st.just(b"Val"), st.just(("Val",)), st.just(object()),
)


def one_line(text: str) -> bool:
    """``text`` holds no line break of any kind (what str.splitlines splits on)."""
    return len(f"a{text}b".splitlines()) == 1


def shown(value: object) -> str:
    """How an error would plausibly quote ``value`` (its repr, cut short)."""
    return repr(value)[:20]


def assert_clear(exc: BaseException, words: Iterable[str], value: object = None, *,
                 lines: int | None = 1) -> str:
    """``exc`` is one of ours, not a traceback, and its message says what to fix: it names
    the field (one of ``words``) or quotes the value given. Returns the message."""
    assert isinstance(exc, DrawSteelKitError), f"{type(exc).__name__}: {exc}"
    message = str(exc)
    assert message.strip(), f"{type(exc).__name__} with an empty message"
    assert_names(message, words, value)
    if lines is not None:
        assert len(message.splitlines()) <= lines, message
    return message


def assert_names(message: str, words: Iterable[str], value: object = None) -> None:
    """An error message, with no traceback, that names the field or quotes the value."""
    assert "Traceback" not in message
    folded = message.casefold()
    quoted = [q for q in (shown(value), str(value).strip()[:20]) if len(q.strip()) >= 2]
    named = any(w.casefold() in folded for w in words) or (
        value is not None and any(q.casefold() in folded for q in quoted))
    assert named, f"{message!r} names none of {list(words)} nor the value {shown(value)}"


# --- a small campaign with something of every kind in its books -----------------------------

#: Val: a Traveling Sage with 200 career project points; Yorn: renown 3, room for a follower.
VAL = {**HEROES[0], "perks": ["Traveling Sage"], "project_points": 200}
YORN = {**HEROES[2], "renown": 3}
PROJECT = "The mill's cellar"
FOLLOWER = "Hesk"
ITEM = "Rope"
NPC = "Duke Orso"


def books_data() -> dict[str, Any]:
    """campaign.yaml of the shared campaign: three heroes, a stronghold to recruit at."""
    data = campaign_data(heroes=[VAL, HEROES[1], YORN], project_events="roll",
                         recruit_at=["Riverside Market"])
    data["stronghold"] = {"name": "The Lantern House", "location": "Capital"}
    data["custom"] = {"titles": ["Mayor"]}  # a title of the table's own, declared
    return data


def books(folder: Path) -> Campaign:
    """An open campaign at ``folder`` with a session open, hero tokens, a project, a follower
    at work, an item, a title, an NPC and a note: every operation has something to act on."""
    camp, _ = BaseCampaign.init(write_campaign(folder, books_data()))
    camp.start_session()
    camp.award_tokens(2, reason="heroic risk")
    camp.start_project("Val", "Discover Lore", title=PROJECT, params={"kind": "obscure"})
    camp.start_project("Bran", "Healing Potion", prerequisite="owned")
    camp.add_follower("Bran", FOLLOWER, "artisan", ancestry="Dwarf", physical="might",
                      skills=["Alchemy", "Blacksmithing", "Carpentry", "Cooking"],
                      languages=["Khelt", "Zaliac"], beyond_cap="a gift of the guild")
    camp.assign_follower(FOLLOWER, "Healing Potion")
    camp.add_item(ITEM, holder="Yorn", count=3)
    camp.grant_title("Val", "Faction Member", reason="joined the Lamplighters")
    camp.add_npc(NPC, level=3, knows={"Val": "fame"})
    camp.add_note("Rent is due on the Lantern House", about="the landlord")
    return camp


class Pristine:
    """A copy of a campaign's ledger taken once, copied back into the live connection after an
    example that did write (SQLite's backup API: the Campaign object stays open)."""

    def __init__(self, camp: Campaign) -> None:
        self.copy = sqlite3.connect(":memory:")
        camp.ledger.db.conn.backup(self.copy)
        self.state = (camp.ledger.snapshot(), camp.ledger.event_count())

    def unchanged(self, camp: Campaign) -> bool:
        """Projections and history are exactly as they were when the copy was taken."""
        return (camp.ledger.snapshot(), camp.ledger.event_count()) == self.state

    def restore(self, camp: Campaign) -> None:
        """Put the copy back (a no-op when nothing changed)."""
        if not self.unchanged(camp):
            self.copy.backup(camp.ledger.db.conn)
            assert self.unchanged(camp)
