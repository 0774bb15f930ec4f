"""The condition sheet's demo campaign, fresh for each test (folder and opened)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import initialised_demo, opened_and_replayed

from drawsteel_kit.systems.condition_sheet.campaign import ConditionSheetCampaign

from .helpers import DEMO


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The demo's campaign.yaml in a folder of its own, initialised."""
    return initialised_demo(tmp_path, DEMO, "cs")


@pytest.fixture
def camp(folder: Path) -> Iterator[ConditionSheetCampaign]:
    """That campaign, open; at the end its projections must equal a replay of its history."""
    yield from opened_and_replayed(folder)
