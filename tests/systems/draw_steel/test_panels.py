"""The Director's panels without a browser: set widget values, click, then check the ledger
through the Campaign API and the message shown; director.ipynb run through papermill."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import REPO, unchanged

from drawsteel_kit.systems.draw_steel.campaign import Campaign

DIRECTOR_NOTEBOOK = REPO / "notebooks" / "director.ipynb"

pytest.importorskip("ipywidgets")

from drawsteel_kit.systems.draw_steel import panels as P  # noqa: E402


@pytest.fixture
def camp(demo: Path) -> Iterator[Campaign]:
    with Campaign.open(demo) as c:
        yield c


def assert_refused(panel: P.Panel, before: tuple[dict, int], *words: str) -> None:
    """The panel shows a clear error (no traceback) and the ledger did not move."""
    assert not panel.ok
    text = panel.message_text
    assert "Traceback" not in text and "Traceback" not in panel.message.value
    for word in words:
        assert word in text, text
    assert unchanged(panel.campaign) == before


def test_party_overview_shows_the_heroes(camp: Campaign) -> None:
    panel = P.PartyOverview(camp)
    assert "Quillon Ashmark" in panel.table.value
    assert "day 1, session 0" in panel.header.value
    assert "The Lantern Company" in panel.header.value


def test_session_start_award_and_spend(camp: Campaign) -> None:
    panel = P.SessionPanel(camp)
    panel.start_button.click()
    assert camp.party.session_open and panel.ok
    assert "Session 1 started" in panel.message_text
    tokens = camp.party.hero_tokens
    panel.victory_heroes.value = ("Val", "Yorn")
    panel.victory_count.value = 2
    panel.victory_reason.value = "Bandits <at> the mill"
    before = {h.name: h.victories for h in camp.heroes.values()}
    panel.award_victories_button.click()
    after = {h.name: h.victories for h in camp.heroes.values()}
    assert after["Val"] == before["Val"] + 2 and after["Yorn"] == before["Yorn"] + 2
    assert after["Pip Thistledown"] == before["Pip Thistledown"]
    panel.token_count.value = 2
    panel.award_tokens_button.click()
    assert camp.party.hero_tokens == tokens + 2
    panel.spend.value = "surges"
    panel.spend_test.value = "climb the cliff"
    panel.spend_button.click()
    assert camp.party.hero_tokens == tokens + 1
    assert "spends 1 hero token" in panel.message_text
    panel.end_button.click()
    assert not camp.party.session_open


def test_session_errors_show_a_message_and_write_nothing(camp: Campaign) -> None:
    panel = P.SessionPanel(camp)
    before = unchanged(camp)
    panel.end_button.click()
    assert_refused(panel, before, "no session is open")
    panel.spend.value = "reroll"
    panel.spend_button.click()
    assert_refused(panel, before)


def test_history_filters_and_undo(camp: Campaign) -> None:
    book = P.Workbook(camp)
    session = book.panel(P.SessionPanel)
    history = book.panel(P.HistoryPanel)
    session.victory_heroes.value = ("Val",)
    session.award_victories_button.click()
    assert camp.hero("Val").victories == 4
    history.kind.value = "victories_awarded"
    history.filter_button.click()
    assert [e.kind for e in history.events] == ["victories_awarded"]
    history.kind.value = ""
    history.hero.value = "Yorn"
    history.filter_button.click()
    assert history.events and all(e.actor in ("Yorn", None) for e in history.events)
    history.event_id.value = camp.history(kind="victories_awarded")[0].id
    history.reason.value = "wrong hero"
    history.hero.value = ""
    history.undo_button.click()
    assert history.ok, history.message_text
    assert camp.hero("Val").victories == 3
    assert "Undid" in history.message_text
    assert "(undone)" in history.table.value
    before = unchanged(camp)
    history.event_id.value = 1
    history.undo_button.click()
    assert_refused(history, before, "cannot be undone")


def test_the_director_notebook_runs(demo: Path, tmp_path: Path) -> None:
    import nbformat
    import papermill

    out = tmp_path / "director-out.ipynb"
    papermill.execute_notebook(str(DIRECTOR_NOTEBOOK), str(out),
                               parameters={"campaign": str(demo)}, kernel_name="python3",
                               cwd=str(REPO), progress_bar=False)
    nb = nbformat.read(str(out), as_version=4)
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {})
               for o in outputs)


def start_lore(camp: Campaign, hero: str = "Val", kind: str = "obscure") -> int:
    """Start Discover Lore through the projects panel; returns the project's id."""
    panel = P.ProjectsPanel(camp)
    panel.search.value = "lore"
    assert "Discover Lore" in panel.results.options
    panel.results.value = "Discover Lore"
    panel.hero.value = hero
    panel.params.value = f"kind={kind}"
    panel.start_button.click()
    assert panel.ok, panel.message_text
    return camp.projects(hero)[-1].id


