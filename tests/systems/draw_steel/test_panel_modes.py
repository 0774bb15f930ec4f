"""Panels whose fields follow the chosen mode (real ipywidgets, a real campaign in tmp_path):
each mode shows exactly its own fields, a value typed survives switching away and back, and
the respite's preview is one table of dice, modifiers, totals and where each hero stands."""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as W

from drawsteel_kit.kit.ui.panels import ModeFields
from drawsteel_kit.systems.draw_steel import panels as P
from drawsteel_kit.systems.draw_steel.campaign import Campaign


def shown(owner: object, names: Iterable[str]) -> set[str]:
    """Which of ``owner``'s widgets (by attribute name) are displayed."""
    return {n for n in names if ModeFields.is_shown(getattr(owner, n))}


def cells(html: str) -> list[list[str]]:
    """A table's body rows as lists of cell texts."""
    body = html.split("<tbody>", 1)[1]
    return [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in body.split("</tr>") if "<td" in row]


def test_mode_fields_shows_one_mode_keeps_values_and_nests() -> None:
    picker = W.Dropdown(options=["a", "b", "none"], value="a")
    one, two, both = W.Text(), W.Text(), W.Text()
    kind = W.Dropdown(options=["x", "y"], value="x")
    inner_field = W.Text()
    modes = ModeFields(picker, {"a": (one, both, kind, inner_field), "b": (two, both)})
    modes.nest(ModeFields(kind, {"x": (inner_field,)}))
    assert [modes.is_shown(w) for w in (one, two, both, kind, inner_field)] == [
        True, False, True, True, True]
    one.value = "typed"
    picker.value = "b"
    assert [modes.is_shown(w) for w in (one, two, both, kind, inner_field)] == [
        False, True, True, False, False]
    picker.value = "none"
    assert not any(modes.is_shown(w) for w in modes.every)
    picker.value = "a"
    kind.value = "y"
    assert one.value == "typed" and modes.is_shown(one) and not modes.is_shown(inner_field)
    assert list(modes.box.children) == [one, both, kind, inner_field, two]


#: Each activity of a respite row and the fields it shows (the picker and tick always show).
ROW_FIELDS = {
    "rest": set(),
    "roll": {"project", "edges", "banes", "skill", "skill_allowed", "dice"},
    "guide": {"project", "guide", "knowledge"},
    "find": {"project"},
    "serve": {"project"},
    "recruit": {"recruit_name", "recruit_role", "recruit_ancestry", "recruit_physical",
                "recruit_skills", "recruit_languages", "recruit_at"},
    "other": {"text"},
}
EVERY_FIELD = set().union(*ROW_FIELDS.values())


def test_each_activity_shows_only_its_own_fields(campaign: Campaign) -> None:
    panel = P.RespitePanel(campaign)
    row = panel.rows["Val"]
    assert shown(row, ["takes", "activity"]) == {"takes", "activity"}
    assert row.activity.value == "rest" and shown(row, EVERY_FIELD) == set()
    for activity, fields in ROW_FIELDS.items():
        row.activity.value = activity
        assert shown(row, EVERY_FIELD) == fields, activity
    row.activity.value = "recruit"
    row.recruit_role.value = "sage"  # a sage has no physical characteristic to choose
    assert shown(row, EVERY_FIELD) == ROW_FIELDS["recruit"] - {"recruit_physical"}
    row.activity.value = "roll"
    assert "recruit_role" not in shown(row, EVERY_FIELD)


def test_typed_values_survive_switching_and_the_skill_offers_the_heros_own(
        campaign: Campaign) -> None:
    panel = P.RespitePanel(campaign)
    row = panel.rows["Val"]
    assert list(row.skill.options) == list(campaign.hero("Val").skills) == ["Magic"]
    row.activity.value = "roll"
    row.dice.value, row.edges.value, row.skill.value = "7 3", 1, "Magic"
    row.activity.value = "recruit"
    row.recruit_name.value = "Maelis"
    row.activity.value = "other"
    panel.refresh()  # another panel's change refreshes every panel
    row.activity.value = "roll"
    assert (row.dice.value, row.edges.value, row.skill.value) == ("7 3", 1, "Magic")
    assert shown(row, EVERY_FIELD) == ROW_FIELDS["roll"]
    row.activity.value = "recruit"
    assert row.recruit_name.value == "Maelis"


