"""Issue 32, "Names": campaign.yaml's class and ancestry are the book's (nine classes, twelve
ancestries) or declared under ``custom:``; a typo is refused with the nearest name, as skills
and careers are. "horse" no longer silently becomes "horse and cart"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from conftest import HEROES, campaign_data, ledger_fingerprint, write_campaign

from drawsteel_kit.kit.campaign_file import load_campaign_file
from drawsteel_kit.kit.errors import CampaignFileError
from drawsteel_kit.systems.draw_steel.campaign import Campaign


def _refused(folder: Path, data: dict[str, Any]) -> str:
    write_campaign(folder, data)
    with pytest.raises(CampaignFileError) as caught:
        load_campaign_file(folder / "campaign.yaml")
    return str(caught.value)


@pytest.mark.parametrize("field, typed, expected", [
    ("class", "Tacticain", "heroes[0] (Val): class: 'Tacticain' is not a class of the book; "
     "did you mean 'Tactician'? (declare the campaign's own under custom.classes)"),
    ("ancestry", "Hakan", "heroes[0] (Val): ancestry: 'Hakan' is not an ancestry of the "
     "book; did you mean 'Hakaan'? (declare the campaign's own under custom.ancestries)"),
    ("class", "Beastheart", "heroes[0] (Val): class: 'Beastheart' is not a class of the book "
     "(declare the campaign's own under custom.classes)"),
])
def test_a_class_or_ancestry_typo_is_refused_with_the_nearest(tmp_path: Path, field: str,
                                                               typed: str,
                                                               expected: str) -> None:
    data = campaign_data(heroes=[{**HEROES[0], field: typed}, *HEROES[1:]])
    message = _refused(tmp_path / "c", data)
    assert expected in message
    assert len(message.strip().splitlines()) == 1, message


def test_the_cli_refuses_the_typo_in_one_line_and_builds_no_ledger(tmp_path: Path) -> None:
    folder = write_campaign(tmp_path / "c", campaign_data(
        heroes=[{**HEROES[0], "class": "Tacticain"}, *HEROES[1:]]))
    out = run("init", folder, ok=False)
    assert "did you mean 'Tactician'?" in out and len(out.strip().splitlines()) == 1, out
    assert not (folder / "ledger.db").exists()


def test_book_names_are_spelled_as_the_book_and_the_campaigns_own_accepted(
        tmp_path: Path) -> None:
    heroes = [{**HEROES[0], "class": "tactician", "ancestry": "Elf (high)"},
              {**HEROES[1], "class": "Beastheart", "ancestry": "goblin"}, *HEROES[2:]]
    data = campaign_data(heroes=heroes)
    data["custom"] = {"classes": ["Beastheart"], "ancestries": ["Goblin"]}
    camp, _ = Campaign.init(write_campaign(tmp_path / "c", data))
    with camp:
        assert (camp.hero("Val").hero_class, camp.hero("Val").ancestry) == (
            "Tactician", "High Elf")
        second = camp.hero(HEROES[1]["name"])
        assert (second.hero_class, second.ancestry) == ("Beastheart", "Goblin")


def test_no_class_yet_is_still_allowed(tmp_path: Path) -> None:
    data = campaign_data(heroes=[{**HEROES[0], "class": "", "ancestry": ""}, *HEROES[1:]])
    cf = load_campaign_file(write_campaign(tmp_path / "c", data) / "campaign.yaml")
    assert (cf.heroes[0].hero_class, cf.heroes[0].ancestry) == ("", "")


def test_a_book_class_declared_as_the_campaigns_own_is_refused(tmp_path: Path) -> None:
    data = campaign_data()
    data["custom"] = {"classes": ["Fury"]}
    assert "custom.classes: [0] 'Fury' is a class of the book already" in _refused(
        tmp_path / "c", data)


def test_adjust_refuses_a_class_typo_and_writes_nothing(tmp_path: Path) -> None:
    folder = write_campaign(tmp_path / "c", campaign_data())
    Campaign.init(folder)[0].close()
    before = ledger_fingerprint(folder / "ledger.db")
    out = run("adjust", folder, "Val", "class=Tacticain", "--reason", "a new path", ok=False)
    assert "Val: class: 'Tacticain' is not a class of the book; did you mean 'Tactician'?" \
        in out and len(out.strip().splitlines()) == 1, out
    assert ledger_fingerprint(folder / "ledger.db") == before
    run("adjust", folder, "Val", "class=tactician", "--reason", "a new path")
    with Campaign.open(folder) as camp:
        assert camp.hero("Val").hero_class == "Tactician"


def test_horse_alone_is_not_the_horse_and_cart(tmp_path: Path) -> None:
    folder = write_campaign(tmp_path / "c", campaign_data(
        heroes=[{**HEROES[0], "wealth": 2}, *HEROES[1:]]))
    Campaign.init(folder)[0].close()
    before = ledger_fingerprint(folder / "ledger.db")
    out = run("buy", folder, "Val", "horse", ok=False)
    assert "'horse' is not an item of the Hero Wealth table by itself; it lists horse and " \
           "cart (tier 2): name that item in full, or give a tier from 1 to 6" in out, out
    assert ledger_fingerprint(folder / "ledger.db") == before
    out = run("buy", folder, "Val", "a night", ok=False)  # two items: both listed
    assert "a night at a common inn (tier 1), a night at a fine inn (tier 2)" in out, out
    run("buy", folder, "Val", "horse", "--tier", "2", "--reason", "to ride")
    run("buy", folder, "Val", "Horse and Cart", "--reason", "to haul")
    with Campaign.open(folder) as camp:
        assert [i.item for i in camp.inventory()][-2:] == ["horse", "horse and cart"]
