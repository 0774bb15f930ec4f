"""Issue 32, "A workbook that leads": the Director's notebook says to Run All and shows the
party first; the Party tab says what comes next (who levels, the XP each hero needs, what
is waiting, who rested today, projects close to done); every tab's label is whole; the
respite panel picks a hero's only project; a respite's result is shown once (its table),
with moving on in a section of its own. Driven through the real panels."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import campaign_data, write_campaign

from drawsteel_kit.systems.draw_steel.activities import ProjectRoll
from drawsteel_kit.systems.draw_steel.campaign import Campaign

pytest.importorskip("ipywidgets")

from conftest import REPO

from drawsteel_kit.systems.draw_steel import panels as P

HEROES = (
    {"name": "Korrin Stonefist", "ancestry": "Dwarf", "level": 1, "xp": 14, "victories": 3,
     "max_stamina": 20, "max_recoveries": 8},
    {"name": "Thessaly Vane", "ancestry": "Human", "level": 1, "xp": 2, "max_stamina": 20,
     "max_recoveries": 8, "project_points": 40, "characteristics": {"reason": 2}},
    {"name": "Val", "ancestry": "Human", "level": 1, "xp": 0, "max_stamina": 20,
     "max_recoveries": 8},
)


@pytest.fixture
def camp(tmp_path: Path) -> Iterator[Campaign]:
    folder = write_campaign(tmp_path / "c", campaign_data(heroes=HEROES))
    c, _ = Campaign.init(folder)
    yield c
    c.close()


def test_the_notebook_says_run_all_and_shows_the_workbook() -> None:
    nb = json.loads((REPO / "notebooks" / "director.ipynb").read_text(encoding="utf-8"))
    first = "".join(nb["cells"][0]["source"])
    assert nb["cells"][0]["cell_type"] == "markdown" and "Run All" in first.split("\n\n")[1]
    assert "Party" in first
    last = "".join(nb["cells"][-1]["source"]).splitlines()[-1]
    assert last.split("#")[0].strip() == "workbook"  # the style that keeps labels whole too


def test_the_party_tab_says_what_comes_next(camp: Campaign) -> None:
    panel = P.PartyOverview(camp)
    assert "Next level in" in panel.table.value
    assert "next respite" in panel.table.value and "14 XP" in panel.table.value
    assert ("Levels: Korrin Stonefist: level 2 at the next respite" in panel.steps_text)
    assert "Today: Day 1: no respite today" in panel.steps_text
    camp.start_project("Thessaly", "Discover Lore", title="Lost maps", params={"kind": "common"})
    goal = camp.project("Lost maps").goal
    camp.spend_project_points("Thessaly", "Lost maps", goal - 2)
    camp.start_session()
    camp.take_respite(["Val"])
    panel.refresh()
    text = panel.steps_text
    assert f"Close to done: 'Lost maps' (Thessaly Vane's): {goal - 2}/{goal}, 2 to go" in text
    assert "Waiting: Session 1 is open" in text
    assert ("Today: Day 2: Val rested today; Korrin Stonefist, Thessaly Vane can still join "
            "today's respite") in text
    assert "What comes next" in panel.steps.value and "Lost maps" in panel.steps.value


def test_no_one_levelling_names_the_closest(tmp_path: Path) -> None:
    heroes = [{**h, "victories": 0} for h in HEROES]
    folder = write_campaign(tmp_path / "c", campaign_data(heroes=heroes))
    with Campaign.init(folder)[0] as c:
        text = P.PartyOverview(c).steps_text
    assert ("Levels: no hero levels at the next respite; the closest: Korrin Stonefist, 2 XP "
            "to level 2") in text


def test_every_tab_label_is_whole(camp: Campaign) -> None:
    from drawsteel_kit.kit.ui.panels import WORKBOOK_CLASS

    book = P.Workbook(camp)
    assert WORKBOOK_CLASS in book.widget._dom_classes
    style = book.view.children[0].value
    assert "flex: 0 0 auto" in style and "flex-wrap: wrap" in style
    assert book.view.children[-1] is book.widget


def test_the_respite_panel_picks_a_heros_only_project(camp: Campaign) -> None:
    camp.start_project("Thessaly", "Discover Lore", title="Lost maps", params={"kind": "lost"})
    camp.start_project("Korrin", "Discover Lore", title="Deep roads", params={"kind": "lost"})
    camp.start_project("Korrin", "Discover Lore", title="Old songs", params={"kind": "lost"})
    panel = P.RespitePanel(camp)
    for name, row in panel.rows.items():
        row.takes.value = name == "Thessaly Vane"
    row = panel.rows["Thessaly Vane"]
    row.activity.value = "roll"
    assert row.project.value == camp.project("Lost maps").id
    panel.seed = 1
    panel.preview_button.click()
    assert panel.ok, panel.message_text
    assert "Thessaly Vane rolls on 'Lost maps'" in panel.message_text
    # Two projects of his own: the Director chooses; the box says "(none)", not nothing.
    korrin = panel.rows["Korrin Stonefist"]
    assert korrin.project.value == P.respite.NO_PROJECT
    assert korrin.project.label == "(none)"


def test_a_respite_result_is_shown_once(camp: Campaign) -> None:
    camp.start_project("Thessaly", "Discover Lore", title="Lost maps", params={"kind": "lost"})
    panel = P.RespitePanel(camp)
    for name, row in panel.rows.items():
        row.takes.value = name == "Thessaly Vane"
    panel.rows["Thessaly Vane"].activity.value = "roll"
    panel.rows["Thessaly Vane"].dice.value = "7 3"
    panel.seed = 1
    panel.preview_button.click()
    assert panel.ok, panel.message_text
    # the words of each event stay in message_text; on screen, the table alone shows them
    assert "rolls on 'Lost maps'" in panel.message_text
    assert "rolls on" not in panel.message.value and "Preview" in panel.message.value
    assert "Lost maps" in panel.preview_text.value and "7 + 3" in panel.preview_text.value
    panel.commit_button.click()
    assert panel.ok and "rolls on" not in panel.message.value
    assert "Written" in panel.message.value
    kids = list(panel.widget.children)  # the message, the table, then moving on
    assert kids.index(panel.message) + 1 == kids.index(panel.preview_text)
    assert kids[-1].children == (panel.move_to, panel.move_button)


def test_the_table_shows_what_no_hero_row_does(camp: Campaign) -> None:
    from drawsteel_kit.systems.draw_steel.panels.respite_preview import preview_table

    camp.start_project("Thessaly", "Discover Lore", title="Lost maps", params={"kind": "lost"})
    happened = camp.take_respite(["Thessaly Vane", "Val"],
                                 activities={"Thessaly Vane": ProjectRoll("Lost maps")}, seed=3)
    html = preview_table(happened, ["Thessaly Vane"])  # Val's part: the "Also" row
    assert "Also" in html and "Val" in html
