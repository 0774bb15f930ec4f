"""Heroes written in campaign.yaml (never imported) out to Forge Steel: a new Forge Steel hero
with the sheet chosen and the workbook's numbers in its state, that the importer takes back
with the same numbers; what the book does not name is left unchosen and said."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from cli_helpers import exit_and_output as _run
from conftest import FIXTURES_DIR, REPO, ledger_fingerprint

from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.forge_steel import read_hero_file

FIXTURES = FIXTURES_DIR / "forge_steel"
sys.path.insert(0, str(FIXTURES))
import make_fixtures  # noqa: E402  (Forge Steel's model, as the fixtures are written from it)

DEMO_HEROES = ("Val", "Bran Ironvein", "Yorn", "Pip Thistledown", "Quillon Ashmark")
KEPT = ("ancestry", "hero_class", "career", "level", "xp", "victories", "might", "agility",
        "reason", "intuition", "presence", "max_stamina", "max_recoveries", "renown",
        "wealth", "project_points")


def _campaign(tmp_path: Path, name: str, text: str | None = None) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    source = REPO / "campaigns" / "demo" / "campaign.yaml"
    (folder / "campaign.yaml").write_text(text or source.read_text(encoding="utf-8"),
                                          encoding="utf-8")
    Campaign.init(folder)[0].close()
    return folder


def _played(tmp_path: Path) -> Path:
    """The demo after some play: victories, a respite, a project, a title, damage taken."""
    folder = _campaign(tmp_path, "demo")
    with Campaign.open(folder) as camp:
        camp.start_session()
        camp.award_victories(3, ["Val", "Yorn"], reason="the mill")
        camp.end_session()
        camp.take_respite()
        camp.start_project("Bran Ironvein", "Discover Lore", params={"kind": "common"})
        camp.award_renown("Pip Thistledown", 2, reason="the heist")
        camp.adjust_hero("Yorn", stamina=7, recoveries=4, victories=2, reason="a fight")
    return folder


def test_every_hero_of_campaign_yaml_goes_to_forge_steel_and_back(tmp_path: Path) -> None:
    played = _played(tmp_path)
    files = []
    for hero in DEMO_HEROES:
        out = tmp_path / f"{hero}.ds-hero"
        code, text = _run("heroes", "export", played, hero, "--to", out)
        assert code == 0, text
        assert "never came from Forge Steel: choose the culture" in text
        files.append(out)
    other = _campaign(tmp_path, "other", (REPO / "templates" / "campaign" / "campaign.yaml")
                      .read_text(encoding="utf-8").replace('"{{ name }}"', "Other"))
    code, text = _run("heroes", "import", other, *files)
    assert code == 0 and "Imported 5 heroes" in text, text
    with Campaign.open(played) as a, Campaign.open(other) as b:
        for hero in DEMO_HEROES:
            mine, theirs = a.hero(hero), b.hero(hero)
            assert {k: getattr(theirs, k) for k in KEPT} == {
                k: getattr(mine, k) for k in KEPT}, hero
            assert set(theirs.skills) == set(mine.skills), hero
            assert set(theirs.languages) == set(mine.languages), hero
            assert list(theirs.titles) == list(mine.titles), hero
            assert [(p.title, p.goal, p.points) for p in b.projects(hero=hero)] == [
                (p.title, p.goal, p.points) for p in a.projects(hero=hero)], hero
        assert a.hero("Yorn").victories == 2 and b.hero("Bran Ironvein").project_points >= 0
    yorn = json.loads((tmp_path / "Yorn.ds-hero").read_text(encoding="utf-8"))
    with Campaign.open(played) as camp:
        full = camp.hero("Yorn")
    assert yorn["state"]["staminaDamage"] == full.max_stamina - 7
    assert yorn["state"]["recoveriesUsed"] == full.max_recoveries - 4


def test_the_file_is_forge_steels_hero_and_passes_the_importers_checks(tmp_path: Path) -> None:
    folder = _campaign(tmp_path, "demo")
    out = tmp_path / "val.ds-hero"
    assert _run("heroes", "export", folder, "Val", "--to", out)[0] == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    model = make_fixtures.hero("x", "x")
    assert set(data) == set(model)  # createHero's fields
    assert set(data["state"]) == set(make_fixtures.state())  # createHeroState's
    assert set(data["class"]) == set(make_fixtures.MINIMAL["class"])
    assert set(data["ancestry"]) == set(make_fixtures.MINIMAL["ancestry"])
    # Forge Steel's ids: it swaps in its own class, ancestry and career data by id.
    assert (data["class"]["id"], data["ancestry"]["id"], data["career"]["id"]) == (
        "class-elementalist", "ancestry-high-elf", "career-sage")
    assert data["ancestry"]["name"] == "Elf (high)" and data["class"]["level"] == 2
    assert data["class"]["featuresByLevel"][0]["level"] == 1  # Forge Steel reads [0]
    hero = read_hero_file(out)
    assert (hero.ancestry, hero.hero_class, hero.career) == ("High Elf", "Elementalist", "Sage")


def test_a_class_the_book_does_not_have_is_left_unchosen_and_said(tmp_path: Path) -> None:
    text = (REPO / "campaigns" / "demo" / "campaign.yaml").read_text(encoding="utf-8")
    text = text.replace("class: Elementalist", "class: Beastheart", 1)
    text = text.replace("ancestry: High Elf", "ancestry: Goblin", 1)
    text += "\ncustom:\n  classes: [Beastheart]\n  ancestries: [Goblin]\n"
    folder = _campaign(tmp_path, "homebrew", text)
    out = tmp_path / "val.ds-hero"
    code, said = _run("heroes", "export", folder, "Val", "--to", out)
    assert code == 0, said
    assert "class: 'Beastheart' is not one of the book's nine, so it is left unchosen" in said
    assert "ancestry: 'Goblin' is not one of the book's twelve" in said
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["class"] is None and data["ancestry"] is None
    assert data["career"]["id"] == "career-sage" and data["state"]["xp"] == 22  # the sheet's XP


def test_export_of_a_campaign_yaml_hero_never_clobbers(tmp_path: Path) -> None:
    folder = _campaign(tmp_path, "demo")
    before = ledger_fingerprint(folder / "ledger.db")
    taken = tmp_path / "taken.ds-hero"
    taken.write_text("keep me", encoding="utf-8")
    code, out = _run("heroes", "export", folder, "Val", "--to", taken)
    assert code == 1 and "--force" in out and taken.read_text(encoding="utf-8") == "keep me"
    yaml_text = (folder / "campaign.yaml").read_bytes()
    code, out = _run("heroes", "export", folder, "Val", "--to", folder / "campaign.yaml",
                     "--force")
    assert code == 1 and (folder / "campaign.yaml").read_bytes() == yaml_text
    assert len(out.strip().splitlines()) == 1, out
    assert ledger_fingerprint(folder / "ledger.db") == before


@pytest.mark.parametrize("name", ["The Iron Saints"])
def test_the_readme_export_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           name: str) -> None:
    monkeypatch.chdir(tmp_path)
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "heroes export ... --to Aster.ds-hero" in readme
    assert _run("new", name)[0] == 0
    assert _run("init", "campaigns/the-iron-saints")[0] == 0
    code, out = _run("heroes", "export", "campaigns/the-iron-saints", "Aster", "--to",
                     "Aster.ds-hero")
    assert code == 0 and "Wrote Aster.ds-hero" in out, out
    code, out = _run("heroes", "import", "campaigns/the-iron-saints", "Aster.ds-hero")
    assert code == 0 and "nothing the workbook keeps changed" in out, out


def test_a_hero_with_no_class_yet_goes_out_with_none_chosen(tmp_path: Path) -> None:
    text = (REPO / "campaigns" / "demo" / "campaign.yaml").read_text(encoding="utf-8")
    text = text.replace("class: Elementalist", 'class: ""', 1)
    folder = _campaign(tmp_path, "unchosen", text)
    out = tmp_path / "val.ds-hero"
    code, said = _run("heroes", "export", folder, "Val", "--to", out)
    assert code == 0 and "class: none is set, so it is left unchosen: choose it in Forge " \
        "Steel, at level 2" in said, said
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["class"] is None and data["ancestry"]["id"] == "ancestry-high-elf"
    # Forge Steel's own refusal of a hero with no class, as the importer words it:
    code, said = _run("heroes", "import", folder, out)
    assert code == 1 and "Val has no class yet: choose one in Forge Steel" in said, said
