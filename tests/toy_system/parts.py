"""Every part of the toy system: campaign.yaml's schema, the book (one operation: cheer a
character), the pages, a panel, the demo, the command and the event kinds."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import click
from pydantic import BaseModel, ConfigDict

from drawsteel_kit.kit.book.base import Happened, operation
from drawsteel_kit.kit.book.party_view import PartyView, books
from drawsteel_kit.kit.book.sheets import SystemBook, update_sheet_op
from drawsteel_kit.kit.commands import campaign_arg, friendly, opener, say
from drawsteel_kit.kit.registry import SheetSpec
from drawsteel_kit.kit.ui.html import Html, Markup
from drawsteel_kit.kit.ui.pages import Linker, Page, page_owner, query_link
from drawsteel_kit.kit.ui.panels import Panel
from toy_system.campaign import ToyCampaign

# -- campaign.yaml ----------------------------------------------------------------------------


class Character(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    cheer: int = 0


class CampaignFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    system: Literal["toy"]
    notes: str = ""
    characters: list[Character]


def party_settings(cf: CampaignFile) -> dict[str, Any]:
    return {}


def sheets(cf: CampaignFile) -> list[SheetSpec]:
    return [SheetSpec(key=f"character:{c.name}", kind="character", name=c.name,
                      data={"name": c.name, "cheer": c.cheer}) for c in cf.characters]


# -- the book ---------------------------------------------------------------------------------
KINDS = {"toy_cheered": "Cheered"}


class ToyBook(SystemBook):
    SYSTEM = "toy"

    @operation
    def cheer(self, name: str) -> Happened:
        """One more cheer for ``name``."""
        sheet = self.member_sheet(name)
        cheers = int(sheet.data["cheer"]) + 1
        summary = f"{sheet.name} is cheered ({cheers})"
        with self.campaign.writing() as w:
            w.event("toy_cheered", [update_sheet_op(sheet, data={**sheet.data, "cheer": cheers})],
                    summary=summary, actor=sheet.name)
        return Happened("toy_cheered", summary, tuple(w.written))


# -- pages ------------------------------------------------------------------------------------
def _cheers(view: PartyView) -> dict[str, int]:
    book = books(view, ToyCampaign).book
    return {s.name: int(s.data["cheer"]) for s in book.sheets("character")}


def party_page(view: PartyView, *, linker: Linker = query_link) -> Page:
    rows = Markup("").join(Markup("<li>{}: {} cheers</li>").format(n, c)
                           for n, c in _cheers(view).items())
    return Page("Toy party", None, (Html(Markup("<h1>Toy party</h1><ul>{}</ul>").format(rows)),))


def member_page(view: PartyView, name: str | None = None, *,
                linker: Linker = query_link) -> Page:
    name = page_owner(view, name)
    return Page(name, name, (Html(Markup("<h1>{}</h1><p>{} cheers</p>").format(
        name, _cheers(view)[name])),))


def resolution_blocks(campaign: Any, result: Any) -> list[Any]:
    return []


# -- the Director's panel ---------------------------------------------------------------------
class CheerPanel(Panel["ToyCampaign"]):
    title = "Cheers"

    def __init__(self, campaign: ToyCampaign) -> None:
        import ipywidgets as W

        super().__init__(campaign)
        self.who = W.Dropdown(options=self.hero_options(), description="Who")
        self._box = W.VBox([self.who, self.button("Cheer", self.go), self.message])

    def go(self) -> None:
        self.run(lambda: self.campaign.book.cheer(self.who.value))


PANELS = (CheerPanel,)


# -- the demo and the command -----------------------------------------------------------------
def build(folder: str | Path, *, echo: bool = True, resolver: object = None) -> ToyCampaign:
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "campaign.yaml").write_text(
        "name: Toy box\nsystem: toy\ncharacters:\n  - name: Pip\n  - name: Lark\n",
        encoding="utf-8")
    camp, _ = ToyCampaign.init(folder)
    return camp


commands = click.Group()
open_campaign = opener(ToyCampaign)


@commands.command()
@campaign_arg
@click.argument("name")
@friendly
def toy(campaign: str, name: str) -> None:
    """Cheer a toy character."""
    with open_campaign(campaign) as camp:
        say(campaign, camp.book.cheer(name))
