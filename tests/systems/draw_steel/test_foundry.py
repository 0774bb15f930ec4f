"""Heroes in from Foundry VTT's Draw Steel system and back out: the fixtures into the demo
campaign, the round trip (the same bytes back when the workbook changed nothing), victories in
from the table and XP out after a respite, a party of three through a respite and a project
roll, and the workbook's projects, titles and treasures written as items."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from cli_helpers import exit_and_output as _run
from conftest import FIXTURES_DIR, ledger_fingerprint

from drawsteel_kit.systems.draw_steel.activities import ProjectRoll, StartProject
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.forge_steel import IMPORTED
from drawsteel_kit.systems.draw_steel.foundry import export_foundry

FIXTURES = FIXTURES_DIR / "foundry"
ASTER = FIXTURES / "aster-level-1.json"
BRANNOC = FIXTURES / "brannoc-level-5.json"
CETO = FIXTURES / "ceto-level-2.json"
PARTY = (ASTER, BRANNOC, CETO)


def _doc(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _write(path: Path, doc: dict[str, Any]) -> Path:
    path.write_text(json.dumps(doc, indent=2, ensure_ascii=False), encoding="utf-8")
    return path


def test_the_party_comes_into_the_demo_with_what_the_workbook_keeps(demo: Path) -> None:
    code, out = _run("heroes", "import", demo, *PARTY)
    assert code == 0, out
    assert "Imported 3 heroes from Foundry" in out
    assert "joins the party: Dwarf Fury, level 5 (Draw Steel 1.0.0)" in out
    assert "A Plan Not Yet Made: has no goal in Foundry yet" in out
    with Campaign.open(demo) as camp:
        b = camp.hero("Brannoc Deepdelve")
        assert (b.ancestry, b.hero_class, b.career, b.level) == ("Dwarf", "Fury", "Artisan", 5)
        assert (b.might, b.agility, b.reason, b.intuition, b.presence) == (2, 2, -1, 0, 1)
        # the class's 21, 9 a level after the first, the Panther kit's 9 x echelon 2
        assert (b.max_stamina, b.stamina, b.max_recoveries, b.recoveries) == (75, 58, 10, 7)
        assert (b.xp, b.victories, b.renown, b.wealth) == (70, 5, 3, 2)
        # the actor's skills and the career's chosen ones (kept in the item's flags)
        assert set(b.skills) == {"Blacksmithing", "Criminal Underworld", "Carpentry", "Alchemy"}
        assert list(b.languages) == ["Caelian", "Zaliac", "Khelt"]
        assert list(b.titles) == ["Local Hero"]
        projects = {p.title: p for p in camp.projects(hero="Brannoc Deepdelve")}
        # Aster's Discover Lore came first: project titles are the party's, one of a name
        lore = projects["Discover Lore (2)"]
        assert (lore.template, lore.points, lore.goal) == ("Discover Lore", 20, 45)
        assert projects["Craft a Silver Bell"].status == "complete"
        assert "A Plan Not Yet Made" not in projects
        assert "First Language" in camp.hero("Aster Vell").languages
        events = camp.ledger.events(kind=IMPORTED)
        assert [e.actor for e in events] == ["Aster Vell", "Brannoc Deepdelve", "Ceto Marrow"]
        assert all(e.payload["format"] == "foundry" and len(e.payload["sha256"]) == 64
                   for e in events)
        assert camp.ledger.verify()


def test_the_round_trip_gives_the_same_bytes_back(demo: Path, tmp_path: Path) -> None:
    assert _run("heroes", "import", demo, FIXTURES)[0] == 0  # the folder: all three at once
    for fixture in PARTY:
        out = tmp_path / fixture.name
        code, text = _run("heroes", "export", demo, _doc(fixture)["name"], "--to", out)
        assert code == 0 and "Import Data" in text, text
        assert out.read_bytes() == fixture.read_bytes(), fixture.name


def test_an_unchanged_export_writes_nothing(demo: Path) -> None:
    _run("heroes", "import", demo, *PARTY)
    with Campaign.open(demo) as camp:
        before = ledger_fingerprint(camp.ledger.path)
    code, out = _run("heroes", "import", demo, *PARTY)
    assert code == 0 and "Nothing to import" in out, out
    with Campaign.open(demo) as camp:
        assert ledger_fingerprint(camp.ledger.path) == before


def test_victories_come_in_from_the_table_and_xp_goes_out_after_a_respite(
        demo: Path, tmp_path: Path) -> None:
    _run("heroes", "import", demo, BRANNOC)
    doc = _doc(BRANNOC)
    doc["system"]["hero"]["victories"] = 8  # the Director awarded 3 at the table
    doc["system"]["stamina"]["value"] = 31
    after_game = _write(tmp_path / "brannoc.json", doc)
    code, out = _run("heroes", "import", demo, after_game, "--dry-run")
    assert code == 0 and "victories: 5 → 8" in out and "stamina: 58 → 31" in out, out
    assert _run("heroes", "import", demo, after_game)[0] == 0
    with Campaign.open(demo) as camp:
        assert camp.hero("Brannoc Deepdelve").victories == 8
        camp.take_respite(["Brannoc Deepdelve"])
    out_file = tmp_path / "back.json"
    assert _run("heroes", "export", demo, "Brannoc Deepdelve", "--to", out_file)[0] == 0
    back = _doc(out_file)
    assert back["system"]["hero"]["xp"] == 78 and back["system"]["hero"]["victories"] == 0
    assert back["system"]["stamina"]["value"] == 75
    assert back["system"]["recoveries"]["value"] == 10
    doc["system"]["hero"].update(xp=78, victories=0)
    doc["system"]["stamina"]["value"], doc["system"]["recoveries"]["value"] = 75, 10
    assert back == doc  # nothing else moved


def _differences(a: Any, b: Any, path: str = "") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        keys = list(dict.fromkeys([*a, *b]))
        return [d for k in keys for d in _differences(a.get(k), b.get(k), f"{path}.{k}")]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b, strict=True))
                for d in _differences(x, y, f"{path}[{i}]")]
    return [] if a == b else [path]


def test_a_party_of_three_goes_in_rests_rolls_and_comes_out_with_only_our_numbers(
        demo: Path, tmp_path: Path) -> None:
    exports = tmp_path / "exports"
    exports.mkdir()
    for f in PARTY:
        shutil.copy(f, exports / f.name)
    assert _run("heroes", "import", demo, exports)[0] == 0
    with Campaign.open(demo) as camp:
        camp.take_respite(["Aster Vell", "Brannoc Deepdelve", "Ceto Marrow"],
                          activities={"Ceto Marrow": ProjectRoll("Learn New Language")},
                          seed=7)
        rolled = camp.project("Learn New Language").points
    assert rolled > 40
    back = tmp_path / "back"
    back.mkdir()
    for f in PARTY:
        code, out = _run("heroes", "export", demo, _doc(f)["name"], "--to", back / f.name)
        assert code == 0, out
    owned = {".system.hero.xp", ".system.hero.victories", ".system.stamina.value",
             ".system.recoveries.value"}
    for f in PARTY:
        diff = _differences(_doc(f), _doc(back / f.name))
        projects = {d for d in diff if d.startswith(".items[") and d.endswith(".system.points")}
        assert set(diff) - projects <= owned, (f.name, diff)
        assert {".system.hero.victories"} <= set(diff)  # victories became XP: 0 now
    ceto = _doc(back / CETO.name)
    assert ceto["system"]["hero"]["xp"] == 22
    assert [i["system"]["points"] for i in ceto["items"] if i["type"] == "project"] == [rolled]


def test_what_starts_or_is_gained_here_becomes_items_foundry_shows(demo: Path) -> None:
    _run("heroes", "import", demo, ASTER)
    with Campaign.open(demo) as camp:
        camp.take_respite(["Aster Vell"], starts=[StartProject(
            "Aster Vell", "Learn New Language", learns="Khelt")])
        camp.add_item("Healing Potion", holder="Aster Vell")
        camp.add_item("Color Cloak (Blue)", holder="Aster Vell")
        doc = export_foundry(camp, "Aster Vell")
        started = camp.projects(hero="Aster Vell")[-1]
    items = {i["name"]: i for i in doc["items"]}
    project = items[started.title]
    assert project["type"] == "project" and project["_id"] == f"dskproj{started.id:09d}"
    assert project["system"]["goal"] == 120 and project["system"]["projectSource"]
    assert project["system"]["rollCharacteristic"] == ["reason", "intuition"]
    cloak = items["Color Cloak (Blue)"]
    assert cloak["type"] == "treasure" and cloak["system"]["category"] == "trinket"
    # the potion was already on the sheet: not added twice
    assert [i["name"] for i in doc["items"]].count("Healing Potion") == 1
    assert project["_stats"]["systemVersion"] == "0.11.1"


def test_an_exported_file_comes_back_in_without_a_second_project(demo: Path,
                                                                tmp_path: Path) -> None:
    _run("heroes", "import", demo, ASTER)
    with Campaign.open(demo) as camp:
        camp.take_respite(["Aster Vell"], starts=[StartProject(
            "Aster Vell", "Learn New Language", learns="Khelt")])
        count = len(camp.projects(hero="Aster Vell"))
    out = tmp_path / "aster.json"
    assert _run("heroes", "export", demo, "Aster Vell", "--to", out)[0] == 0
    doc = _doc(out)
    for item in doc["items"]:
        if item["type"] == "project" and item["_id"].startswith("dskproj"):
            item["system"]["points"] = 15  # worked on at the table
    _write(out, doc)
    code, text = _run("heroes", "import", demo, out)
    assert code == 0 and "project " in text and "→ 15/120" in text, text
    with Campaign.open(demo) as camp:
        assert len(camp.projects(hero="Aster Vell")) == count


def test_export_never_overwrites_without_force_nor_a_campaign_file(demo: Path,
                                                                   tmp_path: Path) -> None:
    _run("heroes", "import", demo, ASTER)
    out = tmp_path / "aster.json"
    out.write_text("mine")
    code, text = _run("heroes", "export", demo, "Aster Vell", "--to", out)
    assert code != 0 and "--force" in text and out.read_text() == "mine"
    assert _run("heroes", "export", demo, "Aster Vell", "--to", out, "--force")[0] == 0
    code, text = _run("heroes", "export", demo, "Aster Vell", "--to",
                      demo / "campaign.yaml", "--force")
    assert code != 0 and len(text.strip().splitlines()) == 1, text
    code, text = _run("heroes", "export", demo, "Val", "--to", tmp_path / "val.json",
                      "--format", "foundry")
    assert code != 0 and "never imported from Foundry" in text
    assert len(text.strip().splitlines()) == 1, text


def test_a_hero_from_foundry_goes_to_forge_steel_as_a_new_hero(demo: Path,
                                                               tmp_path: Path) -> None:
    """A hero who came from Foundry has no .ds-hero to fill: --format forge-steel writes a
    new Forge Steel hero with the workbook's numbers (it was a KeyError on 'state'), and a
    Forge Steel import after it reads the file, not the Foundry export, as its base."""
    _run("heroes", "import", demo, ASTER)
    out = tmp_path / "a.ds-hero"
    code, text = _run("heroes", "export", demo, "Aster Vell", "--to", out,
                      "--format", "forge-steel")
    assert code == 0 and "Forge Steel" in text, text
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["name"] == "Aster Vell" and "state" in data
    code, text = _run("heroes", "import", demo, out, "--dry-run")
    assert code == 0 and "Traceback" not in text, text
