"""The campaign folder: where a campaign's files are, found from whatever the user typed.

Every system's campaign is a folder holding ``campaign.yaml`` and ``ledger.db``; the command
line, the workbook and each system's book find it the same way.
"""

from __future__ import annotations

from pathlib import Path

from drawsteel_kit.kit.errors import CampaignNotFound
from drawsteel_kit.kit.fields import show
from drawsteel_kit.kit.ledger.connection import LEDGER_FILE

__all__ = ["CAMPAIGN_FILE", "find_campaign_dir"]

CAMPAIGN_FILE = "campaign.yaml"


def find_campaign_dir(where: str | Path) -> Path:
    """Resolve a campaign folder from a folder, its campaign.yaml, its ledger.db, or a slug.

    A bare name that is not a path is looked up as ``campaigns/<name>``.
    """
    try:
        path = Path(where).expanduser()
        if path.is_file() and path.name in (CAMPAIGN_FILE, LEDGER_FILE):
            return path.parent
        if path.is_dir():
            return path
        candidate = Path("campaigns") / str(where)
        if not path.is_absolute() and candidate.is_dir():
            return candidate
    except (OSError, ValueError) as exc:  # a name too long, a NUL: the OS refuses to look
        raise CampaignNotFound(f"{show(str(where))} is not a path this system can open "
                               f"({getattr(exc, 'strerror', None) or exc}): give a campaign "
                               "folder") from None
    raise CampaignNotFound(
        f"no campaign at {str(where)!r}: give a campaign folder (one holding {CAMPAIGN_FILE}), "
        f"or create one with `drawsteel-kit new NAME`"
    )
