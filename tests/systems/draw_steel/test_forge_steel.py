"""Heroes in from Forge Steel (.ds-hero) and back out: the fixtures into the demo campaign,
the round trip, the workbook's numbers written back, re-imports, and bad files refused in one
line with the ledger byte for byte as it was."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES_DIR, REPO, ledger_fingerprint

from drawsteel_kit.cli import main
from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.systems.draw_steel.forge_steel import (
    IMPORTED,
    export_hero,
    import_heroes,
)

FIXTURES = FIXTURES_DIR / "forge_steel"
MINIMAL = FIXTURES / "minimal.ds-hero"
FULL = FIXTURES / "full-level-5.ds-hero"
FUTURE = FIXTURES / "future-fields.ds-hero"


def _campaign(tmp_path: Path, name: str = "demo") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / name / "campaign.yaml", folder / "campaign.yaml")
    BaseCampaign.init(folder)[0].close()
    return folder


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args], prog_name="drawsteel-kit")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_the_fixtures_come_into_the_demo_with_everything_the_workbook_keeps(demo: Path) -> None:
    code, out = _run("heroes", "import", demo, MINIMAL, FULL, FUTURE)
    assert code == 0, out
    assert "Imported 3 heroes" in out and "skills: Crafting: Blacksmithing" in out
    with BaseCampaign.open(demo) as camp:
        corvin = camp.hero("Corvin")
        assert (corvin.ancestry, corvin.hero_class, corvin.career, corvin.level) == (
            "Dwarf", "Fury", "Artisan", 5)
        assert (corvin.might, corvin.agility, corvin.reason, corvin.presence) == (2, 2, -1, 1)
        # Stamina: the class's 21 + 9 a level after the first, the kit's 9 x echelon 2.
        assert (corvin.max_stamina, corvin.max_recoveries) == (21 + 9 * 4 + 9 * 2, 10)
        # Renown: the state's 2 + Local Hero's 1; project points: 100 + the career's 240.
        assert (corvin.xp, corvin.victories, corvin.renown, corvin.wealth,
                corvin.project_points) == (70, 3, 3, 2, 340)
        assert set(corvin.skills) == {"Blacksmithing", "Carpentry", "Alchemy"}
        assert corvin.languages[0] == "Caelian" and set(corvin.languages) == {
            "Caelian", "Zaliac", "Khelt"}
        assert list(corvin.titles) == ["Local Hero"]
        assert [t.benefit for t in camp.titles("Corvin")] == ["renown"]
        projects = {p.title: p for p in camp.projects(hero="Corvin")}
        assert (projects["Discover Lore"].points, projects["Discover Lore"].goal) == (20, 45)
        assert projects["Discover Lore"].kind == "research"
        assert projects["Craft a Silver Bell"].status == "complete"
        # Caelian always, even when the file lists no language at all.
        assert list(camp.hero("Ilsa").languages) == ["Caelian"]
        events = camp.ledger.events(kind=IMPORTED)
        assert [e.actor for e in events] == ["Ilsa", "Corvin", "Maren"]
        assert all(len(e.payload["sha256"]) == 64 for e in events)
        assert camp.ledger.verify()


def test_a_round_trip_with_no_changes_gives_the_same_json(demo: Path, tmp_path: Path) -> None:
    assert _run("heroes", "import", demo, MINIMAL, FULL, FUTURE)[0] == 0
    for hero, source in (("Ilsa", MINIMAL), ("Corvin", FULL), ("Maren", FUTURE)):
        out = tmp_path / f"{hero}.ds-hero"
        code, text = _run("heroes", "export", demo, hero, "--to", out)
        assert code == 0, text
        assert json.loads(out.read_text()) == json.loads(source.read_text()), hero
    kept = json.loads((tmp_path / "Maren.ds-hero").read_text())
    assert kept["portraitFrame"] == {"style": "gilded", "hue": 41}
    assert kept["state"]["moraleTrack"] == {"current": 3, "max": 5}
    assert kept["state"]["projects"][0]["progress"]["lastRolled"] == "day 3"
    # ... and the exported file (other bytes, same hero) changes nothing the workbook keeps.
    with BaseCampaign.open(demo) as camp:
        before = camp.hero("Corvin")
    code, out = _run("heroes", "import", demo, tmp_path / "Corvin.ds-hero")
    assert code == 0 and "nothing the workbook keeps changed" in out, out
    with BaseCampaign.open(demo) as camp:
        assert camp.hero("Corvin") == before
        assert not camp.ledger.events(kind=IMPORTED)[-1].ops


def test_the_workbook_numbers_go_back_into_the_state(demo: Path) -> None:
    with BaseCampaign.open(demo) as camp:
        import_heroes(camp, [FULL])
        camp.award_renown("Corvin", 2, reason="saved the mill")
        camp.adjust_hero("Corvin", xp=90, victories=1, wealth=4, reason="a session")
        lore = next(p for p in camp.projects(hero="Corvin") if p.title == "Discover Lore")
        camp.spend_project_points("Corvin", lore.title, 10)
        camp.grant_title("Corvin", "Saved for a Worse Fate")
        data = export_hero(camp, "Corvin")
    state = data["state"]
    assert (state["xp"], state["victories"]) == (90, 1)
    # Forge Steel adds Local Hero's +1 to the state's renown: 3 + 2 = 5 shown, so 4 kept.
    assert state["renown"] == 4
    assert state["wealth"] == 4 + 1  # Saved for a Worse Fate's +1; the file adds none
    assert state["projectPoints"] == 100 - 10  # the career's 240 stays the career's
    assert state["projects"][0]["progress"]["points"] == 30
    assert [t["name"] for t in state["titles"]] == ["Local Hero", "Saved for a Worse Fate"]
    assert state["notes"] == "Owes the Lantern House a favour."


def test_a_reimport_merges_what_the_file_changed_and_keeps_what_the_workbook_did(
        demo: Path, tmp_path: Path) -> None:
    with BaseCampaign.open(demo) as camp:
        import_heroes(camp, [FULL])
        camp.adjust_hero("Corvin", xp=96, reason="respites")
        count = camp.ledger.event_count()
        assert not import_heroes(camp, [FULL]).events  # unchanged file: nothing written
        assert camp.ledger.event_count() == count
    edited = json.loads(FULL.read_text())
    edited["class"]["characteristics"][0]["value"] = 3  # the player raised Might
    edited["state"]["projects"][0]["progress"]["points"] = 33
    newer = tmp_path / "corvin-2.ds-hero"
    newer.write_text(json.dumps(edited))
    code, out = _run("heroes", "import", demo, newer, "--dry-run")
    assert code == 0 and "might: 2 → 3" in out and "kept: xp: the ledger's 96" in out
    assert "Would import" in out
    with BaseCampaign.open(demo) as camp:
        assert camp.hero("Corvin").might == 2  # a dry run writes nothing
        happened = import_heroes(camp, [newer])
        assert len(happened.events) == 1
        corvin = camp.hero("Corvin")
        assert (corvin.might, corvin.xp) == (3, 96)
        lore = next(p for p in camp.projects(hero="Corvin") if p.title == "Discover Lore")
        assert lore.points == 33


def _bad(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _edited(**change: object) -> str:
    data = json.loads(MINIMAL.read_text())
    for dotted, value in change.items():
        *parents, last = dotted.split("__")
        obj = data
        for key in parents:
            obj = obj[key]
        obj[last] = value
    return json.dumps(data)


BAD = {
    "truncated": (MINIMAL.read_text()[:700], "JSON breaks at line"),
    "wrong-level": (_edited(**{"class__level": "five"}), "class.level: must be a whole number"),
    "wrong-xp": (_edited(state__xp=[1]), "state.xp: must be a whole number"),
    "no-class": (_edited(**{"class": None}), "class: Ilsa has no class yet"),
    "not-json": ("name: The Dungeon\nsystem: dungeon-world\n", "JSON breaks"),
    "unknown-language": (_edited(features=[{"id": "x", "name": "x", "type": "Language",
                                            "data": {"language": "Klingon"}}]),
                         "languages: 'Klingon' is not a language"),
    "unknown-career": (_edited(career={"id": "c", "name": "Astronaut", "features": []}),
                       "career.name: unknown career"),
    "list": ("[1, 2]", "the top level must be a Forge Steel hero"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_file_is_one_clear_line_and_nothing_is_written(
        demo: Path, tmp_path: Path, case: str) -> None:
    text, expected = BAD[case]
    bad = _bad(tmp_path, f"{case}.ds-hero", text)
    before = ledger_fingerprint(demo / "ledger.db")
    code, out = _run("heroes", "import", demo, FULL, bad)  # the good one is not written
    assert code == 1
    assert out.startswith("Error: ") and len(out.strip().splitlines()) == 1, out
    assert expected in out and str(bad) in out, out
    assert "Traceback" not in out and "ForgeHero" not in out
    assert ledger_fingerprint(demo / "ledger.db") == before


def test_a_dungeon_world_campaign_refuses_heroes_from_forge_steel(tmp_path: Path) -> None:
    folder = _campaign(tmp_path, "dungeon-world-demo")
    before = ledger_fingerprint(folder / "ledger.db")
    code, out = _run("heroes", "import", folder, MINIMAL)
    assert code == 1 and "Dungeon World" in out and len(out.strip().splitlines()) == 1, out
    assert ledger_fingerprint(folder / "ledger.db") == before


def test_export_never_clobbers(demo: Path, tmp_path: Path) -> None:
    # A hero never imported goes out too (tests/systems/draw_steel/test_forge_steel_new_hero.py).
    assert _run("heroes", "export", demo, "Val", "--to", tmp_path / "val.ds-hero")[0] == 0
    assert _run("heroes", "import", demo, MINIMAL)[0] == 0
    taken = _bad(tmp_path, "taken.ds-hero", "keep me")
    code, out = _run("heroes", "export", demo, "Ilsa", "--to", taken)
    assert code == 1 and "--force" in out and taken.read_text() == "keep me"
    assert "choose another --to" in out and "--out" not in out  # the option it has
    assert "--out" not in _run("heroes", "export", "--help")[1]
    assert _run("heroes", "export", demo, "Ilsa", "--to", taken, "--force")[0] == 0


def test_an_undone_import_is_gone_from_the_export(demo: Path) -> None:
    with BaseCampaign.open(demo) as camp:
        first = import_heroes(camp, [MINIMAL]).events[0]
        edited = json.loads(MINIMAL.read_text())
        edited["state"]["victories"] = 2
        second = import_heroes(camp, [("ilsa.ds-hero", json.dumps(edited).encode())])
        assert camp.hero("Ilsa").victories == 2
        camp.undo(second.events[0].id)
        assert camp.hero("Ilsa").victories == 0
        assert export_hero(camp, "Ilsa")["state"]["victories"] == 0
        assert first.id < second.events[0].id
        with pytest.raises(DrawSteelKitError, match="at least one"):
            import_heroes(camp, [])


def test_a_file_of_a_hero_from_campaign_yaml_updates_that_hero(demo: Path) -> None:
    data = json.loads(FULL.read_text())
    data["name"] = "val"  # any spelling finds the hero
    with BaseCampaign.open(demo) as camp:
        happened = import_heroes(camp, [("val.ds-hero", json.dumps(data).encode())])
        assert [e.actor for e in happened.events] == ["Val"]
        plan = happened.details["plans"]["val"]
        assert not plan["new"] and "class: Elementalist → Fury" in plan["changes"]
        val = camp.hero("Val")
        assert (val.hero_class, val.level, val.player) == ("Fury", 5, "Ines")  # player kept
        assert val.stamina <= val.max_stamina
        assert camp.ledger.verify()


def test_undoing_a_new_heros_import_takes_the_hero_and_their_rows_away(demo: Path) -> None:
    with BaseCampaign.open(demo) as camp:
        heroes = set(camp.heroes)
        event = import_heroes(camp, [FULL]).events[0]
        camp.undo(event.id)
        assert set(camp.heroes) == heroes
        assert not [p for p in camp.projects() if p.hero == "Corvin"]
        assert camp.ledger.verify()


def test_the_fixtures_round_trip_through_the_built_demo(tmp_path: Path) -> None:
    """The demo as `make demo` builds it (sessions, respites, projects, followers played)."""
    from drawsteel_kit.systems.draw_steel.demo import build_demo

    folder = tmp_path / "built" / "demo"
    folder.mkdir(parents=True)
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder)
    shutil.copytree(REPO / "campaigns" / "demo" / "plans", folder / "plans")
    build_demo(folder, echo=False).close()
    assert _run("heroes", "import", folder, MINIMAL, FULL, FUTURE)[0] == 0
    for hero, source in (("Ilsa", MINIMAL), ("Corvin", FULL), ("Maren", FUTURE)):
        out = tmp_path / f"{hero}.ds-hero"
        assert _run("heroes", "export", folder, hero, "--to", out)[0] == 0
        assert json.loads(out.read_text()) == json.loads(source.read_text()), hero
    with BaseCampaign.open(folder) as camp:
        assert camp.ledger.verify()


def test_a_career_granting_other_numbers_than_the_books_is_named(demo: Path) -> None:
    data = json.loads(FULL.read_text())
    data["career"]["features"] = data["career"]["features"][:1]  # no project points bonus
    with BaseCampaign.open(demo) as camp:
        happened = import_heroes(camp, [("corvin.ds-hero", json.dumps(data).encode())])
        kept = happened.details["plans"]["Corvin"]["kept"]
        assert any("gives project points 0, the book's 240" in line for line in kept), kept
        assert camp.hero("Corvin").project_points == 100  # the file's numbers


def test_the_players_copy_holds_no_hero_file(demo: Path) -> None:
    """A hero file is its player's: the import keeps its whole text for the export back, and
    no party page, hero page or party export carries it (notes and all)."""
    from drawsteel_kit.kit.book.party_view import PartyView

    notes = json.loads(FULL.read_text(encoding="utf-8"))["state"]["notes"]
    assert notes and len(notes) > 8
    with BaseCampaign.open(demo) as camp:
        import_heroes(camp, [FULL], dry_run=False)
        assert notes in json.dumps(camp.export(), ensure_ascii=False)
        name = json.loads(FULL.read_text(encoding="utf-8"))["name"]
        for viewer in (None, name, "Val"):
            with PartyView.of(camp, viewer) as view:
                text = json.dumps(view.export(), ensure_ascii=False)
                assert notes not in text, viewer
                assert f"{name} joins the party" in text  # the event itself shows
        assert export_hero(camp, name)["state"]["notes"] == notes  # the export back keeps it
