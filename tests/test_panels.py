"""The Director's panels without a browser: set widget values, click, then check the ledger
through the Campaign API and the message shown; director.ipynb run through papermill."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from drawsteel_kit.campaign import Campaign

REPO = Path(__file__).resolve().parent.parent
DIRECTOR_NOTEBOOK = REPO / "notebooks" / "director.ipynb"

pytest.importorskip("ipywidgets")

from drawsteel_kit.views import panels as P  # noqa: E402


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    """A copy of campaigns/demo, initialised."""
    folder = tmp_path / "demo"
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder)
    Campaign.init(folder)[0].close()
    return folder


@pytest.fixture
def camp(demo: Path) -> Iterator[Campaign]:
    with Campaign.open(demo) as c:
        yield c


def unchanged(camp: Campaign) -> tuple[dict, int]:
    return camp.ledger.snapshot(), camp.ledger.event_count()


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
