"""Secrets by construction: players' pages and `export --party-only` read only a PartyView.

(1) Every demo's party export holds none of the Director's data: no hidden row, no hidden
event's reason, no condition-sheet foe's profile, no unidentified PF2e creature's name.
(2) Hidden changes: the effect shows, the reason stays the Director's. A hidden +2 renown,
+1 wealth, +3 XP and a hidden encounter's victories appear as "Adjusted by the Director"
lines, so each number's visible history adds up to what the pages show.
(3) The page builders take a PartyView and refuse a Campaign.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from conftest import checkpoint
from markupsafe import escape  # the pages escape as markupsafe does
from workbook_helpers import REPO

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.book.party_view import PartyView
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.kit.ledger.party import ADJUSTED
from drawsteel_kit.kit.registry import SYSTEMS
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.pages import hero_page, party_page
from drawsteel_kit.workbook.pages import player_page

#: Texts only the Director knows, each in a hidden change.
RENOWN_WHY = "Bribed the herald at the Duke's court"
WEALTH_WHY = "Skimmed the cult's strongbox"
XP_WHY = "Dreamt of the lich's phylactery"
ENCOUNTER = "Ambush at the Ossuary Gate"
ENCOUNTER_NOTES = "The ghouls answer to the abbot"
SECRETS = (RENOWN_WHY, WEALTH_WHY, XP_WHY, ENCOUNTER, ENCOUNTER_NOTES)
NUMBERS = ("renown", "wealth", "xp", "victories")
#: Columns of a projection row that hold the Director's own words or names.
TEXT_COLUMNS = ("title", "name", "text", "item", "notes", "benefit", "about")


def demo(key: str, dest: Path) -> Path:
    """A system's demo campaign built in ``dest`` by its own builder."""
    played = SYSTEMS[key]
    source = REPO / "campaigns" / ("demo" if played.default
                                   else f"{played.module.replace('_', '-')}-demo")
    dest.mkdir(parents=True)
    shutil.copy(source / "campaign.yaml", dest)
    if (source / "plans").is_dir():
        shutil.copytree(source / "plans", dest / "plans")
    if played.default:
        from drawsteel_kit.systems.draw_steel.demo import build_demo

        build_demo(dest, echo=False).close()
    else:
        played.part("demo").build(dest, echo=False).close()
    checkpoint(dest / LEDGER_FILE)
    return dest


def exports(folder: Path) -> tuple[dict[str, Any], dict[str, Any], str]:
    """The Director's export, the party's (through the real CLI) and the party's text."""
    text = run("export", folder, "--party-only")
    with BaseCampaign.open(folder, readonly=True) as camp:
        full = camp.export()
    return full, json.loads(text), text


def director_texts(full: dict[str, Any]) -> set[str]:
    """The words of every Director-only row, and every Director-only event's reason."""
    found: set[str] = set()
    for table, rows in full["state"].items():
        for row in rows:
            if row.get("visibility") == "director" and table != "sheets":
                found |= {str(row[c]) for c in TEXT_COLUMNS if row.get(c)}
    for event in full["events"]:
        if event["visibility"] == "director" and isinstance(event["payload"].get("reason"), str):
            found.add(event["payload"]["reason"])
    return {t for t in found if len(t) > 3}


@pytest.mark.parametrize("key", list(SYSTEMS))
def test_no_demos_party_export_holds_the_directors_data(key: str, tmp_path: Path) -> None:
    folder = demo(key, tmp_path / "camp")
    with BaseCampaign.open(folder) as camp:
        camp.add_note("The innkeeper is the cult's paymaster", visibility="director")
    full, party, text = exports(folder)
    assert {e["visibility"] for e in party["events"]} <= {"party"}
    assert all(r.get("visibility", "party") == "party"
               for rows in party["state"].values() for r in rows)
    assert all(not e["ops"] for e in party["events"])  # replay data names hidden rows
    secrets = director_texts(full)
    assert "The innkeeper is the cult's paymaster" in secrets
    assert [s for s in secrets if s in text] == []
    hidden_sheets = [r for r in full["state"]["sheets"] if r["visibility"] == "director"]
    assert {r["key"] for r in party["state"]["sheets"]}.isdisjoint(
        r["key"] for r in hidden_sheets)
    if key == "condition-sheet":
        foes = 0
        for sheet in party["state"]["sheets"]:
            data = json.loads(sheet["data"])
            if sheet["kind"] != "battle":
                continue
            pcs = {c["name"] for c in data["battle"]["characters"] if c["side"] == "pc"}
            for c in data["battle"]["characters"]:
                if c["side"] == "pc":
                    continue
                foes += 1
                assert (c["fixed_guard"], c["fixed_initiative"], c["fixed_cast"]) == (
                    None, None, None), c["name"]
                assert (c["cast"], c["guard"], c["mana"]) == (0, 0, 0), c["name"]
                assert c["curse_recipes"] == c["bless_recipes"] == [], c["name"]
                assert "sheet" in c  # the condition sheet itself is what the table sees
            assert all(set(r["mana"]) <= pcs for r in data["rounds"])
        assert foes >= 2
        # the Director's own export still has them
        assert '"fixed_guard": 8' in json.dumps(full) and '"fixed_guard": 8' not in text
    if key == "pf2e":
        hidden = {n for r in hidden_sheets if r["kind"] == "encounter"
                  for n in (json.loads(r["data"])["record"] or {}).get("unidentified", [])}
        assert hidden and [n for n in hidden if n in text] == []


