"""Titles (catalog/data/titles.yaml) against REFERENCE.md "Titles and perks"."""

from __future__ import annotations

import dataclasses

import pytest

from drawsteel_kit.kit.errors import RulesError
from drawsteel_kit.systems.draw_steel.catalog.titles import (
    Benefit,
    Title,
    choose_benefit,
    is_book_title,
    title,
    titles,
)
from drawsteel_kit.systems.draw_steel.rules.renown import NEGOTIATION_BONUSES

OTHER = Benefit("other", "the title's other benefit (no number to keep)")
RENOWN_OR_OTHER = (Benefit("renown", "+1 renown", renown=1), OTHER)

# REFERENCE.md's list, in its order, with the benefits each title offers.
BOOK = [
    (
        "Local Hero",
        (
            Benefit("renown", "+1 renown", renown=1),
            Benefit("token", "a hero token after a respite in a community the party saved"),
        ),
    ),
    ("Saved for a Worse Fate", (Benefit("wealth", "+1 wealth", wealth=1),)),
    ("Wanted Dead or Alive", ()),
    ("Ancient Loremaster", ()),
    ("Faction Member", ()),
    ("Master Librarian", ()),
    ("Arena Fighter", RENOWN_OR_OTHER),
    ("Battlefield Commander", RENOWN_OR_OTHER),
    ("Corsair", RENOWN_OR_OTHER),
    ("Knight", RENOWN_OR_OTHER),
    (
        "Noble",
        (
            Benefit("renown-wealth", "+1 renown and +1 wealth", renown=1, wealth=1),
            Benefit("followers", "+2 followers", followers=2),
        ),
    ),
    (
        "Fleet Admiral",
        (Benefit("wealth", "+1 wealth", wealth=1), Benefit("retainer", "a retainer", retainers=1)),
    ),
    ("Master Crafter", ()),
    (
        "Champion Competitor",
        (Benefit("renown-wealth", "+2 renown and +1 wealth", renown=2, wealth=1),),
    ),
    (
        "Demigod",
        (
            Benefit("renown", "+2 renown", renown=2),
            Benefit("followers", "+2 followers", followers=2),
        ),
    ),
    (
        "Monarch",
        (
            Benefit("renown", "+2 renown", renown=2),
            Benefit("wealth", "+2 wealth", wealth=2),
            Benefit("followers", "+2 followers", followers=2),
        ),
    ),
]


def test_every_reference_title_in_order() -> None:
    assert list(titles()) == [name for name, _ in BOOK]


@pytest.mark.parametrize(("name", "benefits"), BOOK)
def test_title_benefits(name: str, benefits: tuple[Benefit, ...]) -> None:
    found = title(name)
    assert found.name == name and found.benefits == benefits
    assert found.source == "REFERENCE.md Titles and perks"
    assert found.effect.endswith(".") and len(found.effect) > 20


@pytest.mark.parametrize(("name", "benefits"), BOOK)
def test_a_single_benefit_applies_by_itself_and_none_is_none(
    name: str, benefits: tuple[Benefit, ...]
) -> None:
    found = title(name)
    if not benefits:
        assert choose_benefit(found, None) is None
    elif len(benefits) == 1:
        assert choose_benefit(found, None) == benefits[0]
    else:
        with pytest.raises(RulesError, match=f"{name}: choose one benefit: "):
            choose_benefit(found, None)
    for benefit in benefits:
        assert choose_benefit(found, benefit.key) == benefit
        assert choose_benefit(found, f" {benefit.key.upper()} ") == benefit


def test_negotiation_bonus_matches_the_rules() -> None:
    wanted = title("Wanted Dead or Alive")
    rule = NEGOTIATION_BONUSES["Wanted Dead or Alive"]
    assert (wanted.negotiation_bonus, wanted.negotiation_tag) == (rule.bonus, rule.npc_tag)
    assert (wanted.negotiation_bonus, wanted.negotiation_tag) == (2, "criminal")
    others = [t for t in titles().values() if t.name != "Wanted Dead or Alive"]
    assert all((t.negotiation_bonus, t.negotiation_tag) == (0, None) for t in others)