def test_projects_search_start_progress_and_forecast(camp: Campaign) -> None:
    panel = P.ProjectsPanel(camp)
    panel.search.value = "potion"
    assert panel.results.options and all("otion" in n for n in panel.results.options)
    pid = start_lore(camp)
    assert camp.project(pid).goal == 45
    panel.refresh()
    assert panel.bars[pid].max == 45 and panel.bars[pid].value == 0
    assert "milestones" in panel.progress_box.children[0].children[1].value
    panel.forecast_project.value = pid
    panel.forecast_button.click()
    assert panel.ok and "50% chance" in panel.message_text


def test_projects_unknown_project_is_refused(camp: Campaign) -> None:
    panel = P.ProjectsPanel(camp)
    before = unchanged(camp)
    panel.search.value = "no such project at all"
    assert panel.results.options == ()
    panel.hero.value = "Val"
    panel.start_button.click()
    assert_refused(panel, before, "no such project at all")
    panel.search.value = "lore"
    panel.params.value = "kind"
    panel.start_button.click()
    assert_refused(panel, before, "goal parameters look like")


def respite_for_val(camp: Campaign, dice: str) -> P.RespitePanel:
    pid = start_lore(camp)
    panel = P.RespitePanel(camp)
    for name, row in panel.rows.items():
        row.takes.value = name == "Val"
    row = panel.rows["Val"]
    row.activity.value = "roll"
    row.project.value = pid
    row.edges.value = 1
    row.dice.value = dice
    # The project event check rolls from the panel's seed: about 1 seed in 24 brings an event
    # whose d10 takes a typed face these tests did not type (a ~4% flake in CI). Seed 1: a 2.
    panel.seed = 1
    return panel


def test_respite_preview_writes_nothing_and_matches_the_commit(camp: Campaign) -> None:
    panel = respite_for_val(camp, "7 3")
    before = unchanged(camp)
    panel.preview_button.click()
    assert panel.ok, panel.message_text
    assert unchanged(camp) == before
    previewed = panel.message_text.removeprefix("Preview (nothing written):\n")
    assert "Val rolls on 'Discover Lore'" in previewed
    panel.commit_button.click()
    assert panel.ok, panel.message_text
    assert panel.message_text.removeprefix("Written:\n") == previewed
    roll = camp.history(kind="project_roll")[0]
    assert roll.dice == [7, 3]
    assert camp.project("Discover Lore").points == roll.payload["after"] > 0
    assert camp.ledger.event_count() > before[1]
    assert panel.progress.value == panel.progress.max


def test_respite_with_too_few_typed_dice_is_refused(camp: Campaign) -> None:
    panel = respite_for_val(camp, "7")
    before = unchanged(camp)
    panel.commit_button.click()
    assert_refused(panel, before, "ran out of typed-in dice")
    panel.preview_button.click()
    assert_refused(panel, before, "ran out of typed-in dice")
    panel.rows["Val"].dice.value = "seven three"
    panel.commit_button.click()
    assert_refused(panel, before, "whole numbers")


def test_respite_rest_only_for_everyone(camp: Campaign) -> None:
    panel = P.RespitePanel(camp)
    panel.commit_button.click()
    assert panel.ok, panel.message_text
    assert "Yorn completes a respite" in panel.message_text
    assert camp.hero("Yorn").level == 3


MAELIS = dict(name="Maelis", role="sage", ancestry="High Elf",
              skills="History, Magic, Nature, Timescape", languages="Hyrallic, Khelt")


def fill_recruit(panel: P.FollowersPanel, hero: str) -> None:
    panel.hero.value = hero
    panel.at.value = "Riverside Market"
    for key, value in MAELIS.items():
        getattr(panel, key).value = value


def test_followers_recruit_assign_dismiss(camp: Campaign) -> None:
    pid = start_lore(camp, hero="Quillon Ashmark", kind="common")
    panel = P.FollowersPanel(camp)
    assert "Quillon Ashmark: 0 of 3 followers" in panel.caps.value
    fill_recruit(panel, "Quillon Ashmark")
    panel.recruit_button.click()
    assert panel.ok, panel.message_text
    assert [f.name for f in camp.followers("Quillon Ashmark")] == ["Maelis"]
    assert "Quillon Ashmark: 1 of 3 followers" in panel.caps.value
    panel.follower.value = camp.follower("Maelis").id
    panel.project.value = pid
    panel.assign_button.click()
    assert camp.follower("Maelis").project_id == pid
    panel.reason.value = "went home"
    panel.dismiss_button.click()
    assert camp.followers("Quillon Ashmark") == []
    assert "no longer follows" in panel.message_text


