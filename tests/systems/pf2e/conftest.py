"""The Pathfinder 2e demo campaign, fresh for each test (folder and opened)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import initialised_demo, opened_and_replayed

from drawsteel_kit.systems.pf2e.campaign import Pf2eCampaign

from .helpers import DEMO


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The demo's campaign.yaml in a folder of its own, initialised."""
    return initialised_demo(tmp_path, DEMO, "pf")


@pytest.fixture
def camp(folder: Path) -> Iterator[Pf2eCampaign]:
    """That campaign, open; at the end its projections must equal a replay of its history."""
    yield from opened_and_replayed(folder)
