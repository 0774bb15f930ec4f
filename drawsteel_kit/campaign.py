"""``from drawsteel_kit.campaign import Campaign``: where notebooks, scripts and the docs open a
campaign. Draw Steel's book now lives in :mod:`drawsteel_kit.systems.draw_steel.campaign`; this
name stays, the public door to it."""

from drawsteel_kit.kit.folder import CAMPAIGN_FILE
from drawsteel_kit.systems.draw_steel.campaign import (
    NOT_UNDOABLE,
    Campaign,
    Happened,
    Writer,
    find_campaign_dir,
)

__all__ = ["CAMPAIGN_FILE", "NOT_UNDOABLE", "Campaign", "Happened", "Writer", "find_campaign_dir"]