def test_recruiting_over_the_cap_is_refused(camp: Campaign) -> None:
    panel = P.FollowersPanel(camp)
    fill_recruit(panel, "Val")
    before = unchanged(camp)
    panel.recruit_button.click()
    assert_refused(panel, before, "over the cap")


def test_wealth_table_buy_and_awards(camp: Campaign) -> None:
    panel = P.WealthPanel(camp)
    panel.hero.value = "Quillon Ashmark"
    assert "river skiff" in panel.table.value
    assert "yes" in panel.table.value and "no" in panel.table.value
    panel.item.value = "river skiff"
    panel.buy_button.click()
    assert panel.ok, panel.message_text
    assert [i.item for i in camp.inventory("Quillon Ashmark")] == ["river skiff"]
    panel.amount.value = 2
    panel.reason.value = "Saved the mill"
    panel.renown_button.click()
    assert camp.hero("Quillon Ashmark").renown == 6
    panel.wealth_button.click()
    assert camp.hero("Quillon Ashmark").wealth == 4


def test_a_purchase_above_wealth_and_an_award_without_reason_are_refused(
        camp: Campaign) -> None:
    panel = P.WealthPanel(camp)
    panel.hero.value = "Val"
    before = unchanged(camp)
    panel.item.value = "a castle"
    panel.tier.value = 5
    panel.buy_button.click()
    assert_refused(panel, before, "wealth")
    panel.reason.value = " "
    panel.renown_button.click()
    assert_refused(panel, before, "reason")


def test_inventory_add_use_and_titles(camp: Campaign) -> None:
    panel = P.InventoryPanel(camp)
    panel.item.value = "Rope <50 ft>"
    panel.holder.value = "Yorn"
    panel.count.value = 3
    panel.add_button.click()
    assert panel.ok, panel.message_text
    line = camp.item("Rope <50 ft>")
    assert line.count == 3 and line.holder == "Yorn"
    assert "Rope &lt;50 ft&gt;" in panel.table.value
    panel.use_item_choice.value = line.id
    panel.use_count.value = 2
    panel.use_button.click()
    assert camp.item(line.id).count == 1
    before = unchanged(camp)
    panel.use_count.value = 5
    panel.use_button.click()
    assert_refused(panel, before, "only 1")
    panel.title_hero.value = "Val"
    panel.title_choice.value = "Faction Member"
    assert panel.benefit.options
    panel.title_reason.value = "Joined the Lamplighters"
    panel.grant_button.click()
    assert panel.ok, panel.message_text
    assert "Faction Member" in camp.hero("Val").titles
    assert "Faction Member" in panel.titles_table.value


def test_npcs_add_knows_and_negotiation(camp: Campaign) -> None:
    panel = P.NpcPanel(camp)
    panel.name.value = "Duke Ortho"
    panel.level.value = 3
    panel.add_button.click()
    assert panel.ok, panel.message_text
    panel.npc.value = camp.npc("Duke Ortho").id
    panel.hero.value = "Quillon Ashmark"
    panel.standing.value = "fame"
    panel.knows_button.click()
    assert camp.npc("Duke Ortho").standing == {"Quillon Ashmark": "fame"}
    panel.negotiation_button.click()
    assert panel.ok and "Quillon Ashmark" in panel.message_text
    before = unchanged(camp)
    panel.add_button.click()
    assert_refused(panel, before, "already an NPC")


def test_workbook_tabs_and_a_change_refreshes_every_panel(camp: Campaign) -> None:
    book = P.Workbook(camp)
    assert len(book.widget.children) == len(P.PANELS)
    assert book.widget.titles[0] == "Party"
    assert book.view.children[-1] is book.widget  # shown with the style that keeps labels whole
    session = book.panel(P.SessionPanel)
    session.start_button.click()
    assert "session 1 (open)" in book.panel(P.PartyOverview).header.value
    assert ("Session started", "session_started") in book.panel(P.HistoryPanel).kind.options


def test_import_drawsteel_kit_stays_light() -> None:
    import subprocess
    import sys

    code = ("import sys, drawsteel_kit, drawsteel_kit.systems.draw_steel.campaign; "
            "print('ipywidgets' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
