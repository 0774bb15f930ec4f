"""Any value anywhere in a Forge Steel hero file: the import takes it, or refuses it in one
line naming the file, with the ledger byte for byte as it was."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES_DIR, REPO, examples, ledger_fingerprint
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drawsteel_kit.kit.errors import DrawSteelKitError
from drawsteel_kit.systems.draw_steel.campaign import Campaign
from drawsteel_kit.systems.draw_steel.forge_steel import export_hero, import_heroes
from systems.draw_steel.helpers import value_paths as _paths

FULL = json.loads((FIXTURES_DIR / "forge_steel" /
                   "full-level-5.ds-hero").read_text())
ODD = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20),
                st.floats(allow_nan=True), st.text(max_size=8), st.just([]), st.just({}),
                st.just([None]), st.just({"type": "Bonus", "data": None}),
                st.just([{"characteristic": "Luck", "value": 1}]))


PATHS = [p for p in _paths(FULL) if p]


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("fuzz") / "demo"
    folder.mkdir()
    shutil.copy(REPO / "campaigns" / "demo" / "campaign.yaml", folder / "campaign.yaml")
    Campaign.init(folder)[0].close()
    return folder


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=st.lists(st.tuples(st.sampled_from(PATHS), ODD), min_size=1, max_size=3))
def test_any_value_anywhere_is_taken_or_refused_in_one_line(
        demo: Path, changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    data = json.loads(json.dumps(FULL))
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
            happened = import_heroes(camp, [("odd.ds-hero", raw)])
        except DrawSteelKitError as exc:
            text = str(exc)
            # the file, and once its name is read, the hero: "odd.ds-hero (Corvin): ..."
            assert len(text.splitlines()) == 1 and text.startswith("odd.ds-hero"), text
            assert ledger_fingerprint(camp.ledger.path) == before
            return
        try:
            assert camp.ledger.verify()
            for event in happened.events:  # and the file goes back out
                assert isinstance(export_hero(camp, str(event.actor)), dict)
        finally:
            for event in happened.events:  # back to the pristine demo
                camp.undo(event.id)
