"""A system registered from the tests gets a campaign, a player page, a Director's panel and
a command, touching no file of the package (issue 34: the kit names no system, the front ends
choose from the registry). The toy system is ``tests/toy_system``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import drawsteel_kit
from drawsteel_kit.kit.registry import SYSTEMS, register, unregister
from drawsteel_kit.workbook import open_workbook, player_page
from drawsteel_kit.workbook.publish import publish


@pytest.fixture
def toy() -> Iterator[None]:
    from toy_system.system import SYSTEM

    register(SYSTEM)
    try:
        yield
    finally:
        unregister(SYSTEM.key)
        from drawsteel_kit.cli import main

        main.commands.pop("toy", None)  # the root group keeps a command it has loaded


@pytest.fixture
def folder(toy: None, tmp_path: Path) -> Path:
    from toy_system.parts import build

    build(tmp_path / "toys").close()
    return tmp_path / "toys"


def test_the_toy_system_is_only_in_the_registry_while_registered(toy: None) -> None:
    assert "toy" in SYSTEMS and SYSTEMS["toy"].title == "the toy system"
    assert not [p for p in Path(drawsteel_kit.__file__).parent.rglob("*.py")
                if "toy_system" in p.read_text(encoding="utf-8")]


def test_a_registered_system_gets_a_campaign(folder: Path) -> None:
    from toy_system.campaign import ToyCampaign

    with drawsteel_kit.open(folder) as camp:
        assert isinstance(camp, ToyCampaign) and camp.system.key == "toy"
        assert camp.members == ["Pip", "Lark"]
        said = camp.book.cheer("pip")
        assert said.summary == "Pip is cheered (1)"
        assert [e.kind for e in camp.history(hero="Pip")] == ["toy_cheered", "sheet_added"]
        camp.undo(said.events[0].id)
        assert camp.book.member_sheet("Pip").data["cheer"] == 0


def test_a_registered_system_gets_its_player_pages(folder: Path, tmp_path: Path) -> None:
    with drawsteel_kit.open(folder) as camp:
        camp.book.cheer("Lark")
        party = player_page(camp)
        assert "Lark: 1 cheers" in str(party.blocks[0].html)
        assert "1 cheers" in str(player_page(camp, "Lark").blocks[0].html)
        written = publish(camp, tmp_path / "site")
    assert {p.name for p in written} == {"index.html", "hero-pip.html", "hero-lark.html"}
    assert "Lark: 1 cheers" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


def test_a_registered_system_gets_its_panel(folder: Path) -> None:
    from toy_system.parts import CheerPanel

    book = open_workbook(folder)
    panel = book.panel(CheerPanel)
    panel.who.value = "Pip"
    panel.go()
    assert panel.ok and "Pip is cheered (1)" in panel.message_text
    book.campaign.close()


def test_a_registered_system_gets_its_command(folder: Path) -> None:
    from drawsteel_kit.cli import main

    runner = CliRunner()
    done = runner.invoke(main, ["toy", str(folder), "lark"])
    assert done.exit_code == 0, done.output
    assert "Lark is cheered (1)" in done.output
    assert "toy" in runner.invoke(main, ["--help"]).output
    history = runner.invoke(main, ["history", str(folder)])
    assert "Lark is cheered (1)" in history.output


def test_another_systems_command_refuses_a_toy_campaign(folder: Path) -> None:
    from drawsteel_kit.cli import main

    done = CliRunner().invoke(main, ["dw", "characters", str(folder)])
    assert done.exit_code == 1
    assert "plays the toy system" in done.output and "drawsteel-kit toy --help" in done.output
