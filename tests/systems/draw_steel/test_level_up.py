"""Issue 32, "Levels that carry their consequences": a level reached at a respite raises
maximum Stamina by the class's Stamina per level (the catalog's figures, each checked here
against the book), or says what to add where the workbook cannot know it."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run
from conftest import REPO

from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.catalog.classes import hero_class, hero_classes

#: Draw Steel: Heroes, each class's chapter (Basics): Starting Stamina, Stamina per level
#: after 1st, Recoveries. Forge Steel's class data carries the same.
BOOK = {"Censor": (21, 9, 12), "Conduit": (18, 6, 8), "Elementalist": (18, 6, 8),
        "Fury": (21, 9, 10), "Null": (21, 9, 8), "Shadow": (18, 6, 8),
        "Tactician": (21, 9, 10), "Talent": (18, 6, 8), "Troubadour": (18, 6, 8)}


@pytest.mark.parametrize("name", list(BOOK))
def test_each_class_has_the_books_stamina_and_recoveries(name: str) -> None:
    book = hero_class(name.lower())
    assert book is not None
    assert (book.starting_stamina, book.stamina_per_level, book.recoveries) == BOOK[name]
    assert book.source.startswith(f"Draw Steel: Heroes, {name}")
    assert book.max_stamina(3) == BOOK[name][0] + 2 * BOOK[name][1]


def test_the_catalog_has_the_nine_classes() -> None:
    assert hero_classes() == tuple(BOOK)


def _campaign(tmp_path: Path, hero_class_: str = "Tactician", level: int = 1,
              custom: str = "") -> Path:
    folder = tmp_path / "c"
    folder.mkdir()
    text = (REPO / "templates" / "campaign" / "campaign.yaml").read_text(encoding="utf-8")
    text = text.replace('"{{ name }}"', "Saints").replace("class: Tactician",
                                                          f"class: {hero_class_}")
    text = text.replace("level: 1  ", f"level: {level}  ").replace("xp: 0  ", "# xp  ")
    text = text.replace("custom: {}", custom or "custom: {}")
    (folder / "campaign.yaml").write_text(text, encoding="utf-8")
    Campaign.init(folder)[0].close()
    return folder


def test_a_level_reached_at_a_respite_raises_maximum_stamina(tmp_path: Path) -> None:
    folder = _campaign(tmp_path)
    run("adjust", folder, "Aster", "victories=16", "stamina=5", "--reason", "a hard week")
    out = run("respite", folder)
    assert "Aster completes a respite: +16 XP, reaches level 2, maximum Stamina +9 " \
           "(Tactician)" in out, out
    assert "Note:" not in out
    with Campaign.open(folder) as camp:
        aster = camp.hero("Aster")
        assert (aster.level, aster.max_stamina, aster.stamina) == (2, 30, 30)
        assert aster.max_recoveries == aster.recoveries == 10  # no level changes them
        event = camp.ledger.events(kind="respite")[-1]
        camp.undo(event.id)
        assert (camp.hero("Aster").level, camp.hero("Aster").max_stamina) == (1, 21)


def test_two_levels_at_once_add_two_levels_of_stamina(tmp_path: Path) -> None:
    folder = _campaign(tmp_path, "Shadow")
    run("adjust", folder, "Aster", "victories=32", "--reason", "a long road")
    run("respite", folder)
    with Campaign.open(folder) as camp:
        assert (camp.hero("Aster").level, camp.hero("Aster").max_stamina) == (3, 21 + 12)


def test_a_class_the_workbook_does_not_know_says_what_to_add(tmp_path: Path) -> None:
    folder = _campaign(tmp_path, "Beastheart", custom="custom:\n  classes: [Beastheart]")
    run("adjust", folder, "Aster", "victories=16", "--reason", "a hard week")
    out = run("respite", folder)
    assert ("Note: Aster reached level 2: add the class's Stamina per level to Aster's "
            "maximum Stamina ('Beastheart' is not a class of the book): `drawsteel-kit "
            "adjust` max_stamina=...") in out, out
    with Campaign.open(folder) as camp:
        assert (camp.hero("Aster").level, camp.hero("Aster").max_stamina) == (2, 21)


def test_a_new_echelon_asks_for_the_kits_stamina(tmp_path: Path) -> None:
    folder = _campaign(tmp_path, level=3)
    run("adjust", folder, "Aster", "victories=16", "--reason", "the siege")
    out = run("respite", folder)
    assert "maximum Stamina +9 (Tactician)" in out
    assert "Note: Aster reached echelon 2: add the kit's Stamina bonus once more" in out


def test_an_interrupted_respite_raises_nothing(tmp_path: Path) -> None:
    folder = _campaign(tmp_path)
    run("adjust", folder, "Aster", "victories=16", "--reason", "a hard week")
    run("respite", folder, "--interrupted", "--reason", "wolves")
    with Campaign.open(folder) as camp:
        assert (camp.hero("Aster").level, camp.hero("Aster").max_stamina) == (1, 21)


# --- spends that do nothing -----------------------------------------------------------------


def test_career_points_past_a_projects_goal_are_refused(tmp_path: Path) -> None:
    from conftest import ledger_fingerprint

    folder = _campaign(tmp_path)
    run("adjust", folder, "Aster", "project_points=100", "--reason", "a guild's grant")
    run("project", "start", folder, "Aster", "Discover Lore", "--param", "kind=common",
        "--respite")
    before = ledger_fingerprint(folder / "ledger.db")
    out = run("project", "points", folder, "Aster", "Discover Lore", "100", ok=False)
    assert "'Discover Lore' needs only 15 more project points to finish (0/15): spend at " \
           "most 15" in out and len(out.strip().splitlines()) == 1, out
    assert ledger_fingerprint(folder / "ledger.db") == before
    run("project", "points", folder, "Aster", "Discover Lore", "15")
    with Campaign.open(folder) as camp:
        assert camp.hero("Aster").project_points == 85