def rolling_val(campaign: Campaign) -> tuple[P.RespitePanel, int]:
    pid = campaign.start_project("Val", "Discover Lore",
                                 params={"kind": "obscure"}).details["project_id"]
    panel = P.RespitePanel(campaign)
    for name, row in panel.rows.items():
        row.takes.value = name in ("Val", "Yorn")
    row = panel.rows["Val"]
    row.activity.value = "roll"
    row.project.value = pid
    row.edges.value = 1
    row.dice.value = "7 3"
    return panel, pid


def test_the_preview_is_one_table_of_dice_modifiers_totals_and_standing(
        campaign: Campaign) -> None:
    campaign.adjust_hero("Yorn", reason="the mill fight", victories=3)
    panel, pid = rolling_val(campaign)
    reason = campaign.hero("Val").reason
    goal = campaign.project(pid).goal
    yorn = campaign.hero("Yorn")
    panel.preview_button.click()
    assert panel.ok, panel.message_text
    assert campaign.project(pid).points == 0  # a preview writes nothing
    html = panel.preview_text.value
    assert html.count("<table") == 1 and "+0 XP" not in html
    assert "+0 XP" not in panel.message_text
    rows = {r[0]: r for r in cells(html)}
    assert set(rows) == {"The party", "Val", "Yorn"}  # the day's own events first
    assert "begins" in rows["The party"][5]
    _, activity, dice, mods, total, now = rows["Val"]
    edge = 2  # one edge on a project roll: +2
    assert activity == "project roll on Discover Lore"
    assert dice == "7 + 3"
    assert mods == f"+{reason + edge} (Reason +{reason}, 1 edge +{edge})"
    assert total == str(10 + reason + edge)
    assert now == f"Discover Lore {10 + reason + edge}/{goal}; XP {campaign.hero('Val').xp}"
    gained = yorn.victories  # a respite turns victories into XP
    assert gained == 3
    assert rows["Yorn"][1] == "rest only" and rows["Yorn"][2:5] == ["-", "-", "-"]
    assert f"XP {yorn.xp + gained} (+{gained})" in rows["Yorn"][5]


def test_the_commit_writes_what_the_preview_showed(campaign: Campaign) -> None:
    panel, pid = rolling_val(campaign)
    panel.seed = 5
    panel.preview_button.click()
    previewed = panel.preview_text.value
    before = campaign.ledger.event_count()
    panel.commit_button.click()
    assert panel.ok, panel.message_text
    assert panel.preview_text.value == previewed
    written = campaign.history()[: campaign.ledger.event_count() - before]
    kinds = sorted(e.kind for e in written)
    assert kinds.count("project_roll") == 1 and kinds.count("respite") == 2
    roll = next(e for e in written if e.kind == "project_roll")
    assert roll.dice == [7, 3]
    assert campaign.project(pid).points == roll.payload["after"] == roll.payload["points"]


def displayed(root: W.Widget) -> set[int]:
    """Every widget a browser would draw under ``root``: none inside a hidden container."""
    seen: set[int] = set()

    def walk(widget: W.Widget) -> None:
        if widget.layout.display == "none":
            return
        seen.add(id(widget))
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(root)
    return seen


