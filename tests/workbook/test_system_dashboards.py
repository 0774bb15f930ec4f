"""Each other rule system's demo campaign, published as static HTML: its own player dashboard,
showing only what players may see.

Each demo is built in a temporary folder by the system's own demo builder, and a Director-only
note is added (``SECRET``). The same demos served by `drawsteel-kit serve` (Voila) are loaded
in headless Chromium by test_screenshots.py's player pages test, which checks there that
every member is on the party page, that no page carries the note or the notebook's code, and
that the ledger's bytes do not change while the pages are loaded (one server and one browser
per system for both its screenshots and these checks).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import checkpoint
from workbook_helpers import REPO

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.kit.ledger import LEDGER_FILE
from drawsteel_kit.kit.registry import SYSTEMS
from drawsteel_kit.workbook.publish import INDEX, hero_files, publish

OTHER_SYSTEMS = [s for s in SYSTEMS.values() if not s.default]
SECRET = "The innkeeper is the cult's paymaster"


def demo_folder(played: Any) -> Path:
    return REPO / "campaigns" / f"{played.module.replace('_', '-')}-demo"


def build(played: Any, dest: Path) -> Path:
    """The system's demo campaign, built in ``dest`` by its own builder, a secret added."""
    source = demo_folder(played)
    dest.mkdir(parents=True)
    shutil.copy(source / "campaign.yaml", dest)
    if (source / "plans").is_dir():
        shutil.copytree(source / "plans", dest / "plans")
    with played.part("demo").build(dest, echo=False) as camp:
        camp.add_note(SECRET, visibility="director")
    checkpoint(dest / LEDGER_FILE)
    return dest


def test_every_system_has_a_demo_campaign_in_campaigns() -> None:
    for played in OTHER_SYSTEMS:
        text = (demo_folder(played) / "campaign.yaml").read_text(encoding="utf-8")
        assert f"system: {played.key}" in text, played.key


@pytest.mark.parametrize("played", OTHER_SYSTEMS, ids=[s.key for s in OTHER_SYSTEMS])
def test_the_demo_publishes_a_page_per_member_without_the_directors_rows(
        played: Any, tmp_path: Path) -> None:
    folder = build(played, tmp_path / "camp")
    with BaseCampaign.open(folder, readonly=True) as camp:
        assert camp.system.key == played.key
        members = camp.members
        assert members, "the demo has no characters"
        history = camp.history(limit=5)
        written = publish(camp, tmp_path / "site")
        name = camp.party.name
    files = {p.name: p.read_text(encoding="utf-8") for p in written}
    assert set(files) == {INDEX, *hero_files(members).values()}
    index = files[INDEX]
    assert name in index.replace("&#39;", "'")
    for member, file in hero_files(members).items():
        assert f'href="{file}"' in index
        assert member in files[file]
    assert any(e.kind != "note_added" for e in history)
    for page in files.values():
        assert SECRET not in page
        assert "plotly" in page  # plotly.js inlined: the page opens from disk