def test_ambiguous_choice_lists_keys_and_texts() -> None:
    with pytest.raises(RulesError) as info:
        choose_benefit(title("Noble"), None)
    assert str(info.value) == (
        "Noble: choose one benefit: renown-wealth (+1 renown and +1 wealth); "
        "followers (+2 followers)"
    )


def test_unknown_key_lists_keys_and_texts() -> None:
    with pytest.raises(RulesError) as info:
        choose_benefit(title("Monarch"), "gold")
    assert str(info.value) == (
        "Monarch has no benefit 'gold': choose one of renown (+2 renown); wealth (+2 wealth); "
        "followers (+2 followers)"
    )


def test_a_key_for_a_title_without_benefits_is_refused() -> None:
    with pytest.raises(RulesError, match="Master Crafter has no benefit to choose"):
        choose_benefit(title("Master Crafter"), "renown")


def test_choose_benefit_needs_a_title() -> None:
    with pytest.raises(RulesError, match="expected a Title, got str"):
        choose_benefit("Noble", None)  # type: ignore[arg-type]


def test_lookup_ignores_case_and_spacing() -> None:
    assert title("  fleet   ADMIRAL ").name == "Fleet Admiral"
    assert is_book_title("local hero") and is_book_title("MONARCH")
    assert not is_book_title("Archduke") and not is_book_title(None)  # type: ignore[arg-type]


def test_unknown_title_suggests_and_lists() -> None:
    with pytest.raises(RulesError) as info:
        title("Nobel")
    text = str(info.value)
    assert text.startswith("unknown title 'Nobel' (did you mean Noble?): use one of Local Hero, ")
    assert all(name in text for name, _ in BOOK)


def test_unknown_title_without_close_names() -> None:
    with pytest.raises(RulesError) as info:
        title("Zzz")
    assert "did you mean" not in str(info.value) and "use one of" in str(info.value)


def test_titles_returns_a_fresh_dict_of_frozen_entries() -> None:
    table = titles()
    table.pop("Noble")
    assert "Noble" in titles()
    assert isinstance(title("Noble"), Title)
    with pytest.raises(dataclasses.FrozenInstanceError):
        title("Noble").name = "Duke"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({"name": "X", "effect": "e.", "source": "s"}, "must have exactly the keys"),
        ({"name": "X", "effect": "e.", "benefits": [], "source": "s", "tier": 1}, "exactly"),
        (
            {"name": "X", "effect": "e.", "benefits": [{"key": "renown"}], "source": "s"},
            "must have key and text",
        ),
        (
            {
                "name": "X",
                "effect": "e.",
                "benefits": [{"key": "Renown", "text": "t"}],
                "source": "",
            },
            "lowercase-hyphenated slug",
        ),
        (
            {
                "name": "X",
                "effect": "e.",
                "benefits": [{"key": "renown", "text": "t", "renown": -1}],
                "source": "s",
            },
            "renown must be a whole number of 0 or more",
        ),
        (
            {
                "name": "X",
                "effect": "e.",
                "benefits": [{"key": "a", "text": "t"}, {"key": "a", "text": "u"}],
                "source": "s",
            },
            "benefit keys must differ",
        ),
        (
            {"name": "X", "effect": "e.", "benefits": [], "source": "s", "negotiation": {"x": 1}},
            "negotiation must have exactly the keys bonus, npc_tag",
        ),
    ],
)
def test_the_data_file_is_checked_on_load(
    monkeypatch: pytest.MonkeyPatch, row: dict, message: str
) -> None:
    from drawsteel_kit.systems.draw_steel.catalog import titles as module

    monkeypatch.setattr(module, "load_data", lambda name: [row])
    module._table.cache_clear()
    module._by_key.cache_clear()
    try:
        with pytest.raises(RulesError, match=message):
            titles()
    finally:
        monkeypatch.undo()
        module._table.cache_clear()
        module._by_key.cache_clear()
    assert "Noble" in titles()
