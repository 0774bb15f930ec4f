"""The Pathfinder 2e demo campaign, fresh for each test (folder and opened)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from drawsteel_kit.kit.book.campaign import BaseCampaign
from drawsteel_kit.systems.draw_steel.campaign import Campaign

from .helpers import DEMO


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The demo's campaign.yaml in a folder of its own, initialised."""
    dest = tmp_path / "pf"
    dest.mkdir()
    shutil.copy(DEMO, dest / "campaign.yaml")
    BaseCampaign.init(dest)[0].close()
    return dest


@pytest.fixture
def camp(folder: Path) -> Iterator[Campaign]:
    """That campaign, open; at the end its projections must equal a replay of its history."""
    c = BaseCampaign.open(folder)
    yield c
    assert c.ledger.verify()
    c.close()