@pytest.fixture
def hidden(campaign: Campaign) -> Campaign:
    """A session with visible victories, then a hidden +2 renown, +1 wealth, +3 XP for Val
    and a hidden encounter's victories for every hero."""
    camp = campaign
    camp.start_session()
    camp.award_victories(2, reason="Bandits at the mill")
    camp.adjust_hero("Yorn", renown=1, reason="Sung of in the square")
    val = camp.hero("Val")
    camp.adjust_hero("Val", renown=val.renown + 2, reason=RENOWN_WHY, visibility="director")
    camp.adjust_hero("Val", wealth=val.wealth + 1, reason=WEALTH_WHY, visibility="director")
    camp.adjust_hero("Val", xp=val.xp + 3, reason=XP_WHY, visibility="director")
    camp.log_encounter(ENCOUNTER, opponents=["6 ghouls"], objective="Hold the gate",
                       objective_met=True, notes=ENCOUNTER_NOTES, visibility="director")
    return camp


def test_a_hidden_change_shows_its_effect_and_never_its_reason(hidden: Campaign,
                                                                tmp_path: Path) -> None:
    pages = [player_page(hidden)] + [player_page(hidden, h) for h in hidden.heroes]
    shown = "\n".join(p.html + "".join(f.to_json() for f in p.figures) for p in pages)
    party = hidden.export(include_director=False)
    text = json.dumps(party, ensure_ascii=False)
    for secret in SECRETS:
        assert secret not in shown and escape(secret) not in shown, secret
        assert secret not in text, secret
    val = player_page(hidden, "Val").html
    assert f"{ADJUSTED}: Val renown +2" in val
    assert f"{ADJUSTED}: Val wealth +1" in val
    assert f"{ADJUSTED}: Val XP +3" in val
    assert f"{ADJUSTED}: Val victories +" in val
    assert f"{ADJUSTED}: Val renown +2" in player_page(hidden).html
    lines = [e["payload"]["summary"] for e in party["events"] if e["kind"] == "adjusted"]
    assert len(lines) == 3 + len(hidden.heroes), lines  # one per hero for the encounter


@pytest.mark.parametrize("viewer", ["party", "Val", "Yorn"])
def test_each_numbers_visible_history_adds_up_to_what_the_pages_show(
        hidden: Campaign, viewer: str) -> None:
    """Each step of every number has a line in the visible history, and the steps sum from
    the hero's first value to the number on the page."""
    with PartyView.of(hidden, viewer) as view:
        books = view.books
        history = {e.id: e for e in books.history(visible_to=view.viewer)}
        for name, hero in hidden.heroes.items():
            page = player_page(view) if view.hero is None else None
            for field in NUMBERS:
                steps = list(books.ledger.db.query(
                    "SELECT * FROM timeline WHERE tbl = 'heroes' AND key = ? AND field = ? "
                    "ORDER BY id", [name, field]))
                assert steps, (name, field)
                total = steps[0]["after"] if steps[0]["before"] is None else steps[0]["before"]
                for step in steps:
                    if step["before"] is not None:
                        assert step["before"] == total, (name, field, step)
                        total += step["after"] - step["before"]
                    assert step["event_id"] in history, (name, field, step)
                shown = getattr(books.hero(name), field)
                assert total == shown == getattr(hero, field), (name, field)
            if page is not None:
                assert f">{hidden.hero(name).renown}<" in page.html
        val = hidden.hero("Val")
        assert any(e.summary == f"{ADJUSTED}: Val renown +2" for e in history.values())
        assert val.victories > 2  # the hidden encounter's victories count on every page


def test_the_timeline_drawn_on_the_pages_ends_at_the_shown_number(hidden: Campaign) -> None:
    from drawsteel_kit.systems.draw_steel.pages import data

    with PartyView.of(hidden) as view:
        series = data.series(view.books, NUMBERS, "party")
        for name, hero in hidden.heroes.items():
            for field in NUMBERS:
                line = series[(name, field)]
                assert line.values[-1] == getattr(hero, field), (name, field)
        assert ADJUSTED in series[("Val", "renown")].reasons
        assert not set(SECRETS) & {r for s in series.values() for r in s.reasons}