#: A panel with a "Do" choice: each action and the controls it shows (by attribute name).
ACTIONS = {
    P.FollowersPanel: {
        "Recruit": {"hero", "at", "name", "role", "ancestry", "physical", "skills",
                    "languages", "recruit_button"},
        "Dismiss": {"follower", "reason", "dismiss_button"},
        "Assign": {"follower", "project", "skill_applies", "assign_button"},
        "Where": {"follower", "place", "materials", "place_button"}},
    P.WealthPanel: {
        "Buy": {"item", "tier", "count", "buy_button"},
        "Award": {"amount", "reason", "renown_button", "wealth_button"},
        "Shopping trip": {"shop_at", "shop_purchases", "shop_tier", "shop_unavailable",
                          "shop_button"}},
    P.InventoryPanel: {
        "Add item": {"item", "holder", "count", "add_button"},
        "Use item": {"use_item_choice", "use_count", "use_button"},
        "Grant title": {"title_hero", "title_choice", "benefit", "title_reason",
                        "grant_button"}},
    P.NpcPanel: {
        "Add an NPC": {"name", "level", "notes", "add_button"},
        "Who knows whom": {"npc", "hero", "standing", "knows_button"},
        "Negotiation": {"npc", "negotiation_button", "negotiation_text"}},
    P.SessionPanel: {
        "Victories": {"victory_heroes", "victory_count", "victory_reason",
                      "award_victories_button"},
        "Award hero tokens": {"token_count", "token_reason", "award_tokens_button"},
        "Spend hero tokens": {"spend", "spend_hero", "spend_round", "spend_test",
                              "spend_button"},
        "Adventure": {"adventure_name", "adventure_start_button", "adventure_end_button"}},
}
#: Shown whatever the action (the tables, the message, what the panel is about).
ALWAYS = {P.FollowersPanel: {"caps", "table", "message"},
          P.WealthPanel: {"hero", "scores", "table", "trip", "message"},
          P.InventoryPanel: {"table", "titles_table", "message"},
          P.NpcPanel: {"table", "message"},
          P.SessionPanel: {"status", "start_button", "end_button", "message"}}


@pytest.mark.parametrize("cls", list(ACTIONS), ids=lambda c: c.__name__)
def test_each_action_shows_only_its_own_controls(campaign: Campaign, cls: type) -> None:
    panel = cls(campaign)
    modes = ACTIONS[cls]
    every = set().union(*modes.values())
    assert list(panel.actions.picker.options) == list(modes)
    for mode, names in modes.items():
        panel.actions.picker.value = mode
        drawn = displayed(panel.widget)
        assert {n for n in every if id(getattr(panel, n)) in drawn} == names, mode
        assert all(id(getattr(panel, n)) in drawn for n in ALWAYS[cls]), mode


def test_a_sages_recruit_has_no_physical_and_typed_values_survive(campaign: Campaign) -> None:
    panel = P.FollowersPanel(campaign)
    panel.name.value, panel.skills.value = "Maelis", "History, Magic, Nature, Timescape"
    panel.role.value = "sage"
    assert id(panel.physical) not in displayed(panel.widget)
    panel.role.value = "artisan"
    assert id(panel.physical) in displayed(panel.widget)
    panel.actions.picker.value = "Dismiss"
    panel.reason.value = "went home"
    panel.refresh()
    panel.actions.picker.value = "Recruit"
    assert (panel.name.value, panel.skills.value) == ("Maelis", "History, Magic, Nature, "
                                                                "Timescape")
    panel.actions.picker.value = "Dismiss"
    assert panel.reason.value == "went home"


def test_an_item_shows_only_with_a_prerequisite_and_an_award_only_when_ticked(
        campaign: Campaign) -> None:
    projects = P.ProjectsPanel(campaign)
    assert id(projects.prerequisite_item) not in displayed(projects.widget)
    for choice in ("owned", "waived"):
        projects.prerequisite.value = choice
        assert id(projects.prerequisite_item) in displayed(projects.widget)
    encounters = P.EncounterPanel(campaign)
    assert id(encounters.override) not in displayed(encounters.widget)
    encounters.use_override.value = True
    encounters.override.value = 3
    assert id(encounters.override) in displayed(encounters.widget)
    encounters.use_override.value = False
    encounters.use_override.value = True
    assert encounters.override.value == 3


def test_the_skill_list_follows_the_heros_skills(campaign: Campaign) -> None:
    panel = P.RespitePanel(campaign)
    row = panel.rows["Val"]
    row.skill.value = "Magic"
    campaign.adjust_hero("Val", reason="learned at the college", skills=["Magic", "History"])
    panel.refresh()
    assert panel.rows["Val"] is row and list(row.skill.options) == ["Magic", "History"]
    assert row.skill.value == "Magic"
