"""Names that are what they look like (issue 15, point 7).

Every name (a hero, a follower, an NPC, another system's character or foe) is NFC-normalised
and refuses control characters, line separators and invisible formatting characters (bidi
overrides, zero-width ones), in campaign.yaml and at the command line, with one line and
nothing written; two names equal after NFC + case folding are one name. Skills, languages
and titles are the book's or declared under campaign.yaml's ``custom:``, else the closest
match is named.
"""

from __future__ import annotations

import shutil
import unicodedata
from pathlib import Path
from typing import Any

import pytest
import yaml
from cli_helpers import run
from conftest import (
    HEROES,
    REPO,
    campaign_data,
    examples,
    ledger_fingerprint,
    refused,
    write_campaign,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.book.init_report import applied_changes
from drawsteel_kit.kit.campaign_file import load_campaign_file
from drawsteel_kit.kit.errors import CampaignFileError, DrawSteelKitError, RulesError
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.kit.limits import first_control, name_key
from drawsteel_kit.systems.draw_steel.catalog.book_names import NotInBook, book_names, in_book

#: One example of each class a name refuses, named as the issue names them.
FORBIDDEN = {
    "right-to-left override": "\u202e", "left-to-right embedding": "\u202a",
    "first strong isolate": "\u2068", "pop directional isolate": "\u2069",
    "zero-width space": "\u200b", "zero-width non-joiner": "\u200c",
    "zero-width joiner": "\u200d", "word joiner": "\u2060", "byte order mark": "\ufeff",
    "soft hyphen": "\u00ad", "bell": "\x07", "escape": "\x1b", "delete": "\x7f",
    "line separator": "\u2028", "paragraph separator": "\u2029", "next line": "\x85",
}
#: Any character of the refused classes (lone surrogates have tests of their own).
forbidden = st.characters(categories=["Cc", "Cf", "Zl", "Zp"])
#: Where in a name the character hides.
names_with = st.tuples(st.sampled_from(["Va", "Zo", "Bran "]), forbidden,
                       st.sampled_from(["l", "ë", " Ironvein"])).map("".join)
SETTINGS = settings(max_examples=examples(40), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


def test_every_class_is_refused_by_the_shared_check() -> None:
    for what, ch in FORBIDDEN.items():
        assert first_control(f"Va{ch}l", lines=False) == ch, what
    for fine in ("Val", "Zoë", "Ælfwyn 🐉", "שירה", "龍之介", "Mx. O'Neil-Ngũgĩ"):
        assert first_control(fine, lines=False) is None


def test_names_are_one_name_after_nfc_and_case_folding() -> None:
    assert name_key("Zoe\u0301") == name_key("ZOÉ") == name_key("zoé")
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("Val") != name_key("Vall")


# --- campaign.yaml --------------------------------------------------------------------------


def _refused_file(folder: Path, data: dict[str, Any]) -> str:
    """campaign.yaml with ``data`` is refused in one line and no ledger is made. Written with
    every non-ASCII character escaped, so that YAML reads back exactly what was given (a raw
    U+0085 would be read as a line break)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "campaign.yaml").write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")
    with pytest.raises(CampaignFileError) as info:
        BaseCampaign.init(folder)
    assert sorted(p.name for p in folder.iterdir()) == ["campaign.yaml"]
    message = str(info.value)
    assert len(message.splitlines()) == 1, message
    assert "Traceback" not in message
    return message


@SETTINGS
@given(name=names_with)
def test_a_hero_name_with_a_forbidden_character_is_refused(tmp_path: Path, name: str) -> None:
    folder = tmp_path / "c"
    shutil.rmtree(folder, ignore_errors=True)
    heroes = [{**HEROES[0], "name": name}, *HEROES[1:]]
    message = _refused_file(folder, campaign_data(heroes=heroes))
    bad = first_control(name, lines=False)
    assert "heroes[0]" in message and "name:" in message
    assert f"U+{ord(bad):04X}" in message
    assert bad not in message  # quoted, never pasted back in


@pytest.mark.parametrize("what", sorted(FORBIDDEN))
@pytest.mark.parametrize("demo, section", [("pf2e-demo", "characters"),
                                           ("dungeon-world-demo", "characters"),
                                           ("condition-sheet-demo", "characters"),
                                           ("condition-sheet-demo", "foes")])
def test_every_system_refuses_such_a_name(tmp_path: Path, demo: str, section: str,
                                          what: str) -> None:
    data = yaml.safe_load((REPO / "campaigns" / demo / "campaign.yaml").read_text("utf-8"))
    data[section][0]["name"] = f"Av{FORBIDDEN[what]}a"
    message = _refused_file(tmp_path / "c", data)
    assert f"{section}[0]" in message and f"U+{ord(FORBIDDEN[what]):04X}" in message


def test_the_message_names_the_character_in_words(tmp_path: Path) -> None:
    heroes = [{**HEROES[0], "name": "Val\u202eniaga"}]
    message = _refused_file(tmp_path / "c", campaign_data(heroes=heroes))
    assert message.endswith(
        "heroes[0] (Val?niaga): name: must be one line without invisible formatting "
        "characters (right-to-left overrides, zero-width spaces), found U+202E "
        "(RIGHT-TO-LEFT OVERRIDE)")


@pytest.mark.parametrize("first, second", [("Zoé", "Zoe\u0301"), ("Val", "vAL"),
                                           ("Straße", "STRASSE"), ("Éowyn", "E\u0301OWYN"),
                                           ("Aster", "\uff21ster")])  # a full-width A
def test_names_equal_after_nfc_and_case_folding_are_refused_naming_both(
        tmp_path: Path, first: str, second: str) -> None:
    heroes = [{**HEROES[0], "name": first}, {**HEROES[1], "name": second}]
    message = _refused_file(tmp_path / "c", campaign_data(heroes=heroes))
    shown = unicodedata.normalize("NFC", second)
    assert f"heroes[1] ({shown}): name: {shown!r} is already the name of heroes[0] ({first})" \
        in message


@pytest.mark.parametrize("name", ["\u0410ster", "Ast\u0435r", "\u0391ster"])  # Cyrillic, Greek
def test_a_name_mixing_look_alike_alphabets_is_refused(tmp_path: Path,
                                                       name: str) -> None:
    """"Аster" with a Cyrillic А is other text that looks like "Aster": refused in
    campaign.yaml and at the command line, in one line, writing nothing."""
    heroes = [HEROES[0], {**HEROES[1], "name": name}]
    assert "look alike: type it in one alphabet" in _refused_file(
        tmp_path / "c", campaign_data(heroes=heroes))


def test_a_project_title_is_a_name_too(tmp_path: Path) -> None:
    camp, _ = BaseCampaign.init(write_campaign(tmp_path / "p", campaign_data()))
    with camp:
        camp.start_project("Val", "Discover Lore", title="Lore", params={"kind": "common"})
        with pytest.raises(RulesError, match="U\\+200B"):
            camp.start_project("Val", "Discover Lore", title="Lo\u200bre",
                               params={"kind": "common"})
        with pytest.raises(RulesError, match="look alike"):
            camp.start_project("Val", "Discover Lore", title="L\u043ere",
                               params={"kind": "common"})
        camp.start_project("Val", "Discover Lore", title="\uff2core",
                           params={"kind": "common"})  # a full-width L: the same title
        titles = [p.title for p in camp.projects()]
        assert len(titles) == 2 and titles[1].endswith("(2)"), titles  # told apart


@pytest.mark.parametrize("demo, section", [("pf2e-demo", "characters"),
                                           ("dungeon-world-demo", "characters")])
def test_other_systems_refuse_nfc_duplicates(tmp_path: Path, demo: str, section: str) -> None:
    data = yaml.safe_load((REPO / "campaigns" / demo / "campaign.yaml").read_text("utf-8"))
    data[section][0]["name"] = "Zoé"
    data[section][1]["name"] = "ZOE\u0301"
    message = _refused_file(tmp_path / "c", data)
    assert f"is already the name of {section}[0] (Zoé)" in message


def test_condition_sheet_foes_and_characters_share_one_list_of_names(tmp_path: Path) -> None:
    path = REPO / "campaigns" / "condition-sheet-demo" / "campaign.yaml"
    data = yaml.safe_load(path.read_text("utf-8"))
    data["foes"][0]["name"] = data["characters"][0]["name"].upper()
    message = _refused_file(tmp_path / "c", data)
    assert "foes[0]" in message and "is already the name of characters[0]" in message


def test_a_name_is_stored_nfc_and_found_however_it_is_typed(tmp_path: Path) -> None:
    heroes = [{**HEROES[0], "name": "Zoe\u0301"}, *HEROES[1:]]
    camp, _ = BaseCampaign.init(write_campaign(tmp_path / "c", campaign_data(heroes=heroes)))
    with camp:
        assert "Zoé" in camp.heroes  # composed
        for typed in ("Zoé", "zoe\u0301", "ZOÉ"):
            assert camp.hero(typed).name == "Zoé"
        camp.add_npc("Mère Gall", level=2)
        assert camp.npc("me\u0300re gall").name == "Mère Gall"
        with refused(camp, RulesError, "already an NPC"):
            camp.add_npc("ME\u0300RE GALL", level=2)


# --- operations and the command line --------------------------------------------------------


@pytest.fixture
def built(tmp_path: Path) -> Path:
    """An initialised campaign with a stronghold, closed (the CLI opens it)."""
    data = campaign_data(heroes=[{**HEROES[0], "renown": 3}, *HEROES[1:]])
    data["stronghold"] = {"name": "The Lantern House"}
    camp, _ = BaseCampaign.init(write_campaign(tmp_path / "built", data))
    camp.close()
    return tmp_path / "built"


def _cli_refused(folder: Path, *args: object) -> str:
    before = ledger_fingerprint(folder / LEDGER_FILE)
    out = run(*args, ok=False).strip()
    assert len(out.splitlines()) == 1, out
    assert ledger_fingerprint(folder / LEDGER_FILE) == before
    return out


@SETTINGS
@given(name=names_with)
def test_the_cli_refuses_such_names_in_one_line_writing_nothing(built: Path, name: str) -> None:
    bad = first_control(name.strip(), lines=False)
    if bad is None:  # only the ends were odd (a name is trimmed): nothing to refuse
        return
    code = f"U+{ord(bad):04X}"
    assert code in _cli_refused(built, "npc", "add", built, name, "--level", "2")
    assert code in _cli_refused(
        built, "followers", "add", built, "Val", name, "--role", "sage", "--ancestry", "Elf",
        "--skill", "History", "--skill", "Magic", "--skill", "Nature", "--skill", "Religion",
        "--language", "Caelian", "--language", "Khelt", "--language", "Zaliac")


def test_a_follower_named_like_another_is_refused(built: Path) -> None:
    sage = ("--role", "sage", "--ancestry", "Elf", "--skill", "History", "--skill", "Magic",
            "--skill", "Nature", "--skill", "Religion", "--language", "Caelian",
            "--language", "Khelt", "--language", "Zaliac")
    run("followers", "add", built, "Val", "Zoé", *sage)
    out = _cli_refused(built, "followers", "add", built, "Bran", "ZOE\u0301", *sage)
    assert "Zoé already follows Val" in out


# --- skills, languages and titles -----------------------------------------------------------


@pytest.mark.parametrize("field, given_, expected", [
    ("skills", ["Magc"], "heroes[0] (Val): skills: 'Magc' is not a skill of the book; did "
     "you mean 'Magic'? (declare the campaign's own under custom.skills)"),
    ("languages", ["Caelian", "Khelty"], "heroes[0] (Val): languages: 'Khelty' is not a "
     "language of the book; did you mean 'Khelt'? (declare the campaign's own under "
     "custom.languages)"),
    ("titles", [{"name": "Nobel", "benefit": "followers"}], "heroes[0] (Val): titles[0]"),
    ("titles", ["Keeper of the Lamp"], "heroes[0] (Val): titles: 'Keeper of the Lamp' is not a "
     "title of the book the workbook lists (`drawsteel-kit titles catalog`) (declare the "
     "campaign's own under custom.titles)"),
])
def test_an_unknown_name_is_refused_with_the_closest_match(tmp_path: Path, field: str,
                                                           given_: list[Any],
                                                           expected: str) -> None:
    heroes = [{**HEROES[0], field: given_}, *HEROES[1:]]
    message = _refused_file(tmp_path / "c", campaign_data(heroes=heroes))
    assert expected in message


def test_declared_names_are_accepted_and_spelled_as_declared(tmp_path: Path) -> None:
    heroes = [{**HEROES[0], "skills": ["magic", "sailing"], "languages": ["caelian", "old tongue"],
               "titles": ["keeper of the lamp"]}, *HEROES[1:]]
    data = campaign_data(heroes=heroes)
    data["custom"] = {"skills": ["Sailing"], "languages": ["Old Tongue"],
                      "titles": ["Keeper of the Lamp"]}
    cf = load_campaign_file(write_campaign(tmp_path / "c", data) / "campaign.yaml")
    val = cf.heroes[0]
    assert (val.skills, val.languages, val.title_names) == (
        ["Magic", "Sailing"], ["Caelian", "Old Tongue"], ["Keeper of the Lamp"])
    camp, _ = BaseCampaign.init(tmp_path / "c")
    with camp:
        assert list(camp.hero("Val").skills) == ["Magic", "Sailing"]
        assert camp.settings["custom"]["skills"] == ["Sailing"]


@pytest.mark.parametrize("custom, expected", [
    ({"skills": ["Magic"]}, "custom.skills: [0] 'Magic' is a skill of the book already"),
    ({"skils": ["Sailing"]}, "custom.skils: unknown field; did you mean 'skills'?"),
    ({"skills": ["Sailing", "sailing"]}, "custom.skills: lists 'sailing' twice"),
    ({"titles": ["Lamp\u200bkeeper"]}, "custom.titles[0]: must be one line without invisible"),
])
def test_the_custom_section_is_checked(tmp_path: Path, custom: dict[str, Any],
                                       expected: str) -> None:
    data = campaign_data()
    data["custom"] = custom
    assert expected in _refused_file(tmp_path / "c", data)


def test_related_languages_and_project_sources_are_checked_too(tmp_path: Path) -> None:
    data = campaign_data(related_languages=[["Zaliac", "Kaliak"]])
    message = _refused_file(tmp_path / "c", data)
    assert "settings.related_languages[0]: 'Kaliak' is not a language of the book; did you " \
           "mean 'Kalliak'?" in message


def test_operations_accept_only_known_or_declared_names(tmp_path: Path) -> None:
    data = campaign_data(heroes=[{**HEROES[0], "renown": 3}, *HEROES[1:]])
    data["stronghold"] = {"name": "The Lantern House"}
    data["custom"] = {"titles": ["Keeper of the Lamp"], "languages": ["Old Tongue"]}
    camp, _ = BaseCampaign.init(write_campaign(tmp_path / "c", data))
    with camp:
        with refused(camp, NotInBook, r"title: 'Nobel' is not a title .*did you mean 'Noble'\?"
                     r".*custom.titles in campaign.yaml, then run `drawsteel-kit init`"):
            camp.grant_title("Yorn", "Nobel")
        camp.grant_title("Yorn", "keeper of the lamp", renown=1)
        assert "Keeper of the Lamp" in camp.hero("Yorn").titles
        with refused(camp, NotInBook, r"learns: 'Khelty' is not a language .*'Khelt'"):
            camp.start_project("Val", "Learn New Language", learns="Khelty")
        camp.start_project("Val", "Learn New Language", learns="old tongue")
        with refused(camp, NotInBook, r"Val: skills: 'Magc' is not a skill .*'Magic'"):
            camp.adjust_hero("Val", reason="typo", skills=["Magc"])
        with refused(camp, NotInBook, r"Oss's skill: 'Hystory' is not a skill .*'History'"):
            camp.add_follower("Val", "Oss", "sage", ancestry="Elf",
                              skills=["Hystory", "Magic", "Nature", "Religion"],
                              languages=["Caelian", "Khelt", "Zaliac"])
        camp.add_follower("Val", "Oss", "sage", ancestry="Elf",
                          skills=["history", "Magic", "Nature", "Religion"],
                          languages=["Caelian", "Khelt", "Old Tongue"])
        assert camp.follower("Oss").skills[0] == "History"


def test_the_cli_names_the_closest_title_in_one_line(built: Path) -> None:
    out = _cli_refused(built, "titles", "grant", built, "Yorn", "Nobel")
    assert "did you mean 'Noble'?" in out and "custom.titles" in out


# --- init's report --------------------------------------------------------------------------


def test_init_reports_a_changed_skills_list_and_every_other_difference(tmp_path: Path) -> None:
    folder = write_campaign(tmp_path / "c", campaign_data())
    BaseCampaign.init(folder)[0].close()
    heroes = [dict(h) for h in HEROES]
    heroes[0]["skills"] = ["Magic", "History"]
    heroes[0]["victories"] = 5
    heroes[1]["languages"] = ["Caelian", "Khelt"]
    heroes[2]["player"] = "Robin"
    heroes[2]["titles"] = [{"name": "Local Hero", "benefit": "token"}]
    data = campaign_data(heroes=heroes, xp_track="fast", recruit_at=["Docks"])
    data["custom"] = {"skills": ["Sailing"]}
    write_campaign(folder, data)
    camp, happened = BaseCampaign.init(folder)
    with camp:
        diffs = happened.details["differences"]
        assert "Val: skills: only campaign.yaml has History (the ledger is kept; use " \
               "`drawsteel-kit adjust` to change it)" in diffs
        assert any(d.startswith("Val: victories: campaign.yaml says 5, the ledger has 0")
                   for d in diffs)
        assert any(d.startswith("Bran: languages: only campaign.yaml has Khelt") for d in diffs)
        assert any(d.startswith("Yorn: player: campaign.yaml says Robin, the ledger has Sam")
                   for d in diffs)
        assert any(d.startswith("Yorn: titles: only campaign.yaml has Local Hero")
                   and "titles grant" in d for d in diffs)
        assert len(diffs) == 5, diffs
        assert happened.details["applied"] == [
            "settings.xp_track: normal → fast", "settings.recruit_at: added Docks",
            "custom.skills: added Sailing"]
        assert list(camp.hero("Val").skills) == ["Magic"]  # the ledger is kept


def test_the_cli_prints_init_s_report(tmp_path: Path) -> None:
    folder = write_campaign(tmp_path / "c", campaign_data())
    run("init", folder)
    heroes = [{**HEROES[0], "skills": []}, *HEROES[1:]]
    write_campaign(folder, campaign_data(heroes=heroes, project_events="roll"))
    out = run("init", folder)
    assert "  applied: settings.project_events: off → roll" in out
    assert "  note: Val: skills: only the ledger has Magic" in out


def test_init_names_the_field_of_another_system_s_sheet(tmp_path: Path) -> None:
    folder = tmp_path / "pf"
    folder.mkdir()
    path = REPO / "campaigns" / "pf2e-demo" / "campaign.yaml"
    data = yaml.safe_load(path.read_text("utf-8"))
    write_campaign(folder, data)
    BaseCampaign.init(folder)[0].close()
    data["characters"][0]["player"] = "Someone Else"
    write_campaign(folder, data)
    camp, happened = BaseCampaign.init(folder)
    with camp:
        [line] = happened.details["differences"]
        assert line.startswith("Ava: player: campaign.yaml says Someone Else, the ledger has")


def test_applied_changes_name_each_setting_in_plain_words() -> None:
    before = {"name": "A", "stronghold": None,
              "settings": {"custom_projects": [{"name": "Tame", "goal": 5}],
                           "wealth_items": {"2": ["ox"]}, "level_rewards": True}}
    after = {"name": "B", "stronghold": {"name": "Keep"},
             "settings": {"custom_projects": [{"name": "Tame", "goal": 9}],
                          "wealth_items": {"2": ["ox", "boat"]}, "level_rewards": False}}
    assert applied_changes(before, after) == [
        "name: A → B", "custom_projects: changed Tame", "wealth_items.2: added boat",
        "settings.level_rewards: true → false", "stronghold: nothing → Keep"]
    assert applied_changes(after, after) == []


def test_a_pf2e_creature_named_like_another_combatant_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "pf"
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "pf2e-demo" / "campaign.yaml", folder)
    camp, _ = BaseCampaign.init(folder)
    with camp:
        camp.pf2e.new_encounter("Ambush")
        camp.pf2e.add_creature(None, "Goblin Boss", 2)
        for twin in ("GOBLIN BOSS", "goblin boss"):
            with refused(camp, DrawSteelKitError, "'Goblin Boss' is already in Ambush"):
                camp.pf2e.add_creature(None, twin, 2)
        with refused(camp, DrawSteelKitError, "U\\+200B"):
            camp.pf2e.add_creature(None, "Gob\u200blin", 2)


def test_init_on_a_dungeon_world_ledger_names_a_changed_player_and_sheet_field(
        tmp_path: Path) -> None:
    folder = tmp_path / "dw"
    folder.mkdir()
    data = yaml.safe_load((REPO / "campaigns" / "dungeon-world-demo" / "campaign.yaml")
                          .read_text("utf-8"))
    write_campaign(folder, data)
    BaseCampaign.init(folder)[0].close()
    first = data["characters"][0]
    old_player = first.get("player", "")
    first["player"] = "Someone Else"
    write_campaign(folder, data)
    camp, happened = BaseCampaign.init(folder)
    with camp:
        assert happened.details["applied"] == [
            f"{first['name']}: player: {old_player or 'nothing'} → Someone Else"]


# --- properties over many names -------------------------------------------------------------

#: Names of letters, some accented, as a Director types them.
plain_names = st.text(st.sampled_from("abcdefghijklmnoprstuvyzéèëöüñåßø"), min_size=2,
                      max_size=10).map(str.title)


def _look_alike(draw: st.DrawFn, name: str) -> str:
    """``name`` with its case changed letter by letter and its accents decomposed or not."""
    flips = draw(st.lists(st.booleans(), min_size=len(name), max_size=len(name)))
    cased = "".join(c.swapcase() if f and c.swapcase().casefold() == c.casefold() else c
                    for c, f in zip(name, flips, strict=True))
    return unicodedata.normalize(draw(st.sampled_from(["NFC", "NFD"])), cased)


@SETTINGS
@given(data=st.data(), name=plain_names)
def test_any_look_alike_of_a_hero_name_is_refused_and_finds_the_hero(
        tmp_path: Path, data: st.DataObject, name: str) -> None:
    twin = _look_alike(data.draw, name)
    folder = tmp_path / "c"
    shutil.rmtree(folder, ignore_errors=True)
    heroes = [{**HEROES[0], "name": name}, {**HEROES[1], "name": twin}]
    message = _refused_file(folder, campaign_data(heroes=heroes))
    assert "heroes[1]" in message and f"is already the name of heroes[0] ({name})" in message
    shutil.rmtree(folder)
    camp, _ = BaseCampaign.init(write_campaign(folder, campaign_data(heroes=heroes[:1])))
    with camp:
        assert camp.hero(twin).name == name


@SETTINGS
@given(skill=st.sampled_from(sorted(book_names("skills"))), data=st.data())
def test_a_misspelt_skill_is_refused_naming_a_close_one(tmp_path: Path, skill: str,
                                                        data: st.DataObject) -> None:
    at = data.draw(st.integers(0, len(skill) - 1))
    typo = skill[:at] + data.draw(st.sampled_from("qxz")) + skill[at + 1:]
    if in_book("skills", typo) is not None:
        return
    folder = tmp_path / "c"
    shutil.rmtree(folder, ignore_errors=True)
    heroes = [{**HEROES[0], "skills": [typo]}]
    message = _refused_file(folder, campaign_data(heroes=heroes))
    assert f"heroes[0] (Val): skills: {typo!r} is not a skill of the book; did you mean " \
           in message and "(declare the campaign's own under custom.skills)" in message
    data_ = campaign_data(heroes=heroes)
    data_["custom"] = {"skills": [typo]}
    shutil.rmtree(folder)
    assert load_campaign_file(write_campaign(folder, data_) / "campaign.yaml"
                              ).heroes[0].skills == [typo]


# --- names as people type them (issue 32, "Names") ----------------------------------------
PARTY = tuple({"name": n, "ancestry": "Human", "level": 1, "max_stamina": 20,
               "max_recoveries": 8}
              for n in ("Korrin Stonefist", "Thessaly Vane", "Korra", "Val"))


def test_a_unique_start_of_a_name_finds_the_hero(tmp_path: Path) -> None:
    folder = write_campaign(tmp_path / "c", campaign_data(heroes=PARTY))
    camp, _ = BaseCampaign.init(folder)
    try:
        assert camp.hero("Thessaly").name == "Thessaly Vane"  # a first name
        assert camp.hero("korrin").name == "Korrin Stonefist"
        assert camp.hero("Korrin  Stone").name == "Korrin Stonefist"  # any start, spaced
        assert camp.hero("Val").name == "Val"  # a whole name wins over a longer one
        with refused(camp, DrawSteelKitError, "'Kor' could be 'Korra' or 'Korrin Stonefist': "
                     "type more of the name"):
            camp.award_victories(1, ["Kor"])
        with refused(camp, DrawSteelKitError, "no hero named 'Th'"):  # too short to guess
            camp.award_victories(1, ["Th"])
        happened = camp.award_victories(2, ["Thessaly"])
        assert camp.hero("Thessaly Vane").victories == 2
        assert happened.events[0].actor == "Thessaly Vane"  # the books keep the whole name
    finally:
        camp.close()


def test_the_command_line_takes_a_first_name(tmp_path: Path) -> None:
    folder = write_campaign(tmp_path / "c", campaign_data(heroes=PARTY))
    run("init", folder)
    assert "Thessaly Vane gains 1 victory" in run("victories", folder, 1, "--hero", "Thessaly",
                                                  "--reason", "the bridge")
    out = run("victories", folder, 1, "--hero", "Kor", "--reason", "x", ok=False)
    assert "'Kor' could be 'Korra' or 'Korrin Stonefist'" in out
