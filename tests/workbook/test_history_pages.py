"""History in sentences wherever it is read: the CLI's ``history``, the History panel, the
players' pages (static and served), for every system's demo campaign (each writes many
kinds). No raw kind (``project_event_check``) reaches any of them; each page has one history
block; long histories are paged."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from workbook_helpers import REPO

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.kit.book.sentences import kind_name, kind_names, sentence
from drawsteel_kit.kit.registry import SYSTEMS
from drawsteel_kit.kit.ui.history import HistoryPanel
from drawsteel_kit.kit.ui.history_block import HistoryBlock
from drawsteel_kit.kit.ui.pages import HISTORY_ROWS
from drawsteel_kit.workbook import show_page
from drawsteel_kit.workbook.pages import player_page
from drawsteel_kit.workbook.player import PlayerControls

HISTORY = 'class="dsk-page dsk-history"'
TAGS = re.compile(r"<[^>]*>")


def _source(played: Any) -> Path:
    name = "demo" if played.default else f"{played.module.replace('_', '-')}-demo"
    return REPO / "campaigns" / name


@pytest.fixture(scope="module")
def demos(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """Every system's demo campaign, built by its own builder."""
    built = {}
    for played in SYSTEMS.values():
        dest = tmp_path_factory.mktemp(played.module) / "camp"
        dest.mkdir()
        shutil.copy(_source(played) / "campaign.yaml", dest)
        if (_source(played) / "plans").is_dir():
            shutil.copytree(_source(played) / "plans", dest / "plans")
        played.part("demo").build(dest, echo=False).close()
        built[played.key] = dest
    yield built


def _kinds(folder: Path) -> set[str]:
    with BaseCampaign.open(folder, readonly=True) as camp:
        return {e.kind for e in camp.history()}


def _raw_kinds(text: str, kinds: set[str]) -> list[str]:
    """Kinds written as kinds (a word of the text), not as their names."""
    words = set(re.findall(r"[A-Za-z0-9_]+", TAGS.sub(" ", text)))
    return sorted(k for k in kinds if "_" in k and k in words)


KEYS = list(SYSTEMS)


@pytest.mark.parametrize("key", KEYS)
def test_every_event_of_the_demo_has_a_named_kind_and_reads_as_a_sentence(
        demos: dict[str, Path], key: str) -> None:
    with BaseCampaign.open(demos[key], readonly=True) as camp:
        names = kind_names(camp.system)
        events = camp.history()
        assert len({e.kind for e in events}) >= 15  # the demos exercise many kinds
        for ev in events:
            assert ev.kind in names, ev.kind
            said = sentence(ev, camp.system)
            assert said[0].isupper() and said[-1] in ".!?", said
            assert not re.search(r"\b[a-z0-9]+_[a-z0-9_]+\b", said), said


@pytest.mark.parametrize("key", KEYS)
def test_the_cli_history_prints_sentences_a_page_at_a_time(
        demos: dict[str, Path], key: str) -> None:
    folder, kinds = demos[key], _kinds(demos[key])
    everything = run("history", folder, "--limit", "100000")
    assert not _raw_kinds(everything, kinds)
    lines = [line for line in everything.splitlines() if line.startswith("#")]
    assert len(lines) > 20
    assert not _raw_kinds(run("history", folder, "--as", "party", "--limit", "100000"), kinds)
    first, second = (run("history", folder, "--limit", "10", "--page", str(n))
                     for n in (1, 2))
    assert first.splitlines()[:10] == lines[:10] and second.splitlines()[:10] == lines[10:20]
    assert f"Events 11-20 of {len(lines)}; older ones: --page 3" in second
    kind = sorted(kinds)[0]
    by_name = json.loads(run("history", folder, "--json", "--kind", kind_name(kind, key)))
    by_kind = json.loads(run("history", folder, "--json", "--kind", kind))
    assert by_name == by_kind and by_kind and {e["kind"] for e in by_kind} == {kind}


