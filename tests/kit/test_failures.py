"""A refused operation loses nothing and writes nothing: the ledger file is byte for byte
what it was, and the history holds the same events.

Each test closes the campaign and checkpoints the WAL into ledger.db through a fresh
connection before hashing it, so a change still sitting in the WAL would show too.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import HEROES, ledger_fingerprint, write_campaign

from drawsteel_kit.kit.errors import (
    CampaignFileError,
    DrawSteelKitError,
    LedgerLocked,
    LedgerReadOnly,
    RulesError,
    SessionError,
    UndoError,
    UnknownHero,
)
from drawsteel_kit.kit.ledger import LEDGER_FILE, Ledger
from drawsteel_kit.kit.ledger.connection import connect
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.errors import NotEnoughTokens


def _prepare(folder: Path, *, session_open: bool) -> dict[str, int]:
    """A campaign with some history: an open (or closed) session, an empty token pool,
    an undone day, and two awards to Val, the later blocking an undo of the first."""
    camp, _ = Campaign.init(folder)
    with camp:
        camp.start_session()
        for hero in ("Val", "Bran", "Yorn"):
            camp.spend_tokens("surges", hero=hero, round=1)
        first = camp.award_victories(1, ["Val"]).events[0].id
        camp.award_victories(1, ["Val"])
        day = camp.advance_day(1).events[0].id
        camp.undo(day)
        if not session_open:
            camp.end_session()
        created = camp.history(kind="campaign_created")[0].id
    return {"first": first, "day": day, "created": created}


def _dump(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def _state(path: Path) -> tuple[tuple[str, int], list[str], int]:
    fingerprint = ledger_fingerprint(path)
    led = Ledger.open(path, readonly=True)
    try:
        count = led.event_count()
    finally:
        led.close()
    return fingerprint, _dump(path), count


Refusal = Callable[[Campaign, dict[str, int]], object]

REFUSALS: dict[str, tuple[bool, type[DrawSteelKitError], Refusal]] = {
    "zero-victories": (True, RulesError, lambda c, ids: c.award_victories(0)),
    "negative-days": (True, RulesError, lambda c, ids: c.advance_day(-2)),
    "bool-tokens": (True, RulesError, lambda c, ids: c.award_tokens(True)),
    "huge-victories": (True, RulesError, lambda c, ids: c.award_victories(10**12, ["Val"])),
    "unknown-hero": (True, UnknownHero, lambda c, ids: c.award_victories(1, ["Val", "Vall"])),
    "unknown-hero-respite": (True, UnknownHero, lambda c, ids: c.take_respite(["Nobody"])),
    "start-twice": (True, SessionError, lambda c, ids: c.start_session()),
    "end-without-start": (False, SessionError, lambda c, ids: c.end_session()),
    "not-enough-tokens": (
        True, NotEnoughTokens, lambda c, ids: c.spend_tokens("stamina", hero="Val", round=2)),
    "unknown-spend": (True, RulesError, lambda c, ids: c.spend_tokens("nap")),
    "blocked-undo": (True, UndoError, lambda c, ids: c.undo(ids["first"])),
    "double-undo": (True, UndoError, lambda c, ids: c.undo(ids["day"])),
    "undo-creation": (True, UndoError, lambda c, ids: c.undo(ids["created"])),
    "undo-unknown": (True, UndoError, lambda c, ids: c.undo(10_000)),
    "adjust-bad-value": (
        True, RulesError, lambda c, ids: c.adjust_hero("Val", reason="x", might=9)),
    "adjust-unknown-field": (
        True, RulesError, lambda c, ids: c.adjust_hero("Val", reason="x", mana=3)),
    "adjust-no-reason": (True, RulesError, lambda c, ids: c.adjust_hero("Val", reason="", xp=5)),
    "adjust-nothing": (True, RulesError, lambda c, ids: c.adjust_hero("Val", reason="x", xp=0)),
    "two-activities": (
        True, RulesError,
        lambda c, ids: c.take_respite(activities={"Val": "a", "VAL": "b"})),
    "activity-not-resting": (
        True, RulesError,
        lambda c, ids: c.take_respite(["Bran"], activities={"Yorn": "Discover Lore"})),
}


@pytest.mark.parametrize("name", REFUSALS)
def test_a_refused_operation_leaves_the_ledger_byte_for_byte_alone(tmp_path, name):
    session_open, error, refuse = REFUSALS[name]
    folder = write_campaign(tmp_path / "c")
    ids = _prepare(folder, session_open=session_open)
    path = folder / LEDGER_FILE
    before = _state(path)

    camp = Campaign.open(folder)
    with camp, pytest.raises(error):
        refuse(camp, ids)
    assert _state(path) == before


def test_the_check_notices_a_change(tmp_path):
    """The positive control: a successful operation does change the fingerprint."""
    folder = write_campaign(tmp_path / "c")
    _prepare(folder, session_open=True)
    path = folder / LEDGER_FILE
    before = _state(path)
    with Campaign.open(folder) as camp:
        camp.award_tokens(1)
    after = _state(path)
    assert after[0] != before[0] and after[1] != before[1] and after[2] == before[2] + 1


BROKEN_FILES = {
    "yaml-syntax": "name: [unclosed\nheroes:\n",
    "empty": "",
    "bad-field": None,  # filled in below: a hero with might 9, next to a new hero
    "duplicate-names": None,
}


@pytest.mark.parametrize("broken", BROKEN_FILES)
def test_a_broken_campaign_yaml_on_reinit_changes_nothing(tmp_path, broken):
    folder = write_campaign(tmp_path / "c")
    _prepare(folder, session_open=True)
    path = folder / LEDGER_FILE
    before = _state(path)
    if broken == "bad-field":
        heroes = [dict(h) for h in HEROES] + [
            {"name": "Kira", "max_stamina": 20, "max_recoveries": 8}]
        heroes[1]["characteristics"] = {"might": 9}
        write_campaign(folder, heroes=heroes, xp_track="fast")
    elif broken == "duplicate-names":
        write_campaign(folder, heroes=[*HEROES, {**HEROES[0], "name": "VAL"}])
    else:
        (folder / "campaign.yaml").write_text(BROKEN_FILES[broken], encoding="utf-8")
    with pytest.raises(CampaignFileError, match=r"campaign\.yaml"):
        Campaign.init(folder)
    assert _state(path) == before


def test_a_read_only_campaign_refuses_every_write_and_changes_nothing(tmp_path):
    folder = write_campaign(tmp_path / "c")
    _prepare(folder, session_open=True)
    path = folder / LEDGER_FILE
    before = _state(path)
    with Campaign.open(folder, readonly=True) as camp:
        assert camp.hero("Val").victories == 2  # reading works
        with pytest.raises(LedgerReadOnly):
            camp.award_victories(1)
        with pytest.raises(LedgerReadOnly):
            camp.advance_day()
    assert _state(path) == before


def test_an_operation_refused_for_the_lock_changes_nothing(tmp_path):
    folder = write_campaign(tmp_path / "c")
    _prepare(folder, session_open=True)
    path = folder / LEDGER_FILE
    before = _state(path)
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("BEGIN IMMEDIATE")
    camp = Campaign(folder, Ledger(connect(path, busy_timeout_ms=100), path, readonly=False))
    try:
        with pytest.raises(LedgerLocked):
            camp.award_victories(1)
    finally:
        camp.close()
        other.execute("ROLLBACK")
        other.close()
    assert _state(path) == before
