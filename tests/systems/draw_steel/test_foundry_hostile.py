"""Bad Foundry exports: each is refused in one line naming the file, and the ledger stays byte
for byte as it was (deep nesting, 50 MB, wrong types, NaN, a key twice, another system's
actor, an NPC, an item, a data model newer or older than the workbook reads); and any value
anywhere in an export is either taken (and goes back out) or refused the same way."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import FIXTURES_DIR, REPO, examples, ledger_fingerprint
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawsteel_kit.cli import main
from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.foundry import export_foundry, import_foundry
from systems.draw_steel.helpers import value_paths as _paths

FIXTURES = FIXTURES_DIR / "foundry"
BRANNOC = json.loads((FIXTURES / "brannoc-level-5.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile") / "demo"
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder / "campaign.yaml")
    Campaign.init(folder)[0].close()
    return folder


def _changed(**paths: Any) -> bytes:
    doc = json.loads(json.dumps(BRANNOC))
    for dotted, value in paths.items():
        obj = doc
        *parents, last = dotted.split("__")
        for key in parents:
            obj = obj[int(key)] if isinstance(obj, list) else obj[key]
        if isinstance(obj, list):
            obj[int(last)] = value
        else:
            obj[last] = value
    return json.dumps(doc, indent=2).encode()


DEEP = (b'{"name": "Deep", "type": "hero", "system": ' + b"[" * 200_000 + b"]" * 200_000
        + b"}")
BIG = json.dumps({**BRANNOC, "img": "data:image/png;base64," + "A" * (50 * 1024 * 1024)}
                 ).encode()
TWICE = json.dumps(BRANNOC, indent=2).replace('"xp": 70,', '"xp": 70, "xp": 700,', 1).encode()
CASES = {
    "deep nesting": (DEEP, "nested too deeply"),
    "50 MB": (BIG, "larger than 20 MB"),
    "a key twice": (TWICE, "holds 'xp' twice in one object"),
    "NaN": (_changed(system__hero__xp=0).replace(b'"xp": 0', b'"xp": NaN'),
            "system.hero.xp: is NaN"),
    "infinity": (_changed(system__hero__victories=0).replace(b'"victories": 0',
                                                             b'"victories": 1e400'),
                 "system.hero.victories: is 1e400"),
    "xp as text": (_changed(system__hero__xp="lots"), "system.hero.xp: must be a whole number"),
    "system a list": (_changed(system=[]), "system: must be an object"),
    "items an object": (_changed(items={}), "items: must be a list"),
    "level as text": (_changed(items__3__system__level="5"), "items[3].system.level: must be"),
    "level 11": (_changed(items__3__system__level=11), "must be from 1 to 10"),
    "might true": (_changed(system__characteristics__might__value=True),
                   "system.characteristics.might.value: must be a whole number"),
    "a skill of numbers": (_changed(system__skills__value=[1, 2]),
                           "system.skills.value: must be a list of keys"),
    "no class": (json.dumps({**BRANNOC, "items": [i for i in BRANNOC["items"]
                                                  if i["type"] != "class"]}).encode(),
                 "has no class item"),
    "dnd5e": (_changed(_stats__systemId="dnd5e"), "Foundry's dnd5e system, not of Draw Steel"),
    "an npc": (_changed(type="npc"), "is a Draw Steel npc actor, not a hero"),
    "an item": (json.dumps({"name": "Local Hero", "type": "title", "system": {},
                            "_stats": BRANNOC["_stats"]}).encode(),
                "is a Foundry title document, not a hero actor"),
    "newer": (_changed(_stats__systemVersion="1.1.0"), "Draw Steel 1.1.0, newer than"),
    "much newer": (_changed(_stats__systemVersion="2.0.0"), "Draw Steel 2.0.0, newer than"),
    "older": (_changed(_stats__systemVersion="0.10.2"), "Draw Steel 0.10.2, older than"),
    "no version": (_changed(_stats={}), "_stats.systemVersion: is missing"),
    "not text": (b"\xff\xfe\x00{", "is not text"),
    "empty": (b"  \n", "is empty"),
    "cut short": (json.dumps(BRANNOC).encode()[:500], "the file ends there"),
    "a list": (b"[1, 2]", "the top level must be a Foundry actor"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_bad_export_is_refused_in_one_line_and_the_ledger_is_untouched(
        demo: Path, tmp_path: Path, case: str) -> None:
    raw, words = CASES[case]
    bad = tmp_path / "hero.json"
    bad.write_bytes(raw)
    with Campaign.open(demo) as camp:
        before = ledger_fingerprint(camp.ledger.path)
    result = CliRunner().invoke(main, ["heroes", "import", str(demo), str(bad)])
    assert result.exit_code != 0
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and str(bad) in lines[0], result.output
    assert "Traceback" not in result.output
    with Campaign.open(demo) as camp:
        assert ledger_fingerprint(camp.ledger.path) == before


def test_the_versions_a_file_may_come_from_are_named(demo: Path, tmp_path: Path) -> None:
    bad = tmp_path / "hero.json"
    bad.write_bytes(_changed(_stats__systemVersion="1.2.0"))
    result = CliRunner().invoke(main, ["heroes", "import", str(demo), str(bad)])
    assert "0.11.x on Foundry 13 or 1.0.x on Foundry 14" in result.output


def test_one_bad_file_in_the_party_folder_imports_none(demo: Path, tmp_path: Path) -> None:
    folder = tmp_path / "exports"
    folder.mkdir()
    for f in FIXTURES.glob("*.json"):
        shutil.copy(f, folder / f.name)
    (folder / "zz-npc.json").write_bytes(_changed(type="npc", name="Goblin"))
    with Campaign.open(demo) as camp:
        before = ledger_fingerprint(camp.ledger.path)
    result = CliRunner().invoke(main, ["heroes", "import", str(demo), str(folder)])
    assert result.exit_code != 0 and "zz-npc.json" in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    with Campaign.open(demo) as camp:
        assert ledger_fingerprint(camp.ledger.path) == before


def test_foundry_and_forge_steel_files_are_imported_apart(demo: Path) -> None:
    forge = FIXTURES_DIR / "forge_steel" / "minimal.ds-hero"
    result = CliRunner().invoke(main, ["heroes", "import", str(demo),
                                       str(FIXTURES / "ceto-level-2.json"), str(forge)])
    assert result.exit_code != 0 and "each kind with its own" in result.output


ODD = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20),
                st.floats(allow_nan=True), st.text(max_size=8), st.just([]), st.just({}),
                st.just([None]), st.just(["might", "luck"]))


PATHS = [p for p in _paths(BRANNOC) if p and p[0] != "prototypeToken"]


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=st.lists(st.tuples(st.sampled_from(PATHS), ODD), min_size=1, max_size=3))
def test_any_value_anywhere_is_taken_or_refused_in_one_line(
        demo: Path, changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    data = json.loads(json.dumps(BRANNOC))
    for path, value in changes:
        obj = data
        try:
            for key in path[:-1]:
                obj = obj[key]
            obj[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change replaced a parent
    raw = json.dumps(data).encode()
    with Campaign.open(demo) as camp:
        before = ledger_fingerprint(camp.ledger.path)
        try:
            happened = import_foundry(camp, [("odd.json", raw)])
        except DrawSteelKitError as exc:
            text = str(exc)
            assert len(text.splitlines()) == 1 and text.startswith("odd.json"), text
            assert ledger_fingerprint(camp.ledger.path) == before
            return
        try:
            assert camp.ledger.verify()
            for event in happened.events:
                assert isinstance(export_foundry(camp, str(event.actor)), dict)
        finally:
            for event in happened.events:
                camp.undo(event.id)
