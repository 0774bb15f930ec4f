"""The Hero Wealth table (catalog/data/wealth.yaml) against seed 000: 3985-3992."""

from __future__ import annotations

import dataclasses

import pytest

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog import load_data
from drawsteel_kit.systems.draw_steel.catalog.wealth import (
    BOOK_SOURCE,
    CAMPAIGN_SOURCE,
    WealthItem,
    find_item,
    items_by_tier,
    wealth_items,
)

# (tier, seed line, items) as RULES.md "Wealth" words them.
TABLE = [
    (
        1,
        3987,
        (
            "common clothing",
            "common gear",
            "common armor",
            "common tools",
            "common weapons",
            "common tavern food and drink",
            "a night at a common inn",
            "boat passage",
        ),
    ),
    (2, 3988, ("horse and cart", "fine tavern dinner", "a night at a fine inn")),
    (3, 3989, ("catapult", "small house")),
    (4, 3990, ("library", "tavern", "manor house", "sailing ship")),
    (5, 3991, ("church", "keep", "wizard tower")),
    (6, 3992, ("castle", "shipyard")),
]
ITEMS = [(tier, line, name) for tier, line, names in TABLE for name in names]


@pytest.mark.parametrize(("tier", "line", "name"), ITEMS)
def test_every_item_has_its_tier(tier: int, line: int, name: str) -> None:
    found = find_item(name)
    assert (found.name, found.tier) == (name, tier)
    assert found.source == BOOK_SOURCE  # a message names the book's table, as a reader knows it
    assert find_item(name.upper()) == found
    assert {r["tier"]: r["line"] for r in load_data("wealth")}[tier] == line  # the seed's line


@pytest.mark.parametrize(("tier", "line", "names"), TABLE)
def test_items_by_tier(tier: int, line: int, names: tuple[str, ...]) -> None:
    assert tuple(i.name for i in items_by_tier()[tier]) == names


def test_the_table_in_order_and_complete() -> None:
    assert [i.name for i in wealth_items()] == [name for _, _, name in ITEMS]
    assert list(items_by_tier()) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("manor", "manor house"),
        ("a manor", "manor house"),
        ("The  Manor House", "manor house"),
        ("an inn", None),  # "inn" alone is neither inn: no guess
        ("common inn", "a night at a common inn"),
        ("night at a common inn", "a night at a common inn"),
        ("fine inn", "a night at a fine inn"),
        ("horse", None),  # a horse alone is not the horse and cart (issue 32)
        ("a horse and cart", "horse and cart"),
        ("armour", "common armor"),
        ("ship", "sailing ship"),
        ("clothes", "common clothing"),
    ],
)
def test_find_item_by_alias_and_article(typed: str, name: str | None) -> None:
    if name is None:
        with pytest.raises(RulesError):
            find_item(typed)
    else:
        assert find_item(typed).name == name


def test_an_ox_is_not_in_the_table_and_the_message_says_what_to_do() -> None:
    """000: 3967: the table is not a full list; the message says so in words, with no seed
    line numbers."""
    with pytest.raises(RulesError) as info:
        find_item("ox")
    text = str(info.value)
    assert text.startswith("no 'ox' in the Hero Wealth table.")
    assert "give a tier from 1 to 6" in text and "not a full list" in text
    assert "000" not in text


def test_unknown_items_name_close_matches() -> None:
    with pytest.raises(RulesError, match="close matches: manor house"):
        find_item("manr house")
    with pytest.raises(RulesError, match="close matches: wizard tower"):
        find_item("wizzard tower")


def test_a_campaigns_own_items() -> None:
    extra = {2: ["ox", "Mule"], 6: "airship"}
    assert find_item("OX", extra) == WealthItem("ox", 2, (), CAMPAIGN_SOURCE)
    assert find_item("an airship", extra).tier == 6
    by_tier = items_by_tier(extra)
    assert [i.name for i in by_tier[2]] == [
        "horse and cart",
        "fine tavern dinner",
        "a night at a fine inn",
        "ox",
        "Mule",
    ]
    assert [i.name for i in by_tier[6]] == ["castle", "shipyard", "airship"]
    assert len(wealth_items(extra)) == len(ITEMS) + 3
    assert len(wealth_items()) == len(ITEMS)  # the book's table is not changed


def test_an_extra_item_the_book_lists_at_the_same_tier_is_dropped() -> None:
    assert len(wealth_items({4: ["Manor"], 3: ["small house"]})) == len(ITEMS)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({7: ["airship"]}, "tier is a whole number from 1 to 6, got 7"),
        ({0: ["pebble"]}, "got 0"),
        ({"2": ["ox"]}, "got '2'"),
        ({1: ["manor"]}, "'manor' at tier 1: 'manor house' is already tier 4"),
        ({5: ["Castle"]}, "'Castle' at tier 5: 'castle' is already tier 6"),
        ({2: ["ox"], 3: ["Ox"]}, "'Ox' at tier 3: 'ox' is already tier 2"),
        ({2: [" "]}, "needs a name"),
        (["ox"], r"extra wealth items are \{tier: \[names\]\}"),
    ],
)
def test_extra_items_are_refused(extra: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        wealth_items(extra)  # type: ignore[arg-type]


def test_items_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        find_item("castle").tier = 1  # type: ignore[misc]


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([{"tier": 1, "items": []}], "must have exactly the keys items, line, tier"),
        ([{"tier": 1, "line": 1, "items": [{"nom": "x"}]}], "must have a name"),
        ([{"tier": 2, "line": 1, "items": [{"name": "x"}]}], "the tiers must be 1 to 6 in order"),
        (
            [
                {"tier": t, "line": t, "items": [{"name": "x", "also": ["y"]}, {"name": "y"}]}
                for t in range(1, 7)
            ],
            "'y' names both",
        ),
    ],
)
def test_the_data_file_is_checked_on_load(
    monkeypatch: pytest.MonkeyPatch, rows: list, message: str
) -> None:
    from drawsteel_kit.systems.draw_steel.catalog import wealth as module

    monkeypatch.setattr(module, "load_data", lambda name: rows)
    module._book.cache_clear()
    try:
        with pytest.raises(RulesError, match=message):
            wealth_items()
    finally:
        monkeypatch.undo()
        module._book.cache_clear()
    assert len(wealth_items()) == len(ITEMS)