@pytest.mark.parametrize("key", KEYS)
def test_the_history_panel_names_kinds_and_pages(demos: dict[str, Path], key: str) -> None:
    folder, kinds = demos[key], _kinds(demos[key])
    with BaseCampaign.open(folder, readonly=True) as camp:
        total = camp.history_count()
        panel = HistoryPanel(camp)
        labels = [label for label, _ in panel.kind.options]
        assert not _raw_kinds(" ".join(labels), kinds)
        assert {value for _, value in panel.kind.options} == kinds | {""}
        assert "Kind" not in TAGS.sub("|", panel.table.value).split("|")
        panel.limit.value = 25
        panel.first_page()
        seen = []
        while True:
            assert not _raw_kinds(panel.table.value, kinds)
            seen += [e.id for e in panel.events]
            if panel.older_button.disabled:
                break
            panel.older_button.click()
        assert len(seen) == total == len(set(seen)) and seen == sorted(seen, reverse=True)
        assert f"of {total}" in panel.page_line.value
        panel.newer_button.click()
        assert panel.events[0].id == seen[((total - 1) // 25 - 1) * 25]
        name, kind = next((n, k) for n, k in panel.kind.options if k)
        panel.kind.value = kind
        panel.filter_button.click()
        assert panel.page == 0 and {e.kind for e in panel.events} == {kind}, name


def test_the_panel_still_undoes(demos: dict[str, Path], tmp_path: Path) -> None:
    folder = tmp_path / "camp"
    shutil.copytree(demos["draw-steel"], folder)
    with BaseCampaign.open(folder) as camp:
        panel = HistoryPanel(camp)
        target = next(e for e in panel.events if e.kind == "renown_gained" or e.ops)
        panel.event_id.value = target.id
        panel.reason.value = "a slip"
        panel.undo_button.click()
        assert panel.ok, panel.message_text
        assert "(undone)" in panel.table.value and "Undid #" in panel.table.value
        assert not _raw_kinds(panel.table.value, {"undo", *kind_names("draw-steel")})


@pytest.mark.parametrize("key", KEYS)
def test_every_player_page_has_one_history_block_in_sentences(
        demos: dict[str, Path], key: str) -> None:
    folder, kinds = demos[key], _kinds(demos[key])
    with BaseCampaign.open(folder, readonly=True) as camp:
        members = camp.members
    for who in [None, *members]:
        with BaseCampaign.open(folder, readonly=True) as camp:
            view = PartyView.of(camp, who)
            page = player_page(view, who)
            viewer = view.viewer
            seen = view.books.history_count(visible_to=viewer, hero=who)
        html = page.html
        assert html.count(HISTORY) == 1 and "Recent events" not in html, who
        assert sum(isinstance(b, HistoryBlock) for b in page.blocks) == 1
        assert not _raw_kinds(html, kinds), who
        block = str(next(b for b in page.blocks if isinstance(b, HistoryBlock)).html)
        rows = block.count("<tr>") - 1
        assert rows == min(seen, HISTORY_ROWS), who
        if seen > HISTORY_ROWS:
            left = seen - HISTORY_ROWS
            assert f"{left} earlier event{'s' if left != 1 else ''} not shown" in block
        else:
            assert "not shown" not in block


def test_a_served_page_shows_its_history_once_a_page_at_a_time(
        demos: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    with BaseCampaign.open(demos["draw-steel"], readonly=True) as camp, \
            PartyView.of(camp, None) as view:
        page = player_page(view)
        show_page(page)  # the served page: every block but the history
        shown = capsys.readouterr().out
        assert "dsk-heroes" in shown and "dsk-history" not in shown
        controls = PlayerControls(view)
        total = view.books.history_count(visible_to="party")
        assert controls.newer.disabled and not controls.older.disabled
        assert f"Events 1-10 of {total}" in controls.page_line.value
        ids = []
        while True:
            out = str(controls.events_out.outputs[0]["data"]["text/html"])
            assert not _raw_kinds(out, _kinds(demos["draw-steel"]))
            ids += re.findall(r"<tr><td>(\d+)</td>", out)
            if controls.older.disabled:
                break
            controls.older.click()
        assert len(ids) == total == len(set(ids))
        controls.events.value = 25  # a new page size starts again from the newest
        assert controls.page == 0 and f"Events 1-25 of {total}" in controls.page_line.value


def test_a_long_history_is_counted_only_so_far(demos: dict[str, Path]) -> None:
    """A page of a million-event history says "more than 10,000" instead of reading every
    event to count them (benchmarks: the block takes milliseconds at a million events)."""
    from drawsteel_kit.kit.ledger import COUNTED
    from drawsteel_kit.kit.ui.history_block import last_page, page_note

    with BaseCampaign.open(demos["draw-steel"], readonly=True) as camp:
        total = len(camp.history())
        assert camp.ledger.count_events(at_most=10**6) == total == camp.history_count()
        assert camp.ledger.count_events(at_most=5) == 6
        assert camp.ledger.count_events(visible_to="party", at_most=10**6) == len(
            camp.history(visible_to="party"))
    assert page_note(0, 50, COUNTED + 1) == f"Events 1-50 of more than {COUNTED:,}"
    assert page_note(50, 50, 120) == "Events 51-100 of 120"
    assert page_note(0, 120, 120) == ""
    assert last_page(COUNTED + 1, 50) is None and last_page(120, 50) == 2


def test_a_page_counts_the_events_it_leaves_out_only_so_far(demos: dict[str, Path]) -> None:
    """A player page's history block stops counting at its limit ("more than"), so a long
    campaign's page reads no more of the ledger than a short one's (test_bench measures it)."""
    from drawsteel_kit.kit.ui.history_block import PAGE_COUNTED, history_block

    with BaseCampaign.open(demos["draw-steel"], readonly=True) as camp:
        total = camp.history_count(visible_to="party")
        assert HISTORY_ROWS + 5 < total < PAGE_COUNTED
        whole = str(history_block(camp, "party").html)
        cut = str(history_block(camp, "party", counted=HISTORY_ROWS + 5).html)
    assert f"{total - HISTORY_ROWS} earlier events not shown" in whole
    assert "more than 5 earlier events not shown" in cut
