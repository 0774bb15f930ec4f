"""The campaign folder: where a campaign's files are, found from whatever the user typed.

Every system's campaign is a folder holding ``campaign.yaml`` and ``ledger.db``; the command
line, the workbook and each system's book find it the same way.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from drawsteel_kit.kit.errors import CampaignNotFound
from drawsteel_kit.kit.ledger.connection import LEDGER_FILE

__all__ = ["CAMPAIGN_FILE", "SLUG_MAX", "find_campaign_dir", "slugify"]

CAMPAIGN_FILE = "campaign.yaml"
#: The longest folder name ``slugify`` makes.
SLUG_MAX = 60


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
    except (OSError, ValueError, RuntimeError) as exc:  # a name too long, a NUL: the OS
        # refuses to look; "~user" of no one, or "~0": no home directory to expand (RuntimeError)
        from drawsteel_kit.kit.fields import show  # pydantic: only when there is an error

        raise CampaignNotFound(f"{show(str(where))} is not a path this system can open "
                               f"({getattr(exc, 'strerror', None) or exc}): give a campaign "
                               "folder") from None
    raise CampaignNotFound(
        f"no campaign at {str(where)!r}: give a campaign folder (one holding {CAMPAIGN_FILE}), "
        f"or create one with `drawsteel-kit new NAME`"
    )


_RESERVED_FOLDER_NAMES = {
    "con",
    "prn",
    "aux",
    "nul",
    *(f"com{i}" for i in range(10)),
    *(f"lpt{i}" for i in range(10)),
}  # Windows refuses these


def slugify(name: str) -> str:
    """A folder name for ``name``: lowercase ASCII words joined by hyphens, never empty."""
    text = re.sub(r"['\u2019]", "", name)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    slug = re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:SLUG_MAX].strip("-")
    if not slug:  # nothing ASCII in the name: keep different names apart with a short hash
        import hashlib  # only here: a reading command need not load OpenSSL's hashes

        digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
        slug = f"campaign-{digest}"
    if slug in _RESERVED_FOLDER_NAMES:
        slug += "-campaign"
    return slug
