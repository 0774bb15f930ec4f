"""Shared by the Pathfinder 2e tests: the demo's campaign.yaml."""

from __future__ import annotations

from pathlib import Path

DEMO = Path("campaigns/pf2e-demo/campaign.yaml")
