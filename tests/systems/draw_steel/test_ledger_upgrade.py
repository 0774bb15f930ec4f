"""A Draw Steel ledger made before issue 34 (one migration set, "drawsteel-kit", that made Draw
Steel's tables too: tests/fixtures/ledgers/schema_0009.sql, the demo after play) upgrades in
place: its tables are recorded under Draw Steel's own set, nothing is lost, and the heroes,
projects, history, party page and players' copy read as they did."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cli_helpers import run
from ledger_files import load, migration_sets, rows, same_rows

from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.kit.ledger import MIGRATION_NAMES
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.workbook.pages import player_page


def read(folder: Path) -> dict[str, Any]:
    """What the Director and the players read of the campaign (read-only)."""
    with Campaign.open(folder, readonly=True) as camp:
        out: dict[str, Any] = {
            "heroes": {n: h.as_dict() for n, h in camp.heroes.items()},
            "projects": [p.as_dict() for p in camp.projects()],
            "events": [e.as_dict() for e in camp.history(newest_first=False)],
            "party": camp.party.as_dict(), "export": camp.export(),
        }
        with PartyView.of(camp) as view:
            out["party page"] = [f.to_json() for f in player_page(view).figures]
            out["players' export"] = view.export()
    return out


def test_a_ledger_made_before_upgrades_in_place_and_reads_as_it_did(tmp_path: Path) -> None:
    folder = load("schema_0009.sql", tmp_path / "demo", "demo")
    ledger = folder / "ledger.db"
    before = rows(ledger)
    assert set(migration_sets(ledger)) == {"drawsteel-kit"}  # the one set of those days
    seen = read(folder)  # it reads as it is: recording its sets is no reader's need
    assert rows(ledger) == before
    assert seen["heroes"] and seen["projects"] and seen["events"]

    out = run("upgrade", folder)
    assert "Upgraded through draw-steel:0001_heroes" in out
    (copy,) = (folder / "backups").iterdir()
    assert rows(copy) == before  # kept first, as it was
    after = rows(ledger)
    assert same_rows(before, after) == []
    held = migration_sets(ledger)
    assert held["drawsteel-kit"] == list(MIGRATION_NAMES)  # the kit's record is kept
    when = {r["name"]: r["applied_at"] for r in before["_sqlite_migrations"]}
    mine = {r["name"]: r["applied_at"] for r in after["_sqlite_migrations"]
            if r["migration_set"] == "draw-steel"}
    assert mine["0001_heroes"] == when["0001_initial"]  # made then, by the kit's set
    assert mine["0006_hidden_projects"] == when["0008_reading_indexes"]
    assert read(folder) == seen
    assert "already on the current schema" in run("upgrade", folder)


def test_an_upgraded_ledger_has_the_schema_a_new_one_has(tmp_path: Path) -> None:
    old = load("schema_0009.sql", tmp_path / "old", "demo")
    run("upgrade", old)
    new = tmp_path / "new"
    new.mkdir()
    (new / "campaign.yaml").write_bytes((old / "campaign.yaml").read_bytes())
    Campaign.init(new)[0].close()
    assert migration_sets(old / "ledger.db") == migration_sets(new / "ledger.db")
    with Campaign.open(old) as camp:
        assert camp.ledger.schema_problems() == []  # what its migrations make, no more
    assert "State matches history." in run("rebuild", old, "--check")


def test_an_old_event_is_undone_after_the_upgrade(tmp_path: Path) -> None:
    """The fixture ends by undoing the undo of Yorn's second award (it stands again):
    undoing that, after the upgrade, takes the award back again."""
    folder = load("schema_0009.sql", tmp_path / "demo", "demo")
    with Campaign.open(folder) as camp:  # a writer: upgraded first, a copy kept
        assert camp.upgraded_from is not None
        last = camp.history(limit=1)[0]
        assert last.kind == "undo"
        renown = camp.hero("Yorn").renown
        camp.undo(last.id, reason="Not earned after all")
        assert camp.hero("Yorn").renown == renown - 2
        assert camp.ledger.verify()
