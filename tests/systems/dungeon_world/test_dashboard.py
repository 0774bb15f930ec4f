"""Dungeon World's player pages: the demo builds, its published pages show the characters,
never a Director row, and escape what players typed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.dice import ScriptedDice
from drawsteel_kit.kit.ledger.projections import snapshot
from drawsteel_kit.systems.dungeon_world.demo import build
from drawsteel_kit.systems.dungeon_world.pages import resolution_blocks, xp_and_hp
from drawsteel_kit.workbook.pages import player_page
from drawsteel_kit.workbook.plan_runs import main_resolve
from drawsteel_kit.workbook.publish import INDEX, hero_files, publish
from systems.dungeon_world.helpers import DEMO

SECRET = "The Duke hired the barrow-wight"


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("dwdemo") / "camp"
    folder.mkdir()
    shutil.copy(DEMO / "campaign.yaml", folder)
    shutil.copytree(DEMO / "plans", folder / "plans")
    with build(folder, echo=False) as camp:
        camp.add_note(SECRET, visibility="director")
        assert camp.ledger.verify()
    return folder


def test_the_demo_plays_a_session_and_a_week_in_town(demo: Path) -> None:
    with BaseCampaign.open(demo, readonly=True) as camp:
        assert camp.party.day == 8 and camp.party.session == 1
        kinds = {e.kind for e in camp.history()}
        assert {"dw_take_watch", "dw_make_camp", "dw_perilous_journey", "dw_carouse",
                "dw_level_up", "dw_end_of_session", "plan_resolved"} <= kinds
        assert camp.dungeon_world.character("Ava").level == 2


def test_the_demo_plays_each_basic_move_the_hold_the_load_and_last_breath(demo: Path) -> None:
    """003: 16, 49-53, 114-121, 178, 235, 257, 274, 330: one of each, with its record."""
    with BaseCampaign.open(demo, readonly=True) as camp:
        choices: dict[str, list[str]] = {}
        for e in camp.history():
            if "lines" in e.payload:  # a move's first event; the others carry the same
                choices.setdefault(e.kind, []).extend(e.payload.get("choices", []))
        dw = camp.dungeon_world
        odo, nim = dw.character("Brother Odo"), dw.character("Nim")
        journey = next(e for e in camp.history(kind="dw_perilous_journey") if e.actor == "Nim")
        level_ups = camp.history(kind="dw_level_up")
    assert choices["dw_aid_or_interfere"] == ["aid", "exposed"]
    assert choices["dw_hack_and_slash"] == ["extra_damage"]
    assert choices["dw_volley"] == ["ammo"] and nim.ammo == 2
    assert choices["dw_defend"] == ["Zora"]
    assert choices["dw_hold_spent"] == ["redirect", "open_up"]
    assert "dw_hold_lost" in choices
    assert choices["dw_discern_realities"] == ["watch_out", "not_what_it_seems", "useful"]
    assert choices["dw_last_breath"] == ["accept"] and odo.fate == "bargained"
    assert journey.payload["rolls"][0]["load"] == -1  # the urn: 10 of load 9
    assert all("rests for days" in " ".join(e.payload["lines"]) for e in level_ups)


def test_published_pages_show_the_characters_and_no_director_row(demo: Path,
                                                                 tmp_path: Path) -> None:
    with BaseCampaign.open(demo, readonly=True) as camp:
        written = publish(camp, tmp_path / "site")
        members = camp.members
    pages = {p.name: p.read_text(encoding="utf-8") for p in written}
    assert set(pages) == {INDEX, *hero_files(members).values()}
    for page in pages.values():
        assert SECRET not in page and "plotly" in page
    index = pages[INDEX]
    for name in members:
        assert name in index
    assert "fighter" in index and "Tam the torchbearer" not in index  # lines stay in events
    assert "<th>hold</th><th>load</th>" in index and "10/9 heavy" in index  # Nim's urn
    odo = pages[hero_files(members)["Brother Odo"]]
    assert "bargained: Odo will bury the Ash King&#39;s heart" in odo
    zora = pages[hero_files(members)["Zora"]]
    assert "<h1>Zora</h1>" in zora and "scroll of Spark" in zora and "Empowered Magic" in zora
    assert "<td>INT</td><td>17</td><td>+2</td>" in zora  # 16 + the level up; 16-17 give +2


def test_pages_have_xp_and_hp_lines_from_the_timeline(demo: Path) -> None:
    with BaseCampaign.open(demo, readonly=True) as camp:
        page = player_page(camp)
        fig = xp_and_hp(camp, viewer="party")
        ava = camp.dungeon_world.character("Ava")
    assert page.figures
    trace = next(t for t in fig.data if t.meta == "Ava XP")
    assert trace.y[-1] == ava.xp and trace.x[-1] == 8
    hp = next(t for t in fig.data if t.meta == "Ava HP")
    assert 13 in hp.y and hp.y[-1] == ava.hp


def test_a_member_page_shows_their_own_rows_and_text_is_escaped(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    folder.mkdir()
    text = (DEMO / "campaign.yaml").read_text(encoding="utf-8")
    (folder / "campaign.yaml").write_text(text.replace("name: Nim", "name: <b>Nim</b>"),
                                          encoding="utf-8")
    with BaseCampaign.init(folder)[0] as camp:
        dw = camp.dungeon_world
        dw.adjust("<b>Nim</b>", gear=["<script>alert(1)</script>"], reason="loot")
        with camp.writing() as w:
            w.event("note_added", [], summary="Nim's own secret", actor="<b>Nim</b>",
                    visibility="hero:<b>Nim</b>")
        own = player_page(camp, "<b>nim</b>")
        party = player_page(camp)
        other = player_page(camp, "Ava")
    assert own.title == "<b>Nim</b>" and "&lt;b&gt;Nim&lt;/b&gt;" in own.html
    assert "<script>" not in own.html and "&lt;script&gt;" in own.html
    assert "Nim&#39;s own secret" in own.html
    assert "own secret" not in party.html and "own secret" not in other.html


def test_resolution_blocks_show_each_characters_change(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    folder.mkdir()
    shutil.copy(DEMO / "campaign.yaml", folder)
    shutil.copytree(DEMO / "plans", folder / "plans")
    BaseCampaign.init(folder)[0].close()
    result = main_resolve(folder, "town-week", 3, dry_run=True, echo=lambda _: None)
    with BaseCampaign.open(folder, readonly=True) as camp:
        table, fig = resolution_blocks(camp, result)
    assert "Zora" in table.html and "90 → 25" in table.html
    bars = {t.name: dict(zip(t.x, t.y, strict=True)) for t in fig.data}
    assert bars["coin"]["Zora"] == -65 and bars["rations"]["Nim"] == 5


def test_pages_read_without_writing(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    folder.mkdir()
    shutil.copy(DEMO / "campaign.yaml", folder)
    with BaseCampaign.init(folder)[0] as camp:
        camp.dungeon_world.roll("parley", "Ava", dice=ScriptedDice([2, 2]))
        before = snapshot(camp.ledger.db), camp.ledger.event_count()
        for name in (None, *camp.members):
            player_page(camp, name)
        assert (snapshot(camp.ledger.db), camp.ledger.event_count()) == before



def test_the_xp_and_hp_chart_shares_a_budget_of_points(demo: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The chart draws at most CHART_BUDGET points, every line keeping its first and last
    change; the demo's chart fits the real budget whole."""
    from drawsteel_kit.kit.ledger import timeline
    from drawsteel_kit.systems.dungeon_world import pages

    folder = tmp_path / "camp"
    shutil.copytree(demo, folder)
    with BaseCampaign.open(folder) as camp:
        fig = xp_and_hp(camp, viewer="party")
        monkeypatch.setattr(pages, "CHART_BUDGET", 10**9)
        assert xp_and_hp(camp, viewer="party").to_json() == fig.to_json()
        sheets = camp.dungeon_world.sheets("character", visible_to="party")
        for i in range(12):  # a long fight: many HP changes each
            for s in sheets:
                camp.dungeon_world.adjust(s.name, hp=1 + i % 2, reason=f"blow {i}")
        every = {f"{s.name} {field.upper()}": [r["after"] for r in timeline.first_changes(
            camp.ledger.db, "sheets", s.key, field, "party", 10**6)]
            for s in sheets for field in ("xp", "hp")}
        whole = xp_and_hp(camp, viewer="party")
        budget = sum(len(c) + 1 for c in every.values()) // 2
        monkeypatch.setattr(pages, "CHART_BUDGET", budget)
        tight = xp_and_hp(camp, viewer="party")
    assert sum(len(t.x) for t in tight.data) <= budget < sum(len(t.x) for t in whole.data)
    for line in tight.data:
        assert (line.y[0], line.y[-1]) == (every[line.meta][0], every[line.meta][-1])
