"""What every rule system shares: ``system:`` in campaign.yaml, the ``sheets`` projection, its
ops through history, undo, rebuild and the timeline, and the refusals between systems.

The systems' own tests (tests/systems/<name>/, Draw Steel's test_encounters*) exercise
each book; these check the shared ground under them with a Draw Steel campaign and raw sheet ops.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import refused

from drawsteel_kit.kit.book.sheets import (
    SystemBook,
    insert_sheet_op,
    read_sheet,
    update_sheet_op,
)
from drawsteel_kit.kit.campaign_file import parse_campaign_text
from drawsteel_kit.kit.errors import CampaignFileError, UnknownSheet, WrongSystem
from drawsteel_kit.kit.ledger import timeline
from drawsteel_kit.kit.registry import SYSTEMS, default_system, system
from drawsteel_kit.systems.draw_steel.campaign import Campaign


def test_every_system_names_its_parts_and_each_part_imports() -> None:
    assert default_system().key in SYSTEMS and next(iter(SYSTEMS)) == default_system().key
    for played in SYSTEMS.values():
        if played.default:
            continue
        for area in ("campaign_file", "book", "pages", "panels", "demo", "cli", "kinds"):
            assert played.part(area) is not None, (played.key, area)
        book = played.book_class()
        assert issubclass(book, SystemBook) and played.key == book.SYSTEM
        template = Path("templates") / played.campaign_template
        assert (template / "campaign.yaml").is_file(), template


def test_an_unknown_system_is_named_with_the_ones_there_are() -> None:
    with pytest.raises(CampaignFileError, match=r"system: must be one of draw-steel, "
                       r"condition-sheet, dungeon-world, pf2e, got 'gurps'"):
        parse_campaign_text("name: X\nsystem: gurps\n", "campaign.yaml")
    with pytest.raises(CampaignFileError, match=r"system: must be one of .*got a list"):
        parse_campaign_text("name: X\nsystem: [1]\n", "campaign.yaml")
    with pytest.raises(Exception, match="unknown system 'gurps'"):
        system("gurps")


def test_a_draw_steel_campaign_plays_draw_steel_and_has_no_other_book(campaign: Campaign) -> None:
    assert campaign.system.key == "draw-steel"
    assert campaign.members == list(campaign.heroes)
    with pytest.raises(WrongSystem, match="plays Draw Steel"):
        campaign.book  # noqa: B018
    assert not hasattr(campaign, "dungeon_world")  # each system's door is its own class's
    assert campaign.status()["system"] == "draw-steel"


def _sheet_event(camp: Campaign, op: dict, kind: str = "sheet_test") -> int:
    """One event carrying ``op``, as visible as the sheet it inserts (a book does the same)."""
    seen = op.get("row", {}).get("visibility", "party")
    with camp.writing() as w:
        return w.event(kind, [op], summary=f"{kind} on {op['key']}", visibility=seen).id


def test_sheet_ops_go_through_history_undo_rebuild_and_the_timeline(campaign: Campaign) -> None:
    db = campaign.ledger.db
    added = _sheet_event(campaign, insert_sheet_op(
        "character:Ava", "dungeon-world", "character", "Ava", {"hp": 20, "xp": 0, "name": "Ava"},
        day=1))
    ava = read_sheet(db, "character:Ava")
    assert ava is not None and ava.data == {"hp": 20, "xp": 0, "name": "Ava"}
    hurt = _sheet_event(campaign, update_sheet_op(ava, data={**ava.data, "hp": 12, "xp": 1}))
    assert read_sheet(db, "character:Ava").data["hp"] == 12
    changes = [(r["field"], r["before"], r["after"])
               for r in timeline.newest_first(db, "sheets", "character:Ava", "hp", None)]
    assert changes == [("hp", 20, 12), ("hp", None, 20)]
    assert campaign.ledger.verify()
    campaign.undo(hurt)
    assert read_sheet(db, "character:Ava").data == {"hp": 20, "xp": 0, "name": "Ava"}
    # what charts read: the books as they stand (the undone change and its undo are not in it)
    assert [r["after"] for r in timeline.newest_first(db, "sheets", "character:Ava", "xp",
                                                       None)] == [0]
    campaign.undo(added)
    assert read_sheet(db, "character:Ava") is None
    assert campaign.ledger.verify()


def test_undo_refuses_when_a_later_event_changed_the_sheet(campaign: Campaign) -> None:
    _sheet_event(campaign, insert_sheet_op("battle:1", "condition-sheet", "battle", "Gate",
                                           {"round": 1}))
    first = _sheet_event(campaign, update_sheet_op(read_sheet(campaign.ledger.db, "battle:1"),
                                                   data={"round": 2}))
    _sheet_event(campaign, update_sheet_op(read_sheet(campaign.ledger.db, "battle:1"),
                                           data={"round": 3}))
    with refused(campaign, Exception, "round"):
        campaign.undo(first)


def test_director_sheets_stay_off_party_reads(campaign: Campaign) -> None:
    _sheet_event(campaign, insert_sheet_op("encounter:1", "pf2e", "encounter", "Ambush",
                                           {"names": ["Goblin boss"]}, visibility="director"))
    _sheet_event(campaign, insert_sheet_op("encounter-view:1", "pf2e", "encounter-view",
                                           "Ambush", {"names": ["Creature A"]}))
    assert [s.key for s in campaign.sheets(visible_to="party")] == ["encounter-view:1"]
    assert [s.key for s in campaign.sheets()] == ["encounter:1", "encounter-view:1"]
    party_export = campaign.export_json(include_director=False)
    assert "Goblin boss" not in party_export and "Creature A" in party_export


def test_a_system_campaign_opens_as_its_own_and_refuses_draw_steels_class(
        tmp_path: Path) -> None:
    import drawsteel_kit
    from drawsteel_kit.kit.book.campaign import BaseCampaign

    folder = tmp_path / "dw"
    folder.mkdir()
    (folder / "campaign.yaml").write_text(
        (Path("campaigns/dungeon-world-demo/campaign.yaml")).read_text(encoding="utf-8"),
        encoding="utf-8")
    with pytest.raises(WrongSystem, match=r"plays Dungeon World .*Draw Steel's operations "
                       r"don't apply.*drawsteel-kit dw --help"):
        Campaign.init(folder)  # Draw Steel's class refuses before anything is written
    assert not (folder / "ledger.db").exists()
    camp, happened = BaseCampaign.init(folder)
    camp.close()
    with pytest.raises(WrongSystem, match=r"plays Dungeon World .*drawsteel-kit dw --help"):
        Campaign.open(folder)
    with drawsteel_kit.open(folder) as camp:
        assert camp.system.key == "dungeon-world" and not isinstance(camp, Campaign)
        assert not hasattr(camp, "take_respite")  # Draw Steel's operations are not its own
        assert camp.members and happened.details["added"] == camp.members
        assert camp.book.SYSTEM == "dungeon-world"
        assert camp.member(camp.members[0].upper()) == camp.members[0]
        assert camp.dungeon_world is camp.book and not hasattr(camp, "pf2e")
        with pytest.raises(UnknownSheet, match="no character named 'Nobody'"):
            camp.book.member_sheet("Nobody")
        assert camp.ledger.verify()
    again, rerun = BaseCampaign.init(folder)
    with again:
        assert rerun.events == () and "already up to date" in rerun.summary


def test_a_ledger_keeps_its_system(tmp_path: Path) -> None:
    folder = tmp_path / "dw"
    folder.mkdir()
    text = Path("campaigns/dungeon-world-demo/campaign.yaml").read_text(encoding="utf-8")
    (folder / "campaign.yaml").write_text(text, encoding="utf-8")
    import drawsteel_kit
    from drawsteel_kit.kit.book.campaign import BaseCampaign

    BaseCampaign.init(folder)[0].close()
    other = Path("campaigns/pf2e-demo/campaign.yaml").read_text(encoding="utf-8")
    (folder / "campaign.yaml").write_text(other, encoding="utf-8")
    before = (folder / "ledger.db").stat().st_size
    with pytest.raises(Exception, match="says system: pf2e, but the ledger plays dungeon-world"):
        BaseCampaign.init(folder)
    with drawsteel_kit.open(folder) as camp:
        assert camp.system.key == "dungeon-world"
    assert (folder / "ledger.db").stat().st_size == before