def test_page_builders_take_a_party_view_never_a_campaign(hidden: Campaign) -> None:
    from drawsteel_kit.workbook.player import PlayerControls

    for build in (party_page, lambda c: hero_page(c, "Val"), PlayerControls):
        with pytest.raises(TypeError, match="PartyView"):
            build(hidden)
    for played in SYSTEMS.values():
        if not played.default:
            pages = played.part("pages")
            for build in (pages.party_page, lambda c, p=pages: p.member_page(c, "Val")):
                with pytest.raises(TypeError, match="PartyView"):
                    build(hidden)
    with pytest.raises(TypeError, match=r"PartyView\.of"):
        PartyView(hidden, "party")
    with PartyView.of(hidden) as view:
        with pytest.raises(TypeError, match="Val's PartyView"):
            hero_page(view, "Val")  # the party's view holds no hero's own rows
        assert party_page(view).title == hidden.party.name
    for viewer, allowed in (("party", {"party"}), ("val", {"party", "hero:Val"})):
        with PartyView.of(hidden, viewer) as view:
            db = view.books.ledger.db
            held = {r[0] for r in db.execute("SELECT visibility FROM events UNION SELECT "
                                             "visibility FROM timeline UNION SELECT "
                                             "visibility FROM sheets")}
            assert held <= allowed, held
            with pytest.raises(Exception, match="read-only"):
                view.books.adjust_hero("Val", renown=9, reason="no")
    assert hidden.ledger.events(visible_to=None)[-1].visibility == "director"  # untouched


def test_history_as_the_party_follows_the_same_rule(hidden: Campaign) -> None:
    shown = run("history", hidden.folder, "--as", "party", "--limit", "20")
    assert f"{ADJUSTED}: Val renown +2" in shown
    assert not [s for s in SECRETS if s in shown]
    assert RENOWN_WHY in run("history", hidden.folder, "--limit", "20")  # the Director's


def test_other_hidden_changes_show_too_and_a_heros_own_rows_only_on_their_page(
        campaign: Campaign) -> None:
    from workbook_helpers import DIRECTOR_PROJECT, DIRECTOR_REASON, VAL_ONLY_REASON, play

    camp = play(campaign)
    val, party = player_page(camp, "Val").html, player_page(camp).html
    assert f"{ADJUSTED}: Val stamina -1" in val  # not a charted number, still a line
    assert escape(VAL_ONLY_REASON) in val and escape(VAL_ONLY_REASON) not in party
    assert f"{ADJUSTED}: Val wealth +1" in party  # Val's own change, reason kept from others
    for html in (val, party, player_page(camp, "Yorn").html):
        for secret in (DIRECTOR_PROJECT, DIRECTOR_REASON):
            assert secret not in html and escape(secret) not in html


@pytest.mark.parametrize("title", ['The "Quiet" \\ Ledger', "u0001", "summary"])
def test_a_hidden_projects_name_is_blanked_and_history_still_reads(campaign: Campaign,
                                                                    title: str) -> None:
    from drawsteel_kit.systems.draw_steel.activities import ProjectRoll

    campaign.start_project("Val", "Discover Lore", title=title, params={"kind": "obscure"},
                           visibility="director")
    campaign.take_respite(["Val"], activities={"Val": ProjectRoll(title)}, seed=3)
    with PartyView.of(campaign, "Val") as view:
        events = view.books.history(visible_to="Val")
        assert events and all(title not in e.summary for e in events)
        assert view.books.projects() == []
    assert title not in campaign.export_json(include_director=False).replace(
        '"summary"', "")


def test_condition_sheet_history_gives_foes_totals_only(tmp_path: Path) -> None:
    """What the table hears of a foe's check is its total: the history (and so every player
    page and the party export) never shows a foe's ability, its fixed values or dice
    breakdown, while a player character's check shows in full."""
    folder = tmp_path / "cs"
    shutil.copytree(REPO / "campaigns" / "condition-sheet-demo", folder,
                    ignore=shutil.ignore_patterns("ledger.db*", "runs", "backups"))
    SYSTEMS["condition-sheet"].part("demo").build(folder, echo=False).close()
    with BaseCampaign.open(folder, readonly=True) as camp:
        foes = {c.name for b in camp.condition_sheet.battles()
                for c in b.state.characters if c.side == "gm"}
        lines = [e.summary for e in camp.history(limit=1000)]
    assert foes
    told = [re.compile(rf"{re.escape(foe)}('s \w+:| guards) -?\d+ \(") for foe in foes]
    for line in lines:
        assert not any(t.search(line) for t in told), line  # "Warden's guard: 8 (8 fixed)"
        assert "fixed" not in line, line
    shown = [line for line in lines for foe in foes if f"{foe}'s guard: " in line]
    assert shown  # the foes' checks are there, as totals
    assert any(re.search(r"'s cast: \d+ \(\d\+\d", line) for line in lines)  # a PC's in full
