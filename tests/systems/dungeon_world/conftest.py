"""The Dungeon World demo campaign, fresh for each test (folder and opened)."""

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
    dest = tmp_path / "dw"
    dest.mkdir()
    shutil.copy(DEMO / "campaign.yaml", dest)
    BaseCampaign.init(dest)[0].close()
    return dest


@pytest.fixture
def camp(folder: Path) -> Iterator[Campaign]:
    """That campaign, open; at the end its projections must equal a replay of its history."""
    c = BaseCampaign.open(folder)
    try:
        yield c
        assert c.ledger.verify(), "projections differ from a replay"
    finally:
        c.close()
